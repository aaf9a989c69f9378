"""Every legal delivery of a position by brute force, written from the rulebooks alone.

This module knows nothing of `rules/move.py`: it reads only the position's public data
(the complete links of the track, the cities and their colours, the goods, the
pyramids, the round, the action tiles, cash and locomotives) and walks every simple path,
so a test can hold the offered deliveries against it in both directions.

Rules followed (base rules V, the Chile/Egypt/CCCP text, RULINGS AS-3..AS-5, AS-9):
- a good leaves a city or the top of a pyramid (a good with nothing resting on it); never
  from a flooded hex (Egypt);
- it travels over complete links, no place twice (Al Qahirah's two hexes are one place:
  it may arrive at one and leave from the other, AS-9), at most the locomotive's links;
- it must stop at the first city of its colour; pyramids are never a destination; a
  CCCP town accepts a black good; a non-black good in CCCP ignores towns: links joined
  at a town count as one link, which pays 1 to its owner only if one player owns all;
- each other link pays 1 income to its owner (unowned track pays nobody);
- Egypt: $1 per flooded hex entered (track hexes and stops arrived at, each hex once),
  nothing for the holder of Ferry; the mover must be able to pay.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import Deliver
from nile.games.age_of_steam.rules.config import config


@dataclass(frozen=True)
class Outcome:
    """What a delivery changes: which good goes where, who earns what, the ferry fee."""

    source: int
    colour: str
    destination: str
    income: tuple[tuple[int, int], ...]
    fee: int


@dataclass(frozen=True)
class _Link:
    """A complete link seen from one of its stops."""

    start: int
    edge: int
    far: int
    owner: int
    hexes: tuple[int, ...]


def _links(state: AgeOfSteamState) -> dict[int, list[_Link]]:
    """The complete links leaving each stop, from the track's segments."""
    result: dict[int, list[_Link]] = {}
    for seg in state.network().segments:
        a, b = seg.ends
        if a.stop < 0 or b.stop < 0:
            continue
        hexes = tuple(h for h, _ in seg.tracks)
        result.setdefault(a.stop, []).append(_Link(a.stop, a.edge, b.stop, seg.owner, hexes))
        result.setdefault(b.stop, []).append(_Link(b.stop, b.edge, a.stop, seg.owner, hexes))
    return result


def _place(state: AgeOfSteamState, h: int) -> str:
    """One name per place: a printed city's name covers all its hexes."""
    for city in state.map.cities:
        if h in city.hexes:
            return city.name
    return f"hex {h}"


def _hexes_of_place(state: AgeOfSteamState, h: int) -> tuple[int, ...]:
    """Every hex of the place at `h` (Al Qahirah is printed as two cities of one name)."""
    name = _place(state, h)
    found = [x for city in state.map.cities if city.name == name for x in city.hexes]
    return tuple(found) or (h,)


def _is_town(state: AgeOfSteamState, h: int) -> bool:
    return state.map.terrain[h] == "town" and str(h) not in state.new_cities


def _city_colour(state: AgeOfSteamState, h: int) -> str | None:
    """The colour of the city at `h`, or None if `h` is no city."""
    for city in state.map.cities:
        if h in city.hexes:
            return city.colour
    letter = state.new_cities.get(str(h))
    if letter:
        return str(config().new_cities[letter][0])
    return None


def _flooded(state: AgeOfSteamState, h: int) -> bool:
    """Egypt: odd rounds flood the west bank, even rounds the east."""
    if state.map_name != "egypt":
        return False
    side = state.map.nile_west if state.round % 2 == 1 else state.map.nile_east
    return h in side


def _pyramid_tops(slots: list[str]) -> set[str]:
    """Colours that can be lifted straight up: slots 0-8 are the 3×3 base (row by row),
    9-12 the 2×2 layer, 13 the apex; a slot is free if nothing above rests on it."""
    above: dict[int, list[int]] = {i: [] for i in range(14)}
    for r in range(2):
        for c in range(2):
            upper = 9 + 2 * r + c
            for dr in range(2):
                for dc in range(2):
                    above[3 * (r + dr) + c + dc].append(upper)
    for upper in range(9, 13):
        above[upper].append(13)
    return {slots[i] for i in range(len(slots))
            if slots[i] and not any(slots[u] for u in above[i])}


def goods(state: AgeOfSteamState) -> list[tuple[int, str]]:
    """(hex, colour) of every good that may leave its place now."""
    found = set()
    for h, held in state.goods.items():
        if not _flooded(state, h):
            found |= {(h, colour) for colour in held}
    for h, slots in state.pyramids.items():
        if not _flooded(state, h):
            found |= {(h, colour) for colour in _pyramid_tops(slots)}
    return sorted(found)


def _income(state: AgeOfSteamState, colour: str, path: list[_Link]) -> dict[int, int]:
    ignore_towns = state.map_name == "cccp" and colour != "black"
    income: dict[int, int] = {}
    run: list[int] = []
    for link in path:
        run.append(link.owner)
        if ignore_towns and _is_town(state, link.far):
            continue
        if run[0] >= 0 and len(set(run)) == 1:
            income[run[0]] = income.get(run[0], 0) + 1
        run = []
    return income


def _length(state: AgeOfSteamState, colour: str, path: list[_Link]) -> int:
    if state.map_name == "cccp" and colour != "black":
        return sum(1 for link in path if not _is_town(state, link.far))
    return len(path)


def _fee(state: AgeOfSteamState, seat: int, path: list[_Link]) -> int:
    if state.actions[seat] == "ferry":
        return 0
    entered = {h for link in path for h in (*link.hexes, link.far)}
    return sum(1 for h in entered if _flooded(state, h))


def deliveries(state: AgeOfSteamState, seat: int) -> dict[Deliver, Outcome]:
    """Every legal delivery for `seat` (each simple path), with what it changes."""
    links = _links(state)
    found: dict[Deliver, Outcome] = {}
    for source, colour in goods(state):
        _walk(state, seat, links, source, colour, [], {_place(state, source)}, found)
    return found


def _walk(state: AgeOfSteamState, seat: int, links: dict[int, list[_Link]], source: int,
          colour: str, path: list[_Link], visited: set[str],
          found: dict[Deliver, Outcome]) -> None:
    here = path[-1].far if path else source
    for start in _hexes_of_place(state, here):
        for link in links.get(start, []):
            place = _place(state, link.far)
            if place in visited:
                continue
            longer = [*path, link]
            if _length(state, colour, longer) > state.loco[seat]:
                continue
            target = _city_colour(state, link.far)
            ends_here = target == colour or (
                state.map_name == "cccp" and colour == "black" and _is_town(state, link.far))
            if ends_here:
                _record(state, seat, source, colour, longer, found)
            if target != colour:
                _walk(state, seat, links, source, colour, longer, visited | {place}, found)


def _record(state: AgeOfSteamState, seat: int, source: int, colour: str, path: list[_Link],
            found: dict[Deliver, Outcome]) -> None:
    fee = _fee(state, seat, path)
    if fee > state.cash[seat]:
        return
    label = state.map.label
    action = Deliver(colour, label(source), tuple((label(k.start), k.edge) for k in path))
    income = tuple(sorted(_income(state, colour, path).items()))
    found[action] = Outcome(source, colour, _place(state, path[-1].far), income, fee)
