"""Moving the caboose (LC-4), derailing (LC-5), Broken Track banks (LC-6), passing (LC-7)
and where penalty cards come from (LC-6, LC-10)."""

from __future__ import annotations

from nile.core.game import CHANCE
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, Phase
from nile.games.loose_caboose.rules.events import (
    CabooseMoved,
    CardBanked,
    Derailed,
    DiceRolled,
    DiscardsReshuffled,
    LastTurn,
    PenaltiesCancelled,
    PenaltyTaken,
    PenaltyWaived,
)
from tests.games.loose_caboose.helpers import of_type, play


def test_rulebook_derail_example_three_wheels_one_card_ahead() -> None:
    """Rulebook: 3 wheels, but only 1 card ahead: the caboose ends on the front card and
    the player takes 2 penalty cards from the back of the railway."""
    state = Builder(2).railway([2, 4, 1], caboose=2).hand(0, 3).build()
    events = play(state, "lay 3 at 2,0", "roll", "dice 1 1 1")
    assert of_type(events, DiceRolled)[0].total == 3
    assert len(of_type(events, CabooseMoved)) == 1
    assert of_type(events, Derailed) == [Derailed(0, (2, 0), missing=2)]
    taken = of_type(events, PenaltyTaken)
    assert [(e.card, e.from_cell) for e in taken] == [(Card(2), (-1, 0)), (Card(4), (0, 0))]
    assert state.penalties[0].face_up == [Card(2), Card(4)]
    assert state.railway.cards == [Card(1), Card(3)]
    assert state.railway.caboose == 1 and state.railway.caboose_cell == (2, 0)
    assert state.phase is Phase.DRAW and state.seat == 1


def test_lc4_the_caboose_moves_one_card_per_wheel_and_stops_on_a_card() -> None:
    state = Builder(2).railway([2, 4, 1, 3, 3], caboose=0).hand(0, 2).build()
    events = play(state, "lay 2 at 3,0", "roll", "dice 2 1")
    moved = of_type(events, CabooseMoved)
    assert [(e.from_cell, e.to_cell) for e in moved] == [
        ((-2, 0), (-1, 0)), ((-1, 0), (0, 0)), ((0, 0), (1, 0))]
    assert state.railway.caboose == 3 and not of_type(events, Derailed)
    assert state.penalties[0].card_count == 0


def test_lc4_the_starting_card_does_not_count_as_broken_track() -> None:
    state = Builder(2).railway([2, "broken 4", 1], caboose=1).hand(0, 1).build()
    events = play(state, "lay 1 at 2,0", "roll", "dice 1")
    assert not of_type(events, CardBanked)


def test_lc6_broken_track_banks_come_first_in_order_then_the_derail() -> None:
    # Back to front: 2 3 [caboose on 1] broken-1 4 broken-2.
    railway = [2, 3, 1, "broken 1", 4, "broken 2"]
    cells = [(-3, 0), (-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0)]
    state = Builder(2).railway(railway, caboose=2, cells=cells).hand(0, 1).build()
    events = play(state, "lay 1 at 3,0", "roll", "dice 2")
    # 2 wheels: the caboose enters the Broken Track 1 and the 4: one bank, no derail.
    assert [e.card for e in of_type(events, CabooseMoved)] == [Card(1, True), Card(4)]
    assert of_type(events, CardBanked) == [CardBanked(0, Card(2), (-3, 0))]
    assert state.penalties[0].banked == [Card(2)] and state.penalties[0].face_up == []

    state = Builder(2).railway(railway, caboose=2, cells=cells).hand(0, 4).build()
    events = play(state, "lay 4 at 3,0", "roll", "dice 2 2 2 1")
    # 7 wheels, 4 cards ahead: both Broken Tracks entered, then 3 cards short.
    paid = [(type(e).__name__, e.card) for e in events
            if isinstance(e, CardBanked | PenaltyTaken)]
    assert paid == [("CardBanked", Card(2)), ("CardBanked", Card(3)),
                    ("PenaltyTaken", Card(1)), ("PenaltyTaken", Card(1, True)),
                    ("PenaltyTaken", Card(4))]
    pile = state.penalties[0]
    assert pile.banked == [Card(2), Card(3)]
    # LC-14: the Broken Track 1 taken face up cancels the plain 1 like any 1.
    assert pile.face_up == [Card(4)]
    assert state.discard == [Card(1), Card(1, True)]


def test_lc6_banked_cards_never_cancel_and_are_never_the_top_card() -> None:
    state = Builder(2).railway([2, 3, "broken 2"], caboose=1).hand(0, 2).penalty(0, 3).build()
    events = play(state, "pass")
    # Bank the 2 (face down), then take the 3 face up: it cancels the 3 on the pile.
    assert of_type(events, CardBanked) == [CardBanked(0, Card(2), (-1, 0))]
    assert of_type(events, PenaltiesCancelled) == [PenaltiesCancelled(0, 3)]
    assert state.penalties[0].banked == [Card(2)] and state.penalties[0].face_up == []


