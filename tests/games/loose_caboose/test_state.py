"""The state as a whole: invariants under random play, copies, saving, undo, the
registry entry."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nile.core import chance, registry
from nile.core.game import CHANCE
from nile.core.session import Match, SeatConfig
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, Lay, LooseCabooseState, Pass, Roll
from nile.games.loose_caboose.rules.views import every_card
from tests.games.loose_caboose.helpers import random_game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 4))
def test_every_card_is_accounted_for_throughout_random_games(seed: int, players: int) -> None:
    state = GAME_INFO.create(players, seed, {})
    assert isinstance(state, LooseCabooseState)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert state.invariant_violations() == []
        assert len(every_card(state)) == 50
    assert sorted(state.ranking())[0] == 1


def test_a_broken_invariant_is_reported() -> None:
    state = Builder(2).hand(0, 2).build()
    state.hands[0].append(Card(2))
    assert state.invariant_violations() == ["2: 13 in play, 12 in the box"]
    state = Builder(2).build()
    state.railway.caboose = 7
    assert "the caboose index 7 is off the railway" in state.invariant_violations()
    with pytest.raises(ValueError, match=r"cards at 0,0 and 0,1 touch .* \(a loop\)"):
        Builder(2).railway([1, 1, 1, 1], cells=[(0, 0), (1, 0), (1, 1), (0, 1)]).build()
    with pytest.raises(ValueError, match="a gap before the card at 5,0"):
        Builder(2).railway([1, 1], cells=[(0, 0), (5, 0)]).build()
    with pytest.raises(ValueError, match="more broken 2s than the box holds"):
        Builder(2).hand(0, "broken 2", "broken 2").build()


def test_clone_is_independent_and_equal() -> None:
    state = random_game(3, seed=2, plies=80)
    copy = state.clone()
    assert copy == state and copy is not state
    copy.hands[0].append(Card(1))
    copy.railway.cards.append(Card(1))
    copy.penalties[0].face_up.append(Card(1))
    copy.pile.add(Card(1))
    assert copy != state
    assert state.invariant_violations() == []


def test_to_dict_round_trips_states_and_observations() -> None:
    state = random_game(4, seed=9, plies=120)
    for item in (state, state.observation(2), state.observation(None)):
        data = json.loads(json.dumps(item.to_dict()))
        again = LooseCabooseState.from_dict(data)
        assert again == item and again.to_dict() == data


def test_undo_takes_back_lays_but_never_the_roll() -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Bo")]
    match = Match.new(GAME_INFO, seats, seed=3)
    state = match.state
    assert isinstance(state, LooseCabooseState)
    assert not state.is_undo_barrier(Lay(1, (2, 0)))
    assert state.is_undo_barrier(Roll()) and state.is_undo_barrier(Pass())
    seat = state.current_player
    assert seat is not None
    lay = next(a for a in state.legal_actions() if isinstance(a, Lay))
    match.play(lay)
    assert match.undo_seat() == seat
    match.undo()
    assert lay in match.state.legal_actions()
    match.play(lay)
    match.play(Roll())
    match.resolve_chance()
    assert match.undo_seat() is None


def test_registered_with_a_rules_summary() -> None:
    info = registry.get("loose_caboose")
    assert info is GAME_INFO
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.title == "Loose Caboose!"
    assert info.scene == "nile.games.loose_caboose.scene:LooseCabooseScene"
    paragraphs = info.rules_summary.strip().split("\n\n")
    assert len(paragraphs) >= 8
    assert all(len(line) <= 90 for line in info.rules_summary.splitlines())
