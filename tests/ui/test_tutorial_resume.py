"""A lesson survives a kill at any moment (issue 27, item 6): the move and the step it
completes are one autosave, and a resumed lesson whose step is already done (a save of an
older Nile, written between the move and its step) moves on to the next step.

Every game's lesson is played to its end while every autosave it queues is kept; each one
must hold a step that agrees with the moves it holds (resuming it changes nothing), so it
resumes exactly where the uninterrupted lesson was, and the lesson then goes on to its end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from nile.app import App
from nile.core import library, paths, registry, saves, tutorial
from nile.core.game import CHANCE
from nile.core.tutorial import Progress, Step, Tutorial
from nile.ui.chrome.autosave import Autosaver
from nile.ui.chrome.dialogs import open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.savelist import title_line
from nile.ui.games import start_tutorial
from tests import per_game
from tests.ui.harness import instant_app


def lesson_of(game: str) -> Tutorial:
    """The game's lesson; a game without one skips the test (it is about lessons)."""
    lesson = tutorial.load(game)
    if lesson is None:
        pytest.skip(f"{game} has no lesson")
    return lesson


@pytest.fixture
def app() -> App:
    return instant_app()


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """Every save an Autosaver queues, as it would reach the disk (the writer thread is
    held off while it is copied, so none is missed or taken half-way)."""
    kept: list[dict[str, Any]] = []
    real = Autosaver.save

    def spy(self: Autosaver, match: Any, extra: Any = None) -> None:
        with self._writing:
            real(self, match, extra)
            with self._lock:
                if self._pending is not None:
                    kept.append(json.loads(json.dumps(self._pending)))

    monkeypatch.setattr(Autosaver, "save", spy)
    yield kept


def one_step(scene: GameScene) -> None:
    """What `TutorialLayer.fast_forward` does for one move or Next, but a refused move
    leaves everything as it was (instead of trying again for ever)."""
    layer = scene.tutorial
    assert layer is not None
    step = layer.progress.current
    if step.kind == "explain":
        layer.next_step()
    elif step.kind == "watch":
        move = layer.progress.next_move()
        if move is None:
            layer.fast_forward(layer.progress.step + 1)  # the watch step is over
        else:
            layer._play_move(move)
    elif step.example:
        scene.submit(scene.state.parse_action(step.example))
    else:
        fitting = [a for a in scene.state.legal_actions() if step.accepts(a.to_str())]
        assert fitting, f"step {layer.progress.step + 1} asks for a move the game has not"
        scene.submit(fitting[0])
    scene.anims.finish()


def play_to_the_end(scene: GameScene, limit: int = 5000) -> None:
    """The lesson to its end step, failing if a move or Next changes nothing (stuck)."""
    layer = scene.tutorial
    assert layer is not None
    for _ in range(limit):
        progress = layer.progress
        if progress.finished:
            return
        before = (progress.step, progress.moves_played, scene.match.ply)
        one_step(scene)
        assert (progress.step, progress.moves_played, scene.match.ply) != before, \
            f"the lesson is stuck at step {progress.step + 1} ({progress.current.kind})"
    raise AssertionError("the lesson did not end")


def resume(app: App, data: dict[str, Any], name: str = "resumed") -> GameScene:
    """`data` written as an autosave and opened with Continue's own function."""
    path = paths.autosaves_dir() / f"{name}.json"
    saves.write_atomic(path, data)
    app.go_home()
    open_save(app, path)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.tutorial is not None
    return scene


def lesson_saves(app: App, game: str, queued: list[dict[str, Any]]) -> list[dict[str, Any]]:
    app.go_home()
    scene = start_tutorial(app, registry.get(game))
    play_to_the_end(scene)
    app.go_home()
    assert queued and all("tutorial" in data for data in queued), \
        "a save of the lesson without its step (it would reopen as a game without the lesson)"
    return list(queued)


@pytest.mark.slow
@pytest.mark.parametrize("game", per_game.ids())
def test_every_autosave_of_a_lesson_holds_the_step_of_its_moves(
        app: App, queued: list[dict[str, Any]], game: str) -> None:
    """No save holds a move without the step it completed: resuming any of them finds
    nothing to catch up, so the lesson goes on exactly as it did uninterrupted."""
    lesson = lesson_of(game)
    kept = lesson_saves(app, game, queued)
    # every save holds a beginning of the whole lesson's game: its log, replayed once
    whole = [(e.seat, e.action.to_str()) for e in saves.match_from_save(kept[-1]).log]
    for number, data in enumerate(kept):
        played = whole[:len(data["actions"])]
        assert [text for _, text in played] == data["actions"]
        progress = Progress(lesson, **{k: v for k, v in data["tutorial"].items()
                                       if k != "game"})
        progress.catch_up(played)
        assert progress.to_dict() == data["tutorial"], f"save {number} of {len(kept)}"


