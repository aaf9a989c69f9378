"""Launcher tile art, drawn with pygame primitives: one small scene per game.

Drawn once per tile size and cached; no image files needed, so the art scales cleanly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from nile.ui import theme

SAND = (222, 192, 130)
SAND_DARK = (188, 152, 92)
RIVER = (52, 118, 170)
RIVER_LIGHT = (96, 160, 206)
SKY = (246, 200, 120)
STONE = (212, 184, 120)
INK = (48, 36, 26)


def _sky(surface: pygame.Surface, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> None:
    w, h = surface.get_size()
    for y in range(h):
        t = y / max(1, h - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surface, color, (0, y), (w, y))


def _river(surface: pygame.Surface, y: float, amplitude: float, width: float) -> None:
    w, _ = surface.get_size()
    points = [(x, y + amplitude * math.sin(x / w * 2 * math.pi)) for x in range(0, w + 8, 8)]
    upper = [(x, py - width / 2) for x, py in points]
    lower = [(x, py + width / 2) for x, py in reversed(points)]
    pygame.draw.polygon(surface, RIVER, upper + lower)
    for x, py in points[::3]:
        pygame.draw.line(surface, RIVER_LIGHT, (x, py), (x + 10, py), 2)


def _pyramid(surface: pygame.Surface, base: tuple[float, float], size: float) -> None:
    x, y = base
    pygame.draw.polygon(surface, STONE, [(x - size, y), (x, y - size * 0.9), (x + size, y)])
    pygame.draw.polygon(
        surface, SAND_DARK, [(x, y - size * 0.9), (x + size, y), (x + size * 0.15, y)]
    )
    for i in range(1, 4):
        yy = y - size * 0.9 * i / 4
        half = size * (1 - i / 4)
        pygame.draw.line(surface, SAND_DARK, (x - half, yy), (x + half * 0.15, yy), 1)


def _locomotive(
    surface: pygame.Surface, at: tuple[float, float], scale: float, color: tuple[int, int, int]
) -> None:
    x, y = at
    s = scale
    pygame.draw.rect(surface, color, (x - 30 * s, y - 22 * s, 44 * s, 18 * s), border_radius=3)
    pygame.draw.rect(surface, color, (x + 6 * s, y - 34 * s, 18 * s, 30 * s), border_radius=3)
    pygame.draw.rect(surface, INK, (x - 24 * s, y - 36 * s, 8 * s, 14 * s))
    for wx in (-20, -2, 16):
        pygame.draw.circle(surface, INK, (x + wx * s, y), 7 * s)
        pygame.draw.circle(surface, SAND, (x + wx * s, y), 3 * s)


def cairo(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    _sky(surface, SKY, SAND)
    _pyramid(surface, (w * 0.3, h * 0.62), h * 0.42)
    _pyramid(surface, (w * 0.62, h * 0.6), h * 0.3)
    _river(surface, h * 0.8, 6, h * 0.22)
    colors = [theme.CLASSIC[i].rgb for i in range(4)]
    for i, color in enumerate(colors):
        pygame.draw.rect(surface, color, (w * 0.74 + i * 16, h * 0.48 - (i % 2) * 10, 12, 12))
    pygame.draw.polygon(
        surface,
        (120, 72, 40),
        [(w * 0.12, h * 0.76), (w * 0.3, h * 0.76), (w * 0.27, h * 0.84), (w * 0.15, h * 0.84)],
    )


def cleopatra(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    _sky(surface, (250, 214, 150), (214, 170, 110))
    pygame.draw.line(surface, INK, (0, h * 0.78), (w, h * 0.78), 3)
    for x in range(0, w, 14):
        pygame.draw.line(surface, (120, 80, 50), (x, h * 0.75), (x, h * 0.81), 3)
    _locomotive(surface, (w * 0.3, h * 0.74), h / 110, (150, 40, 40))
    fruit = [(214, 40, 60), (250, 200, 40), (120, 190, 60), (80, 90, 200), (160, 110, 60)]
    for i, color in enumerate(fruit):
        pygame.draw.circle(surface, color, (w * 0.55 + i * 18, h * 0.64 - (i % 2) * 8), 8)
    pygame.draw.polygon(
        surface, (200, 160, 60), [(w * 0.82, h * 0.3), (w * 0.74, h * 0.55), (w * 0.9, h * 0.55)]
    )


def kap_kairo(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    _sky(surface, (236, 206, 150), (190, 140, 80))
    terrains = [(96, 160, 206), (150, 130, 110), (230, 200, 120), (170, 120, 80), (150, 180, 80)]
    for i, color in enumerate(terrains):
        rect = pygame.Rect(w * 0.08 + i * w * 0.17, h * 0.2 + (i % 2) * 10, w * 0.15, h * 0.42)
        pygame.draw.rect(surface, color, rect, border_radius=6)
        pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
    pygame.draw.line(surface, INK, (w * 0.05, h * 0.8), (w * 0.95, h * 0.8), 3)
    _locomotive(surface, (w * 0.7, h * 0.78), h / 120, (40, 90, 150))


def age_of_steam(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    surface.fill((196, 214, 160))
    r = h / 7
    for row in range(5):
        for col in range(8):
            cx = col * r * 1.5 + r * 0.5
            cy = row * r * math.sqrt(3) + (col % 2) * r * math.sqrt(3) / 2
            points = [
                (cx + r * math.cos(a * math.pi / 3), cy + r * math.sin(a * math.pi / 3))
                for a in range(6)
            ]
            fill = (176, 200, 140) if (row + col) % 3 else (150, 140, 120)
            pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, (120, 130, 100), points, 1)
    pygame.draw.lines(
        surface,
        (60, 60, 60),
        False,
        [(w * 0.05, h * 0.7), (w * 0.35, h * 0.55), (w * 0.6, h * 0.62), (w * 0.95, h * 0.4)],
        5,
    )
    for x, y, c in (
        (0.35, 0.55, (220, 60, 60)),
        (0.6, 0.62, (60, 100, 220)),
        (0.95, 0.4, (240, 200, 40)),
    ):
        pygame.draw.rect(surface, c, (w * x - 8, h * y - 8, 16, 16))
    _locomotive(surface, (w * 0.2, h * 0.9), h / 130, (50, 50, 60))


def loose_caboose(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    _sky(surface, (180, 210, 220), (120, 160, 150))
    for i in range(5):
        rect = pygame.Rect(w * 0.06 + i * w * 0.18, h * 0.52 - (i % 2) * 18, w * 0.16, h * 0.32)
        pygame.draw.rect(surface, (244, 236, 214), rect, border_radius=5)
        pygame.draw.rect(surface, INK, rect, 2, border_radius=5)
        pygame.draw.line(
            surface, INK, (rect.left, rect.centery - 5), (rect.right, rect.centery - 5), 2
        )
        pygame.draw.line(
            surface, INK, (rect.left, rect.centery + 5), (rect.right, rect.centery + 5), 2
        )
    body = pygame.Rect(w * 0.6, h * 0.22, w * 0.26, h * 0.2)
    pygame.draw.rect(surface, (196, 48, 40), body, border_radius=4)
    pygame.draw.rect(surface, (196, 48, 40), (body.centerx - 12, body.top - 14, 24, 16))
    for wx in (body.left + 12, body.right - 12):
        pygame.draw.circle(surface, INK, (wx, body.bottom + 4), 7)


def practice(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    _sky(surface, SAND, SAND_DARK)
    center = (w * 0.62, h * 0.5)
    for i, color in enumerate(((200, 60, 50), (244, 236, 214), (200, 60, 50), (244, 236, 214))):
        pygame.draw.circle(surface, color, center, h * 0.36 * (1 - i * 0.24))
    pygame.draw.rect(surface, (52, 104, 200), (w * 0.12, h * 0.62, 18, 18))
    pygame.draw.line(surface, INK, (w * 0.16, h * 0.62), (w * 0.5, h * 0.5), 2)
    pygame.draw.polygon(
        surface, INK, [(w * 0.5, h * 0.5), (w * 0.47, h * 0.48), (w * 0.48, h * 0.53)]
    )


ART: dict[str, Callable[[pygame.Surface], None]] = {
    "cairo": cairo,
    "cleopatra": cleopatra,
    "kap_kairo": kap_kairo,
    "age_of_steam": age_of_steam,
    "loose_caboose": loose_caboose,
    "practice": practice,
}


@lru_cache(maxsize=16)
def tile_art(game_id: str, width: int, height: int) -> pygame.Surface:
    """The art for a launcher tile (cached by size)."""
    surface = pygame.Surface((width, height))
    ART.get(game_id, practice)(surface)
    return surface
