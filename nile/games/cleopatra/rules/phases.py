"""Phase and chance-task numbers shared by the rules modules, and how a phase hands over.

The bottom floor of the rules (it imports nothing of them): the phase modules (`auction`,
`gods`, `turns`, chance in `draws`) return the phase to enter next as a value (`Step`) and
`dispatch.py` enters it; no phase calls into another.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from nile.core.game import Event


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


class Step(NamedTuple):
    """What a phase's move did: its events, and the phase to enter next (None: stay).
    `dispatch` enters it, appending what entering says (the action phase's first player)."""

    events: list[Event]
    next: Phase | None = None
