"""Build Track: laying, upgrading and redirecting tiles, town tiles and Urbanization.

Legal builds are found only at the *frontier*: the edges of cities (and pyramids), the
loose ends of the builder's own or unowned incomplete track, and the towns where the
builder owns an exit. One build action is one tile: hex, tile and rotation together
(`lay`, `upgrade`, `town`, `redirect`), so the screen can show every option as a ghost
tile. Our rulings:
- AS-7: a new track is laid one tile at a time; a complex tile comes from upgrading a
  simple one (placing a complex tile on an empty hex is not offered).
- AS-8: you may extend a town only where you own one of its exits; you may never join
  another player's track; no track may run back into the place it started from.
- AS-16: the turn ends only on "end build", also after the last tile allowed.
Incomplete track stays owned until the end of its owner's next build turn: at the end of
each build turn the builder's incomplete segments that got no new track that turn lose
their owner (and can be taken over by anyone who extends them).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.age_of_steam.rules.actions import Build, EndBuild, Urbanize
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.events import (
    BuildEnded,
    CityFounded,
    TrackAbandoned,
    TrackBuilt,
)
from nile.games.age_of_steam.rules.hexes import CENTRE, opposite
from nile.games.age_of_steam.rules.mapdata import load_map
from nile.games.age_of_steam.rules.network import (
    NO_OWNER,
    Segment,
    track_with_port,
    tracks_of,
)
from nile.games.age_of_steam.rules.phases import Phase, Step
from nile.games.age_of_steam.rules.tiles import Track, catalogue, track

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState

SIMPLE_PLACEMENT: dict[Track, tuple[str, int]] = {
    track(a, b): placed
    for a in range(6) for b in range(6) if a != b
    for placed in [catalogue().placement(frozenset({track(a, b)}))] if placed is not None
}
"""(tile, rotation) of the simple tile for each single track; simple tiles are their own
pools."""


def begin(state: AgeOfSteamState) -> list[Event]:
    """First Build's holder builds first, then the others in turn order."""
    state.phase = Phase.BUILD
    order = [s for s in state.order if state.alive[s]]
    first = state.holder("first_build")
    if first >= 0:
        order.remove(first)
        order.insert(0, first)
    state.queue, state.qpos = order, 0
    _start_builder(state)
    return []


def _start_builder(state: AgeOfSteamState) -> None:
    state.builds_done, state.urbanized, state.placed_now = 0, False, []


def max_builds(state: AgeOfSteamState, seat: int) -> int:
    key = "engineer" if state.actions[seat] == "engineer" else "normal"
    return config().builds(key)


# Options --------------------------------------------------------------------------

def options(state: AgeOfSteamState) -> list[Action]:
    seat = state.queue[state.qpos]
    result: list[Action] = []
    prices: dict[Build, int] = {}
    if state.builds_done < max_builds(state, seat):
        cash = state.cash[seat]
        prices = candidates(state, seat)
        if any(c > cash for c in prices.values()):
            prices = {b: c for b, c in prices.items() if c <= cash}
        result += list(prices)
    state.build_prices = prices
    result += urbanize_options(state, seat)
    result.append(EndBuild())
    return result


_URBANIZE = cache(Urbanize)
"""Urbanizations made once per town and letter (offered on every build turn of the
holder, issue 33 item 6); equal to new ones."""


def urbanize_options(state: AgeOfSteamState, seat: int) -> list[Action]:
    if state.holder("urbanization") != seat or state.urbanized:
        return []
    used = set(state.new_cities.values()) | set(state.rules.removed_new_cities)
    letters = [x for x in config().new_cities if x not in used]
    towns = sorted(state.town_hexes())
    return [_URBANIZE(state.map.label(h), x) for h in towns for x in letters]


