"""The Egyptian Rail Baron Gods' powers, as queries on a state (CC-5, invented powers).

1 Ra: none. 2 Thoth: two Auction cards. 3 Hathor: Construct Track costs 2 Florin less.
4 Anubis: a third action, which must be Draw City Cards. 5 Isis: +2 Florin per Ship Fruit.
6 Horus: pyramids cost 4 Florin less. 7 Set: 5 Florin when chosen. Discounts never take a
cost below 0.

The bottom floor of the rules: the action phase, the bots and the table ask these, and
choosing a god (`gods.py`) only pays Set's gift; no phase module is imported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.data import game_data

if TYPE_CHECKING:
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
RA, THOTH, HATHOR, ANUBIS, ISIS, HORUS, SET = (D.god(name) for name in (
    "Ra", "Thoth", "Hathor", "Anubis", "Isis", "Horus", "Set"))
SET_GIFT = 5
HATHOR_DISCOUNT = 2
ISIS_BONUS = 2
HORUS_DISCOUNT = 4


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
