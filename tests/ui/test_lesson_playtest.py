"""What a newcomer's play-test of the five lessons found (issue 29 item 1): a button's
tooltip drawn over the card, cards covering what their sentence is about, Cairo's long
watch steps that looked hung, words and Next that did not come together, Age of Steam's
lines about a log that is not there and a picker opened on the wrong tile, the launcher's
note about Continue after a lesson, and Back keeping the step in play's ring."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.core import registry, tutorial
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.cairo.scene import CairoScene
from nile.ui.chrome.dialogs import MenuScene
from nile.ui.chrome.game_scene import GameScene
from nile.ui.games import start_tutorial
from nile.ui.shots import tutorial_at
from tests.ui.harness import click, frames, instant_app, make_app, press


def at(app: App, game: str, step: int) -> GameScene:
    """The lesson of `game` at its step number `step` (1-based, as the card says)."""
    app.go_home()
    scene = tutorial_at(app, game, step - 1)
    assert isinstance(scene, GameScene) and scene.tutorial is not None
    frames(app, 2)
    return scene


def test_a_button_s_tooltip_never_lies_over_the_card() -> None:
    """Loose Caboose step 9: the bar's Pass sits under the card's Next; its tooltip (made
    by pygame_gui where the mouse rests) moves clear of the card before it is drawn."""
    app = instant_app()
    scene = at(app, "loose_caboose", 9)
    layer = scene.tutorial
    assert layer is not None
    card = layer.card.rect()
    tip = scene.gui.create_tool_tip("Move the caboose one card and take a penalty (P)",
                                    card.midbottom, (0, 12), None, None)
    assert tip.rect.colliderect(card)  # where pygame_gui put it
    frames(app, 1)
    assert not tip.rect.colliderect(card)
    assert pygame.Rect(0, 0, *app.screen.get_size()).contains(tip.rect)


NAMED = [
    ("loose_caboose", 2, "pile"),
    ("loose_caboose", 4, "front"),
    ("loose_caboose", 6, "dice"),
    ("kap_kairo", 12, "market"),
    ("cairo", 25, "sinki"),
    ("cleopatra", 56, "scoring"),
    ("cleopatra", 57, "city Abydos"),
    ("cleopatra", 57, "city Lisht"),
    ("age_of_steam", 26, "display"),
    ("age_of_steam", 57, "actions"),
]


@pytest.mark.slow
def test_the_card_leaves_what_its_sentence_is_about_in_view() -> None:
    """The steps the play-tester found covered name what they talk about (the draw pile,
    the dice and their total, the track row, Sinki, the final scoring's Total, Abydos and
    Lisht, the goods display, the Production tile), and their cards leave it whole. (One
    test over these shipped steps, not a test per game: every game's every step is
    checked against what it names in test_tutorial_waits.py.)"""
    app = instant_app()
    covered = []
    for game, step, region in NAMED:
        lesson = tutorial.load(game)
        assert lesson is not None and region in lesson.steps[step - 1].clear, (game, step)
        scene = at(app, game, step)
        layer = scene.tutorial
        assert layer is not None
        frames(app, 2)
        regions = scene.regions()
        assert region in regions, (game, region)
        if layer.card.rect().colliderect(regions[region]):
            covered.append((game, step, region))
    assert covered == []


def test_back_rings_the_earlier_card_s_region_not_the_step_in_play_s() -> None:
    app = instant_app()
    scene = at(app, "loose_caboose", 3)  # "Lay a card" rings the front
    layer = scene.tutorial
    assert layer is not None and layer.card.look_rect() == scene.regions()["front"]
    press(app, scene, "Back")  # step 2, "Your hand", rings the hand
    assert layer.card.look_rect() == scene.regions()["hand"]
    press(app, scene, "Back")  # step 1 rings the railway
    assert layer.card.look_rect() == scene.regions()["rail"]


def test_the_card_s_words_and_next_come_together_once_the_table_is_still() -> None:
    """While the table still shows the last move the card shows "…", offers no Next, and
    the bar does not say "press Next"; then all three at once."""
    app = make_app()
    scene = at(app, "loose_caboose", 6)  # the step after the roll: the dice are rolling
    layer = scene.tutorial
    assert layer is not None
    layer._text_step = -1  # as a step the table has not shown yet
    scene.anims.later(5.0, lambda: None)  # the roll still plays out
    frames(app, 1)
    assert not layer.text_shown and not layer.waiting
    assert "Next" not in [getattr(b, "text", "") for b in layer._buttons]
    assert "press Next" not in scene.action_bar.words()
    assert layer.busy  # frames keep coming: not drawn once a second by an idle app
    scene.anims.finish()
    frames(app, 1)
    assert layer.text_shown and layer.waiting
    assert "Next" in [getattr(b, "text", "") for b in layer._buttons]


def test_a_watch_step_keeps_the_app_drawing_while_its_moves_play() -> None:
    """Cairo step 23 plays the learner's own seat: no bot is to move, yet the app must not
    idle (one frame a second) with the script's moves still to play."""
    app = instant_app()
    scene = at(app, "cairo", 23)
    layer = scene.tutorial
    assert layer is not None and layer.progress.next_move() is not None
    assert scene.match.seats[scene.state.current_player or 0].is_human
    assert layer.busy and not scene.is_idle()


