"""The list of variants for a click: one row per legal action, cheapest first.

The first row is the proposal and starts selected; Up/Down or the mouse move the
selection, Enter or a click plays it, Esc or a click outside closes the list. Long lists
scroll with the wheel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from nile.core.game import Action
from nile.ui import text, theme

ROW = 26
MAX_ROWS = 12
WIDTH = 560
BG = (28, 34, 40)


@dataclass
class VariantPopup:
    title: str
    actions: list[Action]
    rows: list[str]
    anchor: tuple[int, int]
    beside: int | None = None
    """Open to the right of this x (lists about the map keep the map visible)."""
    selected: int = 0
    scroll: int = 0
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    row_rects: list[tuple[int, pygame.Rect]] = field(default_factory=list)

    def place(self, bounds: pygame.Rect) -> pygame.Rect:
        visible = min(MAX_ROWS, len(self.rows))
        width = min(WIDTH, bounds.width - 16)
        height = 34 + visible * ROW + (20 if len(self.rows) > visible else 0) + 6
        rect = pygame.Rect(0, 0, width, height)
        if self.beside is not None:
            rect.midleft = (self.beside + 10, self.anchor[1])
        else:
            rect.midtop = (self.anchor[0], self.anchor[1] + 18)
            if rect.bottom > bounds.bottom - 8:
                rect.midbottom = (self.anchor[0], self.anchor[1] - 18)
        self.rect = rect.clamp(bounds.inflate(-8, -8))
        self.row_rects = []
        for i in range(visible):
            index = self.scroll + i
            box = pygame.Rect(
                self.rect.left + 8, self.rect.top + 30 + i * ROW, self.rect.width - 16, ROW - 3
            )
            self.row_rects.append((index, box))
        return self.rect

    def move(self, delta: int) -> None:
        self.selected = max(0, min(len(self.rows) - 1, self.selected + delta))
        if self.selected < self.scroll:
            self.scroll = self.selected
        if self.selected >= self.scroll + MAX_ROWS:
            self.scroll = self.selected - MAX_ROWS + 1

    def wheel(self, delta: int) -> None:
        top = max(0, len(self.rows) - MAX_ROWS)
        self.scroll = max(0, min(top, self.scroll - delta))

    def hover(self, pos: tuple[int, int]) -> None:
        for index, box in self.row_rects:
            if box.collidepoint(pos):
                self.selected = index

    def hit(self, pos: tuple[int, int]) -> int:
        """The row under `pos`; -2 inside the frame; -1 outside."""
        for index, box in self.row_rects:
            if box.collidepoint(pos):
                return index
        return -2 if self.rect.collidepoint(pos) else -1

    @property
    def action(self) -> Action:
        return self.actions[self.selected]

    def draw(self, surface: pygame.Surface, bounds: pygame.Rect) -> None:
        rect = self.place(bounds)
        shadow = pygame.Surface(rect.inflate(10, 10).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 100), shadow.get_rect(), border_radius=12)
        surface.blit(shadow, rect.move(-3, 0).inflate(10, 10).topleft)
        pygame.draw.rect(surface, BG, rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
        text.draw(
            surface,
            self.title,
            (rect.left + 12, rect.top + 8),
            14,
            theme.ACCENT,
            "bold",
            max_width=rect.width - 24,
        )
        for index, box in self.row_rects:
            chosen = index == self.selected
            fill = theme.darken(theme.ACCENT, 0.35) if chosen else theme.PANEL_LIGHT
            pygame.draw.rect(surface, fill, box, border_radius=5)
            left = box.left + 8
            if index == 0 and len(self.rows) > 1:
                theme.draw_symbol(
                    surface,
                    "star",
                    (box.left + 14, box.centery),
                    8,
                    theme.ACCENT,
                    theme.darken(theme.ACCENT, 0.5),
                )
                left += 16
            text.draw(
                surface,
                self.rows[index],
                (left, box.centery),
                14,
                theme.TEXT,
                anchor="midleft",
                max_width=box.right - left - 8,
            )
        hidden = len(self.rows) - len(self.row_rects)
        if hidden > 0:
            text.draw(
                surface,
                f"{hidden} more: scroll, or pick a card first to narrow the list",
                (rect.left + 12, rect.bottom - 16),
                12,
                theme.MUTED,
                anchor="midleft",
                max_width=rect.width - 24,
            )
