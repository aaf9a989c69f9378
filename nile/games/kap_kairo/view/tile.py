"""The launcher tile's picture of Vom Kap bis Kairo:
five terrain cards in a row and a train on its line.

Named by `GAME_INFO.art`; drawn once per tile size by `nile.ui.art.tile_art`."""

from __future__ import annotations

import pygame

from nile.ui.art import INK, locomotive, sky


def draw(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    sky(surface, (236, 206, 150), (190, 140, 80))
    terrains = [(96, 160, 206), (150, 130, 110), (230, 200, 120), (170, 120, 80), (150, 180, 80)]
    for i, color in enumerate(terrains):
        rect = pygame.Rect(w * 0.08 + i * w * 0.17, h * 0.2 + (i % 2) * 10, w * 0.15, h * 0.42)
        pygame.draw.rect(surface, color, rect, border_radius=6)
        pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
    pygame.draw.line(surface, INK, (w * 0.05, h * 0.8), (w * 0.95, h * 0.8), 3)
    locomotive(surface, (w * 0.7, h * 0.78), h / 120, (40, 90, 150))
