"""The game log on the right of a table: what happened, in the words of the person looking.

New lines wait while the table still shows the move happening, so the log never tells the
outcome before the animation does. A bot's own word for a surprising move (a free build
passed) is kept by ply and shown after that move's lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.ui import theme
from nile.ui.chrome.layer import Layer
from nile.ui.chrome.panels import LogPanel

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

SHOWN = 400
"""Moves whose lines the log holds (older ones scroll out of reach)."""


class GameLog(Layer):
    """The scrolling log panel, open or closed (L)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.open = True
        self.panel = LogPanel(pygame.Rect(theme.WIDTH - theme.LOG_WIDTH, theme.TOP_BAR_HEIGHT,
                                          theme.LOG_WIDTH, theme.HEIGHT - theme.TOP_BAR_HEIGHT))
        self.reasons: dict[int, str] = {}
        """The bots' own reasons for moves that need saying, by ply."""
        self._held: list[str] | None = None
        self._shown = 0
        """How many of the match's log entries the panel shows (new ones wait while the
        table still shows the move happening)."""

    @property
    def rect(self) -> pygame.Rect:
        return self.panel.rect

    @property
    def lines(self) -> list[str]:
        """The lines shown now (held ones not yet)."""
        return self.panel.lines

    @property
    def width(self) -> int:
        """How much of the screen's width the log takes now."""
        return theme.LOG_WIDTH if self.open else 0

    def live_lines(self, viewer: int | None, entries: int | None = None) -> list[str]:
        """The live game's log as `viewer` may read it: its first `entries` log entries
        (all by default)."""
        scene = self.scene
        lines = []
        for entry in scene.match.log[:entries][-SHOWN:]:
            for event in entry.events:
                line = event.describe(viewer)
                if line:
                    lines.append(scene.words(line))
            if entry.ply in self.reasons:  # a bot's own word for a surprising move
                lines.append(f"({scene.name(entry.seat)}: {self.reasons[entry.ply]})")
        return lines

    def show(self, lines: list[str]) -> None:
        """Show `lines` now."""
        self._held = None
        self.panel.set_lines(lines)

    def show_live(self, viewer: int | None, hold: bool) -> None:
        """Show the live game's log as `viewer` reads it; with `hold` (a move still plays
        out) its new lines wait, and the lines shown already are described again for
        `viewer` (the screen may have passed on)."""
        lines = self.live_lines(viewer)
        if hold:
            self._held = lines
            self.panel.set_lines(self.live_lines(viewer, self._shown))
        else:
            self.show(lines)
            self._shown = self.entries()

    def entries(self) -> int:
        """How many log entries the live game has (what `live_lines` counts)."""
        return len(self.scene.match.log)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEWHEEL and self.open
                and self.panel.rect.collidepoint(pygame.mouse.get_pos())):
            self.panel.on_wheel(event.y)
            return True
        return False

    def update(self, dt: float) -> None:
        if self._held is not None and not self.scene.anims.busy:
            self.panel.set_lines(self._held)
            self._held = None
            self._shown = self.entries()

    def draw(self, surface: pygame.Surface) -> None:
        if self.open:
            self.panel.draw(surface)
