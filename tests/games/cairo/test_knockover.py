"""CA-7 calibration: any block can knock a ship over; a soft touch never does.

The figures come from `tools/ship_tipping.py` (the table is in data.toml's comments)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[3] / "tools" / "ship_tipping.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ship_tipping", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ship_tipping"] = module
    spec.loader.exec_module(module)
    return module


TIPPING = _tool()


@pytest.mark.parametrize("setting", ["lane", "river"])
def test_strong_direct_small_block_hit_tips_the_ship(setting: str) -> None:
    trial = TIPPING.trial(setting, "small", 2400.0, 0.0)
    assert trial.tipped
    # decided by the knock itself, not by how far the ship happened to turn
    assert trial.knock > 800.0 and trial.turn < 25.0


@pytest.mark.parametrize("setting", ["lane", "river"])
@pytest.mark.parametrize("kind", ["small", "large", "die"])
def test_soft_touch_never_tips(setting: str, kind: str) -> None:
    for offset in (0.0, *TIPPING.OFFSETS[setting]):
        trial = TIPPING.trial(setting, kind, 450.0, offset)
        assert not trial.tipped, trial


def test_off_centre_hits_follow_the_knock() -> None:
    """Off-centre, a hit tips the ship exactly when its knock passes the threshold."""
    trials = [TIPPING.trial("river", "small", speed, offset)
              for speed in (1300.0, 1900.0, 2800.0) for offset in (-10.0, 5.0, 15.0)]
    assert any(t.tipped for t in trials) and not all(t.tipped for t in trials)
    assert all(t.tipped == (t.knock > 800.0) for t in trials)

