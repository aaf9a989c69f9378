"""The god phase: choosing the Egyptian Rail Baron Gods (CC-5); their powers are `powers.py`.

After the auction each player, in turn order, takes one god from the display. The action
phase then runs from the lowest-numbered god to the highest. Powers (the god wins where
it contradicts the rules):
1 Ra: none. 2 Thoth: two Auction cards. 3 Hathor: Construct Track costs 2 Florin less.
4 Anubis: a third action, which must be Draw City Cards. 5 Isis: +2 Florin per Ship Fruit.
6 Horus: pyramids cost 4 Florin less. 7 Set: 5 Florin when chosen.
Discounts never take a cost below 0.

New ruling CC-18 (Anubis): the three actions may come in any order; at most two of them
are other than Draw City Cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.games.cleopatra.rules.actions import ChooseGod
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import GodChosen, MoneyChanged
from nile.games.cleopatra.rules.phases import ACTIONS, GODS, Step
from nile.games.cleopatra.rules.powers import SET, SET_GIFT

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()


def begin(state: CleopatraState) -> list[Event]:
    """After the auction: the first in turn order chooses first."""
    state.phase = GODS
    state.god_pick = 0
    return []


def legal(state: CleopatraState) -> list[Action]:
    taken = set(state.gods)
    return [ChooseGod(g) for g in range(len(D.gods)) if g not in taken]


def apply(state: CleopatraState, action: Action) -> Step:
    """Take a god; once every seat holds one, the action phase is next."""
    if not isinstance(action, ChooseGod):
        raise IllegalAction("Choose an Egyptian Rail Baron God first.")
    if not 0 <= action.god < len(D.gods):
        raise IllegalAction("There is no such god.")
    if action.god in state.gods:
        raise IllegalAction(f"{D.gods[action.god].name} has already been chosen.")
    seat = state.order[state.god_pick]
    state.gods[seat] = action.god
    events: list[Event] = [GodChosen(seat, action.god)]
    if action.god == SET:
        state.money[seat] += SET_GIFT
        events.append(MoneyChanged(seat, SET_GIFT, "Set"))
    state.god_pick += 1
    return Step(events, ACTIONS if state.god_pick == state.players else None)
