"""Flick Practice on the one hit-testing model: the home's cards, the drill screen's board,
pickers and clutter box, and the statistics' scope are added to hit maps while drawn, and
real clicks and hovers reach their targets through those maps."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.practice import panels
from nile.practice.drill_frame import ClutterBox, FingerChoice, KindChoice, OnBoard
from nile.practice.drill_scene import DrillScene
from nile.practice.drills import DRILL_IDS
from nile.practice.scene import DrillCard, PracticeScene
from nile.practice.stats_scene import StatsScene
from tests.practice.test_scene import open_drill, open_practice
from tests.ui.harness import click, frames, make_app, tick


@pytest.fixture
def app() -> App:
    application = make_app()
    application.apply_settings(application.settings.changed(animation_speed="off"), save=False)
    return application


def _move(app: App, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_the_home_places_each_card_and_a_click_opens_its_drill(app: App) -> None:
    home = open_practice(app)
    frames(app, 1)
    assert home.hits.targets() == [DrillCard(d) for d in DRILL_IDS]
    rect = home.hits.rect_of(DrillCard("timed"))
    assert rect is not None
    _move(app, rect.center)
    assert home.hover == "timed"
    _move(app, (2, 2))
    assert home.hover is None
    click(app, rect.center)
    assert isinstance(app.top, DrillScene) and app.top.drill.id == "timed"


def test_the_finger_picker_segments_are_clicked_through_the_painters_map(app: App) -> None:
    scene = open_drill(app, "landing")
    hits = scene.painter.hits
    fingers = [t for t in hits.targets() if isinstance(t, FingerChoice)]
    assert fingers == [FingerChoice(i) for i in range(len(panels.FINGER_LABELS))]
    assert not [t for t in hits.targets() if isinstance(t, KindChoice | ClutterBox)]
    ring = hits.rect_of(FingerChoice(3))
    assert ring is not None
    click(app, ring.center)
    assert scene.knobs.finger == 4 and not scene.knobs.die_mode
    die = hits.rect_of(FingerChoice(5))
    assert die is not None
    click(app, die.center)
    assert scene.knobs.die_mode


def test_the_hovered_segment_is_raised(app: App) -> None:
    scene = open_drill(app, "landing")
    thumb = scene.painter.hits.rect_of(FingerChoice(0))
    assert thumb is not None and scene.knobs.finger != 1
    spot = (thumb.left + 3, thumb.top + 3)
    looks = []
    for pos in ((2, 2), thumb.center):
        _move(app, pos)
        looks.append(app.screen.get_at(spot))
    assert looks[0] != looks[1]


def test_free_practice_block_picker_clutter_box_and_board(app: App) -> None:
    scene = open_drill(app, "free")
    hits = scene.painter.hits
    large = hits.rect_of(KindChoice("large"))
    assert large is not None
    click(app, large.center)
    assert scene.knobs.kind == "large"
    box = hits.rect_of(ClutterBox())
    assert box is not None and hits.at(box.center) == ClutterBox()
    keep = scene.drill.keep_clutter  # type: ignore[attr-defined]
    click(app, box.center)
    assert scene.drill.keep_clutter is not keep  # type: ignore[attr-defined]
    board = hits.rect_of(OnBoard())
    assert board == scene.view.rect
    assert hits.at(board.inflate(-40, -40).topleft) == OnBoard()
    assert hits.at((board.right + 2, board.centery)) is None


def test_the_statistics_scope_is_switched_through_its_segments(app: App) -> None:
    home = open_practice(app)
    home.open_stats()
    frames(app, 1)
    stats = app.top
    assert isinstance(stats, StatsScene) and stats.scope == 0
    assert stats.hits.targets() == [0, 1]
    rect = stats.hits.rect_of(1)
    assert rect is not None
    click(app, rect.center)
    assert stats.scope == 1
    assert isinstance(app.stack[-2], PracticeScene)
