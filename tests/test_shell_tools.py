"""The shell's stress tools run and report nothing broken: hostile files and names thrown
at every screen, and kill -9 in the middle of autosaves (small runs; the closing notes
quote the full ones)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # tool runs: tools/hostile.py and tools/killsave.py in subprocesses

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "NILE_HOME"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=600, env=env)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    summary: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return summary


def test_hostile_files_and_names_break_no_screen() -> None:
    summary = run_tool("tools/hostile.py", "--quick")
    assert summary["failed"] == 0 and int(summary["tried"]) >= 30  # type: ignore[call-overload]


def test_killing_the_app_mid_autosave_loses_no_good_save() -> None:
    summary = run_tool("tools/killsave.py", "--kills", "3")
    assert summary["good_saves_lost"] == 0 and summary["temp_files_left_after_tidy"] == 0
    assert summary["saves_checked"] == 3
