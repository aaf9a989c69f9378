"""Exact positions for tests and screenshots, without playing a game up to them.

    state = scenario("cccp", players=4)                # setup skipped, all goods in the bag
    lay_path(state, 0, ["Kiev", "3,7", "4,7", "Kharkov"])  # seat 0's track, tile by tile
    put_goods(state, "Kiev", ["black", "red"])        # taken from the bag
    start_move(state, seat=0)                          # seat 0 to deliver now

Places are city names or hex labels 'column,row'. `lay_path` draws the tiles from the
supply, so the state keeps every invariant; use `owner=-1` for unowned track.
"""

from __future__ import annotations

from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.hexes import CENTRE
from nile.games.age_of_steam.rules.mapdata import edge_between
from nile.games.age_of_steam.rules.network import tracks_of
from nile.games.age_of_steam.rules.tiles import Track, catalogue, track


def scenario(map_name: str, players: int, *, round: int = 1) -> AgeOfSteamState:
    """A state at the start of `round` with no goods out and turn order 0, 1, 2, …"""
    state = AgeOfSteamState(map_name, players)
    state.order = list(range(players))
    state.round = round
    state.phase = "shares"
    state.queue, state.qpos = list(state.order), 0
    return state


def hex_of(state: AgeOfSteamState, place: str) -> int:
    """A city's first hex or a town's hex by name, or the hex labelled 'column,row'."""
    if "," in place:
        return state.map.hex_at(place)
    for h, name in state.map.town_names.items():
        if name == place:
            return h
    return state.map.city_named(place).hexes[0]


def lay_path(state: AgeOfSteamState, owner: int, places: list[str]) -> None:
    """Lay one track through each hex from the first place (a stop) on.

    The last place gets track only if it is a town; a plain hex there just says where
    the loose end points.
    """
    hexes = [hex_of(state, p) for p in places]
    for i, h in enumerate(hexes):
        if i == len(hexes) - 1 and not state.is_town(h):
            break
        ports = []
        if i > 0:
            ports.append(edge_between(state.map, h, hexes[i - 1]))
        if i < len(hexes) - 1:
            ports.append(edge_between(state.map, h, hexes[i + 1]))
        if h in state.stop_hexes():
            continue
        if state.is_town(h):
            for port in ports:
                add_track(state, h, track(port, CENTRE), owner)
        else:
            assert len(ports) == 2, "a path's track hex needs a hex on both sides"
            add_track(state, h, track(ports[0], ports[1]), owner)
    state.tiles_changed()


def add_track(state: AgeOfSteamState, h: int, new: Track, owner: int) -> None:
    """Put one more track on hex `h` (the tile is swapped for the matching printed one)."""
    old = state.tiles.get(h)
    owners: dict[Track, int] = {}
    if old is not None:
        owners = dict(zip(tracks_of(old[0], old[1]), old[2], strict=True))
        state.supply[catalogue().types[old[0]].pool] += 1
    owners[new] = owner
    placement = catalogue().placement(frozenset(owners))
    assert placement is not None, f"no printed tile has tracks {sorted(owners)}"
    tile, rotation = placement
    state.supply[catalogue().types[tile].pool] -= 1
    state.tiles[h] = (tile, rotation, tuple(owners[t] for t in tracks_of(tile, rotation)))
    state.tiles_changed()


def put_goods(state: AgeOfSteamState, place: str, colours: list[str]) -> None:
    """Move goods from the bag onto a city (or new city)."""
    h = hex_of(state, place)
    for colour in colours:
        state.take_from_bag(colour)
        state.goods.setdefault(h, []).append(colour)


def start_build(state: AgeOfSteamState, seat: int) -> None:
    """Make it `seat`'s build turn (the others follow in turn order)."""
    state.phase = "build"
    state.queue = [seat] + [s for s in state.order if s != seat and state.alive[s]]
    state.qpos, state.builds_done, state.urbanized, state.placed_now = 0, 0, False, []
    state._legal = None


def start_move(state: AgeOfSteamState, seat: int) -> None:
    """Make it `seat`'s first move-goods turn."""
    order = [seat] + [s for s in state.order if s != seat and state.alive[s]]
    state.phase = "move"
    state.queue, state.qpos, state.loco_used = order + order, 0, ""
    state._legal = None
