"""A player's penalty pile: face-up cards that can cancel, banked cards that cannot.

LC-6: a card taken face up goes on top; if its value equals the top card's, both leave
for the discard pile. A card that cancels leaves at once, so it can never cancel a
second card: "each card cancels at most one" needs no extra bookkeeping. Banked cards
(from Broken Track) lie face down at the bottom: never the top card, never cancelled.
LC-8: the hand at the end is added without cancelling, kept apart for the score sheet.
"""

from __future__ import annotations

from nile.games.loose_caboose.rules.cards import Card


class PenaltyPile:
    """One player's penalty cards, in the order they arrived."""

    __slots__ = ("banked", "face_up", "from_hand")

    def __init__(self, face_up: list[Card] | None = None, banked: list[Card] | None = None,
                 from_hand: list[Card] | None = None) -> None:
        self.face_up: list[Card] = face_up if face_up is not None else []
        """Bottom to top; only the last one can be cancelled."""
        self.banked: list[Card] = banked if banked is not None else []
        """Face down, in the order banked; every player saw them on the railway (LC-11)."""
        self.from_hand: list[Card] = from_hand if from_hand is not None else []

    def copy(self) -> PenaltyPile:
        return PenaltyPile(list(self.face_up), list(self.banked), list(self.from_hand))

    @property
    def top(self) -> Card | None:
        """The face-up card a new penalty card would cancel against."""
        return self.face_up[-1] if self.face_up else None

    def take(self, card: Card) -> Card | None:
        """Add `card` face up; if it cancels the top card, remove both and return the top.

        The caller puts the returned card and `card` on the discard pile.
        """
        if self.face_up and self.face_up[-1].value == card.value:
            return self.face_up.pop()
        self.face_up.append(card)
        return None

    def bank(self, card: Card) -> None:
        """Add `card` face down at the bottom (LC-6)."""
        self.banked.append(card)

    def add_hand(self, cards: list[Card]) -> None:
        """The end-of-game hand: counted, never cancelled (LC-8)."""
        self.from_hand.extend(cards)

    def all_cards(self) -> list[Card]:
        return self.face_up + self.banked + self.from_hand

    @property
    def points(self) -> int:
        """Penalty points so far: every card's value (LC-1)."""
        return sum(card.value for card in self.all_cards())

    @property
    def card_count(self) -> int:
        """The first tie-breaker (LC-8): banked and hand cards included."""
        return len(self.face_up) + len(self.banked) + len(self.from_hand)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PenaltyPile):
            return NotImplemented
        return (self.face_up, self.banked, self.from_hand) == (
            other.face_up, other.banked, other.from_hand)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PenaltyPile({self.face_up!r}, {self.banked!r}, {self.from_hand!r})"
