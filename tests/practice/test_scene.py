"""Flick Practice through its screens: synthetic clicks, drags and keys, headless."""

from __future__ import annotations

import pygame
import pytest

from nile.core import paths
from nile.games.cairo.view.flick_input import direction, pull_of_power
from nile.practice import history
from nile.practice.dialogs import DoneChoices, DrillDoneDialog, RunOutcome
from nile.practice.drill_scene import DrillScene, space_at
from nile.practice.scene import PracticeScene
from nile.practice.shots import aim_at
from nile.practice.stats_scene import StatsScene
from nile.ui.chrome.dialogs import MessageDialog
from nile.ui.launcher import LauncherScene
from tests.ui.harness import click, drag, frames, key, make_app, press


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    application = make_app()
    application.apply_settings(application.settings.changed(animation_speed="off"), save=False)
    return application


def animated(app) -> None:  # type: ignore[no-untyped-def]
    app.apply_settings(app.settings.changed(animation_speed="fast"), save=False)


def open_practice(app) -> PracticeScene:  # type: ignore[no-untyped-def]
    """Click the launcher's Flick Practice tile (a message may open over the home)."""
    app.reset(LauncherScene(app))
    launcher = app.top
    tile = next(t for t in launcher.tiles if t.id == "practice")
    assert tile.playable
    click(app, tile.rect.center)
    home = next(s for s in app.stack if isinstance(s, PracticeScene))
    return home


def open_drill(app, drill_id: str) -> DrillScene:  # type: ignore[no-untyped-def]
    home = open_practice(app)
    click(app, home.cards[drill_id].center)
    scene = app.top
    assert isinstance(scene, DrillScene) and scene.drill.id == drill_id
    return scene


def flick_at(app, scene: DrillScene, x: float, y: float, stretch: float = 1.0,  # type: ignore[no-untyped-def]
             turn: float = 0.0) -> None:
    """Press on the block, pull back the way the slingshot wants, let go."""
    aim = aim_at(scene.table, x, y, scene.finger, scene.knobs.kind, stretch, turn)
    ax, ay = scene.flick.anchor
    ux, uy = direction(aim.degrees)
    pull = pull_of_power(aim.power)
    start = (round(ax), round(ay))
    drag(app, start, (round(ax - ux * pull), round(ay - uy * pull)), steps=10)


def target_point(scene: DrillScene) -> tuple[float, float]:
    target = scene.drill.target()
    assert target is not None
    return (target.x, target.y)


# The whole path ----------------------------------------------------------------------------

