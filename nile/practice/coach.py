"""Show me: a Cairo bot demonstrates the drill's next flick.

It plans the way Cairo's flick planner does (`nile/games/cairo/ai.py`): candidate flicks
aimed with the planner's own slide formula (`ai.aim_flick`: the speed that slides a block from
the ship to the point under Coulomb friction), each variant tried with the finger's mean
flick on a copy of the table, the best few tried again with the planner level's wobbles,
then the best expected outcome wins, all within the level's budget (`ai.LEVELS`). Only the
judge differs: where the game bot values points on the board, the coach values the drill's
own verdict (points, then nearness to the target). Thinking is sliced (`think(seconds)`) so
the screen keeps drawing.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from nile.games.cairo import ai
from nile.games.cairo.board import board
from nile.games.cairo.rules import by_hand
from nile.practice.drills import Drill, Target
from nile.practice.table import PracticeTable, Shot

NEAR_WEIGHT = 0.01
"""Points per mm of error: a tie-break that prefers flicks ending nearer the target."""


@dataclass(frozen=True)
class Candidate:
    shot: Shot
    label: str


class DrillCoach:
    """Plans one demonstration flick for `drill` on `table` with `finger` and `kind`."""

    def __init__(self, table: PracticeTable, drill: Drill, finger: int, kind: str,
                 level: str = "normal", budget: float | None = None) -> None:
        self.level = ai.LEVELS[level]
        self.drill = drill
        self.finger, self.kind = finger, kind
        self.base = table.clone()
        drill.before_fire(self.base)
        by_hand.pick_up(self.base.state, kind)
        self.candidates = candidates(self.base, drill.target(), finger, kind)
        self.values: dict[int, list[tuple[float, float]]] = {}
        self.todo = [(i, 0, 0) for i in range(len(self.candidates))]
        self.refined = False
        self.budget = self.level.max_seconds if budget is None else budget
        """Seconds of planning in all (the level's; tests and pictures lift it so that the
        choice does not depend on the machine's load)."""
        self.spent = 0.0
        self.simulations = 0

    @property
    def done(self) -> bool:
        return not self.todo

    def think(self, seconds: float) -> bool:
        """Try candidates for up to `seconds`; True when the choice is made."""
        until = time.perf_counter() + seconds
        jitter = self.base.state.data.jitter
        while self.todo:
            if self.spent > self.budget:
                self.todo = []
                break
            started = time.perf_counter()
            index, aim, power = self.todo.pop(0)
            value = self.value(self.candidates[index].shot, (aim, power))
            weight = jitter.probability(aim) * jitter.probability(power)
            self.values.setdefault(index, []).append((weight, value))
            self.simulations += 1
            self.spent += time.perf_counter() - started
            if not self.todo and not self.refined:
                self._refine()
            if time.perf_counter() > until:
                return not self.todo
        return True

    def value(self, shot: Shot, jitter: tuple[int, int]) -> float:
        """The drill's verdict on this flick with this wobble, on a copy of the table."""
        trial = self.base.clone()
        result = trial.flick_with(shot, self.finger, self.kind, jitter)
        verdict = self.drill.assess(result, trial)
        return verdict.points - NEAR_WEIGHT * (verdict.error or 0.0)

    def _refine(self) -> None:
        self.refined = True
        if not self.level.refine:
            return
        best = sorted(self.values, key=lambda i: -self._expected(i))[:self.level.refine]
        wobbles = ai.wobble_indices(self.level, self.base.state.data.jitter)
        self.todo = [(i, aim, power) for i in best for aim, power in wobbles]

    def _expected(self, index: int) -> float:
        samples = self.values[index]
        return sum(w * v for w, v in samples) / sum(w for w, _ in samples)

    def best(self) -> Candidate | None:
        """The chosen flick (think until done first); None if there was nothing to aim at."""
        if not self.values:
            return self.candidates[0] if self.candidates else None
        refined = [i for i in self.values if len(self.values[i]) > 1]
        pool = refined or list(self.values)
        index = max(pool, key=lambda i: (self._expected(i), -i))
        return self.candidates[index]

    def expected(self, candidate: Candidate) -> float:
        index = self.candidates.index(candidate)
        return self._expected(index) if index in self.values else 0.0


def candidates(table: PracticeTable, target: Target | None, finger: int,
               kind: str) -> list[Candidate]:
    """Flicks aimed at the target and around it (the planner's variants)."""
    if target is None:
        return []
    state = table.state
    x0, y0 = table.ship_point()
    physics = state.data.physics
    mu_g = physics.mu_floor * physics.gravity
    points: list[tuple[float, float, float, str]] = []
    if target.kind == "site":
        site = board().site(target.site)
        for k, (du, dv, stretch) in enumerate(((0.0, 0.0, 1.0), (0.25, 0.0, 1.0),
                                               (-0.25, 0.0, 1.0), (0.0, 0.25, 1.04),
                                               (0.0, -0.25, 0.96), (0.0, 0.0, 0.98),
                                               (0.0, 0.0, 1.02))):
            tx, ty = site.world((du * site.w, dv * site.h))
            points.append((tx, ty, stretch, f"{site.id}/{k}"))
    elif target.kind == "ring":
        r = target.radius
        for k, (dx, dy, stretch) in enumerate(((0.0, 0.0, 1.0), (0.0, 0.0, 0.97),
                                               (0.0, 0.0, 1.03), (0.3, 0.0, 1.0),
                                               (-0.3, 0.0, 1.0), (0.0, 0.3, 1.0),
                                               (0.0, -0.3, 1.0))):
            points.append((target.x + dx * r, target.y + dy * r, stretch, f"ring/{k}"))
    else:
        dx, dy = target.x - x0, target.y - y0
        length = math.hypot(dx, dy) or 1.0
        side = (-dy / length, dx / length)
        for k, (lateral, stretch) in enumerate(((0.0, 1.6), (0.0, 2.0), (0.0, 2.6),
                                                (2.5, 2.0), (-2.5, 2.0), (4.0, 2.0),
                                                (-4.0, 2.0))):
            points.append((target.x + side[0] * lateral, target.y + side[1] * lateral,
                           stretch, f"hit/{k}"))
    out = []
    for tx, ty, stretch, label in points:
        flick = ai.aim_flick(state, x0, y0, tx, ty, stretch, finger, mu_g)
        if flick is None:
            continue
        out.append(Candidate(Shot(flick.degrees, flick.power_share, 0.0), label))
    if not out and points:
        tx, ty, _, label = points[0]
        degrees = math.degrees(math.atan2(ty - y0, tx - x0)) % 360.0
        out.append(Candidate(Shot(degrees, 1.0, 0.0), f"{label}/full"))
    return out
