"""Laying track (LC-3): where cards may go, one value per turn, several cards each
becoming the front, no loops; and the dice that follow (LC-2)."""

from __future__ import annotations

import re

import pytest

from nile.core.errors import IllegalAction
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Dice, Lay, Pass, Phase, Roll
from nile.games.loose_caboose.rules.events import CardLaid, RollStarted
from tests.games.loose_caboose.helpers import WALLED_IN, of_type, play


def test_lc3_open_cells_touch_the_front_and_no_other_card() -> None:
    # An L: (-1,0) (0,0) (1,0) then north to (1,1); the front is (1,1).
    state = (Builder(2).railway([1, 1, 1, 2], caboose=1, cells=[(-1, 0), (0, 0), (1, 0), (1, 1)])
             .hand(0, 3).build())
    # (0,1) would touch (0,0), a card that is not the front: that closes a loop.
    assert state.railway.open_cells() == ((2, 1), (1, 2))
    assert [a.to_str() for a in state.legal_actions()] == [
        "lay 3 at 2,1", "lay 3 at 1,2", "pass"]


def test_lc3_a_loop_is_refused_with_a_reason() -> None:
    state = (Builder(2).railway([1, 1, 1, 2], caboose=1, cells=[(-1, 0), (0, 0), (1, 0), (1, 1)])
             .hand(0, 3).build())
    with pytest.raises(IllegalAction, match="touch another card of the railway and close a loop"):
        state.apply(Lay(3, (0, 1)))
    with pytest.raises(IllegalAction, match="must go right next to the front card"):
        state.apply(Lay(3, (5, 5)))
    with pytest.raises(IllegalAction, match="already holds a card"):
        state.apply(Lay(3, (1, 0)))


def test_lc3_several_cards_in_one_turn_each_become_the_front() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 2, 2, "broken 2", 4).build()
    events = play(state, "lay 2 at 2,0", "lay broken 2 at 2,1", "lay 2 at 2,2")
    assert [e.cell for e in of_type(events, CardLaid)] == [(2, 0), (2, 1), (2, 2)]
    assert state.railway.front_cell == (2, 2)
    assert state.railway.cards[-2].broken
    # The next card must touch (2,2), the newest front, and only it.
    assert state.railway.open_cells() == ((3, 2), (2, 3), (1, 2))
    assert state.hands[0] == [state.hands[0][0]] and state.hands[0][0].value == 4


def test_lc3_a_card_with_no_legal_cell_cannot_be_played() -> None:
    state = (Builder(2).railway([1, 2, 3, 4] * 3 + [2], caboose=11, cells=WALLED_IN)
             .hand(0, 1, 2, 3).build())
    assert state.railway.open_cells() == ()
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction, match="no free cell at the front of the railway"):
        state.apply(Lay(1, (0, 1)))


def test_laying_keeps_one_value_per_turn() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 2, 3, 3).build()
    play(state, "lay 3 at 2,0")
    assert [a.to_str() for a in state.legal_actions()] == [
        "lay 3 at 3,0", "lay 3 at 2,1", "lay 3 at 2,-1", "roll"]
    with pytest.raises(IllegalAction, match="This turn you lay 3s only"):
        state.apply(Lay(2, (3, 0)))


def test_lc13_the_player_picks_the_plain_or_the_broken_card() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 3, "broken 3").build()
    texts = [a.to_str() for a in state.legal_actions()]
    assert "lay 3 at 2,0" in texts and "lay broken 3 at 2,0" in texts
    play(state, "lay broken 3 at 2,0")
    assert state.railway.cards[-1].broken and not state.hands[0][0].broken


def test_lc2_value_v_rolls_v_dice_however_many_cards() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 3, 3, 1).build()
    events = play(state, "lay 3 at 2,0", "lay 3 at 3,0", "roll")
    assert events[-1] == RollStarted(0, dice=3)
    assert state.phase is Phase.DICE
    throws = [action for action, _ in state.chance_outcomes()]
    assert all(isinstance(t, Dice) and len(t.wheels) == 3 for t in throws)
    assert len(throws) == 10
    assert sum(chance for _, chance in state.chance_outcomes()) == pytest.approx(1)
    with pytest.raises(IllegalAction, match="cannot happen now"):
        state.apply(Dice((1, 1)))
    events = play(state, "dice 2 1 0")
    assert state.railway.caboose == 4


def test_one_die_for_a_single_one() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 1).build()
    play(state, "lay 1 at 2,0", "roll")
    assert [a.to_str() for a, _ in state.chance_outcomes()] == ["dice 2", "dice 1", "dice 0"]


def test_pass_and_roll_only_at_their_moments() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 2).build()
    assert Roll() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Lay at least one card before rolling"):
        state.apply(Roll())
    play(state, "lay 2 at 2,0")
    assert Pass() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="cannot pass: roll the dice"):
        state.apply(Pass())


def test_lc3_refusals_name_no_grid_coordinates() -> None:
    """A player reads these on the table: a cell has no name, so no "1,0" in the words."""
    state = (Builder(2).railway([1, 1, 1, 2], caboose=1, cells=[(-1, 0), (0, 0), (1, 0), (1, 1)])
             .hand(0, 3).build())
    reasons = [state.railway.why_closed(cell) for cell in ((0, 1), (5, 5), (1, 0))]
    assert reasons == [
        "A card there would touch another card of the railway and close a loop: it may touch "
        "only the front card.",
        "A new card must go right next to the front card.",
        "That space already holds a card of the railway.",
    ]
    assert not any(re.search(r"-?\d+,-?\d+", reason or "") for reason in reasons)
