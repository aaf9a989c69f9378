"""Records in the app (issue 29 item 6): a game played to its end here is recorded once (a
lesson never, a finished game opened again never twice), a disk that refuses is told, and
the Records screen lists the games, adds them up and replays them."""

from __future__ import annotations

import dataclasses
import errno

import pytest

from nile.app import App
from nile.core import records, registry
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import MessageDialog
from nile.ui.launcher import LauncherScene
from nile.ui.records_scene import RecordsScene
from tests.core.toy_game import TOY_INFO
from tests.ui.harness import drawn_words, frames, instant_app, press
from tests.ui.toy_scene import ToyScene

INFO = dataclasses.replace(TOY_INFO, id="toy_records", scene="tests.ui.toy_scene:ToyScene")
registry.register(INFO)


@pytest.fixture
def app() -> App:
    shell = instant_app()
    shell.push(LauncherScene(shell))
    return shell


def play_to_the_end(app: App, seed: int = 4) -> ToyScene:
    match = Match.new(INFO, (SeatConfig("Ann", "bot", "easy"),
                             SeatConfig("Bo", "bot", "easy", 1)), seed=seed)
    scene = ToyScene(app, match)
    app.push(scene)
    frames(app, 200)
    assert match.state.is_terminal
    return scene


@pytest.mark.slow
def test_a_game_played_to_its_end_is_recorded_once(app: App) -> None:
    scene = play_to_the_end(app)
    frames(app, 30)
    (record,) = records.load().records
    assert record.game == "toy_records" and [s.name for s in record.seats] == ["Ann", "Bo"]
    assert record.save == scene.match.to_save()
    reopened = ToyScene(app, scene.match)  # the finished game opened again from its save
    app.push(reopened)
    frames(app, 30)
    assert len(records.load().records) == 1


def test_a_disk_that_refuses_the_record_is_told(app: App,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(record: records.Record) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(records, "add", refuse)
    with drawn_words() as words:
        scene = play_to_the_end(app)
        app.pop()  # the results, to see the table's toast
        frames(app, 2)
    assert scene.match.state.is_terminal
    assert any("could not be added to your records (No space left on device)" in w
               for w in words)


def headless_game(seed: int) -> Match:
    """Ann (a person) against a hard bot, played out without a window."""
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo", "bot", "hard", 1)), seed=seed)
    while not match.state.is_terminal:
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    return match


@pytest.mark.slow
def test_the_records_screen_lists_adds_up_and_replays(app: App) -> None:
    games = [headless_game(seed) for seed in (4, 5, 6)]
    for match in games:
        records.add(records.record_of(match))
    play_to_the_end(app)  # bots only: listed, but counts for no person
    app.go_home()
    launcher = app.top
    press(app, launcher, "Records")
    screen = app.top
    assert isinstance(screen, RecordsScene)
    assert len(screen.records) == 4
    (summary,) = screen.summaries
    wins = sum(m.state.ranking()[0] == 1 for m in games)
    assert (summary.overall.games, summary.overall.wins) == (3, wins)
    assert summary.against["hard"].games == 3
    with drawn_words() as words:
        frames(app)
    assert any("Finished games (4)" in w for w in words)
    press(app, screen, "Replay")
    assert isinstance(app.top, ToyScene) and app.top.replay is not None


def test_a_damaged_record_is_refused_with_a_message(app: App) -> None:
    play_to_the_end(app)
    app.go_home()
    screen = RecordsScene(app)
    app.push(screen)
    broken = dataclasses.replace(screen.records[0], save={"format": "nile-save"})
    screen.open_replay(broken)
    assert isinstance(app.top, MessageDialog)


def test_a_finished_game_is_exported_from_the_records(app: App) -> None:
    from nile.core import paths, saves

    match = headless_game(7)
    records.add(records.record_of(match))
    screen = RecordsScene(app)
    app.push(screen)
    frames(app)
    press(app, screen, "Export")
    assert isinstance(app.top, MessageDialog) and "Exported" in app.top.title
    (exported,) = paths.shared_dir().iterdir()
    assert saves.load(exported).actions == match.actions
