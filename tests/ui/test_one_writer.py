"""One writer per game (issue 27, item 5): Nile started twice on one home, Continue on the
same game in both, used to let each window save over the other's moves. The window that
has a game open owns its autosave (`nile.core.owner`); a second window is told so and
offered a copy of its own or to watch, and a window that died owns nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nile.app import App
from nile.core import library, owner, registry, saves
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import SecondWindowDialog, open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.watching import WATCH_EVERY
from nile.ui.launcher import LauncherScene
from nile.ui.shots import play_bots_until
from tests.ui.harness import frames, instant_app, press

ROOT = Path(__file__).resolve().parents[2]
FIRST_WINDOW = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from nile.ui.chrome.dialogs import open_save
    from tests.ui.harness import frames, instant_app
    app = instant_app()
    app.bots_paused = True
    open_save(app, Path(sys.argv[1]))
    frames(app, 2)
    print(type(app.top).__name__, flush=True)
    time.sleep(60)  # open until killed (bounded: the test kills it long before)
""")


@pytest.fixture
def app() -> App:
    return instant_app()


def game_in_progress(moves: int = 6) -> tuple[Path, Match]:
    """A Loose Caboose game with a few moves, as its autosave (Continue's file)."""
    info = registry.get("loose_caboose")
    match = Match.new(info, [SeatConfig("Ann"), SeatConfig("Bastet", "bot", "normal", 1)], 7)
    play_bots_until(match, lambda state: False, limit=moves)
    path = library.new_autosave_path(info.id)
    saves.write_atomic(path, library.save_data(match))
    return path, match


def more_moves(match: Match, moves: int) -> None:
    play_bots_until(match, lambda state: False, limit=moves)


@pytest.fixture
def first_window() -> object:
    """Another Nile process on the same home: it continues a game and keeps it open."""
    started: list[subprocess.Popen[str]] = []

    def start(path: Path) -> subprocess.Popen[str]:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen([sys.executable, "-c", FIRST_WINDOW, str(path)], cwd=ROOT,
                                   env=env, stdout=subprocess.PIPE, text=True)
        started.append(process)
        assert process.stdout is not None
        assert process.stdout.readline().strip().endswith("Scene")  # the game is open there
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def test_a_claim_is_one_windows_until_released(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    mine = owner.claim(path)
    assert mine is not None and mine.held
    assert owner.claim(path) is None  # a second hold, even in this process, is refused
    assert owner.held_elsewhere(path)
    mine.release()
    assert not owner.held_elsewhere(path) and not owner.owner_path(path).exists()
    again = owner.claim(path)
    assert again is not None and again.held
    again.release()


def test_a_second_window_is_told_and_offered_a_copy(app: App, first_window: object) -> None:
    path, _ = game_in_progress()
    first_window(path)  # type: ignore[operator]
    before = path.read_bytes()
    app.go_home()
    open_save(app, path)
    dialog = app.top
    assert isinstance(dialog, SecondWindowDialog)
    assert dialog.title == "This game is open in another window"
    assert "Ann and Bastet" in dialog.message and "copy" in dialog.message
    press(app, dialog, "Open a copy")
    copy = app.top
    assert isinstance(copy, GameScene) and copy.autosaver is not None
    assert copy.autosaver.path != path and copy.match.actions == saves.load(path).actions
    copy.autosaver.flush()
    assert copy.autosaver.path.exists() and path.read_bytes() == before  # the original kept


def test_cancel_leaves_the_game_to_the_other_window(app: App) -> None:
    path, _ = game_in_progress()
    other = owner.claim(path)  # the other window: a scene of this very process would do
    app.go_home()
    open_save(app, path)
    press(app, app.top, "Cancel")
    assert isinstance(app.top, LauncherScene)
    assert other is not None and owner.claim(path) is None
    other.release()


def test_watching_follows_the_other_windows_moves_read_only(app: App) -> None:
    path, match = game_in_progress()
    other = owner.claim(path)
    app.go_home()
    open_save(app, path)
    press(app, app.top, "Watch")
    watch = app.top
    assert isinstance(watch, GameScene) and watch.replay is not None
    assert watch.autosaver is None and not watch.live_game()  # nothing to write, no moves
    assert watch.replay.position == watch.replay.length == len(match.actions)
    more_moves(match, 8)  # the other window plays on and saves
    saves.write_atomic(path, library.save_data(match))
    frames(app, int(WATCH_EVERY * 60) + 5)
    assert watch.replay.length == len(match.actions) and watch.replay.position == \
        watch.replay.length
    assert other is not None
    other.release()


def test_a_dead_windows_game_opens_without_a_question(app: App,
                                                        first_window: object) -> None:
    path, match = game_in_progress()
    process = first_window(path)  # type: ignore[operator]
    process.send_signal(signal.SIGKILL)  # the first window crashes: nothing let go by hand
    process.wait(timeout=10)
    app.go_home()
    open_save(app, path)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.autosaver is not None
    assert scene.autosaver.path == path and scene.match.actions == match.actions
    assert owner.held_elsewhere(path)  # and now this window owns it


def test_a_game_closed_here_can_be_continued_again(app: App) -> None:
    path, _ = game_in_progress()
    app.go_home()
    open_save(app, path)
    assert isinstance(app.top, GameScene)
    open_save(app, path)  # its own window asks again (the Load list): no question
    assert isinstance(app.top, GameScene) and app.top.autosaver is not None
    assert app.top.autosaver.path == path
    app.go_home()  # quit to the launcher lets go of it
    assert not owner.held_elsewhere(path)


def test_a_game_open_elsewhere_cannot_be_deleted_from_the_load_list(app: App) -> None:
    from nile.ui.chrome.dialogs import LoadDialog, MessageDialog

    path, _ = game_in_progress()
    other = owner.claim(path)
    app.go_home()
    dialog = LoadDialog(app)
    app.push(dialog)
    dialog.list.set_entries(library.list_saves()[0], path)
    dialog._delete()
    assert isinstance(app.top, MessageDialog) and "another window" in app.top.title
    assert path.exists() and other is not None
    other.release()


def test_the_owner_file_a_crashed_window_left_is_tidied_with_its_game(tmp_path: Path) -> None:
    path, _ = game_in_progress()
    left = owner.owner_path(path)
    left.write_text("4242\n")  # a window that died: the file stays, its lock went with it
    library.tidy()
    assert left.exists()  # its game is still there: the next window takes it over
    path.unlink()
    library.tidy()
    assert not left.exists()
