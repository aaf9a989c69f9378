"""A replay's viewer, the spectator: nobody in particular, no cover, nothing to hand over.

A finished game hides nothing: the table shows the whole state and the log is everyone's.
A game another window is still playing (`watching`) shows only what everyone may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import GameState
from nile.ui.chrome.game_log import SHOWN
from nile.ui.chrome.layer import Layer

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


class Spectator(Layer):
    """A replay's viewer: nobody in particular, no cover, nothing to hand over. A finished
    game hides nothing: the table shows the whole state, the log is everyone's."""

    viewer: int | None = None
    given_to: int | None = None
    covered_for: int | None = None
    handing_over: int | None = None
    shared_screen = False
    waiting = False
    done_left: int | None = None

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.public = False
        """Show only what everyone may see (a game another window is still playing)."""

    def view_of(self, state: GameState) -> GameState:
        return state.observation(None) if self.public and not state.is_terminal else state

    def show_log(self) -> None:
        """The log up to the move shown, as everyone saw it."""
        replay = self.scene.replay
        assert replay is not None
        self.scene.log.show([self.scene.words(line) for events in replay.history()[-SHOWN:]
                             for line in (e.describe(None) for e in events) if line])

    def words(self) -> str | None:
        """Nothing changes hands in a replay."""
        return None

    def show_view(self) -> None:
        """Nobody waits behind a cover in a replay."""

    def pass_screen(self) -> None:
        """Nothing to pass on in a replay."""

    def after_move(self, actor: int | None) -> None:
        """Nothing changes hands in a replay."""

    def take_back(self, seat: int) -> None:
        """A replay has no undo."""