def test_a_landing_drill_by_mouse_to_its_end_and_again(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_drill(app, "landing")
    for k in range(10):
        flick_at(app, scene, *target_point(scene), stretch=1.0 + 0.02 * (k % 3))
        if k < 9:
            assert scene.report is not None and scene.report.number == k + 1
    assert scene.drill.finished and scene.drill.flicks == 10
    dialog = app.top
    assert isinstance(dialog, DrillDoneDialog)
    assert scene.drill.score is not None and scene.drill.score >= 50  # mostly on Zawyet
    assert scene.session.best("landing") == scene.drill.score
    rows = scene.session.session_rows()
    assert len(rows) == 10 and all(r.drill == "landing" and r.error is not None for r in rows)
    key(app, pygame.K_RETURN)  # again
    assert app.top is scene and scene.drill.flicks == 0 and not scene.drill.finished
    saved = history.open_history(paths.data_dir() / "practice.json").history
    assert saved.best["landing"] == scene.session.best("landing")
    assert saved.sessions[-1].runs[-1].drill == "landing"


def test_keys_finger_die_replay_reset_and_back(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_drill(app, "rings")
    assert scene.finger == 2
    key(app, pygame.K_f)
    assert scene.finger == 3
    key(app, pygame.K_5)
    assert scene.finger == 5 and not scene.knobs.die_mode
    key(app, pygame.K_f)  # little finger -> the die
    assert scene.knobs.die_mode and 1 <= scene.knobs.rolled <= 6
    if scene.knobs.rolled <= 5:
        assert scene.finger == scene.knobs.rolled
    key(app, pygame.K_1)  # leaves the die (unless a 6 was rolled: then it is the pick)
    assert scene.knobs.finger == 1
    key(app, pygame.K_2)
    flick_at(app, scene, *target_point(scene))
    assert scene.last is not None and scene.drill.flicks == 1
    key(app, pygame.K_SPACE)  # animations off: a replay is refused with a word
    assert scene.show is None and scene.toasts.items
    key(app, pygame.K_r)
    assert scene.drill.flicks == 0 and scene.table.blocks_on_board() == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PracticeScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LauncherScene)


def test_the_finger_is_kept_between_screens(app) -> None:  # type: ignore[no-untyped-def]
    open_drill(app, "landing")
    key(app, pygame.K_4)
    key(app, pygame.K_ESCAPE)
    home = app.top
    click(app, home.cards["rings"].center)
    assert app.top.finger == 4


def test_free_practice_sail_target_block_kind_and_clutter(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_drill(app, "free")
    renderer = scene.view.renderer
    click(app, tuple(round(v) for v in renderer.to_screen(232.0, 267.5)))  # U3
    assert scene.table.space == "U3"
    assert space_at((232.0, 267.5)) == "U3" and space_at((10.0, 10.0)) is None
    giza = (150.0, 430.0)
    click(app, tuple(round(v) for v in renderer.to_screen(*giza)))
    assert scene.drill.target() is not None and scene.drill.target().site == "giza"
    from nile.practice import panels

    large = panels.segment_rects(panels.kind_picker_rect(scene.finger_rect), 3)[1]
    click(app, large.center)
    assert scene.knobs.kind == "large"
    flick_at(app, scene, *giza)
    assert scene.last is not None and scene.last.kind == "large"
    assert scene.table.blocks_on_board() == 1
    click(app, scene.clutter_rect.center)  # off: a clear board before every flick
    assert not scene.drill.keep_clutter
    flick_at(app, scene, *giza)
    assert scene.table.blocks_on_board() <= 1
    assert len(scene.session.session_rows()) == 2


def test_flicks_play_frame_by_frame_then_report(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    scene = open_drill(app, "landing")
    flick_at(app, scene, *target_point(scene))
    assert scene.show is not None and scene.report is None  # the block is still sliding
    assert scene.drill.flicks == 0
    for _ in range(240):
        frames(app)
        if scene.show is None:
            break
    assert scene.show is None and scene.report is not None and scene.drill.flicks == 1
    key(app, pygame.K_SPACE)  # replay the last flick
    assert scene.show is not None and scene.show.kind == "replay"
    click(app, scene.view.rect.center)  # a click skips it
    assert scene.show is None and scene.drill.flicks == 1


def test_show_me_plans_and_plays_on_a_copy_of_the_board(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    scene = open_drill(app, "pyramid")
    press(app, scene, "Show me")
    assert scene.coach is not None
    for _ in range(600):
        frames(app)
        if scene.coach is None:
            break
    assert scene.show is not None and scene.show.kind == "demo" and scene.show.windup > 0
    for _ in range(600):
        frames(app)
        if scene.show is None:
            break
    assert scene.report is not None and scene.report.demo
    assert scene.flick.hint is not None  # the bot's aim stays as a green arrow
    assert scene.drill.flicks == 0 and scene.table.blocks_on_board() == 0
    assert scene.session.session_rows() == []


def test_knock_drill_pauses_on_the_outcome_then_lays_out_the_next(app) -> None:  # type: ignore[no-untyped-def]
    animated(app)
    scene = open_drill(app, "knock")
    first = scene.table.space
    flick_at(app, scene, *target_point(scene), stretch=2.0)
    for _ in range(300):
        frames(app)
        if scene.show is None:
            break
    assert scene.pause > 0 and scene.table.space == first
    for _ in range(300):
        frames(app)
        if scene.pause <= 0:
            break
    assert scene.table.space != first and scene.drill.flicks == 1


def test_timed_drill_clock_runs_out(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_drill(app, "timed")
    frames(app, 30)
    assert scene.drill.time_left == scene.drill.spec.seconds  # not before the first aim
    flick_at(app, scene, *target_point(scene))
    before = scene.drill.time_left
    frames(app, 60)
    assert scene.drill.time_left == pytest.approx(before - 1.0, abs=0.05)
    scene.drill.left = 0.05
    frames(app, 10)
    assert scene.drill.finished and isinstance(app.top, DrillDoneDialog)
    key(app, pygame.K_ESCAPE)  # back to the drills
    assert isinstance(app.top, PracticeScene)


def test_the_done_dialog_is_handed_its_outcome_and_where_its_buttons_lead(app) -> None:  # type: ignore[no-untyped-def]
    """No drill scene behind it: the dialog shows a `RunOutcome` and calls `DoneChoices`."""
    app.reset(LauncherScene(app))
    called: list[str] = []
    choices = DoneChoices(lambda: called.append("again"), lambda: called.append("stats"),
                          lambda: called.append("drills"))
    outcome = RunOutcome("Landing", "7 of 10 on Zawyet.", False, 60.0, True)
    for act, wanted in ((lambda d: press(app, d, "Statistics"), "stats"),
                        (lambda d: key(app, pygame.K_r), "again"),
                        (lambda d: key(app, pygame.K_ESCAPE), "drills")):
        dialog = DrillDoneDialog(app, outcome, choices)
        app.push(dialog)
        frames(app, 1)
        act(dialog)
        assert called[-1] == wanted and app.top is not dialog
    assert called == ["stats", "again", "drills"]


def test_statistics_screen_from_a_drill(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_drill(app, "landing")
    flick_at(app, scene, *target_point(scene), stretch=1.05)
    press(app, scene, "Statistics")
    stats = app.top
    assert isinstance(stats, StatsScene) and stats.scope == 0 and len(stats.rows()) == 1
    key(app, pygame.K_TAB)
    assert stats.scope == 1
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_a_damaged_history_is_set_aside_with_a_message(app) -> None:  # type: ignore[no-untyped-def]
    path = paths.data_dir() / "practice.json"
    path.write_text('{"format": "nile-practice", "version": 1, "sessions": [{"started": "x"}]}',
                    encoding="utf-8")
    home = open_practice(app)
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and "damaged-1" in dialog.message
    assert (paths.data_dir() / "practice.damaged-1.json").exists() and not path.exists()
    key(app, pygame.K_RETURN)
    assert app.top is home and home.session.history.sessions == []
    click(app, home.cards["free"].center)
    flick_at(app, app.top, 300.0, 400.0)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # leaving practice saves the fresh history
    assert history.open_history(path).history.sessions[0].summary.count == 1


def test_f1_in_a_drill_shows_how_to_flick_and_esc_closes_it_staying_in_the_drill(app) -> None:  # type: ignore[no-untyped-def]
    """F1 does in a drill what it does in every game (it did nothing): how to flick and
    the keys; Esc then closes that, not the drill."""
    from nile.ui.chrome.dialogs import RulesScene

    scene = open_drill(app, "landing")
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.top is scene


# Leaving practice (issue 27) ----------------------------------------------------------------

def practice_writers() -> int:
    import threading

    return sum(t.name == "practice-history" for t in threading.enumerate())


@pytest.mark.slow
def test_thirty_visits_leave_no_thread_behind(app) -> None:  # type: ignore[no-untyped-def]
    """Each visit started a writer thread that never ended, with an exit hook of its
    own: 30 visits, 30 threads. Now the one writer ends when practice closes."""
    import threading

    app.reset(LauncherScene(app))
    before = threading.active_count()
    for _ in range(30):
        home = open_practice(app)
        assert practice_writers() == 1 and app.top is home
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, LauncherScene)
        assert practice_writers() == 0
    assert threading.active_count() <= before  # (another test's autosave may end meanwhile)


def test_leaving_practice_on_a_full_disk_says_the_history_is_not_saved(  # type: ignore[no-untyped-def]
    app, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno

    from nile.core import saves

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    home = open_practice(app)
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    click(app, home.cards["free"].center)
    flick_at(app, app.top, 300.0, 400.0)
    frames(app, 3)  # the background save fails; the drill says so
    key(app, pygame.K_ESCAPE)
    assert app.top is home
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LauncherScene)
    said = [n.message for n in app.notices.items]
    assert any("Could not save the practice history" in m and "No space left" in m
               for m in said), said
    frames(app, 2)  # and it draws over the launcher


def test_closing_the_window_in_practice_on_a_full_disk_asks_first(  # type: ignore[no-untyped-def]
    app, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno

    from nile.core import saves
    from nile.ui.chrome.dialogs import ConfirmDialog
    from tests.ui.harness import tick

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    home = open_practice(app)
    real = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    click(app, home.cards["free"].center)
    drill = app.top
    flick_at(app, drill, 300.0, 400.0)
    tick(app, [pygame.event.Event(pygame.QUIT)])
    dialog = app.top
    assert app.running and isinstance(dialog, ConfirmDialog)
    assert "No space left" in dialog.message and "lost" in dialog.message
    key(app, pygame.K_ESCAPE)  # Stay
    assert app.running and app.top is drill
    monkeypatch.setattr(saves, "write_atomic", real)  # space was freed
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    assert history.open_history().history.sessions[0].summary.count == 1
    app.running = True
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    flick_at(app, drill, 300.0, 400.0)
    tick(app, [pygame.event.Event(pygame.QUIT)])
    press(app, app.top, "Close anyway")
    assert not app.running
