"""What every drill shares: targets, verdicts, how a miss is measured, the `Drill` base.

The rules of each drill (practice rulings P-4 .. P-9) are in `drills.py`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from nile.games.cairo.board import board
from nile.practice.config import PracticeData
from nile.practice.table import FlickResult, Point, PracticeTable

HIGHER, LOWER = "higher", "lower"


@dataclass(frozen=True)
class Target:
    """What a flick aims at: a site, a ring (centre and radius) or a block."""

    kind: str
    """site, ring or block"""
    x: float
    y: float
    radius: float = 0.0
    site: str = ""
    block: str = ""
    label: str = ""


@dataclass(frozen=True)
class Verdict:
    """How one flick did."""

    points: float
    hit: bool
    text: str
    """One line for the report: 'On Zawyet: +10'."""
    error: float | None = None
    """mm from the target (None without a target)."""
    along: float | None = None
    """Signed length error along the line from the ship to the target (+: too long)."""
    across: float | None = None
    """Signed direction error in degrees (+: counter-clockwise of the target, i.e. left)."""
    capsized: bool = False


def miss_figures(start: Point, end: Point, target: Point) -> tuple[float, float, float]:
    """(error, along, across): distance from the target, how much too long, how many degrees
    to the left (counter-clockwise) of the line from the start to the target."""
    error = math.dist(end, target)
    tx, ty = target[0] - start[0], target[1] - start[1]
    ex, ey = end[0] - start[0], end[1] - start[1]
    reach = math.hypot(tx, ty)
    if reach < 1e-9:
        return error, math.hypot(ex, ey), 0.0
    along = (ex * tx + ey * ty) / reach - reach
    across = math.degrees(math.remainder(math.atan2(ey, ex) - math.atan2(ty, tx), 2 * math.pi))
    return error, along, across


def closest_approach(path: Sequence[Point], point: Point) -> tuple[float, Point]:
    """How close a polyline comes to a point, and where."""
    best, where = math.inf, path[0] if path else point
    for a, b in itertools.pairwise(path):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx +
                                                        (point[1] - a[1]) * dy) / length2))
        q = (a[0] + t * dx, a[1] + t * dy)
        d = math.dist(q, point)
        if d < best:
            best, where = d, q
    if len(path) == 1:
        best = math.dist(path[0], point)
    return best, where


def landing_words(landing: str) -> str:
    """Cairo's landing code in words."""
    if landing == "off":
        return "off the board"
    if landing == "nile":
        return "in the Nile"
    if landing == "desert":
        return "in the desert"
    if landing == "burning":
        return "burning on a boundary line"
    if landing.startswith("burning:"):
        return f"burning on the edge of {board().site(landing[8:]).name}"
    return f"on {board().site(landing).name}"


def site_target(site_id: str) -> Target:
    site = board().site(site_id)
    return Target("site", site.x, site.y, site=site.id, label=site.name)


def judge_site(result: FlickResult, target: Target, on: float, burning: float) -> Verdict:
    """A flick at a site: `on` points entirely on it, `burning` on its edge (CA-6)."""
    error, along, across = miss_figures(result.start, result.end, (target.x, target.y))
    where = landing_words(result.landing)
    if result.landing == target.site:
        points, hit = on, True
    elif result.landing == f"burning:{target.site}":
        points, hit = burning, False
    else:
        points, hit = 0.0, False
    text = f"{where[0].upper()}{where[1:]}: {signed_text(points)}" if points else \
        f"{where[0].upper()}{where[1:]}: missed {target.label}"
    return Verdict(points, hit, text, error, along, across, bool(result.knocked))


def signed_text(points: float) -> str:
    value = int(points) if float(points).is_integer() else points
    return f"+{value}" if points > 0 else f"{value}"


# The drills ----------------------------------------------------------------------------------

class Drill:
    """Base class: a goal, a target, a score (see the module docstring for each drill)."""

    id: ClassVar[str] = ""
    better: ClassVar[str] = HIGHER
    ship_movable: ClassVar[bool] = False
    site_pickable: ClassVar[bool] = False
    kinds: ClassVar[tuple[str, ...]] = ("small",)
    pause_after: ClassVar[float] = 0.0
    """Seconds to look at a flick's outcome before `after_show` changes the board."""

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        self.data = data
        self.rng = rng
        self.flicks = 0
        self.points = 0.0
        self.hits = 0
        self.finished = False
        self.title = ""

    # Hooks for the screen ----------------------------------------------------------------

    def start(self, table: PracticeTable) -> None:
        """Lay out the table and reset the score."""
        self.flicks, self.points, self.hits, self.finished = 0, 0.0, 0, False

    def before_fire(self, table: PracticeTable) -> None:
        """Just before a flick (drills that clear the board do it here)."""

    def after_show(self, table: PracticeTable) -> None:
        """The flick has been shown and recorded: get the next attempt ready."""

    def target(self) -> Target | None:
        return None

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        raise NotImplementedError

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        self.flicks += 1
        self.points += verdict.points
        self.hits += int(verdict.hit)

    def tick(self, seconds: float) -> None:
        """Aiming time passes (only the timed drill cares)."""

    def pick_site(self, site_id: str) -> bool:
        """Choose another target site (drills that allow it); True if it changed."""
        return False

    # Words ----------------------------------------------------------------------------------

    def goal(self) -> str:
        return ""

    def progress(self) -> str:
        return ""

    @property
    def score(self) -> float | None:
        """The run's score for the history and best results (None: no score, or failed)."""
        return self.points

    def score_text(self) -> str:
        return f"{number_text(self.points)} points"

    def result_text(self) -> str:
        return f"{self.score_text()} in {self.flicks} flicks."

    @property
    def time_left(self) -> float | None:
        return None


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
