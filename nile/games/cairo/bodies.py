"""What Cairo's flick physics takes and gives: pieces at rest, the launch, the outcome.

Plain values, apart from `physics.py` so that the rules can name them without loading
pymunk: every game's rules are imported when the launcher lists the games, and pymunk is
needed only at the first flick (`rules/flicking.py` imports `physics` then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from nile.games.cairo import config


class Pose(NamedTuple):
    """Where a piece lies: centre (mm), angle (radians) and level (1 = on the board).

    A named tuple, not a frozen dataclass: every flick's outcome holds the pose of every
    piece on the board (about 90), and a tuple is built in half the time (issue 33 item 6).
    """

    x: float
    y: float
    angle: float
    level: int = 1


@dataclass(frozen=True, slots=True)
class BodySpec:
    """A piece at rest as the simulation needs it."""

    id: str
    kind: str
    """small, large, die or ship"""
    x: float
    y: float
    angle: float
    level: int = 1
    group: str = ""
    """Pyramid id: the stones of one pyramid enter the simulation together."""

    @property
    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.angle, self.level)


@dataclass(frozen=True, slots=True)
class Launch:
    """The flick as the physics sees it, jitter already applied."""

    block: str
    kind: str
    ship: str
    """Piece id of the ship whose deck the block starts on."""
    angle: float
    """Direction of travel, radians."""
    speed: float
    """mm/s"""
    spin: float
    """rad/s, counter-clockwise positive"""


@dataclass(frozen=True, slots=True)
class Impact:
    """A first contact between two pieces, for sounds and effects."""

    time: float
    a: str
    b: str
    impulse: float
    """g*mm/s"""
    x: float
    y: float


@dataclass(frozen=True)
class Frame:
    """What the scene draws after a call to `step_frame`."""

    time: float
    poses: dict[str, Pose]
    done: bool
    impacts: tuple[Impact, ...]
    """Impacts since the previous frame."""
    fell_off: tuple[str, ...]
    """Pieces that left the board since the previous frame."""


@dataclass(frozen=True)
class FlickOutcome:
    """The board once everything rests."""

    poses: dict[str, Pose]
    """Final pose of every piece, ships and the flicked block included."""
    fell_off: tuple[str, ...]
    """Pieces that left the board while moving (their pose is where they left it)."""
    ship_impulse: dict[str, float]
    """The hardest knock each ship took: the largest contact impulse within one tick (CA-7)."""
    impacts: tuple[Impact, ...]
    steps: int
    forced: bool
    """True if the cap stopped the flick (CA-5 forced rest)."""
    touched: tuple[str, ...]
    """Pieces that took part in the simulation (the rest never moved)."""
    physics_steps: int = 0
    """pymunk steps (ticks split into substeps while something moved fast)."""

    @property
    def seconds(self) -> float:
        return self.steps / config.load().physics.hz
