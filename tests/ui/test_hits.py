"""The table kit's hit map: rects, circles, clipping, the nearest round thing."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from nile.ui.camera import Camera
from nile.ui.kit.hits import Circle, HitMap


@dataclass(frozen=True)
class Stone:
    name: str


@dataclass(frozen=True)
class Panel:
    name: str


Target = Stone | Panel


def test_the_last_drawn_place_under_the_mouse_wins() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add(pygame.Rect(0, 0, 100, 100), Panel("board"))
    hits.add(pygame.Rect(20, 20, 10, 10), Panel("button"))
    assert hits.at((25, 25)) == Panel("button")
    assert hits.at((5, 5)) == Panel("board")
    assert hits.at((150, 5)) is None
    assert hits.rect_of(Panel("button")) == pygame.Rect(20, 20, 10, 10)
    assert hits.targets() == [Panel("board"), Panel("button")] and len(hits) == 2


def test_a_circle_is_hit_inside_its_radius_only() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add_circle((50, 50), 10, Stone("a"))
    assert hits.at((57, 57)) == Stone("a")  # 9.9 from the centre
    assert hits.at((58, 58)) is None  # inside the bounding rect, outside the circle
    assert hits.rect_of(Stone("a")) == pygame.Rect(40, 40, 20, 20)
    assert Circle((0, 0), 5).collidepoint((3, 4))


def test_a_clipped_place_misses_outside_its_view() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add_circle((50, 50), 10, Stone("a"), clip=pygame.Rect(0, 0, 50, 100))
    assert hits.at((45, 50)) == Stone("a")
    assert hits.at((55, 50)) is None
    hits.add(pygame.Rect(60, 0, 40, 40), Stone("b"), clip=pygame.Rect(0, 0, 80, 100))
    assert hits.at((70, 10)) == Stone("b") and hits.at((90, 10)) is None
    assert hits.rect_of(Stone("b")) == pygame.Rect(60, 0, 40, 40)


def test_nearest_picks_the_closest_centre_and_stops_at_a_cover() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add(pygame.Rect(0, 0, 200, 200), Panel("board"))
    hits.add_circle((50, 50), 12, Stone("under"))
    hits.add_circle((40, 50), 12, Stone("left"))
    hits.add_circle((60, 50), 12, Stone("right"))
    assert hits.nearest((57, 50), Stone) == Stone("right")
    assert hits.nearest((51, 50), Stone) == Stone("under")  # though drawn first
    assert hits.nearest((150, 150), Stone) is None  # only the board there
    hits.add(pygame.Rect(45, 0, 100, 100), Panel("window"))  # a window drawn over them
    assert hits.nearest((51, 50), Stone) is None
    assert hits.nearest((36, 50), Stone) == Stone("left")


def test_find_looks_through_what_lies_over_a_kind() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add(pygame.Rect(0, 0, 100, 100), Panel("board"))
    hits.add_circle((50, 50), 10, Stone("a"))
    assert hits.at((50, 50)) == Stone("a")
    assert hits.find((50, 50), Panel) == Panel("board")
    assert hits.find((150, 50), Panel) is None


def test_extend_puts_another_maps_places_on_top() -> None:
    layer: HitMap[Target] = HitMap()
    layer.add(pygame.Rect(0, 0, 10, 10), Panel("layer"))
    frame: HitMap[Target] = HitMap()
    frame.add(pygame.Rect(0, 0, 10, 10), Panel("below"))
    frame.extend(layer)
    assert frame.at((5, 5)) == Panel("layer")
    frame.clear()
    assert frame.at((5, 5)) is None and len(layer) == 1


def test_all_at_names_every_target_under_the_mouse_topmost_first() -> None:
    hits: HitMap[Target] = HitMap()
    hits.add(pygame.Rect(0, 0, 14, 14), Stone("red"))
    hits.add(pygame.Rect(13, 0, 14, 14), Stone("blue"))  # touches the red one
    assert hits.all_at((13, 5)) == [Stone("blue"), Stone("red")]
    assert hits.all_at((2, 5)) == [Stone("red")] and hits.all_at((50, 5)) == []


def test_a_camera_covers_its_viewport_only() -> None:
    camera = Camera(pygame.Rect(10, 10, 100, 50))
    assert camera.covers((10, 10)) and camera.covers((109, 59))
    assert not camera.covers((110, 30)) and not camera.covers((5, 30))


def test_a_camera_says_while_it_is_dragged() -> None:
    camera = Camera(pygame.Rect(0, 0, 100, 100))
    assert not camera.dragging
    assert camera.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(50, 50)))
    assert camera.dragging
    camera.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(60, 50)))
    assert not camera.dragging
