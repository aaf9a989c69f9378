"""A paper score pad: rows of players, columns of figures, like the sheet at the table."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from nile.ui import text, theme

PAPER = (242, 234, 212)
INK = (46, 40, 34)
RULE = (190, 176, 150)


def draw_pad(
    surface: pygame.Surface,
    rect: pygame.Rect,
    headers: Sequence[str],
    rows: Sequence[tuple[int, str, Sequence[str]]],
    title: str = "",
) -> None:
    """`rows` are (colour index, name, cells); the first column is the name."""
    pygame.draw.rect(surface, PAPER, rect, border_radius=6)
    pygame.draw.rect(surface, RULE, rect, 2, border_radius=6)
    y = rect.top + 8
    if title:
        text.draw(surface, title, (rect.centerx, y), 17, INK, "bold", "midtop", rect.width - 16)
        y += 26
    name_width = max(90, rect.width // 3)
    cols = max(1, len(headers))
    col_width = (rect.width - name_width - 16) / cols
    for i, header in enumerate(headers):
        x = rect.left + 8 + name_width + col_width * (i + 0.5)
        text.draw(surface, header, (x, y), 13, INK, "bold", "midtop", int(col_width) - 4)
    y += 22
    for color_index, name, cells in rows:
        pygame.draw.line(surface, RULE, (rect.left + 6, y - 3), (rect.right - 6, y - 3))
        color = theme.player_color(color_index)
        theme.draw_symbol(surface, color.symbol, (rect.left + 18, y + 10), 7, color.rgb, INK)
        text.draw(surface, name, (rect.left + 30, y + 1), 15, INK, max_width=name_width - 26)
        for i, cell in enumerate(cells):
            x = rect.left + 8 + name_width + col_width * (i + 0.5)
            text.draw(
                surface, cell, (x, y + 1), 15, INK, anchor="midtop", max_width=int(col_width) - 4
            )
        y += 24
