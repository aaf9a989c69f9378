"""The phases of a Cairo turn and the ship places outside the track, as names.

They live apart from the state so that the phase modules (turn, flicking, building,
scoring) can name them without importing the state that imports them. The strings are
what saves and `to_dict` store: they never change.
"""

from __future__ import annotations

ROLL, RETRIEVE, CHOOSE, FLICK, JITTER, FACE = "roll", "retrieve", "choose", "flick", "jitter", \
    "face"
PENALTY, OFFER, PICK, ARRANGE, PLACE, OVER = "penalty", "offer", "pick", "arrange", "place", \
    "over"
CHANCE_PHASES = (ROLL, JITTER, FACE)
START, OUT = "start", "out"
FINGER_ANY = 6
