"""Lessons that wait for the learner (issue 29, item 1): a watch step waits for Next after
its moves and Back shows the cards already read; a refusal is said on the card and goes
with the right move; the card's words wait for the table's animations; the card keeps the
regions its words name in view and no tooltip opens under it; Learn to play resumes an
open lesson, which Continue does not list among the games."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.core import library, registry, tutorial
from nile.core.session import Match, SeatConfig
from nile.core.tutorial import Progress, Step, Tutorial
from nile.games.loose_caboose.rules.events import CardDrawn
from nile.games.loose_caboose.scene import LooseCabooseScene
from nile.ui.chrome.dialogs import LoadDialog, learn, open_lesson
from nile.ui.chrome.game_scene import GameScene
from nile.ui.games import open_match, start_tutorial
from nile.ui.launcher import LauncherScene
from nile.ui.shots import tutorial_at
from tests import per_game
from tests.ui.harness import drawn_text_boxes, frames, instant_app, key, make_app, press

WATCH = 6
"""Loose Caboose's step 7 (0-based 6): Bastet lays a 1 and rolls, then the card waits."""


def lesson_scene(app: App, step: int) -> LooseCabooseScene:
    app.go_home()
    scene = start_tutorial(app, registry.get("loose_caboose"))
    assert isinstance(scene, LooseCabooseScene) and scene.tutorial is not None
    scene.tutorial.fast_forward(step)
    frames(app, 2)
    return scene


@pytest.mark.slow
def test_a_watched_step_waits_for_next_and_back_shows_the_card_before() -> None:
    app = make_app()  # the usual pace: a second between the script's moves
    scene = lesson_scene(app, WATCH)
    layer = scene.tutorial
    assert layer is not None and layer.progress.current.kind == "watch"
    assert not layer.waiting  # Next only once the moves have been seen
    seconds = 0.0
    while not layer.waiting and seconds < 30:
        frames(app, 6)
        seconds += 0.1
    assert layer.progress.watched and seconds > 1.0  # both moves played, one by one
    frames(app, 600)  # ten seconds later the card is still up, with Next
    assert layer.progress.step == WATCH and layer.waiting
    assert layer.progress.refusal("pass") == "Read this step, then press Next."
    assert "press Next" in scene.action_bar.words()  # not "the lesson plays this move"
    ply = scene.match.ply
    press(app, scene, "Back")
    assert layer.back == 1 and layer.card.step is LESSON.steps[WATCH - 1]
    press(app, scene, "Back")
    assert layer.card.step is LESSON.steps[WATCH - 2]
    assert scene.match.ply == ply and layer.progress.step == WATCH  # words only
    key(app, pygame.K_RETURN)  # Enter returns to the step in play first
    assert layer.back == 0 and layer.progress.step == WATCH
    key(app, pygame.K_RETURN)
    assert layer.progress.step == WATCH + 1


def test_a_refusal_is_said_on_the_card_and_goes_with_the_right_move() -> None:
    app = instant_app()
    scene = lesson_scene(app, 2)  # "Lay a card": a 3 at the front
    layer = scene.tutorial
    assert layer is not None
    plain = layer.card.rect()
    key(app, pygame.K_p)  # a pass, where the step asks for a 3
    assert layer.refusal == scene.words(layer.progress.current.wrong)
    assert not any(t.kind == "error" for t in scene.toasts.items)  # no banner over the card
    card = layer.card.rect()
    assert card.height > plain.height  # the card grows a line for it, under its title
    assert card.bottom == plain.bottom
    layer.fast_forward(3)  # the 3 laid: the step is done, and its refusal goes at once
    assert layer.refusal == ""
    wrong = next(a for a in scene.state.legal_actions()
                 if not layer.progress.current.accepts(a.to_str()))
    scene.submit(wrong)  # wrong again (a roll), in the new step before its first frame
    frames(app, 2)
    assert layer.refusal == scene.words(layer.progress.current.wrong)  # said in this step
    layer.fast_forward(4)  # the second 3: the right move takes it away at once
    assert layer.refusal == ""


def test_inside_a_list_a_refusal_names_the_line_to_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    app = instant_app()
    scene = lesson_scene(app, 2)
    layer = scene.tutorial
    assert layer is not None
    monkeypatch.setattr(scene, "floating_rects", lambda: [pygame.Rect(100, 100, 200, 120)])
    monkeypatch.setattr(scene, "describe_action", lambda action: f"the line {action.to_str()}")
    key(app, pygame.K_p)
    fitting = next(a for a in scene.state.legal_actions()
                   if layer.progress.current.accepts(a.to_str()))
    assert layer.refusal == f"Not that line: pick \u201cthe line {fitting.to_str()}\u201d."


