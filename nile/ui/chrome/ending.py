"""The end of a live game: the results open once the last move has played out, and stay
at hand afterwards (the top bar's Results and Replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core import records
from nile.core.replay import Replay
from nile.core.text import safe_text
from nile.ui import sound
from nile.ui.chrome.layer import Layer
from nile.ui.games import scene_for

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


class Ending(Layer):
    """Opens the results once, then on request; opens the replay of the finished game."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.results_shown = False
        self.recorded = scene.over_when_opened
        """The game is in the records (a game that had ended before this table opened it
        was recorded where it ended)."""

    def update(self, dt: float) -> None:
        scene = self.scene
        if scene.game_over and not self.recorded:
            self.recorded = True
            self.record()
        if (scene.game_over and not scene.anims.busy and not self.results_shown
                and scene.autoplay.allows_results):
            self.results_shown = True
            sound.play("win")
            self.reopen_results()

    def record(self) -> None:
        """Keep the finished game in the records; a disk that refuses is told, the game
        itself is safe in its save either way."""
        if not self.scene.autoplay.keeps_records:
            return
        try:
            records.add(records.record_of(self.scene.match))
        except OSError as error:
            reason = safe_text(error.strerror or error, 100)
            self.scene.toast(f"This game could not be added to your records ({reason}).",
                             "error", 6.0)

    def reopen_results(self) -> None:
        """Show the results screen (again) over this table; nothing happens before the end."""
        if not self.scene.game_over:
            self.scene.toast("The results come at the end of the game.")
            return
        self.scene.app.push(self.scene.make_results())

    def open_replay(self) -> None:
        """Watch the finished game from its set-up."""
        if not self.scene.game_over:
            self.scene.toast("The replay opens at the end of the game.")
            return
        match = self.scene.match
        replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
        self.scene.app.push(scene_for(match.info)(self.scene.app, match, replay=replay))
