"""The review card of a build turn before Done (AS-16), drawn in a corner of the map clear of
the tiles it lists (its words: `built.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from nile.games.age_of_steam.view.built import Review, lines, review, summary, this_turn
from nile.ui import text, theme
from nile.ui.kit.choices import frame

__all__ = ["Review", "card_size", "corner_for", "corners", "draw_card", "lines", "review",
           "summary", "this_turn"]

STYLES = {"title": (14, theme.MUTED, "bold"), "tile": (14, theme.TEXT, "regular"),
          "good": (14, theme.GOOD, "bold"), "warn": (14, theme.BAD, "regular"),
          "muted": (13, theme.MUTED, "regular")}
WIDTH = 330
ROW = 20


def card_size(rows: list[tuple[str, str]]) -> tuple[int, int]:
    return WIDTH, 16 + text.space(ROW, 14) * len(rows)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, rows: list[tuple[str, str]]) -> None:
    """The review card: a framed list, each line whole (smaller type if it must)."""
    frame(surface, rect)
    y = rect.top + 9
    for style, words in rows:
        size, color, weight = STYLES[style]
        text.draw(surface, words, (rect.left + 12, y), size, color, weight,
                  max_width=rect.width - 24)
        y += text.space(ROW, 14)


def corners(area: pygame.Rect, size: tuple[int, int],
            top_margin: int = 42) -> list[pygame.Rect]:
    """The four places the card may take in the map area: top right, bottom right, bottom
    left, top left (below the Fit buttons)."""
    width, height = size
    inner = area.inflate(-16, -16)
    return [pygame.Rect(inner.right - width, inner.top, width, height),
            pygame.Rect(inner.right - width, inner.bottom - height - 34, width, height),
            pygame.Rect(inner.left, inner.bottom - height - 34, width, height),
            pygame.Rect(inner.left, inner.top + top_margin, width, height)]


def corner_for(area: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect],
               top_margin: int = 42, names: Sequence[pygame.Rect] = (),
               buttons: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the card goes: the map area's corner covering the least of `buttons` (the
    map's own buttons: a card over the Track button would hide what it does), then of
    `avoid` (the hexes built this turn), then of `names`, top right first (the Fit buttons
    keep the top left)."""
    spots = corners(area, size, top_margin)

    def over(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
        return sum(rect.clip(r).width * rect.clip(r).height for r in others)

    def covered(rect: pygame.Rect) -> tuple[int, int, int]:
        return over(rect, buttons), over(rect, avoid), over(rect, names)

    return min(spots, key=covered)
