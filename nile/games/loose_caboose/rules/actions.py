"""The actions of Loose Caboose!: three for players, three for chance.

Text forms (stable: saves, replays and golden files store them):
    lay 3 at 2,-1          lay a 3 from hand in cell (2, -1)
    lay broken 3 at 2,-1   lay the Broken Track 3 (LC-13: the player picks which 3)
    roll                   stop laying and throw one die per point of the cards' value
    pass                   lay nothing this turn (LC-7)
    draw 3 / draw broken 3 chance: the card that comes off the draw pile
    dice 2 1 0             chance: the wheels on each die thrown, highest first (LC-15)
    start 1                chance: seat 1 takes the first turn (LC-9)
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.core.game import Action
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.railway import Cell, cell_text


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Put one card from hand in front of the railway, in `cell` (LC-3)."""

    value: int
    cell: Cell
    broken: bool = False

    @property
    def card(self) -> Card:
        return Card(self.value, self.broken)

    def to_str(self) -> str:
        return f"lay {self.card.text} at {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """End laying; the dice throw follows as a chance action (LC-2)."""

    def to_str(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Lay nothing: the caboose moves one card and the player takes a penalty (LC-7)."""

    def to_str(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the card that comes off the draw pile, wherever it goes next."""

    card: Card

    def to_str(self) -> str:
        return f"draw {self.card.text}"


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """Chance: the wheels on every die of one throw, highest first (LC-2, LC-15).

    All the dice are thrown at once and are alike, so a throw is one chance action and
    its outcomes are the sorted lists of wheels; the scene still shows every die.
    """

    wheels: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.wheels)

    def to_str(self) -> str:
        return "dice " + " ".join(str(wheels) for wheels in self.wheels)


@dataclass(frozen=True, slots=True)
class StartPlayer(Action):
    """Chance: the seat that takes the first turn (LC-9)."""

    seat: int

    def to_str(self) -> str:
        return f"start {self.seat}"
