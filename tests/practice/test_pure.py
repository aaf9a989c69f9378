"""Practice's logic modules stay pure: no pygame, no global random."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE = ("config", "table", "drills", "drill_base", "drills_sites", "drills_skill", "stats",
        "history", "session", "coach")


def test_logic_modules_import_without_pygame() -> None:
    names = [f"nile.practice.{name}" for name in PURE]
    code = (
        "import sys, importlib\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'pygame_gui'):\n"
        "            raise ImportError('pygame is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_the_launcher_offers_practice() -> None:
    from nile.ui.launcher import practice_available

    assert practice_available()
