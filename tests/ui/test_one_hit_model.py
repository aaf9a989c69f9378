"""Architecture: one hit-testing model (issue 13). What is under the mouse is asked of a
`HitMap` filled while drawing (or of a kit component: Hand, button, choice list), so
`collidepoint` belongs in `nile/ui/kit` and `nile/ui/table`. The places that still call it
are listed with why; a new one fails this test until it uses the kit or is listed here."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tests import per_game

ROOT = Path(__file__).resolve().parents[2]
KIT = ("nile/ui/kit/", "nile/ui/table/")
STILL_ALLOWED = {
    # a viewport gate (is the event on the pannable map at all), not a target
    "nile/ui/camera.py": "the camera's own viewport (Camera.covers: a map's gate)",
    # shell screens and chrome: their own tiles, swatches, list and cover button
    "nile/ui/launcher.py": "launcher tiles",
    "nile/ui/setup_scene.py": "seat colour swatches",
    "nile/ui/chrome/savelist.py": "the save list's own rect (wheel and clicks)",
    "nile/ui/chrome/game_log.py": "the log's wheel (is the mouse over the log at all)",
    "nile/ui/chrome/tutorial_layer.py": "a lesson's card (no table tooltip opens under it)",
}


def users() -> set[str]:
    found = set()
    for path in (ROOT / "nile").rglob("*.py"):
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(KIT) and "collidepoint" in path.read_text(encoding="utf-8"):
            found.add(name)
    return found


def test_collidepoint_only_in_the_kit_and_the_listed_places() -> None:
    unlisted = users() - STILL_ALLOWED.keys()
    assert not unlisted, f"hit-test through nile.ui.kit.hits.HitMap instead: {sorted(unlisted)}"


@pytest.mark.parametrize("game", per_game.ids())
def test_games_on_the_hit_map_never_test_rects_themselves(game: str) -> None:
    """Every game's table asks its hit map, wherever its package lives (a new game too)."""
    package = importlib.import_module(f"nile.games.{game}")
    folder = Path(package.__file__ or "").parent
    testing = [p.name for p in folder.rglob("*.py") if "collidepoint" in p.read_text("utf-8")]
    assert not testing, f"{game} hit-tests rects itself in {testing}"
    assert not [a for a in STILL_ALLOWED if a.startswith(f"nile/games/{game}/")], game


def test_flick_practice_never_tests_rects_itself() -> None:
    """The drill screen, its painter and panels, the home's cards and the statistics'
    segments all ask hit maps filled while drawing."""
    assert not [u for u in users() if u.startswith("nile/practice/")]
    assert not [a for a in STILL_ALLOWED if a.startswith("nile/practice/")]
