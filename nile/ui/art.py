"""Launcher tile art, drawn with pygame primitives: one small scene per game.

Each game draws its own picture (`GAME_INFO.art`, in its `view/tile.py`) with the pieces
here (sky, river, pyramid, locomotive); Flick Practice's is here as it is not a game.
Drawn once per tile size and cached; no image files needed, so the art scales cleanly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from nile.core import registry

SAND = (222, 192, 130)
SAND_DARK = (188, 152, 92)
RIVER = (52, 118, 170)
RIVER_LIGHT = (96, 160, 206)
SKY = (246, 200, 120)
STONE = (212, 184, 120)
INK = (48, 36, 26)


def sky(surface: pygame.Surface, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> None:
    """Fill `surface` with a vertical gradient from `top` to `bottom`: a tile's backdrop."""
    w, h = surface.get_size()
    for y in range(h):
        t = y / max(1, h - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surface, color, (0, y), (w, y))


def river(surface: pygame.Surface, y: float, amplitude: float, width: float) -> None:
    """A winding band of water across the tile, centred on height `y`."""
    w, _ = surface.get_size()
    points = [(x, y + amplitude * math.sin(x / w * 2 * math.pi)) for x in range(0, w + 8, 8)]
    upper = [(x, py - width / 2) for x, py in points]
    lower = [(x, py + width / 2) for x, py in reversed(points)]
    pygame.draw.polygon(surface, RIVER, upper + lower)
    for x, py in points[::3]:
        pygame.draw.line(surface, RIVER_LIGHT, (x, py), (x + 10, py), 2)


def pyramid(surface: pygame.Surface, base: tuple[float, float], size: float) -> None:
    """A stepped pyramid standing on `base` (the middle of its foot), lit from the left."""
    x, y = base
    pygame.draw.polygon(surface, STONE, [(x - size, y), (x, y - size * 0.9), (x + size, y)])
    pygame.draw.polygon(
        surface, SAND_DARK, [(x, y - size * 0.9), (x + size, y), (x + size * 0.15, y)]
    )
    for i in range(1, 4):
        yy = y - size * 0.9 * i / 4
        half = size * (1 - i / 4)
        pygame.draw.line(surface, SAND_DARK, (x - half, yy), (x + half * 0.15, yy), 1)


def locomotive(
    surface: pygame.Surface, at: tuple[float, float], scale: float, color: tuple[int, int, int]
) -> None:
    """A small steam engine in `color` whose wheels stand on `at`."""
    x, y = at
    s = scale
    pygame.draw.rect(surface, color, (x - 30 * s, y - 22 * s, 44 * s, 18 * s), border_radius=3)
    pygame.draw.rect(surface, color, (x + 6 * s, y - 34 * s, 18 * s, 30 * s), border_radius=3)
    pygame.draw.rect(surface, INK, (x - 24 * s, y - 36 * s, 8 * s, 14 * s))
    for wx in (-20, -2, 16):
        pygame.draw.circle(surface, INK, (x + wx * s, y), 7 * s)
        pygame.draw.circle(surface, SAND, (x + wx * s, y), 3 * s)


def practice(surface: pygame.Surface) -> None:
    """Flick Practice's tile: a target and a block flicked at it."""
    w, h = surface.get_size()
    sky(surface, SAND, SAND_DARK)
    center = (w * 0.62, h * 0.5)
    for i, color in enumerate(((200, 60, 50), (244, 236, 214), (200, 60, 50), (244, 236, 214))):
        pygame.draw.circle(surface, color, center, h * 0.36 * (1 - i * 0.24))
    pygame.draw.rect(surface, (52, 104, 200), (w * 0.12, h * 0.62, 18, 18))
    pygame.draw.line(surface, INK, (w * 0.16, h * 0.62), (w * 0.5, h * 0.5), 2)
    pygame.draw.polygon(
        surface, INK, [(w * 0.5, h * 0.5), (w * 0.47, h * 0.48), (w * 0.48, h * 0.53)]
    )


Painter = Callable[[pygame.Surface], None]


def painter(tile_id: str) -> Painter:
    """What draws a tile: Flick Practice's own picture, or the one the game names in
    `GAME_INFO.art`. A game that names none gets a plain sand tile, never another game's
    picture (the completeness test says every listed game names one)."""
    if tile_id == "practice":
        return practice
    reference = registry.get(tile_id).art
    if reference is None:
        return blank
    drawing: Painter = registry.load(reference)
    return drawing


def blank(surface: pygame.Surface) -> None:
    """A tile for a game without a picture of its own: sand, nothing on it."""
    sky(surface, SAND, SAND_DARK)


@lru_cache(maxsize=16)
def tile_art(game_id: str, width: int, height: int) -> pygame.Surface:
    """The art for a launcher tile (cached by size)."""
    surface = pygame.Surface((width, height))
    painter(game_id)(surface)
    return surface
