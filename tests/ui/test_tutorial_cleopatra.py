"""Learn to play Cleopatra's Caboose: the guided game driven from its first step to the
final scoring with the scene's own clicks and keys, a wrong move refused with the step's
line, the fast watch steps that skip to the end, and the launcher's "Learn to play"."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from nile.app import App
from nile.core import registry, tutorial
from nile.core.game import Action
from nile.core.tutorial import Progress, Step, TutorialError
from nile.games.cleopatra import intent
from nile.games.cleopatra.rules.actions import Bid, EndTurn, Pass, SourceFruit
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import CardDealt, CardTaken
from nile.games.cleopatra.scene import CleopatraScene
from nile.games.cleopatra.view import choices
from nile.ui.chrome.dialogs import open_save
from nile.ui.chrome.results import ResultsScene
from nile.ui.games import start_tutorial
from nile.ui.launcher import LauncherScene
from tests.ui.harness import (
    click,
    finish_lesson,
    frames,
    instant_app,
    key,
    make_app,
    press,
    watch_step,
)

LESSON = tutorial.load("cleopatra")
D = game_data()


@pytest.fixture
def app() -> App:
    return instant_app()


def begin(app: App) -> CleopatraScene:
    app.go_home()
    scene = start_tutorial(app, registry.get("cleopatra"))
    frames(app, 2)
    assert isinstance(scene, CleopatraScene) and scene.tutorial is not None
    return scene


def point(scene: CleopatraScene, target: choices.Target) -> tuple[int, int]:
    """A point that hits `target` (the visible left edge of an overlapped hand card)."""
    rect = scene.table_hits().rect_of(target)
    assert rect is not None, f"{target} is not drawn"
    return (rect.left + 5, rect.centery) if target[0] in choices.HAND_KINDS else rect.center


def choose_row(app: App, scene: CleopatraScene, action: Action) -> None:
    """Click the row of the open list of variants that is `action`."""
    assert scene.popup is not None, f"no list open for {action.to_str()}"
    frames(app)
    index = scene.popup.actions.index(action)
    while index >= scene.popup.scroll + len(scene.popup.row_rects):
        scene.popup.wheel(-1)
        frames(app)
    box = next(r for i, r in scene.popup.row_rects if i == index)
    click(app, box.center)


def play_by_hand(app: App, scene: CleopatraScene, text: str) -> None:
    """What a learner does for the step's action: the bid keys, P and E, or the cards in
    the hand clicked first, then the god, display card, city or track, then the list's row."""
    action = scene.state.parse_action(text)
    if isinstance(action, Bid):
        while scene.bid < action.amount:
            key(app, pygame.K_UP)
        key(app, pygame.K_RETURN)
        return
    if isinstance(action, Pass | EndTurn):
        key(app, pygame.K_p if isinstance(action, Pass) else pygame.K_e)
        return
    before = scene.match.ply
    if isinstance(action, SourceFruit):
        choose_row(app, scene, action)
        return
    found = intent.targets(action)
    for target in found:
        if target[0] in choices.HAND_KINDS:
            click(app, point(scene, target))
            assert target in scene.picked, (text, target, [t.message for t in scene.toasts.items])
    click(app, point(scene, next(t for t in found if t[0] not in choices.HAND_KINDS)))
    if scene.match.ply == before and scene.popup is not None:  # a list of variants opened
        choose_row(app, scene, action)


def do_step(app: App, scene: CleopatraScene) -> None:
    """One step as a learner plays it: Next, the asked-for move, or watching."""
    assert scene.tutorial is not None
    step = scene.tutorial.progress.current
    if step.kind == "explain":
        press(app, scene, "Next")
    elif step.kind == "watch":
        watch_step(app, scene)  # the script plays the moves, then the card waits for Next
    else:
        play_by_hand(app, scene, step.expect[0])
    frames(app, 3)


def log_text(scene: CleopatraScene) -> str:
    return " ".join(line for entry in scene.match.log for e in entry.events
                    if (line := e.describe(0)))


