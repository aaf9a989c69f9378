"""Pieces of the in-game chrome drawn by hand: the top bar, the game log and toasts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

from nile.ui import text, theme
from nile.ui.chrome.layer import Layer
from nile.ui.kit.hits import HitMap
from nile.ui.table.token import draw_chip

if TYPE_CHECKING:
    from nile.core.session import Match

LOG_LINE = 16
"""The log's line step as designed (for LOG_SIZE type at 100 %); see `log_line`."""
LOG_SIZE = 14
TOAST_LINE = 22


def log_line() -> int:
    """The log's line step at the text size in use."""
    return text.space(LOG_LINE, LOG_SIZE)


def draw_top_bar(
    surface: pygame.Surface,
    title: str,
    round_text: str,
    phase_text: str,
    player: tuple[int, str] | None,
    buttons_left: int,
) -> None:
    """Game title, round and phase, and the player to act, left of the bar's buttons."""
    bar = pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT)
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    title_rect = text.draw(
        surface, title, (14, bar.centery), 20, theme.ACCENT, "bold", "midleft", max_width=220
    )
    chip_width = (chip_room(player[1]) if player else 0)
    status_left = title_rect.right + 18
    status_width = buttons_left - chip_width - status_left - 16
    status = f"{round_text}  ·  {phase_text}" if round_text else phase_text
    text.draw(
        surface,
        status,
        (status_left, bar.centery),
        16,
        theme.TEXT,
        anchor="midleft",
        max_width=max(40, status_width),
    )
    if player:
        color_index, label = player
        chip = pygame.Rect(buttons_left - chip_width - 8, 5, chip_width, bar.height - 10)
        draw_chip(surface, chip, color_index, label, active=True)


def chip_room(label: str) -> int:
    """The width of the top bar's player plate: 250 as designed; at a larger text size only
    what its name needs (the swatch, the bold name, the margins), so the status beside it
    keeps room to be read."""
    if theme.text_percent() == 100:
        return 250
    return min(250, theme.TOP_BAR_HEIGHT + 14 + text.measure(label, 16, "bold"))


@dataclass
class LogPanel:
    """The scrolling game log on the right; newest at the bottom, wheel to scroll back.

    Each line is wrapped once: the wrapped rows are kept by (line, width), so a move that adds
    a line to a 300-line log wraps one line, not 300 (tools/log_bench.py measures it;
    pygame_gui's UITextBox re-lays its whole text on an append, far more than a frame)."""

    rect: pygame.Rect
    lines: list[str] = field(default_factory=list)
    scroll: int = 0
    _wrapped: list[str] = field(default_factory=list)
    _rows: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    """(line, width) -> its wrapped rows, for the lines shown now."""
    _width: int = -1
    """The width `_wrapped` was wrapped at (the rect may change under it)."""
    _dirty: bool = True
    _version: int = 0
    _image: pygame.Surface | None = None
    _image_key: tuple[object, ...] = ()
    """Counts the wraps (`_wrapped` is known by it); the panel as painted, what it shows."""

    def set_lines(self, lines: list[str]) -> None:
        if lines != self.lines:
            self.lines = lines
            self._dirty = True
            self.scroll = 0

    def _rewrap(self) -> None:
        """Wrap the lines at the panel's width, reusing each line already wrapped at that
        width; lines no longer shown are forgotten, so the cache never outgrows the log."""
        width = self.rect.width - 20
        known, rows = self._rows, {}
        for line in self.lines:
            key = (line, width)
            wrapped = known.get(key)
            rows[key] = wrapped if wrapped is not None else text.wrap(line, LOG_SIZE, width)
        self._rows, self._width = rows, width
        self._wrapped = [row for line in self.lines for row in rows[(line, width)]]
        self._dirty = False
        self._version += 1

    def on_wheel(self, dy: int) -> None:
        visible = (self.rect.height - 40) // log_line()
        self.scroll = max(0, min(max(0, len(self._wrapped) - visible), self.scroll + dy * 3))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, painted again when its rows, scroll, place or text size change (its
        forty rows took about 0.5 ms of every frame of every table, issue 33 item 6)."""
        if self._dirty or self.rect.width - 20 != self._width:
            self._rewrap()
        key = (self._version, self.scroll, tuple(self.rect), theme.text_percent())
        if self._image is None or self._image_key != key:
            self._image, self._image_key = pygame.Surface(self.rect.size), key
            self._paint(self._image, pygame.Rect((0, 0), self.rect.size))
        surface.blit(self._image, self.rect)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel drawn in `rect` of `surface`."""
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        text.draw(surface, "Game log", (rect.left + 10, rect.top + 8), 15, theme.MUTED, "bold")
        step, y = log_line(), rect.top + text.space(32, 15)
        end = len(self._wrapped) - self.scroll
        shown = self._wrapped[max(0, end - (rect.height - 40) // step) : end]
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-8, 0))  # a single over-long word stays inside
        for line in shown:  # already wrapped to the width: a cached render is enough
            surface.blit(text.render(line, LOG_SIZE, theme.TEXT), (rect.left + 10, y))
            y += step
        surface.set_clip(clip)
        if self.scroll:
            text.draw(surface, "▼ newer below (scroll)", (rect.centerx, rect.bottom - 6), 12,
                      theme.MUTED, anchor="midbottom")


