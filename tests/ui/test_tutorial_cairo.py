"""Learn to play Cairo: the guided game driven to its end with the scene's own drags,
clicks and keys; a flick outside a step's window refused with the step's line; the
script holding for any flick a window accepts; and the tutorial pictures (every game's)."""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pygame
import pytest

from nile.app import App
from nile.core import registry, tutorial
from nile.core.session import Match, SeatConfig
from nile.core.tutorial import Progress, Step, Tutorial, TutorialError
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.events import FlickResolved, PyramidBuilt
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.scene import CairoScene
from nile.games.cairo.view.flick_input import pull_of_power
from nile.ui.chrome.tutorial_card import PICTURE_SIZE
from nile.ui.games import start_tutorial
from nile.ui.launcher import LauncherScene
from tests.ui.harness import (
    button_rect,
    click,
    drag,
    finish_lesson,
    frames,
    instant_app,
    key,
    press,
    watch_step,
)

LESSON = tutorial.load("cairo")
STEADY = A.Jitter(0, 0, True)


@pytest.fixture
def app() -> App:
    return instant_app()


def begin(app: App) -> CairoScene:
    app.go_home()
    scene = start_tutorial(app, registry.get("cairo"))
    frames(app, 2)
    assert isinstance(scene, CairoScene) and scene.tutorial is not None
    return scene


def flick_by_mouse(app: App, scene: CairoScene, degrees: float, power: float) -> None:
    """Press on the waiting block, pull the other way by the length that gives `power`,
    let go: what a learner's hand does for a flick at `degrees`."""
    scene.layout_now()
    x, y = (round(v) for v in scene.flick.anchor)
    pull = pull_of_power(power)
    radians = math.radians(degrees)
    end = (round(x - math.cos(radians) * pull), round(y + math.sin(radians) * pull))
    drag(app, (x, y), end, steps=10)
    frames(app, 2)


def example_aim(step: Step) -> tuple[float, float]:
    flick = A.parse_continuous(step.example)
    assert isinstance(flick, A.Flick)
    return flick.degrees, flick.power_share


def do_step(app: App, scene: CairoScene) -> None:
    """One step as a learner plays it: Next, the asked-for key, click or drag, or watching."""
    assert scene.tutorial is not None
    step = scene.tutorial.progress.current
    first = step.expect[0] if step.expect else ""
    if step.kind == "explain":
        press(app, scene, "Next")
    elif step.kind == "watch":
        watch_step(app, scene)  # the script plays the moves, then the card waits for Next
    elif first.startswith("choose "):
        key(app, {"small": pygame.K_s, "large": pygame.K_l}[first.split()[1]])
    elif first.startswith("flick "):
        if "finger=2" in first:
            key(app, pygame.K_2)  # a 6 on the die: the index finger first
        flick_by_mouse(app, scene, *example_aim(step))
    elif first.startswith("pyramid "):
        press(app, scene, f"{first.split()[1]} stones")
    elif first == "pick auto":
        press(app, scene, "Auto-pick")
    elif first.startswith("place"):
        press(app, scene, "Best spot")
    elif first.startswith("retrieve"):
        block = first.split()[1]
        piece = next(p for p in scene.table.view_pieces(scene.frame(scene.cairo)) if p.id == block)
        x, y = scene.renderer.to_screen(piece.x, piece.y)
        click(app, (round(x), round(y)))  # the ringed block itself
    else:
        raise AssertionError(f"the test does not know how to do {first!r}")
    frames(app, 3)