def test_lc7_pass_moves_one_card_and_takes_one_penalty() -> None:
    state = Builder(2).railway([3, 2, 1, 4], caboose=1).hand(0, 2).build()
    events = play(state, "pass")
    assert state.railway.caboose_cell == (0, 0)
    assert [e.card for e in of_type(events, PenaltyTaken)] == [Card(3)]
    assert state.hands[0] == [Card(2)]


def test_lc7_passing_on_the_front_card_no_move_one_penalty() -> None:
    state = Builder(2).railway([3, 2, 1], caboose=2).hand(0, 2).build()
    events = play(state, "pass")
    assert not of_type(events, CabooseMoved)
    assert [e.card for e in of_type(events, PenaltyTaken)] == [Card(3)]
    assert state.railway.caboose_cell == (1, 0)
    assert state.penalties[0].face_up == [Card(3)]


def test_lc7_passing_onto_broken_track_banks_then_takes_the_penalty() -> None:
    state = Builder(2).railway([3, 2, "broken 1"], caboose=1).hand(0, 2).build()
    events = play(state, "pass")
    assert [type(e).__name__ for e in events if isinstance(e, CardBanked | PenaltyTaken)] == [
        "CardBanked", "PenaltyTaken"]
    assert state.penalties[0].banked == [Card(3)]
    assert state.penalties[0].face_up == [Card(2)]


def test_lc6_once_the_back_reaches_the_caboose_penalties_come_from_the_pile() -> None:
    state = Builder(2).railway([3, 1], caboose=1).hand(0, 3).build()
    events = play(state, "lay 3 at 1,0", "roll", "dice 2 2 2")
    # 6 wheels, 1 card ahead: 5 short. The 3 and the 1 behind the caboose come first...
    assert [e.card for e in of_type(events, PenaltyTaken)] == [Card(3), Card(1)]
    assert state.railway.cards == [Card(3)] and state.railway.back_is_caboose
    # ...then the draw pile, one chance draw at a time.
    assert state.phase is Phase.PENALTY and state.current_player == CHANCE
    assert len(state.pending) == 3
    assert "draw broken 4" in {action.to_str() for action, _ in state.chance_outcomes()}
    events = play(state, "draw 4")
    assert of_type(events, PenaltyTaken) == [PenaltyTaken(0, Card(4), None)]
    assert events[0].describe(1) == "{p0} takes a 4 from the draw pile."
    play(state, "draw 4", "draw 1")  # the second 4 cancels the first, the 1 the 1
    assert state.penalties[0].face_up == [Card(3)]
    assert state.phase is Phase.DRAW and state.seat == 1


def test_lc6_penalty_is_waived_when_no_card_is_left_anywhere() -> None:
    state = (Builder(2).railway([2], caboose=0, cells=[(0, 0)]).hand(0, 1).pile()
             .to_move(0, final_turn=True).build())
    events = play(state, "pass")
    assert of_type(events, PenaltyWaived) == [PenaltyWaived(0)]
    assert state.penalties[0].card_count == 1  # only the hand, added at the end
    assert state.phase is Phase.OVER


def test_lc6_the_discards_become_the_new_draw_pile() -> None:
    state = (Builder(2).railway([2], caboose=0, cells=[(0, 0)]).hand(0, 1).discard(3, 3, 4, 4)
             .pile().to_move(0, final_turn=True).build())
    events = play(state, "pass")
    assert of_type(events, DiscardsReshuffled) == [DiscardsReshuffled(4)]
    assert state.discard == [] and state.pile_size == 4
    assert state.phase is Phase.PENALTY
    assert [(a.to_str(), p) for a, p in state.chance_outcomes()] == [
        ("draw 3", 0.5), ("draw 4", 0.5)]
    play(state, "draw 4")
    assert state.phase is Phase.OVER


def test_lc10_the_pile_running_out_on_a_penalty_makes_this_turn_the_last() -> None:
    state = Builder(2).railway([2], caboose=0, cells=[(0, 0)]).hand(0, 1).hand(1, 4).pile(3).build()
    assert not state.final_turn
    events = play(state, "pass")
    assert state.phase is Phase.PENALTY
    events = play(state, "draw 3")
    assert of_type(events, LastTurn) == [LastTurn(0)]
    assert state.phase is Phase.OVER
    assert state.scores() == [4.0, 4.0]  # 3 + the 1 in hand; the 4 in hand


def test_the_log_says_the_caboose_stops_on_a_broken_track_it_ends_on() -> None:
    """LC-4 banks for a Broken Track passed over or stopped on; the log tells which."""
    state = Builder(2).railway([2, "broken 1", 4, "broken 2"], caboose=0).hand(0, 2).build()
    events = play(state, "lay 2 at 2,0", "roll", "dice 2 1")
    lines = [e.describe(0) for e in of_type(events, CabooseMoved)]
    assert lines == ["The caboose runs over a Broken Track 1.", "",
                     "The caboose stops on a Broken Track 2."]

    state = Builder(2).railway([2, "broken 1"], caboose=0).hand(0, 2).build()
    events = play(state, "lay 2 at 1,0", "roll", "dice 2 2")
    # It passes the Broken Track on its way off the front: it runs over it.
    assert of_type(events, Derailed)
    assert [e.describe(0) for e in of_type(events, CabooseMoved)] == [
        "The caboose runs over a Broken Track 1.", ""]
