"""`chance.pick`: a saved or replayed game draws exactly what it drew when it was played,
so the pick must stay the same function of (outcomes, generator) however it is computed."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from nile.core import chance
from nile.core.game import Action


@dataclass(frozen=True, slots=True)
class Outcome(Action):
    """A chance action that is only a number."""

    number: int

    def to_str(self) -> str:
        return f"outcome {self.number}"


def reference_pick(outcomes: list[tuple[Action, float]], rng: random.Random) -> Action:
    """The pick as first written: the running sum of the probabilities passes a threshold
    drawn over their total."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    threshold = rng.random() * sum(p for _, p in outcomes)
    running = 0.0
    for action, probability in outcomes:
        running += probability
        if threshold < running:
            return action
    return outcomes[-1][0]


def test_the_pick_is_the_reference_pick_on_uniform_and_uneven_outcomes() -> None:
    maker = random.Random(3)
    for case in range(400):
        size = 1 + case % 60
        if case % 2:
            weights = [1.0 / size] * size
        else:
            weights = [maker.choice((0.0, 0.1, 1 / 3, 0.25, 7 / 36, 1e-9)) for _ in range(size)]
            weights[-1] = weights[-1] or 0.5
        outcomes: list[tuple[Action, float]] = [
            (Outcome(i), w) for i, w in enumerate(weights)]
        for draw in range(5):
            seed = case * 10 + draw
            assert (chance.pick(outcomes, random.Random(seed))
                    is reference_pick(outcomes, random.Random(seed)))


def test_nothing_to_pick_from_is_an_error() -> None:
    with pytest.raises(ValueError):
        chance.pick([], random.Random(0))
