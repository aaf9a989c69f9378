"""Routes every query and action to the module of the current phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.age_of_steam.rules import build, market, move, setup, upkeep

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


def legal_actions(state: AgeOfSteamState) -> list[Action]:
    phase = state.phase
    if phase in ("setup", "growth", "over"):
        return []
    if phase == "production":
        return upkeep.production_options(state) if not state.pending else []
    if phase in ("shares", "auction", "select", "communism"):
        return market.options(state)
    if phase == "build":
        return build.options(state)
    if phase == "move":
        return move.options(state)
    raise AssertionError(f"unknown phase {phase}")


def chance_outcomes(state: AgeOfSteamState) -> list[tuple[Action, float]]:
    if state.phase == "setup":
        return setup.outcomes(state)
    if state.phase == "production" and state.pending:
        return setup.bag_outcomes(state)
    if state.phase == "growth":
        return upkeep.dice_outcomes(state)
    return []


def apply(state: AgeOfSteamState, action: Action) -> list[Event]:
    phase = state.phase
    if phase == "setup":
        return setup.apply(state, action)
    if phase in ("production", "growth"):
        return upkeep.apply(state, action)
    if phase in ("shares", "auction", "select", "communism"):
        return market.apply(state, action)
    if phase == "build":
        return build.apply(state, action)
    if phase == "move":
        return move.apply(state, action)
    raise AssertionError(f"unknown phase {phase}")


def refusal(state: AgeOfSteamState, action: Action) -> str:
    """A reason a player can read for an action that is not legal now."""
    phase = state.phase
    if phase == "build":
        return build.refusal(state, action)
    if phase == "move":
        return move.refusal(state, action)
    return market.refusal(state, action)
