"""Track laying: draw onto the shared row, then build across the first card or pass.

Rails available (VK-5) = printed rails of every card in the face-up row + printed rails
of every card still in front of the player's locomotive (the one being crossed included)
+ bonus cards the player spends + rails bought at the rail price. A build states how many
bonus cards it spends and how many rails it buys; only combinations that cover exactly
the rails still missing are offered (spending more would waste cards or money).

"Cheapest" build (`KapState.cheapest_build`; the rail counts are queries of state.py):
the one that pays the fewest pounds, which is the one spending the most bonus cards.
Pounds buy both rails and auction bids (and break ties at the end), while a bonus card is
worth one rail and nothing else, and holding fewer of them leaves room under the cap of 5
for new river bonuses. So bonus cards are always spent before money in the default offer.

After a build (VK-6): rails bought are paid from the capital before the crossing's coins
come in (house ruling VK-11: you cannot pay with the coins of the card you are crossing);
the coins are added; the card is flipped; the row and the spent bonus cards go to the
discards; every other player whose next uncrossed card is a River gets a bonus card
(most 5), from the top of the discards or else from the draw pile. Crossing the last
card needed ends the game at once (VK-8), without dealing those bonus cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Event
from nile.games.kap_kairo.rules.actions import Build, CardDraw, Pass
from nile.games.kap_kairo.rules.common import (
    BEGIN_AUCTION,
    BONUS,
    DECIDE,
    DRAW,
    OVER,
    Step,
    chain,
)
from nile.games.kap_kairo.rules.deck import COINS, NAMES, NEED, RIVER, RULES, TERRAIN
from nile.games.kap_kairo.rules.events import (
    BonusDealt,
    BonusMissed,
    Built,
    CoinsGained,
    Deadlock,
    GameWon,
    RowDiscarded,
    nothing_to_draw,
    passed,
    phase_changed,
    row_card_drawn,
)

if TYPE_CHECKING:
    from nile.games.kap_kairo.rules.state import KapState

# Turns ---------------------------------------------------------------------------------


def start_track_laying(state: KapState, starter: int) -> Step:
    """Track laying opens with the highest bidder of the last auction (VK-5)."""
    state.turn = starter
    state.idle = 0
    return [phase_changed("track laying", state.auction, starter), *start_turn(state)], None


def start_turn(state: KapState) -> list[Event]:
    """The player to move turns up a card (chance), or cannot (nothing left, VK-7)."""
    events = state.refill_draw_pile()
    if state.pool:
        state.step = DRAW
        return events
    state.drew = False
    state.step = DECIDE
    events.append(nothing_to_draw(state.turn))
    return events


def draw_row_card(state: KapState, action: CardDraw) -> Step:
    """Chance turned a card onto the shared row."""
    card = action.card
    state.pool.remove(card)
    state.row.append(card)
    state.drew = True
    state.step = DECIDE
    return [row_card_drawn(state.turn, card)], None


def pass_turn(state: KapState, action: Pass) -> Step:
    """Play moves left; a full round of passes with nothing to draw ends the game (VK-7)."""
    events: list[Event] = [passed(state.turn)]
    if state.drew:
        state.idle = 0
    else:
        state.idle += 1
        if state.idle >= state.players:
            return events + _deadlock(state), None
    state.turn = (state.turn + 1) % state.players
    return events + start_turn(state), None


def _deadlock(state: KapState) -> list[Event]:
    state.step = OVER
    state.end = "deadlock"
    ranking = state.ranking()
    winners = tuple(s for s, place in enumerate(ranking) if place == 1)
    state.winner = winners[0] if len(winners) == 1 else None
    return [Deadlock(winners)]


# Building ------------------------------------------------------------------------------


def build(state: KapState, action: Build) -> Step:
    """Cross the first card of the player to move (legality checked by the caller)."""
    bonus, buy = action.bonus, action.buy
    seat = state.turn
    column = state.columns[seat]
    card = column[0]
    built = Built(
        seat,
        card,
        NEED[card],
        state.row_rails(),
        state.column_rails(seat),
        bonus,
        buy,
        buy * RULES.rail_price,
    )
    ledger = state.ledger[seat]
    if buy:
        state.capital[seat] -= built.cost  # VK-11: paid before the coins come in
        ledger.append(("rails", built.cost, state.capital[seat]))
    state.capital[seat] += COINS[card]
    ledger.append(("income", COINS[card], state.capital[seat]))
    column.pop(0)
    state.crossed[seat].append(card)
    hand = state.bonus[seat]
    spent = hand[len(hand) - bonus :] if bonus else []
    del hand[len(hand) - len(spent) :]
    if spent and state.secret:
        state.secret = [c for c in state.secret if c not in spent]
    discarded_row = tuple(state.row)
    state.discards.extend(state.row)
    state.discards.extend(spent)
    state.row = []
    events: list[Event] = [
        built,
        CoinsGained(seat, COINS[card], state.capital[seat]),
        RowDiscarded(discarded_row, tuple(spent)),
    ]
    if len(state.crossed[seat]) >= RULES.win_crossings:  # VK-8
        state.step = OVER
        state.end = "won"
        state.winner = seat
        return [*events, GameWon(seat, len(state.crossed[seat]))], None
    for step in range(1, state.players):
        other = (seat + step) % state.players
        events += _owe_river_bonus(state, other)
    return chain(events, _continue_after_build(state))


def _owe_river_bonus(state: KapState, seat: int) -> list[Event]:
    """Queue a bonus card if `seat`'s NEXT card is a River (not one further down)."""
    column = state.columns[seat]
    if not column or TERRAIN[column[0]] != RIVER:
        return []
    if len(state.bonus[seat]) >= RULES.bonus_cap:
        return [BonusMissed(seat, f"they already hold {RULES.bonus_cap} bonus cards")]
    state.bonus_queue.append(seat)
    return []


def _river_reason(state: KapState, seat: int) -> str:
    return f"their next card is the River {NAMES[state.columns[seat][0]]}"


def _continue_after_build(state: KapState) -> Step:
    """Deal the owed bonus cards; then an auction if the builder ran out, else go on."""
    events: list[Event] = []
    while state.bonus_queue:
        seat = state.bonus_queue[0]
        if state.discards:
            state.bonus[seat].append(state.discards.pop())
            state.bonus_queue.pop(0)
            events.append(
                BonusDealt(seat, "discards", _river_reason(state, seat), len(state.bonus[seat]))
            )
        elif state.pool:
            state.step = BONUS
            return events, None
        else:
            state.bonus_queue.pop(0)
            events.append(BonusMissed(seat, "no card is left in the discards or the pile"))
    if not state.columns[state.turn]:
        return events, BEGIN_AUCTION
    return events + start_turn(state), None


def bonus_from_pile(state: KapState, action: CardDraw) -> Step:
    """Chance: the owed bonus card comes face down off the draw pile (nobody sees it)."""
    card = action.card
    seat = state.bonus_queue.pop(0)
    state.pool.remove(card)
    state.bonus[seat].append(card)
    state.secret.append(card)
    state.secret.sort()
    events: list[Event] = [
        BonusDealt(seat, "pile", _river_reason(state, seat), len(state.bonus[seat]))
    ]
    return chain(events, _continue_after_build(state))
