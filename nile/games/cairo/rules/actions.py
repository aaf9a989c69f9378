"""Cairo's actions and their stable text forms.

Player decisions:
    retrieve all | retrieve <block> | retrieve done           (CA-3, downstream only)
    choose small | choose large | choose die
    flick <kind> angle=<deg .1> power=<0..1 .3> offset=<-1..1 .2> finger=<1..5>
    penalty small | penalty large | penalty die                (CA-7)
    pyramid <n> | no pyramid                                   (CA-8, n in 3 5 6 10 14)
    pick <block> | pick auto
    arrange <seat>><seat>...                                   (colours from the top down)
    place <x .1> <y .1> <deg .1> | cancel pyramid
Chance:
    roll <1..6>                        the Nile die (also picks the finger, CA-4)
    wobble aim=<i> power=<j>           the finger's wobble, i and j in -5..5 (CA-4)
    jitter aim=<i> power=<j>           the same in games begun before issue 15, in -1..1
    face <block> <1..6>                a die-block's top face (CA-9)

Flicks and placements carry continuous values, stored as fixed-point integers so the
text form is exact; `parse` reads any value in range, `apply` checks it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nile.core.errors import IllegalAction
from nile.core.game import Action

KIND_NAMES = ("small", "large", "die")
KIND_LABEL = {"small": "small block", "large": "large block", "die": "die-block"}
"""A kind of block in the players' words (hints, buttons, tooltips)."""
PYRAMID_SIZES = (3, 5, 6, 10, 14)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    value: int

    def to_str(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Retrieve(Action):
    """Take one block back ("" with `all`/`done` flags via the text)."""

    block: str

    def to_str(self) -> str:
        return f"retrieve {self.block}"


RETRIEVE_ALL = Retrieve("all")
RETRIEVE_DONE = Retrieve("done")


@dataclass(frozen=True, slots=True)
class Choose(Action):
    kind: str

    def to_str(self) -> str:
        return f"choose {self.kind}"


@dataclass(frozen=True, slots=True)
class Flick(Action):
    """A flick as the player means it; the finger's jitter is drawn afterwards (CA-4).

    angle in tenths of a degree (0..3599, counter-clockwise from east), power in
    thousandths (0..1000), offset in hundredths (-100..100: where the finger strikes
    the block's back face, which gives spin), finger 1..5.
    """

    kind: str
    angle: int
    power: int
    offset: int
    finger: int

    @classmethod
    def of(cls, kind: str, degrees: float, power: float, offset: float, finger: int) -> Flick:
        """From real values, rounded to the text form's precision."""
        return cls(kind, round(degrees * 10) % 3600, round(power * 1000), round(offset * 100),
                   finger)

    @property
    def degrees(self) -> float:
        return self.angle / 10.0

    @property
    def power_share(self) -> float:
        return self.power / 1000.0

    @property
    def offset_share(self) -> float:
        return self.offset / 100.0

    def to_str(self) -> str:
        return (f"flick {self.kind} angle={self.angle / 10:.1f} power={self.power / 1000:.3f} "
                f"offset={self.offset / 100:.2f} finger={self.finger}")

    def problem(self) -> str | None:
        """Why the values are out of range, or None."""
        if self.kind not in KIND_NAMES:
            return f"There is no block kind '{self.kind}'."
        if not 0 <= self.angle < 3600:
            return "The angle must be at least 0 and below 360 degrees."
        if not 0 <= self.power <= 1000:
            return "The power must be between 0 and 1."
        if not -100 <= self.offset <= 100:
            return "The contact offset must be between -1 and 1."
        if not 1 <= self.finger <= 5:
            return "The finger must be 1 (thumb) to 5 (little finger)."
        return None


@dataclass(frozen=True, slots=True)
class Jitter(Action):
    """The finger's wobble: indices into the edition's discretised spread (CA-4)."""

    aim: int
    power: int
    fine: bool = True
    """The 11-point wobble ("wobble ..."); False: the three points of edition 1 ("jitter")."""

    def to_str(self) -> str:
        word = "wobble" if self.fine else "jitter"
        return f"{word} aim={self.aim} power={self.power}"


@dataclass(frozen=True, slots=True)
class Face(Action):
    block: str
    value: int

    def to_str(self) -> str:
        return f"face {self.block} {self.value}"


@dataclass(frozen=True, slots=True)
class Penalty(Action):
    kind: str

    def to_str(self) -> str:
        return f"penalty {self.kind}"


@dataclass(frozen=True, slots=True)
class BuildPyramid(Action):
    """Offer answer: build a pyramid of `size` stones (0 = no pyramid)."""

    size: int

    def to_str(self) -> str:
        return "no pyramid" if self.size == 0 else f"pyramid {self.size}"


NO_PYRAMID = BuildPyramid(0)


@dataclass(frozen=True, slots=True)
class Pick(Action):
    block: str
    """A block id, or "auto": fill the pyramid with own blocks first."""

    def to_str(self) -> str:
        return f"pick {self.block}"


PICK_AUTO = Pick("auto")


@dataclass(frozen=True, slots=True)
class Arrange(Action):
    """Colour order from the top level down: the first seat's stones go highest."""

    order: tuple[int, ...]

    def to_str(self) -> str:
        return "arrange " + ">".join(str(s) for s in self.order)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Where the pyramid stands: centre in tenths of mm, turn in tenths of a degree."""

    x: int
    y: int
    angle: int

    @classmethod
    def of(cls, x: float, y: float, degrees: float) -> Place:
        return cls(round(x * 10), round(y * 10), round(degrees * 10) % 3600)

    def to_str(self) -> str:
        return f"place {self.x / 10:.1f} {self.y / 10:.1f} {self.angle / 10:.1f}"


@dataclass(frozen=True, slots=True)
class CancelPyramid(Action):
    def to_str(self) -> str:
        return "cancel pyramid"


_NUMBER = r"(-?\d+(?:\.\d+)?)"
_FLICK = re.compile(rf"flick (\w+) angle={_NUMBER} power={_NUMBER} offset={_NUMBER} "
                    r"finger=(\d)")
_PLACE = re.compile(rf"place {_NUMBER} {_NUMBER} {_NUMBER}")


def parse_continuous(text: str) -> Action | None:
    """Flicks and placements from any in-range text; None for other actions."""
    match = _FLICK.fullmatch(text.strip())
    if match:
        kind, angle, power, offset, finger = match.groups()
        if float(angle) >= 360.0 or float(angle) < 0.0:
            raise IllegalAction("The angle must be at least 0 and below 360 degrees.")
        return Flick(kind, round(float(angle) * 10), round(float(power) * 1000),
                     round(float(offset) * 100), int(finger))
    match = _PLACE.fullmatch(text.strip())
    if match:
        x, y, angle = (float(v) for v in match.groups())
        return Place.of(x, y, angle)
    return None


_OLD_JITTER = re.compile(r"jitter aim=(-?\d+) power=(-?\d+)")


def parse_old_jitter(text: str) -> Jitter | None:
    """A three-point wobble as games begun before issue 15 wrote it, or None."""
    match = _OLD_JITTER.fullmatch(text.strip())
    if match is None:
        return None
    return Jitter(int(match.group(1)), int(match.group(2)), fine=False)
