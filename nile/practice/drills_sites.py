"""Drills at sites: free practice (P-4), land on a site (P-5), ten against the clock
(P-9)."""

from __future__ import annotations

import random

from nile.games.cairo.board import board
from nile.practice.config import PracticeData
from nile.practice.drill_base import (
    Drill,
    Target,
    Verdict,
    judge_site,
    landing_words,
    number_text,
    site_target,
)
from nile.practice.table import FlickResult, PracticeTable


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
        on, burning = number_text(self.spec.points_on), number_text(self.spec.points_burning)
        return (f"Land on {board().site(self.site).name}: {on} points for a block lying on "
                f"it, {burning} for one burning on its edge. Click another site to aim there.")

    def progress(self) -> str:
        return f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}"

    def score_text(self) -> str:
        top = self.spec.points_on * self.spec.flicks
        return f"{number_text(self.points)} / {number_text(top)}"


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
        return (f"{self.spec.flicks} flicks in {number_text(self.spec.seconds)} seconds, each at a "
                f"new site (it glows): {number_text(self.spec.points_on)} on it, "
                f"{number_text(self.spec.points_burning)} burning. The clock starts at your first "
                f"aim and stops while a block slides.")

    def progress(self) -> str:
        return f"Flick {min(self.flicks + 1, self.spec.flicks)} of {self.spec.flicks}"

    def score_text(self) -> str:
        top = self.spec.points_on * self.spec.flicks
        return f"{number_text(self.points)} / {number_text(top)}"

    def result_text(self) -> str:
        out = super().result_text()
        if self.flicks < self.spec.flicks:
            out += f" Time ran out with {self.spec.flicks - self.flicks} flicks to go."
        return out
