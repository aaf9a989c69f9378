"""Leaving Nile (issue 27): a finished game opened from a named save closes without a
false "not saved" alarm on every way out, in every game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from nile.app import App
from nile.core import library, registry, saves
from nile.core.game import GameInfo
from nile.ui.chrome.dialogs import ConfirmDialog, MenuScene, open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.results import ResultsScene
from nile.ui.launcher import LauncherScene
from tests.ui.harness import frames, instant_app, press, tick
from tests.ui.test_replay_all_games import finished_match

GAMES = [info for info in registry.all_games() if info.scene is not None]


def open_finished_save(info: GameInfo) -> tuple[App, GameScene]:
    """A finished game saved under a name (Ctrl+S after the end), loaded from the Load
    list: its results over the table, which has a new autosave that was never written."""
    path = library.write_named(finished_match(info), "After the end")
    app = instant_app()
    app.go_home()
    open_save(app, path)
    frames(app, 2)
    assert isinstance(app.top, ResultsScene)
    table = next(scene for scene in app.stack if isinstance(scene, GameScene))
    assert table.autosaver is not None and not table.autosaver.path.exists()
    return app, table


def close_window(app: App, _table: GameScene) -> None:
    tick(app, [pygame.event.Event(pygame.QUIT)])


def close_window_in_replay(app: App, _table: GameScene) -> None:
    press(app, app.top, "Replay")
    watcher = app.top
    assert isinstance(watcher, GameScene) and watcher.replay is not None
    tick(app, [pygame.event.Event(pygame.QUIT)])


def quit_to_launcher(app: App, table: GameScene) -> None:
    press(app, app.top, "See the table")
    app.push(MenuScene(app, table))
    press(app, app.top, "Quit to launcher")


def terminate(app: App, _table: GameScene) -> None:
    """SIGTERM (a logout) to the running app, as `App.run` handles it."""
    with app.stopping_on_signals():
        signal.raise_signal(signal.SIGTERM)
    frames(app)  # nothing may ask a question after it


EXITS: dict[str, Callable[[App, GameScene], None]] = {
    "window": close_window, "replay": close_window_in_replay, "launcher": quit_to_launcher,
    "sigterm": terminate,
}


@pytest.mark.parametrize("way", EXITS)
@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_finished_game_from_a_named_save_is_left_without_an_alarm(
    info: GameInfo, way: str,
) -> None:
    app, table = open_finished_save(info)
    EXITS[way](app, table)
    assert not any(isinstance(scene, ConfirmDialog) for scene in app.stack)
    if way == "launcher":
        assert isinstance(app.top, LauncherScene) and app.running
        assert not app.notices.items  # "is saved: Continue it" is for unfinished games
    else:
        assert not app.running
    assert table.saved()


# Stop signals in a real process ------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
SLOW_DISK = """
import contextlib, sys, time
from pathlib import Path
from nile.app import App
from nile.core import saves

real_write = saves.write_atomic
ready, signalled = Path(sys.argv[1]), Path(sys.argv[2])
real_stopping = App.stopping_on_signals

@contextlib.contextmanager
def stopping(self):
    with real_stopping(self):
        ready.write_text("the main loop handles stop signals")
        yield

def slow_write(path, data):
    # the game's first autosave is still on its way to the disk when the signal comes
    saves.write_atomic = real_write
    deadline = time.monotonic() + 60
    while not signalled.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    real_write(path, data)

App.stopping_on_signals = stopping
saves.write_atomic = slow_write
from nile.__main__ import main
sys.exit(main(["--scene", "cairo"]))
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_during_a_slow_autosave_keeps_it_and_exits_quietly(
    name: str, tmp_path: Path,
) -> None:
    """A real `nile --scene cairo` under SDL's dummy drivers, started with a settings file
    of the wrong shape (it used to stop the start), signalled while its autosave is being
    written: the write finishes, the process ends by itself with 128 + the signal, and
    the terminal gets a line, not a traceback. Before: SIGHUP killed it with no autosave,
    SIGINT printed a traceback, SIGTERM was a window close (a question if unsaved)."""
    number = getattr(signal, name, None)
    if number is None:
        pytest.skip(f"no {name} here")
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(
        json.dumps({"bot_speed": ["fast"], "animation_speed": {"speed": 2}}))
    ready, signalled = tmp_path / "ready", tmp_path / "signalled"
    env = {**os.environ, "NILE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    process = subprocess.Popen([sys.executable, "-c", SLOW_DISK, str(ready), str(signalled)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while not ready.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), process.communicate(timeout=5)
        process.send_signal(number)
        signalled.write_text("the autosave may reach the disk now")
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 128 + number, err
    assert "Traceback" not in err and f"Nile closed ({name})." in err
    assert "Your game is saved" in err
    (autosave,) = paths_in(home / "data" / "saves" / "autosaves")
    assert saves.load(autosave).info.id == "cairo"


def paths_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_a_stop_signal_with_a_game_the_disk_refused_says_so_on_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """No question can be answered after a signal: the line on the terminal tells."""
    import errno

    from nile.core.session import Match, SeatConfig
    from nile.ui.games import open_match

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    info = GAMES[0]
    low, _ = info.player_range(info.resolve_options({}))
    seats = [SeatConfig(f"Player {i + 1}", color=i) for i in range(low)]
    app = instant_app()
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    open_match(app, Match.new(info, seats, seed=4))
    with app.stopping_on_signals():
        signal.raise_signal(signal.SIGHUP)
        assert not app.running and app.stopped_by == signal.SIGHUP
        app._say_what_was_kept()
    said = capsys.readouterr().err
    assert "Nile closed (SIGHUP)." in said and "could not be saved" in said
    assert "No space left" in said
    assert not any(isinstance(scene, ConfirmDialog) for scene in app.stack)