@dataclass
class Toast:
    message: str
    kind: str
    ttl: float
    viewer: int | None = None
    """Whom it was written for: a seat (their own view) or None (everyone)."""
    why: str = ""
    """The rules reference's section a refusal rests on ('' : no Why? offered)."""
    moment: object = None
    """For a hint: the moment of the game it speaks of; it goes when that passes (None:
    it stays its time)."""


class Reasons(Protocol):
    """What the toasts ask of the game about a refusal (`Commands`)."""

    def why_of(self, message: str) -> str:
        """The section that explains an error `message` ('' if none does)."""

    def open_why(self, section: str, refused: str) -> None:
        """Open the rules reference at `section`, saying what was `refused`."""


WHY = "Why? (F1)"


def moment_of(match: Match) -> tuple[int, int]:
    """This moment of a game: another once a move is played (the state changes in place,
    so its count of moves tells), taken back or received (a new state object)."""
    return (id(match.state), match.ply)


@dataclass
class Toasts(Layer):
    """Short messages under the top bar: why a move was refused, a hint, a save."""

    center_x: int
    top: int = theme.TOP_BAR_HEIGHT + 10
    """Where the first toast goes; a game moves it below its own top panels."""
    items: list[Toast] = field(default_factory=list)
    reasons: Reasons | None = None
    """Who says why a move was refused and opens the rule (None: no Why? offered)."""
    hits: HitMap[Toast] = field(default_factory=HitMap)
    """The Why? buttons of the last frame, by their toast."""
    _hover: bool = False
    avoid: pygame.Rect | None = None
    """What no toast may cover (a lesson's card): a toast that would is moved below it."""

    COLORS: ClassVar[dict[str, theme.Color]] = {
        "error": theme.BAD,
        "info": theme.ACCENT,
        "ok": theme.GOOD,
    }

    def show(self, message: str, kind: str = "info", seconds: float = 3.5,
             viewer: int | None = None, why: str = "") -> None:
        """Show `message`, written for `viewer` (a seat's own view, or None: everyone). An
        error offers "Why?": at `why`, else at the rule its words name, if any does."""
        if kind == "error" and not why and self.reasons is not None:
            why = self.reasons.why_of(message)
        self.items = [t for t in self.items if t.message != message][-2:]
        self.items.append(Toast(message, kind, seconds, viewer, why))

    def refusal(self) -> Toast | None:
        """The newest refusal on screen that offers Why? (None if none shows)."""
        return next((t for t in reversed(self.items) if t.why), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on Why? opens the rule; the pointer resting on Why? keeps its toast up."""
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.hits.at(event.pos) is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.reasons:
            toast = self.hits.at(event.pos)
            if toast is not None:
                self.reasons.open_why(toast.why, toast.message)
                return True
        return False

    def keep_for(self, viewer: int | None, moment: object = None) -> None:
        """Who looks now is `viewer` and the game is at `moment`: a toast written for
        another seat's own view goes with that view (what everyone may read stays), and
        a hint given at another moment (its move played, the turn passed, a move taken
        back) goes, not to cover the board with stale advice."""
        self.items = [t for t in self.items if (t.viewer is None or t.viewer == viewer)
                      and (t.moment is None or t.moment == moment)]

    def until_move(self, moment: object) -> None:
        """The newest toast (a hint) speaks of `moment` only: it goes when that passes."""
        if self.items:
            self.items[-1].moment = moment

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.ttl -= 0 if self._hover and toast.why else dt
        self.items = [t for t in self.items if t.ttl > 0]

    def boxes(self) -> list[tuple[Toast, list[str], pygame.Rect]]:
        """Each toast with its lines and where it goes: stacked from `top`, and below
        `avoid` wherever it would cover it."""
        placed = []
        y = self.top
        self.hits.clear()
        for toast in self.items:
            lines = text.wrap(toast.message, 16, 560)[:3]
            step = text.space(TOAST_LINE, 16)
            height = 14 + step * len(lines)
            button = text.measure(WHY, 15, "bold") + 20 if toast.why else 0
            width = 40 + max(text.render(line, 16).get_width() for line in lines)
            box = pygame.Rect(0, y, width + button, height)
            box.centerx = self.center_x
            if self.avoid is not None and box.colliderect(self.avoid.inflate(0, 8)):
                box.top = self.avoid.bottom + 8
            placed.append((toast, lines, box))
            y = box.bottom + 6
        return placed

    def draw(self, surface: pygame.Surface) -> None:
        step = text.space(TOAST_LINE, 16)
        for toast, lines, box in self.boxes():
            button = text.measure(WHY, 15, "bold") + 20 if toast.why else 0
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            panel.fill((*theme.darken(theme.PANEL, 0.2), 235))
            surface.blit(panel, box)
            pygame.draw.rect(
                surface, self.COLORS.get(toast.kind, theme.ACCENT), box, 2, border_radius=6
            )
            for i, line in enumerate(lines):
                text.draw(
                    surface,
                    line,
                    (box.centerx - button // 2, box.top + 7 + step * i),
                    16,
                    theme.TEXT,
                    anchor="midtop",
                )
            if toast.why:
                self._draw_why(surface, box, button, toast)

    def _draw_why(self, surface: pygame.Surface, box: pygame.Rect, width: int,
                  toast: Toast) -> None:
        """The Why? button at the toast's right end: it opens the rule (so does F1)."""
        rect = pygame.Rect(box.right - width - 4, box.top + 5, width,
                           min(text.space(30, 15), box.height - 10))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=5)
        text.draw(surface, WHY, rect.center, 15, theme.ACCENT, "bold", "center")
        self.hits.add(rect, toast)
