"""Phase DICE: chance throws one die per point of the laid value (LC-2), all at once
(LC-15); the caboose runs that many cards (`caboose.run`) and the penalties it owes are
paid in phase PENALTY."""

from __future__ import annotations

from nile.core.game import Action, Event
from nile.games.loose_caboose.rules import caboose
from nile.games.loose_caboose.rules.actions import Dice
from nile.games.loose_caboose.rules.events import dice_rolled
from nile.games.loose_caboose.rules.phases import Phase
from nile.games.loose_caboose.rules.state import DATA, Step, Table

THROWS: dict[int, list[tuple[Action, float]]] = {
    dice: [(Dice(wheels), float(chance)) for wheels, chance in DATA.dice.throw_odds(dice)]
    for dice in range(1, DATA.dice.count + 1)}
"""The chance outcomes of a throw of 1, 2, ... dice (computed once)."""
THROW_ACTIONS = {dice: [throw for throw, _ in outcomes] for dice, outcomes in THROWS.items()}


def outcomes(table: Table) -> list[tuple[Action, float]]:
    return THROWS[table.dice_to_roll]


def possible(table: Table, action: Action) -> bool:
    return action in THROW_ACTIONS[table.dice_to_roll]


def act(table: Table, action: Action) -> Step:
    """The throw: the caboose runs the total of the wheels."""
    assert isinstance(action, Dice)
    events: list[Event] = [dice_rolled(table.seat, action.wheels)]
    return events + caboose.run(table, action.total), Phase.PENALTY
