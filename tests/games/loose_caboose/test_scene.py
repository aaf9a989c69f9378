"""Loose Caboose! through its scene: a whole game played with synthetic mouse events."""

from __future__ import annotations

import pygame
import pytest

from nile.ai.bots import hint
from nile.core.session import Match, SeatConfig
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.intent import GridCell, HandCard
from nile.games.loose_caboose.rules import UNKNOWN, Card, hand_in_order
from nile.games.loose_caboose.rules.actions import Lay, Pass, Roll
from nile.games.loose_caboose.scene import LooseCabooseScene
from nile.games.loose_caboose.view import panel
from nile.games.loose_caboose.view.table import cell_center
from nile.ui import text
from nile.ui.chrome.results import ResultsScene
from tests.ui.harness import click, frames, hand_over, instant_app, key, press


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    return instant_app()


def open_scene(app, seats, seed: int) -> LooseCabooseScene:  # type: ignore[no-untyped-def]
    scene = LooseCabooseScene(app, Match.new(GAME_INFO, seats, seed))
    app.push(scene)
    frames(app, 2)
    return scene


def picked_card(scene: LooseCabooseScene) -> Card | None:
    """The card of the hand picked now, if any."""
    cards = [p.card for p in scene.picker.picked if isinstance(p, HandCard)]
    return cards[0] if cards else None


def act_with_mouse(app, scene: LooseCabooseScene) -> None:  # type: ignore[no-untyped-def]
    """Do what the normal bot suggests, the way a person would: with the mouse."""
    action = hint(GAME_INFO, scene.state, seed=scene.match.ply)
    if isinstance(action, Lay):
        hand = hand_in_order(scene.lc, scene.viewer)
        index = hand.index(action.card)
        x, y, _ = scene.hand.slots()[index]
        click(app, (round(x), round(y)))
        assert picked_card(scene) == action.card
        assert scene.picker.is_lit(GridCell(action.cell))
        cx, cy = cell_center(scene.camera, action.cell)
        click(app, (round(cx), round(cy)))
    elif isinstance(action, Roll):
        label = next(spec.label for spec, _ in scene.action_bar.context.values()
                     if spec.key == "roll")
        press(app, scene, label)
    else:
        assert isinstance(action, Pass)
        press(app, scene, "Pass")


@pytest.mark.slow
def test_a_whole_game_through_the_scene(app) -> None:  # type: ignore[no-untyped-def]
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1))
    scene = open_scene(app, seats, seed=12)
    human_moves = 0
    for _ in range(3000):
        if scene.match.state.is_terminal:
            break
        if scene.accepting_input:
            assert all(card == UNKNOWN for card in scene.view.hands[1])
            before = len(scene.match.actions)
            act_with_mouse(app, scene)
            assert len(scene.match.actions) > before, scene.toasts.items
            human_moves += 1
        else:
            frames(app, 3)
    frames(app, 5)
    assert scene.match.state.is_terminal and human_moves > 5
    assert isinstance(app.top, ResultsScene)


def test_keyboard_pass_and_refusals(app) -> None:  # type: ignore[no-untyped-def]
    seats = (SeatConfig("Ann"), SeatConfig("Bo"))
    scene = open_scene(app, seats, seed=4)
    seat = scene.state.current_player
    assert scene.covered_for == seat  # two humans: nobody's hand before they say who looks
    hand_over(app, scene)
    assert scene.viewer == seat
    click(app, (scene.areas().rail.left + 5, scene.areas().rail.top + 5))
    assert len(scene.match.actions) == len(scene.match.log)
    before = len(scene.match.actions)
    key(app, pygame.K_p)
    frames(app, 3)
    assert len(scene.match.actions) > before
    # two humans share the screen: the mover sees the pass play out, presses Done, and
    # the cover goes up before the next player's hand shows
    assert scene.handing_over == seat and scene.viewer == seat
    frames(app, 3)
    key(app, pygame.K_RETURN)
    assert scene.covered_for is not None and scene.covered_for != seat


