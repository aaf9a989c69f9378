"""When a scene fails: a crash report on disk, the game kept, and a screen that says so.

The report (traceback, versions, game, move count) goes to the user data folder's
`crashes/`; the game scene's autosave is flushed first, so the last move made is on the
disk. The error screen offers Continue (the game from that autosave) and Launcher.
"""

from __future__ import annotations

import contextlib
import platform
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from nile import __version__
from nile.core import paths
from nile.ui import text, theme
from nile.ui.chrome.dialogs import open_save
from nile.ui.scene import Rescued, Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

MAX_REPORTS = 30
"""Older reports are removed: a crash loop must not fill the disk."""


def report_text(error: BaseException, stack: list[Scene]) -> str:
    """What a bug report needs: versions, where the player was, the traceback."""
    lines = [
        f"Nile {__version__} crash report, {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"Python {platform.python_version()}, pygame-ce {pygame.version.ver}, "
        f"{platform.system()} {platform.machine()}",
        "Scenes: " + " > ".join(type(scene).__name__ for scene in stack),
    ]
    for scene in stack:
        with contextlib.suppress(Exception):
            for key, value in scene.crash_context().items():
                lines.append(f"{key}: {value}")
    lines.append("")
    lines += traceback.format_exception(type(error), error, error.__traceback__)
    return "\n".join(lines)


def write_report(error: BaseException, stack: list[Scene]) -> Path | None:
    """Write the report; None if even that fails (a full disk: the screen still shows)."""
    try:
        folder = paths.crash_dir()
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{time.monotonic_ns() % 10**6}.txt"
        path.write_text(report_text(error, stack), encoding="utf-8", errors="replace")
        old = sorted(folder.glob("crash-*.txt"))[:-MAX_REPORTS]
        for stale in old:
            stale.unlink(missing_ok=True)
        return path
    except OSError:
        return None


def rescue(stack: list[Scene]) -> Rescued | None:
    """Ask every scene, top first, to keep its game; what the first game kept."""
    kept = None
    for scene in reversed(stack):
        try:
            found = scene.rescue()
        except Exception:  # a broken scene must not stop the others from saving
            continue
        kept = kept or found
    return kept


class ErrorScene(Scene):
    """'Something went wrong; your game is saved', with Continue and Launcher."""

    def __init__(self, app: Shell, report: Path | None, rescued: Rescued | None) -> None:
        super().__init__(app)
        self.report = report
        self.resume = rescued.path if rescued is not None else None
        self.note = rescued.note if rescued is not None else "Nothing of your games was lost."
        y = theme.HEIGHT // 2 + 90
        if self.resume is not None:
            self.button(pygame.Rect(theme.WIDTH // 2 - 250, y, 240, 52), "Continue the game",
                        self._continue, object_id="@accent")
            self.button(pygame.Rect(theme.WIDTH // 2 + 10, y, 240, 52), "Launcher",
                        self._launcher)
        else:
            self.button(pygame.Rect(theme.WIDTH // 2 - 120, y, 240, 52), "Launcher",
                        self._launcher, object_id="@accent")

    def _continue(self) -> None:
        assert self.resume is not None
        self._launcher()
        open_save(self.app, self.resume)

    def _launcher(self) -> None:
        self.app.go_home()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._continue() if self.resume is not None else self._launcher()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        middle = theme.WIDTH // 2
        text.draw(surface, "Something went wrong", (middle, 230), 36, theme.ACCENT, "bold",
                  "midtop", max_width=1100)
        saved = self.note
        where = (f"A report for the developers is in {self.report}."
                 if self.report is not None else "A report could not be written (the disk "
                 "refused it).")
        body = pygame.Rect(middle - 480, 300, 960, 120)
        text.draw_wrapped(surface, f"{saved}\n{where}", body, 18, theme.TEXT, align="center")
