"""No tunnelling: the quick run of `tools/tunnel_sweep.py` finds no pass-through (the full
sweep, about two minutes: `python tools/tunnel_sweep.py`)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from nile.games.cairo.board import board
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch

pytestmark = pytest.mark.slow  # a sweep of flicks through tools/tunnel_sweep.py

TOOL = Path(__file__).resolve().parents[3] / "tools" / "tunnel_sweep.py"


def test_quick_sweep_finds_no_pass_through() -> None:
    result = subprocess.run([sys.executable, str(TOOL), "--quick", "--json"],
                            capture_output=True, text=True, check=False)
    report = json.loads(result.stdout)
    assert report["tried"] > 100
    assert report["pass_throughs"] == 0, report["examples"]
    assert result.returncode == 0


def test_block_beside_the_deck_is_struck_not_passed() -> None:
    """Regression (issue 15): a block 0.5 mm off the ship's side was inside the flicked
    block when collisions switched on at the deck's edge, and the flick went through it."""
    space = board().space("U5")
    ship = BodySpec("ship0", "ship", space.x, space.y, space.heading)
    near = BodySpec("1s00", "small", space.x, space.y + 9.0 + 5.0 + 0.5, 0.0)
    sim = FlickSimulation([ship, near], Launch("0s00", "small", "ship0", math.pi / 2,
                                               2000.0, 0.0))
    out = sim.resolve()
    # head-on between equal blocks the struck one goes on ahead of the flicked one
    assert out.poses["1s00"].y > out.poses["0s00"].y + 9.0