class _Context:
    """What one enumeration needs again and again, computed once."""

    def __init__(self, state: AgeOfSteamState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.net = state.network()
        self.neighbours = state.map.neighbours
        self.labels = state.map.labels
        self.stops = state.stop_hexes()
        self.towns = state.town_hexes()
        self.known_buildable: dict[int, bool] = {}
        """`buildable`'s answers so far (a hex missing here is not known yet)."""
        self.found: dict[Build, int] = {}

    def buildable(self, h: int) -> bool:
        known = self.known_buildable.get(h)
        if known is None:
            known = self.known_buildable[h] = self.state.rules.buildable(self.state, h)
        return known


def candidates(state: AgeOfSteamState, seat: int) -> dict[Build, int]:
    """Every tile action `seat` could take now (ignoring cash), with its price."""
    ctx = _Context(state, seat)
    net, neighbours = ctx.net, ctx.neighbours
    for h in sorted(ctx.stops):
        key = state.place_key(h)
        for d in range(6):
            n = neighbours[h][d]
            if n >= 0 and n not in ctx.stops:
                _from_edge(ctx, n, opposite(d), key)
    for index, end, other in net.loose_ends():
        seg_owner = net.segments[index].owner
        if seg_owner not in (seat, NO_OWNER):
            continue
        origin = state.place_key(other.stop) if other.stop >= 0 else None
        n = neighbours[end.hex][end.edge]
        if n >= 0 and n not in ctx.stops:
            _from_edge(ctx, n, opposite(end.edge), origin)
        if seg_owner == seat:
            _redirects(ctx, end.hex, end.edge, origin)
    for h, placed in state.tiles.items():
        if h in ctx.towns and seat in placed[2]:
            _town_growth(ctx, h)
    return ctx.found


def _from_edge(ctx: _Context, n: int, entry: int, origin: str | None) -> None:
    """Options for new track entering hex `n` across edge `entry` from a connected point."""
    if not ctx.buildable(n):
        return
    state = ctx.state
    if n in ctx.towns:
        _town_entry(ctx, n, entry, origin)
        return
    placed = state.tiles.get(n)
    if placed is None:
        cost = state.rules.build_cost(state, ctx.seat, state.rules.terrain_cost(state, n))
        supply, found, tiles, stops = state.supply, ctx.found, state.tiles, ctx.stops
        known = ctx.known_buildable
        for x, m, action in _simple_lays(state.map_name, n, entry):
            # most far ends are empty buildable hexes, where the track may always end:
            # answered here without `_far_ok` (a call per lay, issue 33 item 6)
            if supply[action.tile] > 0 and (
                    (m not in stops and m not in tiles and known.get(m, False))
                    or _far_ok(ctx, n, x, origin)):
                found.setdefault(action, cost)
        return
    existing = tracks_of(placed[0], placed[1])
    if len(existing) != 1 or entry in existing[0]:
        return
    used = set(existing[0])
    for x in range(6):
        if x != entry and x not in used and _far_ok(ctx, n, x, origin):
            _offer(ctx, "upgrade", n, frozenset({existing[0], track(entry, x)}))


@cache
def _simple_lays(map_name: str, n: int, entry: int) -> tuple[tuple[int, int, Build], ...]:
    """(exit edge, the hex beyond it, action) for every simple tile entering empty hex `n`
    by `entry` whose exit stays on the map (the rest is checked against the tiles each
    time)."""
    mp = load_map(map_name)
    result = []
    for x in range(6):
        m = mp.neighbours[n][x]
        if x != entry and m >= 0:
            tile, rotation = SIMPLE_PLACEMENT[track(entry, x)]
            result.append((x, m, Build("lay", mp.labels[n], tile, rotation)))
    return tuple(result)


def _town_entry(ctx: _Context, n: int, entry: int, origin: str | None) -> None:
    state = ctx.state
    if origin == state.place_key(n):
        return
    placed = state.tiles.get(n)
    if placed is not None:
        exits = {t[0] for t in tracks_of(placed[0], placed[1])}
        if entry not in exits:
            _offer(ctx, "town", n, frozenset(track(x, CENTRE) for x in exits | {entry}))
        return
    key = state.place_key(n)
    ok = {x for x in range(6) if x != entry and _far_ok(ctx, n, x, key)}
    cost_base = config().cost("town_base")
    supply, found = state.supply, ctx.found
    for extra, action, pool in _new_towns(state.map_name, n, entry):
        if ok.issuperset(extra) and supply[pool] > 0 and action not in found:
            found[action] = state.rules.build_cost(state, ctx.seat, cost_base + 1 + len(extra))


@cache
def _new_towns(map_name: str, n: int, entry: int
               ) -> tuple[tuple[frozenset[int], Build, str], ...]:
    """(extra exits, action, pool) for every printed town tile entered by `entry`."""
    mp = load_map(map_name)
    others = [x for x in range(6) if x != entry and mp.neighbours[n][x] >= 0]
    result = []
    for size in range(4):
        for extra in combinations(others, size):
            tracks = frozenset(track(x, CENTRE) for x in (entry, *extra))
            placement = catalogue().placement(tracks)
            if placement is not None:
                tile, rotation = placement
                result.append((frozenset(extra), Build("town", mp.labels[n], tile, rotation),
                               catalogue().types[tile].pool))
    return tuple(result)


def _town_growth(ctx: _Context, h: int) -> None:
    placed = ctx.state.tiles[h]
    exits = {t[0] for t in tracks_of(placed[0], placed[1])}
    for x in range(6):
        if x not in exits and _far_ok(ctx, h, x, ctx.state.place_key(h)):
            _offer(ctx, "town", h, frozenset(track(e, CENTRE) for e in exits | {x}))


def _redirects(ctx: _Context, h: int, edge: int, origin: str | None) -> None:
    placed = ctx.state.tiles.get(h)
    if placed is None or h in ctx.towns:
        return
    existing = tracks_of(placed[0], placed[1])
    if len(existing) != 1:
        return
    a = existing[0][0] if existing[0][1] == edge else existing[0][1]
    for x in range(6):
        if x not in (a, edge) and _far_ok(ctx, h, x, origin):
            _offer(ctx, "redirect", h, frozenset({track(a, x)}))


def _far_ok(ctx: _Context, n: int, x: int, origin: str | None) -> bool:
    """May a new track on `n` end at edge `x`? (Not off the map, not into another
    player's track, not back into the place it comes from.)"""
    m = ctx.neighbours[n][x]
    if m < 0:
        return False
    state = ctx.state
    if m in ctx.stops:
        return state.place_key(m) != origin
    if not ctx.buildable(m):
        return False
    placed = state.tiles.get(m)
    if placed is None:
        return True
    found = track_with_port(state.tiles, m, opposite(x))
    if found is None:
        return True
    seg = ctx.net.segments[ctx.net.segment_at[(m, found)]]
    if seg.owner not in (ctx.seat, NO_OWNER):
        return False
    return all(end.stop < 0 or state.place_key(end.stop) != origin for end in seg.ends)


def _offer(ctx: _Context, kind: str, h: int, tracks: frozenset[Track]) -> None:
    placement = catalogue().placement(tracks)
    if placement is None:
        return
    state = ctx.state
    tile, rotation = placement
    pool = catalogue().types[tile].pool
    old = state.tiles.get(h)
    returned = old is not None and catalogue().types[old[0]].pool == pool
    if state.supply.get(pool, 0) <= 0 and not returned:
        return
    action = Build(kind, ctx.labels[h], tile, rotation)
    if action not in ctx.found:
        ctx.found[action] = price(state, ctx.seat, kind, h, tile)


def price(state: AgeOfSteamState, seat: int, kind: str, h: int, tile: str) -> int:
    """The cost of one tile action, after the map's adjustments (Egypt's Engineer)."""
    cfg = config()
    tile_kind = catalogue().types[tile].kind
    if kind == "redirect":
        cost = cfg.cost("redirect")
    elif kind == "town":
        if h in state.tiles:
            cost = cfg.cost("upgrade_town")
        else:
            cost = cfg.cost("town_base") + len(catalogue().types[tile].tracks)
    elif kind == "upgrade":
        cost = cfg.cost("upgrade_crossing" if tile_kind == "crossing" else "upgrade_other")
    else:
        cost = state.rules.terrain_cost(state, h)
        if tile_kind in ("coexist", "crossing"):
            cost += cfg.cost(tile_kind)
    return state.rules.build_cost(state, seat, cost)


def refusal(state: AgeOfSteamState, action: Action) -> str:
    seat = state.queue[state.qpos]
    if isinstance(action, Build):
        if state.builds_done >= max_builds(state, seat):
            return f"You have used all {max_builds(state, seat)} builds this turn."
        cost = candidates(state, seat).get(action)
        if cost is not None:
            return f"That costs ${cost} and you have ${state.cash[seat]}."
        h = state.map.extra["_by_label"].get(action.hex_label, -1)
        reason = hex_refusal(state, h) if h >= 0 else "That hex is not on the map."
        return reason or ("That tile does not fit there: it would run off the map, into "
                          "another player's track or back where it started, or is sold out.")
    if isinstance(action, Urbanize):
        return "Only the Urbanization holder may found one new city on a town."
    return f"'{action.to_str()}' is not possible while building."


def hex_refusal(state: AgeOfSteamState, h: int) -> str:
    """Why the player building now can put no tile on hex `h`, in a player's words
    ('' if something can be built there). Players appear as {pN}."""
    if state.phase != Phase.BUILD:
        return "Track is built only in the Build Track phase."
    seat = state.queue[state.qpos]
    if state.builds_done >= max_builds(state, seat):
        return f"You have used all {max_builds(state, seat)} builds this turn."
    found = [c for b, c in candidates(state, seat).items() if state.map.hex_at(b.hex_label) == h]
    if found:
        cheapest, cash = min(found), state.cash[seat]
        if cheapest > cash:
            return f"The cheapest tile here costs ${cheapest}; you have ${cash}."
        return ""
    return _place_refusal(state, h) or _track_refusal(state, seat, h)


def _place_refusal(state: AgeOfSteamState, h: int) -> str:
    """What the hex itself forbids: a pyramid, a city, closed or unbuildable terrain."""
    if h in state.pyramids:
        return "Track never runs onto a pyramid: it ends at the pyramid's edge."
    if h in state.stop_hexes():
        return f"{state.place_name(h)} is a city: track ends at its edge."
    if not state.rules.buildable(state, h):
        if state.map.terrain[h] == "canal":
            opens = getattr(state.rules, "canal_round", 0)
            return f"The Suez Canal opens in turn {opens}."
        return "No track can be laid on this hex."
    return ""


def _track_refusal(state: AgeOfSteamState, seat: int, h: int) -> str:
    """Why no tile fits a buildable hex: someone else's track, a full hex, a town not
    reached, or no track of the builder's coming this way."""
    placed = state.tiles.get(h)
    if h in state.town_hexes():
        return _town_refusal(state, seat, h)
    if placed is not None:
        others = sorted({o for o in placed[2] if o not in (seat, NO_OWNER)})
        if others:
            return f"{{p{others[0]}}}'s track is there."
        if len(placed[2]) >= 2:
            return "This hex already holds two tracks: no tile can change it."
        return ("This track changes only from its loose end, and every way it could go "
                "runs off the map, into another player's track or back where it started.")
    feeders = _feeders(state, h)
    if seat in feeders or NO_OWNER in feeders:
        return ("Every tile that fits here would run off the map, into another player's "
                "track or back where it started, or is sold out.")
    rivals = sorted(o for o in feeders if o >= 0)
    if rivals:
        return (f"Only {{p{rivals[0]}}} may go on from the track ending here (until it "
                "is finished or left unowned).")
    return ("New track must go on from a city, from the loose end of your own or "
            "unowned track, or from a town where you own an exit.")


def _town_refusal(state: AgeOfSteamState, seat: int, h: int) -> str:
    name = state.place_name(h)
    placed = state.tiles.get(h)
    if placed is not None and seat in placed[2]:
        return (f"Every free side of {name} leads off the map, into another player's track "
                "or back where the track started.")
    need = (f"{name} needs track of yours to reach it: from a city next to it, or from "
            "the loose end of your own or unowned track pointing at it.")
    owners = sorted({o for o in placed[2] if o not in (seat, NO_OWNER)}) if placed else []
    if owners:
        return f"{{p{owners[0]}}}'s track runs into {name}. {need}"
    rivals = sorted(o for o in _feeders(state, h) if o not in (seat, NO_OWNER))
    if rivals and not ({seat, NO_OWNER} & _feeders(state, h)):
        return (f"Only {{p{rivals[0]}}} may go on from the track ending at {name} (until it "
                "is finished or left unowned).")
    return need


def _feeders(state: AgeOfSteamState, h: int) -> set[int]:
    """Who could reach hex `h` now: NO_OWNER for a city or pyramid next to it (anyone),
    and the owners of loose ends pointing at it."""
    result: set[int] = set()
    stops = state.stop_hexes()
    if any(n in stops for n in state.map.neighbours[h] if n >= 0):
        result.add(NO_OWNER)
    net = state.network()
    for index, end, _ in net.loose_ends():
        if state.map.neighbours[end.hex][end.edge] == h:
            result.add(net.segments[index].owner)
    return result


def simple_price(state: AgeOfSteamState, seat: int, h: int) -> int:
    """What a simple track on hex `h` costs `seat` (the hover says the price charged)."""
    return state.rules.build_cost(state, seat, state.rules.terrain_cost(state, h))


# Applying -------------------------------------------------------------------------

def apply(state: AgeOfSteamState, action: Action) -> Step:
    """A tile, a new city or the end of a build turn; the last builder's end hands over
    to moving goods (`Phase.MOVE`)."""
    seat = state.queue[state.qpos]
    if isinstance(action, EndBuild):
        return end_turn(state, seat)
    if isinstance(action, Urbanize):
        return Step(_urbanize(state, seat, action))
    assert isinstance(action, Build)
    events = _place(state, seat, action)
    state.builds_done += 1
    return Step(events)


def _place(state: AgeOfSteamState, seat: int, action: Build) -> list[Event]:
    h = state.map.hex_at(action.hex_label)
    cost = price(state, seat, action.kind, h, action.tile)
    old = state.tiles.get(h)
    old_tracks: dict[Track, int] = {}
    if old is not None:
        old_tracks = dict(zip(tracks_of(old[0], old[1]), old[2], strict=True))
        state.supply[catalogue().types[old[0]].pool] += 1
    state.supply[catalogue().types[action.tile].pool] -= 1
    new_tracks = tracks_of(action.tile, action.rotation)
    owners = tuple(old_tracks.get(t, seat) for t in new_tracks)
    state.tiles[h] = (action.tile, action.rotation, owners)
    state.cash[seat] -= cost
    added = [t for t in new_tracks if t not in old_tracks]
    state.placed_now += [f"{h}:{t[0]}:{t[1]}" for t in added]
    state.tiles_changed()
    _claim(state, seat, h, added)
    return [TrackBuilt(seat, action.kind, action.hex_label, action.tile, action.rotation, cost,
                       state.map.whereabouts(h))]


def _claim(state: AgeOfSteamState, seat: int, h: int, added: list[Track]) -> None:
    """New track makes its whole segment the builder's (taking over unowned track)."""
    net = state.network()
    changed = False
    for t in added:
        seg = net.segments[net.segment_at[(h, t)]]
        for piece_hex, piece in seg.tracks:
            changed |= _set_owner(state, piece_hex, piece, seat)
    if changed:
        state.tiles_changed()


def _set_owner(state: AgeOfSteamState, h: int, t: Track, owner: int) -> bool:
    name, rotation, owners = state.tiles[h]
    index = tracks_of(name, rotation).index(t)
    if owners[index] == owner:
        return False
    state.tiles[h] = (name, rotation, (*owners[:index], owner, *owners[index + 1:]))
    return True


def _urbanize(state: AgeOfSteamState, seat: int, action: Urbanize) -> list[Event]:
    h = state.map.hex_at(action.hex_label)
    old = state.tiles.pop(h, None)
    if old is not None:
        state.supply[catalogue().types[old[0]].pool] += 1
    state.new_cities[str(h)] = action.letter
    state.goods[h] = []
    state.urbanized = True
    state.tiles_changed()
    colour = config().new_cities[action.letter][0]
    return [CityFounded(seat, action.hex_label, action.letter, colour, state.map.place_name(h))]


def unextended(state: AgeOfSteamState, seat: int) -> list[Segment]:
    """`seat`'s incomplete segments that got no new track this build turn: the ones that
    lose their owner when the turn ends (the review before Done warns of them)."""
    now = set(state.placed_now)
    return [seg for seg in state.network().segments
            if seg.owner == seat and not seg.complete
            and not any(f"{h}:{t[0]}:{t[1]}" in now for h, t in seg.tracks)]


def end_turn(state: AgeOfSteamState, seat: int) -> Step:
    """Unextended incomplete track loses its owner; the next builder starts."""
    events: list[Event] = []
    lost: list[int] = []
    for seg in unextended(state, seat):
        for h, t in seg.tracks:
            _set_owner(state, h, t, NO_OWNER)
            lost.append(h)
    if lost:
        state.tiles_changed()
        hexes = tuple(dict.fromkeys(lost))
        events.append(TrackAbandoned(seat, tuple(state.map.label(h) for h in hexes),
                                     tuple(dict.fromkeys(state.map.whereabouts(h) for h in hexes))))
    events.append(BuildEnded(seat))
    state.qpos += 1
    if state.qpos >= len(state.queue):
        return Step(events, Phase.MOVE)
    _start_builder(state)
    return Step(events)


__all__ = ["SIMPLE_PLACEMENT", "begin", "candidates", "options", "price", "unextended"]
