"""Fit the Loose Caboose expert's evaluation (nile/games/loose_caboose/value.py).

    nice -n 10 .venv/bin/python tools/lc_value_fit.py --games 6000

Plays seeded two-player games of the normal policy (a share `--epsilon` of random moves,
so the positions are varied), keeps every position right after a player's move (where
the search scores its leaves), and fits a logistic model of who wins: seat 0's chance is
1 / (1 + exp(g_0 - g_1)) with g_s = sum of w_f(p) * x_f(s) over value.py's features, and
w_f(p) = a + b / sqrt(1 + p) + c / (1 + p) (p: cards left in the draw pile). Games whose
number is a multiple of 5 are held out: the tool prints their log-loss under the fitted
model and under the hard bot's `evaluate`, then the weights as value.py's WEIGHTS.
Same arguments, same weights.
"""

from __future__ import annotations

import argparse
import random

import _common  # noqa: F401  (puts the checkout on the import path)
import numpy as np

from nile.core import chance, registry
from nile.core.game import CHANCE
from nile.games.loose_caboose import ai
from nile.games.loose_caboose.rules import LooseCabooseState, Phase
from nile.games.loose_caboose.value import WEIGHTS, features

NAMES = list(WEIGHTS)


def positions(game: int, epsilon: float) -> tuple[list[LooseCabooseState], float]:
    """The positions of one seeded game after each player's move, and seat 0's result
    (1 a win, 1/2 a shared victory, 0 a loss)."""
    rng = random.Random(f"gen/{game}/{epsilon}")
    state = registry.get("loose_caboose").create(2, game, {})
    assert isinstance(state, LooseCabooseState)
    kept = []
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            action = chance.pick(state.chance_outcomes(), rng)
        elif rng.random() < epsilon:
            action = rng.choice(state.legal_actions())
        else:
            action = ai.policy(state.observation(seat), rng)
        state.apply(action)
        if seat != CHANCE and state.phase is not Phase.SETUP and not state.is_terminal:
            kept.append(state.clone())
    first, second = state.ranking()
    return kept, 1.0 if first < second else 0.5 if first == second else 0.0


def table(games: int, epsilon: float) -> tuple[np.ndarray, ...]:
    """Per position: seat 1's features minus seat 0's, the cards left in the pile, the
    result, the hard bot's guess for seat 0, and the game's number."""
    rows, piles, results, guesses, numbers = [], [], [], [], []
    for game in range(games):
        kept, result = positions(game, epsilon)
        for state in kept:
            outlook = ai.turn_outlook(state)
            x0, x1 = features(state, 0, outlook), features(state, 1, outlook)
            rows.append([x1[name] - x0[name] for name in NAMES])
            piles.append(state.pile_size)
            results.append(result)
            guesses.append(ai.evaluate(state)[0])
            numbers.append(game)
    return tuple(np.array(column, dtype=float)
                 for column in (rows, piles, results, guesses, numbers))


def basis(piles: np.ndarray) -> np.ndarray:
    """1, 1/sqrt(1 + p), 1/(1 + p) per position: how a weight changes with the pile."""
    return np.stack([np.ones_like(piles), 1 / np.sqrt(1 + piles), 1 / (1 + piles)], axis=1)


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 30) -> np.ndarray:
    """Newton's method for a logistic regression with soft labels and a little L2."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--epsilon", type=float, default=0.1)
    args = parser.parse_args(argv)
    diffs, piles, results, guesses, numbers = table(args.games, args.epsilon)
    x = (diffs[:, :, None] * basis(piles)[:, None, :]).reshape(len(diffs), -1)
    held = numbers % 5 == 0
    w = logistic(x[~held], results[~held])
    fitted = 1 / (1 + np.exp(-(x @ w)))
    print(f"{len(diffs)} positions from {args.games} games; held-out log-loss: "
          f"fitted {log_loss(fitted[held], results[held]):.4f}, "
          f"hard evaluate {log_loss(guesses[held], results[held]):.4f}")
    for name, (a, b, c) in zip(NAMES, w.reshape(len(NAMES), 3), strict=True):
        print(f'    "{name}": ({a:+.3f}, {b:+.3f}, {c:+.3f}),')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
