"""Cleopatra's clicks go through the hit map its table fills while it paints.

Every city, track, god, display card and hand card drawn is in the map where it was
drawn; a click there reaches that target (the scene's `choose_target`, which hands it to
the picker), and the hand is the table kit's `Hand`.
"""

from __future__ import annotations

import pygame
import pytest

from nile.core.session import SeatConfig
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.scene import CleopatraScene
from nile.games.cleopatra.view import choices, layout
from nile.games.cleopatra.view.choices import Target
from nile.ui.table.hand import Hand
from tests.games.cleopatra.test_scene import open_scene
from tests.ui.harness import click, instant_app

D = game_data()


@pytest.fixture
def scene() -> CleopatraScene:
    app = instant_app()
    pygame.mouse.set_pos((1279, 799))  # no hover left over from other tests
    seats = (
        SeatConfig("Ann"), SeatConfig("Bo", "bot", "easy", 1), SeatConfig("Cy", "bot", "easy", 2)
    )
    return open_scene(app, seats, seed=4)


def test_the_painted_table_fills_the_hit_map(scene: CleopatraScene) -> None:
    hits = scene.table_hits()
    m = scene.areas.map
    for city, rect in enumerate(layout.city_rects(tuple(m))):
        assert hits.rect_of(("city", city)) == rect
    for track, geometry in enumerate(layout.track_geometry(tuple(m))):
        assert hits.rect_of(("track", track)) == geometry.hit
    kinds = {kind for kind, _ in hits.targets()}
    assert {"city", "track", "god", "hand_city", "deck"} <= kinds
    assert scene.target_center(("city", 3)) == layout.city_rects(tuple(m))[3].center
    assert scene.target_at((0, 0)) is None and not scene.on_table((5, 5))  # the top strip
    bare = (scene.board_rect.left + 2, scene.board_rect.top + 2)
    assert scene.on_table(bare) and scene.target_at(bare) is None  # the table, no target


def test_a_click_on_a_drawn_target_reaches_it(
    scene: CleopatraScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    reached: list[Target] = []
    monkeypatch.setattr(scene, "choose_target", lambda target, pos: reached.append(target))
    app = scene.app
    wanted: list[Target] = [("city", 0), ("city", 11), ("track", 5), ("god", 2)]
    wanted += [t for t in scene.table_hits().targets() if t[0] in ("hand_city", "deck")]
    for target in wanted:
        rect = scene.table_hits().rect_of(target)
        assert rect is not None, target
        pos = (rect.left + 5, rect.centery) if target[0] in choices.HAND_KINDS else rect.center
        click(app, pos)
        assert reached[-1] == target


def test_the_hand_is_the_kits_hand_and_its_cards_are_where_it_drew_them(
    scene: CleopatraScene,
) -> None:
    assert isinstance(scene.hand, Hand)
    hits = scene.table_hits()
    keys = scene.hand.keys
    assert keys and all(isinstance(k, tuple) and k[0] in choices.HAND_KINDS for k in keys)
    for key, rect in zip(keys, scene.hand.rects(), strict=True):
        assert hits.rect_of(key) == rect  # nothing lifted: the mouse is elsewhere
    # the card under the mouse rises, lies on top and keeps the place it rose from
    first = scene.hand.rects()[0]
    pygame.mouse.set_pos(first.midbottom)
    click(scene.app, (first.left + 5, first.bottom - 3))
    assert scene.hover == keys[0]
    lifted = scene.table_hits().rect_of(keys[0])
    assert lifted is not None and lifted.top == first.top - 6 and lifted.bottom == first.bottom
