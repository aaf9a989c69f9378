"""A list of choices to pick one from: a popup on the table (Cleopatra's variants of a
move, Age of Steam's ways to deliver a good).

The first row starts selected (a game may mark it as the proposal with a star); the mouse
or Up/Down move the selection, a click or Enter takes it, a long list scrolls with the
wheel. The game places the list (`layout(rect)`), says what each row means and plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from nile.ui import text, theme

ROW = 26
"""Height of a row as designed (its 14 px type at 100 %); `row_height` at the text size."""
HEAD = 30
"""Room for the title above the rows, as designed; `head_height` at the text size."""


def row_height() -> int:
    return text.space(ROW, 14)


def head_height() -> int:
    return text.space(HEAD, 14)
BG = (28, 34, 40)


@lru_cache(maxsize=16)
def _shadow(size: tuple[int, int]) -> pygame.Surface:
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=10)
    return shadow


def frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Every chooser's look: a shadow, a dark fill and an accent rim."""
    surface.blit(_shadow(rect.inflate(8, 8).size), rect.move(-2, 1).inflate(8, 8).topleft)
    pygame.draw.rect(surface, BG, rect, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)


@dataclass
class ChoiceList:
    """Rows of words to pick one from (see the module docstring)."""

    title: str
    rows: list[str]
    selected: int = 0
    scroll: int = 0
    max_rows: int = 12
    proposal: bool = False
    """Mark the first row with a star: the proposed choice (the cheapest, the best paid)."""
    more: str = "{n} more: scroll"
    """The note under a list longer than `max_rows` ({n}: how many rows are out of view)."""
    hovered: int = -1
    """The row under the mouse, or -1."""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    row_rects: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    _wanted: int | None = field(default=None, init=False, repr=False)

    def height(self) -> int:
        """How tall the list is with its visible rows (and the note, if some are hidden)."""
        visible = min(self.max_rows, len(self.rows))
        note = 20 if len(self.rows) > visible else 0
        return head_height() + 4 + visible * row_height() + note + 6

    def wanted_width(self) -> int:
        """How wide the list must be for its title and every row to show whole at full size
        (a list placed narrower shrinks or cuts the long rows). Measured once: the popups
        place themselves every frame, and a list's words never change."""
        if self._wanted is None:
            star = 16 if self.proposal and len(self.rows) > 1 else 0
            rows = max((text.measure(row, 14) for row in self.rows), default=0)
            self._wanted = max(text.measure(self.title, 14, "bold") + 24, rows + star + 32)
        return self._wanted

    def layout(self, rect: pygame.Rect) -> None:
        """Put the list in `rect` (the game chooses where: near what it is about)."""
        self.rect = pygame.Rect(rect)
        visible = min(self.max_rows, len(self.rows))
        self.row_rects = [
            (self.scroll + i, pygame.Rect(rect.left + 8,
                                          rect.top + head_height() + 2 + i * row_height(),
                                          rect.width - 16, row_height() - 3))
            for i in range(visible)
        ]

    def move(self, delta: int) -> None:
        """Up/Down: the selection moves and the list scrolls to keep it in view."""
        self.selected = max(0, min(len(self.rows) - 1, self.selected + delta))
        if self.selected < self.scroll:
            self.scroll = self.selected
        if self.selected >= self.scroll + self.max_rows:
            self.scroll = self.selected - self.max_rows + 1

    def wheel(self, delta: int) -> None:
        top = max(0, len(self.rows) - self.max_rows)
        self.scroll = max(0, min(top, self.scroll - delta))

    def hover(self, pos: tuple[int, int]) -> None:
        """The mouse moved: the row under it is selected."""
        self.hovered = self.hit(pos)
        if self.hovered >= 0:
            self.selected = self.hovered

    def hit(self, pos: tuple[int, int]) -> int:
        """The row under `pos`; -2 inside the frame; -1 outside."""
        for index, box in self.row_rects:
            if box.collidepoint(pos):
                return index
        return -2 if self.rect.collidepoint(pos) else -1

    def row_rect(self, index: int) -> pygame.Rect | None:
        return next((box for i, box in self.row_rects if i == index), None)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        frame(surface, rect)
        text.draw(surface, self.title, (rect.left + 12, rect.top + 8), 14, theme.ACCENT,
                  "bold", max_width=rect.width - 24)
        for index, box in self.row_rects:
            chosen = index == self.selected
            fill = theme.darken(theme.ACCENT, 0.35) if chosen else theme.PANEL_LIGHT
            pygame.draw.rect(surface, fill, box, border_radius=5)
            left = box.left + 8
            if self.proposal and index == 0 and len(self.rows) > 1:
                theme.draw_symbol(surface, "star", (box.left + 14, box.centery), 8,
                                  theme.ACCENT, theme.darken(theme.ACCENT, 0.5))
                left += 16
            text.draw(surface, self.rows[index], (left, box.centery), 14, theme.TEXT,
                      anchor="midleft", max_width=box.right - left - 8)
        hidden = len(self.rows) - len(self.row_rects)
        if hidden > 0:
            text.draw(surface, self.more.format(n=hidden), (rect.left + 12, rect.bottom - 16),
                      12, theme.MUTED, anchor="midleft", max_width=rect.width - 24)
