"""CA-5 physics: determinism (in process and across processes), the frame API, friction,
and a sample of the stress test (the full 1000 flicks: `python tools/cairo_stress.py`)."""

from __future__ import annotations

import hashlib
import math
import subprocess
import sys
from pathlib import Path

import pytest

from nile.games.cairo import config
from nile.games.cairo.board import board
from nile.games.cairo.builder import full_board
from nile.games.cairo.physics import BodySpec, FlickOutcome, FlickSimulation, Launch

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
import cairo_stress as stress  # noqa: E402  (a sample of the tool's own run)


def digest(outcome: FlickOutcome) -> str:
    rows = sorted((k, p.x.hex(), p.y.hex(), p.angle.hex(), p.level)
                  for k, p in outcome.poses.items())
    return hashlib.sha256(repr((rows, outcome.steps, outcome.fell_off)).encode()).hexdigest()


def crowded_flick() -> tuple[list[BodySpec], Launch]:
    specs = full_board(7)
    saqqara = board().site("saqqara")
    ship = next(s for s in specs if s.id == "ship2")
    angle = math.atan2(saqqara.y - ship.y, saqqara.x - ship.x)
    return specs, Launch("9s00", "small", "ship2", angle, 2400.0, 12.0)


def test_the_same_flick_gives_the_same_board_in_one_process() -> None:
    specs, launch = crowded_flick()
    first = FlickSimulation(specs, launch).resolve()
    second = FlickSimulation(specs, launch).resolve()
    assert digest(first) == digest(second)
    assert len(first.touched) > 3          # it did hit things


def test_the_same_flick_gives_the_same_board_in_another_process() -> None:
    specs, launch = crowded_flick()
    here = digest(FlickSimulation(specs, launch).resolve())
    code = ("from tests.games.cairo.test_physics import crowded_flick, digest\n"
            "from nile.games.cairo.physics import FlickSimulation\n"
            "specs, launch = crowded_flick()\n"
            "print(digest(FlickSimulation(specs, launch).resolve()))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    assert result.stdout.strip() == here


def test_frames_and_headless_resolve_step_identically() -> None:
    specs, launch = crowded_flick()
    headless = FlickSimulation(specs, launch).resolve()
    sim = FlickSimulation(specs, launch, record_impacts=True)
    times, impacts = [], []
    while not sim.done:
        frame = sim.step_frame(4)
        times.append(frame.time)
        impacts += frame.impacts
    assert times == sorted(times) and sim.done
    assert digest(sim.result()) == digest(headless)
    assert impacts and all(i.impulse >= config.load().physics.impact_min for i in impacts)
    assert {i.a for i in impacts} | {i.b for i in impacts} <= set(headless.touched)


def test_coulomb_friction_slides_as_far_as_theory_says() -> None:
    space = board().space("U5")
    ship = BodySpec("ship0", "ship", space.x, space.y, space.heading)
    cfg = config.load().physics
    for speed in (600.0, 900.0, 1150.0):          # the last stops 190 mm away, on the board
        out = FlickSimulation([ship], Launch("1s00", "small", "ship0", math.pi / 2, speed,
                                             0.0)).resolve()
        p = out.poses["1s00"]
        travel = math.hypot(p.x - space.x, p.y - space.y)
        theory = speed * speed / (2 * cfg.mu_floor * cfg.gravity)
        assert abs(travel - theory) < 0.05 * theory + 2.0
        assert not out.forced


def test_a_strong_flick_leaves_the_board_and_is_reported() -> None:
    space = board().space("U10")
    ship = BodySpec("ship0", "ship", space.x, space.y, space.heading)
    out = FlickSimulation([ship], Launch("1L", "large", "ship0", math.pi / 2, 2800.0,
                                         0.0)).resolve()
    assert out.fell_off == ("1L",)


def test_the_flicked_block_never_pushes_its_own_ship() -> None:
    space = board().space("U5")
    ship = BodySpec("ship0", "ship", space.x, space.y, space.heading)
    for angle in (0.0, math.pi / 2, math.pi, -math.pi / 2, 0.7):
        out = FlickSimulation([ship], Launch("1L", "large", "ship0", angle, 500.0,
                                             0.0)).resolve()
        assert out.poses["ship0"] == ship.pose
        assert "ship0" not in out.ship_impulse


def test_untouched_pieces_are_never_built() -> None:
    specs, launch = crowded_flick()
    out = FlickSimulation(specs, launch).resolve()
    assert len(out.touched) < len(specs) // 2
    for spec in specs:
        if spec.id not in out.touched:
            assert out.poses[spec.id] == spec.pose


@pytest.mark.slow
def test_stress_sample_of_strongest_flicks() -> None:
    """30 flicks at the speed cap: finite poses, no tunnelling, rest within the cap."""
    report = stress.run(30, seed=11)
    assert report.failures == []
    assert report.max_steps < config.load().physics.max_steps


def test_a_stone_whose_supporter_leaves_the_board_keeps_the_space_sound() -> None:
    """Regression: flick 481 of the stress run knocked a base stone off the board while a
    stone still rested on it; the joint between them outlived the body and pymunk crashed."""
    import random

    rng = random.Random("cairo-stress/0")
    boards = [full_board(k) for k in range(5)]
    launch = None
    for number in range(482):
        launch = stress.strongest_launch(rng, boards[number % 5], number)
    assert launch is not None
    out = FlickSimulation(boards[481 % 5], launch).resolve()
    assert out.fell_off and not out.forced


def test_listing_the_games_and_starting_cairo_load_no_pymunk_until_a_flick() -> None:
    """The launcher imports every game's rules; pymunk waits for the first flick (issue 33
    item 6: start-up had grown by the physics)."""
    code = ("import random, sys\n"
            "from nile.core import chance, registry\n"
            "from nile.core.game import CHANCE\n"
            "registry.all_games()\n"
            "state = registry.get('cairo').create(2, 1, {})\n"
            "rng = random.Random(1)\n"
            "before = 'pymunk' in sys.modules\n"
            "while not state.is_terminal and 'pymunk' not in sys.modules:\n"
            "    if state.current_player == CHANCE:\n"
            "        state.apply(chance.pick(state.chance_outcomes(), rng))\n"
            "    else:\n"
            "        state.apply(rng.choice(state.legal_actions()))\n"
            "print(before, 'pymunk' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    assert result.stdout.split() == ["False", "True"]
