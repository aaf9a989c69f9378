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


def test_small_words_of_issue_15() -> None:
    """No "by 0 mm", no "1 flick" at both ends of the heat legend, burning called burning."""
    from nile.practice.charts import heat_legend_labels
    from nile.practice.drill_base import landing_words
    from nile.practice.drills_skill import outside_words

    assert outside_words(1, 0.3) == "Just outside ring 1"
    assert outside_words(2, 4.4) == "Outside ring 2 by 4 mm"
    assert heat_legend_labels(1) == ("", "1 flick")
    assert heat_legend_labels(7) == ("1 flick", "7 flicks")
    assert landing_words("burning") == "burning on a boundary line"
    assert landing_words("burning:giza") == "burning on the edge of Giza"
