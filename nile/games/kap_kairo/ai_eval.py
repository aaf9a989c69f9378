"""The expert's evaluation: a logistic model of who wins, fitted to rollout play.

The hard bot's `ai.evaluate` counts cards crossed and barely counts money. Fitted to where
the search's own rollouts end up, money weighs far more: late in the game £10 is worth
about as much as a whole crossing already behind you (every player crosses in time; cash
decides who does it first), and standing one crossing from the win is worth most of all.
The expert scores a position by these weights instead.

The weights come from `tools/kap_fit_eval.py`: 4000 seeded two-player games of the
heuristic policy with 10 % random candidate moves (the rollouts' mix), a quarter of their
positions sampled, seat 0's result regressed on the difference of the two seats' features
(logistic, L2 1e-3). The same pairwise model scores tables of 3 and 4 as the hard bot's
evaluation does: each seat's expected share of opponents beaten.
"""

from __future__ import annotations

import math

from nile.core.game import GameState
from nile.games.kap_kairo.rules import RAILS, RULES, KapState, shortfall

FEATURES = (
    "crossed",
    "one_away",
    "two_away",
    "near_short",
    "capital",
    "bonus",
    "line_rails",
    "line_cards",
    "short",
    "free_now",
    "to_move",
    "capital_early",
)
"""What `features` measures for one seat, in order (see there)."""

WEIGHTS = (
    0.0485,
    1.3567,
    0.0450,
    -0.0573,
    0.4009,
    0.1229,
    0.0537,
    -0.0485,
    -0.0526,
    0.1230,
    0.0348,
    -0.2649,
)
"""Logits per unit of each feature's difference between two seats (`tools/kap_fit_eval.py`)."""

NO_LINE_SHORT = 6
"""Rails counted short for a seat whose line is empty (about an average crossing's gap)."""


def features(state: KapState, seat: int) -> tuple[float, ...]:
    """One seat's numbers, in `FEATURES` order: cards crossed, one or two crossings from the
    win, rails still short for the next crossing once bonus cards are spent (and that gap
    when one crossing from the win), capital in rails, bonus cards, printed rails and cards
    in the line, whether the next crossing is free, whether this seat moves, and capital
    weighted by how early the game is (cash buys less once lines are long)."""
    line = state.columns[seat]
    crossed = len(state.crossed[seat])
    bonus = len(state.bonus[seat])
    short = max(0, shortfall(state, seat) - bonus) if line else NO_LINE_SHORT
    done = sum(len(c) for c in state.crossed) / (RULES.win_crossings * state.players)
    capital = state.capital[seat] / RULES.rail_price
    one_away = crossed >= RULES.win_crossings - 1
    return (
        float(crossed),
        1.0 if one_away else 0.0,
        1.0 if crossed >= RULES.win_crossings - 2 else 0.0,
        float(short) if one_away else 0.0,
        capital,
        float(bonus),
        float(sum(RAILS[c] for c in line)),
        float(len(line)),
        float(short),
        1.0 if line and short == 0 else 0.0,
        1.0 if state.current_player == seat else 0.0,
        capital * (1.0 - done),
    )


def strength(state: KapState, seat: int) -> float:
    """The seat's logit before an opponent's is taken away."""
    return sum(w * f for w, f in zip(WEIGHTS, features(state, seat), strict=True))


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected share of beaten opponents, from the fitted pairwise model."""
    assert isinstance(state, KapState)
    n = state.players
    logits = [strength(state, s) for s in range(n)]
    return [
        sum(1.0 / (1.0 + math.exp(logits[o] - logits[s])) for o in range(n) if o != s) / (n - 1)
        for s in range(n)
    ]
