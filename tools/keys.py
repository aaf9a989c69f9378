"""Print (or write into the README) every key of every scene, from the scenes' key tables.

    .venv/bin/python tools/keys.py           # print the README's keys section
    .venv/bin/python tools/keys.py --write   # put it into README.md

The same tables (`KEYS` of each scene, `nile.ui.keys.Binding`) dispatch the keys and fill
F1, so the README cannot drift from what the keys do: tests/ui/test_keys.py fails when the
README's section is not what this prints.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nile.core import registry  # noqa: E402
from nile.practice.drill_scene import DrillScene  # noqa: E402
from nile.ui import keys  # noqa: E402
from nile.ui.chrome.game_scene import REPLAY_KEYS, GameScene  # noqa: E402
from nile.ui.chrome.reference_scene import ReferenceScene  # noqa: E402
from nile.ui.games import scene_for  # noqa: E402

BEGIN = "<!-- keys: written by tools/keys.py from the scenes' key tables -->"
END = "<!-- /keys -->"


def table(title: str, bindings: Sequence[keys.Binding]) -> list[str]:
    """A titled markdown table of keys and what they do."""
    if not bindings:
        return []
    rows = [f"**{title}**", "", "| key | what it does |", "| --- | --- |"]
    rows += [f"| {label} | {does} |" for label, does in keys.describe(bindings)]
    return [*rows, ""]


def section() -> str:
    """The README's keys section, from the tables the scenes dispatch with."""
    lines = [BEGIN, ""]
    lines += table("Every game", [*GameScene.CHROME_KEYS, *keys.APP_KEYS])
    lines += table("Watching a replay", REPLAY_KEYS)
    lines += table("The rules reference (F1)", ReferenceScene.KEYS)
    for info in registry.listed_games():
        if info.scene is not None:
            lines += table(info.title, scene_for(info).KEYS)
    lines += table("Flick Practice", DrillScene.KEYS)
    return "\n".join([*lines, END])


def write(readme: Path) -> bool:
    """Replace the section in `readme`; whether anything changed."""
    text = readme.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + section() + text[end:]
    readme.write_text(new, encoding="utf-8")
    return new != text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update README.md in place")
    args = parser.parse_args(argv)
    if args.write:
        print("README.md updated" if write(ROOT / "README.md") else "README.md already current")
    else:
        print(section())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
