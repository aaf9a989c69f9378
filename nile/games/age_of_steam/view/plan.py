"""Building by intent: from a start (a city, a town or the builder's own track) toward a
target (a place or any hex), the tiles that get there, planned one at a time on a copy of
the view with the engine's own legal builds.

Each step takes, among the offered builds that go on from the track laid so far (at the
first step: from the start), the one that completes a link into the target's place, else
the one whose loose end points nearest the target (hexes the player dragged over first,
then the cheaper). It stops when the link is complete, the builds or the money run out,
or no tile gets nearer. Only `legal_actions()` decides what may be built.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from nile.games.age_of_steam.rules import (
    AgeOfSteamState,
    Segment,
    max_builds,
    offset_to_axial,
    segment_after,
)
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view.choices import BuildChoice

FAR = 99.0


@dataclass(frozen=True)
class Plan:
    """The tiles toward a target, in order, what they cost and whether they arrive."""

    builds: tuple[Build, ...]
    cost: int
    arrives: bool
    """True if the last tile completes a link into the target's place."""


def distance(view: AgeOfSteamState, a: int, b: int) -> float:
    """Steps between two hexes."""
    cells = view.map.cells
    (qa, ra), (qb, rb) = offset_to_axial(*cells[a]), offset_to_axial(*cells[b])
    return float(max(abs(qa - qb), abs(ra - rb), abs(qa + ra - qb - rb)))


def is_start(view: AgeOfSteamState, h: int, seat: int) -> bool:
    """Can track be planned from `h`: a city or town, or track with a loose end that
    `seat` (or nobody) owns."""
    if h < 0:
        return False
    if h in view.stop_hexes() or h in view.town_hexes():
        return True
    return bool(_loose_from(view, h, seat))


def _loose_from(view: AgeOfSteamState, h: int, seat: int) -> list[int]:
    """The hexes the loose ends of `seat`'s (or unowned) track through `h` point at."""
    net = view.network()
    found = []
    for index, end, _ in net.loose_ends():
        seg = net.segments[index]
        if h in seg.hexes and seg.owner in (seat, -1):
            pointed = view.map.neighbours[end.hex][end.edge]
            if pointed >= 0:
                found.append(pointed)
    return found


def _place_hexes(view: AgeOfSteamState, h: int) -> tuple[int, ...]:
    """Every hex of the place at `h` (Al Qahirah has two)."""
    mp = view.map
    return mp.cities[mp.city_of_hex[h]].hexes if h in mp.city_of_hex else (h,)


def _goes_on_from(view: AgeOfSteamState, seg: Segment, start: int) -> bool:
    """Does the segment run from `start` (a place's edge or track through that hex)?"""
    key = view.place_key(start) if start in view.stop_hexes() else None
    if key is not None and any(e.stop >= 0 and view.place_key(e.stop) == key
                               for e in seg.ends):
        return True
    return start in seg.hexes


def _score(view: AgeOfSteamState, seg: Segment, action: Build, target: int,
           prefer: Collection[int]) -> tuple[float, float, int, str]:
    key = view.place_key(target)
    h = view.map.hex_at(action.hex_label)
    bonus = -0.4 if h in prefer else 0.0
    cost = view.build_prices.get(action, 0)
    if seg.complete:
        into = any(view.place_key(e.stop) == key for e in seg.ends)
        return (0.0 if into else FAR, bonus, cost, action.to_str())
    end = next(e for e in seg.ends if e.stop < 0)
    pointed = view.map.neighbours[end.hex][end.edge]
    if pointed < 0:
        return (FAR, bonus, cost, action.to_str())
    if view.place_key(pointed) == key:
        return (0.5, bonus, cost, action.to_str())
    return (distance(view, pointed, target) + 0.5, bonus, cost, action.to_str())


def _step(view: AgeOfSteamState, start: int, seat: int, target: int,
          prefer: Collection[int], first: bool) -> tuple[Build, Segment] | None:
    """The best next tile from `start` toward `target`, or None."""
    if first and (start in view.stop_hexes() or start in view.town_hexes()):
        hexes = {n for x in _place_hexes(view, start) for n in view.map.neighbours[x]
                 if n >= 0}
        if start in view.town_hexes():
            hexes.add(start)
    else:
        hexes = set(_loose_from(view, start, seat))
    best: tuple[tuple[float, float, int, str], Build, Segment] | None = None
    for action in view.legal_actions():
        if not isinstance(action, Build) or view.map.hex_at(action.hex_label) not in hexes:
            continue
        seg = segment_after(view, action)
        if seg is None or not _goes_on_from(view, seg, start):
            continue
        score = _score(view, seg, action, target, prefer)
        if score[0] < FAR and (best is None or score < best[0]):
            best = (score, action, seg)
    return None if best is None else (best[1], best[2])


def plan(view: AgeOfSteamState, start: int, target: int,
         prefer: Collection[int] = ()) -> Plan:
    """The tiles from `start` toward `target` this turn (possibly none)."""
    seat = view.current_player
    if seat is None or seat < 0 or view.phase != Phase.BUILD:
        return Plan((), 0, False)
    sim = view.clone()
    builds: list[Build] = []
    cost, arrives = 0, False
    here = start
    near = FAR
    while sim.builds_done < max_builds(sim, seat):
        found = _step(sim, here, seat, target, prefer, not builds)
        if found is None:
            break
        action, seg = found
        score = _score(sim, seg, action, target, prefer)[0]
        if score >= near and not seg.complete:
            break  # no nearer than the tile before: stop rather than wander
        cost += sim.build_prices.get(action, 0)
        sim.apply(action)
        builds.append(action)
        near = score
        if seg.complete:
            arrives = score == 0.0
            break
        here = sim.map.hex_at(action.hex_label)
    return Plan(tuple(builds), cost, arrives)


def first_toward(view: AgeOfSteamState, options: Sequence[BuildChoice],
                 target: int) -> list[int]:
    """Indices of a hex's options, those that extend toward `target` first."""
    scored = []
    for i, action in enumerate(options):
        near = FAR
        if isinstance(action, Build):
            seg = segment_after(view, action)
            if seg is not None:
                near = _score(view, seg, action, target, ())[0]
        scored.append((near, i))
    return [i for _, i in sorted(scored)]
