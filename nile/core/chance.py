"""Picking chance outcomes with a seeded generator.

The rules list what can happen (`chance_outcomes`); only the code that drives a game
picks. A session derives one generator per ply from the game seed, so a resumed or
replayed game draws exactly what the original would have, without storing any
generator state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter

from nile.core.game import Action


def ply_rng(seed: int, ply: int, salt: str = "chance") -> random.Random:
    """A generator fixed by (seed, ply, salt): the same in every process and platform."""
    return random.Random(f"nile/{salt}/{seed}/{ply}")


_PROBABILITY = itemgetter(1)


def pick(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """Choose one outcome with the listed probabilities."""
    if not outcomes:
        raise ValueError("no chance outcomes to pick from")
    if len(outcomes) == 1:
        return outcomes[0][0]
    # `map(itemgetter)` rather than a generator: the same additions in the same order (so
    # the same pick), without a Python frame per outcome; random playouts pick on about
    # half their plies (issue 33 item 6)
    threshold = rng.random() * sum(map(_PROBABILITY, outcomes))
    running = 0.0
    for action, probability in outcomes:
        running += probability
        if threshold < running:
            return action
    return outcomes[-1][0]
