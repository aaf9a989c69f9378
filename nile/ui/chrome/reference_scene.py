"""The rules reference (F1): the game's rules as sections in a list on the left and the chosen
one's text on the right, an index and a glossary, a search field that filters as you type
(matching words highlighted), the lessons' rule pictures, and the keys of the screen below.

Every part answers the keyboard: Tab moves between the search field, the list and the text;
the arrows move inside each; Enter opens; Esc (or F1) closes. "Why?" on a refused move opens
it at the rule the refusal rests on (`start`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core.reference import Reference
from nile.ui import keys, text, theme
from nile.ui.chrome.overlay import Overlay
from nile.ui.chrome.reference_draw import Painter, draw_row, draw_scrollbar
from nile.ui.chrome.reference_page import Entry, Pages, Row, row_height
from nile.ui.chrome.tutorial_card import PICTURE_SIZE
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from nile.ui.scene import Shell

LIST_WIDTH, LIST_ROW, PAD = 250, 30, 14
FOCI = ("search", "list", "text")
HINTED = 5
"""How many of `KEYS` the bottom line names (the Keys page lists them all)."""


def list_row() -> int:
    """The height of a row of the list of rules: its 16 px title's line and some room,
    grown with the text size (a row made for 100 % would cut its title's line)."""
    return text.space(LIST_ROW, 16)


class ReferenceScene(Overlay):
    """The rules reference of one game, opened at `start` (a section id) or its first rule."""

    keyboard_focus = False  # its own key table moves between search, list and text

    KEYS = (
        keys.Binding("tab", "cycle", "next part (Shift+Tab: back)"),
        keys.Binding("up", "step", "previous rule or link", args=(-1,)),
        keys.Binding("down", "step", "next rule or link", args=(1,)),
        keys.Binding("return, kp_enter", "confirm", "read the rule, or open the link"),
        keys.Binding("escape, f1", "close", "close"),
        keys.Binding("pageup", "page", "scroll the text up", args=(-1,)),
        keys.Binding("pagedown", "page", "scroll the text down", args=(1,)),
        keys.Binding("left", "to_list", "from the text back to the list", when="in_text"),
    )
    """The keys of the reference: they answer, fill its bottom line and its Keys page,
    and the README's list (`tools/keys.py`)."""

    def __init__(self, app: Shell, ref: Reference, key_rows: Sequence[tuple[str, str]] = (),
                 draw_picture: Painter | None = None, start: str = "",
                 refused: str = "") -> None:
        super().__init__(app, 1120, 740, f"{ref.title} · rules reference")
        self.pages = Pages(ref, key_rows, keys.describe(self.KEYS))
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
        self._shift = False
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
        self.start, self.refused = start or ref.sections[0].id, refused
        """The rule Why? opened, and the refused move's reason shown above it."""
        self.open(self.start)

    # What is shown ---------------------------------------------------------------------

    @property
    def current(self) -> str:
        """The id of the entry shown ('' when a search finds nothing)."""
        return self.entries[self.selected].id if self.entries else ""

    def rows(self) -> list[Row]:
        """The shown page's rows (kept until the entry or the search changes)."""
        key = (self.current, self.pages.query)
        if self._rows is None or self._rows[0] != key:
            width = self.text_rect.width - 2 * PAD - 8
            rows = self.pages.rows(self.current, width) if self.current else []
            if self.refused and self.current == self.start:
                rows = [*self.pages.note(f"Refused: {self.refused}", width), *rows]
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
            self._shift = bool(event.mod & pygame.KMOD_SHIFT)
            keys.dispatch(self, self.KEYS, event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * list_row())

    def cycle(self) -> None:
        """Tab: on to the next part (Shift+Tab: back)."""
        self.set_focus(FOCI[(FOCI.index(self.focus) + (-1 if self._shift else 1)) % 3])

    def step(self, by: int) -> bool:
        """Up/Down: the next rule of the list, or link of the text (or a line of it)."""
        if self.focus == "search":
            if by < 0:
                return False
            self.set_focus("list")
        elif self.focus == "list" and self.entries:
            self.selected = (self.selected + by) % len(self.entries)
            self.scroll, self.cursor = 0, -1
        elif self.focus == "text":
            links = [i for i, r in enumerate(self.rows()) if r.link]
            if not links:
                self.scroll_by(by * 40)
                return True
            at = links.index(self.cursor) + by if self.cursor in links else 0
            self.cursor = links[max(0, min(len(links) - 1, at))]
            self._show_row(self.cursor)
        return True

    def confirm(self) -> None:
        """Enter: from the search or the list on to the text; in the text open the link."""
        if self.focus == "text":
            if 0 <= self.cursor < len(self.rows()) and self.rows()[self.cursor].link:
                self.open(self.rows()[self.cursor].link)
        else:
            self.set_focus("list" if self.focus == "search" else "text")

    def page(self, by: int) -> None:
        self.scroll_by(by * (self.text_rect.height - 60))

    @property
    def in_text(self) -> bool:
        return self.focus == "text"

    def to_list(self) -> None:
        self.set_focus("list")

    def update(self, dt: float) -> None:
        """A click into the search field is the field's (pygame_gui takes it): follow it."""
        if self.search.is_focused:
            self.focus = "search"
        elif self.focus == "search":
            self.focus = "list"
        self._shift = False

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
                draw_row(surface, row, rect, i == self.cursor, self.pages.words,
                         self.draw_picture)
                if row.link:
                    self.hits.add(rect, ("link", i), clip=self.text_rect)
        surface.set_clip(clip)
        if not self.entries:
            text.draw(surface, f"Nothing in the rules matches “{self.pages.query}”.",
                      (self.text_rect.left + PAD, self.text_rect.top + PAD), 16, theme.MUTED,
                      max_width=self.text_rect.width - 2 * PAD)
        draw_scrollbar(surface, self.text_rect, self._height() + 2 * PAD, self.scroll)
        edge = theme.ACCENT if self.focus == "text" else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.text_rect, 2, border_radius=8)
        hint = "   ".join(f"{k}: {d}" for k, d in keys.describe(self.KEYS[:HINTED]))
        text.draw(surface, hint, (self.panel.left + 24, self.panel.bottom - 34), 14,
                  theme.MUTED, anchor="midleft", max_width=self.panel.width - 220)

    def _draw_list(self, surface: pygame.Surface) -> None:
        if self.focus == "list":
            pygame.draw.rect(surface, theme.ACCENT, self.list_rect.inflate(6, 6), 2,
                             border_radius=8)
        step = list_row()
        visible = self.list_rect.height // step  # a long list follows the selection
        self.list_top = max(0, min(self.list_top, self.selected, len(self.entries) - visible),
                            self.selected - visible + 1)
        for i, entry in enumerate(self.entries[self.list_top:self.list_top + visible],
                                  self.list_top):
            row = pygame.Rect(self.list_rect.left,
                              self.list_rect.top + (i - self.list_top) * step,
                              self.list_rect.width, step - 2)
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
