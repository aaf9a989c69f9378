"""The app shell under stress (issue 12): the crash net, hostile text on every screen,
disk faults told to the player, unfinished games never replaced, the Load dialog, and
a window that fits the desktop."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
from pathlib import Path

import pygame
import pytest

from nile.app import App, window_size
from nile.core import library, paths, registry, saves
from nile.core.session import Match, SeatConfig
from nile.ui import settings as store
from nile.ui import text
from nile.ui.chrome.dialogs import (
    ConfirmDialog,
    LoadDialog,
    MenuScene,
    MessageDialog,
    RenameDialog,
    SaveDialog,
    open_save,
)
from nile.ui.crash import ErrorScene
from nile.ui.games import open_match
from nile.ui.launcher import LauncherScene
from nile.ui.setup_scene import SetupScene
from tests.core.toy_game import TOY_INFO
from tests.ui.harness import frames, hand_over, instant_app, key, press, tick
from tests.ui.toy_scene import ToyScene

INFO = dataclasses.replace(TOY_INFO, id="toy_ui", scene="tests.ui.toy_scene:ToyScene")
"""The toy with a scene, under its own id (tests/core registers the scene-less "toy")."""
registry.register(INFO)


@pytest.fixture
def app() -> App:
    return instant_app()


def start(app: App, seed: int = 3, names: tuple[str, str] = ("Ann", "Bo")) -> ToyScene:
    match = Match.new(INFO, (SeatConfig(names[0]), SeatConfig(names[1], color=1)), seed=seed)
    open_match(app, match)
    frames(app)
    hand_over(app, app.top)  # two humans: the first is asked to take the screen
    assert isinstance(app.top, ToyScene)
    return app.top


def play_one(scene: ToyScene) -> None:
    scene.submit(scene.state.legal_actions()[0])


def disk_full(*_: object, **__: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


# The net ------------------------------------------------------------------------------------------

class Broken(Exception):
    pass


def test_a_scene_that_fails_shows_the_error_screen_and_keeps_the_game(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = start(app)
    play_one(scene)
    scene.autosaver.flush()  # type: ignore[union-attr]
    played = list(scene.match.actions)

    def fail(*_: object) -> None:
        raise Broken("a bug in a scene")

    real_draw = ToyScene.draw_table
    monkeypatch.setattr(ToyScene, "draw_table", fail)
    app.step(1 / 60, [])
    assert isinstance(app.top, ErrorScene)
    report = app.top.report
    assert report is not None and report.parent == paths.crash_dir()
    written = report.read_text()
    assert "Broken: a bug in a scene" in written and "game: toy_ui" in written
    assert f"moves: {len(played)}" in written
    assert app.top.resume == scene.autosaver.path  # type: ignore[union-attr]
    frames(app, 2)  # the error screen itself draws
    monkeypatch.setattr(ToyScene, "draw_table", real_draw)
    press(app, app.top, "Continue the game")
    assert isinstance(app.top, ToyScene) and app.top.match.actions == played
    assert app.top.autosaver.path == scene.autosaver.path  # type: ignore[union-attr]


def test_a_crash_loop_closes_the_app_instead_of_spinning(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fail(*_: object) -> None:
        raise Broken("always")

    monkeypatch.setattr(LauncherScene, "draw", fail)
    monkeypatch.setattr(ErrorScene, "draw", fail)
    app.go_home()
    for _ in range(5):
        app.step(1 / 60, [])
    assert not app.running
    assert len(list(paths.crash_dir().glob("crash-*.txt"))) >= 3


# Hostile text on every screen ---------------------------------------------------------------------

HOSTILE_NAMES = ("\x00", "\u200b\u200b", "A\ud800", "\u202eevil", "x" * 100, "\u0301")


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_names_from_a_save_draw_on_every_screen(app: App, name: str) -> None:
    data = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=1).to_save()
    data["seats"][1]["name"] = name[:40]
    data["title"] = name * 10
    path = paths.saves_dir() / "hostile.json"
    path.write_text(json.dumps(data, ensure_ascii=True))
    app.go_home()
    frames(app, 2)
    app.push(LoadDialog(app))
    frames(app, 2)
    open_save(app, path)
    assert isinstance(app.top, ToyScene)
    frames(app, 3)
    drawn = app.top.match.names[1]
    assert drawn == text.safe_text(drawn) and drawn


def test_a_nul_in_a_title_never_stops_the_launcher(app: App) -> None:
    scene = start(app)
    play_one(scene)
    scene.autosaver.flush()  # type: ignore[union-attr]
    data = json.loads(scene.autosaver.path.read_text())  # type: ignore[union-attr]
    data.update(title="\x00" * 100_000, round="\x00\ud800")
    scene.autosaver.path.write_text(json.dumps(data))  # type: ignore[union-attr]
    app.go_home()
    frames(app, 3)
    assert isinstance(app.top, LauncherScene) and app.top.unfinished


def test_a_nul_in_a_move_is_refused_with_a_message_that_draws(app: App) -> None:
    data = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=1).to_save()
    data["actions"] = ["pick\x00"]
    path = paths.saves_dir() / "nul.json"
    path.write_text(json.dumps(data))
    open_save(app, path)
    assert isinstance(app.top, MessageDialog)
    frames(app, 2)
    assert "\x00" not in app.top.message


def test_fitting_a_huge_title_measures_a_bounded_number_of_times(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []
    real = text.measure

    def counting(*args: object, **kwargs: object) -> int:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "measure", counting)
    cut, _ = text.fit("title " * 20_000, 16, 250)
    assert cut.endswith("…") and len(calls) < 40


@pytest.mark.parametrize("typed", ["\u200b", "\x00", "\u202e", "\ufeff"])
def test_setup_name_fields_refuse_unsafe_characters_as_typed(app: App, typed: str) -> None:
    scene = SetupScene(app, INFO)
    app.push(scene)
    frames(app)
    entry = scene.name_entries[0]
    entry.focus()
    before = entry.get_text()
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=typed)])
    frames(app, 2)
    assert entry.get_text() == before
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text="é")])
    assert sorted(entry.get_text()) == sorted(before + "é")


# Disk faults --------------------------------------------------------------------------------------

def test_a_failing_autosave_shows_a_banner_and_saving_elsewhere_works(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    scene = start(app)
    real_write = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    play_one(scene)
    scene.autosaver.flush()  # type: ignore[union-attr]
    frames(app, 2)
    assert scene.save_trouble.message is not None
    assert "No space left" in scene.save_trouble.message
    press(app, scene, "Save elsewhere…")
    dialog = app.top
    assert isinstance(dialog, SaveDialog) and dialog.folder_entry is not None
    dialog.folder_entry.set_text(str(tmp_path))
    monkeypatch.setattr(saves, "write_atomic", real_write)
    press(app, dialog, "Save")
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1 and saves.load(saved[0]).actions == scene.match.actions
    play_one(scene)  # the disk works again: the next autosave clears the banner
    scene.autosaver.flush()  # type: ignore[union-attr]
    frames(app, 2)
    assert scene.save_trouble.message is None


def test_quitting_a_game_the_disk_refused_asks_first(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = start(app)
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    play_one(scene)
    app.push(MenuScene(app, scene))
    press(app, app.top, "Quit to launcher")
    assert isinstance(app.top, ConfirmDialog) and "not saved" in app.top.title
    key(app, pygame.K_ESCAPE)  # Stay
    assert app.top is scene
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert app.running and isinstance(app.top, ConfirmDialog)
    press(app, app.top, "Leave anyway")
    assert not app.running


def test_quitting_a_saved_game_says_where_it_is(app: App) -> None:
    scene = start(app)
    play_one(scene)
    app.push(MenuScene(app, scene))
    press(app, app.top, "Quit to launcher")
    assert isinstance(app.top, LauncherScene)
    assert any("Continue" in n.message for n in app.notices.items)
    assert len(app.top.unfinished) == 1


def test_settings_that_cannot_be_written_stay_in_force_with_a_note(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(store, "save", disk_full)
    app.apply_settings(app.settings.changed(muted=True))
    assert app.settings.muted
    assert any("could not be saved" in n.message for n in app.notices.items)
    key(app, pygame.K_F11)  # full screen writes the settings too: no exception
    frames(app)


def test_an_unwritable_home_starts_with_defaults(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("NILE_HOME", str(blocker / "home"))
    app = App()
    assert app.settings == store.Settings()
    app.go_home()
    frames(app, 2)
    scene = start(app)
    play_one(scene)
    scene.autosaver.flush()  # type: ignore[union-attr]
    frames(app)
    assert scene.save_trouble.message is not None


# Never replace an unfinished game -----------------------------------------------------------------

def test_a_new_game_or_a_load_never_replaces_an_unfinished_one(app: App) -> None:
    first = start(app, seed=1)
    play_one(first)
    named = library.write_named(first.match, "Ann's game")
    second = start(app, seed=2)
    play_one(second)
    open_save(app, named)
    play_one(app.top)  # type: ignore[arg-type]
    app.go_home()
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    assert len(launcher.unfinished) == 3
    press(app, launcher, "Continue (3)")
    assert isinstance(app.top, LoadDialog) and app.top.continuing
    assert len(app.top.list.entries) == 3


def test_the_load_dialog_renames_and_deletes_after_asking(app: App) -> None:
    scene = start(app)
    library.write_named(scene.match, "Long evening with the whole family at the table")
    app.go_home()
    dialog = LoadDialog(app)
    app.push(dialog)
    frames(app, 2)
    named = next(i for i, e in enumerate(dialog.list.entries) if not e.autosave)
    dialog.list.selected = named
    press(app, dialog, "Rename…")
    rename = app.top
    assert isinstance(rename, RenameDialog)
    rename.entry.set_text("Our rematch")
    press(app, rename, "Rename")
    assert app.top is dialog
    chosen = dialog.list.chosen  # the selection follows the renamed save
    assert chosen is not None and chosen.name == "Our rematch"
    press(app, dialog, "Delete…")
    assert isinstance(app.top, ConfirmDialog)
    press(app, app.top, "Delete")
    assert "Our rematch" not in [e.name for e in dialog.list.entries]


# A window that fits -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("desktop", "size"),
    [((1024, 768), (984, 615)), ((800, 600), (760, 475)), ((2560, 1440), (1280, 800)),
     ((1280, 800), (1152, 720)), (None, (1280, 800))],
)
def test_the_window_never_opens_larger_than_the_desktop(
    desktop: tuple[int, int] | None, size: tuple[int, int],
) -> None:
    width, height = window_size(desktop)
    assert (width, height) == size
    assert abs(width / height - 1.6) < 0.01


def test_long_save_names_are_cut_at_a_word_with_an_ellipsis(app: App) -> None:
    name = "Friday night with the whole family at the big table"
    cut, _ = text.fit(name, 17, 260, "bold", at_word=True)
    assert cut.endswith("…") and cut != name
    assert name.startswith(cut[:-1]) and name[len(cut) - 1] == " "  # a whole word came last
    whole, _ = text.fit("Short name", 17, 260, "bold", at_word=True)
    assert whole == "Short name"


def _finished_table(app: App, first: SeatConfig) -> tuple[Match, ToyScene]:
    """A toy game played to its end (seed 5), opened, and its results closed ("See the
    table"): the match and the table left on top."""
    from nile.ui.chrome.results import ResultsScene

    match = Match.new(INFO, (first, SeatConfig("Bo", "bot", "easy", 1)), seed=5)
    while not match.state.is_terminal:
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    open_match(app, match)
    frames(app, 3)
    table = next(s for s in app.stack if isinstance(s, ToyScene))
    while isinstance(app.top, ResultsScene):  # "See the table"
        press(app, app.top, "See the table")
    return match, table


def test_after_the_table_the_menu_reopens_the_results_and_the_replay(app: App) -> None:
    from nile.ui.chrome.results import ResultsScene

    _, table = _finished_table(app, SeatConfig("Ann", "bot", "easy"))
    assert isinstance(table, ToyScene) and app.top is table
    app.push(MenuScene(app, table))  # its lack of Undo: test_at_the_end_the_bar_says_who_won…
    press(app, app.top, "Results")
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "See the table")
    app.push(MenuScene(app, table))
    press(app, app.top, "Replay")
    replay = app.top
    assert isinstance(replay, ToyScene) and replay.replay is not None
    app.push(MenuScene(app, replay))
    press(app, app.top, "Close replay")
    assert app.top is table


