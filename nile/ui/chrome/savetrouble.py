"""Whether a game is safe on the disk, and the banner it shows while its autosave fails
(a full or read-only disk).

The player must know that the moves are not on the disk, why, and what to do: the
banner says so and offers "Save elsewhere…" (a folder of their choice). It goes away
by itself when a later autosave works.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from nile.core.text import count
from nile.ui import text, theme
from nile.ui.chrome.dialogs import SaveDialog, leave_game
from nile.ui.chrome.layer import Layer
from nile.ui.scene import Rescued

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

BANNER_HEIGHT = 44


class SaveTrouble(Layer):
    """Watches the scene's autosaver; draws the banner and its button while it fails."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._button: object | None = None

    @property
    def message(self) -> str | None:
        saver = self.scene.autosaver
        return saver.last_error if saver is not None else None

    @property
    def rect(self) -> pygame.Rect:
        table = self.scene.table_rect
        return pygame.Rect(table.left + 12, table.top + 8, table.width - 24, BANNER_HEIGHT)

    def update(self, dt: float) -> None:
        """Show the button while the autosave fails, remove it once it works again."""
        failing = self.message is not None
        if failing and self._button is None:
            rect = self.rect
            button_rect = pygame.Rect(rect.right - 176, rect.top + 6, 168, rect.height - 12)
            self._button = self.scene.button(button_rect, "Save elsewhere…", self.save_elsewhere,
                                             "Choose a folder that can be written", "@small")
        elif not failing and self._button is not None:
            self.scene.forget(self._button)  # type: ignore[arg-type]
            self._button = None

    def hidden(self) -> None:
        if self._button is not None and self._button.visible:  # type: ignore[attr-defined]
            self._button.hide()  # type: ignore[attr-defined]

    def save_elsewhere(self) -> None:
        self.scene.app.push(SaveDialog(self.scene.app, self.scene, elsewhere=True))

    def confirm_leaving(self, then: Callable[[], None]) -> None:
        """Ask before the window closes on a game the disk refused."""
        leave_game(self.scene.app, self.scene, then)

    def draw(self, surface: pygame.Surface) -> None:
        message = self.message
        if message is None:
            return
        if self._button is not None and not self._button.visible:  # type: ignore[attr-defined]
            self._button.show()  # type: ignore[attr-defined]
        rect = self.rect
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.3), rect, border_radius=8)
        pygame.draw.rect(surface, theme.BAD, rect, 2, border_radius=8)
        saver = self.scene.autosaver
        if saver is not None and saver.elsewhere is not None and \
                saver.covered_elsewhere(self.scene.match.ply):
            line = f"{message} The game is saved elsewhere ({saver.elsewhere[0].name})."
        else:
            line = f"{message} Your latest moves are not on the disk."
        text.draw(surface, line, (rect.left + 14, rect.centery), 16, theme.TEXT,
                  anchor="midleft", max_width=rect.width - 210)

    # Is the game on the disk? ------------------------------------------------------

    def saved(self) -> bool:
        """Whether this game is safe on the disk now: the newest move written, and the file
        still there (not deleted from the Load list). A replay, or a game that was already
        over when it was opened, has nothing to save: its autosave is never written (the
        save it came from holds it), and leaving it must not say that moves will be lost."""
        saver = self.scene.autosaver
        if saver is None or self.scene.over_when_opened:
            return True
        if saver.flush() and saver.path.exists():
            return True
        return saver.covered_elsewhere(self.scene.match.ply)

    def allow_quit(self) -> bool:
        """Closing the window with a game the disk refused, or on friends playing at a
        table this app hosts, asks first."""
        if self.saved() and self.scene.autoplay.leaving_question() is None:
            return True
        self.confirm_leaving(lambda: setattr(self.scene.app, "running", False))
        return False

    def rescue(self) -> Rescued | None:
        """Flush the autosave and say honestly how much of the game it holds."""
        saver = self.scene.autosaver
        if saver is None or self.scene.state.is_terminal:
            return None
        written = saver.flush() and saver.path.exists()
        if saver.saved_ply is None or not saver.path.exists():
            reason = (saver.last_error or "the disk refused it").rstrip(".")
            return Rescued(None, f"Your game could not be saved ({reason}).")
        where = self.scene.autoplay.resumed_from  # a lesson's is Learn to play
        # moves the players made since the save on the disk (chance is not a move)
        behind = sum(1 for entry in self.scene.match.log[saver.saved_ply:] if entry.seat >= 0)
        if written and behind <= 0:
            return Rescued(saver.path, f"Your game is saved: {where} opens it again at the "
                                       "last move you made.")
        return Rescued(saver.path, f"The disk refused the latest moves: {where} opens the "
                                   f"game as it was {count(behind, 'move')} earlier.")