@pytest.mark.slow
def test_cleopatra_is_taught_from_the_first_bid_to_the_final_scoring(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    kinds = set()
    while not progress.finished:
        before = progress.step
        kinds.add(progress.current.kind)
        do_step(app, scene)
        assert progress.step == before + 1, (
            f"step {before + 1} did not advance: {[t.message for t in scene.toasts.items]}")
        assert not any(t.kind == "error" for t in scene.toasts.items), before + 1
        if progress.step < len(LESSON.steps) - 1:
            assert not isinstance(app.top, ResultsScene)  # the scoring is explained first
    assert {"explain", "act", "watch"} <= kinds
    assert scene.match.state.is_terminal
    assert progress.chance_used == len(LESSON.chance)  # every scripted card did turn up
    joined = log_text(scene)
    for shown in (
        "passes and takes turn-order space 4",  # the first to pass pays nothing
        "pays 2 Florin (auction bid)",  # half of Bastet's 3, rounded up
        "chooses 4 Anubis",
        "places 2 trains on Edfu-Thebes",  # Construct Track
        "A raspberry appears in Edfu",  # Produce Fruit
        "takes Thebes (raspberry 9, lemon 7) from the city display",  # Draw City Cards
        "ships raspberry Edfu–Thebes",  # Ship Fruit
        "builds City Hall (lemon, 3 VP, +1) in Edfu",  # Construct a Building
        "builds a +8 pyramid in Abydos",  # Build a Pyramid
        "(trains around Thebes)",  # the others' share of a shipment
        "(Fruit types)",  # the final scoring
    ):
        assert shown in joined, shown
    real = finish_lesson(app, scene)  # the score sheet opens from the end step's card
    assert isinstance(real, CleopatraScene) and real.tutorial is None
    assert [s.kind for s in real.match.seats] == ["human", "bot", "bot", "bot"]


def test_a_wrong_card_is_refused_with_the_steps_line(app: App) -> None:
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None and LESSON is not None
    track = next(i for i, s in enumerate(LESSON.steps) if s.expect and s.expect[0].startswith(
        "track 2-train"))
    layer.fast_forward(track)
    frames(app, 3)
    plies = scene.match.ply
    # the Edfu card where the step asks for the Thebes card: legal, but not the lesson
    play_by_hand(app, scene, "track 2-train Edfu-Thebes with Edfu (lime 8, lemon 8)")
    assert scene.match.ply == plies and layer.progress.step == track
    assert layer.progress.current.wrong in scene.tutorial.refusal  # type: ignore[union-attr]
    key(app, pygame.K_ESCAPE)  # clear the cards picked, then as the step asks
    play_by_hand(app, scene, LESSON.steps[track].expect[0])
    assert layer.progress.step == track + 1


def test_the_first_bid_refuses_a_pass(app: App) -> None:
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    while progress.current.kind != "act":
        press(app, scene, "Next")
    key(app, pygame.K_p)
    assert scene.match.ply == len(scene.match.actions) and progress.current.expect == ("bid 2",)
    assert "Bid 2 Florin this time" in scene.tutorial.refusal  # type: ignore[union-attr]


@pytest.mark.slow
def test_a_fast_watch_step_skips_ahead_without_waiting_for_animations() -> None:
    """With animations and bots at their usual speed, a fast step plays a move about every
    eighth of a second; a plain watch step lets each move be seen for a second and more."""
    assert LESSON is not None
    for kind, wanted in (("fast", True), ("slow", False)):
        app = make_app()
        app.go_home()
        scene = start_tutorial(app, registry.get("cleopatra"))
        layer = scene.tutorial
        assert layer is not None
        index = next(i for i, s in enumerate(LESSON.steps) if s.kind == "watch"
                     and len(s.moves) > 3 and s.fast == (kind == "fast"))
        layer.fast_forward(index)
        assert layer.skipping == wanted
        frames(app, 10 * len(LESSON.steps[index].moves) + 30)
        assert layer.progress.watched == wanted, kind


def test_only_a_watch_step_can_be_fast() -> None:
    data = {"title": "x", "seed": 1, "seats": ["A", "B"],
            "step": [{"kind": "watch", "text": "Go.", "moves": ["pass"], "fast": True},
                     {"kind": "end", "text": "Done."}]}
    lesson = tutorial.parse(data, "toy")
    assert lesson.steps[0].fast and not lesson.steps[1].fast
    assert Progress(lesson).next_move() == "pass"
    data["step"] = [{"kind": "explain", "text": "Read.", "fast": True},
                    {"kind": "end", "text": "Done."}]
    with pytest.raises(TutorialError):
        tutorial.parse(data, "toy")
    assert not Step("watch", "x", moves=("pass",)).fast


def test_every_look_of_the_lesson_is_a_region_of_the_table(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    regions = scene.regions()
    for step in LESSON.steps:
        assert not step.look or step.look in regions, step.look
    assert scene.board_rect.contains(regions["hand"])
    assert regions["hand"].width < regions["table"].width  # the card can sit beside it


def test_the_cleopatra_tile_offers_learn_to_play(app: App) -> None:
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    tile = next(t for t in launcher.tiles if t.id == "cleopatra")
    button = next(e for e in launcher._actions  # type: ignore[attr-defined]
                  if getattr(e, "text", None) == "Learn to play"
                  and tile.rect.contains(e.rect))
    click(app, button.rect.center)
    assert isinstance(app.top, CleopatraScene) and app.top.tutorial is not None


@pytest.mark.slow
def test_the_card_leaves_every_step_s_region_in_view(app: App) -> None:
    """Even the final scoring's wide table: the card narrows to sit beside it."""
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    covered = []
    for index in range(len(LESSON.steps)):
        layer.fast_forward(index)
        frames(app)
        look = layer.card.look_rect()
        if look is not None and look.inflate(12, 12).colliderect(layer.card.rect()):
            covered.append((index, LESSON.steps[index].look))
    assert covered == []


@pytest.mark.slow
def test_left_while_skipping_ahead_it_resumes_and_still_reaches_the_scoring(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None and scene.autosaver is not None
    fast = next(i for i, s in enumerate(LESSON.steps) if s.fast)
    layer.fast_forward(fast)
    for move in LESSON.steps[fast].moves[:5]:  # a few of its moves, then off to the launcher
        layer.progress.moves_played += 1
        scene.play_scripted(scene.state.parse_action(move))
    layer.save_progress()
    scene.autosaver.flush()
    actions = list(scene.match.actions)
    app.go_home()
    open_save(app, scene.autosaver.path)
    again = app.top
    assert isinstance(again, CleopatraScene) and again.tutorial is not None
    progress = again.tutorial.progress
    assert (progress.step, progress.moves_played) == (fast, 5) and again.match.actions == actions
    while not progress.finished:
        do_step(app, again)
    assert again.match.state.is_terminal
    finish_lesson(app, again)


def test_cleopatra_s_setup_offers_to_learn_first(app: App) -> None:
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    launcher.open_tile(next(t for t in launcher.tiles if t.id == "cleopatra"))
    frames(app)
    press(app, app.top, "Learn to play first")
    assert isinstance(app.top, CleopatraScene) and app.top.tutorial is not None
    assert app.top.tutorial.progress.step == 0


@pytest.mark.slow
def test_the_skipped_turns_are_what_the_recording_tool_gives() -> None:
    """tools/tutorial_moves.py reproduces the fast steps' moves from the file itself, so
    they can be recorded again after a change to the rules makes them illegal."""
    assert LESSON is not None
    first = next(i for i, s in enumerate(LESSON.steps) if s.fast)
    skipped = [m for s in LESSON.steps[first:] if s.fast for m in s.moves]
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "tools/tutorial_moves.py", "--game", "cleopatra", "--from-step",
         str(first)], cwd=root, capture_output=True, text=True, timeout=300, check=True)
    recorded = tomllib.loads(result.stdout)["moves"]
    assert recorded == skipped


def test_the_card_keeps_clear_of_an_open_list(app: App) -> None:
    """Clicking Abydos opens the list the step asks to choose from: the card moves off it
    (seen in a real window, where the card covered the +8 row)."""
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    index = next(i for i, s in enumerate(LESSON.steps) if s.title == "A pyramid in Abydos")
    layer.fast_forward(index)
    frames(app, 2)
    click(app, point(scene, ("city", D.cities.index("Abydos"))))
    frames(app, 2)
    assert scene.popup is not None
    assert not layer.card.rect().colliderect(scene.popup.rect)


def test_cards_drawn_join_the_hand_when_the_log_says_so() -> None:
    """Draw City Cards (step 22): the face-up Thebes and the deck's top card fly to Ann's
    hand; each shows there when it lands, and the log's lines (which wait for the table)
    come with them, never a card in the hand before its line."""
    app = make_app()  # animations on
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    layer.fast_forward(21)
    step = layer.progress.current
    assert step.title == "Draw City Cards" and step.example == "" and step.expect
    before = len(scene.match.log)
    scene.submit(scene.state.parse_action(step.expect[0]))
    drawn = [e for entry in scene.match.log[before:] for e in entry.events
             if isinstance(e, CardTaken | CardDealt)]  # the deck's card is a chance draw
    lines = [scene.words(e.describe(scene.viewer)) for e in drawn]
    assert len(drawn) == 2 and all(e.seat == scene.viewer for e in drawn)
    frames(app)
    assert scene.anims.busy and len(scene.hand.hidden) == 2  # both still flying...
    assert not set(lines) & set(scene.log.lines)  # ...and not in the log
    for _ in range(900):
        if not scene.hand.hidden:
            break
        assert not set(lines) & set(scene.log.lines)  # the log never runs ahead
        frames(app)
    frames(app)
    assert not scene.hand.hidden and not scene.anims.busy
    assert set(lines) <= set(scene.log.lines)
