"""Several independent IS-MCTS searches of one decision, their root visits summed.

A larger budget in one tree searches deeper. Where deeper does not play better (Loose
Caboose!: a tree narrowed to a third of the moves went deeper and played worse; with the
expert's evaluation one tree of 9000 iterations won 18 of 36 games against hard where
1500 iterations won 31.5 of 50), a game's expert may spend its budget on several trees of
the hard bot's size instead: each reaches the depth hard reaches, and together they choose
with less noise (root parallelisation, Cazenave & Jouandeau 2007, here run one after
another on one core). A game builds it in its own `make_bot` hook.
"""

from __future__ import annotations

import random
import time

from nile.ai.hooks import AiHooks
from nile.ai.ismcts import ISMCTS
from nile.core.game import Action, GameState


class Ensemble:
    """`trees` IS-MCTS searches sharing a budget (iterations and optional seconds)."""

    def __init__(self, hooks: AiHooks, rng: random.Random, trees: int, iterations: int,
                 seconds: float | None) -> None:
        if trees < 1:
            raise ValueError("an ensemble needs at least one tree")
        self._hooks = hooks
        self._trees = [ISMCTS(hooks, random.Random(rng.getrandbits(64)), iterations=1,
                              seconds=None) for _ in range(trees)]
        self._observation: GameState | None = None
        self._current = 0
        self.set_budget(iterations, seconds)

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The whole budget, split evenly between the trees (as `ISMCTS.set_budget`:
        iterations alone mean no time cap)."""
        count = len(self._trees)
        for tree in self._trees:
            tree.set_budget(None if iterations is None else max(1, iterations // count),
                            None if seconds is None else seconds / count)

    @property
    def tree_iterations(self) -> list[int]:
        """Iterations each tree has run for the current decision."""
        return [tree.iterations_done for tree in self._trees]

    def start(self, observation: GameState) -> None:
        self._observation = observation
        self._current = 0
        for tree in self._trees:
            tree.start(observation)

    def think(self, seconds: float) -> bool:
        """Search the trees in turn for up to `seconds` in all; True when every one is
        done."""
        until = time.perf_counter() + seconds
        while self._current < len(self._trees):
            left = until - time.perf_counter()
            if left <= 0.0 or not self._trees[self._current].think(left):
                return False
            self._current += 1
        return True

    def action(self) -> Action:
        """The move with the most visits over all trees (ties: the better mean, then the
        order the game lists its moves in)."""
        observation = self._observation
        assert observation is not None, "start() first"
        candidates = self._hooks.candidates
        legal = observation.legal_actions() if candidates is None else candidates(observation)
        if not legal:
            raise RuntimeError("the bot has no legal move to choose")

        def rank(action: Action) -> tuple[int, float]:
            visits, total = 0, 0.0
            for tree in self._trees:
                found = tree.statistics(action)
                if found is not None:
                    visits += found[0]
                    total += found[0] * found[1]
            return (visits, total / visits if visits else 0.0)

        return max(legal, key=rank)