# Found in review -------------------------------------------------------------------------------

def test_a_file_dated_beyond_any_calendar_shows_date_unknown(app: App) -> None:
    scene = start(app)
    play_one(scene)
    app.go_home()
    path = library.unfinished()[0].path
    os.utime(path, (1e17, 1e17))
    app.go_home()
    frames(app, 2)  # the launcher draws "Last played …" with the date
    assert library.unfinished()[0].when == "date unknown"
    app.push(LoadDialog(app))
    frames(app, 2)


def test_the_game_being_played_cannot_delete_its_own_autosave(app: App) -> None:
    scene = start(app)
    play_one(scene)
    app.push(MenuScene(app, scene))
    press(app, app.top, "Load game…")
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    dialog.list.selected = next(i for i, e in enumerate(dialog.list.entries)
                                if e.path == scene.autosaver.path)  # type: ignore[union-attr]
    press(app, dialog, "Delete…")
    assert isinstance(app.top, MessageDialog) and "playing" in app.top.title
    assert scene.autosaver.path.exists()  # type: ignore[union-attr]
    scene.autosaver.path.unlink()  # type: ignore[union-attr]  (gone behind its back)
    assert not scene.saved()  # so leaving asks instead of saying it is saved


def test_the_error_screen_says_how_far_back_the_saved_game_is(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = start(app)
    scene.autosaver.flush()  # type: ignore[union-attr]
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    play_one(scene)
    play_one(scene)

    def fail(*_: object) -> None:
        raise Broken("after two unsaved moves")

    monkeypatch.setattr(ToyScene, "draw_table", fail)
    app.step(1 / 60, [])
    assert isinstance(app.top, ErrorScene)
    assert "2 moves earlier" in app.top.note and app.top.resume is not None


def test_closing_the_window_under_an_open_menu_still_asks(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = start(app)
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    play_one(scene)
    app.push(MenuScene(app, scene))
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert app.running and isinstance(app.top, ConfirmDialog)


def test_a_game_saved_elsewhere_counts_as_saved(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    scene = start(app)
    real_write = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    play_one(scene)
    assert not scene.saved()
    dialog = SaveDialog(app, scene, elsewhere=True)
    app.push(dialog)
    assert dialog.folder_entry is not None
    dialog.folder_entry.set_text(str(tmp_path))
    monkeypatch.setattr(saves, "write_atomic", real_write)
    press(app, dialog, "Save")
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    assert scene.saved()  # leaving now asks nothing: the game is in tmp_path
    play_one(scene)
    assert not scene.saved()  # a newer move is not


def test_the_launcher_continue_button_follows_what_is_in_progress(app: App) -> None:
    for seed in (1, 2):
        play_one(start(app, seed=seed))
    app.go_home()
    launcher = app.top
    press(app, launcher, "Continue (2)")
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    library.delete(dialog.list.entries[0])
    key(app, pygame.K_ESCAPE)
    assert app.top is launcher
    press(app, launcher, "Continue")  # one left: the button says so, and opens it
    assert isinstance(app.top, ToyScene)


def test_a_bots_own_reason_for_a_move_reaches_the_log(
    app: App, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nile.ui.chrome import botdriver

    monkeypatch.setattr(botdriver, "explanation", lambda bot: "passing searched better")
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo", "bot", "easy", 1)), seed=4)
    open_match(app, match)
    scene = app.top
    assert isinstance(scene, ToyScene)
    for _ in range(20):
        if scene.state.current_player == 0:
            play_one(scene)
        frames(app, 3)
        if scene.log.reasons:
            break
    assert scene.log.reasons
    frames(app, 2)
    assert "(Bo: passing searched better)" in scene.log.lines


def test_a_click_on_a_control_stays_with_the_control_but_a_drag_ends_on_the_table(
    app: App,
) -> None:
    from nile.ui.scene import Scene

    class Recorder(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.seen: list[int] = []
            self.pressed = 0
            self.button(pygame.Rect(100, 100, 120, 40), "Press", self._press)

        def _press(self) -> None:
            self.pressed += 1

        def handle_event(self, event: pygame.event.Event) -> None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.seen.append(event.type)

    scene = Recorder(app)
    app.push(scene)
    frames(app)
    press(app, scene, "Press")  # down and up on the button: the button's alone
    assert scene.pressed == 1 and scene.seen == []
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 500), button=1)])
    pygame.mouse.set_pos((160, 120))
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(160, 120), button=1)])
    assert scene.seen == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]  # the drag's release


