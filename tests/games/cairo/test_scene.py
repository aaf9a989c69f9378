"""Cairo through its scene: turns played with synthetic mouse drags and keys.

Most tests run with animations off and bots instant (fast); the animation tests turn
animations on and step the frames.
"""

from __future__ import annotations

import math
import random

import pygame
import pytest

from nile.core.session import Match, SeatConfig
from nile.games.cairo import GAME_INFO
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import FlickResolved, PyramidBuilt
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.pieces import BOARD, SUPPLY
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.scene import CairoScene
from nile.games.cairo.shots import match_of
from nile.games.cairo.view.flick_input import MAX_PULL, direction, power_of_pull
from nile.ui.chrome.game_scene import has_hidden_information
from nile.ui.chrome.results import ResultsScene
from tests.ui.harness import click, drag, frames, instant_app, key, press


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    return instant_app()


def animated(app) -> None:  # type: ignore[no-untyped-def]
    app.apply_settings(app.settings.changed(animation_speed="normal"), save=False)


def open_state(app, state: CairoState, humans: int = 1) -> CairoScene:  # type: ignore[no-untyped-def]
    scene = CairoScene(app, match_of(state, state.num_players, humans))
    app.push(scene)
    frames(app, 2)
    return scene


def flick_state(**kw: object) -> CairoState:
    """Two players; seat 0 (a human) flicks small blocks from U4 with the index finger."""
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    settings = {"seat": 0, "phase": Phase.FLICK, "die": 2, "chosen": "small", "flicks_left": 3}
    settings.update(kw)
    return builder.to_move(**settings).build()  # type: ignore[arg-type]


def anchor(scene: CairoScene) -> tuple[int, int]:
    x, y = scene.flick.anchor
    return (round(x), round(y))


def last_flick(scene: CairoScene) -> A.Flick:
    flicks = [e.action for e in scene.match.log if isinstance(e.action, A.Flick)]
    assert flicks, "no flick was played"
    return flicks[-1]


# Set-up and flags --------------------------------------------------------------------------

def test_no_hidden_information_so_no_cover_between_humans(app) -> None:  # type: ignore[no-untyped-def]
    assert GAME_INFO.scene == "nile.games.cairo.scene:CairoScene"
    seats = (SeatConfig("Ann"), SeatConfig("Bo", color=1))
    scene = CairoScene(app, Match.new(GAME_INFO, seats, seed=3))
    app.push(scene)
    frames(app, 2)
    assert not has_hidden_information(scene.match)
    first = scene.state.current_player
    while scene.state.current_player == first:
        scene.submit(scene.state.legal_actions()[0])
        frames(app, 1)
    assert scene.covered_for is None and scene.viewer == scene.state.current_player


# Flicking by mouse -----------------------------------------------------------------------------

def test_a_turn_by_mouse_choose_then_three_flicks(app) -> None:  # type: ignore[no-untyped-def]
    state = Builder(2).ship(0, "U4").ship(1, "D2").to_move(0, Phase.CHOOSE, die=2).build()
    scene = open_state(app, state)
    press(app, scene, "3 small")
    assert scene.cairo.phase == Phase.FLICK and scene.cairo.chosen == "small"
    for flick in range(3):
        start = anchor(scene)
        drag(app, start, (start[0] + 5, start[1] + 60 + 10 * flick))
        frames(app, 2)
        # count only the human's flicks: the instant bot may already be flicking (how many
        # frames its search takes depends on the machine)
        mine = [e for e in scene.match.log if isinstance(e.action, A.Flick) and e.seat == 0]
        assert len(mine) == flick + 1
    assert scene.state.current_player == 1 or scene.state.turn == 1


