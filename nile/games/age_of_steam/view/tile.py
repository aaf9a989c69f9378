"""The launcher tile's picture of Age of Steam:
a hex map with a line of track linking three coloured cities.

Named by `GAME_INFO.art`; drawn once per tile size by `nile.ui.art.tile_art`."""

from __future__ import annotations

import math

import pygame

from nile.ui.art import locomotive


def draw(surface: pygame.Surface) -> None:
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
    locomotive(surface, (w * 0.2, h * 0.9), h / 130, (50, 50, 60))
