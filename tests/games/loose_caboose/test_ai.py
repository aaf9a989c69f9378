"""The bots' heuristics: legal moves, sensible plans, evaluation in range, every level
playing through (small search budgets)."""

from __future__ import annotations

import random
import re

from nile.ai.bots import choose, make_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.ai import best_cell, best_plan, evaluate, plans, policy
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, Lay, Pass, Roll
from tests.games.loose_caboose.helpers import WALLED_IN, play, random_game


def test_policy_plays_legal_moves_from_a_players_view() -> None:
    for seed in range(30):
        state = random_game(3, seed, plies=40 + seed)
        while state.current_player == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        if state.is_terminal:
            continue
        seat = state.current_player
        assert seat is not None
        action = policy(state.observation(seat), random.Random(seed))
        assert action in state.legal_actions()


def test_lays_a_safe_one_rather_than_a_risky_four() -> None:
    # Caboose on the front card: a 4 alone rolls 4 dice with one card ahead.
    state = Builder(2).railway([2, 3, 1], caboose=2).hand(0, 1, 4).build()
    action = policy(state.observation(0), random.Random(0))
    assert isinstance(action, Lay) and action.value == 1


def test_passes_when_the_penalty_would_cancel_and_laying_is_risky() -> None:
    # The back card is a 4, matching the 4 on top of the player's penalty pile: passing
    # (one penalty card, from the back) cancels it, a sure gain of 4 points.
    state = Builder(2).railway([4, 3, 2], caboose=2).hand(0, 4).penalty(0, 1, 4).build()
    assert best_plan(state.observation(0)).passing
    assert policy(state.observation(0), random.Random(0)) == Pass()


def test_rolls_once_the_plan_is_laid() -> None:
    state = Builder(2).railway([1, 1, 1, 1, 1], caboose=0).hand(0, 1, 3).build()
    play(state, "lay 1 at 3,0")
    assert policy(state.observation(0), random.Random(0)) == Roll()


def test_plans_keep_the_broken_track_for_last() -> None:
    state = Builder(2).railway([1, 1, 1, 1, 1, 1], caboose=0).hand(0, "broken 2", 2).build()
    by_size = {len(plan.cards): plan for plan in plans(state) if not plan.passing}
    assert by_size[2].cards == (Card(2), Card(2, True))


def test_best_cell_avoids_walling_itself_in() -> None:
    # The spiral of test_laying without its last card: from the front at (-1,0), the
    # cell (0,0) is open but a dead end; (-1,1) leads out.
    state = Builder(2).railway([1, 2, 3, 4] * 3, caboose=0, cells=WALLED_IN[:-1]).build()
    assert state.railway.open_cells() == ((0, 0), (-1, 1))
    assert best_cell(state.railway) == (-1, 1)


def test_evaluate_favours_fewer_points_and_stays_in_range() -> None:
    state = Builder(2).hand(0, 1).hand(1, 4).penalty(0, 1).penalty(1, 4, 3).build()
    values = evaluate(state)
    assert len(values) == 2 and all(0 <= v <= 1 for v in values)
    assert values[0] > values[1]
    for seed in range(10):
        game = random_game(4, seed, plies=100)
        assert all(0 <= v <= 1 for v in evaluate(game))


def test_every_level_finishes_a_game_with_legal_moves() -> None:
    state = GAME_INFO.create(3, 1, {})
    bots = [make_bot(GAME_INFO, level, seat, seed=1, iterations=30)
            for seat, level in enumerate(("easy", "normal", "hard"))]
    rng = random.Random(1)
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


def test_the_hint_says_what_its_penalty_points_are() -> None:
    """The hint read "should change your penalty points by -0.9": good or bad? Then
    "should save you 1.4 penalty points", a number mixing the bot's weights: now the
    penalty points taken this turn, certain or expected, a cancelled pair said in words."""
    from nile.ai.bots import advise

    said = 0
    for seed in range(12):
        state = random_game(2, seed, plies=10 + seed)
        rng = random.Random(seed)
        while state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        if state.is_terminal:
            continue
        reason = advise(GAME_INFO, state, seed).reason
        if reason is None:
            continue
        said += 1
        assert re.search(r"penalty points? (for certain|expected)", reason), reason
        assert " by " not in reason and not any(c in reason for c in "+-"), reason
    assert said >= 3
