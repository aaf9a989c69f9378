"""Land purchase: turn up land, secret bids, the choosing order, taking the cards.

The simultaneous secret bids are modelled as bids written one after another in seat
order; a written bid stays hidden from the others (see `KapState.observation`) until the
last one is in, then all are revealed at once (VK-3). Choosing order (VK-4): highest bid
first; equal bids: smaller capital after paying first; still equal: a draw duel, higher
coin first, redrawn while tied, drawn cards discarded.

House ruling VK-9 (the rulebook is silent; these need a deck nearly used up):
- if fewer cards can be turned up than there are players, the last choosers get none,
  and with no card at all the auction is skipped;
- if a duel cannot be drawn (draw pile and discards together hold fewer cards than the
  tied players), the tie goes in seat order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Event
from nile.games.kap_kairo.rules.actions import Bid, CardDraw, Take
from nile.games.kap_kairo.rules.common import (
    BEGIN_TRACK_LAYING,
    BID,
    CHOOSE,
    DUEL,
    REVEAL,
    Step,
    chain,
)
from nile.games.kap_kairo.rules.deck import COINS
from nile.games.kap_kairo.rules.events import (
    AuctionSkipped,
    BidsRevealed,
    ChoosingOrder,
    DuelDraw,
    DuelRound,
    DuelStarted,
    NoCardLeft,
    TieByCapital,
    TieBySeat,
    bid_placed,
    card_chosen,
    card_revealed,
    phase_changed,
)

if TYPE_CHECKING:
    from nile.games.kap_kairo.rules.state import KapState


def start_auction(state: KapState) -> Step:
    """A new land purchase: clear the last auction and turn up land."""
    state.auction += 1
    state.bids = [None] * state.players
    state.groups, state.duel, state.duel_cards, state.order = [], [], [], []
    state.chooser = 0
    return chain([phase_changed("auction", state.auction)], _continue_reveal(state))


def _continue_reveal(state: KapState) -> Step:
    if len(state.display) < state.players:
        events = state.refill_draw_pile()
        if state.pool:
            state.step = REVEAL
            return events, None
    else:
        events = []
    if not state.display:  # VK-9: nothing to auction
        events.append(AuctionSkipped())
        return events, BEGIN_TRACK_LAYING[state.turn]
    state.step = BID
    return events, None


def reveal_card(state: KapState, action: CardDraw) -> Step:
    """Chance turned a card face up for the auction."""
    card = action.card
    state.pool.remove(card)
    state.display.append(card)
    return chain([card_revealed(card)], _continue_reveal(state))


def place_bid(state: KapState, action: Bid) -> Step:
    """The next seat without a bid writes one; the last bid reveals them all."""
    seat, amount = state.bids.index(None), action.amount
    state.bids[seat] = amount
    state.ledger[seat].append(("bid", amount, state.capital[seat] - amount))
    events: list[Event] = [bid_placed(seat, amount)]
    if None in state.bids:
        return events, None
    return chain(events, _reveal_bids(state))


def _reveal_bids(state: KapState) -> Step:
    bids = [b or 0 for b in state.bids]
    for seat, bid in enumerate(bids):
        state.capital[seat] -= bid
    events: list[Event] = [BidsRevealed(tuple(bids), tuple(state.capital))]
    ranked = sorted(range(state.players), key=lambda s: (-bids[s], state.capital[s], s))
    groups: list[list[int]] = []
    for seat in ranked:
        previous = groups[-1][0] if groups else None
        if (
            previous is not None
            and bids[previous] == bids[seat]
            and state.capital[previous] == state.capital[seat]
        ):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    for bid in sorted(set(bids), reverse=True):
        same_bid = [s for s in ranked if bids[s] == bid]
        if len(same_bid) > 1 and len({state.capital[s] for s in same_bid}) > 1:
            events.append(TieByCapital(tuple(same_bid)))
    state.groups = groups
    return chain(events, _settle_order(state))


def _settle_order(state: KapState) -> Step:
    """Duel the first tied group, or fix the order once every tie is broken."""
    for index, group in enumerate(state.groups):
        if len(group) == 1:
            continue
        if len(state.pool) + len(state.discards) >= len(group):
            state.step = DUEL
            state.duel = sorted(group)
            state.duel_cards = []
            events: list[Event] = [DuelStarted(tuple(state.duel))]
            return events + state.refill_draw_pile(), None
        seat_order = sorted(group)  # VK-9: no cards left for a duel
        state.groups[index : index + 1] = [[s] for s in seat_order]
        return chain([TieBySeat(tuple(seat_order))], _settle_order(state))
    state.order = [group[0] for group in state.groups]
    state.groups = []
    state.step = CHOOSE
    state.chooser = 0
    return chain([ChoosingOrder(tuple(state.order))], _continue_choosing(state))


def duel_draw(state: KapState, action: CardDraw) -> Step:
    """Chance drew a card for the next player of the duel round."""
    card = action.card
    seat = state.duel[len(state.duel_cards)]
    state.pool.remove(card)
    state.duel_cards.append(card)
    events: list[Event] = [DuelDraw(seat, card)]
    if len(state.duel_cards) < len(state.duel):
        return events + state.refill_draw_pile(), None
    coins = {s: COINS[c] for s, c in zip(state.duel, state.duel_cards, strict=True)}
    ranked = sorted(state.duel, key=lambda s: -coins[s])
    split: list[list[int]] = []
    for seat in ranked:
        if split and coins[split[-1][0]] == coins[seat]:
            split[-1].append(seat)
        else:
            split.append([seat])
    index = next(i for i, g in enumerate(state.groups) if len(g) > 1)
    state.groups[index : index + 1] = split
    tied = tuple(s for g in split if len(g) > 1 for s in g)
    events.append(DuelRound(tuple(state.duel), tuple(state.duel_cards), tuple(ranked), tied))
    state.discards.extend(state.duel_cards)
    state.duel, state.duel_cards = [], []
    return chain(events, _settle_order(state))


def take_card(state: KapState, action: Take) -> Step:
    """The chooser takes a card: it joins the END of their column."""
    return chain(_give(state, action.card, forced=False), _continue_choosing(state))


def _give(state: KapState, card: int, forced: bool) -> list[Event]:
    seat = state.order[state.chooser]
    state.display.remove(card)
    state.columns[seat].append(card)
    state.chooser += 1
    return [card_chosen(seat, card, len(state.columns[seat]), forced)]


def _continue_choosing(state: KapState) -> Step:
    """Skip players with no choice (one card left: it is theirs; none: VK-9); once every
    chooser has a card, track laying begins with the first of them (VK-5)."""
    events: list[Event] = []
    while state.chooser < len(state.order):
        if len(state.display) > 1:
            return events, None
        if state.display:
            events += _give(state, state.display[0], forced=True)
        else:
            events.append(NoCardLeft(state.order[state.chooser]))
            state.chooser += 1
    return events, BEGIN_TRACK_LAYING[state.order[0]]

