"""The logistic fit shared by the tools that fit a bot's evaluation (`kap_fit_eval.py`,
`cleo_fit_eval.py`): Newton steps on an L2-regularised log loss, no intercept (each
model is symmetric in the seats: a row is one seat's features minus another's)."""

from __future__ import annotations

import numpy as np


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30,
        standardise: bool = False) -> np.ndarray:
    """The weights of P(y = 1) = 1 / (1 + exp(-x @ w)) for results `y` in [0, 1] (a tie
    a half). `standardise` fits on columns scaled to unit spread, so one L2 weight suits
    features of any scale, and returns the weights for the unscaled columns."""
    scale = np.maximum(x.std(axis=0), 1e-9) if standardise else np.ones(x.shape[1])
    z = x / scale
    weights = np.zeros(z.shape[1])
    ridge = l2 * np.eye(z.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-z @ weights))
        gradient = z.T @ (p - y) / len(y) + l2 * weights
        hessian = (z.T * (p * (1.0 - p))) @ z / len(y) + ridge
        weights -= np.linalg.solve(hessian, gradient)
    return weights / scale


def scored(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(mean log loss, share of the decided rows called right) of the chances `p`."""
    p = np.clip(p, 1e-9, 1.0 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))
    decided = y != 0.5
    return loss, float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))
