"""The expert: its fitted evaluation, the tool that fits it, and the bot that uses it."""

from __future__ import annotations

import sys
from pathlib import Path

from nile.ai.bots import choose, levels, make_bot
from nile.ai.ismcts import ISMCTS
from nile.games.kap_kairo import GAME_INFO, ai, ai_eval
from nile.games.kap_kairo.builder import Builder

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
from kap_fit_eval import fit, sample_positions  # noqa: E402


def _even() -> Builder:
    return Builder(2).column(0, "S8").column(1, "S7").row("S0").to_move(0)


def test_the_evaluation_gives_shares_that_add_up_and_favour_cash() -> None:
    values = ai_eval.evaluate(_even().build())
    assert all(0.0 <= v <= 1.0 for v in values) and abs(sum(values) - 1.0) < 1e-9
    rich = ai_eval.evaluate(_even().capital(0, 150).capital(1, 30).build())
    assert rich[0] > 0.7  # £120 ahead: money decides who crosses first


def test_one_crossing_from_the_win_leads_most_when_that_crossing_is_free() -> None:
    def near(first: str) -> list[float]:
        return ai_eval.evaluate(
            Builder(2).crossed(0, "S0", "S1", "S2", "S3", "S4", "S5", "S6")
            .crossed(1, "V0", "V1", "V2", "V3", "V4").column(0, first).column(1, "R1")
            .row("S9").capital(0, 50).capital(1, 50).to_move(0).build())

    river, free = near("R0"), near("S8")  # 10 rails short of a River; S8 + S9 cover 6
    assert 0.5 < river[0] < free[0]
    assert len(ai_eval.features(Builder(2).build(), 0)) == len(ai_eval.WEIGHTS)


def test_the_fit_recovers_the_signs_that_matter_from_a_few_games() -> None:
    x, y = sample_positions(150, 1, epsilon=0.1, keep=0.25)
    assert x.shape == (len(y), len(ai_eval.FEATURES)) and set(y) <= {0.0, 0.5, 1.0}
    weights = dict(zip(ai_eval.FEATURES, fit(x, y), strict=True))
    assert weights["capital"] > 0 and weights["one_away"] > 0


def test_the_expert_is_offered_and_searches_with_the_fitted_evaluation() -> None:
    assert "expert" in levels(GAME_INFO)
    expert = make_bot(GAME_INFO, "expert", 0, 7)
    assert isinstance(expert, ISMCTS)
    assert (expert._hooks.evaluate, expert._budget, expert._seconds) == (
        ai_eval.evaluate, ai.SEARCH.expert_iterations, ai.SEARCH.expert_seconds)
    hard = make_bot(GAME_INFO, "hard", 0, 7)
    assert isinstance(hard, ISMCTS) and hard._hooks.evaluate is ai.evaluate
    tools = make_bot(GAME_INFO, "expert", 0, 7, iterations=20)  # reproducible, untimed
    assert isinstance(tools, ISMCTS) and (tools._budget, tools._seconds) == (20, None)
    state = Builder(2).auction(("S9", "R0")).build()
    assert choose(tools, state.observation(0)) in state.legal_actions()
