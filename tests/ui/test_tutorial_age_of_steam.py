"""Learn to play Age of Steam: the guided game on Chile driven from its first step to the
scoring with the scene's own clicks and keys, a wrong track refused with the step's line,
the launcher's Learn to play, and the watch steps' pace."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.core import registry, tutorial
from nile.core.tutorial import TutorialError
from nile.games.age_of_steam.rules.actions import Build, Deliver
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.view.panel import RowTarget, TileTarget
from nile.ui.chrome.results import ResultsScene
from nile.ui.games import start_tutorial
from nile.ui.launcher import LauncherScene
from tests.games.age_of_steam import table
from tests.ui.harness import click, finish_lesson, frames, instant_app, key, press, watch_step


def _on_panel(scene: AgeOfSteamScene, target: TileTarget | RowTarget) -> tuple[int, int]:
    """Where the boards drew `target` (an action tile or a display row), to click it."""
    rect = scene.panel.rect_of(target)
    assert rect is not None, target
    return rect.center


LESSON = tutorial.load("age_of_steam")


@pytest.fixture
def app() -> App:
    return instant_app()


def begin(app: App) -> AgeOfSteamScene:
    app.go_home()
    scene = start_tutorial(app, registry.get("age_of_steam"))
    frames(app, 2)
    assert isinstance(scene, AgeOfSteamScene) and scene.tutorial is not None
    return scene


def press_labelled(app: App, scene: AgeOfSteamScene, start: str) -> None:
    """Click the action-bar button whose label starts with `start` ('Drop out (pay $0)')."""
    for element in scene._actions:
        label = getattr(element, "text", "")
        if isinstance(label, str) and label.startswith(start) and element.visible:
            click(app, element.rect.center)
            return
    raise LookupError(f"no button {start!r}")


def build_by_hand(app: App, scene: AgeOfSteamScene, wanted: str) -> None:
    """Click the hex, turn the picker with the arrow keys to the wanted tile, Enter."""
    label = wanted.split()[1]
    h = scene.aos.map.hex_at(label)
    x, y = scene.mv.hex_centre(h)
    click(app, (round(x), round(y)))
    popup = scene.pickers.build_popup
    assert popup is not None, f"no picker on {label}"
    for _ in range(len(popup.items)):
        chosen = scene.pickers.chosen_build()
        if chosen is not None and chosen.to_str() == wanted:
            break
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)


def deliver_by_hand(app: App, scene: AgeOfSteamScene, wanted: str) -> None:
    """Click the cube, then its destination; pick the way from the list if there are several."""
    action = scene.aos.parse_action(wanted)
    assert isinstance(action, Deliver)
    source = scene.aos.map.hex_at(action.source)
    cube = next(c for c in scene.mv.cubes if c.hex == source and c.colour == action.colour)
    click(app, scene.mv.cube_rect(cube).center)
    dest = next(d for d in table.dests(scene) if any(r.action == action for r in d.routes))
    x, y = scene.mv.hex_centre(dest.hexes[0])
    click(app, (round(x), round(y)))
    popup = scene.pickers.dest_popup
    if popup is not None:
        row = next(i for i, r in enumerate(scene.pickers.dest_routes) if r.action == action)
        click(app, popup.row_rect(row).center)


def act_by_hand(app: App, scene: AgeOfSteamScene, wanted: str) -> None:
    """What a learner does for the action the step asks for, on the real table."""
    verb = wanted.split()[0]
    if verb == "issue":
        for _ in range(int(wanted.split()[1])):
            key(app, pygame.K_UP)
        key(app, pygame.K_RETURN)
    elif verb == "bid":
        for _ in range(int(wanted.split()[1]) - table.count(scene)):
            key(app, pygame.K_UP)
        key(app, pygame.K_RETURN)
    elif wanted == "drop out":
        press_labelled(app, scene, "Drop out")
    elif verb == "take":
        click(app, _on_panel(scene, TileTarget(wanted.split()[1])))
    elif verb in ("lay", "town", "upgrade", "redirect", "urbanize"):
        build_by_hand(app, scene, wanted)
    elif wanted == "end build":
        key(app, pygame.K_e)
    elif wanted == "locomotive":
        press_labelled(app, scene, "Locomotive to")
    elif verb == "deliver":
        deliver_by_hand(app, scene, wanted)
    else:
        raise AssertionError(f"the test cannot play {wanted!r} by hand yet")


def do_step(app: App, scene: AgeOfSteamScene) -> None:
    assert scene.tutorial is not None
    step = scene.tutorial.progress.current
    if step.kind == "explain":
        press(app, scene, "Next")
    elif step.kind == "watch":
        watch_step(app, scene)  # the script plays the moves, then the card waits for Next
    else:
        act_by_hand(app, scene, step.expect[0])
    frames(app, 3)


def test_the_lesson_file_is_complete_and_plays_on_chile() -> None:
    assert LESSON is not None
    assert dict(LESSON.options)["map"] == "chile" and len(LESSON.seats) == 4
    kinds = {s.kind for s in LESSON.steps}
    assert kinds == {"explain", "act", "watch", "end"}
    # the later turns go by briskly, the first one at the normal pace
    assert any(s.pace is not None and s.pace < 0.5 for s in LESSON.steps)


@pytest.mark.slow
def test_age_of_steam_is_taught_to_the_scoring_by_clicks_and_keys(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    progress = scene.tutorial.progress  # type: ignore[union-attr]
    for _ in range(len(LESSON.steps) * 2):
        if progress.finished:
            break
        before = progress.step
        do_step(app, scene)
        assert progress.step == before + 1, f"step {before + 1} ({progress.current.title}) " \
                                            f"did not advance"
        if not progress.finished:
            assert not isinstance(app.top, ResultsScene)  # the scoring is explained first
    assert progress.finished
    assert progress.chance_used == len(LESSON.chance)  # every scripted die was rolled
    state = scene.aos
    assert state.phase == Phase.OVER and state.round == state.last_round
    joined = " ".join(line for entry in scene.match.log for e in entry.events
                      if (line := e.describe(0)))
    # every rule the lesson promises showed up on the table
    for shown in ("issues 2 shares", "drops out, takes place 4 and pays $0", "takes First Move",
                  "town tile", "moves blue from Santiago to Valparaiso", "raises the locomotive",
                  "pays $6", "urbanizes Curico", "loses unfinished track",
                  "shares issued (yellow good)", "loses 2 income"):
        assert shown in joined, shown
    scores = state.scores()
    assert scores[0] == max(scores) == 33  # Ann wins the lesson's game, as its text says
    real = finish_lesson(app, scene)  # the score sheet opens from the end step's card
    assert isinstance(real, AgeOfSteamScene) and real.tutorial is None
    assert [s.kind for s in real.match.seats] == ["human", "bot", "bot", "bot"]
    assert real.match.options["map"] == "chile"


def test_a_wrong_track_is_refused_with_the_steps_line(app: App) -> None:
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    at = next(i for i, s in enumerate(layer.progress.tutorial.steps)
              if s.title == "Join Santiago and Valparaiso")
    layer.fast_forward(at)
    frames(app, 2)
    plies = scene.match.ply
    asked = layer.progress.current.expect[0]
    other = next(a.to_str() for a in scene.aos.legal_actions()
                 if isinstance(a, Build) and a.hex_label == "1,16" and a.to_str() != asked)
    build_by_hand(app, scene, other)
    assert scene.match.ply == plies and layer.progress.step == at
    # inside the picker's list the refusal names the line to pick, not the card's words
    fitting = next(a for a in scene.aos.legal_actions() if a.to_str() == asked)
    assert layer.refusal == f"Not that line: pick \u201c{scene.describe_action(fitting)}\u201d."
    build_by_hand(app, scene, asked)  # the asked-for track is taken
    assert layer.progress.step == at + 1


def test_the_learner_ends_her_first_build_on_done_after_the_review_card(app: App) -> None:
    """AS-16: the third tile does not end the turn; the step shows the review card (clear of
    the step's own card) and Done (E) hands the build on to Stephenson."""
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    at = next(i for i, s in enumerate(LESSON.steps) if s.title == "Done building")
    assert LESSON.steps[at - 1].expect == ("town 2,19 town1/0",)  # right after her third tile
    layer.fast_forward(at)
    frames(app, 3)
    state = scene.aos
    assert state.phase == Phase.BUILD and state.current_player == 0  # the turn waits for Done
    done = table.build_review(scene)
    assert done is not None and len(done.tiles) == 3 and done.cost == 6
    assert len(done.links) == 2 and all("Santiago" in link for link in done.links)
    assert scene.review_rect is not None, "no review card on the map"
    assert layer.card.look_rect() == scene.review_rect  # the step points at the card
    assert not scene.review_rect.colliderect(layer.card.rect()), "the step covers the review"
    act_by_hand(app, scene, LESSON.steps[at].expect[0])  # E
    frames(app, 3)
    assert layer.progress.step == at + 1
    assert scene.aos.phase == Phase.BUILD and scene.aos.current_player == 2  # Stephenson builds


def test_the_launcher_tile_offers_learn_to_play_for_age_of_steam(app: App) -> None:
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    tile = next(t for t in launcher.tiles if t.id == "age_of_steam")
    learn = [e for e in launcher._actions
             if getattr(e, "text", "") == "Learn to play" and tile.rect.colliderect(e.rect)]
    assert learn, "no Learn to play on the Age of Steam tile"
    click(app, learn[0].rect.center)
    scene = app.top
    assert isinstance(scene, AgeOfSteamScene) and scene.tutorial is not None
    assert scene.tutorial.progress.tutorial.game == "age_of_steam"


def test_a_watch_steps_pace_is_read_and_checked() -> None:
    base = {"title": "x", "seed": 1, "seats": ["A", "B"]}
    lesson = tutorial.parse({**base, "step": [
        {"kind": "watch", "text": "Go.", "moves": ["m"], "pace": 0.2},
        {"kind": "end", "text": "Done."}]}, "toy")
    assert lesson.steps[0].pace == 0.2 and lesson.steps[1].pace is None
    with pytest.raises(TutorialError):
        tutorial.parse({**base, "step": [
            {"kind": "watch", "text": "Go.", "moves": ["m"], "pace": -1},
            {"kind": "end", "text": "Done."}]}, "toy")


def test_a_brisk_watch_step_plays_its_moves_faster(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    brisk = next(i for i, s in enumerate(LESSON.steps) if s.title == "Turn 3")
    assert LESSON.steps[brisk].pace is not None
    layer.fast_forward(brisk)
    frames(app, 60)  # one second: at the normal pace (a quarter second apart here) 4 moves
    assert layer.progress.moves_played >= 8


def test_the_learners_own_moves_in_a_watch_step_offer_nothing_to_press(app: App) -> None:
    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    layer.fast_forward(next(i for i, s in enumerate(LESSON.steps) if s.title == "Turn 3"))
    frames(app, 2)
    while scene.state.current_player != 0:  # the script plays on to Ann's own move
        frames(app, 2)
    assert not scene.my_turn
    assert scene.action_bar.context == {}, \
        "the action bar offers the learner buttons while the script plays"
    shares = scene.match.state.shares[0]
    while scene.match.state.current_player == 0 and scene.match.state.phase == Phase.SHARES:
        frames(app, 2)
    assert scene.match.state.shares[0] == shares  # Ann issued none, as the script says


def test_left_in_the_second_turn_it_resumes_there_on_chile(app: App) -> None:
    from nile.ui.chrome.dialogs import open_save

    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    at = next(i for i, s in enumerate(LESSON.steps) if s.title == "A new city")
    layer.fast_forward(at)
    scene.autosaver.flush()  # type: ignore[union-attr]
    path = scene.autosaver.path  # type: ignore[union-attr]
    app.go_home()
    open_save(app, path)
    again = app.top
    assert isinstance(again, AgeOfSteamScene) and again.tutorial is not None
    assert again.tutorial.progress.step == at and again.match.options["map"] == "chile"
    build_by_hand(app, again, LESSON.steps[at].expect[0])  # Curico becomes a city
    assert again.tutorial.progress.step == at + 1


@pytest.mark.slow
def test_left_in_the_middle_of_a_watch_step_it_resumes_after_the_moves_made(app: App) -> None:
    from nile.ui.chrome.dialogs import open_save

    assert LESSON is not None
    scene = begin(app)
    layer = scene.tutorial
    assert layer is not None
    at = next(i for i, s in enumerate(LESSON.steps) if s.title == "Turn 3")
    layer.fast_forward(at)
    while layer.progress.moves_played < 5:
        frames(app)
    scene.autosaver.flush()  # type: ignore[union-attr]
    path, played = scene.autosaver.path, list(scene.match.actions)  # type: ignore[union-attr]
    app.go_home()
    open_save(app, path)
    again = app.top
    assert isinstance(again, AgeOfSteamScene) and again.tutorial is not None
    assert again.match.actions == played
    assert again.tutorial.progress.step == at and again.tutorial.progress.moves_played == 5
    for _ in range(60 * 60):  # the script goes on from the sixth move, then waits
        if again.tutorial.waiting:
            break
        frames(app, 5)
    assert again.tutorial.progress.step == at and again.tutorial.progress.watched
    assert again.match.state.round == 4
    # the resumed lesson still rolls the scripted growth dice (the game the text tells)
    rolled = [a for a in again.match.actions if a.startswith("roll ")]
    assert rolled == [c for c in LESSON.chance if c.startswith("roll ")][:len(rolled)]
    assert len(rolled) == 3 * 8  # the growth of turns 1-3
