"""The window, the clock and the scene stack.

The canvas is a logical 1280×800 surface; `pygame.SCALED` lets SDL scale it to any
window size and maps mouse positions back, so scenes only ever think in canvas pixels.
Run with `python -m nile`.
"""

from __future__ import annotations

import contextlib
import warnings

import pygame

from nile.ui import settings as settings_store
from nile.ui import sound, theme
from nile.ui.scene import Scene

FPS = 60
IDLE_FPS = 20
IDLE_AFTER = 1.5
"""Seconds without input before a scene that says it is idle drops to IDLE_FPS."""


class App:
    """Owns the display and the stack of scenes; `tick` runs one frame."""

    def __init__(self) -> None:
        # SDL without a GPU scales in software; pygame warns about it, the app is fine.
        warnings.filterwarnings("ignore", message="no fast renderer available")
        pygame.init()
        sound.init()
        pygame.display.set_caption("Nile")
        self.screen = pygame.display.set_mode(
            (theme.WIDTH, theme.HEIGHT), pygame.SCALED | pygame.RESIZABLE
        )
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.bots_paused = False
        """Scripted screenshots are still pictures: bots wait (their thinking is timed)."""
        self.settings = settings_store.load()
        self.apply_settings(self.settings, save=False)

    # The stack ---------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
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

    # Settings ------------------------------------------------------------------------

    def apply_settings(self, new: settings_store.Settings, save: bool = True) -> None:
        """Use and (by default) persist new settings."""
        fullscreen_changed = new.fullscreen != self.is_fullscreen()
        self.settings = new
        theme.use_color_blind_palette(new.color_blind)
        sound.configure(new.volume, new.muted)
        if fullscreen_changed:
            # A display that cannot go full screen keeps the setting for next time.
            with contextlib.suppress(pygame.error):
                pygame.display.toggle_fullscreen()
        if save:
            settings_store.save(new)

    def is_fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen())

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.changed(fullscreen=not self.is_fullscreen()))

    # Frames --------------------------------------------------------------------------

    def tick(self, dt: float, events: list[pygame.event.Event]) -> None:
        """One frame: route events, update the top scene, draw the visible stack."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif self.top is not None:
                self.top.dispatch(event)
        if self.top is not None:
            self.top.update_all(dt)
        self.draw(self.screen)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest non-overlay scene up to the top."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw_all(surface)

    def run(self) -> None:
        """The main loop, until Quit. A still screen is redrawn less often (it saves power)."""
        quiet = 0.0
        while self.running and self.stack:
            idle = quiet > IDLE_AFTER and self.top is not None and self.top.is_idle()
            dt = self.clock.tick(IDLE_FPS if idle else FPS) / 1000.0
            events = pygame.event.get()
            quiet = 0.0 if events else quiet + dt
            self.tick(min(dt, 0.1), events)
            pygame.display.flip()
        self.close()

    def close(self) -> None:
        """Let every scene finish (flush saves), top first, then shut pygame down."""
        while self.stack:
            self.stack.pop().exit()
        pygame.quit()
