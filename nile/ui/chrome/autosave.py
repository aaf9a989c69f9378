"""Autosave after every action, written on a background thread so no frame waits for the disk.

Only the newest save matters: if a write is still running when the next action comes,
the pending data is replaced, so the writer never falls behind. Writes are atomic
(`saves.write_atomic`), so a crash mid-write leaves the previous autosave intact.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from nile.core import paths, saves
from nile.core.session import Match


def header(match: Match) -> dict[str, Any]:
    """Extra fields the launcher reads without replaying the game."""
    status = match.state.status()
    return {
        "title": match.info.title,
        "finished": match.state.is_terminal,
        "round": status.round_text,
        "players": [s.name for s in match.seats],
    }


class Autosaver:
    """Writes the latest match save to `path` in the background."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.autosave_path()
        self._pending: dict[str, Any] | None = None
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None

    def save(self, match: Match) -> None:
        """Queue the match's current save (cheap: the disk work happens elsewhere)."""
        data = {**match.to_save(), **header(match)}
        with self._lock:
            self._pending = data
        self._wake.set()
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()

    def flush(self) -> None:
        """Write whatever is pending now and wait for a write under way (quit, tests)."""
        with self._writing:
            with self._lock:
                data, self._pending = self._pending, None
            if data is not None:
                self._write(data)

    def _run(self) -> None:
        while self._wake.wait(timeout=2.0):
            self._wake.clear()
            self.flush()

    def _write(self, data: dict[str, Any]) -> None:
        try:
            saves.write_atomic(self.path, data)
            self.last_error = None
        except OSError as error:
            self.last_error = f"Autosave failed: {error.strerror or error}"


def read_header(path: Path | None = None) -> dict[str, Any] | None:
    """The autosave's launcher fields, or None if there is no usable autosave."""
    target = path or paths.autosave_path()
    if not target.exists():
        return None
    try:
        data = saves.read_json(target)
    except saves.SaveError:
        return None
    if not isinstance(data, dict) or data.get("format") != saves.FORMAT:
        return None
    return data