def test_hidden_hand_never_drawn_for_the_other_human(app) -> None:  # type: ignore[no-untyped-def]
    seats = (SeatConfig("Ann"), SeatConfig("Bo"))
    scene = open_scene(app, seats, seed=9)
    hand_over(app, scene)
    first = scene.viewer
    assert first is not None
    other = 1 - first
    assert all(card == UNKNOWN for card in scene.view.hands[other])
    key(app, pygame.K_p)
    frames(app, 2)
    hand_over(app, scene)
    assert scene.viewer == other
    assert all(card == UNKNOWN for card in scene.view.hands[first])


@pytest.mark.slow
def test_replay_of_a_passed_game_draws_every_move_both_ways(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 12: Human vs Bot easy, seed 7, pass every turn, Replay, then → crashed.

    The starting railway is laid card by card; the caboose has its index before its
    card exists, so drawing it during the set-up moves asked for a cell not there yet.
    """
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1))
    scene = open_scene(app, seats, seed=7)
    for _ in range(3000):
        if scene.match.state.is_terminal:
            break
        if scene.accepting_input:
            key(app, pygame.K_p)
        frames(app)
    frames(app, 5)
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "Replay")
    replay_scene = app.top
    assert isinstance(replay_scene, LooseCabooseScene) and replay_scene.replay is not None
    length = replay_scene.replay.length
    for _ in range(length):
        key(app, pygame.K_RIGHT)
    assert replay_scene.replay.position == length
    assert replay_scene.state == scene.match.state
    for _ in range(length):
        key(app, pygame.K_LEFT)
    assert replay_scene.replay.position == replay_scene.replay.setup
    for position in range(replay_scene.replay.setup + 1):  # the set-up, card by card
        replay_scene.seek(position)
        frames(app)


@pytest.mark.slow
def test_hot_seat_with_a_bot_between_humans(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 12, seats Human, Bot, Human: no hand at the start, the mover watches the
    roll and the caboose before Done, and the bot plays with every hand hidden."""
    app.apply_settings(app.settings.changed(animation_speed="normal"), save=False)
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1), SeatConfig("Cy", color=2))
    scene = open_scene(app, seats, seed=2)
    first = scene.state.current_player
    assert first == 0 and scene.covered_for == first and scene.viewer is None
    hand_over(app, scene)
    assert scene.viewer == first and scene.hand.keys
    for _ in range(3000):  # lay what fits, then roll: the dice and the caboose move
        if scene.handing_over is not None:
            break
        if scene.accepting_input:
            legal = scene.state.legal_actions()
            lays = [a for a in legal if isinstance(a, Lay)]
            scene.submit(lays[0] if lays else Roll() if Roll() in legal else Pass())
        frames(app)
    assert scene.handing_over == first and scene.anims.busy
    assert scene.covered_for is None and scene.viewer == first  # still the mover's view
    assert scene.handover._done_button is None  # Done comes once the move has played out
    frames(app, 600)
    assert not scene.anims.busy and scene.handover._done_button is not None
    assert scene.state.current_player != first  # the next seat waits for Done
    moves = len(scene.match.actions)
    frames(app, 60)
    assert len(scene.match.actions) == moves  # a bot does not move before Done
    press(app, scene, "Done, pass to the next player")
    assert scene.state.current_player == 1  # Amun, the bot, plays in public view
    assert scene.viewer is None and scene.covered_for is None
    assert all(card == UNKNOWN for hand in scene.view.hands for card in hand)
    assert scene.hand.keys == []  # no hand drawn while the bot plays
    visible = {e.text for e in scene._actions if e.visible}  # type: ignore[attr-defined]
    assert "Done, pass to the next player" not in visible
    for _ in range(600):  # the bot's whole turn, then the cover for Cy
        if scene.covered_for is not None:
            break
        assert scene.viewer is None and scene.hand.keys == []
        frames(app)
    assert scene.covered_for == 2


def test_stepping_a_replay_fast_leaves_no_card_standing(app) -> None:  # type: ignore[no-untyped-def]
    """Each step cuts the last one's animation short; its flying cards must go with it
    (they stood for good at their start, a card face left on the table)."""
    from nile.core.replay import Replay

    app.apply_settings(app.settings.changed(animation_speed="normal"), save=False)
    seats = (SeatConfig("Ann", "bot", "easy"), SeatConfig("Amun", "bot", "easy", 1))
    match = Match.new(GAME_INFO, seats, 5)
    while not match.state.is_terminal:
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    scene = LooseCabooseScene(app, match, replay=replay)
    app.push(scene)
    for _ in range(30):
        key(app, pygame.K_RIGHT)  # two frames each: far shorter than a card's flight
    for _ in range(600):
        if not scene.anims.busy:
            break
        frames(app)
    frames(app, 2)
    motion = scene.animator.motion
    assert not scene.anims.busy and motion.ghosts == [] and motion.caboose_path == []


