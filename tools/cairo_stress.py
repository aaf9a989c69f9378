"""Stress the flick physics with the strongest flicks on crowded boards.

    python tools/cairo_stress.py --flicks 1000 [--seed 0]

Every flick starts from a full board (`bench.full_board`, a different layout per seed) at
the speed cap, in a random direction from a random ship, with random spin. Checked after
every step: every pose is a finite number, and no moving piece's centre passed through
another piece on its level (the segment it travelled stays out of every other footprint
shrunk by 1 mm: the signature of tunnelling; a stone that fell from a pyramid in that step
may tumble aside onto the ground and is not judged then). Checked at the end: the flick came to rest
by itself before the CA-5 cap, and no two pieces on one level overlap by more than 1 mm.
Prints a JSON summary; exit status 1 if any flick failed. The test suite runs a sample.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field

import _common  # noqa: F401  (puts the project on sys.path)

from nile.games.cairo import config, geometry
from nile.games.cairo.builder import full_board
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch, Pose

DEEP = 1.0
"""mm: how far inside another piece a centre may never be, or pieces may overlap at rest."""
FAST_STEP = 2.0
"""mm per step (480 mm/s): slower pieces cannot tunnel; a stone dropping from a pyramid may
land partly on a neighbour and be eased off it, which is not tunnelling."""


@dataclass
class Report:
    flicks: int = 0
    failures: list[str] = field(default_factory=list)
    max_steps: int = 0
    max_seconds_wall: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {"flicks": self.flicks, "failed": len(self.failures),
                "failures": self.failures[:20], "max_steps": self.max_steps,
                "max_seconds_wall": round(self.max_seconds_wall, 4)}


def _size(kind: str) -> tuple[float, float]:
    data = config.load()
    if kind == "ship":
        return data.ship.length, data.ship.width
    side = data.pieces[kind].side
    return side, side


def _outline(kind: str, pose: Pose, shrink: float = 0.0) -> geometry.Polygon:
    length, width = _size(kind)
    return geometry.rectangle(pose.x, pose.y, pose.angle, length - 2 * shrink,
                              width - 2 * shrink)


def strongest_launch(rng: random.Random, specs: list[BodySpec], number: int) -> Launch:
    ships = [s.id for s in specs if s.kind == "ship"]
    kind = rng.choice(("small", "small", "large", "die"))
    block = {"small": "9s00", "large": "9L", "die": "9D"}[kind]
    return Launch(f"{block}{number}" if kind == "small" else block, kind, rng.choice(ships),
                  rng.uniform(-math.pi, math.pi), config.load().physics.speed_cap,
                  rng.uniform(-40.0, 40.0))


def check_flick(specs: list[BodySpec], launch: Launch) -> tuple[list[str], int, float]:
    """Run one flick step by step; return the problems found, its steps and wall time."""
    kinds = {s.id: s.kind for s in specs}
    kinds[launch.block] = launch.kind
    started = time.perf_counter()
    sim = FlickSimulation(specs, launch)
    problems: list[str] = []
    previous = sim.poses()
    while not sim.done:
        frame = sim.step_frame(1)
        # the flicked block collides from its first step, on the deck too: judged there
        problems += _step_problems(kinds, previous, frame.poses,
                                   launch.block, launch.ship, set(sim.fell_off) | sim.dropped)
        previous = frame.poses
        if len(problems) > 3:
            break
    wall = time.perf_counter() - started
    outcome = sim.result()
    if outcome.forced:
        problems.append(f"not at rest after {outcome.steps} steps")
    problems += _rest_problems(kinds, outcome.poses, set(outcome.fell_off))
    return problems, outcome.steps, wall


def _step_problems(kinds: dict[str, str], before: dict[str, Pose], after: dict[str, Pose],
                   block: str, own_ship: str, gone: set[str]) -> list[str]:
    """Non-finite poses, and fast pieces whose centre crossed deep into another piece
    (judged in the other piece's frame, so two pieces moving together are fine)."""
    out = []
    for piece, pose in after.items():
        if not all(math.isfinite(v) for v in (pose.x, pose.y, pose.angle)):
            out.append(f"{piece} has a pose that is not a number")
    for piece, pose in after.items():
        old = before.get(piece, pose)
        if (old.x, old.y) == (pose.x, pose.y) or piece in gone or \
                old.level != pose.level:
            continue
        for other, other_pose in after.items():
            if other == piece or other in gone or other_pose.level != pose.level or \
                    {piece, other} == {block, own_ship}:
                continue
            other_old = before.get(other, other_pose)
            x0, y0 = old.x - other_old.x, old.y - other_old.y
            x1, y1 = pose.x - other_pose.x, pose.y - other_pose.y
            travel = math.hypot(x1 - x0, y1 - y0)
            if travel < FAST_STEP or math.hypot(x1, y1) > travel + 60.0:
                continue
            outline = _outline(kinds[other], Pose(0.0, 0.0, other_pose.angle), DEEP)
            steps = math.ceil(travel)
            if any(geometry.contains(outline, (x0 + (x1 - x0) * t / steps,
                                               y0 + (y1 - y0) * t / steps))
                   for t in range(steps + 1)):
                out.append(f"{piece} passed through {other}")
    return out


def _rest_problems(kinds: dict[str, str], poses: dict[str, Pose], gone: set[str]) -> list[str]:
    out = []
    live = [(p, pose) for p, pose in poses.items() if p not in gone]
    for i, (a, pa) in enumerate(live):
        for b, pb in live[i + 1:]:
            if pa.level != pb.level or math.hypot(pa.x - pb.x, pa.y - pb.y) > 45.0:
                continue
            if geometry.intersects(_outline(kinds[a], pa, DEEP / 2),
                                   _outline(kinds[b], pb, DEEP / 2)):
                out.append(f"{a} and {b} overlap at rest")
    return out


def run(flicks: int, seed: int = 0, speed: float | None = None) -> Report:
    rng = random.Random(f"cairo-stress/{seed}")
    report = Report()
    boards = [full_board(seed * 100 + k) for k in range(5)]
    for number in range(flicks):
        specs = boards[number % len(boards)]
        launch = strongest_launch(rng, specs, number)
        if speed is not None:
            launch = Launch(launch.block, launch.kind, launch.ship, launch.angle, speed,
                            launch.spin)
        problems, steps, wall = check_flick(specs, launch)
        report.flicks += 1
        report.max_steps = max(report.max_steps, steps)
        report.max_seconds_wall = max(report.max_seconds_wall, wall)
        report.failures += [f"flick {number} ({launch}): {p}" for p in problems]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flicks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed", type=float, default=None, help="instead of the cap")
    args = parser.parse_args(argv)
    report = run(args.flicks, args.seed, args.speed)
    print(json.dumps(report.to_dict(), indent=1))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
