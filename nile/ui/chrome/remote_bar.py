"""A remote table's banner and chat: who is missing, the connection, the host's choices.

Between the board and the bottom bar a strip says what the table waits for:
"Reconnecting… (attempt 2)" while this computer's connection is down, "Waiting for Bo
(disconnected 0:42)" while a person is away. The host (the app holding the host code)
gets a button per missing person to hand the seat to a bot, and one to end the game (the
host keeps it as a save). A Chat button opens a short chat: the last lines and a line to
type (the text gate's field); the host limits how fast lines come.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from nile.net import protocol as p
from nile.net.client import Client, Status
from nile.ui import text, theme
from nile.ui.kit.button import Button

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

STRIP = 34
CHAT_LINES = 6
CHAT_WIDTH = 440


class Table(Protocol):
    """What the bar reads of the remote layer."""

    client: Client
    is_host: bool
    status: Status
    seats: tuple[p.SeatInfo, ...]
    seats_at: float
    clock: float
    over: p.Over | None
    handed: set[int]
    back: set[int]


def clock_text(seconds: float) -> str:
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def first_sentence(words: str) -> str:
    """The first sentence of `words` (all of them if there is no full stop in them)."""
    end = words.find(". ")
    return words if end < 0 else words[:end + 1]


def banner_words(status: Status, seats: tuple[p.SeatInfo, ...], since: float) -> str | None:
    """What the strip says: the connection first, then who is missing (`since`: seconds
    since the host said how long they have been away)."""
    if status.state == "reconnecting":
        return status.text
    if status.state == "closed":  # the whole reason was a toast; one line fits the strip
        return f"{first_sentence(status.text)} This table is no longer connected."
    parts = []
    for seat in seats:
        if seat.connected:
            continue
        if seat.away_for is None:
            parts.append(f"{seat.name} has not joined yet")
        else:
            parts.append(f"waiting for {seat.name} "
                         f"(disconnected {clock_text(seat.away_for + since)})")
    if not parts:
        return None
    words = "; ".join(parts)
    return words[0].upper() + words[1:]


def settled_words(seats: tuple[p.SeatInfo, ...], handed: set[int],
                  back: set[int] | None = None) -> str:
    """What the strip says when nobody is missing: the seats handed to a bot by name (a
    person who left is not "at the table") and the people who took their seat back from
    the bot, else that everybody is at the table."""
    bots = [f"{seat.name}'s seat" for seat in seats if seat.seat in handed]
    returned = [seat.name for seat in seats if seat.seat in (back or set())]
    parts = []
    if bots:
        parts.append(f"A bot plays {' and '.join(bots)} (handed over)")
    if returned:
        seat_word = "the seat" if len(returned) == 1 else "their seats"
        parts.append(f"{' and '.join(returned)} took {seat_word} back from the bot")
    if not parts:
        return "Everybody is at the table."
    everybody = "everybody else is" if bots else "everybody is"
    return "; ".join([*parts, f"{everybody} at the table."])


class RemoteBar:
    """The strip, the host's buttons and the chat of a remote table."""

    def __init__(self, scene: TableScene, table: Table) -> None:
        self.scene, self.table = scene, table
        self.chat: list[str] = []
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.buttons: list[Button] = []

    @property
    def words(self) -> str | None:
        table = self.table
        if table.over is not None:
            return None
        return banner_words(table.status, table.seats, table.clock - table.seats_at)

    @property
    def strip(self) -> pygame.Rect:
        """The bar's place: between the board and the bottom bar (`RemoteTable.in_table`)."""
        board = self.scene.board_rect
        return pygame.Rect(board.left, board.bottom, board.width, STRIP)

    def _chat_button(self) -> Button:
        strip = self.strip
        label = "Close chat" if self.entry is not None else "Chat"
        return Button(pygame.Rect(strip.left + 8, strip.top + 3, 100, STRIP - 6), label,
                      self.toggle_chat, size=13)

    def _make_buttons(self) -> list[Button]:
        buttons = [self._chat_button()]
        table = self.table
        if not table.is_host or table.over is not None or table.status.state != "connected":
            return buttons
        strip = self.strip
        right = strip.right - 8
        missing = [s for s in table.seats if not s.connected]
        if missing:
            rect = pygame.Rect(right - 150, strip.top + 3, 150, STRIP - 6)
            buttons.append(Button(rect, "End game (keep it)", table.client.end_game, size=13))
            right = rect.left - 8
        for seat in missing:
            rect = pygame.Rect(right - 150, strip.top + 3, 150, STRIP - 6)
            buttons.append(Button(rect, f"A bot plays {seat.name}", self._to_bot(seat.seat),
                                  size=13))
            right = rect.left - 8
        return buttons

    def _to_bot(self, seat: int) -> Callable[[], None]:
        def hand() -> None:
            self.table.client.hand_to_bot(seat, "normal")
        return hand

    # Chat -----------------------------------------------------------------------------

    def chat_line(self, line: p.ChatLine) -> None:
        said = f"{line.name}: {line.text}"
        self.chat = [*self.chat, said][-CHAT_LINES * 4:]
        if self.entry is None:
            self.scene.toast(said, "info", 6.0)

    def toggle_chat(self) -> None:
        if self.entry is not None:
            self.close()
            return
        board = self.scene.board_rect
        rect = pygame.Rect(board.left + 10, board.bottom - 44, CHAT_WIDTH, 36)
        self.entry = self.scene.text_entry(rect, "", 200, "Say something to the table")
        self.entry.focus()

    def close(self) -> None:
        if self.entry is not None:
            self.scene.forget(self.entry)
            self.entry = None

    def send(self, line: str) -> None:
        words = " ".join(line.split())
        if words:
            self.table.client.chat(words)

    # The layer's parts ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.entry is not None
                and event.ui_element is self.entry):
            self.send(self.entry.get_text())
            self.entry.set_text("")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return any(button.handle_event(event) for button in self.buttons)
        if self.entry is not None and self.entry.is_focused and event.type in (
                pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close()
            return True  # typing is for the chat, not the table's keys
        return False

    def update(self, dt: float) -> None:
        self.buttons = self._make_buttons()

    def hidden(self) -> None:
        if self.entry is not None:
            self.entry.hide()

    def draw(self, surface: pygame.Surface) -> None:
        mouse = pygame.mouse.get_pos()
        strip = self.strip
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.2), strip)
        words = self.words
        color = theme.ACCENT if words is not None else theme.MUTED
        settled = settled_words(self.table.seats, self.table.handed, self.table.back)
        text.draw(surface, words or settled,
                  (strip.left + 120, strip.centery), 15, color, "bold", "midleft",
                  max_width=strip.width - 130 - 158 * (len(self.buttons) - 1))
        if self.entry is not None:
            self.entry.show()
            self._draw_chat(surface)
        for button in self.buttons:
            button.draw(surface, mouse)

    def _draw_chat(self, surface: pygame.Surface) -> None:
        assert self.entry is not None
        lines = self.chat[-CHAT_LINES:] or ["No chat yet: lines you send reach everyone."]
        top = self.entry.rect.top - 8 - 20 * len(lines)
        panel = pygame.Rect(self.entry.rect.left, top - 6, CHAT_WIDTH, 20 * len(lines) + 10)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=6)
        for i, line in enumerate(lines):
            text.draw(surface, line, (panel.left + 8, top + 20 * i), 14, theme.TEXT,
                      max_width=CHAT_WIDTH - 16)
