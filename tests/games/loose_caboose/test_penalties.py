"""Cancelling penalty cards (LC-6): several in one turn, cards of the same turn, each
card at most once; and the penalty pile's bookkeeping as a property."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nile.core.game import Event
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, LooseCabooseState
from nile.games.loose_caboose.rules.events import PenaltiesCancelled, PenaltyTaken
from nile.games.loose_caboose.rules.penalty_pile import PenaltyPile
from tests.games.loose_caboose.helpers import of_type, play


def derail_by(missing: int, behind: list[int],
              penalties: list[int]) -> tuple[LooseCabooseState, list[Event]]:
    """Seat 0 derails `missing` cards (1 to 7): the caboose stands on the front card with
    `behind` behind it (back first) and the player lays a 4 and rolls `1 + missing`."""
    railway = [*behind, 1]
    state = (Builder(2).railway(railway, caboose=len(railway) - 1).hand(0, 4)
             .penalty(0, *penalties).build())
    wheels = [2] * ((1 + missing) // 2) + [1] * ((1 + missing) % 2)
    wheels += [0] * (4 - len(wheels))
    x, y = state.railway.open_cells()[0]
    events = play(state, f"lay 4 at {x},{y}", "roll", "dice " + " ".join(map(str, wheels)))
    return state, events


def test_lc6_several_cancellations_in_one_turn() -> None:
    state, events = derail_by(3, behind=[2, 1, 4], penalties=[3, 1, 2])
    assert [e.card.value for e in of_type(events, PenaltyTaken)] == [2, 1, 4]
    assert of_type(events, PenaltiesCancelled) == [PenaltiesCancelled(0, 2),
                                                   PenaltiesCancelled(0, 1)]
    assert state.penalties[0].face_up == [Card(3), Card(4)]
    assert state.discard == [Card(2), Card(2), Card(1), Card(1)]


def test_lc6_cards_taken_in_the_same_turn_cancel_each_other() -> None:
    state, events = derail_by(2, behind=[3, 3], penalties=[])
    assert of_type(events, PenaltiesCancelled) == [PenaltiesCancelled(0, 3)]
    assert state.penalties[0].face_up == []
    assert state.penalties[0].points == 0


def test_lc6_each_card_cancels_at_most_one() -> None:
    # The first 3 cancels the 3 on top and leaves with it; the second 3 finds a 1 on top.
    state, events = derail_by(2, behind=[3, 3], penalties=[1, 3])
    assert len(of_type(events, PenaltiesCancelled)) == 1
    assert state.penalties[0].face_up == [Card(1), Card(3)]
    # Even on a pile with two 2s on top (a scenario), one 2 cancels only one of them.
    pile = PenaltyPile([Card(2), Card(2)])
    assert pile.take(Card(2)) == Card(2)
    assert pile.face_up == [Card(2)]


def test_a_cancelled_pair_goes_to_the_discard_pile_face_up() -> None:
    state, _ = derail_by(1, behind=[4, 2], penalties=[4])
    assert state.discard == [Card(4), Card(4)]
    assert state.penalties[0].face_up == []


@given(st.lists(st.tuples(st.integers(1, 4), st.booleans()), max_size=40))
def test_penalty_pile_bookkeeping(taken: list[tuple[int, bool]]) -> None:
    """Whatever arrives: no two equal values touch on top after a take, cancelled cards
    leave in equal pairs, and the points are the values of the cards that stayed."""
    pile = PenaltyPile()
    discard: list[Card] = []
    for value, banking in taken:
        card = Card(value)
        if banking:
            pile.bank(card)
            continue
        partner = pile.take(card)
        if partner is not None:
            assert partner.value == card.value
            discard += [partner, card]
        assert len(pile.face_up) < 2 or pile.face_up[-1].value != pile.face_up[-2].value
    kept = pile.face_up + pile.banked
    assert sorted(kept + discard) == sorted(Card(v) for v, _ in taken)
    assert pile.points == sum(card.value for card in kept)
    assert pile.card_count == len(kept)
    assert len(pile.banked) == sum(1 for _, banking in taken if banking)