@pytest.mark.slow
@pytest.mark.parametrize("step", [23, 24])
def test_cairo_s_long_watch_steps_go_by_quickly_and_say_how_far(step: int) -> None:
    app = make_app()  # the usual speeds
    scene = at(app, "cairo", step)
    layer = scene.tutorial
    assert layer is not None
    total = len(layer.progress.current.moves)
    seconds, said = 0.0, set()
    while not layer.waiting and seconds < 60:
        frames(app, 6, 1 / 60)
        seconds += 0.1
        said.add(scene.action_bar.words())
    assert layer.waiting and seconds < 8.0, seconds  # was ~37 s and ~98 s
    assert f"Watch: the lesson plays Bastet's turn, move 2 of {total}." in said or \
        f"Watch: the lesson plays Ann's turn, move 2 of {total}." in said


def test_cairo_s_bar_lights_the_block_the_card_asks_for() -> None:
    app = instant_app()
    scene = at(app, "cairo", 17)  # "The large block"
    assert isinstance(scene, CairoScene)
    lit = [b.label for b in scene.picker.choices() if b.accent]
    assert lit == ["Large block"]


@pytest.mark.slow
def test_cairo_s_top_bar_says_game_over_only_once_the_last_flick_has_played_out() -> None:
    app = make_app()
    scene = at(app, "cairo", 26)
    layer = scene.tutorial
    assert layer is not None
    early, seconds = [], 0.0
    while not layer.waiting and seconds < 60:
        frames(app, 1)
        seconds += 1 / 60
        if scene.anims.busy:
            status = scene.top_bar._held[0] if scene.top_bar._held else None
            if status is not None and "over" in status.phase_text.lower():
                early.append(round(seconds, 2))
    assert scene.state.is_terminal and layer.waiting
    assert early == []


def test_age_of_steam_s_picker_opens_on_the_new_city_the_card_asks_for() -> None:
    app = instant_app()
    scene = at(app, "age_of_steam", 36)
    assert isinstance(scene, AgeOfSteamScene)
    curico = next(c for c in scene.aos.map.town_names.items() if c[1] == "Curico")[0]
    x, y = scene.mv.hex_centre(curico)
    click(app, (round(x), round(y)))
    chosen = scene.pickers.chosen_build()
    assert chosen is not None and chosen.to_str() == "urbanize 2,19 A"


def test_age_of_steam_s_lines_name_what_the_table_shows() -> None:
    lesson = tutorial.load("age_of_steam")
    assert lesson is not None
    texts = {step.title: step.text for step in lesson.steps}
    assert "log" not in texts["They build first"].lower()  # no log panel on Chile
    assert "grey" in texts["They build first"]
    assert "four track tiles this turn instead of three" in texts["Action tiles"]
    assert "so on" not in texts["The income reduction"]
    assert "by 10 from 50 up" in texts["The income reduction"]


def test_leaving_a_lesson_says_it_resumes_from_learn_to_play() -> None:
    app = instant_app()
    app.go_home()
    scene = start_tutorial(app, registry.get("kap_kairo"))
    assert scene.tutorial is not None
    frames(app, 2)
    press(app, scene, "Next")
    menu = MenuScene(app, scene)
    app.push(menu)
    menu._quit()
    words = [t.message for t in app.notices.items]
    assert any("resume it from Learn to play" in w for w in words), words
    assert not any("Continue" in w for w in words)
    rescued = scene.rescue()
    assert rescued is not None and "Learn to play opens it again" in rescued.note
