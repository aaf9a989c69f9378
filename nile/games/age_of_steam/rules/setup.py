"""Setting up: goods drawn from the bag onto cities, pyramids and the display, then the
first turn order, each as a chance action (the bag is an unordered pool of counts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Action
from nile.games.age_of_steam.rules.actions import Draw, FirstSeat
from nile.games.age_of_steam.rules.config import COLOURS
from nile.games.age_of_steam.rules.events import GoodDrawn, TurnOrderSet
from nile.games.age_of_steam.rules.phases import Phase, Step

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


def start(state: AgeOfSteamState) -> None:
    """Fixed goods in place; the chance draws queued; then the order picks."""
    state.pending = state.rules.setup_goods(state)
    state.pending += ["order"] * (state.players - 1)
    state.phase = Phase.SETUP
    _skip_empty_bag(state)


def _skip_empty_bag(state: AgeOfSteamState) -> None:
    while state.pending and state.pending[0] != "order" and sum(state.bag.values()) == 0:
        state.pending.pop(0)


DRAWS: dict[str, Draw] = {c: Draw(c) for c in COLOURS}
"""One `Draw` per colour, made once: the bag is drawn from all game long (and a frozen
dataclass is slow to make, issue 33 item 6)."""


def bag_outcomes(state: AgeOfSteamState) -> list[tuple[Action, float]]:
    total = sum(state.bag.values())
    return [(DRAWS[c], state.bag[c] / total) for c in COLOURS if state.bag.get(c, 0) > 0]


def outcomes(state: AgeOfSteamState) -> list[tuple[Action, float]]:
    if state.pending and state.pending[0] == "order":
        free = [s for s in range(state.players) if s not in state.order]
        return [(FirstSeat(s), 1 / len(free)) for s in free]
    return bag_outcomes(state)


def put_good(state: AgeOfSteamState, token: str, colour: str) -> str:
    """Place a drawn good where `token` says; returns the place's name for the log."""
    kind, _, where = token.partition(":")
    if kind == "city":
        h = int(where)
        state.goods[h].append(colour)
        return state.place_name(h)
    if kind == "row":
        state.display[where].append(colour)
        return f"display row {where}"
    h = int(where)
    slots = state.pyramids[h]
    slots[slots.index("")] = colour
    return state.place_name(h)


def apply(state: AgeOfSteamState, action: Action) -> Step:
    """A chance draw or a first-turn-order pick; the last pick hands over to the first
    turn (`Phase.SHARES`)."""
    token = state.pending.pop(0)
    if isinstance(action, FirstSeat):
        state.order.append(action.seat)
        if not state.pending:
            state.order += [s for s in range(state.players) if s not in state.order]
            return Step([TurnOrderSet(tuple(state.order))], Phase.SHARES)
        return Step([])
    assert isinstance(action, Draw)
    state.take_from_bag(action.colour)
    place = put_good(state, token, action.colour)
    _skip_empty_bag(state)
    return Step([GoodDrawn(action.colour, place)])
