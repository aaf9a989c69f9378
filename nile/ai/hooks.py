"""What a game plugs into the generic bots, without touching the search."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from nile.core.game import Action, GameState


class Bot(Protocol):
    """An incremental decision maker (here, beside the hooks that may make one, so that
    the hooks and the bots that use them need not know each other)."""

    def start(self, observation: GameState) -> None: ...

    def think(self, seconds: float) -> bool: ...

    def action(self) -> Action: ...

Policy = Callable[[GameState, random.Random], Action]
"""A quick move for the player to act in `state` (which may be an observation)."""

Evaluator = Callable[[GameState], list[float]]
"""Each seat's estimated result in [0, 1] for a game that has not ended."""

Candidates = Callable[[GameState], list[Action]]
"""(state) -> the moves the search considers for the player to move, a subset of
`state.legal_actions()` in a fixed order (the heuristic's choice first where the game has
one). A game with hundreds of legal moves (Age of Steam's tile placements) lists its best
few, so a search of a few dozen iterations compares real alternatives. Only the search
sees the cut: the state is the engine's own, and play always offers every legal move."""

Explainer = Callable[[GameState, Action], "str | None"]
"""(state, the heuristic's move) -> one line of why, from the heuristic's own numbers, in
the player's words (places and players by name), or None when there is nothing to say."""

ForcedMove = Callable[[GameState, int, random.Random], "Action | None"]
"""(state, the searching bot's seat, rng) -> a move the search plays for the player to move
without making it a tree node, or None to search it. Kap bis Kairo plays another player's
secret bid by its policy: that player cannot see the bot's own bid, and a tree node would
let them answer it."""

ChanceDraw = Callable[[GameState, random.Random], Action]
"""(state at a chance step, rng) -> one outcome drawn with the true odds, for a game whose
outcomes are costly to list (Kap bis Kairo: a uniform card of the pool)."""

SearchStatistics = Callable[[Action], "tuple[int, float] | None"]
"""root move -> (times searched, mean result for the mover), None when never searched."""

Overrule = Callable[[GameState, Action, SearchStatistics], "tuple[Action, str | None]"]
"""(the observation searched, the search's most visited move, its root statistics) -> the
move to play and, when the game overrules a noisy search, why in the player's words (None
otherwise). Kap bis Kairo takes a free crossing unless passing searched clearly better."""

BotFactory = Callable[[str, int, random.Random], Bot | None]
"""(level, seat, rng) -> a game-specific bot, or None to use the generic one.

If the bot has `set_budget(iterations: int | None, seconds: float | None)`, the tools'
`--hard-iterations` reaches it (an iteration budget without a time cap is reproducible).
"""


@dataclass(frozen=True)
class AiHooks:
    """A game's heuristics. Every field is optional; the defaults play randomly."""

    policy: Policy | None = None
    """The normal bot's move and the rollout policy of the hard bot."""
    evaluate: Evaluator | None = None
    """Scores a rollout cut short at `rollout_depth`."""
    rollout_depth: int = 400
    hard_iterations: int = 2000
    hard_seconds: float = 0.9
    expert_iterations: int | None = None
    """The expert level's budget (None: the game offers no expert level). Set by a game
    whose hard bot is a search, so more thinking plays better."""
    expert_seconds: float = 4.0
    """The expert's time cap per decision in the app (the issue's limit is 5 s)."""
    rollout_epsilon: float = 0.15
    """Share of random moves in rollouts, so the search sees more than one line."""
    exploration: float = 0.7
    candidates: Candidates | None = None
    """The moves the search walks in its tree and picks its rollouts' random moves from
    (None: every legal move)."""
    rollout_policy: Policy | None = None
    """The rollouts' move when it is not random (None: `policy`). A game whose candidates
    come best first can play the first one here instead of valuing every legal move."""
    forced_move: ForcedMove | None = None
    """Moves the search makes outside its tree (None: every decision is searched)."""
    draw_chance: ChanceDraw | None = None
    """How the search draws a chance outcome (None: from `chance_outcomes()`)."""
    overrule: Overrule | None = None
    """A last look at the search's choice; the hard bot's `explain()` gives the reason."""
    make_bot: BotFactory | None = None
    """A game-specific bot (Cairo's flick planner) instead of the generic ones."""
    explain: Explainer | None = None
    """Why the normal bot plays its move: the reason a hint gives (see `bots.advise`)."""

    def budget(self, level: str) -> tuple[int, float]:
        """(iterations, seconds) of a searching level: the expert's where it has one, else
        the hard bot's."""
        if level == "expert" and self.expert_iterations is not None:
            return self.expert_iterations, self.expert_seconds
        return self.hard_iterations, self.hard_seconds