@pytest.mark.slow
def test_cairo_is_taught_to_the_end_and_its_scoring_by_drags_clicks_and_keys(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    kinds = set()
    for _ in range(len(LESSON.steps) + 2):
        if progress.finished:
            break
        before = progress.step
        kinds.add(progress.current.kind)
        do_step(app, scene)
        assert progress.step == before + 1, f"step {before + 1} did not advance"
    assert progress.finished and {"explain", "act", "watch"} <= kinds
    state = scene.match.state
    assert isinstance(state, CairoState) and state.is_terminal
    joined = " ".join(line for entry in scene.match.log for e in entry.events
                      if (line := e.describe(0)))
    # every rule the lesson promises happened on the table, in the learner's hands
    for shown in ("rolls 3: middle finger", "rolls 6: any finger", "lands on Zawyet",
                  "builds a pyramid of 3", "burning on the edge of Mazghuna",
                  "turns", "takes back 1 block", "leaves the Nile", "one last turn",
                  "Zawyet scores", "wins"):
        assert shown in joined, shown
    mine = [e for entry in scene.match.log for e in entry.events
            if isinstance(e, FlickResolved | PyramidBuilt) and e.seat == 0]
    assert len([e for e in mine if isinstance(e, PyramidBuilt)]) == 1
    # the last card stays over the table; the results and a real game open from it
    real = finish_lesson(app, scene)
    assert isinstance(real, CairoScene) and real.tutorial is None
    assert [s.kind for s in real.match.seats] == ["human", "bot"]


def test_a_flick_outside_the_window_is_refused_with_the_steps_line(app: App) -> None:
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    while progress.current.kind != "act" or not progress.current.expect[0].startswith("flick"):
        do_step(app, scene)
    step, plies = progress.step, scene.match.ply
    supply = len(scene.cairo.supply(0, "small"))
    flick_by_mouse(app, scene, 180.0, 0.6)  # hard and to the west, not up at Zawyet
    assert progress.step == step and scene.match.ply == plies
    assert len(scene.cairo.supply(0, "small")) == supply, "the refused block left the ship"
    assert progress.current.wrong in scene.tutorial.refusal  # type: ignore[union-attr]
    flick_by_mouse(app, scene, *example_aim(progress.current))  # a second try is fine
    assert progress.step == step + 1


def test_a_wrong_choice_is_refused_with_the_steps_line(app: App) -> None:
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    while progress.current.kind != "act":
        press(app, scene, "Next")
    key(app, pygame.K_l)  # the large block, where the step asks for three small
    assert scene.cairo.chosen == "" and progress.current.expect == ("choose small",)
    assert "three small blocks" in scene.tutorial.refusal  # type: ignore[union-attr]


# The script holds for every flick a window accepts ------------------------------------------

def _window_corners(step: Step) -> list[str]:
    """Flicks at the corners and the middle of a step's window (offsets for spin too)."""
    kind = "small" if "flick small" in step.expect[0] else "large"
    finger = step.expect[0].rsplit("=", 1)[1]
    angles = (64.0, 73.5, 83.9) if kind == "small" else (89.0, 91.5, 93.9)
    powers = (0.110, 0.150, 0.189) if kind == "small" else (0.160, 0.220, 0.289)
    out = [f"flick {kind} angle={a:.1f} power={p:.3f} offset={o:.2f} finger={finger}"
           for a, p, o in itertools.product(angles, powers, (-1.0, 1.0))]
    assert all(step.accepts(text) for text in out)
    assert not step.accepts(out[0].replace("angle=64.0", "angle=63.9")
                            .replace("angle=89.0", "angle=88.9"))
    return out


def _play_lesson(choices: dict[int, str]) -> Match:
    """The whole lesson in the engine, the learner's act steps played as `choices` says
    (else the step's example, else its first fitting legal action)."""
    assert LESSON is not None
    info = registry.get("cairo")
    progress = Progress(LESSON)
    seats = tuple(SeatConfig(n, "human" if i == 0 else "bot", "easy", i)
                  for i, n in enumerate(LESSON.seats))
    match = Match(info, seats, LESSON.seed, info.resolve_options(dict(LESSON.options)),
                  info.create(len(seats), LESSON.seed, info.resolve_options({})))
    match.chance_script = progress.scripted_chance
    match.resolve_chance()
    for number, step in enumerate(LESSON.steps):
        if step.kind == "watch":
            for move in step.moves:
                match.play(match.state.parse_action(move))
                match.resolve_chance()
        elif step.kind == "act":
            text = choices.get(number) or step.example or next(
                a.to_str() for a in match.state.legal_actions() if step.accepts(a.to_str()))
            assert step.accepts(text)
            match.play(match.state.parse_action(text))
            match.resolve_chance()
    return match


def test_the_script_holds_for_any_flick_the_windows_accept() -> None:
    """The learner's flicks land anywhere inside their windows (and the pyramid may stand
    anywhere on Zawyet): the lesson's story and the other seats' moves must hold."""
    assert LESSON is not None
    flicks = [n for n, s in enumerate(LESSON.steps)
              if s.kind == "act" and s.expect[0].startswith("flick")]
    place = next(n for n, s in enumerate(LESSON.steps) if s.expect == ("place *",))
    corners = {n: _window_corners(LESSON.steps[n]) for n in flicks}
    # each flick step's window corners, one after the other, with the others at examples
    variants = [{n: corners[n][k % len(corners[n])] for n in flicks} for k in range(0, 18, 5)]
    variants.append({**variants[0], place: "place 262.0 337.0 30.0"})
    for choices in variants:
        match = _play_lesson(choices)
        state = match.state
        assert isinstance(state, CairoState) and state.is_terminal, choices
        lines = " ".join(line for entry in match.log for e in entry.events
                         if (line := e.describe(0)))
        assert "builds a pyramid of 3 on Zawyet" in lines
        assert "burning on the edge of Mazghuna" in lines and "takes back 1 block" in lines


# Pictures ----------------------------------------------------------------------------------

def _lessons_with_pictures() -> list[tuple[str, str]]:
    out = []
    for info in registry.listed_games():
        lesson = tutorial.load(info.id)
        for step in lesson.steps if lesson else ():
            if step.picture:
                out.append((info.id, step.picture))
    return out


def test_every_tutorial_picture_draws_something(app: App) -> None:
    asked = _lessons_with_pictures()
    assert {("cairo", "pyramid"), ("cairo", "burning"), ("loose_caboose", "derail"),
            ("kap_kairo", "counting")} <= set(asked)
    for game, name in asked:
        app.go_home()
        scene = start_tutorial(app, registry.get(game))
        surface = pygame.Surface((800, 400))
        surface.fill((0, 0, 0))
        rect = pygame.Rect((20, 30), PICTURE_SIZE)
        assert scene.draw_tutorial_picture(surface, rect, name), (game, name)
        pixels = pygame.surfarray.array3d(surface)
        inside = pixels[rect.left:rect.right, rect.top:rect.bottom].reshape(-1, 3)
        assert len(np.unique(inside, axis=0)) > 20, f"{game}/{name} is nearly blank"
        outside = np.concatenate([pixels[:rect.left].reshape(-1, 3),
                                  pixels[rect.right:].reshape(-1, 3)])
        assert not outside.any(), f"{game}/{name} drew outside its frame"


def test_an_unknown_picture_is_refused_with_the_step_and_name(app: App) -> None:
    assert LESSON is not None
    steps = (Step("explain", "Look.", picture="sphinx"), *LESSON.steps)
    bogus = Tutorial("cairo", "t", LESSON.seed, LESSON.seats, LESSON.chance, steps)
    scene = begin(app)
    with pytest.raises(TutorialError, match=r"Step 1 of the cairo tutorial .*'sphinx'"):
        scene.attach_tutorial(Progress(bogus))
    assert not scene.draw_tutorial_picture(pygame.Surface((10, 10)), pygame.Rect(0, 0, 10, 10),
                                           "sphinx")
    with pytest.raises(TutorialError, match="only an explain step"):
        tutorial.parse({"title": "x", "seed": 1, "seats": ["A", "B"],
                        "step": [{"kind": "act", "text": "Do.", "expect": ["a"], "wrong": "No.",
                                  "picture": "derail"}, {"kind": "end", "text": "End."}]},
                       "toy")


def test_the_picture_step_card_has_room_for_the_picture(app: App) -> None:
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None and LESSON is not None
    layer.fast_forward(next(n for n, s in enumerate(LESSON.steps) if s.picture))
    card, picture = layer.card.rect(), layer.card.picture_rect()
    assert card.contains(picture) and picture.size == PICTURE_SIZE
    assert picture.bottom <= button_rect(scene, "Next").top


def test_the_launcher_offers_learn_to_play_on_the_cairo_tile(app: App) -> None:
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    tile = next(t for t in launcher.tiles if t.id == "cairo")
    buttons = [e for e in launcher._actions  # type: ignore[attr-defined]
               if getattr(e, "text", None) == "Learn to play" and tile.rect.contains(e.rect)]
    assert len(buttons) == 1
    click(app, buttons[0].rect.center)
    assert isinstance(app.top, CairoScene) and app.top.tutorial is not None


def test_while_the_script_plays_the_learners_turn_the_bar_says_so(app: App) -> None:
    """The later turns are watched: the bar must not ask the learner to flick a block the
    tutorial would refuse ("Watch this move first")."""
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None and LESSON is not None
    takes_back = next(n for n, s in enumerate(LESSON.steps) if s.expect[:1] == ("retrieve 0L",))
    layer.fast_forward(takes_back + 1)
    frames(app, 2)
    # the learner's own seat is to move, but in a watch step the table offers her nothing
    assert layer.watching and scene.state.current_player == 0 and not scene.my_turn
    words = scene.action_bar.words()  # the moves go on while frames are drawn: 1 or 2 of 16
    assert re.fullmatch(r"Watch: the lesson plays Ann's turn, move [12] of 16\.", words), words
    layer.progress.step = takes_back  # an act step: the bar is the game's own again
    frames(app, 1)  # the layer sees the step change and the table offers the move again
    prompt = scene.action_bar.prompt
    # the game's own prompt (the script may have played a move of the turn meanwhile)
    assert scene.action_bar.words() == prompt and "flick" in prompt.lower()
