"""Drawing one row of the rules reference's text pane: headings, text with the searched
words highlighted (dark on light), links, a key beside what it does, a lesson's picture;
and the pane's scrollbar. The page's rows come wrapped to the pane (`reference_page`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile.ui import text, theme
from nile.ui.chrome.reference_page import HEAD_SIZE, KEY_COLUMN, TEXT_SIZE, Row
from nile.ui.chrome.tutorial_card import PICTURE_SIZE

Painter = Callable[[pygame.Surface, pygame.Rect, str], bool]
"""Draws a lesson picture by name into a rect (the game table's `draw_tutorial_picture`)."""


def draw_row(surface: pygame.Surface, row: Row, rect: pygame.Rect, under_cursor: bool,
             searching: list[str], painter: Painter | None) -> None:
    """`row` at `rect`; `searching` (the search's words) dims the lines without them."""
    if row.kind == "picture":
        draw_picture(surface, pygame.Rect(rect.topleft, PICTURE_SIZE), row.picture, painter)
        return
    size, style = (HEAD_SIZE, "bold") if row.kind == "head" else \
        (TEXT_SIZE, "bold" if row.kind in ("term", "sub") else "regular")
    if under_cursor:
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect.inflate(8, 0), border_radius=4)
    color = {"head": theme.ACCENT, "link": theme.ACCENT, "sub": theme.MUTED,
             "note": theme.BAD}.get(row.kind, theme.TEXT)
    if row.kind in ("text", "key") and searching and not row.marked:
        color = theme.MUTED  # a search dims the lines that do not hold its words
    left = rect.left
    if row.kind == "key":
        if row.label:
            text.draw(surface, row.label, rect.topleft, TEXT_SIZE, theme.TEXT, "bold",
                      max_width=KEY_COLUMN - 12)
        left += KEY_COLUMN
    surface.blit(text.render(row.text, size, color, style), (left, rect.top))
    height = text.line_height(size, style)
    for start, end in row.spans:  # the searched words, dark on light
        x = left + text.measure(row.text[:start], size, style)
        mark = pygame.Rect(x, rect.top, text.measure(row.text[start:end], size, style), height)
        pygame.draw.rect(surface, theme.HIGHLIGHT, mark.inflate(2, 0), border_radius=3)
        surface.blit(text.render(row.text[start:end], size, theme.BG, style), mark)


def draw_picture(surface: pygame.Surface, rect: pygame.Rect, name: str,
                 painter: Painter | None) -> None:
    """A lesson's picture in its frame, as the lesson card draws it (clipped)."""
    pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=8)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    if painter is not None:
        painter(surface, rect, name)
    surface.set_clip(clip)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)


def draw_scrollbar(surface: pygame.Surface, pane: pygame.Rect, total: int, scroll: int
                   ) -> None:
    """Where the shown part of a `total` pixels high page lies (nothing if it all fits)."""
    if total <= pane.height:
        return
    track = pygame.Rect(pane.right - 10, pane.top + 8, 4, pane.height - 16)
    thumb = pygame.Rect(track.left, track.top + track.height * scroll // total, 4,
                        max(24, track.height * pane.height // total))
    pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=2)
    pygame.draw.rect(surface, theme.MUTED, thumb, border_radius=2)
