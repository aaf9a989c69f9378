"""Routes every query and action to the module of the current phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.age_of_steam.rules import build, market, move, setup, upkeep
from nile.games.age_of_steam.rules.phases import Phase

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


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
