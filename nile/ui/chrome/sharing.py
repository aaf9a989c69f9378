"""Export and import a game as one file (issue 29 item 6): from the Load dialog, a save goes
to the shared folder (Documents/Nile) to be handed to someone; a file put there comes in
among the saves once it has been read as carefully as any save.

An unfinished game's file shows every hand to whoever opens it: the player is asked before
it is written. What went wrong (a damaged file, a disk that refuses) is said, nothing lost.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from nile.core import library, paths, sharing
from nile.core.errors import SaveError
from nile.core.text import safe_text
from nile.ui import text, theme
from nile.ui.chrome.overlay import ConfirmDialog, MessageDialog, Overlay
from nile.ui.chrome.savelist import SaveList
from nile.ui.scene import Shell

REVEALS = ("This game is not over: its file holds every player's hidden cards, and anyone "
           "who opens it can see them all. Export it anyway?")


def export_entry(app: Shell, entry: library.SaveEntry) -> None:
    """Export `entry`, asking first if the game is not over."""
    if entry.problem:
        app.push(MessageDialog(app, "This save cannot be exported", entry.problem))
        return
    if not sharing.reveals_hands(entry):
        _export(app, entry)
        return
    app.push(ConfirmDialog(app, "Export a game in progress?", REVEALS,
                           [("Export", lambda: _export(app, entry)), ("Cancel", _nothing)]))


def _export(app: Shell, entry: library.SaveEntry) -> None:
    try:
        target = sharing.export(entry)
    except SaveError as error:
        app.push(MessageDialog(app, "This save cannot be exported", str(error)))
        return
    except OSError as error:
        app.push(MessageDialog(app, "Could not export", f"{_folder()} cannot be written "
                               f"({safe_text(error.strerror or error, 100)})."))
        return
    app.push(MessageDialog(app, "Exported", f"The game is in {safe_text(target, 300)}. "
                           "Send that file: in Nile it opens with Load, then Import…"))


def _folder() -> str:
    return safe_text(paths.shared_dir(), 200)


def _nothing() -> None:
    """The safe answer: nothing happens."""


class ImportDialog(Overlay):
    """The files in the shared folder: Import copies the chosen one among the saves."""

    arrow_focus = False  # the arrows walk the list

    def __init__(self, app: Shell, imported: Callable[[Path], None]) -> None:
        super().__init__(app, 760, 560, "Import a game")
        self.imported = imported
        self.list = SaveList(
            pygame.Rect(self.panel.left + 30, self.panel.top + 100, self.panel.width - 60, 340),
            sharing.importable())
        self.button_row([("Import", self._import), ("Cancel", self.close)],
                        self.panel.bottom - 66)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.list.handle_event(event, time.monotonic()):
            self._import()
        else:
            super().handle_event(event)

    def _import(self) -> None:
        entry = self.list.chosen
        if entry is None:
            return
        try:
            path = sharing.import_file(entry)
        except SaveError as error:
            self.app.push(MessageDialog(self.app, "This file cannot be imported", str(error)))
            return
        except OSError as error:
            self.app.push(MessageDialog(self.app, "Could not import", "The saves folder cannot "
                                        f"be written ({safe_text(error.strerror or error, 100)})."))
            return
        self.close()
        self.imported(path)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text.draw_wrapped(surface, f"Put a Nile game file in {_folder()} to see it here.",
                          pygame.Rect(self.panel.left + 30, self.panel.top + 58,
                                      self.panel.width - 60, 40), 14, theme.MUTED)
        self.list.draw(surface, "No game files in that folder yet.")
