"""Phase SETUP (LC-3, LC-9, LC-12): chance lays the starting railway card by card, sets
cards aside, deals the hands and picks the start player, who then draws (phase DRAW)."""

from __future__ import annotations

from nile.core.game import Action, Event
from nile.games.loose_caboose.rules.actions import Draw, StartPlayer
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.events import (
    CabooseSetOff,
    CardDealt,
    CardSetAside,
    StartingCardLaid,
    StartPlayerChosen,
)
from nile.games.loose_caboose.rules.phases import Phase, SetupStep
from nile.games.loose_caboose.rules.state import DATA, Step, Table


def outcomes(table: Table) -> list[tuple[Action, float]]:
    """The next card off the pile, or at the end any seat as the start player."""
    if table.setup_step() is SetupStep.START:
        return [(StartPlayer(seat), 1 / table.players) for seat in range(table.players)]
    return table.draw_outcomes()


def possible(table: Table, action: Action) -> bool:
    """Whether `action` is among `outcomes(table)`, without listing them."""
    if table.setup_step() is SetupStep.START:
        return isinstance(action, StartPlayer) and 0 <= action.seat < table.players
    return table.can_draw(action)


def act(table: Table, action: Action) -> Step:
    """One setup step; the start player's choice ends the setup."""
    if isinstance(action, StartPlayer):
        table.seat = action.seat
        return [StartPlayerChosen(action.seat)], Phase.DRAW
    assert isinstance(action, Draw)
    return _place(table, action.card), Phase.SETUP


def _place(table: Table, card: Card) -> list[Event]:
    """The drawn card goes where the setup stands: the railway, aside, or a hand."""
    step = table.setup_step()
    table.pile.take(card)
    if step is SetupStep.RAILWAY:
        return _lay_starting_card(table, card)
    if step is SetupStep.SET_ASIDE:
        table.removed.append(card)
        return [CardSetAside(len(table.removed), table.removal_count)]
    seat = sum(len(hand) for hand in table.hands) % table.players
    table.hands[seat].append(card)
    return [CardDealt(seat, card)]


def _lay_starting_card(table: Table, card: Card) -> list[Event]:
    """Starting cards go west to east around (0, 0); the last one is the front (LC-12)."""
    middle = DATA.setup.railway_cards // 2
    cell = (len(table.railway) - middle, 0)
    table.railway.lay(card, cell)
    events: list[Event] = [StartingCardLaid(card, cell)]
    if len(table.railway) == DATA.setup.railway_cards:
        events.append(CabooseSetOff(table.railway.caboose_cell, table.railway.front_cell))
    return events
