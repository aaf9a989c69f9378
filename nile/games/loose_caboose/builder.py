"""Exact Loose Caboose! situations for tests, screenshots and the scene: `Builder`.

A scenario names only what matters (hands, railway, penalty piles, the pile) and the
builder places every other card of the box, so the result is a complete state whose
invariants hold, with the seat of `to_move` about to play (or chance about to draw
that seat's card):

    state = (Builder(2)
             .hand(0, 3, 3, "broken 2").hand(1, 1)
             .railway([2, 4, 1, 3], caboose=1)
             .to_move(0, Phase.PLAY)
             .build())
    state.apply(state.parse_action("lay 3 at 2,0"))

Cards are given as `Card`s, as ints (a plain card of that value) or as text ('3',
'broken 3'). The railway runs from the back (index 0) to the front, on a straight line
eastward through (0, 0) unless `cells` says otherwise. Without `pile(...)` the cards
nobody placed are split as in a real game: `removal_count` of them, spread evenly
through them in card order, are set aside and the rest are the draw pile. Given a
`pile`, every card left over is set aside instead, so a test can make the pile as small
as it likes. Each `build()` makes a new, independent state.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile.games.loose_caboose.rules import Card, LooseCabooseState, Phase, Pool, Railway
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.penalty_pile import PenaltyPile
from nile.games.loose_caboose.rules.railway import Cell

CardLike = Card | int | str
"""A card in a scenario: a `Card`, a value (plain card), or text ('broken 3')."""


def as_card(card: CardLike) -> Card:
    """The `Card` a scenario means."""
    if isinstance(card, Card):
        return card
    if isinstance(card, int):
        return Card(card)
    return Card.parse(card)


def as_cards(cards: Sequence[CardLike]) -> list[Card]:
    return [as_card(card) for card in cards]


def straight_cells(length: int) -> list[Cell]:
    """`length` cells in a row from west to east, centred on (0, 0) like the setup."""
    return [(index - length // 2, 0) for index in range(length)]


class Builder:
    """A Loose Caboose! table described step by step; `build()` makes the state.

    Unnamed seats have empty hands and penalty piles; the default railway is three
    plain 1s with the caboose in the middle, seat 0 to play.
    """

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._penalties: list[list[Card]] = [[] for _ in range(players)]
        self._banked: list[list[Card]] = [[] for _ in range(players)]
        self._railway: list[Card] = as_cards((1, 1, 1))
        self._cells: list[Cell] | None = None
        self._caboose: int | None = None
        self._discard: list[Card] = []
        self._pile: list[Card] | None = None
        self._seat, self._phase, self._final_turn = 0, Phase.PLAY, False

    def hand(self, seat: int, *cards: CardLike) -> Builder:
        """The cards in `seat`'s hand."""
        self._hands[self._seat_index(seat)] = as_cards(cards)
        return self

    def penalty(self, seat: int, *cards: CardLike) -> Builder:
        """`seat`'s face-up penalty pile, bottom to top."""
        self._penalties[self._seat_index(seat)] = as_cards(cards)
        return self

    def banked(self, seat: int, *cards: CardLike) -> Builder:
        """The cards `seat` has banked face down."""
        self._banked[self._seat_index(seat)] = as_cards(cards)
        return self

    def railway(self, cards: Sequence[CardLike], *, caboose: int | None = None,
                cells: Sequence[Cell] | None = None) -> Builder:
        """The railway from back (index 0) to front; `caboose` is an index into it
        (default: the middle card), `cells` where each card lies (default: a row)."""
        self._railway = as_cards(cards)
        self._caboose = caboose
        self._cells = list(cells) if cells is not None else None
        return self

    def discard(self, *cards: CardLike) -> Builder:
        """The discard pile."""
        self._discard = as_cards(cards)
        return self

    def pile(self, *cards: CardLike) -> Builder:
        """Exactly these cards in the draw pile (every unplaced card is set aside)."""
        self._pile = as_cards(cards)
        return self

    def to_move(self, seat: int, phase: Phase = Phase.PLAY, *,
                final_turn: bool = False) -> Builder:
        """`seat` acts in `phase` (PLAY: lay or pass; DRAW: chance is about to draw the
        turn's card); `final_turn` when the game ends after this turn."""
        if phase not in (Phase.PLAY, Phase.DRAW):
            raise ValueError("a scenario starts a turn: phase PLAY or DRAW")
        self._seat, self._phase, self._final_turn = self._seat_index(seat), phase, final_turn
        return self

    def build(self) -> LooseCabooseState:
        """The state; ValueError if the box has too few of some card or the result
        breaks an invariant."""
        state = LooseCabooseState(self.players)
        state.hands = [list(hand) for hand in self._hands]
        cells = self._cells if self._cells is not None else straight_cells(len(self._railway))
        caboose = self._caboose if self._caboose is not None else len(self._railway) // 2
        state.railway = Railway(list(self._railway), list(cells), caboose)
        state.penalties = [PenaltyPile(list(face_up), list(face_down))
                           for face_up, face_down in zip(self._penalties, self._banked,
                                                         strict=True)]
        state.discard = list(self._discard)
        state.seat, state.phase, state.final_turn = self._seat, self._phase, self._final_turn
        _place_the_rest(state, None if self._pile is None else list(self._pile))
        problems = state.invariant_violations()
        if problems:
            raise ValueError("impossible scenario: " + "; ".join(problems))
        return state

    def _seat_index(self, seat: int) -> int:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} among {self.players} players")
        return seat


def _place_the_rest(state: LooseCabooseState, pile: list[Card] | None) -> None:
    """Put every card of the box not placed yet into the set-aside cards and the pile."""
    placed = state.railway.cards + state.discard + (pile or [])
    for hand in state.hands:
        placed += hand
    for penalty_pile in state.penalties:
        placed += penalty_pile.all_cards()
    left = Pool()
    for card, count in game_data().deck.composition().items():
        left.add(card, count)
    for card in placed:
        if left.count(card) == 0:
            raise ValueError(f"the scenario uses more {card.text}s than the box holds")
        left.take(card)
    rest = left.cards()
    if pile is None:
        count = state.removal_count
        picks = {index * len(rest) // count for index in range(count)}
        state.removed = [card for index, card in enumerate(rest) if index in picks]
        state.pile = Pool(card for index, card in enumerate(rest) if index not in picks)
    else:
        state.removed = rest
        state.pile = Pool(pile)


def example() -> Builder:
    """A position with something of everything, set through the setters and `to_move`
    but not built (`GAME_INFO.builder_example`: tests/test_builders.py builds it)."""
    return (Builder(3).railway([2, 4, 1, 3], caboose=1)
            .hand(0, 3, "broken 2").hand(2, 1).penalty(1, 4)
            .banked(1, 2).discard(3).to_move(2, Phase.PLAY))