def test_the_card_s_words_wait_until_the_dice_have_rolled() -> None:
    app = make_app()  # animations on
    scene = lesson_scene(app, 4)  # "Roll the dice"
    layer = scene.tutorial
    assert layer is not None
    key(app, pygame.K_r)
    assert layer.progress.step == 5  # the step is done with the move...
    assert scene.anims.busy and not layer.text_shown  # ...its words wait for the dice
    surface = pygame.Surface(app.screen.get_size())
    layer.draw(surface)  # a card with its title and no words yet draws fine
    for _ in range(600):
        if not scene.anims.busy:
            break
        frames(app)
    frames(app)
    assert layer.text_shown


def test_the_card_hides_the_table_s_words_under_it() -> None:
    """The card is opaque: a label of the table it covers never shows through its words
    (the text size sweep reads the lines under it as hidden, as under a dialog)."""
    app = instant_app()
    scene = lesson_scene(app, 2)
    layer = scene.tutorial
    assert layer is not None
    card = layer.card.rect()
    pictures = []
    for ground in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(app.screen.get_size())
        surface.fill(ground)
        layer.card.draw(surface)
        pictures.append(surface.subsurface(card.inflate(-24, -24)).copy())
    white, black = (pygame.surfarray.array3d(p) for p in pictures)
    assert (white == black).all()


def test_a_drawn_card_joins_the_hand_when_the_log_says_it_is_drawn() -> None:
    """Bastet rolls; Ann's turn begins with a card drawn. The card flies from the pile
    after the dice and the caboose: the hand shows it when it lands, and the log's line
    (which waits for the table) comes with it, never the card first."""
    app = make_app()  # animations on
    scene = lesson_scene(app, WATCH)
    layer = scene.tutorial
    assert layer is not None
    for move in layer.progress.current.moves:
        layer._play_move(move)
    drawn = next(e for e in scene.match.log[-1].events
                 if isinstance(e, CardDrawn) and e.seat == scene.viewer)
    line = scene.words(drawn.describe(scene.viewer))
    frames(app)
    assert scene.anims.busy and drawn.card in scene.hand.keys
    assert scene.hand.hidden == {max(i for i, c in enumerate(scene.hand.keys)
                                     if c == drawn.card)}  # not in the hand yet...
    assert line not in scene.log.lines  # ...nor in the log
    for _ in range(900):
        if not scene.hand.hidden:
            break
        assert line not in scene.log.lines  # the log never runs ahead of the hand
        frames(app)
    frames(app)
    assert not scene.hand.hidden and not scene.anims.busy
    assert scene.log.lines[-1] == line  # both show it now


def test_kap_s_bonus_card_counts_in_the_box_when_it_lands() -> None:
    """Ann builds (Kap step 8): Bastet, before a River, is dealt a bonus card from the
    discards. His box counts it when its flight lands, with the log's line, not before."""
    app = make_app()  # animations on
    app.go_home()
    scene = start_tutorial(app, registry.get("kap_kairo"))
    layer = scene.tutorial
    assert layer is not None
    layer.fast_forward(7)
    step = layer.progress.current
    scene.submit(next(a for a in scene.state.legal_actions() if step.accepts(a.to_str())))
    line = "Bastet gets a bonus card from the discards"
    seen_before: list[str] = []
    for _ in range(900):
        with drawn_text_boxes() as seen:
            frames(app)
        words = [w for w, _, _ in seen]
        if any("bonus 1" in w for w in words):
            break
        seen_before += words
        assert not any(line in entry for entry in scene.log.lines)  # not said yet
    assert any("0/8 crossed · bonus 0" in w for w in seen_before)  # Bastet waited for it
    frames(app, 120)
    assert any(line in entry for entry in scene.log.lines)


@pytest.mark.slow
def test_no_table_tooltip_opens_under_the_card() -> None:
    app = instant_app()
    scene = lesson_scene(app, 0)
    layer = scene.tutorial
    assert layer is not None
    scene.hover_timer.moved(layer.card.rect().center)
    frames(app, 120)
    assert not scene.hover_timer.ready
    scene.hover_timer.moved((scene.board_rect.left + 5, scene.board_rect.top + 5))
    frames(app, 120)
    assert scene.hover_timer.ready  # elsewhere the table's tooltips work as ever


