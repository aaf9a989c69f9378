"""Where a game stands: its phase, the setup step, and penalty cards still owed.

Kept apart from `state.py` so that `views.py` (saving, observations) can read them too.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Who acts next, and how (see `state.py` for the whole flow)."""

    SETUP = "setup"
    """Chance builds the railway, sets cards aside, deals and picks the start player."""
    DRAW = "draw"
    """Chance: the card the player to move draws."""
    PLAY = "play"
    """The player lays cards, rolls or passes."""
    DICE = "dice"
    """Chance: the next die of the roll."""
    PENALTY = "penalty"
    """Chance: a penalty card from the draw pile."""
    OVER = "over"


PLAY, OVER = Phase.PLAY, Phase.OVER
"""The phases the hot paths ask about, as module names: on Python 3.11 every `Phase.X`
read goes through EnumType.__getattr__ (about 0.05 µs, three times a global's), and random
playouts and the bots' rollouts ask on every move (issue 33 item 6)."""


class SetupStep(StrEnum):
    """What the next setup chance action does (LC-3, LC-9)."""

    RAILWAY = "railway"
    SET_ASIDE = "set aside"
    DEAL = "deal"
    START = "start"


class Penalty(StrEnum):
    """A penalty card still owed this turn."""

    BANK = "bank"
    """For a Broken Track entered: face down, never cancels (LC-6)."""
    TAKE = "take"
    """For a derail or a pass: face up, may cancel (LC-5, LC-7)."""
