"""The table kit's Hand: fan and row layouts, groups with labels, the card under the mouse,
marks, hidden cards, and the places a scene adds to its hit map."""

from __future__ import annotations

import pygame
import pytest

from nile.ui import theme
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages, CardStyle
from nile.ui.table.hand import Hand, HandLook

STYLE = CardStyle(40, 60)


def plain(size: tuple[int, int] = (40, 60)) -> CardImages:
    def face(key: object) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill((200, 200, 200))
        return surface

    return CardImages.drawn_whole(face, CardStyle(*size))


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def test_a_row_is_flat_apart_when_it_fits_and_overlaps_when_it_must() -> None:
    row = HandLook(layout="row", gap=6)
    hand = Hand(plain(), (200, 100), max_width=400, look=row, keys=["a", "b", "c"])
    xs = [x for x, _, angle in hand.slots() if angle == 0]
    assert xs == [200 - 46, 200, 200 + 46]  # centred, 46 apart (40 + 6)
    hand.max_width = 100
    xs = [x for x, _, _ in hand.slots()]
    assert xs[1] - xs[0] == 30 and xs[0] - 20 == 150  # squeezed to fit 100 px
    hand.max_width, hand.look = 400, HandLook(layout="row", gap=6, align="left")
    assert hand.slots()[0][0] == 0 + 20  # from the left edge of its 400 px


def test_groups_leave_a_gap_and_get_the_longest_label_that_fits() -> None:
    look = HandLook(layout="row", align="left", gap=6, group_of=lambda k: str(k[0]),  # type: ignore[index]
                    group_gap=14, labels={"x": ("Longer words", "X"), "y": ("Why",)})
    hand = Hand(plain(), (200, 100), max_width=400, look=look,
                keys=[("x", 1), ("x", 2), ("y", 3)])
    xs = [x for x, _, _ in hand.slots()]
    assert xs[1] - xs[0] == 46 and xs[2] - xs[1] == 46 + 14
    surface = pygame.Surface((400, 200))
    hand.label_box = pygame.Rect(0, 0, 400, 16)
    hand.draw(surface)  # labels drawn in the strip, each from its group's first card
    inked = [x for x in range(400) if any(surface.get_at((x, y))[:3] != (0, 0, 0)
                                          for y in range(16))]
    first, second = round(xs[0] - 20), round(xs[2] - 20)
    assert min(inked) >= first and any(x >= second for x in inked)
    assert max(x for x in inked if x < second) > first + 40  # "Longer words", not "X"


def test_the_card_under_the_mouse_rises_lies_on_top_and_keeps_its_old_place() -> None:
    look = HandLook(layout="row", lift=6, hover_lift=6, hover_on_top=True)
    hand = Hand(plain(), (100, 100), max_width=60, look=look, keys=["a", "b", "c"])
    rests = hand.rects()
    hand.hover = 0
    assert hand.order() == [1, 2, 0]
    places = dict(hand.places())
    assert places[0].top == rests[0].top - 6 and places[0].bottom == rests[0].bottom
    under = (rests[1].left + 1, rests[1].centery)  # covered by card 1 until 0 is on top
    assert hand.card_at(under) == 0
    hand.hover = None
    assert hand.card_at(under) == 1


def test_selected_cards_lie_on_top_too_and_the_hovered_one_over_them() -> None:
    """A picked card keeps its ring whole after the mouse leaves it (Loose Caboose's fan)."""
    look = HandLook(hover_on_top=True)
    hand = Hand(plain(), (100, 100), max_width=90, look=look, keys=["a", "b", "c", "d"])
    hand.selected = {1}
    assert hand.order() == [0, 2, 3, 1]
    hand.hover = 2
    assert hand.order() == [0, 3, 1, 2]
    assert Hand(plain(), (100, 100), keys=["a", "b"]).order() == [0, 1]  # default: in order


def test_hidden_cards_are_neither_drawn_nor_clickable() -> None:
    hand = Hand(plain(), (100, 100), look=HandLook(layout="row", gap=10), keys=["a", "b"])
    hand.hidden = {0}
    assert [i for i, _ in hand.places()] == [1]
    assert hand.card_at(hand.rects()[0].center) is None


def test_marks_selection_lit_and_a_shade_for_cards_that_may_not_be_chosen() -> None:
    surface = pygame.Surface((300, 200))
    surface.fill((0, 0, 0))
    look = HandLook(layout="row", gap=30, ring=(4, 4, 2), shade=(20, 24, 30, 120))
    hand = Hand(plain(), (150, 100), look=look, keys=["a", "b", "c"])
    hand.selected, hand.lit, hand.enabled = {0}, {1}, {0, 1}
    rects = hand.rects()
    places = hand.draw(surface)
    hits: HitMap[int] = HitMap()
    for index, rect in places:
        hits.add(rect, index)
    assert hits.at(rects[2].center) == 2
    edge = (rects[0].left - 2, rects[0].centery)
    assert surface.get_at(edge)[:3] == theme.ACCENT[:3]
    assert surface.get_at((rects[1].left - 2, rects[1].centery))[:3] == theme.HIGHLIGHT[:3]
    shaded = surface.get_at(rects[2].center)[:3]
    assert shaded != (200, 200, 200) and shaded[0] < 200  # the veil over the unusable card
    assert surface.get_at(rects[0].center)[:3] == (200, 200, 200)


def test_the_fan_still_fans() -> None:
    hand = Hand(plain(), (300, 300), keys=list("abcde"))
    angles = [angle for _, _, angle in hand.slots()]
    assert angles[0] > 0 > angles[-1] and angles[2] == 0
    ys = [y for _, y, _ in hand.slots()]
    assert ys[0] > ys[2] < ys[4]  # the ends dip along the arc


def test_a_fanned_card_is_found_where_its_tilted_picture_lies() -> None:
    """Cards in a fan are tilted: where two overlap, the card drawn on top at that pixel is
    the one a click takes, corners included (a box round each card gave a neighbour's
    tilted corner to the wrong card)."""
    colors = [(200, 40, 40), (40, 200, 40), (40, 40, 200), (200, 200, 40), (200, 40, 200)]

    def face(key: object) -> pygame.Surface:
        surface = pygame.Surface((60, 90))
        surface.fill(colors[int(str(key))])
        return surface

    images = CardImages.drawn_whole(face, CardStyle(60, 90))
    look = HandLook(spread=12.0, lift=0, hover_lift=0)
    hand = Hand(images, (200, 150), max_width=220, look=look, keys=[str(i) for i in range(5)])
    assert any(abs(angle) >= 4 for _, _, angle in hand.slots())
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    hand.draw(surface)
    boxes_wrong = checked = 0
    for x in range(60, 340, 2):
        for y in range(70, 240, 2):
            pixel = tuple(surface.get_at((x, y)))[:3]
            around = {tuple(surface.get_at((x + dx, y + dy)))[:3]
                      for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2))}
            if pixel not in colors or around != {pixel}:
                continue          # the background, or within a pixel or two of an edge
            checked += 1
            assert hand.card_at((x, y)) == colors.index(pixel), (x, y)
            places = HitMap[int]()
            for index, rect in hand.places():
                places.add(rect, index)
            boxes_wrong += places.at((x, y)) != colors.index(pixel)
    assert checked > 2000 and boxes_wrong > 0   # plain boxes would have missed some