@pytest.mark.slow
@pytest.mark.parametrize("percent", [100, 150])
@pytest.mark.parametrize("game", per_game.ids())
def test_every_card_keeps_the_regions_its_step_names_in_view(game: str, percent: int) -> None:
    """Every step of every lesson, at the designed and the largest text size: the regions
    it names (`look`, `clear`) are on its table, and its card covers none of them, nor an
    open list, wherever the board has room for a card of a size it may take (usual, narrow,
    wide) clear of them (a ring
    round the whole board, or a picture's card on a full one, may leave none: then it
    covers as little as it can). Kap's lanes (steps 1 and 9), Cairo's close-up (10, 11)
    and river (19), Loose Caboose's front and back, Cleopatra's hand and City display."""
    lesson = tutorial.load(game)
    if lesson is None:
        pytest.skip(f"{game} has no lesson")
    app = instant_app()
    app.apply_settings(app.settings.changed(text_size=percent), save=False)
    app.go_home()
    scene = tutorial_at(app, game, 0)
    layer = scene.tutorial
    assert layer is not None
    covered = []
    for index, step in enumerate(lesson.steps):
        layer.fast_forward(index)
        frames(app, 2)
        regions, card = scene.regions(), layer.card.rect()
        assert scene.board_rect.contains(card), (index + 1, card)
        for name in filter(None, (step.look, *step.clear)):
            assert name in regions, (index + 1, name)
        must = [regions[n].inflate(12, 12) for n in step.clear]
        must += [r.inflate(12, 12) for r in scene.floating_rects()]
        ring = [regions[step.look].inflate(12, 12)] if step.look else []
        for avoid in (must + ring, must):
            hit = [r for r in avoid if card.colliderect(r)]
            if hit and any(room(scene.board_rect, size, avoid) for size in layer.card.sizes()):
                covered.append((index + 1, step.title, [n for n in (step.look, *step.clear)
                                                        if regions[n].inflate(12, 12) in hit]))
                break
    assert covered == []


@pytest.mark.parametrize("percent", [100, 150])
def test_where_no_corner_clears_both_lanes_the_card_covers_the_least_of_them(
        percent: int) -> None:
    """Kap step 9 talks about both lanes (Ann's empty one, Bastet's River) and no corner
    leaves both whole: the card takes the top of the table, over the empty end of a lane
    (near Cairo), never a lane's cards, locomotive or box at the Cape."""
    app = instant_app()
    app.apply_settings(app.settings.changed(text_size=percent), save=False)
    app.go_home()
    scene = tutorial_at(app, "kap_kairo", 8)
    layer = scene.tutorial
    assert layer is not None and layer.card.step.clear == ("lane 1", "lane 2", "market")
    frames(app, 2)
    card, regions = layer.card.rect(), scene.regions()
    for lane in (regions["lane 1"], regions["lane 2"]):
        cape_half = lane.copy()
        cape_half.height //= 2
        cape_half.bottom = lane.bottom  # the lane's cards start at the Cape, at the bottom
        assert not card.colliderect(cape_half)
    assert not card.colliderect(regions["lane 1"].inflate(12, 12))


def room(board: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect]) -> bool:
    """Whether a card of `size` fits anywhere on `board` (14 px in, every 4 px) clear of
    `avoid`: the placement is checked against the board, not against its own corners."""
    area = board.inflate(-28, -28)
    for x in range(area.left, area.right - size[0] + 1, 4):
        for y in range(area.top, area.bottom - size[1] + 1, 4):
            if pygame.Rect((x, y), size).collidelist(avoid) < 0:
                return True
    return False


def test_learn_to_play_resumes_the_open_lesson_and_continue_lists_games_only() -> None:
    app = instant_app()
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    press(app, launcher, "Learn to play")
    first = app.top
    assert isinstance(first, GameScene) and first.tutorial is not None
    game = first.match.info
    press(app, first, "Next")
    assert first.tutorial.progress.step == 1
    app.go_home()
    frames(app, 2)
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    assert not launcher.unfinished  # the lesson is no game to Continue
    tile = next(t for t in launcher.tiles if t.id == game.id)
    assert any(getattr(b, "text", "") == "Resume lesson" and tile.rect.colliderect(b.rect)
               for b in launcher._actions)  # on that game's tile
    press(app, launcher, "Resume lesson")
    again = app.top
    assert isinstance(again, GameScene) and again.tutorial is not None
    assert again.tutorial.progress.step == 1  # where it was left, not a second lesson
    assert len([e for e in library.unfinished() if e.lesson]) == 1
    # a real game beside it: Continue offers that one only
    seats = (SeatConfig("Ann", "human", color=0), SeatConfig("Bo", "bot", "normal", 1))
    open_match(app, Match.new(game, seats, 3))
    app.go_home()
    frames(app, 2)
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    assert [e.lesson for e in launcher.unfinished] == [False]
    dialog = LoadDialog(app, continuing=True)
    assert [e.lesson for e in dialog.list.entries] == [False]
    assert any(e.lesson for e in LoadDialog(app).list.entries)  # Load still shows it


