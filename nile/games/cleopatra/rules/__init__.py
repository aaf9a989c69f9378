"""The rules engine of Cleopatra's Caboose (no pygame): see `state.CleopatraState`."""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.cleopatra.rules.state import CleopatraState


def new_game(players: int, seed: int, options: Mapping[str, str]) -> CleopatraState:
    """A new game; setup's random steps are chance actions still to be resolved."""
    return CleopatraState(players)


__all__ = ["CleopatraState", "new_game"]
