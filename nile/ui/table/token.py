"""Tokens and player chips: a disc in a player colour with the player's symbol."""

from __future__ import annotations

import pygame

from nile.ui import text, theme


def draw_token(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    color_index: int,
    ring: theme.Color | None = None,
) -> None:
    """A wooden-looking disc in the player's colour, with their symbol on top."""
    color = theme.player_color(color_index)
    cx, cy = center
    pygame.draw.circle(surface, theme.darken(color.rgb, 0.45), (cx, cy + radius * 0.18), radius)
    pygame.draw.circle(surface, color.rgb, (cx, cy), radius)
    pygame.draw.circle(
        surface, theme.darken(color.rgb, 0.3), (cx, cy), radius, max(1, round(radius / 8))
    )
    theme.draw_symbol(surface, color.symbol, (cx, cy), radius * 0.5, color.ink)
    if ring is not None:
        pygame.draw.circle(surface, ring, (cx, cy), radius + 4, 3)


def draw_chip(
    surface: pygame.Surface, rect: pygame.Rect, color_index: int, label: str, active: bool = False
) -> None:
    """A name plate: colour swatch with symbol, then the name (fitted to the plate)."""
    color = theme.player_color(color_index)
    fill = theme.PANEL_LIGHT if active else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(
        surface, theme.ACCENT if active else theme.PANEL_EDGE, rect, 2, border_radius=8
    )
    swatch = pygame.Rect(rect.left + 6, rect.top + 5, rect.height - 10, rect.height - 10)
    pygame.draw.rect(surface, color.rgb, swatch, border_radius=5)
    theme.draw_symbol(surface, color.symbol, swatch.center, swatch.height * 0.3, color.ink)
    text.draw(
        surface,
        label,
        (swatch.right + 8, rect.centery),
        16,
        theme.TEXT,
        "bold" if active else "regular",
        "midleft",
        max_width=rect.right - swatch.right - 14,
    )
