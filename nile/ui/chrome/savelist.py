"""A scrolling list of saves: name, game, players, round and date, one row each.

The Load and Continue dialogs own one; it only draws rows and keeps the selection, the
dialog decides what Load, Rename and Delete do. Every string in a row comes from a file,
so it goes through the text gate (in `library.summarize` and again in `text`); long
names are cut at a word with an ellipsis.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from nile.core.library import SaveEntry
from nile.ui import text, theme

ROW_HEIGHT = 58
"""A row's height as designed: the 17 px title at 6 px, the 14 px details at `DETAILS_TOP`."""
DETAILS_TOP = 32
TITLE_TOP = 6
DOUBLE_CLICK = 0.4
"""Seconds between two clicks on one row that open it."""


def details_top() -> int:
    """Where a row's details line starts: under the title's line, grown with its type."""
    return TITLE_TOP + text.space(DETAILS_TOP - TITLE_TOP, 17)


def row_height() -> int:
    """A row's height: the title, the details' line and a gap, all grown with the text
    size (58 px as designed; a fixed row put the details over the title at 150 %)."""
    return details_top() + text.space(ROW_HEIGHT - DETAILS_TOP, 14)


def game_words(entry: SaveEntry) -> str:
    """The game and the options it was set up with: 'Age of Steam, Egypt'."""
    return f"{entry.title}, {entry.variant}" if entry.variant else entry.title


def details(entry: SaveEntry) -> str:
    """The second line of a row: 'Cairo · Ann, Bo · Round 3 · 1 Dec 2026, 21:40'."""
    if entry.problem:
        return f"Cannot be loaded: {entry.problem}"
    parts = [game_words(entry)]
    if entry.players:
        parts.append(", ".join(entry.players))
    if entry.status:
        parts.append(entry.status)
    parts.append(entry.when)
    return "  ·  ".join(parts)


def title_line(entry: SaveEntry) -> str:
    """The first line: the name as typed, or for an autosave what it is of."""
    if entry.autosave:
        state = "finished" if entry.finished else "in progress"
        if entry.hosted:
            state = "hosted for friends: opening hosts it again"
        what = f"Learn {entry.title}" if entry.lesson else game_words(entry)
        return f"{what} ({state})"
    return entry.name


class SaveList:
    """Rows of saves inside `rect`, with a selection, the wheel and the arrow keys."""

    def __init__(self, rect: pygame.Rect, entries: list[SaveEntry]) -> None:
        self.rect = rect
        self.entries = entries
        self.selected: int | None = 0 if entries else None
        self.scroll = 0
        self._last_click: tuple[int, float] | None = None

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // row_height())

    @property
    def chosen(self) -> SaveEntry | None:
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    def set_entries(self, entries: list[SaveEntry], select: Path | None = None) -> None:
        """New rows; the selection stays on the same file (or moves to `select`), so a
        list re-sorted by a rename never leaves Delete pointing at another save."""
        keep = select or (self.chosen.path if self.chosen is not None else None)
        self.entries = entries
        paths = [e.path for e in entries]
        if not entries:
            self.selected = None
        elif keep in paths:
            self.selected = paths.index(keep)
        else:
            self.selected = min(self.selected or 0, len(entries) - 1)
        self._keep_in_view()

    def row_rect(self, index: int) -> pygame.Rect:
        step = row_height()
        top = self.rect.top + (index - self.scroll) * step
        return pygame.Rect(self.rect.left, top, self.rect.width, step - 4)

    def handle_event(self, event: pygame.event.Event, now: float) -> bool:
        """Select by click and keys, scroll by wheel. True when a row was opened
        (double click or Enter)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click(event.pos, now)
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self._scroll_by(-event.y)
        elif event.type == pygame.KEYDOWN and self.entries:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = max(0, min(len(self.entries) - 1, (self.selected or 0) + step))
                self._keep_in_view()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.chosen is not None
        return False

    def _click(self, pos: tuple[int, int], now: float) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        index = self.scroll + (pos[1] - self.rect.top) // row_height()
        if not 0 <= index < len(self.entries):
            return False
        opened = (self._last_click is not None and self._last_click[0] == index
                  and now - self._last_click[1] <= DOUBLE_CLICK)
        self.selected = index
        self._last_click = (index, now)
        return opened

    def _scroll_by(self, rows: int) -> None:
        most = max(0, len(self.entries) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + rows))

    def _keep_in_view(self) -> None:
        if self.selected is None:
            self.scroll = 0
            return
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self._scroll_by(0)

    def draw(self, surface: pygame.Surface, empty: str) -> None:
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.15), self.rect, border_radius=8)
        if not self.entries:
            text.draw(surface, empty, self.rect.center, 17, theme.MUTED, anchor="center",
                      max_width=self.rect.width - 40)
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        last = min(len(self.entries), self.scroll + self.visible_rows + 1)
        for index in range(self.scroll, last):
            self._draw_row(surface, index)
        surface.set_clip(clip)
        if len(self.entries) > self.visible_rows:
            self._draw_scrollbar(surface)

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        entry = self.entries[index]
        row = self.row_rect(index).inflate(-8, 0)
        if index == self.selected:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=6)
        width = row.width - 28
        name, size = text.fit(title_line(entry), 17, width, "bold", at_word=True)
        text.draw(surface, name, (row.left + 12, row.top + TITLE_TOP), size, theme.TEXT, "bold")
        color = theme.BAD if entry.problem else theme.MUTED
        line, size = text.fit(details(entry), 14, width, at_word=True)
        text.draw(surface, line, (row.left + 12, row.top + details_top()), size, color)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.rect.right - 8, self.rect.top + 4, 4, self.rect.height - 8)
        share = self.visible_rows / len(self.entries)
        thumb = track.copy()
        thumb.height = max(20, round(track.height * share))
        most = max(1, len(self.entries) - self.visible_rows)
        thumb.top = track.top + round((track.height - thumb.height) * self.scroll / most)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=2)
