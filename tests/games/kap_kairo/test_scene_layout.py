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
        scene.commands.log()
    frames(app, 2)
    table = scene.table_rect
    drawn = texts_drawn(scene)
    assert drawn
    outside = [(words, rect) for words, rect in drawn if not table.contains(rect)]
    assert not outside, outside


def test_the_discard_badge_leaves_the_top_cards_rails_and_coin_readable() -> None:
    """The discard pile's count badge sat on the top card's corner, over its printed rails
    and coin: the card's top strip and its name are drawn as on the card alone."""
    from nile.games.kap_kairo.view.board import Geometry

    app = make_app()
    app.bots_paused = True
    shots.SHOTS["build"](app)
    frames(app, 3)
    scene = table_scene(app)
    view = scene.kap
    assert view.discards
    canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    scene.painter.forget()
    scene.draw_table(canvas, view)
    small = scene.images.small
    center = Geometry(view, scene.areas(), scene.images.cards).pile("discard")
    alone = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    card = small.draw(alone, view.discards[-1], center)
    inside = card.inflate(-12, -12)  # clear of the rounded corners
    corners = pygame.Rect(inside.left, inside.top, inside.width, 10)  # rails, coin
    name = pygame.Rect(inside.left, inside.bottom - 8, inside.width, 8)
    for strip in (corners, name):
        for x in range(strip.left, strip.right):
            for y in range(strip.top, strip.bottom):
                assert canvas.get_at((x, y)) == alone.get_at((x, y)), (x, y)
