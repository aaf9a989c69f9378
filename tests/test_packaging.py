"""`pip install .` ships the assets: the built wheel holds them under nile/assets."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_the_assets(tmp_path: Path) -> None:
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling (from the test extra) is needed to build the wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    wheel = next(tmp_path.glob("nile-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in (ROOT / "assets").rglob("*"):
        if asset.is_file():
            assert f"nile/assets/{asset.relative_to(ROOT / 'assets').as_posix()}" in names


def test_installed_package_finds_its_assets() -> None:
    """When Nile is installed (not from this checkout), its loader resolves packaged assets."""
    code = ("import nile.ui.assets as a, pathlib; r = a.asset_root(); "
            "print(r); assert (r / 'fonts' / 'NotoSans-Regular.ttf').exists()")
    result = subprocess.run([sys.executable, "-c", code], cwd="/", capture_output=True,
                            text=True, timeout=60)
    if "No module named 'nile'" in result.stderr:
        pytest.skip("nile is not installed in this environment (tests run from the checkout)")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "site-packages" in result.stdout or str(ROOT) in result.stdout


def test_version_command() -> None:
    result = subprocess.run([sys.executable, "-m", "nile", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("nile ")
