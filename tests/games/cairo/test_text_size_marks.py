"""Cairo at the largest text size (issue 29 item 3): the marks that tell whose a block is
grow, the block waiting on its ship's deck and the plates' badges grow, and every block on
the board keeps its true outline and hit area (CA-6 is read off the outline); the power
bar's box grows with its words."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from nile.games.cairo.view import mapview
from nile.games.cairo.view.flick_input import draw_power_bar, power_bar_size
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw
from nile.games.cairo.view.panel import badge_px
from nile.ui import theme
from tests.ui.harness import drawn_text_boxes

LARGEST = theme.LARGEST_TEXT


@pytest.fixture(autouse=True)
def _designed_size() -> Iterator[None]:
    pygame.init()  # fonts, for the words
    yield
    theme.use_text_size(100)


def ink(sprite: pygame.Surface, color: theme.PlayerColor) -> int:
    """How many pixels of the sprite are (nearly) the owner's ink: the symbol's size."""
    pixels = pygame.surfarray.pixels3d(sprite).reshape(-1, 3).astype(int)
    alpha = pygame.surfarray.pixels_alpha(sprite).reshape(-1)
    close = np.abs(pixels - np.array(color.ink)).max(axis=1) < 40
    return int((close & (alpha > 200)).sum())


def sprite(renderer: BoardRenderer, piece: PieceDraw) -> pygame.Surface:
    return renderer._piece_image(piece, theme.player_color(1))[0]


def test_a_blocks_symbol_grows_but_its_outline_does_not() -> None:
    renderer = BoardRenderer(pygame.Rect(0, 0, 890, 640))
    color = theme.player_color(1)  # blue, white ink
    on_site = PieceDraw("s0-1", "small", 1, 300.0, 200.0, 0.0)
    stone = PieceDraw("s0-2", "small", 1, 300.0, 200.0, 0.0, level=2)
    designed = [sprite(renderer, p) for p in (on_site, stone)]
    boxes = [renderer.top_box(p) for p in (on_site, stone)]
    theme.use_text_size(LARGEST)
    grown = [sprite(renderer, p) for p in (on_site, stone)]
    for before, after in zip(designed, grown, strict=True):
        assert after.get_size() == before.get_size()  # the true footprint, as it lies
        assert ink(after, color) > 1.6 * ink(before, color)  # the mark about 1.45 x wider
    assert [renderer.top_box(p) for p in (on_site, stone)] == boxes  # what a click takes


def test_the_block_on_the_ships_deck_and_the_plate_badges_grow() -> None:
    renderer = BoardRenderer(pygame.Rect(0, 0, 890, 640))
    waiting = PieceDraw("s0-1", "small", 1, 300.0, 200.0, 0.0, raised=True)
    designed = sprite(renderer, waiting).get_width()
    assert badge_px(11, 19) == 11
    theme.use_text_size(LARGEST)
    assert sprite(renderer, waiting).get_width() >= 1.3 * designed  # with its shadow
    assert badge_px(11, 19) == 16 and badge_px(13, 19) == 19  # as far as the plate has room


def test_the_marks_stay_as_designed_at_100_percent() -> None:
    assert mapview.piece_marks() == 1.0
    color = theme.player_color(0)
    assert ink(mapview.block_icon("small", color, 13), color) == \
        ink(mapview._block_sprite("small", color, 0, 1, False, 13), color)


def test_the_power_bar_holds_its_words_at_the_largest_size() -> None:
    """The bar was 132 x 34 at every size: at 150 % its "power" line ran out of the box."""
    theme.use_text_size(LARGEST)
    box = pygame.Rect((10, 10), power_bar_size())
    surface = pygame.Surface((300, 200))
    with drawn_text_boxes() as seen:
        draw_power_bar(surface, box, 0.32, 0.8)
    assert {words for words, _, _ in seen} == {"32%", "power"}
    for words, drawn, _ in seen:
        assert box.contains(drawn), (words, drawn, box)
