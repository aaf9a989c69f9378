"""The rules reference (F1): the game's rules as sections in a list on the left and the chosen
one's text on the right, an index and a glossary, a search field that filters as you type
(matching words highlighted), the lessons' rule pictures, and the keys of the screen below.

Every part answers the keyboard: Tab moves between the search field, the list and the text;
the arrows move inside each; Enter opens; Esc (or F1) closes. "Why?" on a refused move opens
it at the rule the refusal rests on (`start`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core.reference import Reference
from nile.ui import assets, text, theme
from nile.ui.chrome.dialogs import Overlay
from nile.ui.chrome.reference_page import Entry, Pages, Row, row_height
from nile.ui.chrome.tutorial_card import PICTURE_SIZE
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from nile.app import App

Painter = Callable[[pygame.Surface, pygame.Rect, str], bool]
"""Draws a lesson picture by name into a rect (the game table's `draw_tutorial_picture`)."""
LIST_WIDTH, LIST_ROW, PAD = 250, 30, 14
FOCI = ("search", "list", "text")
HINT = "Tab: search, list, text   ·   Up/Down: move   ·   Enter: open   ·   Esc: close"


class ReferenceScene(Overlay):
    """The rules reference of one game, opened at `start` (a section id) or its first rule."""

    def __init__(self, app: App, ref: Reference, key_rows: Sequence[tuple[str, str]] = (),
                 draw_picture: Painter | None = None, start: str = "") -> None:
        super().__init__(app, 1120, 740, f"{ref.title} · rules reference")
        self.pages = Pages(ref, key_rows)
        self.draw_picture = draw_picture
        top, left, bottom = self.panel.top + 58, self.panel.left + 20, self.panel.bottom - 66
        self.search = self.text_entry(pygame.Rect(left, top, LIST_WIDTH, 36), limit=40,
                                      placeholder="Search the rules")
        self.list_rect = pygame.Rect(left, top + 46, LIST_WIDTH, bottom - top - 46)
        text_left = left + LIST_WIDTH + 20
        self.text_rect = pygame.Rect(text_left, top, self.panel.right - 20 - text_left,
                                     bottom - top)
        self.button(pygame.Rect(self.panel.right - 160, self.panel.bottom - 54, 140, 40),
                    "Close", self.close, object_id="@accent")
        self.focus = "list"
        self.entries: list[Entry] = self.pages.entries()
        self.selected = 0
        self.list_top = 0
        """The first entry the list shows (when there are more than fit)."""
        self.scroll = 0
        self.cursor = -1
        """The link row under the keyboard cursor on pages of links (-1: none)."""
        self._rows: tuple[tuple[str, str], list[Row]] | None = None
        self.hits: HitMap[tuple[str, int]] = HitMap()
        """What the last frame drew where: the search field, list entries, the text, links."""
        self.open(start or ref.sections[0].id)

    # What is shown ---------------------------------------------------------------------

    @property
    def current(self) -> str:
        """The id of the entry shown ('' when a search finds nothing)."""
        return self.entries[self.selected].id if self.entries else ""

    def rows(self) -> list[Row]:
        """The shown page's rows (kept until the entry or the search changes)."""
        key = (self.current, self.pages.query)
        if self._rows is None or self._rows[0] != key:
            rows = self.pages.rows(self.current, self.text_rect.width - 2 * PAD - 8) \
                if self.current else []
            self._rows = (key, [r for r in rows if r.kind != "picture" or self._can_draw(r)])
        return self._rows[1]

    def _can_draw(self, row: Row) -> bool:
        if self.draw_picture is None:
            return False
        scratch = pygame.Surface(PICTURE_SIZE)
        return self.draw_picture(scratch, scratch.get_rect(), row.picture)

    def open(self, entry_id: str) -> None:
        """Show `entry_id`; a rule the search hides clears the search first."""
        ids = [e.id for e in self.entries]
        if entry_id not in ids and self.pages.query:
            self.search.set_text("")
            self.filter("")
            ids = [e.id for e in self.entries]
        if entry_id in ids:
            self.selected = ids.index(entry_id)
        self.scroll, self.cursor = 0, -1

    def filter(self, query: str) -> None:
        """The search changed: keep the shown entry if it still matches, else the first."""
        shown = self.current
        self.pages.query = query
        self.entries = self.pages.entries()
        ids = [e.id for e in self.entries]
        self.selected = ids.index(shown) if shown in ids else 0
        self.scroll, self.cursor = 0, -1

    # Input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.filter(self.search.get_text())
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * LIST_ROW)

    def _key(self, key: int, shift: bool) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
        elif key == pygame.K_TAB:
            self.set_focus(FOCI[(FOCI.index(self.focus) + (-1 if shift else 1)) % 3])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.text_rect.height - 60
            self.scroll_by(page if key == pygame.K_PAGEDOWN else -page)
        elif self.focus == "search":
            if key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.set_focus("list")
        elif self.focus == "list":
            self._list_key(key)
        else:
            self._text_key(key)

    def _list_key(self, key: int) -> None:
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key)
        if step is not None and self.entries:
            self.selected = (self.selected + step) % len(self.entries)
            self.scroll, self.cursor = 0, -1
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
            self.set_focus("text")

    def _text_key(self, key: int) -> None:
        links = [i for i, r in enumerate(self.rows()) if r.link]
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key)
        if step is not None and links:
            at = links.index(self.cursor) + step if self.cursor in links else 0
            self.cursor = links[max(0, min(len(links) - 1, at))]
            self._show_row(self.cursor)
        elif step is not None:
            self.scroll_by(step * 40)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor in links:
            self.open(self.rows()[self.cursor].link)
        elif key == pygame.K_LEFT:
            self.set_focus("list")

    def update(self, dt: float) -> None:
        """A click into the search field is the field's (pygame_gui takes it): follow it."""
        if self.search.is_focused:
            self.focus = "search"
        elif self.focus == "search":
            self.focus = "list"

    def set_focus(self, focus: str) -> None:
        """Move the keyboard to the search field, the list or the text."""
        self.focus = focus
        self.gui.set_focus_set(self.search if focus == "search" else None)

    def _click(self, pos: tuple[int, int]) -> None:
        kind, index = self.hits.at(pos) or ("", -1)
        if kind == "search":
            self.focus = "search"
        elif kind == "entry":
            self.selected, self.scroll, self.cursor = index, 0, -1
            self.set_focus("list")
        elif kind in ("text", "link"):
            self.set_focus("text")
            if kind == "link":
                self.cursor = index
                self.open(self.rows()[index].link)

    def scroll_by(self, dy: int) -> None:
        most = max(0, self._height() - self.text_rect.height + 2 * PAD)
        self.scroll = max(0, min(most, self.scroll + dy))

    def _show_row(self, index: int) -> None:
        rect = self._placed()[index][1]
        if rect.bottom > self.text_rect.bottom - PAD:
            self.scroll_by(rect.bottom - self.text_rect.bottom + PAD)
        elif rect.top < self.text_rect.top + PAD:
            self.scroll_by(rect.top - self.text_rect.top - PAD)

    # Drawing -----------------------------------------------------------------------------

    def _height(self) -> int:
        return sum(row_height(r, PICTURE_SIZE[1]) for r in self.rows())

    def _placed(self) -> list[tuple[Row, pygame.Rect]]:
        """Each row with where it is drawn now (after scrolling)."""
        y, left = self.text_rect.top + PAD - self.scroll, self.text_rect.left + PAD
        placed = []
        for row in self.rows():
            height = row_height(row, PICTURE_SIZE[1])
            placed.append((row, pygame.Rect(left, y, self.text_rect.width - 2 * PAD - 8,
                                            height)))
            y += height
        return placed

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.hits.clear()
        self.hits.add(pygame.Rect(self.search.get_abs_rect()), ("search", 0))
        self.hits.add(self.text_rect, ("text", -1))
        self._draw_list(surface)
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.2), self.text_rect,
                         border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(self.text_rect.inflate(-4, -4).clip(clip))
        for i, (row, rect) in enumerate(self._placed()):
            inside = self.text_rect.inflate(0, -4)  # whole rows only: no line cut in half
            if rect.top >= inside.top and rect.bottom <= inside.bottom:
                self._draw_row(surface, row, rect, i == self.cursor)
                if row.link:
                    self.hits.add(rect, ("link", i), clip=self.text_rect)
        surface.set_clip(clip)
        if not self.entries:
            text.draw(surface, f"Nothing in the rules matches “{self.pages.query}”.",
                      (self.text_rect.left + PAD, self.text_rect.top + PAD), 16, theme.MUTED,
                      max_width=self.text_rect.width - 2 * PAD)
        self._draw_scrollbar(surface)
        edge = theme.ACCENT if self.focus == "text" else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.text_rect, 2, border_radius=8)
        text.draw(surface, HINT, (self.panel.left + 24, self.panel.bottom - 34), 14,
                  theme.MUTED, anchor="midleft", max_width=self.panel.width - 220)

    def _draw_list(self, surface: pygame.Surface) -> None:
        if self.focus == "list":
            pygame.draw.rect(surface, theme.ACCENT, self.list_rect.inflate(6, 6), 2,
                             border_radius=8)
        visible = self.list_rect.height // LIST_ROW  # a long list follows the selection
        self.list_top = max(0, min(self.list_top, self.selected, len(self.entries) - visible),
                            self.selected - visible + 1)
        for i, entry in enumerate(self.entries[self.list_top:self.list_top + visible],
                                  self.list_top):
            row = pygame.Rect(self.list_rect.left,
                              self.list_rect.top + (i - self.list_top) * LIST_ROW,
                              self.list_rect.width, LIST_ROW - 2)
            self.hits.add(row, ("entry", i))
            if i == self.selected:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=6)
            count = str(entry.matches) if entry.matches else ""
            room = row.width - 20 - (text.measure(count, 14) + 8 if count else 0)
            color = theme.ACCENT if i == self.selected else theme.TEXT
            text.draw(surface, entry.title, (row.left + 10, row.centery), 16, color,
                      anchor="midleft", max_width=room)
            if count:
                text.draw(surface, count, (row.right - 10, row.centery), 14, theme.HIGHLIGHT,
                          anchor="midright")

    def _draw_row(self, surface: pygame.Surface, row: Row, rect: pygame.Rect,
                  under_cursor: bool) -> None:
        if row.kind == "picture":
            self._draw_picture(surface, pygame.Rect(rect.topleft, PICTURE_SIZE), row.picture)
            return
        size, style = (20, "bold") if row.kind == "head" else \
            (16, "bold" if row.kind == "term" else "regular")
        if under_cursor:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect.inflate(8, 0), border_radius=4)
        color = {"head": theme.ACCENT, "link": theme.ACCENT}.get(row.kind, theme.TEXT)
        if row.kind == "text" and self.pages.words and not row.marked:
            color = theme.MUTED  # a search dims the lines that do not hold its words
        surface.blit(text.render(row.text, size, color, style), rect.topleft)
        height = assets.font(size, style).get_linesize()
        for start, end in row.spans:  # the searched words, dark on light
            x = rect.left + text.measure(row.text[:start], size, style)
            mark = pygame.Rect(x, rect.top, text.measure(row.text[start:end], size, style),
                               height)
            pygame.draw.rect(surface, theme.HIGHLIGHT, mark.inflate(2, 0), border_radius=3)
            surface.blit(text.render(row.text[start:end], size, theme.BG, style), mark)

    def _draw_picture(self, surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
        """A lesson's picture in its frame, as the lesson card draws it (clipped)."""
        pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        if self.draw_picture is not None:
            self.draw_picture(surface, rect, name)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        total, shown = self._height() + 2 * PAD, self.text_rect.height
        if total <= shown:
            return
        track = pygame.Rect(self.text_rect.right - 10, self.text_rect.top + 8, 4, shown - 16)
        thumb = pygame.Rect(track.left, track.top + track.height * self.scroll // total, 4,
                            max(24, track.height * shown // total))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=2)
        pygame.draw.rect(surface, theme.MUTED, thumb, border_radius=2)
