"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration guesses the hidden information afresh from the bot's own observation
(`determinize`), walks one tree shared by all guesses, and scores a rollout. Actions
that exist only in some guesses are handled with availability counts (Cowling,
Powley & Whitehouse 2012). Chance is not stored in the tree ("open loop"): its outcome
is drawn anew every time, so the tree holds decisions only.

Rewards are each seat's `returns()` in [0, 1]; a node keeps the reward of the seat that
chose the action leading to it (max^n), which suits games of 2 to 6 players.

A game shapes the search only through its `AiHooks` (candidates, rollout policy, forced
moves, chance draws, a last look at the choice), never by subclassing this class.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from nile.ai.hooks import AiHooks
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState


@dataclass(eq=False)
class Node:
    """Statistics of one decision in the tree."""

    mover: int = -1
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        mean = self.total / self.visits
        return mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


class ISMCTS:
    """An incremental IS-MCTS bot with an iteration budget and an optional time cap."""

    def __init__(self, hooks: AiHooks, rng: random.Random, iterations: int,
                 seconds: float | None) -> None:
        self._hooks, self._rng = hooks, rng
        self._budget, self._seconds = iterations, seconds
        self._root = Node()
        self._observation: GameState | None = None
        self._legal: list[Action] = []
        self._seat = -1
        self._reason: str | None = None
        self.iterations_done = 0
        self._spent = 0.0

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The tools' budget (`--hard-iterations`): iterations alone mean no time cap, so
        a seeded self-play replays exactly on any machine."""
        if iterations is not None:
            self._budget = iterations
        if seconds is not None or iterations is not None:
            self._seconds = seconds

    def start(self, observation: GameState) -> None:
        """Begin a search from the bot's observation."""
        self._observation = observation
        seat = observation.current_player
        self._seat = seat if seat is not None else -1
        self._reason = None
        self._legal = self._options(observation)
        self._root = Node()
        self.iterations_done = 0
        self._spent = 0.0

    def think(self, seconds: float) -> bool:
        """Search for up to `seconds`; True when the budget is used up."""
        if self._finished():
            return True
        started = time.perf_counter()
        limit = seconds if self._seconds is None else min(seconds, self._seconds - self._spent)
        while not self._finished():
            self._iterate()
            self.iterations_done += 1
            if time.perf_counter() - started >= limit:
                break
        self._spent += time.perf_counter() - started
        return self._finished()

    def _finished(self) -> bool:
        if len(self._legal) <= 1:
            return True
        if self.iterations_done >= self._budget:
            return True
        return self._seconds is not None and self._spent >= self._seconds

    def action(self) -> Action:
        """The most visited legal move (ties: the better mean, then listed order), unless
        the game's `overrule` hook takes another; `explain()` then says why."""
        if not self._legal:
            raise RuntimeError("the bot has no legal move to choose")

        def rank(action: Action) -> tuple[int, float]:
            node = self._root.children.get(action)
            if node is None or node.visits == 0:
                return (0, 0.0)
            return (node.visits, node.total / node.visits)

        choice = max(self._legal, key=rank)
        self._reason = None
        overrule = self._hooks.overrule
        if overrule is not None and self._observation is not None:
            choice, self._reason = overrule(self._observation, choice, self.statistics)
        return choice

    def explain(self) -> str | None:
        """Why the last move was chosen, when the game's `overrule` hook said so."""
        return self._reason

    def statistics(self, action: Action) -> tuple[int, float] | None:
        """How often the search tried root move `action` and its mean result for the
        mover (None when never tried): a game's bot may overrule a noisy choice."""
        node = self._root.children.get(action)
        if node is None or node.visits == 0:
            return None
        return node.visits, node.total / node.visits

    # One iteration -----------------------------------------------------------------

    def _iterate(self) -> None:
        assert self._observation is not None
        state = self._observation.determinize(self._rng)
        path = self._select_and_expand(state)
        values = self._rollout(state)
        for node in path:
            node.visits += 1
            node.total += values[node.mover]

    def _options(self, state: GameState) -> list[Action]:
        """The moves the tree considers for the player to move: the game's `candidates`
        hook when it has one, else every legal move."""
        candidates = self._hooks.candidates
        return state.legal_actions() if candidates is None else candidates(state)

    def _select_and_expand(self, state: GameState) -> list[Node]:
        """Walk the tree by UCB to an untried move. At the root a game's `candidates` are
        the ones listed from the observation at `start`: the bot's own moves do not hang on
        what it cannot see, and the list is often costly to rank."""
        node, path = self._root, []
        exploration, forced_move = self._hooks.exploration, self._hooks.forced_move
        while not state.is_terminal:
            if self._resolve_chance(state):
                continue
            mover = state.current_player
            assert mover is not None
            forced = None if forced_move is None else forced_move(state, self._seat, self._rng)
            if forced is not None:
                state.apply(forced)
                continue
            legal = self._legal if node is self._root and self._hooks.candidates is not None \
                else self._options(state)
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = self._rng.choice(untried)
                child = Node(mover=mover, available=1)
                node.children[action] = child
                state.apply(action)
                path.append(child)
                return path
            action = max(legal, key=lambda a: node.children[a].ucb(exploration))
            node = node.children[action]
            state.apply(action)
            path.append(node)
        return path

    def _resolve_chance(self, state: GameState) -> bool:
        """Play a chance step if it is one: drawn by the game's `draw_chance` hook, or
        picked from the listed outcomes."""
        if state.current_player != CHANCE:
            return False
        draw = self._hooks.draw_chance
        if draw is not None:
            state.apply(draw(state, self._rng))
        else:
            state.apply(chance.pick(state.chance_outcomes(), self._rng))
        return True

    def _rollout(self, state: GameState) -> list[float]:
        hooks, rng = self._hooks, self._rng
        for _ in range(hooks.rollout_depth):
            if state.is_terminal:
                return state.returns()
            if self._resolve_chance(state):
                continue
            if hooks.policy is None or rng.random() < hooks.rollout_epsilon:
                action = rng.choice(self._options(state))
            else:
                action = (hooks.rollout_policy or hooks.policy)(state, rng)
            state.apply(action)
        if state.is_terminal:
            return state.returns()
        if hooks.evaluate is not None:
            return hooks.evaluate(state)
        return [0.5] * state.num_players
