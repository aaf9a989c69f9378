"""The window, the clock and the scene stack, with the net under every frame.

The canvas is a logical 1280×800 surface; `pygame.SCALED` lets SDL scale it to any
window size and maps mouse positions back, so scenes only ever think in canvas pixels.
The window opens no larger than the desktop (scaled down, aspect kept).

`step` is the guarded frame the main loop runs: an exception in any scene is caught,
written to a crash report, the game's autosave is kept, and the player sees an error
screen instead of losing the window. The guard is a net, not a fix: tests call `tick`,
which lets exceptions through. `start_app` puts the same net under the start (the
window, the settings, the launcher), and `run` ends on SIGTERM, SIGHUP or SIGINT the way
it ends on Quit: every autosave flushed, no question asked, no traceback. Run with
`python -m nile`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import pygame

from nile.core.text import safe_text
from nile.ui import crash, host_online, keys, sound, theme
from nile.ui import settings as settings_store
from nile.ui.chrome.panels import Toasts
from nile.ui.launcher import LauncherScene
from nile.ui.scene import Scene

FPS = 60
IDLE_AFTER = 1.5
"""Seconds without input before a scene that says it is idle stops redrawing: it waits for
input, drawing one frame every IDLE_WAKE_MS (the app idles under 2 % of a core)."""
IDLE_WAKE_MS = 1000
IDLE_POLL_MS = 25
DESKTOP_MARGIN = (40, 80)
"""Room left for the window's frame, title bar and the desktop's panels."""
CRASHES_BEFORE_GIVING_UP = 3
"""Crashes within CRASH_WINDOW seconds after which the app closes instead of looping."""
CRASH_WINDOW = 10.0
STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
"""Signals that end Nile as Quit does (a logout, a closed terminal, Ctrl+C). Without a
handler SDL turned SIGTERM into a window close that could ask a question nobody would
answer, SIGHUP killed Nile with an autosave still to write, SIGINT printed a traceback."""

T = TypeVar("T")


def window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The largest window of the canvas's aspect that fits the desktop (never above 1×).

    >>> window_size((1024, 768))
    (984, 615)
    >>> window_size((1920, 1080))
    (1280, 800)
    """
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return theme.WIDTH, theme.HEIGHT
    room_w, room_h = desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1]
    scale = min(1.0, room_w / theme.WIDTH, room_h / theme.HEIGHT)
    scale = max(scale, 0.25)
    return round(theme.WIDTH * scale), round(theme.HEIGHT * scale)


