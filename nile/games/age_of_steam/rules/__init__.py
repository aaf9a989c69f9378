"""The Age of Steam engine (Chile, CCCP and Egypt maps): pure Python, no pygame.

This module is the engine's public face: what a bot (`ai.py`, `ai_hard.py`), the
click-to-move rules (`intent.py`) or a view component may ask. They import the rules
package only through it, plus `rules.actions` (the moves), `rules.events` (what happened)
and `rules.phases` (the names of the phases); tests/test_floors.py holds them to it.
What the face offers, in `__all__`:
- the game: `new_game`, `AgeOfSteamState` (the type to annotate a state with: all its
  data is public, see its docstring), `AgeOfSteamGame` (the class games are made of and
  saves load into: the state with its rules);
- deliveries: `routes`, `goods_waiting`, `accessible`, `source_refusal`, `Route`;
- building: `max_builds`, `build_price`, `simple_price`, `hex_refusal`, `new_tracks`,
  `segment_after`, `track_across`, `unextended`, `tracks_of`, `Segment`, `Track`,
  `NO_OWNER`, `CENTRE`;
- money and score: `bid_payment`, `income_reduction`, `final_score`, `track_tiles`;
- goods growth: `growth_targets`;
- the board and the game's numbers (data, not rules): `load_map`, `MapData`, the hex
  geometry (`centre_xy`, `neighbour_offset`, `offset_to_axial`, `PYRAMID_COVER`),
  `game_config`, `COLOURS`, `DISPLAY_ROWS`, the words for tiles (`tile_words`, `tile_phrase`).

Inside, the rules stand on three floors: data and pure queries at the bottom (`state`,
`config`, `hexes`, `tiles`, `mapdata`, `network`, `maprules`, `scoring`), one module per
phase above (`setup`, `market`, `build`, `move`, `upkeep`), and `dispatch` on top, the only
module that knows every phase.

Rulings of our own, where the rulebooks and RULINGS.md (AS-1 to AS-5) are silent:
- AS-7  Tiles: a build lays one new track; complex tiles come from upgrading a simple one.
        Town pieces: 1- and 3-exit town tiles are pieces of their own; 2- and 4-exit towns
        use one of 8 town discs (data.toml). (tiles.py, build.py)
- AS-8  You may extend a town only where you own one of its exits; never join another
        player's track; no track may run back into the place it started from. (build.py)
- AS-9  Al Qahirah's two hexes are one place: a route may arrive at one and leave from the
        other; the ferry fee counts the hex it enters, not the hop. (move.py)
- AS-10 When fewer than two players are left, the game ends at once. (upkeep.py)
- AS-11 With two bidders left, the one who drops out is last and pays nothing. (market.py)
- AS-12 CCCP: a black good may end at any town on its way; towns never stop it. (move.py)
- AS-13 Production: a drawn good with no empty display space goes back to the bag.
- AS-14 Communism with the red reserve empty does nothing. (market.py)
- AS-15 Bankrupt players score 0 and share the last places; CCCP's loser ranks just above
        them. (scoring.py)
- AS-16 A build turn ends only when the builder ends it ("end build", the Done button),
        also after the last tile allowed: the rulebook gives "up to 3 tile actions" and
        never ends the turn by itself, and the builder may still want to look it over
        (or found a city). Unextended track loses its owner at that end. (build.py)
"""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.age_of_steam.rules import build, market, move, scoring, setup, upkeep
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.config import COLOURS, DISPLAY_ROWS, Config, config
from nile.games.age_of_steam.rules.dispatch import AgeOfSteamGame
from nile.games.age_of_steam.rules.hexes import (
    CENTRE,
    centre_xy,
    neighbour_offset,
    offset_to_axial,
    opposite,
)
from nile.games.age_of_steam.rules.mapdata import MapData, load_map
from nile.games.age_of_steam.rules.move import PYRAMID_COVER
from nile.games.age_of_steam.rules.network import (
    NO_OWNER,
    Segment,
    build_network,
    track_with_port,
    tracks_of,
)
from nile.games.age_of_steam.rules.scoring import final_score, income_reduction
from nile.games.age_of_steam.rules.state import AgeOfSteamState, Route
from nile.games.age_of_steam.rules.tiles import Track, tile_phrase, tile_words

# The game --------------------------------------------------------------------------


def new_game(players: int, seed: int, options: Mapping[str, str]) -> AgeOfSteamGame:
    """A new game on `options['map']`; setup draws are chance actions still to resolve."""
    state = AgeOfSteamGame(options.get("map", "chile"), players)
    setup.start(state)
    return state


def game_config() -> Config:
    """The game's numbers (data.toml): starting cash, shares and locomotive and their
    limits (`start`), prices (`cost`), builds a turn, the goods, the new cities' colours
    and growth rows (`new_cities`), the income reduction. (Not named `config`: that is the
    module it comes from, which bots and views do not import.)"""
    return config()


# Deliveries ------------------------------------------------------------------------


def routes(state: AgeOfSteamState, seat: int) -> list[Route]:
    """Every delivery `seat` could make now (whatever the phase), each with its path, the
    income it pays each track owner and its ferry fee; worked out afresh, unlike
    `state.offered_routes`, which holds the ones offered with the legal actions."""
    return move.routes(state, seat)


