"""The bots and the level table.

Every bot sees only an observation (`state.observation(seat)`), never the true state.
Bots think incrementally: `start(observation)`, then `think(seconds)` until it returns
True, then `action()`. The app spreads thinking over frames so the window never
freezes; tools and tests call `choose`, which runs to the end of the budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nile.ai.hooks import AiHooks, Bot, Policy
from nile.ai.ismcts import ISMCTS
from nile.core import registry
from nile.core.game import Action, GameInfo, GameState, Seat


def choose(bot: Bot, observation: GameState) -> Action:
    """Run `bot` to the end of its budget on `observation` and return its move."""
    bot.start(observation)
    while not bot.think(1.0):
        pass
    return bot.action()


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Any legal move, uniformly."""
    return rng.choice(state.legal_actions())


class PolicyBot:
    """Plays a policy directly, with a share `epsilon` of uniformly random moves."""

    def __init__(self, policy: Policy, rng: random.Random, epsilon: float = 0.0) -> None:
        self._policy, self._rng, self._epsilon = policy, rng, epsilon
        self._choice: Action | None = None

    def start(self, observation: GameState) -> None:
        if self._rng.random() < self._epsilon:
            self._choice = random_policy(observation, self._rng)
        else:
            self._choice = self._policy(observation, self._rng)

    def think(self, seconds: float) -> bool:
        return True

    def action(self) -> Action:
        assert self._choice is not None, "start() first"
        return self._choice


def hooks_of(info: GameInfo) -> AiHooks:
    """The game's heuristics, or the defaults."""
    if info.ai_hooks is None:
        return AiHooks()
    made = registry.load(info.ai_hooks)()
    assert isinstance(made, AiHooks), f"{info.ai_hooks} returns no AiHooks"
    return made


LEVELS = ("easy", "normal", "hard")
"""The levels every game offers; `levels` adds the expert where the game has one."""


def levels(info: GameInfo) -> tuple[str, ...]:
    """The bot levels to offer for a game: easy, normal, hard, and expert when the game's
    hard bot is a search that a larger budget makes stronger (`AiHooks.expert_iterations`)."""
    return (*LEVELS, "expert") if hooks_of(info).expert_iterations is not None else LEVELS


def make_bot(info: GameInfo, level: str, seat: Seat, seed: int,
             *, iterations: int | None = None, seconds: float | None = None) -> Bot:
    """The bot for a level: easy and normal play the game's heuristic, hard searches.

    - easy: the heuristic policy with half of the moves random;
    - normal: the heuristic policy (a small search when the game has none);
    - hard: IS-MCTS with heuristic rollouts, `hard_iterations` within `hard_seconds`;
    - expert: the same search with `expert_iterations` within `expert_seconds` (a game
      without an expert budget plays its hard bot).
    `iterations`/`seconds` override the searching level's budget (tools use iterations
    only, so a seeded run is reproducible; the app adds the time cap).
    """
    rng = random.Random(f"nile/bot/{info.id}/{level}/{seat}/{seed}")
    hooks = hooks_of(info)
    if hooks.make_bot is not None:
        custom = hooks.make_bot(level, seat, rng)
        if custom is not None:
            # A game's own bot may accept the tools' budget (reproducible selfplay).
            set_budget = getattr(custom, "set_budget", None)
            if set_budget is not None and (iterations is not None or seconds is not None):
                set_budget(iterations, seconds)
            return custom
    policy = hooks.policy
    if level == "easy":
        return PolicyBot(policy or random_policy, rng, epsilon=0.5)
    if level == "normal":
        if policy is not None:
            return PolicyBot(policy, rng)
        return ISMCTS(hooks, rng, iterations=150, seconds=None)
    budget, cap = hooks.budget(level)
    return ISMCTS(hooks, rng, iterations=iterations or budget,
                  seconds=seconds if seconds is not None else (None if iterations else cap))


@dataclass(frozen=True)
class Advice:
    """A hint: the normal bot's move and, when the game can say it, one line of why."""

    action: Action
    reason: str | None = None


def explanation(bot: Bot) -> str | None:
    """The bot's own words for its last move, if it keeps any (`explain()`): the Kap bis
    Kairo hard bot says why it passed a free build."""
    explain = getattr(bot, "explain", None)
    if not callable(explain):
        return None
    reason = explain()
    return reason if isinstance(reason, str) and reason else None


def reasoning(bot: Bot) -> str | None:
    """The bot's account of any last move, for a hint (`reasoning()`): Cairo's planner
    tells what its simulated flicks showed. Unlike `explanation`, which only a surprising
    move has and the game log shows, a bot may keep this for every move."""
    account = getattr(bot, "reasoning", None)
    if not callable(account):
        return None
    reason = account()
    return reason if isinstance(reason, str) and reason else None


def advise(info: GameInfo, state: GameState, seed: int = 0) -> Advice:
    """What the normal bot would do for the player to move, from that player's view, and
    why: the bot's own explanation or reasoning, else the game's `explain` hook on the
    same view."""
    seat = state.current_player
    assert seat is not None and seat >= 0, "hint needs a player to move"
    bot = make_bot(info, "normal", seat, seed)
    view = state.observation(seat)
    action = choose(bot, view)
    reason = explanation(bot) or reasoning(bot)
    explain = hooks_of(info).explain
    if reason is None and explain is not None:
        reason = explain(view, action)
    return Advice(action, reason)


def hint(info: GameInfo, state: GameState, seed: int = 0) -> Action:
    """What the normal bot would do for the player to move (the move of `advise`)."""
    return advise(info, state, seed).action
