"""The rating maths of tools/tournament.py: known results in, known ratings out."""

from __future__ import annotations

import math

import pytest

from nile.ai.rating import (
    GameResult,
    bootstrap,
    bradley_terry,
    elo,
    expected_score,
    gaps,
    pairwise,
    rate,
    separated,
)


def results(a: str, b: str, wins_a: int, wins_b: int, ties: int = 0) -> list[GameResult]:
    """Two-seat games: a won `wins_a`, b won `wins_b`, `ties` shared first place."""
    return ([GameResult((a, b), (1, 2))] * wins_a + [GameResult((b, a), (1, 2))] * wins_b
            + [GameResult((a, b), (1, 1))] * ties)


def test_pairwise_reads_every_pair_of_different_levels_and_halves_ties() -> None:
    games = [GameResult(("hard", "normal", "normal"), (1, 2, 3)),
             GameResult(("normal", "hard", "normal"), (1, 1, 3))]
    tally = pairwise(games)
    # game 1: hard beats both normals; game 2: shares first with one, beats the other.
    assert tally == {("hard", "normal"): (3.5, 0.5)}


def test_two_levels_strength_ratio_is_the_win_ratio() -> None:
    strength = bradley_terry(pairwise(results("a", "b", 3, 1)), ["a", "b"], prior=0.0)
    assert strength["a"] / strength["b"] == pytest.approx(3.0)
    points = elo(strength, "b")
    assert points["b"] == 0.0
    assert points["a"] == pytest.approx(400 * math.log10(3))  # 190.85


def test_prior_pulls_a_clean_sweep_to_a_finite_rating() -> None:
    strength = bradley_terry(pairwise(results("a", "b", 4, 0)), ["a", "b"], prior=0.5)
    assert strength["a"] / strength["b"] == pytest.approx(4.5 / 0.5)


def test_three_consistent_levels_recover_their_strengths() -> None:
    # strengths 4 : 2 : 1 give exactly these shares: a-b 2:1, b-c 2:1, a-c 4:1.
    games = results("a", "b", 2, 1) + results("b", "c", 2, 1) + results("a", "c", 4, 1)
    points = elo(bradley_terry(pairwise(games), ["c", "b", "a"], prior=0.0), "c")
    assert points["b"] == pytest.approx(400 * math.log10(2), abs=1e-6)
    assert points["a"] == pytest.approx(400 * math.log10(4), abs=1e-6)


def test_ties_count_half_a_win_each_way() -> None:
    strength = bradley_terry(pairwise(results("a", "b", 1, 1, ties=4)), ["a", "b"], prior=0.0)
    assert strength["a"] == pytest.approx(strength["b"])


def test_expected_score_inverts_the_elo_gap() -> None:
    assert expected_score(0.0, 0.0) == 0.5
    assert expected_score(400 * math.log10(3), 0.0) == pytest.approx(0.75)


def test_rate_is_seeded_and_its_interval_holds_the_point() -> None:
    games = results("weak", "strong", 6, 14) + results("weak", "middle", 8, 12)
    first = rate(games, ["weak", "middle", "strong"], samples=60, seed=3)
    again = rate(games, ["weak", "middle", "strong"], samples=60, seed=3)
    assert first == again
    by_level = {r.level: r for r in first}
    assert by_level["weak"].elo == 0.0
    assert by_level["strong"].elo > by_level["middle"].elo > 0
    for r in first:
        assert r.low <= r.elo <= r.high
    assert by_level["strong"].games == 20 and by_level["weak"].games == 40


def test_separated_needs_disjoint_ascending_intervals() -> None:
    many = results("b", "a", 39, 1) + results("c", "b", 39, 1)
    ratings = rate(many, ["a", "b", "c"], samples=60)
    assert separated(ratings)
    close = rate(results("b", "a", 5, 6), ["a", "b"], samples=60)
    assert not separated(close)


def test_gaps_between_neighbours_come_from_the_same_resamples() -> None:
    games = results("b", "a", 30, 10) + results("c", "b", 30, 10)
    levels = ["a", "b", "c"]
    draws = bootstrap(games, levels, samples=80, seed=1)
    point = {r.level: r.elo for r in rate(games, levels, samples=80, seed=1)}
    steps = gaps(draws, levels, point)
    assert [(lo, up) for lo, up, *_ in steps] == [("a", "b"), ("b", "c")]
    for lower, upper, gap, low, high in steps:
        assert gap == pytest.approx(point[upper] - point[lower])
        assert 0 < low <= gap <= high  # 3:1 twice over is a clear step each time
