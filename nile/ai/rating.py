"""Ratings for bot levels from game results: Bradley–Terry strengths on the Elo scale,
with bootstrap confidence intervals.

A game of any size is read as the pairwise results between seats of different levels
(who placed ahead of whom; a shared place is half a win each way), so a 4-player Age of
Steam game of one hard bot against three normal ones gives three hard-versus-normal
results. Strengths are fitted with Hunter's minorization–maximization iteration (2004);
`prior` adds that many virtual draws to every pair that has met, so a level that won
every game still gets a finite rating. Ratings are on the Elo scale
(400 · log10 of the strength ratio) with the first level at 0.

Pure Python and seeded: the same results and seed give the same intervals.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Pair = tuple[str, str]
"""(a, b) with a < b: a key into the pairwise tallies."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: the level of each seat and each seat's place (1 = first)."""

    levels: tuple[str, ...]
    ranking: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    """A level's rating and its 95 % interval (Elo points, the first level at 0)."""

    level: str
    elo: float
    low: float
    high: float
    games: int


def pairwise(games: Sequence[GameResult]) -> dict[Pair, tuple[float, float]]:
    """Wins of a and of b for every pair of levels that met (ties count half each)."""
    tally: dict[Pair, list[float]] = {}
    for game in games:
        seats = range(len(game.levels))
        for i in seats:
            for j in seats:
                a, b = game.levels[i], game.levels[j]
                if i >= j or a == b:
                    continue
                key = (a, b) if a < b else (b, a)
                wins = tally.setdefault(key, [0.0, 0.0])
                ri, rj = game.ranking[i], game.ranking[j]
                score_i = 1.0 if ri < rj else 0.5 if ri == rj else 0.0
                score_a = score_i if a == key[0] else 1.0 - score_i
                wins[0] += score_a
                wins[1] += 1.0 - score_a
    return {k: (v[0], v[1]) for k, v in tally.items()}


def bradley_terry(tally: Mapping[Pair, tuple[float, float]], levels: Sequence[str],
                  prior: float = 0.5, iterations: int = 2000,
                  tolerance: float = 1e-10) -> dict[str, float]:
    """Strengths (geometric mean 1) that best explain `tally`; a level that never played
    keeps strength 1.

    >>> s = bradley_terry({("a", "b"): (3.0, 1.0)}, ["a", "b"], prior=0.0)
    >>> round(s["a"] / s["b"], 6)
    3.0
    """
    wins = {level: 0.0 for level in levels}
    met: dict[Pair, float] = {}
    for (a, b), (wa, wb) in tally.items():
        if wa + wb <= 0:
            continue
        wins[a] += wa + prior
        wins[b] += wb + prior
        met[(a, b)] = wa + wb + 2 * prior
    strength = {level: 1.0 for level in levels}
    for _ in range(iterations):
        new = {}
        for level in levels:
            denominator = sum(n / (strength[a] + strength[b])
                              for (a, b), n in met.items() if level in (a, b))
            new[level] = wins[level] / denominator if denominator > 0 else strength[level]
        new = _normalised(new)
        change = max(abs(math.log(max(new[k], 1e-300) / max(strength[k], 1e-300)))
                     for k in levels)
        strength = new
        if change < tolerance:
            break
    return strength


def _normalised(strength: dict[str, float]) -> dict[str, float]:
    positive = [v for v in strength.values() if v > 0]
    if not positive:
        return strength
    centre = math.exp(sum(math.log(v) for v in positive) / len(positive))
    return {k: v / centre for k, v in strength.items()}


def elo(strength: Mapping[str, float], anchor: str) -> dict[str, float]:
    """Strengths on the Elo scale, `anchor` at 0 (a zero strength floors at -4000)."""
    base = strength[anchor]

    def points(value: float) -> float:
        if value <= 0 or base <= 0:
            return -4000.0 if value <= 0 else 4000.0
        return 400.0 * math.log10(value / base)

    return {level: points(value) for level, value in strength.items()}


def expected_score(elo_a: float, elo_b: float) -> float:
    """The share of points a should take from b at these ratings.

    >>> round(expected_score(400.0, 0.0), 4)
    0.9091
    """
    return 1.0 / (1.0 + math.pow(10.0, (elo_b - elo_a) / 400.0))


def games_per_level(games: Sequence[GameResult], levels: Sequence[str]) -> dict[str, int]:
    """Games in which each level held at least one seat."""
    return {level: sum(1 for g in games if level in g.levels) for level in levels}


def bootstrap(games: Sequence[GameResult], levels: Sequence[str], *, prior: float = 0.5,
              samples: int = 200, seed: int = 0) -> dict[str, list[float]]:
    """Elo ratings (first level 0) of `samples` resamplings of the games, drawn with
    replacement and seeded: one list per level, the i-th entries from the same sample."""
    anchor = levels[0]
    rng = random.Random(f"nile/rating/{seed}")
    draws: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(samples if games else 0):
        sample = [games[rng.randrange(len(games))] for _ in games]
        values = elo(bradley_terry(pairwise(sample), levels, prior, iterations=500,
                                   tolerance=1e-7), anchor)
        for level in levels:
            draws[level].append(values[level])
    return draws


def gaps(draws: Mapping[str, list[float]], levels: Sequence[str],
         point: Mapping[str, float]) -> list[tuple[str, str, float, float, float]]:
    """(lower, upper, gap, low, high) for each pair of neighbours in `levels`: the Elo
    gap and its 95 % bootstrap interval. A gap whose interval stays above 0 separates the
    two levels even when their own intervals (each measured from the first level)
    overlap."""
    result = []
    for lower, upper in itertools.pairwise(levels):
        diffs = [b - a for a, b in zip(draws[lower], draws[upper], strict=True)]
        gap = point[upper] - point[lower]
        low, high = _interval(diffs, gap)
        result.append((lower, upper, gap, low, high))
    return result


def rate(games: Sequence[GameResult], levels: Sequence[str], *, prior: float = 0.5,
         samples: int = 200, seed: int = 0) -> list[Rating]:
    """Each level's Elo rating (first level 0) with a 95 % percentile bootstrap interval
    (games resampled with replacement, `samples` times)."""
    point = elo(bradley_terry(pairwise(games), levels, prior), levels[0])
    draws = bootstrap(games, levels, prior=prior, samples=samples, seed=seed)
    counts = games_per_level(games, levels)
    ratings = []
    for level in levels:
        low, high = _interval(draws[level], point[level])
        ratings.append(Rating(level, point[level], low, high, counts[level]))
    return ratings


def _interval(values: list[float], fallback: float) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles (nearest rank)."""
    if not values:
        return fallback, fallback
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]


def separated(ratings: Sequence[Rating]) -> bool:
    """True when each level's interval lies wholly above the one listed before it."""
    return all(later.low > earlier.high for earlier, later in itertools.pairwise(ratings))


__all__ = ["GameResult", "Rating", "bootstrap", "bradley_terry", "elo", "expected_score",
           "games_per_level", "gaps", "pairwise", "rate", "separated"]
