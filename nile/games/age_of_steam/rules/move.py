"""Move Goods: two rounds in which each player delivers one good, raises the locomotive
(once per turn) or passes.

Routes are found by a depth-first search over complete links, bounded by the
locomotive level: no place twice, never through a city of the good's colour (the route
ends at the first one), towns and pyramids only as stops on the way (CCCP towns also
take black goods). Every good may go (base rules V: nothing limits which cube), so each
good (source, colour) is offered to each place it reaches. Of the many routes of one
good to one place only one per (income per owner, ferry fee) is offered, so the list
stays short and every choice that changes anyone's income is there; two goods with the
same destination and income are two deliveries (issue 27: keying on the destination
alone hid the second good).

Al Qahirah (Egypt) is two hexes used as one place: a route may arrive at one hex and
leave from the other without a link, and pays the ferry for the hex it enters only
(AS-9, our ruling).
"""

from __future__ import annotations

from nile.core.game import Action, Event
from nile.core.text import count
from nile.games.age_of_steam.rules.actions import Deliver, PassMove, RaiseLocomotive
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.events import (
    GoodDelivered,
    LocomotiveRaised,
    MovePassed,
    SharesReturned,
)
from nile.games.age_of_steam.rules.hexes import DIRECTION_NAMES
from nile.games.age_of_steam.rules.phases import Phase, Step
from nile.games.age_of_steam.rules.state import AgeOfSteamState, Route

PYRAMID_COVER = {
    9: (0, 1, 3, 4), 10: (1, 2, 4, 5), 11: (3, 4, 6, 7), 12: (4, 5, 7, 8), 13: (9, 10, 11, 12)}
"""Pyramid slots: 0–8 the 3×3 base, 9–12 the 2×2 layer, 13 the top; each upper slot
rests on the listed slots below it."""


def begin(state: AgeOfSteamState) -> list[Event]:
    """First Move's holder goes first in both rounds, then the others in turn order."""
    state.phase = Phase.MOVE
    order = [s for s in state.order if state.alive[s]]
    first = state.holder("first_move")
    if first >= 0:
        order.remove(first)
        order.insert(0, first)
    state.queue, state.qpos, state.loco_used = order + order, 0, ""
    return []


def accessible(slots: list[str]) -> list[int]:
    """Pyramid slots holding a good with nothing resting on it."""
    free = []
    for i, colour in enumerate(slots):
        if not colour:
            continue
        covered = any(i in below and slots[upper] for upper, below in PYRAMID_COVER.items())
        if not covered:
            free.append(i)
    return free


def sources(state: AgeOfSteamState) -> list[tuple[int, list[str]]]:
    """(hex, colours that may leave it) for every city and pyramid with goods."""
    result = []
    for h in sorted(state.goods):
        if state.goods[h] and not state.rules.flooded(state, h):
            result.append((h, sorted(set(state.goods[h]))))
    for h in sorted(state.pyramids):
        slots = state.pyramids[h]
        if not state.rules.flooded(state, h):
            colours = sorted({slots[i] for i in accessible(slots)})
            if colours:
                result.append((h, colours))
    return result


def twin(state: AgeOfSteamState, h: int) -> int:
    """The other hex of a two-hex city (Al Qahirah), or -1."""
    return state.map.twin_of.get(h, -1)


def routes(state: AgeOfSteamState, seat: int) -> list[Route]:
    """Every distinct delivery `seat` may make now."""
    found: dict[tuple[object, ...], Route] = {}
    for h, colours in sources(state):
        for colour in colours:
            _search(state, seat, h, colour, found)
    return list(found.values())


def _search(state: AgeOfSteamState, seat: int, source: int, colour: str,
            found: dict[tuple[object, ...], Route]) -> None:
    net = state.network()
    rules = state.rules
    loco = state.loco[seat]
    ferry = state.holder("ferry")
    visited = {state.place_key(source)}
    steps: list[tuple[int, int]] = []
    stops = [source]
    owners: list[int] = []
    entered: list[int] = []

    def record(dest: int) -> None:
        fee = 0 if seat == ferry else sum(1 for h in set(entered) if rules.flooded(state, h))
        if fee > state.cash[seat]:
            return
        income = rules.route_income(state, colour, stops, owners)
        key = (source, colour, state.place_key(dest), tuple(sorted(income.items())), fee)
        if key in found:
            return
        action = Deliver(colour, state.map.label(source),
                         tuple((state.map.label(h), d) for h, d in steps))
        found[key] = Route(action, dest, tuple(entered), income, fee)

    def go(here: int, length: int) -> None:
        starts = [here]
        other = twin(state, here)
        if other >= 0:
            starts.append(other)
        for start in starts:
            for edge, seg_index, far in net.exits.get(start, ()):
                key = state.place_key(far)
                if key in visited:
                    continue
                counted = rules.counts_stop(state, far, colour)
                new_length = length + 1 if counted else length
                if new_length > loco or (not counted and new_length + 1 > loco):
                    continue
                seg = net.segments[seg_index]
                mark = len(entered)
                steps.append((start, edge))
                stops.append(far)
                owners.append(seg.owner)
                entered.extend(seg.hexes)
                if not state.is_town(far):
                    entered.append(far)
                is_city = state.is_city(far)
                if is_city and state.city_colour(far) == colour:
                    record(far)
                else:
                    if state.is_town(far) and rules.town_accepts(colour):
                        record(far)
                    visited.add(key)
                    go(far, new_length)
                    visited.discard(key)
                del entered[mark:]
                owners.pop()
                stops.pop()
                steps.pop()

    go(source, 0)