class App:
    """Owns the display and the stack of scenes; `tick` runs one frame, `step` a guarded one."""

    def __init__(self, home: Callable[[App], Scene] = LauncherScene,
                 settings: settings_store.Settings | None = None) -> None:
        """Open the window; `settings` instead of the saved ones (the defaults, when
        starting with the saved ones failed)."""
        # SDL without a GPU scales in software; pygame warns about it, the app is fine.
        warnings.filterwarnings("ignore", message="no fast renderer available")
        pygame.init()
        if pygame.display.get_driver() != "dummy":
            # SCALED mode scales by whole numbers unless this (oddly named) pygame hint is
            # set: a window smaller than the canvas showed a cropped canvas, not all of it.
            # (Headless, the software renderer crashed on repeated set_mode with them.)
            os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
            os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # text stays readable
        sound.init()
        pygame.display.set_caption("Nile")
        self.screen = pygame.display.set_mode(
            (theme.WIDTH, theme.HEIGHT), pygame.SCALED | pygame.RESIZABLE
        )
        self._fit_window()
        self.home = home
        """The first screen (the launcher); scenes go back to it with `go_home`."""
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.bots_paused = False
        """Scripted screenshots are still pictures: bots wait (their thinking is timed)."""
        self.notices = Toasts(center_x=theme.WIDTH // 2, top=theme.HEIGHT - 78)
        """Messages from the app itself (a setting that could not be written, say)."""
        self._crash_times: list[float] = []
        self.gave_up = False
        """The app closed after repeated crashes (the exit status says so)."""
        self.stopped_by: int | None = None
        """The signal that ended the main loop, if one did."""
        self.settings = settings if settings is not None else settings_store.load()
        self.apply_settings(self.settings, save=False)

    def _fit_window(self) -> None:
        """Shrink the window to the desktop (a 1024×768 screen cannot show 1280×800).

        SCALED mode makes the canvas size the window's minimum; a smaller minimum lets
        the window (and the player) go below it, and SDL keeps scaling the canvas."""
        try:
            if pygame.display.get_driver() == "dummy":
                return  # headless (tests, tools): no desktop, no window to fit
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            return
        size = window_size(desktops[0] if desktops else None)
        with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
            # only the window's size is set; drawing stays with pygame.display
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
            window.minimum_size = (theme.WIDTH // 4, theme.HEIGHT // 4)
            if size != (theme.WIDTH, theme.HEIGHT):
                window.size = size
                window.position = pygame.WINDOWPOS_CENTERED

    # The stack ---------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if not scene.overlay:
            self.notices.items.clear()  # a note about the last screen must not sit on the next
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].enter()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show `scene` (back to the launcher, say)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def go_home(self) -> None:
        """Back to the first screen with nothing above it (Quit to launcher).

        The scenes leave first, so their saves are on the disk before the launcher
        reads what is in progress."""
        while self.stack:
            self.stack.pop().exit()
        self.push(self.home(self))

    def host_again(self, path: Path) -> str | None:
        """Host again the game this app hosted whose save is `path` (Continue opens it):
        here, above the screens, since hosting leads back to the game scenes that open
        saves; why not, if it cannot be."""
        return host_online.host_again(self, path)

    def notify(self, message: str, kind: str = "info", seconds: float = 6.0) -> None:
        """A message over whatever scene is showing."""
        self.notices.show(safe_text(message, 300), kind, seconds)

    # Settings ------------------------------------------------------------------------

    def apply_settings(self, new: settings_store.Settings, save: bool = True) -> None:
        """Use and (by default) persist new settings.

        Settings that cannot be written (a read-only or full disk) stay in force for
        this session, and the player is told."""
        fullscreen_changed = new.fullscreen != self.is_fullscreen()
        self.settings = new
        theme.use_color_blind_palette(new.color_blind)
        if new.text_size != theme.text_percent():
            theme.use_text_size(new.text_size)
        sound.configure(new.volume, new.muted)
        if fullscreen_changed:
            # A display that cannot go full screen keeps the setting for next time.
            with contextlib.suppress(pygame.error):
                pygame.display.toggle_fullscreen()
            if not self.is_fullscreen():
                self._fit_window()  # SDL restores the canvas size, maybe beyond the desktop
        if save:
            try:
                settings_store.save(new)
            except OSError as error:
                reason = safe_text(error.strerror or error, 100)
                self.notify(f"Settings could not be saved ({reason}); they apply until you quit.",
                            "error")

    def is_fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen())

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.changed(fullscreen=not self.is_fullscreen()))

    # Frames --------------------------------------------------------------------------

    def tick(self, dt: float, events: list[pygame.event.Event]) -> None:
        """One frame: route events, update the top scene, draw the visible stack."""
        for event in events:
            if event.type == pygame.QUIT:
                self.request_quit()
            elif keys.dispatch(self, keys.APP_KEYS, event):
                continue
            elif self.top is not None:
                self.top.dispatch(event)
        if self.top is not None:
            self.top.update_all(dt)
        self.notices.update(dt)
        self.draw(self.screen)

    def request_quit(self) -> None:
        """The window's close button: any scene on the stack may ask first (a game the
        disk refused, even under an open menu)."""
        if all(scene.allow_quit() for scene in reversed(self.stack)):
            self.running = False

    def step(self, dt: float, events: list[pygame.event.Event]) -> None:
        """A frame under the net: a scene's exception becomes the error screen."""
        self.guarded(lambda: self.tick(dt, events))

    def guarded(self, work: Callable[[], T]) -> T | None:
        """`work()` under the net: an exception becomes the error screen (and None)."""
        try:
            return work()
        except Exception as error:  # the net: every cause is fixed and tested where it is
            self.crashed(error)
            return None

    def crashed(self, error: BaseException) -> None:
        """Keep the game, write a report, show the error screen (or close if it loops)."""
        report = crash.write_report(error, self.stack)
        rescued = crash.rescue(self.stack)
        now = time.monotonic()
        self._crash_times = [t for t in self._crash_times if now - t < CRASH_WINDOW] + [now]
        if len(self._crash_times) >= CRASHES_BEFORE_GIVING_UP:
            print(f"Nile stopped after repeated errors; report: {report}", file=sys.stderr)
            self.running = False
            self.gave_up = True
            return
        while self.stack:
            with contextlib.suppress(Exception):
                self.stack.pop().exit()
        self.push(crash.ErrorScene(self, report, rescued))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest non-overlay scene up to the top, then the app's notices."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw_all(surface)
        self.notices.draw(surface)

    def run(self) -> None:
        """The main loop, until Quit or a stop signal. A still screen is not redrawn until
        input comes (it saves power), but for one frame a second."""
        quiet = 0.0
        with self.stopping_on_signals():
            while self.running and self.stack:
                top = self.top
                idle = quiet > IDLE_AFTER and top is not None and bool(self.guarded(top.is_idle))
                if idle and not self.notices.items:
                    events = self._wait_for_input()
                    dt = self.clock.tick() / 1000.0
                else:
                    dt = self.clock.tick(FPS) / 1000.0
                    events = pygame.event.get()
                quiet = 0.0 if events else quiet + dt
                self.step(min(dt, 0.1), events)
                pygame.display.flip()
            if self.stopped_by is not None:
                self._say_what_was_kept()
            self.close()

    @staticmethod
    def _wait_for_input() -> list[pygame.event.Event]:
        """A still screen sleeps until input comes, or for IDLE_WAKE_MS at most: then one
        frame lets what runs on a clock catch up (a toast's time, a watched game's file).

        It looks for input every IDLE_POLL_MS: SDL's own wait polls far more often (about
        1.6 % of a core under X11, measured), a short sleep costs 0.3 %."""
        for _ in range(IDLE_WAKE_MS // IDLE_POLL_MS):
            time.sleep(IDLE_POLL_MS / 1000)
            events = pygame.event.get()
            if events:
                return events
        return []

    @contextlib.contextmanager
    def stopping_on_signals(self) -> Iterator[None]:
        """While the block runs, SIGTERM, SIGHUP and SIGINT end the main loop (`close`
        then flushes the autosaves); the handlers before are restored after it."""
        previous: dict[int, Any] = {}
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)  # Windows has no SIGHUP
            if number is None:
                continue
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                previous[number] = signal.signal(number, self._on_signal)
        try:
            yield
        finally:
            for number, handler in previous.items():
                # a handler set outside Python (SDL's) reads as None: the default then
                with contextlib.suppress(ValueError, OSError):
                    signal.signal(number, signal.SIG_DFL if handler is None else handler)

    def _on_signal(self, number: int, _frame: FrameType | None) -> None:
        """Stop after this frame, as Quit does but without asking: nobody is there to
        answer a question at logout, and Ctrl+C means now."""
        self.stopped_by = number
        self.running = False

    def _say_what_was_kept(self) -> None:
        """On the terminal, after a stop signal: whether the game in play reached the disk."""
        name = signal.Signals(self.stopped_by).name if self.stopped_by else "a signal"
        kept = crash.rescue(self.stack)  # flushes every autosave, and says what it holds
        note = f" {kept.note}" if kept is not None else ""
        print(f"Nile closed ({name}).{note}", file=sys.stderr)

    def close(self) -> None:
        """Let every scene finish (flush saves), top first, then shut pygame down."""
        while self.stack:
            with contextlib.suppress(Exception):
                self.stack.pop().exit()
        pygame.quit()


def start_app() -> App | None:
    """The window with the launcher, under the net from the first line: if the window
    cannot open with the player's settings (a file no check foresaw), a crash report is
    written and Nile opens with the defaults and says so; if it cannot open at all, the
    terminal says why and where the report is (None). Never a silent exit."""
    note = ""
    try:
        app = App()
    except Exception as error:
        report = crash.write_report(error, [])
        try:
            app = App(settings=settings_store.Settings())
        except Exception as again:
            report = crash.write_report(again, []) or report
            where = f" A report for the developers is in {report}." if report else ""
            print(f"Nile could not start ({type(again).__name__}: {again}).{where}",
                  file=sys.stderr)
            return None
        # the full path does not fit the note: the file's name, in the crash reports folder
        where = f" (report {report.name} in the crash reports folder)" if report else ""
        note = f"Nile met an error while starting, so it uses the default settings this " \
               f"time{where}."
    app.guarded(app.go_home)
    if note:
        app.notify(note, "error", 15.0)
    return app
