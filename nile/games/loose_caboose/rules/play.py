"""Phase PLAY: the player lays cards of one value one by one (LC-3), then rolls (phase
DICE); or, having laid nothing, passes (LC-7): the caboose moves one card unless it is on
the front, and one face-up penalty card is owed (phase PENALTY pays it).

The one source of what a player may do (`legal_actions`) and of why anything else is
refused (`why_illegal`), in words a player can read.
"""

from __future__ import annotations

from functools import lru_cache

from nile.core.game import Action, Event
from nile.games.loose_caboose.rules import caboose
from nile.games.loose_caboose.rules.actions import Dice, Draw, Lay, Pass, Roll, StartPlayer
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.events import Passed, card_laid, roll_started
from nile.games.loose_caboose.rules.phases import Penalty, Phase
from nile.games.loose_caboose.rules.railway import Cell
from nile.games.loose_caboose.rules.state import Step, Table

ROLL, PASS = Roll(), Pass()


@lru_cache(maxsize=4096)
def lay_action(card: Card, cell: Cell) -> Lay:
    """The `Lay` of a card in a cell, built once: the bots' search trees find their
    children by action, and the same object compares at once."""
    return Lay(card.value, cell, card.broken)


def legal_actions(table: Table) -> list[Action]:
    """Every card that may be laid in every open cell, then roll (cards laid) or pass."""
    cells = table.railway.open_cells()
    actions: list[Action] = [lay_action(card, cell)
                             for card in table.layable_cards() for cell in cells]
    actions.append(ROLL if table.laid else PASS)
    return actions


def is_legal(table: Table, action: Action) -> bool:
    """Whether `action` is in `legal_actions(table)`, from the same parts, without listing
    them all (apply runs on every move of every bot rollout)."""
    if isinstance(action, Lay):
        card = action.card
        if table.laid and card.value != table.laid[0].value:
            return False
        return card in table.hands[table.seat] and action.cell in table.railway.open_cells()
    if isinstance(action, Roll):
        return bool(table.laid)
    if isinstance(action, Pass):
        return not table.laid
    return False


def why_illegal(table: Table, action: Action) -> str:
    """The reason a player's `action` is refused (`is_legal` decided that it is)."""
    if isinstance(action, Draw | Dice | StartPlayer):
        return "Cards and dice are up to chance, not to a player."
    if isinstance(action, Pass):
        return "You have laid cards this turn, so you cannot pass: roll the dice."
    if isinstance(action, Roll):
        return "Lay at least one card before rolling, or pass."
    if isinstance(action, Lay):
        card = action.card
        if card not in table.hands[table.seat]:
            return f"You have no {card.name.removeprefix('a ')} in your hand."
        if table.laid and card.value != table.laid[0].value:
            return (f"This turn you lay {table.laid[0].value}s only: all cards laid in one "
                    "turn have the same value.")
        if not table.railway.open_cells():
            return "There is no free cell at the front of the railway for another card."
        reason = table.railway.why_closed(action.cell)
        if reason is not None:
            return reason
    return f"'{action.to_str()}' is not a legal move now."


def act(table: Table, action: Action) -> Step:
    """A legal lay, roll or pass."""
    if isinstance(action, Lay):
        card = action.card
        table.hands[table.seat].remove(card)
        table.railway.lay(card, action.cell)
        table.laid.append(card)
        return [card_laid(table.seat, card, action.cell)], Phase.PLAY
    if isinstance(action, Roll):
        return [roll_started(table.seat, table.dice_to_roll)], Phase.DICE
    assert isinstance(action, Pass)
    return _pass(table), Phase.PENALTY


def _pass(table: Table) -> list[Event]:
    """LC-7: one card forward unless on the front, then one penalty card owed."""
    events: list[Event] = [Passed(table.seat)]
    if table.railway.cards_ahead:
        events += caboose.run(table, 1)
    table.pending.append(Penalty.TAKE)
    return events
