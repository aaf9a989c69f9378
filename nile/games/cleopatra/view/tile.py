"""The launcher tile's picture of Cleopatra's Caboose:
a train on its rails, the five fruits and a pyramid.

Named by `GAME_INFO.art`; drawn once per tile size by `nile.ui.art.tile_art`."""

from __future__ import annotations

import pygame

from nile.ui.art import INK, locomotive, sky


def draw(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    sky(surface, (250, 214, 150), (214, 170, 110))
    pygame.draw.line(surface, INK, (0, h * 0.78), (w, h * 0.78), 3)
    for x in range(0, w, 14):
        pygame.draw.line(surface, (120, 80, 50), (x, h * 0.75), (x, h * 0.81), 3)
    locomotive(surface, (w * 0.3, h * 0.74), h / 110, (150, 40, 40))
    fruit = [(214, 40, 60), (250, 200, 40), (120, 190, 60), (80, 90, 200), (160, 110, 60)]
    for i, color in enumerate(fruit):
        pygame.draw.circle(surface, color, (w * 0.55 + i * 18, h * 0.64 - (i % 2) * 8), 8)
    pygame.draw.polygon(
        surface, (200, 160, 60), [(w * 0.82, h * 0.3), (w * 0.74, h * 0.55), (w * 0.9, h * 0.55)]
    )