def test_drag_gives_angle_power_and_offset(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    x, y = anchor(scene)
    # pressed 3 px left of the block's centre, pulled straight down: flies north
    drag(app, (x - 3, y), (x - 3, y + 85))
    flick = last_flick(scene)
    assert flick.degrees == pytest.approx(90.0, abs=0.1)
    assert flick.power_share == pytest.approx(power_of_pull(85), abs=0.002)
    # flying north, the press was on the left of the block's back face: negative offset
    assert flick.offset_share < 0
    assert flick.finger == 2


def test_pull_is_clamped_and_soft_pulls_are_fine(app) -> None:  # type: ignore[no-untyped-def]
    assert power_of_pull(MAX_PULL * 3) == 1.0
    assert power_of_pull(MAX_PULL / 2) < 0.5 * 0.75  # the first half of the pull is gentle
    scene = open_state(app, flick_state())
    x, y = anchor(scene)
    drag(app, (x, y), (x - 400, y))
    flick = last_flick(scene)
    assert flick.power == 1000 and flick.degrees == pytest.approx(0.0, abs=0.1)


def test_escape_and_right_click_cancel_the_aim(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    x, y = anchor(scene)
    before = len(scene.match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    frames(app, 1)
    for step in range(1, 5):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 20 * step),
                                             rel=(0, 20), buttons=(1, 0, 0)))
        frames(app, 1)
    assert scene.flick.active
    key(app, pygame.K_ESCAPE)
    assert not scene.flick.active
    assert app.top is scene, "Esc cancelled the aim instead of opening the menu"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 80), button=1))
    frames(app, 2)
    assert len(scene.match.actions) == before
    # the same with a right click during the drag
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 30, y + 60),
                                         rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 1)
    assert scene.flick.active
    click(app, (x + 30, y + 60), button=3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 30, y + 60), button=1))
    frames(app, 2)
    assert not scene.flick.active and len(scene.match.actions) == before


