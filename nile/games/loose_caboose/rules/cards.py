"""Track cards and face-down piles of them.

A card is only its face: a value (also its penalty points) and whether it is a Broken
Track card (LC-1). Two cards with the same face are interchangeable, so a pile nobody can
see is kept as a `Pool` of counts per face, never as an ordered deck: drawing from it is a
chance action over the faces left, weighted by their counts (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple


class Card(NamedTuple):
    """One track card's face. A tuple, so it is hashable, ordered and cheap to compare."""

    value: int
    broken: bool = False

    @property
    def text(self) -> str:
        """The stable text form used in actions, saves and logs: '3' or 'broken 3'."""
        if self == UNKNOWN:
            return "?"
        return f"broken {self.value}" if self.broken else str(self.value)

    @property
    def name(self) -> str:
        """How a log line names the card: 'a 3' or 'a Broken Track 3'."""
        if self == UNKNOWN:
            return "a card"
        return f"a Broken Track {self.value}" if self.broken else f"a {self.value}"

    @staticmethod
    def parse(text: str) -> Card:
        """The card whose `text` this is; ValueError for anything else."""
        if text == "?":
            return UNKNOWN
        broken = text.startswith("broken ")
        digits = text.removeprefix("broken ")
        if not digits.isdigit() or int(digits) < 1:
            raise ValueError(f"'{text}' is not a card.")
        return Card(int(digits), broken)


UNKNOWN = Card(0)
"""A card the viewer of an observation cannot see (value 0, never a real card)."""


def cards_text(cards: Iterable[Card]) -> list[str]:
    """Cards as their text forms, for `to_dict`."""
    return [card.text for card in cards]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """The inverse of `cards_text`."""
    return [Card.parse(text) for text in texts]


class Pool:
    """An unordered pile of face-down cards: how many of each face are in it.

    Only faces with a positive count are stored, so two pools holding the same cards
    compare equal however they were built.
    """

    __slots__ = ("_counts", "_size")

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self._counts: dict[Card, int] = {}
        self._size = 0
        for card in cards:
            self.add(card)

    def copy(self) -> Pool:
        """An independent pool with the same cards."""
        other = Pool()
        other._counts = dict(self._counts)
        other._size = self._size
        return other

    def add(self, card: Card, count: int = 1) -> None:
        """Put `count` cards of this face in."""
        self._counts[card] = self._counts.get(card, 0) + count
        self._size += count

    def take(self, card: Card) -> None:
        """Take one card of this face out; KeyError if there is none."""
        left = self._counts[card] - 1
        if left:
            self._counts[card] = left
        else:
            del self._counts[card]
        self._size -= 1

    def count(self, card: Card) -> int:
        """How many cards of this face are in the pool."""
        return self._counts.get(card, 0)

    def faces(self) -> list[tuple[Card, int]]:
        """Each face in the pool with its count, in card order (stable for chance lists)."""
        return sorted(self._counts.items())

    def cards(self) -> list[Card]:
        """Every card, one entry per card, in card order."""
        return [card for card, count in self.faces() for _ in range(count)]

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pool):
            return NotImplemented
        return self._counts == other._counts

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pool({self.cards()!r})"
