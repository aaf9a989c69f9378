"""Exact game situations for tests, screenshots and the scene: `build(...)`.

A scenario names only what matters (hands, railway, penalty piles, the pile) and the
builder places every other card of the box, so the result is a complete state whose
invariants hold, with `seat` about to play (or chance about to draw their card):

    state = build(hands=[[3, 3, "broken 2"], [1]], railway=[2, 4, 1, 3], caboose=1)
    state.apply(state.parse_action("lay 3 at 2,0"))

Cards are given as `Card`s, as ints (a plain card of that value) or as text ('3',
'broken 3'). The railway runs from the back (index 0) to the front, on a straight line
eastward through (0, 0) unless `cells` says otherwise. With `pile=None` the cards nobody
placed are split as in a real game: `removal_count` of them, spread evenly through them
in card order, are set aside and the rest are the draw pile. Given a `pile`, every card
left over is set aside instead, so a test can make the pile as small as it likes.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile.games.loose_caboose.rules import Card, LooseCabooseState, Phase, Pool, Railway
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.penalties import PenaltyPile
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


def build(
    players: int = 2,
    *,
    hands: Sequence[Sequence[CardLike]] = (),
    railway: Sequence[CardLike] = (1, 1, 1),
    cells: Sequence[Cell] | None = None,
    caboose: int | None = None,
    penalties: Sequence[Sequence[CardLike]] = (),
    banked: Sequence[Sequence[CardLike]] = (),
    discard: Sequence[CardLike] = (),
    pile: Sequence[CardLike] | None = None,
    seat: int = 0,
    phase: Phase = Phase.PLAY,
    final_turn: bool = False,
) -> LooseCabooseState:
    """A state after setup, with `seat` to act in `phase` (PLAY: lay or pass; DRAW:
    chance is about to draw the turn's card).

    hands, penalties (face up, bottom to top) and banked (face down) list
    one entry per seat; missing seats are empty. `caboose` is an index into `railway`
    (default: the middle card). ValueError if the box has too few of some card or the
    result breaks an invariant.
    """
    if phase not in (Phase.PLAY, Phase.DRAW):
        raise ValueError("a scenario starts a turn: phase PLAY or DRAW")
    state = LooseCabooseState(players)
    state.hands = [as_cards(hand) for hand in _per_seat(hands, players)]
    railway_cards = as_cards(railway)
    state.railway = Railway(railway_cards,
                            list(cells) if cells is not None
                            else straight_cells(len(railway_cards)),
                            caboose if caboose is not None else len(railway_cards) // 2)
    state.penalties = [
        PenaltyPile(as_cards(face_up), as_cards(face_down))
        for face_up, face_down in zip(_per_seat(penalties, players),
                                      _per_seat(banked, players), strict=True)]
    state.discard = as_cards(discard)
    state.seat, state.phase, state.final_turn = seat, phase, final_turn
    _place_the_rest(state, None if pile is None else as_cards(pile))
    problems = state.invariant_violations()
    if problems:
        raise ValueError("impossible scenario: " + "; ".join(problems))
    return state


def _per_seat(lists: Sequence[Sequence[CardLike]], players: int) -> list[Sequence[CardLike]]:
    if len(lists) > players:
        raise ValueError(f"more entries than the {players} seats")
    return list(lists) + [()] * (players - len(lists))


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
