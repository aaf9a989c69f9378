"""The top floor of the rules: the only module that knows every phase.

`AgeOfSteamGame` is the state (state.py, the bottom floor) with its rules: it answers the
engine protocol by routing each query and action to the module of the current phase. A
phase module never calls a sibling: when a move ends its phase it says which phase begins
next (`phases.Step.then`) and `apply` here begins it.
"""

from __future__ import annotations

from collections.abc import Callable

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action, Event, ScoreSheet, Status
from nile.games.age_of_steam.rules import build, market, move, scoring, setup, upkeep
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.maprules import rules_for
from nile.games.age_of_steam.rules.phases import Phase, Step
from nile.games.age_of_steam.rules.state import AgeOfSteamState, MapHooks

PHASE_MODULES = ("setup", "market", "build", "move", "upkeep")
"""The phase modules (tests/test_floors.py checks that none imports a sibling)."""

BEGIN: dict[Phase, Callable[[AgeOfSteamState], list[Event]]] = {
    Phase.SHARES: market.begin_round,
    Phase.BUILD: build.begin,
    Phase.MOVE: move.begin,
    Phase.PRODUCTION: upkeep.after_moves,
}
"""How each phase a move hands over to (`Step.then`) begins."""


def legal_actions(state: AgeOfSteamState) -> list[Action]:
    phase = state.phase
    if phase in (Phase.SETUP, Phase.GROWTH, Phase.OVER):
        return []
    if phase == Phase.PRODUCTION:
        return upkeep.production_options(state) if not state.pending else []
    if phase in (Phase.SHARES, Phase.AUCTION, Phase.SELECT, Phase.COMMUNISM):
        return market.options(state)
    if phase == Phase.BUILD:
        return build.options(state)
    if phase == Phase.MOVE:
        return move.options(state)
    raise AssertionError(f"unknown phase {phase}")


def chance_outcomes(state: AgeOfSteamState) -> list[tuple[Action, float]]:
    if state.phase == Phase.SETUP:
        return setup.outcomes(state)
    if state.phase == Phase.PRODUCTION and state.pending:
        return setup.bag_outcomes(state)
    if state.phase == Phase.GROWTH:
        return upkeep.dice_outcomes(state)
    return []


def apply(state: AgeOfSteamState, action: Action) -> list[Event]:
    """The action's events, then those of the phase it hands over to, if any."""
    step = _step(state, action)
    if step.then is None:
        return step.events
    return step.events + BEGIN[step.then](state)


def _step(state: AgeOfSteamState, action: Action) -> Step:
    phase = state.phase
    if phase == Phase.SETUP:
        return setup.apply(state, action)
    if phase in (Phase.PRODUCTION, Phase.GROWTH):
        return upkeep.apply(state, action)
    if phase in (Phase.SHARES, Phase.AUCTION, Phase.SELECT, Phase.COMMUNISM):
        return market.apply(state, action)
    if phase == Phase.BUILD:
        return build.apply(state, action)
    if phase == Phase.MOVE:
        return move.apply(state, action)
    raise AssertionError(f"unknown phase {phase}")


def refusal(state: AgeOfSteamState, action: Action) -> str:
    """A reason a player can read for an action that is not legal now."""
    phase = state.phase
    if phase == Phase.BUILD:
        return build.refusal(state, action)
    if phase == Phase.MOVE:
        return move.refusal(state, action)
    return market.refusal(state, action)


class AgeOfSteamGame(AgeOfSteamState):
    """A game of Age of Steam: the state with its rules (what `rules.new_game` makes and
    saves load). Moves and results are answered by the phase modules through the
    functions above; the legal actions are cached until the next move or edit."""

    @staticmethod
    def map_rules(map_name: str) -> MapHooks:
        return rules_for(map_name)

    # Protocol: actions ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal_actions(self)
        return list(self._legal)

    def _is_legal(self, action: Action) -> bool:
        legal = self.legal_actions()
        if isinstance(action, Build) and self.phase == Phase.BUILD:
            return action in self.build_prices
        return action in legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_outcomes(self)

    def apply(self, action: Action) -> list[Event]:
        if self.current_player is None:
            raise IllegalAction("The game is over.")
        if self.current_player == CHANCE:
            if action not in [a for a, _ in self.chance_outcomes()]:
                raise IllegalAction(f"'{action.to_str()}' is not a possible outcome now.")
        elif not self._is_legal(action):
            raise IllegalAction(refusal(self, action))
        self._legal = None
        events = apply(self, action)
        self.build_prices = {}
        self.offered_routes = []
        return events

    # Protocol: results --------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(s) for s in scoring.scores(self)]

    def ranking(self) -> list[int]:
        return scoring.ranking(self)

    def status(self) -> Status:
        return scoring.status(self)

    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self)

    def invariant_violations(self) -> list[str]:
        return scoring.invariant_violations(self)