def test_after_picking_a_card_the_bar_says_where_to_lay_it(app) -> None:  # type: ignore[no-untyped-def]
    """The play-tester picked a card and the bar still said "choose a card"."""
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1))
    scene = open_scene(app, seats, seed=12)
    for _ in range(300):
        if scene.accepting_input and scene.hand.enabled:
            break
        frames(app, 3)
    assert scene.action_bar.words().startswith("Your turn: choose a card")
    assert scene.hand.enabled is not None
    index = min(scene.hand.enabled)
    card = hand_in_order(scene.lc, scene.viewer)[index]
    key(app, getattr(pygame, f"K_{card.value}"))
    assert picked_card(scene) is not None
    assert scene.action_bar.words().startswith(f"Lay your {card.value}") or \
        scene.action_bar.words().startswith(f"Lay your Broken Track {card.value}")
    assert "highlighted cell" in scene.action_bar.words()
    room = scene.action_bar.buttons_left - scene.action_bar_rect.left - 32
    longest = scene.action_bar.words().replace(f"your {card.value}",
                                               f"your Broken Track {card.value}")
    assert text.measure(longest, 17) <= room  # the whole line shows, at full size
    key(app, pygame.K_ESCAPE)  # put it back: the bar asks for a card again
    assert scene.action_bar.words().startswith("Your turn: choose a card")


def test_the_thrown_dice_follow_the_side_panel_when_the_log_opens(app) -> None:  # type: ignore[no-untyped-def]
    """Play-test find: after a roll, L (log closed) moved the "Dice" label to the window's
    edge and left the die where it was, alone in the middle of the table."""
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1))
    scene = open_scene(app, seats, seed=2)
    hand_over(app, scene)
    for _ in range(3000):  # lay what fits, then roll
        if scene.animator.motion.dice:
            break
        if scene.accepting_input:
            legal = scene.state.legal_actions()
            lays = [a for a in legal if isinstance(a, Lay)]
            scene.submit(lays[0] if lays else Roll() if Roll() in legal else Pass())
        frames(app)
    dice = scene.animator.motion.dice
    assert dice
    initially = scene.log_open
    for shown in (not initially, initially):  # close it (the table widens), then reopen
        scene.show_log(shown)
        frames(app, 2)
        side = scene.areas().side
        assert [d.center for d in dice] == [
            panel.dice_center(side, i, len(dice)) for i in range(len(dice))]


@pytest.mark.parametrize("percent", [100, 150])
def test_no_throw_of_one_to_four_dice_covers_its_total_or_the_label(app, percent) -> None:  # type: ignore[no-untyped-def]
    """Play-test: with 3 dice "5 wheels" read "5 w[die]els", with 4 the lower row hid
    the total. Every throw lies between the "Dice" label's foot and the total's line."""
    from nile.ui import theme

    scene = open_scene(app, (SeatConfig("Ann", "human", color=0),
                             SeatConfig("Amun", "bot", "normal", 1)), 2)
    try:
        theme.use_text_size(percent)
        for log_open in (True, False):
            scene.show_log(log_open)
            frames(app, 1)
            side = scene.areas().side
            line = panel.total_line(side)
            assert text.font(16, "bold").size("8 wheels")[1] <= line.height
            for count in range(1, 5):
                size = panel.dice_size(side, count)
                rects = [pygame.Rect(0, 0, size, size) for _ in range(count)]
                for i, rect in enumerate(rects):
                    rect.center = panel.dice_center(side, i, count)
                    assert side.contains(rect), (count, i)
                    assert rect.top >= side.top + 290 + panel.DICE_LABEL, (count, i)
                    assert rect.bottom < line.top, (count, i, rect, line)
                assert not any(a.colliderect(b) for n, a in enumerate(rects)
                               for b in rects[n + 1:]), count
                assert size >= 30, (count, size)
    finally:
        theme.use_text_size(100)
