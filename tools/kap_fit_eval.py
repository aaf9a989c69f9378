"""Fit the Kap bis Kairo expert's evaluation (`nile/games/kap_kairo/ai_eval.py`).

Plays seeded two-player games of the heuristic policy with the rollouts' share of random
candidate moves, samples positions, and fits seat 0's result against the difference of
the two seats' `ai_eval.features` by L2-regularised logistic regression (Newton steps).
Prints the weights in `ai_eval.FEATURES` order, ready to paste into `ai_eval.WEIGHTS`,
and the log loss and accuracy on games held out.

    PYTHONPATH=$PWD python tools/kap_fit_eval.py --games 4000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import _logistic as logistic  # noqa: E402

from nile.core import chance  # noqa: E402
from nile.core.game import CHANCE  # noqa: E402
from nile.games.kap_kairo import ai_eval  # noqa: E402
from nile.games.kap_kairo.ai import SEARCH, policy, search_candidates  # noqa: E402
from nile.games.kap_kairo.rules import KapState, new_game  # noqa: E402

HELD_OUT_SEED = 900_000
"""First seed of the held-out games (far from the training seeds)."""


def difference(state: KapState) -> list[float]:
    """Seat 0's features minus seat 1's."""
    mine, theirs = ai_eval.features(state, 0), ai_eval.features(state, 1)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def sample_positions(games: int, first_seed: int, epsilon: float,
                     keep: float) -> tuple[np.ndarray, np.ndarray]:
    """(feature differences, seat 0's result) of about `keep` of every position of
    `games` seeded games; a move is a random candidate with chance `epsilon`, else the
    policy's, as in the search's rollouts."""
    rows: list[list[float]] = []
    results: list[float] = []
    for seed in range(first_seed, first_seed + games):
        state = new_game(2, seed, {})
        rng = random.Random(seed)
        sampled = []
        while not state.is_terminal:
            if rng.random() < keep:
                sampled.append(difference(state))
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            elif rng.random() < epsilon:
                state.apply(rng.choice(search_candidates(state)))
            else:
                state.apply(policy(state, rng))
        result = state.returns()[0]
        rows.extend(sampled)
        results.extend([result] * len(sampled))
    return np.array(rows, dtype=float), np.array(results, dtype=float)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The shared logistic fit on the raw columns (as `ai_eval.WEIGHTS` were fitted)."""
    return logistic.fit(x, y)


def log_loss(x: np.ndarray, y: np.ndarray, weights: np.ndarray) -> tuple[float, float]:
    """(mean log loss, share of decided positions called right)."""
    return logistic.scored(1.0 / (1.0 + np.exp(-x @ weights)), y)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--keep", type=float, default=0.25, help="share of positions sampled")
    args = parser.parse_args(argv)
    epsilon = SEARCH.rollout_epsilon
    x, y = sample_positions(args.games, args.seed, epsilon, args.keep)
    weights = fit(x, y)
    held_x, held_y = sample_positions(max(1, args.games // 4), HELD_OUT_SEED, epsilon, args.keep)
    print(f"{len(y)} positions from {args.games} games")
    for name, weight in zip(ai_eval.FEATURES, weights, strict=True):
        print(f"    {weight:.4f},  # {name}")
    for name, (xs, ys) in (("train", (x, y)), ("held out", (held_x, held_y))):
        loss, right = log_loss(xs, ys, weights)
        print(f"{name} log loss {loss:.4f}, right {right:.3f}")


if __name__ == "__main__":
    main()