def test_hint_looks_pressable_only_when_it_can_answer(app: App) -> None:
    app.bots_paused = True  # the bot's turn lasts while we look
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo", "bot", "easy", 1)), seed=4)
    open_match(app, match)
    scene = app.top
    assert isinstance(scene, ToyScene)
    frames(app, 2)
    hint = scene.top_bar.buttons["hint"]
    for _ in range(10):
        if scene.state.current_player == 0:
            break
        app.bots_paused = False
        frames(app, 1)
        app.bots_paused = True
    assert scene.accepting_input and hint.is_enabled  # type: ignore[attr-defined]
    play_one(scene)
    while scene.state.current_player == 0 and not scene.state.is_terminal:
        play_one(scene)
    frames(app, 2)
    assert not scene.accepting_input and not hint.is_enabled  # type: ignore[attr-defined]


def test_a_seat_turned_human_drops_the_bots_name(app: App) -> None:
    import pygame_gui

    scene = SetupScene(app, INFO)
    app.push(scene)
    frames(app)
    menu = next(m for m, seat in scene.kind_menus.items() if seat == 1)
    bot_name = scene.rows[1].name
    tick(app, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                  text="Human")])
    assert scene.rows[1].name == "Player 2" and scene.name_entries[1].get_text() == "Player 2"
    tick(app, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                  text="Bot (easy)")])
    assert scene.rows[1].name == bot_name