def options(state: AgeOfSteamState) -> list[Action]:
    seat = state.queue[state.qpos]
    found = routes(state, seat)
    state.offered_routes = found
    result: list[Action] = [r.action for r in found]
    if can_raise(state, seat):
        result.append(RaiseLocomotive())
    result.append(PassMove())
    return result


def can_raise(state: AgeOfSteamState, seat: int) -> bool:
    return (str(seat) not in state.loco_used
            and state.loco[seat] < config().start("max_locomotive"))


def refusal(state: AgeOfSteamState, action: Action) -> str:
    if isinstance(action, RaiseLocomotive):
        return "The locomotive can go up once a turn, to 6 at most."
    if isinstance(action, Deliver):
        return ("No such delivery: the route must use complete links, no longer than your "
                "locomotive, end at the first city of the good's colour, visit no place twice "
                "and you must afford any ferry fee.")
    return f"'{action.to_str()}' is not possible while moving goods."


def source_refusal(state: AgeOfSteamState, h: int) -> str | None:
    """Why no good leaves the place at `h` for the player moving now, in words (a click on
    a city without a ringed good); None if `h` is not a city or pyramid."""
    mp = state.map
    key = mp.cities[mp.city_of_hex[h]].hexes[0] if h in mp.city_of_hex else h
    if key not in state.goods and key not in state.pyramids:
        return None
    name = state.place_name(h)
    if state.rules.flooded(state, key):
        return f"{name} is flooded this turn: no good can leave it."
    if not dict(sources(state)).get(key):
        return f"{name} has no goods to move."
    seat = state.current_player or 0
    links = count(state.loco[seat], "link")
    return (f"No good at {name} can reach a city of its colour now: a delivery runs over "
            f"complete links, at most {links} with your locomotive.")


def route_of(state: AgeOfSteamState, seat: int, action: Deliver) -> Route:
    for route in state.offered_routes or routes(state, seat):
        if route.action == action:
            return route
    raise AssertionError("a legal delivery has a route")


def apply(state: AgeOfSteamState, action: Action) -> Step:
    """A delivery, a locomotive raise or a pass; the last one of the second round hands
    over to the end of the turn (`Phase.PRODUCTION`: income, expenses, growth)."""
    seat = state.queue[state.qpos]
    events: list[Event]
    if isinstance(action, RaiseLocomotive):
        state.loco[seat] += 1
        state.loco_used += str(seat)
        events = [LocomotiveRaised(seat, state.loco[seat])]
    elif isinstance(action, Deliver):
        events = deliver(state, seat, route_of(state, seat, action))
    else:
        events = [MovePassed(seat)]
    state.qpos += 1
    if state.qpos >= len(state.queue):
        return Step(events, Phase.PRODUCTION)
    return Step(events)


def deliver(state: AgeOfSteamState, seat: int, route: Route) -> list[Event]:
    colour = route.action.colour
    source = state.map.hex_at(route.action.source)
    if source in state.pyramids:
        slots = state.pyramids[source]
        slot = next(i for i in accessible(slots) if slots[i] == colour)
        slots[slot] = ""
    else:
        state.goods[source].remove(colour)
    for owner, amount in route.income.items():
        state.income[owner] += amount
    if route.fee:
        state.cash[seat] -= route.fee
        ferry = state.holder("ferry")
        if ferry >= 0:
            state.cash[ferry] += route.fee
    notes = state.rules.after_delivery(state, seat, colour)
    path = (route.action.source, *(state.map.label(h) for h in route.entered))
    events: list[Event] = [GoodDelivered(
        seat, colour, state.place_name(source), state.place_name(route.destination), path,
        tuple(sorted(route.income.items())), route.fee, "kept" in notes)]
    if "shares" in notes:
        events.append(SharesReturned(seat, state.shares[seat]))
    return events


__all__ = ["DIRECTION_NAMES", "Route", "accessible", "begin", "deliver", "options", "routes"]
