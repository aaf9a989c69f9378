"""Where Nile keeps saves, settings and history (platformdirs; `NILE_HOME` overrides).

Folders are created on first use, but a folder that cannot be created (a read-only or
full `NILE_HOME`) is not an error here: the app starts with defaults, and whoever then
tries to write there gets the OSError and tells the player.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs


def _made(path: Path) -> Path:
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """The user data folder: saves, practice history, crash reports."""
    override = os.environ.get("NILE_HOME")
    return _made(Path(override) / "data" if override else Path(platformdirs.user_data_dir("nile")))


def config_dir() -> Path:
    """The user config folder: settings.json."""
    override = os.environ.get("NILE_HOME")
    return _made(
        Path(override) / "config" if override else Path(platformdirs.user_config_dir("nile"))
    )


def saves_dir() -> Path:
    """Manual saves (named by the player)."""
    return _made(data_dir() / "saves")


def autosaves_dir() -> Path:
    """One autosave per game played here, rewritten after every action (see `library`)."""
    return _made(saves_dir() / "autosaves")


def hosted_dir() -> Path:
    """The server of a game hosted from the app (`nile.net.hub.Hub`): its matches are in
    `matches/`, one save each, which Continue lists and hosts again."""
    return _made(data_dir() / "hosted")


def legacy_autosave_path() -> Path:
    """Where Nile 0.1 kept its single autosave; moved into `autosaves_dir` at start."""
    return saves_dir() / "autosave.json"


def crash_dir() -> Path:
    """Crash reports: what went wrong, for a bug report."""
    return _made(data_dir() / "crashes")


def shared_dir() -> Path:
    """Where games are exported to and imported from: a folder a person finds and can
    hand files out of (Documents/Nile), not the app's own hidden data folder."""
    override = os.environ.get("NILE_HOME")
    return _made(Path(override) / "shared" if override
                 else Path(platformdirs.user_documents_dir()) / "Nile")