def test_a_watch_step_parses_clear_and_waits_in_the_progress() -> None:
    lesson = tutorial.parse({"title": "t", "seed": 1, "seats": ["A", "B"], "step": [
        {"kind": "watch", "text": "Go.", "moves": ["m1", "m2"], "clear": ["front", "back"]},
        {"kind": "end", "text": "Done."}]}, "toy")
    assert lesson.steps[0].clear == ("front", "back")
    progress = Progress(lesson)
    assert not progress.waits_for_next and progress.refusal("x") == "Watch this move first."
    progress.moves_played = 2
    assert progress.watched and progress.waits_for_next and progress.next_move() is None
    assert Progress(Tutorial("g", "t", 1, ("A", "B"), (), (Step("explain", "x"),
                                                            Step("end", "y")))).waits_for_next


LESSON = tutorial.load("loose_caboose") or pytest.fail("Loose Caboose has a lesson")


def test_a_lesson_s_bar_offers_no_undo_it_would_refuse() -> None:
    """Cleopatra's "pick where the lemon comes from" prompt ends with "Ctrl+Z takes the
    building back": in a lesson (undo off) the bar leaves that out."""
    app = instant_app()
    scene = lesson_scene(app, 2)
    prompt = "Pick where the lemon comes from (a lit city; Ctrl+Z takes the building back)."
    scene.action_bar.prompt = prompt
    assert scene.action_bar.words() == "Pick where the lemon comes from (a lit city)."
    seats = (SeatConfig("Ann", "human", color=0), SeatConfig("Bo", "bot", "normal", 1))
    game = open_match(app, Match.new(registry.get("loose_caboose"), seats, 3))
    game.action_bar.prompt = prompt
    if game.my_turn:
        assert game.action_bar.words() == prompt  # a real game keeps its undo


def test_loose_caboose_s_passing_step_says_what_the_table_shows() -> None:
    """Step 18 says the caboose cannot move on a pass when it stands on the front card
    (LC-7): it does stand there; step 9 teaches the cells the touching rule closes (LC-3)."""
    app = instant_app()
    scene = lesson_scene(app, 17)
    railway = scene.lc.railway
    assert scene.tutorial is not None and scene.tutorial.progress.current.title == "Passing"
    assert railway.cards_ahead == 0  # on the front card
    assert "unless it already stands on the front card" in LESSON.steps[17].text
    assert "no other card of the railway" in LESSON.steps[8].text


def test_no_toast_covers_a_card_at_the_top_of_the_table() -> None:
    app = instant_app()
    scene = lesson_scene(app, 7)  # "Your turn again": the card goes to the top (LC-8's front)
    layer = scene.tutorial
    assert layer is not None
    card = layer.card.rect()
    assert card.top < scene.board_rect.top + 40
    scene.toast("A hint about something else, long enough to reach the card's side")
    frames(app)
    assert scene.toasts.avoid == card
    assert not any(box.colliderect(card) for _, _, box in scene.toasts.boxes())
    scene.toasts.avoid = None  # without the lesson's care it would cover the card
    assert any(box.colliderect(card) for _, _, box in scene.toasts.boxes())


def test_a_lesson_at_its_last_card_is_not_resumed_but_begun_again() -> None:
    app = instant_app()
    scene = lesson_scene(app, len(LESSON.steps) - 1)
    assert scene.tutorial is not None and scene.tutorial.progress.finished
    app.go_home()
    frames(app, 2)
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    assert open_lesson(scene.match.info) is None
    labels = [getattr(b, "text", "") for b in launcher._actions]
    assert "Resume lesson" not in labels  # the tile offers a new lesson, as it does
    learn(app, scene.match.info)
    again = app.top
    assert isinstance(again, GameScene) and again.tutorial is not None
    assert again.tutorial.progress.step == 0
