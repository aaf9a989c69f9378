"""Timing figures for Cairo's physics (tools/bench.py adds them for Cairo: GameInfo.bench).

    python tools/cairo_bench.py          prints the figures as JSON

`figures()` builds a full board (all 85 blocks of five players on and around the sites,
three pyramids, five ships on the Nile), then times flicks in three ways, interleaved so
machine load hits all of them alike:
- ours: `FlickSimulation(...).resolve()`, everything included (building the pieces it
  needs, bookkeeping, pyramid checks, rest detection);
- bare steps: a pymunk space already holding the whole board asleep (the same bodies,
  shapes and friction joints), stepped as many times as ours called `space.step` (ticks
  plus the substeps of fast moments), with `space.step` only;
- bare build + steps: the same, building that whole-board space first (what resolving the
  flick with plain pymunk from the at-rest board would cost).
Medians over many flicks of every direction and strength; times are CPU milliseconds of the
benchmarking thread (wall time on a busy machine mostly measures the other processes).
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable

import _common  # noqa: F401  (puts the project on sys.path)
import pymunk

from nile.games.cairo import config
from nile.games.cairo.builder import full_board
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch, level_filter

FLICKS = 60


def launches(count: int = FLICKS, seed: int = 5) -> list[Launch]:
    """Flicks from every ship in every direction, soft to the strongest."""
    rng = random.Random(f"cairo-bench-flicks/{seed}")
    cfg = config.load().physics
    return [Launch(f"{i % 5}s14", "small", f"ship{i % 5}", rng.uniform(-math.pi, math.pi),
                   rng.uniform(cfg.min_speed, cfg.speed_cap), rng.uniform(-10.0, 10.0))
            for i in range(count)]


def _bare_space(specs: list[BodySpec], launch: Launch) -> tuple[pymunk.Space, pymunk.Body]:
    """The whole board in plain pymunk: bodies, shapes, floor joints, asleep; plus the
    flicked block moving. (Stacked stones get the same floor joints: close enough for a
    cost comparison.)"""
    data = config.load()
    cfg = data.physics
    space = pymunk.Space()
    space.iterations = cfg.iterations
    space.idle_speed_threshold = cfg.idle_speed
    space.sleep_time_threshold = cfg.sleep_time
    bodies = []
    flicked = None
    ship_pose = next(s for s in specs if s.id == launch.ship)
    for spec in [*specs, BodySpec(launch.block, launch.kind, ship_pose.x, ship_pose.y,
                                  launch.angle)]:
        if spec.kind == "ship":
            length, width, mass = data.ship.length, data.ship.width, data.ship.mass
        else:
            length = width = data.pieces[spec.kind].side
            mass = data.pieces[spec.kind].mass
        body = pymunk.Body(mass, mass * (length ** 2 + width ** 2) / 12.0)
        body.position = (spec.x, spec.y)
        body.angle = spec.angle
        shape = pymunk.Poly.create_box(body, (length, width))
        shape.friction, shape.elasticity = cfg.mu_contact, cfg.elasticity
        shape.filter = level_filter(spec.level)
        pivot = pymunk.PivotJoint(space.static_body, body, (0.0, 0.0), (0.0, 0.0))
        gear = pymunk.GearJoint(space.static_body, body, 0.0, 1.0)
        pivot.max_bias = gear.max_bias = 0.0
        pivot.max_force = cfg.mu_floor * mass * cfg.gravity
        gear.max_force = pivot.max_force * cfg.spin_arm * length
        space.add(body, shape, pivot, gear)
        bodies.append(body)
        flicked = body
    assert flicked is not None
    for body in bodies[:-1]:
        body.sleep()
    flicked.velocity = (launch.speed * math.cos(launch.angle),
                        launch.speed * math.sin(launch.angle))
    return space, flicked


def _timed(fn: Callable[[], object]) -> float:
    """CPU milliseconds of this thread: steadier than wall time on a shared machine."""
    start = time.thread_time()
    fn()
    return (time.thread_time() - start) * 1000.0


def flick_figures(count: int = FLICKS) -> dict[str, float]:
    specs = full_board()
    dt = config.load().physics.dt
    ours: list[float] = []
    bare_steps: list[float] = []
    bare_build: list[float] = []
    steps: list[int] = []
    touched: list[int] = []
    for launch in launches(5):
        FlickSimulation(specs, launch).resolve()
    for launch in launches(count):
        outcome = FlickSimulation(specs, launch).resolve()
        def resolve(launch: Launch = launch) -> None:
            FlickSimulation(specs, launch).resolve()

        ours.append(_timed(resolve))
        n = outcome.physics_steps
        steps.append(outcome.steps)
        touched.append(len(outcome.touched))

        def build_and_step(launch: Launch = launch, n: int = n) -> None:
            space, _ = _bare_space(specs, launch)
            for _ in range(n):
                space.step(dt)

        bare_build.append(_timed(build_and_step))
        space, _ = _bare_space(specs, launch)

        def step_only(space: pymunk.Space = space, n: int = n) -> None:
            for _ in range(n):
                space.step(dt)

        bare_steps.append(_timed(step_only))
    ratio_steps = [o / b for o, b in zip(ours, bare_steps, strict=True)]
    ratio_build = [o / b for o, b in zip(ours, bare_build, strict=True)]
    return {
        "flick_ms_median": statistics.median(ours),
        "flick_ms_p95": sorted(ours)[int(0.95 * (len(ours) - 1))],
        "flick_ticks_median": float(statistics.median(steps)),
        "flick_pieces_simulated_median": float(statistics.median(touched)),
        "bare_pymunk_steps_ms_median": statistics.median(bare_steps),
        "bare_pymunk_build_and_steps_ms_median": statistics.median(bare_build),
        "flick_overhead_vs_pymunk": statistics.median(ratio_build),
        "flick_overhead_vs_pymunk_steps_only": statistics.median(ratio_steps),
    }


def figures() -> dict[str, float]:
    """Every figure (flicks, then bot decisions)."""
    out = flick_figures()
    try:
        from nile.games.cairo.ai import decision_figures
    except ImportError:  # bots not built yet
        return out
    out.update(decision_figures())
    return out


if __name__ == "__main__":
    print(json.dumps({k: round(v, 3) for k, v in figures().items()}, indent=1))
