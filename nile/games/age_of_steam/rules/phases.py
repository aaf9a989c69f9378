"""The phases of an Age of Steam round, as an enum.

Kept apart from the state so that the phase modules (market, build, move, upkeep) and the
views can name them without importing the state that imports them. The values are what
saves and `to_dict` store: they never change.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the round stands (`AgeOfSteamState.phase`), in the order a round runs."""

    SETUP = "setup"
    """Chance: the starting goods and the goods display are drawn."""
    SHARES = "shares"
    AUCTION = "auction"
    SELECT = "select"
    COMMUNISM = "communism"
    """CCCP: the holder of Communism swaps or places a good right after selecting it."""
    BUILD = "build"
    MOVE = "move"
    PRODUCTION = "production"
    GROWTH = "growth"
    """Chance: the goods growth dice."""
    OVER = "over"
