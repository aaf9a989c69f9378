"""Watching a finished game again: the replay's controls, its keys and its timer.

A replay is a game scene over a `Replay` (the finished game's action list, seekable);
this layer is the bar under the table (first, back, play, forward, last, close, and
where in the game the table is) and the keys that move through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.replay import Replay
from nile.ui import keys, text, theme
from nile.ui.chrome.ending import Ending
from nile.ui.chrome.layer import Layer

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

BAR_HEIGHT = 44
PLAY_STEP = 0.6
"""Seconds between two moves while the replay plays."""
REPLAY_KEYS = (
    keys.Binding("right", "seek_by", "replay: one move forward", args=(1,)),
    keys.Binding("left", "seek_by", "replay: one move back", args=(-1,)),
    keys.Binding("home", "replay_start", "replay: to the start"),
    keys.Binding("end", "replay_end", "replay: to the end"),
    keys.Binding("space", "toggle_play", "replay: play or pause"),
    keys.Binding("escape", "close_replay", "close the replay (the menu is on the top bar)"),
    keys.Binding("backspace", "close_replay", "close the replay"),
)
"""Keys while watching a replay (they come before the game's own)."""


class ReplayBar(Layer):
    """The replay's controls under the table, and its keys."""

    below_table = BAR_HEIGHT

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.playing = False
        self._play_timer = 0.0
        self._buttons: dict[str, object] = {}
        self._make_controls()

    @property
    def replay(self) -> Replay:
        """The finished game on the table (the scene's: a watched game's grows)."""
        replay = self.scene.replay
        assert replay is not None
        return replay

    def _make_controls(self) -> None:
        y = theme.HEIGHT - 38
        specs = (
            ("|<", "first", self.replay_start, "The set-up, before the first move (Home)"),
            ("<", "back", lambda: self.seek_by(-1), "One move back (Left)"),
            ("Play", "play", self.toggle_play, "Play or pause (Space)"),
            (">", "forward", lambda: self.seek_by(1), "One move on (Right)"),
            (">|", "last", self.replay_end, "The end of the game (End)"),
        )
        x = 16
        for label, key, callback, tip in specs:
            width = 64 if key == "play" else 48
            self._buttons[key] = self.scene.button(pygame.Rect(x, y, width, 32), label,
                                                   callback, tip)
            x += width + 4
        self._buttons["close"] = self.scene.button(
            pygame.Rect(x + 8, y, 96, 32), "Close", self.close_replay,
            "Leave the replay (Backspace)",
        )

    # Moving through the game ---------------------------------------------------------------

    def seek(self, position: int) -> None:
        """Show the game at `position`; one move forward plays that move out."""
        before = self.replay.position
        forward_one = position == self.replay.stop_from(before, 1) and position > before
        self.scene.anims.finish()
        self.scene.toasts.items.clear()  # what earlier moves announced is no longer on screen
        self.replay.seek(position)
        self.scene.refresh()
        if forward_one:  # the move and the chance steps after it play out
            self.scene.on_events([e for events in self.replay.history()[before:]
                                  for e in events])

    def seek_by(self, step: int) -> None:
        """One player's move on or back (with the chance steps that follow it)."""
        self.seek(self.replay.stop_from(self.replay.position, step))

    def replay_start(self) -> None:
        """The set-up, dealt (its chance steps are no one's move)."""
        self.seek(self.replay.setup)

    def replay_end(self) -> None:
        self.seek(self.replay.length)

    def toggle_play(self) -> None:
        """Play from here (from the start if at the end), or pause; the button says which."""
        if not self.playing and self.replay.position >= self.replay.length:
            self.replay_start()
        self._set_playing(not self.playing)

    def _set_playing(self, playing: bool) -> None:
        self.playing = playing
        self._play_timer = 0.0
        self._buttons["play"].set_text("Pause" if playing else "Play")  # type: ignore[attr-defined]

    def close_replay(self) -> None:
        """Leave the replay for the screen below it (the results or the table)."""
        if self.scene.app.top is self.scene:
            self.scene.app.pop()

    # The layer ---------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.playing

    def handle_event(self, event: pygame.event.Event) -> bool:
        return keys.dispatch(self, REPLAY_KEYS, event)

    def update(self, dt: float) -> None:
        if not self.playing or self.scene.anims.busy:
            return
        self._play_timer += dt
        if self._play_timer >= PLAY_STEP:
            self._play_timer = 0.0
            self.seek_by(1)
            if self.replay.position >= self.replay.length:
                self._set_playing(False)

    def draw(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, theme.HEIGHT - BAR_HEIGHT, self.scene.table_rect.width, BAR_HEIGHT)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        moves, total = self.replay.moves_before(self.replay.position), self.replay.move_count
        label = "Set-up" if moves == 0 else f"Move {moves} of {total}"
        close = self._buttons["close"].rect  # type: ignore[attr-defined]
        text.draw(surface, label, (close.right + 16, bar.centery), 16, theme.TEXT,
                  anchor="midleft", max_width=150)
        left = close.right + 180
        track = pygame.Rect(left, bar.centery - 3, max(10, bar.right - 20 - left), 6)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
        if total:
            done = track.copy()
            done.width = round(track.width * moves / total)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=3)


class ReplayEnding(Ending):
    """A replay's Results and Replay: the results on request, Replay back to the set-up."""

    def __init__(self, scene: TableScene, bar: ReplayBar) -> None:
        super().__init__(scene)
        self.bar = bar
        self.recorded = True  # a game watched again was recorded where it was played

    def open_replay(self) -> None:
        app = self.scene.app
        while app.top is not None and app.top is not self.scene:
            app.pop()
        self.bar.replay_start()
