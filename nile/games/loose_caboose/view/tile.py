"""The launcher tile's picture of Loose Caboose!: a row of track cards and the runaway caboose.

Named by `GAME_INFO.art`; drawn once per tile size by `nile.ui.art.tile_art`."""

from __future__ import annotations

import pygame

from nile.ui.art import INK, sky


def draw(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    sky(surface, (180, 210, 220), (120, 160, 150))
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