@pytest.mark.slow
@pytest.mark.parametrize("game", per_game.ids())
def test_a_lesson_resumed_from_its_saves_is_finished(
        app: App, queued: list[dict[str, Any]], game: str) -> None:
    """From the second save (the lesson's first step), a save in the middle and the last
    save, the resumed lesson is played to its end (and every fourth save between them
    on the short lessons)."""
    lesson_of(game)
    kept = lesson_saves(app, game, queued)
    picks = {1, len(kept) // 2, len(kept) - 1}
    if len(kept) <= 40:
        picks |= set(range(0, len(kept), 4))
    for number in sorted(picks):
        scene = resume(app, kept[number], f"{game}-{number}")
        assert scene.match.actions == kept[number]["actions"]
        play_to_the_end(scene)


@pytest.mark.parametrize("game", per_game.ids())
def test_a_save_with_the_step_one_behind_moves_on_to_the_next_step(
        app: App, queued: list[dict[str, Any]], game: str) -> None:
    """An older Nile's save written between the move and its step: the step still asks
    for the move already made. Resumed, the lesson is at the next step and goes on."""
    lesson = lesson_of(game)
    app.go_home()
    scene = start_tutorial(app, registry.get(game))
    layer = scene.tutorial
    assert layer is not None
    while not (layer.progress.step > 0 and lesson.steps[layer.progress.step - 1].kind == "act"):
        one_step(scene)
    good = json.loads(json.dumps(queued[-1]))
    done = good["tutorial"]["step"]
    old = {**good, "tutorial": {**good["tutorial"], "step": done - 1}}
    again = resume(app, old, f"{game}-behind")
    assert again.tutorial is not None
    assert again.tutorial.progress.step == done
    for _ in range(3):  # and the lesson takes the next moves
        if not again.tutorial.progress.finished:
            before = (again.tutorial.progress.step, again.tutorial.progress.moves_played)
            one_step(again)
            assert (again.tutorial.progress.step,
                    again.tutorial.progress.moves_played) != before


TOY = Tutorial("toy", "Toy", 1, ("A", "B"), ("draw 7", "seeded 2", "dice 3"), (
    Step("explain", "Look."),
    Step("act", "Roll.", expect=("roll",), wrong="Roll."),
    Step("watch", "Watch.", moves=("take 1", "take 2", "take 3")),
    Step("explain", "Well."),
    Step("act", "Pass.", expect=("pass",), wrong="Pass."),
    Step("end", "Done."),
))


def test_catch_up_counts_the_moves_and_the_chance_the_game_holds() -> None:
    log = [(CHANCE, "draw 7"), (0, "roll"), (CHANCE, "dice 1"), (CHANCE, "dice 5"),
           (1, "take 1"), (1, "take 2")]
    behind = Progress(TOY, step=1)  # saved between the roll and its step
    behind.catch_up(log)
    assert (behind.step, behind.moves_played) == (2, 2)
    # draw 7 used; the two seeded draws counted; dice 3 not drawn yet, still to come
    assert (behind.chance_used, behind.seeded_in_entry) == (2, 0)
    watching = Progress(TOY, step=2, moves_played=1)  # one watched move not counted
    watching.catch_up(log)
    assert (watching.step, watching.moves_played) == (2, 2)
    ended = Progress(TOY, step=2, moves_played=2)
    ended.catch_up([*log, (1, "take 3")])
    assert ended.step == 3  # the watch step is over: on to the explain step after it
    reading = Progress(TOY, step=3)  # a save that agrees with its game is left as it is
    reading.catch_up([*log, (1, "take 3")])
    assert (reading.step, reading.moves_played) == (3, 0)


def test_the_continue_list_tells_a_lesson_from_a_game(app: App) -> None:
    """Seen in a real window (playtest): a lesson left half-way was listed as "Vom Kap bis
    Kairo (in progress)", with Ann and Bastet, exactly like a real game: a player could not
    tell which row resumes the lesson. Its row is named after the lesson."""
    scene = start_tutorial(app, registry.get("kap_kairo"))
    assert scene.tutorial is not None and scene.autosaver is not None
    scene.tutorial.fast_forward(3)
    scene.autosaver.flush()
    entry = library.summarize(scene.autosaver.path, autosave=True)
    assert entry.lesson and title_line(entry) == "Learn Vom Kap bis Kairo (in progress)"
    game = library.save_data(scene.match)  # the same moves saved as a game, no step
    saves.write_atomic(scene.autosaver.path, game)
    entry = library.summarize(scene.autosaver.path, autosave=True)
    assert not entry.lesson and title_line(entry) == "Vom Kap bis Kairo (in progress)"
