"""The drills: each lays out the table, names a target, judges every flick and keeps score.

A drill is pure logic over a `PracticeTable`. The screen calls, in order:
`start(table)` once (and on a restart), `before_fire(table)` just before each flick,
`assess(result, table)` right after it (pure: it judges, it changes nothing, so the
demonstration planner can call it on trial boards), `record(verdict, table)` once the flick
has been shown, then `after_show(table)` to lay out the next attempt.

How each drill scores (practice rulings, invented for Nile; numbers in data.toml):
- P-4 Free practice: no score. With a target site chosen, a flick is a hit when the block
  lies entirely on the site; the error is the distance from the block's centre to the
  site's centre.
- P-5 Land on a site: 10 flicks at a site you choose (click another site to change it);
  10 points for a block lying entirely on it, 5 for one burning on its edge (half
  influence, CA-6). The board is cleared before every flick.
- P-6 Stop in the ring: 10 flicks at a ring in the desert. A block whose centre stops inside
  the ring scores the ring's number (1 for the widest) and the ring shrinks to the next
  size; a miss keeps the ring. The board is cleared before every flick.
- P-7 Three-stone pyramid: flick small blocks at a site, never clearing the board, until
  three of them are free on the site (lying on it or burning on its edge, as CA-8 allows);
  then the pyramid is built the game's way (CA-8, CA-R5). The score is the number of flicks
  (fewer is better, par 3); after 15 flicks (a whole supply) the drill is failed.
- P-8 Knock it off: one flick per layout at a rival block on a site with a rival ship beside
  the line of fire. 10 points when the block no longer touches the site, 5 when it still
  burns on its edge, and -5 instead when any ship is knocked over (CA-7 thresholds). The
  error is how close the flicked block's path came to the rival block.
- P-9 Ten against the clock: 10 flicks, each at a site drawn by the session's generator,
  within 60 s. The clock starts when you first take aim and runs only while you aim (not
  while a block slides); it is the screen's clock, not a rule of the game. Points as P-5;
  flicks left when time runs out score nothing.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from nile.games.cairo.board import board
from nile.games.cairo.rules.pieces import BOARD
from nile.practice import config
from nile.practice.config import PracticeData
from nile.practice.table import RIVAL, FlickResult, Point, PracticeTable

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
        return "on a boundary line"
    if landing.startswith("burning:"):
        return f"burning on {board().site(landing[8:]).name}'s edge"
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
    text = f"{where[0].upper()}{where[1:]}: {_signed(points)}" if points else \
        f"{where[0].upper()}{where[1:]}: missed {target.label}"
    return Verdict(points, hit, text, error, along, across, bool(result.knocked))


def _signed(points: float) -> str:
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
        return f"{_number(self.points)} points"

    def result_text(self) -> str:
        return f"{self.score_text()} in {self.flicks} flicks."

    @property
    def time_left(self) -> float | None:
        return None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class FreePractice(Drill):
    """Flick anything from anywhere; a target site is optional (P-4)."""

    id = "free"
    ship_movable = True
    site_pickable = True
    kinds = ("small", "large", "die")

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.site = ""
        self.keep_clutter = True
        self.title = "Free practice"

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        table.clear()
        table.set_rival_ship(None)
        table.move_ship(self.data.free_space)

    def before_fire(self, table: PracticeTable) -> None:
        if not self.keep_clutter:
            table.clear()

    def pick_site(self, site_id: str) -> bool:
        self.site = "" if site_id == self.site else site_id
        return True

    def target(self) -> Target | None:
        return site_target(self.site) if self.site else None

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        target = self.target()
        if target is not None:
            verdict = judge_site(result, target, 1.0, 0.0)
            where = landing_words(result.landing)
            text = f"{where[0].upper()}{where[1:]}" + (": a hit" if verdict.hit else "")
            return Verdict(verdict.points, verdict.hit, text, verdict.error, verdict.along,
                           verdict.across, verdict.capsized)
        where = landing_words(result.landing)
        return Verdict(0.0, False, f"{where[0].upper()}{where[1:]}",
                       capsized=bool(result.knocked))

    def goal(self) -> str:
        aim = f"Target: {board().site(self.site).name} (click it again to clear)." if \
            self.site else "Click a site to make it your target."
        return ("No score, no limit. Click a Nile space to sail there. " + aim)

    def progress(self) -> str:
        return "No score and no limit: flick as long as you like"

    @property
    def score(self) -> float | None:
        return None

    def score_text(self) -> str:
        flicks = f"{self.flicks} flick{'s' if self.flicks != 1 else ''}"
        if self.site:
            return f"{self.hits} hit{'s' if self.hits != 1 else ''} in {flicks}"
        return flicks


class SiteLanding(Drill):
    """P-5."""

    id = "landing"
    ship_movable = True
    site_pickable = True

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.spec = data.landing
        self.title = self.spec.title
        self.site = self.spec.site

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        table.clear()
        table.set_rival_ship(None)
        table.move_ship(self.spec.space)

    def before_fire(self, table: PracticeTable) -> None:
        table.clear()

    def pick_site(self, site_id: str) -> bool:
        changed = site_id != self.site
        self.site = site_id
        return changed

    def target(self) -> Target:
        return site_target(self.site)

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        return judge_site(result, self.target(), self.spec.points_on, self.spec.points_burning)

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        self.finished = self.flicks >= self.spec.flicks

    def goal(self) -> str:
        on, burning = _number(self.spec.points_on), _number(self.spec.points_burning)
        return (f"Land on {board().site(self.site).name}: {on} points for a block lying on "
                f"it, {burning} for one burning on its edge. Click another site to aim there.")

    def progress(self) -> str:
        return f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}"

    def score_text(self) -> str:
        top = self.spec.points_on * self.spec.flicks
        return f"{_number(self.points)} / {_number(top)}"


class RingDrill(Drill):
    """P-6."""

    id = "rings"

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.spec = data.rings
        self.title = self.spec.title
        self.level = 0

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        self.level = 0
        table.clear()
        table.set_rival_ship(None)
        table.move_ship(self.spec.space)

    def before_fire(self, table: PracticeTable) -> None:
        table.clear()

    @property
    def radius(self) -> float:
        return self.spec.radii[self.level]

    def target(self) -> Target:
        return Target("ring", self.spec.x, self.spec.y, self.radius, label="the ring")

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        centre = (self.spec.x, self.spec.y)
        error, along, across = miss_figures(result.start, result.end, centre)
        hit = result.on_board and error <= self.radius
        points = float(self.level + 1) if hit else 0.0
        if hit:
            text = f"In ring {self.level + 1}: +{self.level + 1}"
        else:
            text = f"Outside ring {self.level + 1} by {error - self.radius:.0f} mm"
        return Verdict(points, hit, text, error, along, across, bool(result.knocked))

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        if verdict.hit and self.level < len(self.spec.radii) - 1:
            self.level += 1
        self.finished = self.flicks >= self.spec.flicks

    def goal(self) -> str:
        sizes = ", ".join(_number(r) for r in self.spec.radii)
        return (f"Stop your block's centre inside the ring. Each hit scores the ring's number "
                f"and shrinks it (radius {sizes} mm).")

    def progress(self) -> str:
        return (f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}  ·  "
                f"ring {self.level + 1}: {_number(self.radius)} mm")

    def score_text(self) -> str:
        return f"{_number(self.points)} points"


class PyramidDrill(Drill):
    """P-7."""

    id = "pyramid"
    better = LOWER

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.spec = data.pyramid
        self.title = self.spec.title
        self.built: object | None = None
        """The game's PyramidBuilt event once the pyramid stands."""

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        self.built = None
        table.clear()
        table.set_rival_ship(None)
        table.move_ship(self.spec.space)

    def target(self) -> Target:
        return site_target(self.spec.site)

    def free_on_site(self, table: PracticeTable) -> int:
        return len(table.state.free_small_on(self.spec.site))

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        verdict = judge_site(result, self.target(), 1.0, 1.0)
        free = self.free_on_site(table)
        text = verdict.text.split(":")[0] + f": {min(free, 3)} of 3 on the site"
        return Verdict(verdict.points, verdict.points > 0, text, verdict.error, verdict.along,
                       verdict.across, verdict.capsized)

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        if self.free_on_site(table) >= 3:
            self.built = table.build_pyramid(self.spec.site)
        self.finished = self.built is not None or self.flicks >= self.spec.limit

    def goal(self) -> str:
        name = board().site(self.spec.site).name
        return (f"Get three small blocks onto {name} (burning on its edge counts) in as few "
                f"flicks as you can; then the pyramid is built as in the game. "
                f"Par {self.spec.par}, at most {self.spec.limit}.")

    def progress(self) -> str:
        return f"Flick {self.flicks + (0 if self.finished else 1)} of at most {self.spec.limit}"

    @property
    def score(self) -> float | None:
        return float(self.flicks) if self.built is not None else None

    def score_text(self) -> str:
        if self.built is not None:
            return f"Built in {self.flicks}"
        return f"{self.flicks} flick{'s' if self.flicks != 1 else ''}"

    def result_text(self) -> str:
        if self.built is None:
            return f"No pyramid after {self.flicks} flicks."
        par = self.flicks - self.spec.par
        versus = "on par" if par == 0 else f"{par} over par" if par > 0 else f"{-par} under par"
        return f"Pyramid built in {self.flicks} flicks ({versus})."


