"""The top floor of the Loose Caboose! rules: `LooseCabooseState`, the game as the rest of
Nile plays it, handing each action to the module of the phase it belongs to.

The only module that knows every phase. A phase's `act` returns its events and the phase
that comes next; entering a phase that starts with work of its own (PENALTY pays what a
pass or a throw owes, OVER counts the hands) runs its `settle`/`enter` here, so no phase
ever calls another. Saving, observations and the invariants are `views.py`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action, Event
from nile.games.loose_caboose.rules import dice, draw, over, penalty, play, setup, views
from nile.games.loose_caboose.rules.actions import Pass, Roll
from nile.games.loose_caboose.rules.phases import OVER, PLAY, Phase
from nile.games.loose_caboose.rules.state import Step, Table

PHASE_MODULES = ("setup", "draw", "play", "dice", "penalty", "over")
"""The phase modules, in the order a game meets them (tests/test_floors.py reads this)."""

ACTS: dict[Phase, Callable[[Table, Action], Step]] = {
    Phase.SETUP: setup.act, Phase.DRAW: draw.act, Phase.PLAY: play.act,
    Phase.DICE: dice.act, Phase.PENALTY: penalty.act}
"""Who plays an action in each phase (OVER takes none)."""
ENTRIES: dict[Phase, Callable[[Table], Step]] = {
    Phase.PENALTY: penalty.settle, Phase.OVER: over.enter}
"""The phases that begin with work of their own when another hands over to them."""
OUTCOMES: dict[Phase, Callable[[Table], list[tuple[Action, float]]]] = {
    Phase.SETUP: setup.outcomes, Phase.DRAW: draw.outcomes, Phase.DICE: dice.outcomes,
    Phase.PENALTY: penalty.outcomes}
POSSIBLE: dict[Phase, Callable[[Table, Action], bool]] = {
    Phase.SETUP: setup.possible, Phase.DRAW: draw.possible, Phase.DICE: dice.possible,
    Phase.PENALTY: penalty.possible}


class LooseCabooseState(Table):
    """One game of Loose Caboose! for 2 to 4 players."""

    def legal_actions(self) -> list[Action]:
        if self.phase is not PLAY:
            return []
        return play.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = OUTCOMES.get(self.phase)
        return outcomes(self) if outcomes is not None else []

    def apply(self, action: Action) -> list[Event]:
        self._check(action)
        events, following = ACTS[self.phase](self, action)
        while following is not self.phase:
            self.phase = following
            enter = ENTRIES.get(following)
            if enter is None:
                break
            more, following = enter(self)
            events += more
        return events

    def is_undo_barrier(self, action: Action) -> bool:
        """Chance, `Roll` and `Pass` commit; each `Lay` can be taken back until then."""
        return self.current_player == CHANCE or isinstance(action, Roll | Pass)

    def _check(self, action: Action) -> None:
        """Raise IllegalAction, with a reason a player can read, unless `action` is legal."""
        phase = self.phase
        if phase is OVER:
            raise IllegalAction("The game is over.")
        if phase is PLAY:
            if not play.is_legal(self, action):
                raise IllegalAction(play.why_illegal(self, action))
        elif not POSSIBLE[phase](self, action):
            raise IllegalAction(f"'{action.to_str()}' cannot happen now: the game is waiting "
                                f"for chance ({self.status().phase_text.lower()}).")

    # Views, invariants and saves (views.py) ----------------------------------------

    def invariant_violations(self) -> list[str]:
        return views.problems(self)

    def observation(self, seat: int | None) -> Self:
        return views.observe(self, seat)

    def determinize(self, rng: random.Random) -> Self:
        return views.determinize(self, rng)

    def to_dict(self) -> dict[str, Any]:
        return views.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        state = object.__new__(cls)
        views.fill_from_dict(state, data)
        return state
