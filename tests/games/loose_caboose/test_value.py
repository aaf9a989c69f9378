"""The expert's fitted evaluation (value.py), the expert bot that uses it, and the tool
that fits it (tools/lc_value_fit.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from nile.ai.bots import choose, levels, make_bot
from nile.ai.ensemble import Ensemble
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.loose_caboose import GAME_INFO, ai
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import LooseCabooseState
from nile.games.loose_caboose.value import WEIGHTS, features, win_chances
from tests.games.loose_caboose.helpers import random_game

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
from lc_value_fit import logistic, positions

TWELVE = [1, 2, 3, 4] * 3


def lead_of_two(pile: list[int]) -> LooseCabooseState:
    """Seat 0 two penalty points ahead, everything else alike, with `pile` to draw."""
    return Builder(2).hand(0, 2).hand(1, 2).penalty(0, 3).penalty(1, 1, 4).pile(*pile).build()


def test_a_lead_counts_for_more_as_the_pile_runs_out() -> None:
    early = ai.expert_evaluate(lead_of_two(TWELVE * 2))
    late = ai.expert_evaluate(lead_of_two([1]))
    assert 0.5 < early[0] < late[0]
    assert abs(early[0] + early[1] - 1.0) < 1e-9


def test_the_hard_evaluation_gives_the_same_lead_the_same_odds_early_and_late() -> None:
    # What the fit corrects: the hard bot's fixed scale is as sure on turn one as at the end.
    early = ai.evaluate(lead_of_two(TWELVE * 2))[0]
    late = ai.evaluate(lead_of_two([1]))[0]
    assert abs(early - late) < 0.1


def test_a_high_top_card_is_worth_more_than_a_low_one() -> None:
    # Equal points and cards; seat 0's top card is a 3, seat 1's a 1: a later 3 cancels 3.
    state = Builder(2).penalty(0, 1, 3).penalty(1, 3, 1).pile(*TWELVE).build()
    assert ai.expert_evaluate(state)[0] > 0.5


def test_features_name_every_weight_and_only_the_mover_has_an_outlook() -> None:
    state = Builder(2).hand(0, 1, 4).penalty(1, 2).pile(*TWELVE).build()
    mover, other = features(state, 0, 1.5), features(state, 1, 1.5)
    assert set(mover) == set(WEIGHTS)
    assert (mover["outlook"], other["outlook"]) == (1.5, 0.0)
    assert (mover["hand 1"], mover["hand 4"], other["top 2"]) == (1.0, 1.0, 1.0)


def test_win_chances_stay_in_range_for_every_table() -> None:
    for players in (2, 3, 4):
        for seed in range(5):
            state = random_game(players, seed, plies=60 + 20 * seed)
            if state.is_terminal:
                continue
            values = win_chances(state, 0.0)
            assert len(values) == players and all(0 < v < 1 for v in values)


def test_the_expert_is_offered_and_plays_a_whole_game_with_legal_moves() -> None:
    assert "expert" in levels(GAME_INFO)
    assert ai.make_bot("hard", 0, random.Random(0)) is None  # hard: the generic search
    expert = ai.make_bot("expert", 0, random.Random(0))
    assert isinstance(expert, Ensemble) and len(expert.tree_iterations) == ai.EXPERT_TREES
    state = GAME_INFO.create(2, 3, {})
    bots = [make_bot(GAME_INFO, level, seat, seed=3, iterations=40)
            for seat, level in enumerate(("hard", "expert"))]
    rng = random.Random(3)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        action = choose(bots[seat], state.observation(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.invariant_violations() == []


def test_the_fitting_tool_replays_the_same_games_and_finds_known_weights() -> None:
    kept, result = positions(7, 0.1)
    again, same = positions(7, 0.1)
    assert kept and result == same and [s.to_dict() for s in kept] == [
        s.to_dict() for s in again]
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 2))
    truth = np.array([1.5, -0.5])
    y = (rng.random(4000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    assert np.allclose(logistic(x, y, l2=0.0), truth, atol=0.2)