class KnockDrill(Drill):
    """P-8."""

    id = "knock"
    pause_after = 1.6

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.spec = data.knock
        self.title = self.spec.title
        self.round = 0
        self.block = f"{RIVAL}s00"
        self.home: Point = (0.0, 0.0)

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        self.round = 0
        self._lay_out(table)

    def _lay_out(self, table: PracticeTable) -> None:
        layout = self.spec.layouts[self.round]
        table.clear()
        table.set_rival_ship(layout.neighbour)
        table.move_ship(layout.space)
        table.place_block(self.block, layout.site, layout.dx, layout.dy)
        piece = table.state.pieces[self.block]
        self.home = (piece.x, piece.y)

    def after_show(self, table: PracticeTable) -> None:
        if not self.finished:
            self._lay_out(table)

    @property
    def site(self) -> str:
        return self.spec.layouts[min(self.round, len(self.spec.layouts) - 1)].site

    def target(self) -> Target:
        return Target("block", self.home[0], self.home[1], site=self.site, block=self.block,
                      label="the rival block")

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        error, where = closest_approach(result.path, self.home)
        _, _, across = miss_figures(result.start, where, self.home)
        piece = table.state.pieces[self.block]
        sites = dict(table.state.placement(self.block).sites) if piece.where == BOARD else {}
        name = board().site(self.site).name
        if result.knocked:
            ships = len(result.knocked)
            return Verdict(self.spec.points_capsized, False,
                           f"{'A ship' if ships == 1 else f'{ships} ships'} knocked over: "
                           f"{_signed(self.spec.points_capsized)}", error, None, across, True)
        if self.site not in sites:
            return Verdict(self.spec.points_off, True, f"Knocked off {name}: "
                           f"{_signed(self.spec.points_off)}", error, None, across)
        if not sites[self.site]:
            return Verdict(self.spec.points_burning, False, f"Still burning on {name}'s edge: "
                           f"{_signed(self.spec.points_burning)}", error, None, across)
        return Verdict(0.0, False, f"Still on {name}", error, None, across)

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        self.round += 1
        self.finished = self.round >= len(self.spec.layouts)

    def goal(self) -> str:
        return ("Knock the rival block off its site without knocking over a ship (CA-7): "
                f"{_number(self.spec.points_off)} points off, "
                f"{_number(self.spec.points_burning)} if it still burns on the edge, "
                f"{_number(self.spec.points_capsized)} for a ship knocked over.")

    def progress(self) -> str:
        total = len(self.spec.layouts)
        return f"Layout {min(self.round + 1, total)} of {total}"

    def score_text(self) -> str:
        top = self.spec.points_off * len(self.spec.layouts)
        return f"{_number(self.points)} / {_number(top)}"


