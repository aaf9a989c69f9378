"""The toy game's builder, in the one shape every game's has (docs/adding-a-game.md):

    state = (Builder(3)
             .hand(0, 2, 5)
             .played(1, 6, 4)
             .to_move(0)
             .build())

Cards named in a hand or as played leave the deck, so the twelve cards are conserved.
"""

from __future__ import annotations

from tests.core.toy_game import ToyState


class Builder:
    """A toy table right after setup; setters deal and play cards, `to_move` says whose
    turn it is and whether their card has been dealt."""

    state_class: type[ToyState] = ToyState
    """The state it builds (a toy package under another id builds its own subclass)."""

    def __init__(self, players: int) -> None:
        self._state = self.state_class(players)

    def hand(self, seat: int, *cards: int) -> Builder:
        """`cards` dealt to `seat` and still in their hand."""
        for card in cards:
            self._take(card)
            self._state.hands[seat].append(card)
        return self

    def played(self, seat: int, *cards: int) -> Builder:
        """`cards` already played by `seat`, counted in their total."""
        for card in cards:
            self._take(card)
            self._state.totals[seat] += card
            self._state.plays += 1
        return self

    def to_move(self, seat: int, *, dealt: bool = True) -> Builder:
        """`seat` to move: to pick a card (`dealt`) or to be dealt one first."""
        self._state.turn, self._state.dealt = seat, dealt
        return self

    def build(self) -> ToyState:
        """A new state on every call; ValueError for a position the game cannot reach."""
        state = self._state.clone()
        if state.dealt and not state.hands[state.turn]:
            raise ValueError("the player to move has no card to pick")
        return state

    def _take(self, card: int) -> None:
        if card not in self._state.deck:
            raise ValueError(f"no {card} left in the deck")
        self._state.deck.remove(card)


def example(builder: type[Builder] = Builder) -> Builder:
    """The toy's builder example: two players have cards, the first to pick."""
    return builder(3).hand(0, 2, 5).hand(1, 3).played(1, 6, 4).to_move(0)
