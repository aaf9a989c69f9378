"""Autosave after every action, written on a background thread so no frame waits for the disk.

Only the newest save matters: if a write is still running when the next action comes,
the pending data is replaced, so the writer never falls behind. Writes are atomic
(`saves.write_atomic`), so a crash mid-write leaves the previous autosave intact. Each
game has its own file (`library.new_autosave_path`), so no game replaces another's.

A write that fails (a full or read-only disk) is kept in `last_error` for the scene to
show; the thread never dies of it, and the next action tries again.

The file is this window's while the game is open here (`claim`): one writer per game.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nile.core import library, owner, saves
from nile.core.session import Match
from nile.core.text import safe_text


class Autosaver:
    """Writes the latest match save to `path` in the background."""

    def __init__(self, path: Path, claim: owner.Claim | None = None) -> None:
        self.path = path
        self.claim = claim
        """This window's hold on the file (`nile.core.owner`): while it is held, another
        window that opens the game is offered a copy instead of writing over this one."""
        self._pending: dict[str, Any] | None = None
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None
        self.saved_ply: int | None = None
        """The ply of the last save that reached the disk (None: none yet)."""
        self._queued_ply: int | None = None
        self.elsewhere: tuple[Path, int] | None = None
        """A save the player made in a folder of their choice while this file failed."""

    def save(self, match: Match, extra: Mapping[str, Any] | None = None) -> None:
        """Queue the match's current save (cheap: the disk work happens elsewhere), with
        `extra` fields beside the game (a tutorial's step) in the same write."""
        data = {**library.save_data(match), **(extra or {})}
        with self._lock:
            self._pending = data
            self._queued_ply = match.ply
            self._wake.set()
            # the writer leaves only under this lock with nothing pending, so a save can
            # never be left waiting for a thread that is on its way out
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()

    def flush(self) -> bool:
        """Write whatever is pending now and wait for a write under way (quit, tests).

        Returns True if the newest queued save is on the disk."""
        with self._writing:
            with self._lock:
                data, self._pending, ply = self._pending, None, self._queued_ply
            if data is not None:
                self._write(data, ply)
        return self.last_error is None

    @property
    def up_to_date(self) -> bool:
        """True if nothing is waiting and the last write worked."""
        with self._lock:
            pending = self._pending is not None
        return not pending and self.last_error is None

    def _run(self) -> None:
        while True:
            self._wake.wait(timeout=2.0)
            with self._lock:
                if self._pending is None and not self._wake.is_set():
                    self._thread = None  # idle: the next save starts a new writer
                    return
                self._wake.clear()
            self.flush()

    def release(self) -> None:
        """The game is closed here: another window may own it now."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def saved_elsewhere(self, path: Path, ply: int) -> None:
        """The player saved the game to `path` (move `ply`) because this file failed."""
        self.elsewhere = (path, ply)

    def covered_elsewhere(self, ply: int) -> bool:
        """Whether a save made elsewhere holds the game up to move `ply`."""
        return self.elsewhere is not None and self.elsewhere[1] >= ply \
            and self.elsewhere[0].exists()

    def _write(self, data: dict[str, Any], ply: int | None) -> None:
        try:
            saves.write_atomic(self.path, data)
        except OSError as error:
            self.last_error = f"Autosave failed: {safe_text(error.strerror or error, 120)}."
        except Exception as error:  # never let the writer thread die: the next move retries
            self.last_error = f"Autosave failed ({type(error).__name__})."
        else:
            self.last_error = None
            self.saved_ply = ply