def test_keyboard_fine_tune_then_enter(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    key(app, pygame.K_UP)  # an aim appears: north (the upstream lane), 30 % + 1 %
    assert scene.flick.aim is not None
    assert scene.flick.aim.degrees == 90.0 and scene.flick.aim.power == pytest.approx(0.31)
    for _ in range(3):
        key(app, pygame.K_LEFT)  # the tip moves left: counter-clockwise when pointing north
    for _ in range(4):
        key(app, pygame.K_UP)
    key(app, pygame.K_DOWN, mod=pygame.KMOD_SHIFT)  # a fine step down
    key(app, pygame.K_RETURN)
    frames(app, 2)
    flick = last_flick(scene)
    assert flick.degrees == pytest.approx(93.0)
    assert flick.power_share == pytest.approx(0.31 + 0.04 - 0.002, abs=0.0011)


def test_keys_take_over_a_drag_and_letting_go_flicks_the_tuned_aim(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: the prompt says "let go"; after fine-tuning with the keys, letting go flicks
    the aim as the keys left it (the mouse no longer moves it)."""
    scene = open_state(app, flick_state())
    x, y = anchor(scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 80), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    frames(app, 1)
    held = scene.flick.aim
    assert held is not None
    key(app, pygame.K_RIGHT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 50, y + 10), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    frames(app, 1)
    assert scene.flick.aim is not None
    assert scene.flick.aim.power == held.power
    assert scene.flick.aim.degrees == pytest.approx(held.degrees - 1.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 50, y + 10), button=1))
    frames(app, 2)
    flick = last_flick(scene)
    assert flick.degrees == pytest.approx(held.degrees - 1.0, abs=0.06)
    assert flick.power_share == pytest.approx(held.power, abs=0.0011)


def test_a_flick_that_lands_on_a_site(app) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cairo.ai import aim_flick

    state = flick_state()
    scene = open_state(app, state)
    x0, y0, _ = state.ship_pose(0)
    physics = state.data.physics
    # Zawyet's centre, a short precise flick with the index finger
    flick = aim_flick(state, x0, y0, 256.0, 330.0, 1.0, 2, physics.mu_floor * physics.gravity)
    assert flick is not None
    scene.flick.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0))
    scene.flick.aim = type(scene.flick.aim)(flick.degrees, flick.power_share, 0.0)  # type: ignore[misc]
    key(app, pygame.K_RETURN)
    resolved = [e for entry in scene.match.log for e in entry.events
                if isinstance(e, FlickResolved)]
    assert resolved and resolved[-1].landing in ("zawyet", "burning:zawyet")
    assert scene.cairo.pieces[resolved[-1].block].where == BOARD


def test_a_six_lets_the_player_pick_the_finger(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state(die=6))
    assert {spec.label for spec, _ in scene.action_bar.context.values()} >= {"Thumb", "Little"}
    key(app, pygame.K_3)
    press(app, scene, "Ring")
    assert scene.finger == 4
    x, y = anchor(scene)
    drag(app, (x, y), (x, y + 70))
    assert last_flick(scene).finger == 4


def test_a_click_off_the_block_explains_how_to_flick(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    x, y = anchor(scene)
    click(app, (x + 200, y + 150))
    assert any("Press on the block" in t.message for t in scene.toasts.items)
    assert not scene.match.log


# The other decisions by mouse ------------------------------------------------------------------

def test_retrieving_one_block_by_clicking_it(app) -> None:  # type: ignore[no-untyped-def]
    builder = Builder(2).ship(0, "D3").ship(1, "U2")
    builder.at("0s00", 440.0, 150.0).at("0s01", 460.0, 380.0)
    state = builder.to_move(0, Phase.RETRIEVE, die=3).build()
    scene = open_state(app, state)
    assert {a.block for a in scene.cairo.legal_actions()} >= {"0s00", "0s01"}
    x, y = scene.renderer.to_screen(440.0, 150.0)
    click(app, (round(x), round(y)))
    assert scene.cairo.pieces["0s00"].where == SUPPLY
    assert scene.cairo.pieces["0s01"].where == BOARD
    press(app, scene, "Leave them")
    assert scene.cairo.phase == Phase.CHOOSE


def test_a_block_in_the_pyramid_window_has_its_tooltip_under_the_view(app) -> None:  # type: ignore[no-untyped-def]
    """The window magnifies the site: pointing at a block there names it as on the board,
    and the view under it still takes a placing click (the block's tooltip target lies
    under the view)."""
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    builder.on_site("1s00", "zawyet", 2, -10)
    state = builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2,
                            offer_site="zawyet", last_block="1s00").build()
    scene = open_state(app, state)
    frames(app, 2)
    piece = scene.cairo.pieces["1s00"]
    x, y = scene.pyramid.inset.to_screen(piece.x, piece.y)
    pos = (round(x), round(y))
    assert scene.pyramid.rect.collidepoint(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.table.hover is not None and scene.table.hover.id == "1s00"
    from nile.games.cairo.view.targets import Block

    assert not isinstance(scene.pyramid.hits.at(pos), Block)  # the view (or a ring) is on top


def zawyet_offer() -> CairoState:
    """Seat 0 is offered a pyramid at Zawyet, two blocks of each colour on the site."""
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for block, (dx, dy) in {"0s00": (-12, -8), "1s00": (2, -10), "0s01": (14, 4),
                            "1s01": (-6, 8)}.items():
        builder.on_site(block, "zawyet", dx, dy)
    return builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2,
                            offer_site="zawyet", last_block="0s01").build()


def test_pyramid_offer_pick_arrange_and_place_by_mouse(app) -> None:  # type: ignore[no-untyped-def]
    state = zawyet_offer()
    scene = open_state(app, state)
    press(app, scene, "3 stones")
    assert scene.cairo.phase == Phase.PICK
    # pick the opponent's two blocks and one of ours by clicking them
    for block in ("1s00", "1s01", "0s00"):
        piece = scene.cairo.pieces[block]
        x, y = scene.renderer.to_screen(piece.x, piece.y)
        click(app, (round(x), round(y)))
    assert scene.cairo.phase == Phase.ARRANGE
    assert scene.pyramid.order == [0, 1], "own blocks highest is the default"
    anchor_rect = scene.pyramid.arrange_anchor()
    from nile.games.cairo.view.panel import arrange_rects

    _, rows = arrange_rects(anchor_rect, 2)
    click(app, rows[1].center)  # lift the opponent's colour to the top
    assert scene.pyramid.order == [1, 0]
    press(app, scene, "Confirm order")
    assert scene.cairo.phase == Phase.PLACE
    site_x, site_y = scene.renderer.to_screen(256.0 - 12, 330.0 + 8)
    before = len(scene.match.log)
    click(app, (round(site_x), round(site_y)))
    if len(scene.match.log) == before:  # that spot was taken: the best free spot instead
        press(app, scene, "Best spot")
    built = [e for entry in scene.match.log for e in entry.events if isinstance(e, PyramidBuilt)]
    assert built, [t.message for t in scene.toasts.items]
    top = max(built[-1].stones, key=lambda row: row[4])
    assert top[0].startswith("1"), "the opponent's stone was put on top as arranged"


def test_a_move_builds_the_bar_once_and_paints_the_board_if_blocks_moved(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 item 6 (the bench table's move frames): the bar was built twice per move
    (for the view before the move, then after it), and the board with every block was
    painted again after every move. Now a move builds the bar once, and deciding a pyramid
    (taking the offer, picking, ordering) moves no block: the strip is painted again, the
    board is not; placing the pyramid moves blocks, and the board is painted again."""
    from nile.games.cairo.view import panel

    state = zawyet_offer()
    scene = open_state(app, state)
    painted: list[str] = []
    bars: list[str] = []
    real_board, real_strip, real_set = scene.renderer.draw_board, panel.draw_strip, \
        scene.action_bar.set
    monkeypatch.setattr(scene.renderer, "draw_board",
                        lambda surface: (painted.append("board"), real_board(surface)))
    monkeypatch.setattr(panel, "draw_strip",
                        lambda *a: (painted.append("strip"), real_strip(*a)))
    monkeypatch.setattr(scene.action_bar, "set",
                        lambda prompt, buttons=(): (bars.append(prompt), real_set(prompt, buttons)))
    for action in (A.BuildPyramid(3), A.PICK_AUTO):
        bars.clear()
        assert scene.submit(action)
        assert len(bars) == 1, bars
        frames(app)
    assert scene.submit(A.Arrange(tuple(scene.pyramid.order)))
    frames(app)
    assert scene.cairo.phase == Phase.PLACE
    assert "strip" in painted and "board" not in painted
    painted.clear()
    press(app, scene, "Best spot")
    assert scene.cairo.phase != Phase.PLACE and "board" in painted


def test_penalty_choice_after_a_knock_over(app) -> None:  # type: ignore[no-untyped-def]
    state = Builder(2).ship(0, "U4").ship(1, "D2").to_move(0, Phase.PENALTY, die=2).build()
    scene = open_state(app, state)
    labels = {spec.label for spec, _ in scene.action_bar.context.values()}
    assert labels == {"Small block", "Large block", "Die-block"}
    press(app, scene, "Large block")
    assert scene.state.pieces["0L"].where == "box"


# Words and hints ------------------------------------------------------------------------------

def test_hint_shows_the_bots_aim_and_says_it_in_words(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    key(app, pygame.K_h)
    assert scene.flick.hint is not None
    words = [t.message for t in scene.toasts.items if t.message.startswith("Hint")]
    assert words and "power" in words[-1] and "index finger" in words[-1]
    assert "flick" in scene.describe_action(A.Flick.of("small", 90.0, 0.3, 0.0, 2))
    assert scene.describe_action(A.BuildPyramid(5)) == "build a pyramid of 5 stones"
    assert scene.describe_action(A.RETRIEVE_ALL).startswith("take back all")


def test_influence_overlay_toggles_with_i(app) -> None:  # type: ignore[no-untyped-def]
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    builder.on_site("0s00", "zawyet").on_site("1L", "zawyet", 10, 0)
    scene = open_state(app, builder.to_move(0, Phase.CHOOSE, die=2).build())
    key(app, pygame.K_i)
    assert scene.table.influence_on
    frames(app, 1)
    assert scene.table._panels is not None and len(scene.table._panels) == 1
    key(app, pygame.K_i)
    assert not scene.table.influence_on


# Animation -----------------------------------------------------------------------------------

def test_the_animated_flick_ends_in_the_resolved_state(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for i, (x, y) in enumerate(((280.0, 320.0), (290.0, 335.0), (268.0, 345.0))):
        builder.at(f"1s0{i}", x, y, degrees=10.0 * i)
    scene = (open_state(app, builder
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()))
    x, y = anchor(scene)
    drag(app, (x, y), (x + 4, y + 95))  # north into the blocks above the ship
    show = scene.stage.show
    assert show is not None, "a human's flick starts at once"
    playback = show.playback
    seen = 0
    while scene.stage.show is show and seen < 900:
        frames(app, 1)
        seen += 1
    assert playback.done and seen > 10
    state = scene.cairo
    for piece in state.on_board():
        pose = playback.poses[piece.id]
        assert (pose.x, pose.y) == pytest.approx((piece.x, piece.y), abs=1e-6)
        assert pose.level == piece.level
    assert {p.id for p in state.on_board()} == {
        k for k in playback.poses if not k.startswith("ship")} - playback.gone - {
        s.block for s in playback.splashes}


def test_after_a_flick_only_where_blocks_moved_is_painted_again(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 item 6: the board with every block was painted again after every move
    (85 blocks on the bench table). While the flight plays the bare board is shown and
    the still board is not painted; once the blocks rest, only where blocks moved is, and
    the table then looks exactly as a painting of the whole board would leave it."""
    animated(app)
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for i, (x, y) in enumerate(((280.0, 320.0), (290.0, 335.0), (268.0, 345.0))):
        builder.at(f"1s0{i}", x, y, degrees=10.0 * i)
    for i in range(3, 12):  # blocks the flick cannot reach
        builder.at(f"1s{i:02d}", 600.0 + 30 * (i % 4), 120.0 + 25 * (i // 4))
    scene = (open_state(app, builder
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()))
    painted: list[pygame.Rect] = []
    real = scene.table._paint_board
    monkeypatch.setattr(scene.table, "_paint_board",
                        lambda layer, frame, pieces, area: (painted.append(area.copy()),
                                                            real(layer, frame, pieces, area)))
    x, y = anchor(scene)
    drag(app, (x, y), (x + 4, y + 95))  # north into the blocks above the ship
    show = scene.stage.show
    assert show is not None
    for _ in range(900):
        if scene.stage.show is not show:
            break
        assert not painted, "the board band is painted while the blocks fly"
        frames(app, 1)
    frames(app, 2)
    board_area = scene.renderer.rect.width * scene.renderer.rect.height
    assert len(painted) == 1 and 0 < painted[0].width * painted[0].height < board_area / 3
    kept = scene.table._layer.copy()  # type: ignore[union-attr]
    scene.table._layer = None  # the whole table painted again
    frames(app)
    whole = scene.table._layer
    assert whole is not None
    top = scene.table.strip_rect.bottom + 1
    below = pygame.Rect(scene.table_rect.left, top, scene.table_rect.width,
                        scene.table_rect.bottom - top)
    assert pygame.image.tobytes(kept.subsurface(below), "RGB") == \
        pygame.image.tobytes(whole.subsurface(below), "RGB")


def test_a_bot_flick_shows_its_aim_first(app) -> None:  # type: ignore[no-untyped-def]
    app.apply_settings(app.settings.changed(animation_speed="normal"), save=False)
    state = (Builder(2).ship(0, "U4").ship(1, "D2")
             .to_move(1, Phase.FLICK, die=2, chosen="small", flicks_left=1).build())
    scene = CairoScene(app, match_of(state, 2, humans=1))
    app.push(scene)
    for _ in range(600):
        frames(app, 1)
        if scene.stage.show is not None:
            break
    show = scene.stage.show
    assert show is not None and show.windup > 0 and not show.playback.started
    frames(app, 60)
    assert show.playback.started


def test_end_scoring_goes_site_by_site_then_results(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    builder = Builder(2).ship(0, "U4").ship(1, S.OUT)
    builder.on_site("0s00", "zawyet").on_site("1s00", "giza").on_site("1s01", "zawyet", 12, 0)
    builder.on_site("1L", "zawyet", -12, 0)
    for n in range(1, 15):
        builder.box(f"0s{n:02d}")
    builder.box("0D")
    state = builder.to_move(0, Phase.FLICK, die=2, chosen="large", flicks_left=1).build()
    state.last_turn_seat = 0
    scene = open_state(app, state)
    x, y = anchor(scene)
    drag(app, (x, y), (x, y - 30))  # a soft flick south
    steps: list[int] = []
    for _ in range(60 * 20):
        frames(app, 1)
        if scene.stage.scoring is not None and scene.stage.scoring.index not in steps:
            steps.append(scene.stage.scoring.index)
        if isinstance(app.top, ResultsScene):
            break
    assert isinstance(app.top, ResultsScene)
    assert steps[-1] >= 1, steps  # at least two sites shown one after the other
    assert scene.state.is_terminal


def test_a_replayed_flick_animates_too(app) -> None:  # type: ignore[no-untyped-def]
    from nile.core.replay import Replay

    seats = (SeatConfig("Ann"), SeatConfig("Bo", color=1))
    match = Match.new(GAME_INFO, seats, seed=5)
    scene = CairoScene(app, match)
    app.push(scene)
    while not any(isinstance(e.action, A.Flick) for e in match.log):
        scene.submit(scene.state.legal_actions()[0])
    animated(app)
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    viewer = CairoScene(app, match, replay=replay)
    app.push(viewer)
    frames(app, 2)
    shown = False
    for _ in range(len(match.actions)):
        viewer.replay_bar.seek_by(1)
        frames(app, 1)
        shown = shown or viewer.stage.show is not None
    assert shown


def test_skipping_animations_leaves_nothing_half_way(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    seats = (SeatConfig("Ann"), SeatConfig("Bo", color=1))
    scene = CairoScene(app, Match.new(GAME_INFO, seats, seed=8))
    app.push(scene)
    frames(app, 2)
    first = scene.state.current_player
    while scene.state.current_player == first:  # the turn passes: the next ship sails
        if scene.cairo.phase == Phase.FLICK:
            x, y = anchor(scene)
            drag(app, (x, y), (x, y + 40))
        else:
            scene.submit(scene.state.legal_actions()[0])
        scene.anims.finish()
        frames(app, 1)
    assert not scene.stage.hops and scene.stage.show is None and not scene.anims.busy
    ships = {s.seat: (s.x, s.y) for s in scene.stage.ships(scene.cairo)}
    for seat, (x, y) in ships.items():
        sx, sy, _ = scene.cairo.ship_pose(seat)
        assert (x, y) == pytest.approx((sx, sy))


def test_undo_of_a_choice(app) -> None:  # type: ignore[no-untyped-def]
    state = Builder(2).ship(0, "U4").ship(1, "D2").to_move(0, Phase.CHOOSE, die=2).build()
    scene = open_state(app, state)
    key(app, pygame.K_l)
    assert scene.cairo.phase == Phase.FLICK and scene.cairo.chosen == "large"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.cairo.phase == Phase.CHOOSE


def test_influence_switch_in_the_board_corner(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state())
    click(app, scene.table.influence_rect.center)
    assert scene.table.influence_on and not scene.match.log
    click(app, scene.table.influence_rect.center)
    assert not scene.table.influence_on


def test_keyboard_aim_starts_from_the_last_aim(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: the second flick's keyboard aim starts where the first was, not due north
    at 30 %."""
    scene = open_state(app, flick_state())
    scene.flick.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0))
    scene.flick.aim = type(scene.flick.aim)(120.0, 0.2, 0.0)  # type: ignore[misc]
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert last_flick(scene).degrees == pytest.approx(120.0)
    key(app, pygame.K_UP)
    assert scene.flick.aim is not None
    assert scene.flick.aim.degrees == pytest.approx(120.0)
    assert scene.flick.aim.power == pytest.approx(0.21)


@pytest.mark.parametrize("degrees", [0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0])
@pytest.mark.parametrize("pull", [10.0, 30.0, 60.0, 150.0])
def test_the_power_box_never_covers_the_ship(degrees: float, pull: float) -> None:
    from nile.games.cairo.view.flick_input import FlickInput

    flick = FlickInput()
    flick.set_anchor((500.0, 400.0), 31.0, 6.0)
    ux, uy = direction(degrees)
    press = (500.0, 400.0)
    flick.enabled = True
    flick.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    flick.handle_event(pygame.event.Event(pygame.MOUSEMOTION,
                                          pos=(press[0] - ux * pull, press[1] - uy * pull),
                                          rel=(0, 0), buttons=(1, 0, 0)))
    assert flick.aim is not None
    rect = flick.bar_rect(pygame.Rect(0, 0, 1000, 800))
    nearest = (min(max(500.0, rect.left), rect.right), min(max(400.0, rect.top), rect.bottom))
    assert math.dist(nearest, (500.0, 400.0)) >= 31.0


def test_enter_with_no_aim_shows_one_and_the_next_enter_flicks_it() -> None:
    """Enter used to do nothing until an arrow key or a drag had started an aim; now the
    first press shows the aim (the last one flicked, else straight ahead), the second
    flicks it. Nothing is flicked by a single press."""
    from nile.games.cairo.view.flick_input import FlickInput

    flick = FlickInput()
    flick.set_anchor((500.0, 400.0), 31.0, 6.0)
    flick.enabled = True
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert flick.handle_event(enter)
    assert flick.aim is not None and flick.take_fired() is None
    shown = flick.aim
    assert flick.handle_event(enter)
    assert flick.take_fired() == shown and flick.aim is None
    assert flick.handle_event(enter)                 # the next aim starts from the last one
    assert flick.aim == shown and flick.take_fired() is None


def test_flick_count_survives_quit_and_continue(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: after Quit -> Continue the prompt said "Flick 1 of 2" for the second of
    three flicks."""
    from nile.core.saves import match_from_save
    from nile.games.cairo.shots import seats

    match = Match.new(GAME_INFO, seats(2, 2), seed=5)
    while match.state.phase != Phase.FLICK:
        state = match.state
        if state.phase == Phase.CHOOSE:
            match.play(A.Choose("small"))
        else:
            match.play(state.legal_actions()[-1])
        match.resolve_chance()
    match.play(A.Flick.of("small", 200.0, 0.05, 0.0, match.state.finger_options()[0]))
    match.resolve_chance()
    assert match.state.phase == Phase.FLICK and match.state.flicks_left == 2
    resumed = match_from_save(match.to_save())
    scene = CairoScene(app, resumed)
    app.push(scene)
    frames(app, 2)
    assert scene.action_bar.prompt.startswith("Flick 2 of 3: ")


def test_prompts_start_with_a_capital(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_state(app, flick_state(die=6, flicks_left=1))
    assert scene.action_bar.prompt.startswith("A 6: choose your finger")


def test_the_next_prompt_waits_for_the_slide_to_end(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: the prompt changed while the die rolled and the block still slid."""
    animated(app)
    scene = open_state(app, flick_state())
    assert scene.action_bar.prompt.startswith("Flick 1 of 3")
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.anims.busy and scene.action_bar.prompt == ""
    for _ in range(900):
        if not scene.anims.busy:
            break
        frames(app, 1)
    frames(app, 1)
    assert scene.action_bar.prompt.startswith("Flick 2 of 3")


def test_influence_badges_leave_the_blocks_they_count_visible(app) -> None:  # type: ignore[no-untyped-def]
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for i, (u, v) in enumerate(((-8.0, 0.0), (4.0, 6.0), (6.0, -8.0))):
        builder.on_site(f"{i % 2}s0{i}", "zawyet", u, v)
    scene = (open_state(app, builder
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()))
    scene.toggle_influence()
    frames(app, 1)
    assert scene.table._panels
    blocks = scene.table.piece_rects(scene.cairo)
    for _, rect in scene.table._panels:
        assert not any(rect.colliderect(block) for block in blocks)


def test_a_block_over_the_board_edge_is_not_drawn_over_the_bars(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: a block hanging more than half over the board's edge was drawn over the
    seat strip (and the bottom bar)."""

    def picture(*blocks: tuple[str, float, float]) -> tuple[pygame.Surface, CairoScene]:
        builder = Builder(2).ship(0, "U4").ship(1, "D2")
        for block, x, y in blocks:
            builder.at(block, x, y)
        scene = (open_state(app, builder
                 .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()))
        surface = pygame.Surface((1280, 800))
        scene.draw(surface)
        app.pop()
        return surface, scene

    bare, scene = picture(("1s00", 350.0, 450.0), ("1s01", 300.0, 60.0))
    hanging, _ = picture(("1s00", 350.0, 503.0), ("1s01", 300.0, -3.0))
    for rect in (scene.table.strip_rect, scene.action_bar_rect):
        for x in range(rect.left, rect.right, 2):
            for y in range(rect.top, rect.bottom, 2):
                assert bare.get_at((x, y)) == hanging.get_at((x, y)), (x, y)


def test_a_ship_out_of_blocks_says_so_on_its_plate_and_it_fits(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The play-tester read "ashore: out" as nonsense: the plate says why the ship is out,
    in full, on the narrowest plate (five players): what is drawn is neither cut nor
    shrunk to the width the plate gives it."""
    from nile.games.cairo.view import panel
    from nile.ui import text, theme

    builder = Builder(5).ship(0, "U4").ship(1, "D2").ship(2, "U9").ship(3, "U12")
    builder.ship(4, S.OUT)
    scene = open_state(app, builder.to_move(0, Phase.CHOOSE, die=2).build())
    assert [seat.sailing for seat in scene.table.seats] == [True] * 4 + [False]
    drawn: list[tuple[str, int, str, int | None]] = []
    real_draw = text.draw

    def spy(surface, line, pos, size=16, color=theme.TEXT, style="regular",  # type: ignore[no-untyped-def]
            anchor="topleft", max_width=None):
        drawn.append((line, size, style, max_width))
        return real_draw(surface, line, pos, size, color, style, anchor, max_width)

    monkeypatch.setattr(panel.text, "draw", spy)
    scene.table._layer = None  # the still table is drawn again, plates and all
    frames(app)
    out = [call for call in drawn if call[0].startswith("out")]
    assert [call[0] for call in out] == ["out: no blocks left"]
    line, size, style, max_width = out[0]
    assert max_width is not None and 0 < max_width < scene.table.strip_rect.width / 5
    assert text.fit(line, size, max_width, style) == (line, size)


def test_s_with_no_small_blocks_left_is_refused_with_the_reason(app) -> None:  # type: ignore[no-untyped-def]
    """The play-tester's S did nothing at all when the supply had no small blocks."""
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    builder.box(*(f"0s{n:02d}" for n in range(15)))
    scene = open_state(app, builder.to_move(0, Phase.CHOOSE, die=2).build())
    key(app, pygame.K_s)
    assert scene.cairo.phase == Phase.CHOOSE
    assert [t.message for t in scene.toasts.items] == ["No small blocks left in your supply."]
    assert [t.kind for t in scene.toasts.items] == ["error"]
    key(app, pygame.K_l)  # a kind still there is chosen as before
    assert scene.cairo.phase == Phase.FLICK and scene.cairo.chosen == "large"


def test_enter_after_a_hint_flicks_the_hinted_aim(app) -> None:  # type: ignore[no-untyped-def]
    """The play-tester pressed H, then Enter: Enter brought up another aim instead of
    flicking the green one the hint showed."""
    scene = open_state(app, flick_state())
    key(app, pygame.K_h)
    hint = scene.flick.hint
    assert hint is not None
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert last_flick(scene) == A.Flick.of("small", hint.degrees, hint.power, hint.offset, 2)


def test_arrow_keys_after_a_hint_start_from_the_hinted_aim() -> None:
    from nile.games.cairo.view.flick_input import Aim, FlickInput

    flick = FlickInput()
    flick.set_anchor((500.0, 400.0), 31.0, 6.0)
    flick.enabled = True
    flick.show_hint(Aim(200.0, 0.5, 0.25))
    up = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")
    assert flick.handle_event(up)
    assert flick.aim is not None and flick.aim.degrees == 200.0
    assert flick.aim.power == pytest.approx(0.51) and flick.aim.offset == 0.25


def test_the_die_panel_at_the_end_says_game_over_not_a_dash(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cairo.view import panel

    said: list[str] = []
    def draw(surface: pygame.Surface, words: str, *args: object, **kw: object) -> pygame.Rect:
        said.append(words)
        return pygame.Rect(0, 0, 1, 1)

    monkeypatch.setattr(panel.text, "draw", draw)
    surface = pygame.Surface((300, 60))
    panel.draw_die_panel(surface, pygame.Rect(0, 0, 200, 48), None, 0, None, False,
                         "rolls by itself")
    assert said == ["\u2013", "next roll", "rolls by itself"]  # before the first roll
    said.clear()
    panel.draw_die_panel(surface, pygame.Rect(0, 0, 200, 48), None, 0, None, False,
                         "rolls by itself", over=True)
    assert said == ["Game over", panel.DIE_AT_THE_END]


def test_l_with_the_large_block_used_toggles_the_log(app) -> None:  # type: ignore[no-untyped-def]
    """L is the log whenever the large block cannot be chosen (the keys text says so); S and
    D still answer with the reason."""
    builder = Builder(2).ship(0, "U4").ship(1, "D2").box("0L")
    scene = open_state(app, builder.to_move(0, Phase.CHOOSE, die=2).build())
    was_open = scene.log_open
    key(app, pygame.K_l)
    assert scene.log_open is not was_open
    assert scene.cairo.phase == Phase.CHOOSE
    assert not scene.toasts.items


def test_the_bottom_bar_names_the_bot_whose_block_still_flies(app) -> None:  # type: ignore[no-untyped-def]
    """While Amun's last flick winds up and flies, the bar said "Waiting for Bastet…",
    the next seat, under a top bar still naming Amun: both now say the move in play."""
    from nile.ui.shots import all_shots

    animated(app)
    app.bots_paused = True
    all_shots()["cairo/bot_aim"](app)
    scene = app.top
    assert isinstance(scene, CairoScene)
    frames(app, 60)  # before the flick is played: Amun's turn
    assert scene.action_bar.words() == "Waiting for Amun…"
    frames(app, 25)  # the flick is played and winds up; Bastet is to move in the rules
    assert scene.anims.busy and scene.name(scene.state.current_player) == "Bastet"
    assert scene.action_bar.words() == "Waiting for Amun…"
    for _ in range(600):
        if not scene.anims.busy:
            break
        frames(app)
    assert not scene.anims.busy
    assert scene.action_bar.words() == "Waiting for Bastet…"


@pytest.mark.slow
def test_the_bottom_bar_never_names_another_seat_than_the_top_bar(app) -> None:  # type: ignore[no-untyped-def]
    """At once-speed bots, a bot's move starts in the update that ends the last one's
    animation, with no still frame drawn between: the bar kept Ann's flick prompt through
    Amun's retrieve (seed 11, plies 49-50). Both bars name the same seat in every frame."""
    from nile.games.cairo import GAME_INFO, ai
    from nile.games.cairo.shots import open_scene, seats

    animated(app)
    app.apply_settings(app.settings.changed(bot_speed="instant"), save=False)
    scene = open_scene(app, Match.new(GAME_INFO, seats(3, 1), seed=11))
    rng = random.Random(1)
    mismatched = []
    for frame in range(4000):
        if scene.accepting_input:
            actor = scene.state.current_player
            scene.after_action(scene.match.play(ai.policy(scene.state, rng)), actor)
        frames(app)
        held = scene.top_bar._held
        if held is None or held[1] is None or held[1] < 0 or scene.game_over:
            continue
        words = scene.action_bar.words()
        if scene.match.seats[held[1]].is_human:
            ok = not words.startswith("Waiting for")
        else:
            ok = words == f"Waiting for {scene.name(held[1])}…"
        if not ok:
            mismatched.append((frame, scene.match.ply, words[:40], scene.name(held[1])))
        if scene.match.ply > 56:
            break
    assert scene.match.ply > 56
    assert mismatched == []
