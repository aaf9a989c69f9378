"""The Vom Kap bis Kairo table at 1280×800: every line of text stays on the table.

Each scripted screen (start, bidding, reveal, build, midgame, end) is drawn with the log
open (two also with it closed), and every text the table draws must land inside the
table: nothing is cut off at an edge or spills under the log.
"""

from __future__ import annotations

import pygame
import pytest

from nile.games.kap_kairo import shots
from nile.games.kap_kairo.scene import KapKairoScene
from nile.ui import text, theme
from tests.ui.harness import frames, make_app


def table_scene(app) -> KapKairoScene:  # type: ignore[no-untyped-def]
    for scene in reversed(app.stack):
        if isinstance(scene, KapKairoScene):
            return scene
    raise AssertionError("no Vom Kap bis Kairo scene on the stack")


def texts_drawn(scene: KapKairoScene) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    original = text.draw

    def spy(surface, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = original(surface, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    text.draw = spy  # type: ignore[assignment]
    try:
        canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        scene.painter.forget()  # draw the cached layer afresh
        scene.draw_table(canvas, scene.view)
    finally:
        text.draw = original  # type: ignore[assignment]
    return drawn


CASES = [(name, True) for name in ("start", "bidding", "reveal", "build", "midgame", "end")]
CASES += [("bidding", False), ("midgame", False)]


@pytest.mark.parametrize(("name", "log_open"), CASES)
def test_every_text_stays_on_the_table(name: str, log_open: bool) -> None:
    app = make_app()
    app.bots_paused = True
    shots.SHOTS[name](app)
    frames(app, 3)
    scene = table_scene(app)
    if scene.log_open != log_open:
        scene.action_log()
    frames(app, 2)
    table = scene.table_rect
    drawn = texts_drawn(scene)
    assert drawn
    outside = [(words, rect) for words, rect in drawn if not table.contains(rect)]
    assert not outside, outside
