"""The launcher tile's picture of Cairo: pyramids by the river, the players' blocks and a ship.

Named by `GAME_INFO.art`; drawn once per tile size by `nile.ui.art.tile_art`."""

from __future__ import annotations

import pygame

from nile.ui import theme
from nile.ui.art import SAND, SKY, pyramid, river, sky


def draw(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    sky(surface, SKY, SAND)
    pyramid(surface, (w * 0.3, h * 0.62), h * 0.42)
    pyramid(surface, (w * 0.62, h * 0.6), h * 0.3)
    river(surface, h * 0.8, 6, h * 0.22)
    colors = [theme.CLASSIC[i].rgb for i in range(4)]
    for i, color in enumerate(colors):
        pygame.draw.rect(surface, color, (w * 0.74 + i * 16, h * 0.48 - (i % 2) * 10, 12, 12))
    pygame.draw.polygon(
        surface,
        (120, 72, 40),
        [(w * 0.12, h * 0.76), (w * 0.3, h * 0.76), (w * 0.27, h * 0.84), (w * 0.15, h * 0.84)],
    )
