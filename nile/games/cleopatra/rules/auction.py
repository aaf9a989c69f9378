"""Phase 1: the auction for turn order (CC-7).

From the Start Player round the table, each player still in bids more than the high bid
(whole Florin, at most their money) or passes. A passing player takes the last free
turn-order space; the last one left takes the first space. Payment: the first to pass
pays nothing, the last two in the auction pay their full bid, everyone else half of it,
rounded up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.games.cleopatra.rules.actions import Bid, Pass
from nile.games.cleopatra.rules.events import AuctionPassed, AuctionWon, BidPlaced, MoneyChanged
from nile.games.cleopatra.rules.phases import AUCTION, GODS, Step

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState


def begin(state: CleopatraState) -> list[Event]:
    """A fresh auction, opened by the Start Player."""
    n = state.players
    state.phase = AUCTION
    state.bids = [0] * n
    state.active = [1] * n
    state.order = [-1] * n
    state.gods = [-1] * n
    state.high_bid = state.passes = state.god_pick = 0
    state.bidder = state.start_player
    return []


def legal(state: CleopatraState) -> list[Action]:
    money = state.money[state.bidder]
    actions: list[Action] = [Pass()]
    actions += [Bid(amount) for amount in range(state.high_bid + 1, money + 1)]
    return actions


def apply(state: CleopatraState, action: Action) -> Step:
    """A bid or a pass; once all but one have passed, the gods are chosen next."""
    seat = state.bidder
    if isinstance(action, Bid):
        if action.amount <= state.high_bid:
            raise IllegalAction(f"A bid must be more than {state.high_bid} Florin.")
        if action.amount > state.money[seat]:
            raise IllegalAction(f"You have only {state.money[seat]} Florin to bid.")
        state.bids[seat] = state.high_bid = action.amount
        state.bidder = _next_bidder(state, seat)
        return Step([BidPlaced(seat, action.amount)])
    if isinstance(action, Pass):
        return _pass(state, seat)
    raise IllegalAction("During the auction you may only bid or pass.")


def _next_bidder(state: CleopatraState, seat: int) -> int:
    n = state.players
    for step in range(1, n + 1):
        other = (seat + step) % n
        if state.active[other]:
            return other
    return seat


def _pass(state: CleopatraState, seat: int) -> Step:
    n = state.players
    position = n - 1 - state.passes
    state.order[position] = seat
    state.active[seat] = 0
    state.passes += 1
    events: list[Event] = [AuctionPassed(seat, position + 1)]
    if state.passes < n - 1:
        state.bidder = _next_bidder(state, seat)
        return Step(events)
    winner = next(s for s in range(n) if state.active[s])
    state.active[winner] = 0
    state.order[0] = winner
    events.append(AuctionWon(winner, state.bids[winner]))
    events += _collect_payments(state)
    return Step(events, GODS)


def payment(position: int, bid: int, players: int) -> int:
    """CC-7: what the player on turn-order `position` (0 = first) pays for `bid`."""
    if position == players - 1:
        return 0
    if position <= 1:
        return bid
    return -(-bid // 2)


def _collect_payments(state: CleopatraState) -> list[Event]:
    events: list[Event] = []
    for position, seat in enumerate(state.order):
        pay = payment(position, state.bids[seat], state.players)
        if pay:
            state.money[seat] -= pay
            events.append(MoneyChanged(seat, -pay, "auction bid"))
    return events
