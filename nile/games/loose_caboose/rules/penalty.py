"""Phase PENALTY: the penalties a turn owes are paid, in order (LC-5, LC-6, LC-7); then the
turn ends (phase DRAW for the next player, or OVER after the last turn, LC-8).

A pass and a throw hand over to this phase with penalties owed (`Table.pending`, maybe
none): `settle` pays them from the back of the railway while the back is not the
caboose's card; a penalty that needs the draw pile stops the turn in this phase for a
chance draw (`act`), after which `settle` goes on. With the pile empty the discards
become the pile; with no discards either, the penalty is waived.

Not to be confused with `penalty_pile.py`, a player's pile of penalty cards.
"""

from __future__ import annotations

from nile.core.game import Action, Event
from nile.games.loose_caboose.rules.actions import Draw
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.events import (
    DiscardsReshuffled,
    PenaltiesCancelled,
    PenaltyWaived,
    card_banked,
    penalty_taken,
)
from nile.games.loose_caboose.rules.phases import Penalty, Phase
from nile.games.loose_caboose.rules.railway import Cell
from nile.games.loose_caboose.rules.state import Step, Table


def outcomes(table: Table) -> list[tuple[Action, float]]:
    return table.draw_outcomes()


def possible(table: Table, action: Action) -> bool:
    return table.can_draw(action)


def act(table: Table, action: Action) -> Step:
    """A penalty card from the draw pile; then the rest of what is owed."""
    assert isinstance(action, Draw)
    card = action.card
    last_card = table.take_from_pile(card)
    events = _receive(table, card, None) + last_card
    more, phase = settle(table)
    return events + more, phase


def settle(table: Table) -> Step:
    """Pay what is owed until a penalty needs the draw pile (stay in PENALTY for chance)
    or nothing is owed (the turn is over)."""
    events: list[Event] = []
    while table.pending:
        if not table.railway.back_is_caboose:
            card, cell = table.railway.take_back()
            events += _receive(table, card, cell)
            continue
        if not table.pile and table.discard:
            events.append(_reshuffle(table))
        if not table.pile:
            table.pending.pop(0)
            events.append(PenaltyWaived(table.seat))
            continue
        return events, Phase.PENALTY
    return events, _end_turn(table)


def _receive(table: Table, card: Card, from_cell: Cell | None) -> list[Event]:
    """The first owed penalty is paid with `card` (`from_cell` None: from the pile)."""
    seat, pile = table.seat, table.penalties[table.seat]
    if table.pending.pop(0) is Penalty.BANK:
        assert from_cell is not None, "banks are paid first, from the railway (LC-11)"
        pile.bank(card)
        return [card_banked(seat, card, from_cell)]
    events: list[Event] = [penalty_taken(seat, card, from_cell)]
    cancelled = pile.take(card)
    if cancelled is not None:
        table.discard += [cancelled, card]
        events.append(PenaltiesCancelled(seat, card.value))
    return events


def _reshuffle(table: Table) -> Event:
    """LC-6: the discards become the draw pile, which is unordered anyway."""
    count = len(table.discard)
    for card in table.discard:
        table.pile.add(card)
    table.discard.clear()
    return DiscardsReshuffled(count)


def _end_turn(table: Table) -> Phase:
    """The turn is over: the game too after the last turn, else the next player draws."""
    table.laid.clear()
    if table.final_turn:
        return Phase.OVER
    table.seat = (table.seat + 1) % table.players
    return Phase.DRAW