def accessible(slots: list[str]) -> list[int]:
    """The slots of a pyramid (`state.pyramids[h]`) whose good may leave: filled, with
    nothing resting on it (`PYRAMID_COVER`)."""
    return move.accessible(slots)


def goods_waiting(state: AgeOfSteamState, stop: int) -> list[str]:
    """The goods a delivery could take from `stop` now: a city's goods, or the uncovered
    goods of a pyramid (a town or an empty hex has none)."""
    if stop in state.pyramids:
        slots = state.pyramids[stop]
        return [slots[i] for i in move.accessible(slots)]
    return state.goods.get(stop, [])


def source_refusal(state: AgeOfSteamState, h: int) -> str | None:
    """Why no good leaves the place at `h` for the player moving now, in a player's words;
    None if `h` is not a city or a pyramid."""
    return move.source_refusal(state, h)


# Building --------------------------------------------------------------------------


def max_builds(state: AgeOfSteamState, seat: int) -> int:
    """How many tile actions `seat` may take this turn (the Engineer lays one more)."""
    return build.max_builds(state, seat)


def build_price(state: AgeOfSteamState, seat: int, kind: str, h: int, tile: str) -> int:
    """What a tile action of `kind` ('simple', 'town', 'upgrade', 'redirect') putting
    `tile` on hex `h` costs `seat`, the map's adjustments included. The offered builds'
    prices are in `state.build_prices`; this prices any."""
    return build.price(state, seat, kind, h, tile)


def simple_price(state: AgeOfSteamState, seat: int, h: int) -> int:
    """What a simple track on hex `h` costs `seat` now (terrain, floods, the Engineer)."""
    return build.simple_price(state, seat, h)


def hex_refusal(state: AgeOfSteamState, h: int) -> str:
    """Why the player building now can put no tile on hex `h`, in a player's words ('' if
    something can be built there). Players appear as {pN}."""
    return build.hex_refusal(state, h)


def new_tracks(state: AgeOfSteamState, action: Build) -> list[Track]:
    """The tracks `action` adds to its hex: those of the new tile not already there, in
    the tile's order (`tracks_of`)."""
    h = state.map.hex_at(action.hex_label)
    old = state.tiles.get(h)
    before = set(tracks_of(old[0], old[1])) if old else set()
    return [t for t in tracks_of(action.tile, action.rotation) if t not in before]


def segment_after(state: AgeOfSteamState, action: Build) -> Segment | None:
    """The segment (link or unfinished line) the first new track of `action` would belong
    to on the board as it would be after the build; None if it adds no track. Its owners
    are not decided: this says where the track would lead, not who would own it."""
    added = new_tracks(state, action)
    if not added:
        return None
    h = state.map.hex_at(action.hex_label)
    tiles = dict(state.tiles)
    tiles[h] = (action.tile, action.rotation, (0,) * len(tracks_of(action.tile, action.rotation)))
    urban = {int(k): v for k, v in state.new_cities.items()}
    net = build_network(state.map, tiles, urban)
    return net.segments[net.segment_at[(h, added[0])]]


def track_across(state: AgeOfSteamState, h: int, port: int) -> Track | None:
    """The track on the neighbour of hex `h` beyond edge `port` that ends at that shared
    edge (so a track of `h` leaving by `port` would join it); None if there is none or no
    neighbour."""
    n = state.map.neighbours[h][port]
    if n < 0:
        return None
    return track_with_port(state.tiles, n, opposite(port))


def unextended(state: AgeOfSteamState, seat: int) -> list[Segment]:
    """`seat`'s unfinished track that this build turn has not extended: it loses its owner
    when the turn ends (AS-16)."""
    return build.unextended(state, seat)


# Money and score -------------------------------------------------------------------


def bid_payment(bid: int, place: int, bidders: int) -> int:
    """What a bid costs at a final place of the turn-order auction (AS-1): the last pays
    nothing, the first two in full, the rest half, rounded up."""
    return market.bid_payment(bid, place, bidders)


def track_tiles(state: AgeOfSteamState, seat: int) -> int:
    """Track pieces in complete links `seat` owns: a point each at the end."""
    return scoring.track_tiles(state, seat)


# Goods growth ----------------------------------------------------------------------


def growth_targets(state: AgeOfSteamState, row: str) -> list[tuple[str, int]]:
    """(display row, city hex) pairs fed when the dice show `row` ('light 3'): the printed
    city and the new city tied to that row, once founded."""
    return upkeep.growth_targets(state, row)


__all__ = [
    "CENTRE",
    "COLOURS",
    "DISPLAY_ROWS",
    "NO_OWNER",
    "PYRAMID_COVER",
    "AgeOfSteamGame",
    "AgeOfSteamState",
    "MapData",
    "Route",
    "Segment",
    "Track",
    "accessible",
    "bid_payment",
    "build_price",
    "centre_xy",
    "final_score",
    "game_config",
    "goods_waiting",
    "growth_targets",
    "hex_refusal",
    "income_reduction",
    "load_map",
    "max_builds",
    "neighbour_offset",
    "new_game",
    "new_tracks",
    "offset_to_axial",
    "routes",
    "segment_after",
    "simple_price",
    "source_refusal",
    "tile_phrase",
    "tile_words",
    "track_across",
    "track_tiles",
    "tracks_of",
    "unextended",
]
