"""The Egyptian Rail Baron Gods: choosing them and their powers (CC-5, invented powers).

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
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import GodChosen, MoneyChanged
from nile.games.cleopatra.rules.moves import ChooseGod

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
RA, THOTH, HATHOR, ANUBIS, ISIS, HORUS, SET = (D.god(name) for name in (
    "Ra", "Thoth", "Hathor", "Anubis", "Isis", "Horus", "Set"))
SET_GIFT = 5
HATHOR_DISCOUNT = 2
ISIS_BONUS = 2
HORUS_DISCOUNT = 4


def legal(state: CleopatraState) -> list[Action]:
    taken = set(state.gods)
    return [ChooseGod(g) for g in range(len(D.gods)) if g not in taken]


def apply(state: CleopatraState, action: Action) -> list[Event]:
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
    if state.god_pick == state.players:
        events += state.begin_actions()
    return events


# Powers ---------------------------------------------------------------------------------


def auction_picks(state: CleopatraState, seat: int) -> int:
    return 2 if state.gods[seat] == THOTH else 1


def track_cost(state: CleopatraState, seat: int, printed: int) -> int:
    if state.gods[seat] == HATHOR:
        return max(0, printed - HATHOR_DISCOUNT)
    return printed


def actions_allowed(state: CleopatraState, seat: int) -> int:
    """Actions this turn; with Anubis the third one must be Draw City Cards."""
    return 3 if state.gods[seat] == ANUBIS else 2


def ship_bonus(state: CleopatraState, seat: int) -> int:
    return ISIS_BONUS if state.gods[seat] == ISIS else 0


def pyramid_cost(state: CleopatraState, seat: int, bonus: int) -> int:
    cost = 2 * bonus
    if state.gods[seat] == HORUS:
        return max(0, cost - HORUS_DISCOUNT)
    return cost
