"""Fit the Cleopatra's Caboose expert's evaluation (`nile/games/cleopatra/ai_eval.py`).

Plays seeded three-player games of the search's rollout play (its rollout policy, a random
candidate move with the rollouts' chance), samples positions, and for every pair of seats
fits whether the first finishes above the second (a tie counts a half) against the
difference of their `ai_eval.features`, by L2-regularised logistic regression (Newton
steps). Prints the weights in `ai_eval.FEATURES` order, ready to paste into
`ai_eval.WEIGHTS`, and the log loss and share called right on games held out, beside the
hard bot's own `ai.evaluate` read the same way (its pairwise chance, before averaging).

    PYTHONPATH=$PWD python tools/cleo_fit_eval.py --games 6000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from itertools import combinations
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import _logistic as logistic  # noqa: E402

from nile.core import chance  # noqa: E402
from nile.core.game import CHANCE  # noqa: E402
from nile.games.cleopatra import ai, ai_eval, rules  # noqa: E402

HELD_OUT_SEED = 900_000
"""First seed of the held-out games (far from the training seeds)."""


def hard_pair_chance(state: rules.CleopatraState, a: int, b: int) -> float:
    """The hard bot's evaluation's chance that seat `a` beats seat `b` (the term
    `ai.evaluate` averages)."""
    scores = ai.estimated_scores(state)
    scale = ai.W.eval_scale + ai.W.eval_scale_per_turn * max(0, ai.turns_left(state))
    return 1.0 / (1.0 + math.exp((scores[b] - scores[a]) / scale))


def sample_positions(games: int, first_seed: int, players: int, epsilon: float,
                     keep: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(feature differences, results, the hard evaluation's chances), one row per pair of
    seats in about `keep` of the decisions of `games` seeded games."""
    rows: list[list[float]] = []
    results: list[float] = []
    hard: list[float] = []
    for seed in range(first_seed, first_seed + games):
        state = rules.new_game(players, seed, {})
        rng = random.Random(seed)
        sampled: list[tuple[list[list[float]], list[float]]] = []
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            if rng.random() < keep:
                sampled.append((ai_eval.features(state),
                                [hard_pair_chance(state, a, b)
                                 for a, b in combinations(range(players), 2)]))
            if rng.random() < epsilon:
                state.apply(rng.choice(ai.candidates(state)))
            else:
                state.apply(ai.rollout_policy(state, rng))
        ranking = state.ranking()
        for table, chances in sampled:
            for (a, b), p in zip(combinations(range(players), 2), chances, strict=True):
                rows.append([x - y for x, y in zip(table[a], table[b], strict=True)])
                results.append(1.0 if ranking[a] < ranking[b]
                               else 0.5 if ranking[a] == ranking[b] else 0.0)
                hard.append(p)
    return np.array(rows, dtype=float), np.array(results, dtype=float), np.array(hard)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The shared logistic fit on standardised columns (the features' scales differ)."""
    return logistic.fit(x, y, standardise=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--keep", type=float, default=0.2, help="share of positions sampled")
    args = parser.parse_args(argv)
    epsilon = ai.hooks().rollout_epsilon
    x, y, _ = sample_positions(args.games, args.seed, args.players, epsilon, args.keep)
    weights = fit(x, y)
    held = sample_positions(max(1, args.games // 4), HELD_OUT_SEED, args.players, epsilon,
                            args.keep)
    print(f"{len(y)} pairs from {args.games} games")
    for name, weight in zip(ai_eval.FEATURES, weights, strict=True):
        print(f"    {weight:.4f},  # {name}")
    for name, (xs, ys, hs) in (("train", (x, y, None)), ("held out", held)):
        loss, right = logistic.scored(1.0 / (1.0 + np.exp(-xs @ weights)), ys)
        print(f"{name}: {len(ys)} pairs, fitted log loss {loss:.4f}, right {right:.3f}")
        if hs is not None:
            loss, right = logistic.scored(hs, ys)
            print(f"{name}: ai.evaluate log loss {loss:.4f}, right {right:.3f}")


if __name__ == "__main__":
    main()
