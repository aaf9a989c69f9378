"""Goods cubes (on cities, pyramids and the display), and Egypt's flooded hexes.

Layouts return where each cube lies on screen so the scene can hit-test a click on a
cube with exactly the rectangles it drew.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.games.age_of_steam.rules import COLOURS, PYRAMID_COVER, accessible
from nile.games.age_of_steam.view import palette
from nile.ui import theme

Cube = tuple[str, pygame.Rect]
"""A drawn good: its colour and where it lies."""


@lru_cache(maxsize=256)
def cube_image(colour: str, size: int, buried: bool = False) -> pygame.Surface:
    """A wooden cube seen from above and a little to the side (`buried`: darker, a
    pyramid's good with another resting on it)."""
    fill = palette.GOODS.get(colour, (128, 128, 128))
    if buried:
        fill = theme.darken(fill, 0.45)
    image = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(image, (0, 0, 0, 110), body.move(2, 2), border_radius=max(1, size // 6))
    pygame.draw.rect(image, fill, body, border_radius=max(1, size // 6))
    if size >= 8:
        top = pygame.Rect(2, 2, size - 4, max(2, size // 3))
        pygame.draw.rect(image, theme.lighten(fill, 0.3), top, border_radius=max(1, size // 8))
    pygame.draw.rect(image, palette.GOOD_EDGE.get(colour, (60, 60, 60)), body, 1,
                     border_radius=max(1, size // 6))
    return image


MIN_CUBE = 14
"""The smallest good's side at a zoom that leaves it room (canvas pixels): over 10 pixels
on screen in the 984×615 window a 1024×768 desktop gives the 1280×800 canvas (×0.769,
`app.window_size`), so a good reads at Fit on a small screen (issue 29 item 8)."""
ROOM = 0.67
"""Below `MIN_CUBE` a good is this many hex radii, so goods shrink with a far-out map."""
SPREAD = 0.75
"""How far (hex radii) a city's goods reach either side of its centre: a row wider than
that is drawn with its cubes overlapping a little, like cubes pushed together."""


def cube_size(zoom: float) -> int:
    """A good's side: at least `MIN_CUBE` where the hex has room, and grown with the text
    size when zoomed in, up to what three to a row leave in a hex."""
    grown = round(zoom * min(0.36, 0.27 * theme.piece_scale()))
    return max(5, grown, min(MIN_CUBE, round(zoom * ROOM)))


def sort_goods(goods: list[str]) -> list[str]:
    """Goods in a stable order (by colour), so a click maps to the cube drawn there."""
    order = {c: i for i, c in enumerate(COLOURS)}
    return sorted(goods, key=lambda c: order.get(c, 99))


def _pitch(size: int, count: int, room: float) -> float:
    """The distance between neighbouring cubes of a line of `count`: a small gap when the
    line fits in `room` pixels, closer (overlapping) when it does not, never under 60 %
    of a cube (so every cube keeps a face to click)."""
    apart = size + max(1, size // 5)
    if count <= 1:
        return apart
    return max(0.6 * size, min(apart, (room - size) / (count - 1)))


def city_cubes(centre: tuple[float, float], zoom: float, goods: list[str]) -> list[Cube]:
    """Cubes on a city, three to a row, under the letter disc (rows pushed together if
    the hex is small; with more than two rows they reach up over the hex)."""
    size = cube_size(zoom)
    per_row = 3 if len(goods) <= 9 else 4
    rows = [goods[i : i + per_row] for i in range(0, len(goods), per_row)]
    across = _pitch(size, min(per_row, len(goods)), 2 * SPREAD * zoom)
    low = centre[1] + 0.84 * zoom - 2  # the lowest cube, with its shadow, inside the hex
    high = centre[1] - (0.1 if len(rows) <= 2 else 0.75) * zoom
    down = _pitch(size, len(rows), low - high)
    top = min(centre[1] + zoom * 0.32 - (len(rows) - 1) * down / 2 - size / 2,
              low - (len(rows) - 1) * down - size)
    result: list[Cube] = []
    for r, row in enumerate(rows):
        left = centre[0] - ((len(row) - 1) * across + size) / 2
        for i, colour in enumerate(row):
            result.append((colour, pygame.Rect(round(left + i * across), round(top + r * down),
                                               size, size)))
    return result


def pyramid_size(zoom: float) -> tuple[int, float]:
    """A pyramid's goods' side and the distance between neighbours of its 3×3 base (the
    base kept inside the hex's height, cubes closer than their side if they must)."""
    size = cube_size(zoom)
    return size, _pitch(size, 3, 1.3 * zoom)


def pyramid_cubes(centre: tuple[float, float], zoom: float, slots: list[str]) -> list[Cube]:
    """Cubes of a pyramid: the 3×3 base, the 2×2 layer on it, the top; bottom first.
    A buried cube's colour is prefixed with '~' (drawn darker; it cannot leave yet)."""
    size, step = pyramid_size(zoom)
    places: list[tuple[float, float]] = []
    for i in range(9):
        places.append(((i % 3 - 1) * step, (i // 3 - 1) * step))
    for upper in range(9, 13):
        below = PYRAMID_COVER[upper]
        places.append((sum(places[b][0] for b in below) / 4,
                       sum(places[b][1] for b in below) / 4 - size * 0.18))
    places.append((0.0, -size * 0.36))
    result: list[Cube] = []
    free = set(accessible(slots))
    for slot, colour in enumerate(slots):
        if not colour:
            continue
        if slot not in free:
            colour = "~" + colour
        dx, dy = places[slot]
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(centre[0] + dx), round(centre[1] + dy + zoom * 0.05))
        result.append((colour, rect))
    return result


def draw_pyramid_base(surface: pygame.Surface, centre: tuple[float, float], zoom: float) -> None:
    """The stone steps under a pyramid's goods."""
    size, step = pyramid_size(zoom)
    stone = (204, 178, 120)
    for i, reach in enumerate((step + size / 2 + 1, step / 2 + size / 2 + 1, size / 2 + 1)):
        rect = pygame.Rect(0, 0, round(reach * 2), round(reach * 2))
        rect.center = (round(centre[0]), round(centre[1] + zoom * 0.05 - i * size * 0.18))
        pygame.draw.rect(surface, theme.darken(stone, 0.08 * i), rect, border_radius=2)
        pygame.draw.rect(surface, theme.darken(stone, 0.4), rect, 1, border_radius=2)


def draw_cubes(surface: pygame.Surface, cubes: list[Cube]) -> None:
    for colour, rect in cubes:
        buried = colour.startswith("~")
        surface.blit(cube_image(colour.lstrip("~"), rect.width, buried), rect.topleft)


@lru_cache(maxsize=64)
def flood_overlay(points_key: tuple[tuple[int, int], ...]) -> pygame.Surface:
    """A flooded hex, whole: a blue wash with pale wave hatching edge to edge, so which
    hex is flooded reads at a glance (cached by its shape relative to its bounding box)."""
    xs, ys = [p[0] for p in points_key], [p[1] for p in points_key]
    width, height = max(xs) + 1, max(ys) + 1
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.polygon(image, (*palette.FLOOD, 110), points_key)
    hatch = pygame.Surface((width, height), pygame.SRCALPHA)
    step = max(5, round(min(width, height) / 5))
    for offset in range(-height, width, step):
        pygame.draw.line(hatch, (225, 238, 255, 150), (offset, height), (offset + height, 0),
                         max(1, step // 5))
    shape = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, 255), points_key)
    hatch.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    image.blit(hatch, (0, 0))
    pygame.draw.polygon(image, (*palette.FLOOD, 230), points_key, max(2, step // 3))
    return image
