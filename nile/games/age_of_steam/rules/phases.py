"""The phases of an Age of Steam round, as an enum, and `Step`, how a phase hands over.

Kept apart from the state so that the phase modules (market, build, move, upkeep) and the
views can name them without importing the state. The values are what saves and `to_dict`
store: they never change.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from nile.core.game import Event


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


class Step(NamedTuple):
    """What one move did inside a phase module: its events, and `then`, the phase that
    begins next when the move ended its phase (None while the phase goes on).

    The phases hand over through this value and `dispatch` begins the next one, so no
    phase imports a sibling. `then` is where the next phase module starts: `SHARES` a new
    turn (market), `BUILD` track building, `MOVE` moving goods, `PRODUCTION` the end of
    the turn's moves (upkeep: income and expenses, then Production or the goods growth).
    A named tuple: one is made for every move, and a tuple costs least to make.
    """

    events: list[Event]
    then: Phase | None = None
