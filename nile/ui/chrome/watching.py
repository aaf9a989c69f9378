"""Watching a game another Nile window plays (issue 27: one writer per game).

The game is shown as a replay at its latest move, read only and as everyone may see it
(no hand is shown: whoever watches is none of the players); this layer looks at the
file every `WATCH_EVERY` seconds and moves the table on as that window saves. When that
window lets the game go (it closed, or died), the watcher is told once that the game is
free to Continue here: otherwise the table would just stop moving, with no word why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from nile.core import owner, saves
from nile.core.errors import SaveError
from nile.core.replay import Replay
from nile.ui.chrome.layer import Layer
from nile.ui.chrome.spectator import Spectator

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

WATCH_EVERY = 1.0
"""Seconds between looks at the file of a game watched from another window."""

LET_GO = ("The other window has closed this game: nothing more will arrive. Close, then "
          "Continue to play it on here.")
"""Told once when the watched game's owner lets it go."""


def _stamp(path: Path) -> tuple[int, int] | None:
    """When and how large `path` was last written (None: it is not there)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class FollowFile(Layer):
    """Follows the autosave another window writes; the scene is a replay of it."""

    def __init__(self, scene: TableScene, path: Path) -> None:
        self.scene = scene
        self.path = path
        self._stamp = _stamp(path)
        self._wait = 0.0
        self._let_go = False

    def _owner_gone(self) -> bool:
        """Whether no window holds the game any more: its lock file removed on a close,
        or left unheld by a window that died (`nile.core.owner`)."""
        return (not owner.owner_path(self.path).exists()
                or not owner.held_elsewhere(self.path))

    def update(self, dt: float) -> None:
        self._wait += dt
        if self._wait < WATCH_EVERY:
            return
        self._wait = 0.0
        self._follow_moves()
        if not self._let_go and self._owner_gone():
            self._let_go = True
            self.scene.toast(LET_GO, seconds=10.0)

    def _follow_moves(self) -> None:
        """Move the table on if the other window saved since the last look."""
        stamp = _stamp(self.path)
        if stamp is None or stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            match = saves.load(self.path)
        except SaveError:
            return  # between two writes, or gone: the table stays as it was
        scene, replay = self.scene, self.scene.replay
        assert replay is not None
        if match.info.id != scene.info.id or match.seed != scene.match.seed:
            return  # not the game on the table any more
        kept = match.actions[:replay.length] == replay.actions
        at_end, position = replay.position >= replay.length, replay.position
        moved_on = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
        scene.show_replay(match, moved_on)
        if at_end:
            scene.replay_bar.replay_end()
        else:  # a player looking back at a move stays there
            scene.replay_bar.seek(min(position, moved_on.length))
        if not kept:  # the other window took moves back (an undo) and played on
            scene.toast("The other window took a move back; the table follows it.")


def follow(scene: TableScene, path: Path) -> None:
    """Make the replay `scene` watch the game another window plays in `path`: read only,
    at its latest move, moving on as that window saves."""
    assert isinstance(scene.handover, Spectator), "only a replay watches"
    scene.layers.append(FollowFile(scene, path))
    scene.handover.public = True
    scene.top_bar.title_suffix = " · Watching"
    scene.replay_bar.replay_end()
    scene.toast("Watching the game played in another window: read only.", seconds=5.0)
