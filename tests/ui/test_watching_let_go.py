"""Watching another window's game (issue 27, item 5), when that window lets it go.

Seen in a real window (playtest): the window that owned the game closed, and the watching
table simply stopped moving, with no word that the game was now free to Continue here.
The watcher is told once, whether the owner closed the game (its lock file removed) or
died (its lock file left behind, held by nobody).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nile.app import App
from nile.core import library, owner, registry, saves
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.watching import LET_GO, WATCH_EVERY
from nile.ui.shots import play_bots_until
from tests.ui.harness import frames, instant_app, press

LOOK = int(WATCH_EVERY * 60) + 5
"""Frames (at 60 a second) for the watcher to look at the file once more."""


@pytest.fixture
def app() -> App:
    return instant_app()


def game_in_progress() -> Path:
    """A Loose Caboose game with a few moves, as its autosave (Continue's file)."""
    info = registry.get("loose_caboose")
    match = Match.new(info, [SeatConfig("Ann"), SeatConfig("Bastet", "bot", "normal", 1)], 7)
    play_bots_until(match, lambda state: False, limit=6)
    path = library.new_autosave_path(info.id)
    saves.write_atomic(path, library.save_data(match))
    return path


def open_watch(app: App, path: Path) -> GameScene:
    """Continue `path` here while another window holds it, and choose Watch."""
    app.go_home()
    open_save(app, path)
    press(app, app.top, "Watch")
    scene = app.top
    assert isinstance(scene, GameScene) and scene.replay is not None
    return scene


def told(scene: GameScene) -> int:
    """How many times the watcher has been told the game is let go."""
    return [toast.message for toast in scene.toasts.items].count(LET_GO)


def test_the_watcher_is_told_once_when_the_other_window_closes_the_game(app: App) -> None:
    path = game_in_progress()
    other = owner.claim(path)
    assert other is not None
    scene = open_watch(app, path)
    frames(app, 2 * LOOK)
    assert told(scene) == 0  # still held there: no word
    other.release()  # the other window closes the game
    frames(app, LOOK)
    assert told(scene) == 1
    frames(app, 2 * LOOK)
    assert told(scene) == 1  # told once
    assert not owner.held_elsewhere(path)  # looking took nothing: Continue can have it


def test_the_watcher_is_told_when_the_other_window_died(app: App) -> None:
    path = game_in_progress()
    other = owner.claim(path)
    assert other is not None
    scene = open_watch(app, path)
    lock = owner.owner_path(path)
    other._fd, fd = None, other._fd  # the window dies: its lock goes, its file stays
    assert fd is not None
    os.close(fd)
    assert lock.exists()
    frames(app, LOOK)
    assert told(scene) == 1