def test_the_menu_under_the_cover_offers_no_undo(app: App) -> None:
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo", color=1)), seed=3)
    scene = open_match(app, match)
    frames(app)
    assert scene.covered_for is not None  # two humans: the cover comes first
    app.push(MenuScene(app, scene))
    labels = [getattr(e, "text", None) for e in app.top._actions]  # type: ignore[union-attr]
    assert "Undo" not in labels and "Resume" in labels


def test_at_the_end_the_bar_says_who_won_and_undo_is_not_offered(app: App) -> None:
    """The play-tester's finished game had an empty bottom bar and a Menu offering Undo."""

    match, table = _finished_table(app, SeatConfig("Ann"))
    ranking = match.state.ranking()
    winner = ["Ann", "Bo"][ranking.index(1)] if ranking.count(1) == 1 else "Ann and Bo"
    assert table.action_bar.words().startswith(winner) and "Results" in table.action_bar.words()
    app.push(MenuScene(app, table))
    labels = [getattr(e, "text", None) for e in app.top._actions]  # type: ignore[union-attr]
    assert "Undo" not in labels and "Results" in labels
    press(app, app.top, "Resume")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert [t.message for t in table.toasts.items][-1].startswith("The game is over")
    assert match.state.is_terminal


def test_the_menus_undo_is_pressable_exactly_when_the_top_bars_is(app: App) -> None:
    """Found in a real-window play-test: with nothing to take back (or in a lesson) the top
    bar's Undo was greyed out while the menu offered it, only to refuse."""

    def undo_buttons() -> tuple[bool, bool]:
        app.push(MenuScene(app, scene))
        in_menu = next(e for e in app.top._actions  # type: ignore[union-attr]
                       if getattr(e, "text", None) == "Undo")
        menu_enabled = bool(in_menu.is_enabled)  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        return menu_enabled, bool(scene.top_bar.buttons["undo"].is_enabled)  # type: ignore[attr-defined]

    scene = start(app)
    assert undo_buttons() == (False, False)  # nothing played yet
    play_one(scene)
    frames(app, 2)
    can = scene.match.undo_seat() is not None
    assert undo_buttons() == (can, can)


def test_a_finished_game_is_offered_for_saving_under_who_won(app: App) -> None:
    """Found in a real-window play-test: a finished Loose Caboose was offered as "Loose
    Caboose! 0 cards left in the draw pile" (its last round's text)."""
    match, table = _finished_table(app, SeatConfig("Ann"))
    ranking = match.state.ranking()
    first = " and ".join(["Ann", "Bo"][i] for i, place in enumerate(ranking) if place == 1)
    app.push(SaveDialog(app, table))
    assert app.top.entry.get_text() == f"{INFO.title} won by {first}"  # type: ignore[union-attr]
    key(app, pygame.K_ESCAPE)
    live = start(app)
    app.push(SaveDialog(app, live))
    words = live.words(live.state.status().round_text)
    assert app.top.entry.get_text() == f"{INFO.title} {words}".strip()  # type: ignore[union-attr]
