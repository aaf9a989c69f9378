"""The Age of Steam engine (Chile, CCCP and Egypt maps): pure Python, no pygame.

Public entry points: `new_game`, `AgeOfSteamState`, `income_reduction`, `final_score`.
"""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.age_of_steam.rules.scoring import final_score, income_reduction
from nile.games.age_of_steam.rules.state import AgeOfSteamState


def new_game(players: int, seed: int, options: Mapping[str, str]) -> AgeOfSteamState:
    """A new game on `options['map']`; setup draws are chance actions still to resolve."""
    from nile.games.age_of_steam.rules import setup

    state = AgeOfSteamState(options.get("map", "chile"), players)
    setup.start(state)
    return state


__all__ = ["AgeOfSteamState", "final_score", "income_reduction", "new_game"]