class TimedDrill(Drill):
    """P-9."""

    id = "timed"

    def __init__(self, data: PracticeData, rng: random.Random) -> None:
        super().__init__(data, rng)
        self.spec = data.timed
        self.title = self.spec.title
        self.site = self.spec.sites[0]
        self.left = self.spec.seconds

    def start(self, table: PracticeTable) -> None:
        super().start(table)
        self.left = self.spec.seconds
        table.clear()
        table.set_rival_ship(None)
        table.move_ship(self.spec.space)
        self._draw_site()

    def _draw_site(self) -> None:
        choices = [s for s in self.spec.sites if s != self.site] or list(self.spec.sites)
        self.site = self.rng.choice(choices)

    def before_fire(self, table: PracticeTable) -> None:
        table.clear()

    def after_show(self, table: PracticeTable) -> None:
        if not self.finished:
            self._draw_site()

    def target(self) -> Target:
        return site_target(self.site)

    def assess(self, result: FlickResult, table: PracticeTable) -> Verdict:
        return judge_site(result, self.target(), self.spec.points_on, self.spec.points_burning)

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        self.finished = self.flicks >= self.spec.flicks or self.left <= 0

    def tick(self, seconds: float) -> None:
        if self.finished:
            return
        self.left = max(0.0, self.left - seconds)
        if self.left <= 0:
            self.finished = True

    @property
    def time_left(self) -> float:
        return self.left

    def goal(self) -> str:
        return (f"{self.spec.flicks} flicks in {_number(self.spec.seconds)} seconds, each at a "
                f"new site (it glows): {_number(self.spec.points_on)} on it, "
                f"{_number(self.spec.points_burning)} burning. The clock starts at your first "
                f"aim and stops while a block slides.")

    def progress(self) -> str:
        return f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}"

    def score_text(self) -> str:
        top = self.spec.points_on * self.spec.flicks
        return f"{_number(self.points)} / {_number(top)}"

    def result_text(self) -> str:
        out = super().result_text()
        if self.flicks < self.spec.flicks:
            out += f" Time ran out with {self.spec.flicks - self.flicks} flicks to go."
        return out


DRILLS: dict[str, type[Drill]] = {
    "landing": SiteLanding,
    "rings": RingDrill,
    "pyramid": PyramidDrill,
    "knock": KnockDrill,
    "timed": TimedDrill,
}
"""The drills in the order the practice home lists them."""
DRILL_IDS = ("free", *DRILLS)


def make_drill(drill_id: str, rng: random.Random, data: PracticeData | None = None) -> Drill:
    data = data or config.load()
    if drill_id == "free":
        return FreePractice(data, rng)
    return DRILLS[drill_id](data, rng)


def title_of(drill_id: str) -> str:
    data = config.load()
    titles = {"free": "Free practice", "landing": data.landing.title,
              "rings": data.rings.title, "pyramid": data.pyramid.title,
              "knock": data.knock.title, "timed": data.timed.title}
    return titles.get(drill_id, drill_id)


def better_of(drill_id: str) -> str:
    return DRILLS[drill_id].better if drill_id in DRILLS else HIGHER

