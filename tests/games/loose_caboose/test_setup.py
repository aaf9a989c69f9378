"""Setup as chance actions: the starting railway, the cards set aside, the deal, the
start player (LC-3, LC-9, LC-12)."""

from __future__ import annotations

import pytest

from nile.core.game import CHANCE
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.rules import LooseCabooseState, Phase, SetupStep, StartPlayer
from nile.games.loose_caboose.rules.events import (
    CabooseSetOff,
    CardDealt,
    CardSetAside,
    StartingCardLaid,
    StartPlayerChosen,
)
from tests.games.loose_caboose.helpers import of_type, play, set_up


def test_setup_steps_are_chance_in_the_rulebook_order() -> None:
    state = GAME_INFO.create(2, 0, {})
    assert isinstance(state, LooseCabooseState)
    steps = []
    events = []
    while state.phase is Phase.SETUP:
        assert state.current_player == CHANCE
        steps.append(state.setup_step())
        outcome, _ = state.chance_outcomes()[0]
        events += state.apply(outcome)
    assert steps == ([SetupStep.RAILWAY] * 3 + [SetupStep.SET_ASIDE] * 13
                     + [SetupStep.DEAL] * 4 + [SetupStep.START])
    assert len(of_type(events, StartingCardLaid)) == 3
    assert len(of_type(events, CardSetAside)) == 13
    assert [e.seat for e in of_type(events, CardDealt)] == [0, 1, 0, 1]
    assert of_type(events, StartPlayerChosen) == [StartPlayerChosen(0)]
    assert state.phase is Phase.DRAW


def test_lc3_lc12_starting_railway_is_a_straight_line_with_the_caboose_in_the_middle() -> None:
    state = GAME_INFO.create(3, 0, {})
    assert isinstance(state, LooseCabooseState)
    events = play(state, "draw 2", "draw broken 4", "draw 1")
    assert state.railway.cells == [(-1, 0), (0, 0), (1, 0)]
    assert [card.text for card in state.railway.cards] == ["2", "broken 4", "1"]
    assert state.railway.caboose == 1
    assert events[-1] == CabooseSetOff((0, 0), front_cell=(1, 0))
    assert events[-1].describe(None) == ("The caboose stands on the middle card, heading for "
                                         "the front.")
    assert [event.describe(None) for event in events[:3]] == [
        "The railway starts with a 2 at the back.",
        "The railway starts with a Broken Track 4 in the middle.",
        "The railway starts with a 1 at the front."]


@pytest.mark.parametrize(("players", "removed"), [(2, 13), (3, 11), (4, 7)])
def test_lc9_removal_counts_per_player_count(players: int, removed: int) -> None:
    state = set_up(players, seed=5)
    assert len(state.removed) == removed == state.removal_count
    assert all(len(hand) == 2 for hand in state.hands)
    assert state.pile_size == 50 - 3 - removed - 2 * players


def test_lc9_start_player_is_chance_with_even_odds() -> None:
    state = GAME_INFO.create(4, 0, {})
    assert isinstance(state, LooseCabooseState)
    while state.setup_step() is not SetupStep.START:
        state.apply(state.chance_outcomes()[0][0])
    outcomes = state.chance_outcomes()
    assert [action for action, _ in outcomes] == [StartPlayer(seat) for seat in range(4)]
    assert all(chance == pytest.approx(0.25) for _, chance in outcomes)
    play(state, "start 2")
    assert state.seat == 2 and state.phase is Phase.DRAW


def test_set_aside_cards_are_logged_once_without_their_faces() -> None:
    state = GAME_INFO.create(2, 0, {})
    assert isinstance(state, LooseCabooseState)
    play(state, "draw 1", "draw 1", "draw 1")
    lines = [event.describe(0) for face in ["2"] * 7 + ["3"] * 6
             for event in play(state, f"draw {face}")]
    assert lines[:-1] == [""] * 12
    assert lines[-1] == "13 cards are set aside unseen."


def test_dealt_cards_are_shown_only_to_their_owner() -> None:
    state = set_up(2, seed=1)
    dealt = CardDealt(1, state.hands[1][0])
    assert dealt.card_for(1) == state.hands[1][0]
    assert dealt.card_for(0) is None and dealt.card_for(None) is None
    assert dealt.describe(0) == "{p1} is dealt a card."
    assert dealt.describe(1) == f"{{p1}} is dealt {state.hands[1][0].name}."
