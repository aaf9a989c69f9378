"""Test set-up: headless SDL, and a private user-data folder for every test run."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("NILE_DISCOVERY", "off")  # no multicast on real interfaces (issue 31)

import pytest


@pytest.fixture(autouse=True)
def _nile_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, settings and history go to a temporary folder, never the user's."""
    monkeypatch.setenv("NILE_HOME", str(tmp_path_factory.mktemp("nile-home")))
