"""The phases of a Cairo turn (an enum), the ship places outside the track, as names, and
the value a phase module hands the turn on with (`Handoff`).

They live apart from the state so that every floor of the rules (the state, the phase
modules turn, flicking and building, and `dispatch.py` above them) and the bots and views
can name them. The strings are what saves and `to_dict` store: they never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from nile.core.game import Event


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


@dataclass(frozen=True, slots=True)
class Handoff:
    """A phase module's part of the turn is over and the turn (`turn.py`) goes on.

    Phase modules never call each other: flicking and building return this value with
    their events, and `dispatch.py`, the one module that knows every phase, follows it."""

    end_turn: bool
    """True: the turn ends now (a knock-over's penalty is paid); False: the next flick of
    the turn, or its end when no flick is left."""
    leaving: str = ""
    """Why the turn's player leaves the Nile before that (CA-7 emptied the supply), or ''."""


NEXT_FLICK = Handoff(end_turn=False)
END_TURN = Handoff(end_turn=True)

Step = tuple[list[Event], Handoff | None]
"""What flicking and building return: the events, and where the turn goes on (None: the
phase they set says what comes next)."""
