"""Phase and chance-task numbers shared by the rules modules (no imports, no cycles)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Where the game stands (`CleopatraState.phase`).

    An IntEnum, not a StrEnum: saves, golden files and replays have always held these
    numbers, and a member equals (and saves as) its number.
    """

    SETUP = 0
    AUCTION = 1
    GODS = 2
    ACTIONS = 3
    OVER = 4


# The members as module names, which the rules' hot paths (current_player, legal_actions,
# apply) read: on Python 3.11 every `Phase.X` read goes through EnumType.__getattr__
# (about 0.1 µs, eight times a global's), paid millions of times by random playouts and
# the bots' rollouts (issue 33 item 6).
SETUP, AUCTION, GODS, ACTIONS, OVER = Phase

PHASE_NAMES = ("Setup", "Auction", "Choosing gods", "Actions", "Game over")

# Chance tasks, queued as [task, argument].
T_START, T_LIGHT, T_MARKER, T_FRUIT, T_DEAL_AUCTION, T_REVEAL_AUCTION, T_DEAL_CITY, \
    T_REVEAL_CITY = range(8)

UNKNOWN = -1
"""A card in another seat's hand that the viewer cannot see (observations only)."""

NO_SEAT = -1
