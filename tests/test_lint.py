"""ruff over everything, mypy --strict over the engine (core, ai, every rules module)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean() -> None:
    if shutil.which("ruff") is None and run(sys.executable, "-m", "ruff", "--version").returncode:
        pytest.skip("ruff is not installed")
    result = run(sys.executable, "-m", "ruff", "check", "nile", "tests", "tools")
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_strict_on_the_engine() -> None:
    if run(sys.executable, "-m", "mypy", "--version").returncode:
        pytest.skip("mypy is not installed")
    targets = ["nile/core", "nile/ai"]
    for game in sorted((ROOT / "nile" / "games").iterdir()):
        targets += [str(p.relative_to(ROOT)) for p in game.glob("rules*.py")]
        if (game / "rules").is_dir():
            targets.append(str((game / "rules").relative_to(ROOT)))
    result = run(sys.executable, "-m", "mypy", "--strict", *targets)
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_on_the_whole_package_with_the_project_config() -> None:
    """The UI is checked too (the engine stays strict, above)."""
    if run(sys.executable, "-m", "mypy", "--version").returncode:
        pytest.skip("mypy is not installed")
    result = run(sys.executable, "-m", "mypy", "nile")
    assert result.returncode == 0, result.stdout[-3000:]
