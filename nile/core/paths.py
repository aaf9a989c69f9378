"""Where Nile keeps saves, settings and history (platformdirs; `NILE_HOME` overrides)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The user data folder: saves, practice history. Created on first use."""
    override = os.environ.get("NILE_HOME")
    path = Path(override) / "data" if override else Path(platformdirs.user_data_dir("nile"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """The user config folder: settings.json. Created on first use."""
    override = os.environ.get("NILE_HOME")
    path = Path(override) / "config" if override else Path(platformdirs.user_config_dir("nile"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    """Manual saves and the autosave."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The game in progress, rewritten after every action and resumed on launch."""
    return saves_dir() / "autosave.json"
