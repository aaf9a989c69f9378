"""Drills of touch: stop in the ring (P-6), the three-stone pyramid (P-7), knock it off
(P-8)."""

from __future__ import annotations

import random

from nile.games.cairo.board import board
from nile.games.cairo.rules.pieces import BOARD
from nile.practice.config import PracticeData
from nile.practice.drill_base import (
    LOWER,
    Drill,
    Target,
    Verdict,
    closest_approach,
    judge_site,
    miss_figures,
    number_text,
    signed_text,
    site_target,
)
from nile.practice.table import RIVAL, FlickResult, Point, PracticeTable


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
            text = outside_words(self.level + 1, error - self.radius)
        return Verdict(points, hit, text, error, along, across, bool(result.knocked))

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        if verdict.hit and self.level < len(self.spec.radii) - 1:
            self.level += 1
        self.finished = self.flicks >= self.spec.flicks

    def goal(self) -> str:
        sizes = ", ".join(number_text(r) for r in self.spec.radii)
        return (f"Stop your block's centre inside the ring. Each hit scores the ring's number "
                f"and shrinks it (radius {sizes} mm).")

    def progress(self) -> str:
        return (f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}  ·  "
                f"ring {self.level + 1}: {number_text(self.radius)} mm")

    def score_text(self) -> str:
        return f"{number_text(self.points)} points"


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
                           f"{signed_text(self.spec.points_capsized)}", error, None, across, True)
        if self.site not in sites:
            return Verdict(self.spec.points_off, True, f"Knocked off {name}: "
                           f"{signed_text(self.spec.points_off)}", error, None, across)
        if not sites[self.site]:
            return Verdict(self.spec.points_burning, False, f"Still burning on {name}'s edge: "
                           f"{signed_text(self.spec.points_burning)}", error, None, across)
        return Verdict(0.0, False, f"Still on {name}", error, None, across)

    def record(self, verdict: Verdict, table: PracticeTable) -> None:
        super().record(verdict, table)
        self.round += 1
        self.finished = self.round >= len(self.spec.layouts)

    def goal(self) -> str:
        return ("Knock the rival block off its site without knocking over a ship: "
                f"{number_text(self.spec.points_off)} points off, "
                f"{number_text(self.spec.points_burning)} if it still burns on the edge, "
                f"{number_text(self.spec.points_capsized)} for a ship knocked over.")

    def progress(self) -> str:
        total = len(self.spec.layouts)
        return f"Layout {min(self.round + 1, total)} of {total}"

    def score_text(self) -> str:
        top = self.spec.points_off * len(self.spec.layouts)
        return f"{number_text(self.points)} / {number_text(top)}"


def outside_words(ring: int, by: float) -> str:
    """A ring missed: by how much, never "by 0 mm"."""
    if round(by) < 1:
        return f"Just outside ring {ring}"
    return f"Outside ring {ring} by {by:.0f} mm"
