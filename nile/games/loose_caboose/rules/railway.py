"""The railway: track cards on a square grid, from the back to the front, and the caboose.

LC-3: one card per grid cell; a new card goes in a free cell edge-adjacent to the front
card and not edge-adjacent to any other card of the railway. That second condition is
what "no loops" means on a grid: a card touching an older card would close a ring. It
also keeps the railway a simple path, so "the next card toward the front" is always the
next entry of the list.

The railway is stored as two parallel lists (cards and their cells, index 0 = the back)
and the caboose as an index into them. Penalty cards come off the back (index 0), so
taking one shifts every index down by one, the caboose's included.
"""

from __future__ import annotations

from nile.games.loose_caboose.rules.cards import Card

Cell = tuple[int, int]
"""A grid cell (x, y); x grows to the east, y to the north."""


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four edge-adjacent cells: east, north, west, south."""
    x, y = cell
    return ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))


def cell_text(cell: Cell) -> str:
    """'2,-1': the stable text form used in actions."""
    return f"{cell[0]},{cell[1]}"


class Railway:
    """The track cards in play, back (index 0) to front, and the caboose's index."""

    __slots__ = ("_open_cells", "caboose", "cards", "cells")

    def __init__(self, cards: list[Card], cells: list[Cell], caboose: int) -> None:
        self.cards = cards
        self.cells = cells
        self.caboose = caboose
        self._open_cells: tuple[Cell, ...] | None = None
        """`open_cells()` remembered until a card is laid or taken (asked on every move)."""

    def copy(self) -> Railway:
        other = Railway(list(self.cards), list(self.cells), self.caboose)
        other._open_cells = self._open_cells
        return other

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def front_cell(self) -> Cell:
        return self.cells[-1]

    @property
    def caboose_placed(self) -> bool:
        """True once the caboose stands on a card.

        While chance lays the starting railway (LC-12) the caboose already has its index
        (the middle card) but that card is not there yet, so `caboose_cell` has no answer.
        """
        return 0 <= self.caboose < len(self.cells)

    @property
    def caboose_cell(self) -> Cell:
        return self.cells[self.caboose]

    @property
    def cards_ahead(self) -> int:
        """How many cards the caboose can still enter before it runs off the front."""
        return len(self.cards) - 1 - self.caboose

    @property
    def back_is_caboose(self) -> bool:
        """True when no card may be taken from the railway (LC-6: never the caboose's)."""
        return self.caboose == 0

    # Laying ------------------------------------------------------------------------

    def open_cells(self) -> tuple[Cell, ...]:
        """The cells where the next card may go (LC-3), in east-north-west-south order."""
        if self._open_cells is None:
            others = set(self.cells[:-1])
            self._open_cells = tuple(cell for cell in neighbours(self.cells[-1])
                                     if cell not in others
                                     and others.isdisjoint(neighbours(cell)))
        return self._open_cells

    def why_closed(self, cell: Cell) -> str | None:
        """Why a card may not go in `cell`, in words for the player; None if it may.

        The player reads it on the table where the cell is the one they clicked, so it
        names no grid coordinates (a cell of the railway has no name a player knows)."""
        front = self.cells[-1]
        if cell in self.cells:
            return "That space already holds a card of the railway."
        if cell not in neighbours(front):
            return "A new card must go right next to the front card."
        if any(other != front and other in self.cells for other in neighbours(cell)):
            return ("A card there would touch another card of the railway and close a "
                    "loop: it may touch only the front card.")
        return None

    def lay(self, card: Card, cell: Cell) -> None:
        """Add `card` in front; the caller has checked the cell."""
        self.cards.append(card)
        self.cells.append(cell)
        self._open_cells = None

    # Moving and taking -------------------------------------------------------------

    def advance(self) -> Card:
        """Move the caboose one card toward the front and return the card it enters."""
        self.caboose += 1
        return self.cards[self.caboose]

    def take_back(self) -> tuple[Card, Cell]:
        """Remove the back card (never the caboose's, LC-6) and say where it was."""
        if self.caboose == 0:
            raise ValueError("the caboose's card is never taken")
        self.caboose -= 1
        self._open_cells = None
        return self.cards.pop(0), self.cells.pop(0)

    # Checking ----------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Broken geometry: an empty railway, a lost caboose, a gap or a loop."""
        if not self.cards or len(self.cards) != len(self.cells):
            return ["the railway has no cards or cards without cells"]
        problems = []
        if not 0 <= self.caboose < len(self.cards):
            problems.append(f"the caboose index {self.caboose} is off the railway")
        if len(set(self.cells)) != len(self.cells):
            problems.append("two railway cards share a cell")
        position = {cell: index for index, cell in enumerate(self.cells)}
        for index, cell in enumerate(self.cells):
            for other in neighbours(cell):
                other_index = position.get(other)
                if other_index is not None and other_index > index + 1:
                    problems.append(f"cards at {cell_text(cell)} and {cell_text(other)} "
                                    "touch but are not neighbours on the railway (a loop)")
            if index and self.cells[index - 1] not in neighbours(cell):
                problems.append(f"a gap before the card at {cell_text(cell)}")
        return problems
