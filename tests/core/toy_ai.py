"""The toy game's bot hooks: play the highest card in hand, and say so in words (so the
toy, like every game, gives its hints a reason)."""

from __future__ import annotations

import random

from nile.ai.hooks import AiHooks
from nile.core.game import Action, GameState
from tests.core.toy_game import Confirm, Pick, ToyState


def policy(state: GameState, rng: random.Random) -> Action:
    """Pick the highest card, then confirm it."""
    assert isinstance(state, ToyState)
    if state.picked is None:
        return Pick(max(state.hands[state.turn]))
    return Confirm()


def explain(state: GameState, action: Action) -> str | None:
    """Why, in the player's words."""
    if isinstance(action, Pick):
        return f"the highest card in your hand is the {action.card}"
    return "a picked card scores only once it is confirmed"


def hooks() -> AiHooks:
    return AiHooks(policy=policy, explain=explain)
