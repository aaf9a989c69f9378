"""Learn to play: the tutorial engine, and Loose Caboose!'s guided game driven start to end
with synthetic clicks and keys, a wrong action refused with the step's line, and resuming."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.core import registry, tutorial
from nile.core.tutorial import Progress, TutorialError
from nile.games.kap_kairo.rules.deck import NAMES
from nile.games.loose_caboose.rules import Card, Lay
from nile.games.loose_caboose.scene import LooseCabooseScene
from nile.games.loose_caboose.view.table import cell_rect
from nile.ui.chrome.dialogs import open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.games import start_tutorial
from nile.ui.launcher import LauncherScene
from nile.ui.setup_scene import SetupScene
from tests.ui.harness import click, frames, instant_app, key, press, watch_step

LESSON = tutorial.load("loose_caboose")


@pytest.fixture
def app() -> App:
    return instant_app()


def begin(app: App) -> LooseCabooseScene:
    app.go_home()
    scene = start_tutorial(app, registry.get("loose_caboose"))
    frames(app, 2)
    assert isinstance(scene, LooseCabooseScene) and scene.tutorial is not None
    return scene


def lay_by_hand(app: App, scene: LooseCabooseScene, text: str) -> None:
    """What a learner does for 'lay 3 at …': the number key, then a highlighted cell."""
    broken = text.startswith("lay broken")
    value = int(text.split()[2 if broken else 1])
    key(app, pygame.K_0 + value)
    cells = [a.cell for a in scene.lc.legal_actions()
             if isinstance(a, Lay) and a.card == Card(value, broken)]
    assert cells, f"nowhere to lay {text}"
    click(app, cell_rect(scene.camera, cells[0]).center)


def do_step(app: App, scene: LooseCabooseScene) -> None:
    """One step as a learner plays it: Next, the asked-for move, or watching."""
    assert scene.tutorial is not None
    step = scene.tutorial.progress.current
    if step.kind == "explain":
        press(app, scene, "Next")
    elif step.kind == "watch":
        watch_step(app, scene)  # the script plays Bastet's moves, then the card waits
    elif step.expect == ("roll",):
        key(app, pygame.K_r)
    elif step.expect == ("pass",):
        key(app, pygame.K_p)
    else:
        lay_by_hand(app, scene, step.expect[0])
    frames(app, 3)


def test_every_tutorial_file_is_complete() -> None:
    for info in registry.listed_games():
        lesson = tutorial.load(info.id)
        if lesson is None:
            continue
        assert lesson.steps[-1].kind == "end" and lesson.seats
        assert all(s.text and (s.kind != "act" or (s.expect and s.wrong)) for s in lesson.steps)
    with pytest.raises(TutorialError):
        tutorial.parse({"title": "x", "seed": 1, "seats": ["A", "B"],
                        "step": [{"kind": "act", "text": "Do it."}]}, "toy")


@pytest.mark.slow
def test_loose_caboose_is_taught_from_start_to_end_by_clicks_and_keys(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    seen = []
    for _ in range(len(LESSON.steps) * 2):
        if progress.finished:
            break
        before = progress.step
        seen.append(progress.current.kind)
        do_step(app, scene)
        assert progress.step == before + 1, f"step {before + 1} did not advance"
    assert progress.finished
    assert {"explain", "act", "watch"} <= set(seen)
    texts = [line for entry in scene.match.log for e in entry.events
             if (line := e.describe(0))]
    joined = " ".join(texts)
    # every rule the lesson promises showed up on the table
    for shown in ("rolls 3 dice", "runs off the front", "cancel out", "Broken Track",
                  "banks", "passes"):
        assert shown in joined, shown
    assert not scene.game_over  # this lesson stops before the end: no Results on its card
    labels = [getattr(b, "text", "") for b in scene.tutorial._buttons]  # type: ignore[union-attr]
    assert labels == ["Play a real game now", "Launcher"]
    press(app, scene, "Play a real game now")
    setup = app.top  # the setup screen, the lesson's seats filled in
    assert isinstance(setup, SetupScene) and setup.info.id == "loose_caboose"
    assert [(r.kind, r.name) for r in setup.rows][:2] == [("Human", "Ann"),
                                                           ("Bot (normal)", "Bastet")]
    press(app, setup, "Start")
    real = app.top
    assert isinstance(real, LooseCabooseScene) and real.tutorial is None
    assert [s.kind for s in real.match.seats] == ["human", "bot"]
    assert real.names == ["Ann", "Bastet"]


def test_a_wrong_action_is_refused_with_the_steps_line(app: App) -> None:
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    while progress.current.kind != "act":
        press(app, scene, "Next")
    plies = scene.match.ply
    key(app, pygame.K_p)  # passing, where the step asks for a 3 at the front
    assert scene.match.ply == plies and progress.step == 2
    layer = scene.tutorial
    assert layer is not None and layer.refusal == scene.words(progress.current.wrong)
    assert not any(t.kind == "error" for t in scene.toasts.items)  # said on the card
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # no undo in a tutorial either
    assert any("forward only" in t.message for t in scene.toasts.items)
    assert not scene.top_bar.buttons["undo"].is_enabled  # and the button does not pretend
    key(app, pygame.K_h)  # the hint is the step's own move, not a bot's idea
    assert scene.toasts.items[-1].message == f"Hint: {scene.words(progress.current.wrong)}"


@pytest.mark.slow
def test_a_tutorial_left_in_the_middle_resumes_at_its_step(app: App) -> None:
    scene = begin(app)
    assert scene.tutorial is not None
    scene.tutorial.fast_forward(8)
    scene.autosaver.flush()  # type: ignore[union-attr]
    path = scene.autosaver.path  # type: ignore[union-attr]
    actions = list(scene.match.actions)
    app.go_home()
    open_save(app, path)
    again = app.top
    assert isinstance(again, LooseCabooseScene) and again.tutorial is not None
    assert again.tutorial.progress.step == 8 and again.match.actions == actions
    while not again.tutorial.progress.finished:
        do_step(app, again)
    assert again.tutorial.progress.finished


def test_the_launcher_offers_learn_to_play(app: App) -> None:
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    press(app, launcher, "Learn to play")  # the first tile that has one
    assert isinstance(app.top, GameScene) and app.top.tutorial is not None


def test_scripted_chance_uses_each_entry_once_and_leaves_the_rest_to_the_seed() -> None:
    lesson = tutorial.Tutorial("g", "t", 1, ("A", "B"), ("draw 1", "seeded 2", "dice 2"),
                               (tutorial.Step("end", "x"),))
    progress = Progress(lesson)
    assert progress.scripted_chance(["draw 2", "draw 3"]) is None  # not possible: seed
    assert progress.scripted_chance(["draw 1", "draw 3"]) == "draw 1"
    assert progress.scripted_chance(["draw 1"]) is None  # seeded 2: first of two
    assert progress.scripted_chance(["draw 1"]) is None  # second of two
    assert progress.scripted_chance(["dice 1", "dice 2"]) == "dice 2"
    assert progress.scripted_chance(["dice 2"]) is None  # the script is used up


def kap_step(app: App, scene: object) -> None:
    """One Vom Kap bis Kairo step as a learner plays it: digits and Enter for a bid, the
    card's number key to choose, B to build."""
    layer = scene.tutorial  # type: ignore[attr-defined]
    step = layer.progress.current
    if step.kind == "explain":
        press(app, scene, "Next")
    elif step.kind == "watch":
        watch_step(app, scene)
    elif step.expect[0].startswith("bid "):
        for digit in step.expect[0].split()[1]:
            key(app, pygame.K_0 + int(digit))
        key(app, pygame.K_RETURN)
    elif step.expect[0].startswith("take "):
        card = step.expect[0].split()[1]
        display = [NAMES[c] for c in scene.kap.display]  # type: ignore[attr-defined]
        key(app, pygame.K_1 + display.index(card))
    else:
        key(app, pygame.K_b)
    frames(app, 3)


@pytest.mark.slow
def test_vom_kap_bis_kairo_is_taught_from_start_to_end_by_keys(app: App) -> None:
    app.go_home()
    scene = start_tutorial(app, registry.get("kap_kairo"))
    frames(app, 2)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    for _ in range(40):
        if progress.finished:
            break
        before = progress.step
        kap_step(app, scene)
        assert progress.step > before, f"step {before + 1} did not advance"
    assert progress.finished
    joined = " ".join(line for entry in scene.match.log for e in entry.events
                      if (line := e.describe(0)))
    for shown in ("Bids revealed", "Choosing order", "lays track", "bonus card", "bought"):
        assert shown in joined, shown


def test_vom_kap_bis_kairo_refuses_another_bid_with_the_steps_line(app: App) -> None:
    app.go_home()
    scene = start_tutorial(app, registry.get("kap_kairo"))
    scene.tutorial.fast_forward(2)  # type: ignore[union-attr]
    key(app, pygame.K_3)
    key(app, pygame.K_RETURN)
    assert scene.tutorial.progress.step == 2  # type: ignore[union-attr]
    assert "Bid £10 this time" in scene.tutorial.refusal  # type: ignore[union-attr]
