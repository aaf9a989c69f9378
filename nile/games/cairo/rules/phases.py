"""The phases of a Cairo turn (an enum) and the ship places outside the track, as names.

They live apart from the state so that the phase modules (turn, flicking, building,
scoring) can name them without importing the state that imports them. The strings are
what saves and `to_dict` store: they never change.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a Cairo turn stands (`CairoState.phase`)."""

    ROLL = "roll"
    RETRIEVE = "retrieve"
    CHOOSE = "choose"
    FLICK = "flick"
    JITTER = "jitter"
    FACE = "face"
    PENALTY = "penalty"
    OFFER = "offer"
    PICK = "pick"
    ARRANGE = "arrange"
    PLACE = "place"
    OVER = "over"


# The members as module names, which the rules' hot paths (current_player, legal_actions,
# apply) read: on Python 3.11 every `Phase.X` read goes through EnumType.__getattr__
# (about 0.1 µs, eight times a global's), paid millions of times by random playouts and
# the bots' rollouts (issue 33 item 6).
(ROLL, RETRIEVE, CHOOSE, FLICK, JITTER, FACE, PENALTY, OFFER, PICK, ARRANGE, PLACE,
 OVER) = Phase

CHANCE_PHASES = (Phase.ROLL, Phase.JITTER, Phase.FACE)
START, OUT = "start", "out"
FINGER_ANY = 6
