"""The expert: its fitted evaluation, the tool that fits it, and the bot that uses it."""

from __future__ import annotations

import sys
from pathlib import Path

from nile.ai.bots import choose, levels, make_bot
from nile.games.cleopatra import GAME_INFO, ai, ai_eval
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules.phases import Phase

from .helpers import resolve_chance

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
from cleo_fit_eval import fit, sample_positions  # noqa: E402


def test_the_evaluation_gives_shares_that_add_up_and_favour_points_and_florin() -> None:
    even = ai_eval.evaluate(Builder(3).turn(3).to_move(0, Phase.AUCTION).build())
    assert abs(sum(even) - 1.5) < 1e-9  # three pairs, each shared out, over two rivals
    assert max(even) - min(even) < 0.05  # nothing between the seats but who bids first

    def ahead(turn: int) -> list[float]:
        return ai_eval.evaluate(Builder(3).turn(turn).vp(1, 20).money(1, 15)
                                .to_move(0, Phase.AUCTION).build())

    early, last = ahead(3), ahead(7)  # the last turn of three players (CC-6)
    assert early[1] > 0.7 and early[0] < 0.5 and early[2] < 0.5
    assert last[1] > early[1]  # the same lead is surer with less of the game to play
    assert len(ai_eval.features(Builder(3).build())[0]) == len(ai_eval.WEIGHTS)


def test_a_turn_cut_off_midway_counts_the_actions_still_due() -> None:
    # Ra (seat 0) acts first, Thoth (seat 2) last: with seat 2 to move, seats 0 and 1
    # have spent their actions and must not lead for it.
    state = Builder(3).turn(2).to_move(2).build()
    assert ai_eval.due_this_turn(state, 2) == (2, 0, 0)
    assert ai_eval.due_this_turn(state, 0) == (0, 0, 0)
    values = ai_eval.evaluate(state)
    assert values[2] > values[0]
    auction = Builder(3).turn(2).to_move(0, Phase.AUCTION).build()
    assert all(ai_eval.due_this_turn(auction, seat) == (2, 1, 0)  # gods not chosen yet
               for seat in range(3))


def test_the_fit_recovers_the_signs_that_matter_from_a_few_games() -> None:
    x, y, hard = sample_positions(40, 1, 3, epsilon=0.1, keep=0.2)
    assert x.shape == (len(y), len(ai_eval.FEATURES)) and set(y) <= {0.0, 0.5, 1.0}
    assert len(hard) == len(y) and ((hard > 0) & (hard < 1)).all()
    weights = dict(zip(ai_eval.FEATURES, fit(x, y), strict=True))
    assert weights["vp"] > 0 and weights["cities"] > 0 and weights["actions_due"] > 0


def test_the_expert_is_offered_and_searches_with_the_fitted_evaluation() -> None:
    assert levels(GAME_INFO) == ("easy", "normal", "hard", "expert")
    expert = make_bot(GAME_INFO, "expert", 0, 7)
    assert isinstance(expert, ai.HardBot)
    search = expert._search
    assert (search._hooks.evaluate, search._budget, search._seconds) == (
        ai_eval.evaluate, ai.EXPERT_ITERATIONS, ai.hooks().expert_seconds)
    hard = make_bot(GAME_INFO, "hard", 0, 7)
    assert isinstance(hard, ai.HardBot) and hard._search._hooks.evaluate is ai.evaluate
    assert hard._search._budget == ai.hooks().hard_iterations
    tools = make_bot(GAME_INFO, "expert", 0, 7, iterations=20)  # reproducible, untimed
    assert isinstance(tools, ai.HardBot)
    assert (tools._search._budget, tools._search._seconds) == (20, None)
    state = GAME_INFO.create(3, 5, {})
    resolve_chance(state)
    seat = state.current_player
    assert seat is not None
    assert choose(tools, state.observation(seat)) in state.legal_actions()
