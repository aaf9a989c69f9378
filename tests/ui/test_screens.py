"""Launcher, setup, settings and loading, driven headless."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pygame_gui
import pytest

from nile.core import paths, registry
from nile.core.session import Match, SeatConfig
from nile.ui import settings as store
from nile.ui.chrome.dialogs import LoadDialog, MessageDialog, open_save
from nile.ui.launcher import LauncherScene
from nile.ui.settings_scene import SettingsScene
from nile.ui.setup_scene import SeatRow, SetupScene, seats_from_rows, validate
from tests import per_game
from tests.core.toy_game import TOY_INFO
from tests.ui.harness import frames, key, make_app, press, tick
from tests.ui.toy_scene import ToyScene

INFO = dataclasses.replace(TOY_INFO, id="toy_ui", scene="tests.ui.toy_scene:ToyScene")
"""The toy with a scene, under its own id (tests/core registers the scene-less "toy")."""
registry.register(INFO)


def test_launcher_lists_every_game_and_practice() -> None:
    app = make_app()
    app.push(LauncherScene(app))
    frames(app, 3)
    scene = app.top
    assert isinstance(scene, LauncherScene)
    titles = [t.title for t in scene.tiles]
    assert (
        titles[:5]
        == ["Cairo", "Cleopatra's Caboose", "Vom Kap bis Kairo", "Age of Steam", "Loose Caboose!"]
        and titles[-1] == "Flick Practice"
    )
    unbuilt = [t for t in scene.tiles if not t.playable]
    for tile in unbuilt:
        scene.open_tile(tile)
        assert app.top is scene  # no placeholder screen behind a tile


def test_settings_are_saved_and_damaged_settings_ignored() -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.push(scene)
    press(app, scene, "Off")  # the first toggle: full screen
    assert store.load().fullscreen is app.settings.fullscreen
    (paths.config_dir() / "settings.json").write_text("{garbage")
    assert store.load() == store.Settings()
    (paths.config_dir() / "settings.json").write_text(json.dumps({"volume": 9, "muted": True}))
    assert store.load() == store.Settings(muted=True)


def test_setup_validation_reasons() -> None:
    rows = [SeatRow("Human", "Ann", 0), SeatRow("Empty", "x", 1), SeatRow("Empty", "y", 2)]
    assert "needs 2 to 3 players" in (validate(INFO, rows, {}) or "")
    rows[1] = SeatRow("Bot (hard)", "Ann", 1)
    assert "same name" in (validate(INFO, rows, {}) or "")
    rows[1] = SeatRow("Bot (hard)", "Bo", 0)
    assert "same colour" in (validate(INFO, rows, {}) or "")
    rows[1] = SeatRow("Bot (hard)", "Bo", 1)
    assert validate(INFO, rows, {}) is None


def test_setup_seats_enough_players_for_the_chosen_map() -> None:
    app = make_app()
    info = registry.get("age_of_steam")
    scene = SetupScene(app, info)
    app.push(scene)
    frames(app, 2)
    assert validate(info, scene.rows, scene.options) is None  # Chile needs four: four seated
    assert [row.kind != "Empty" for row in scene.rows] == [True] * 4 + [False] * 2
    map_menu = next(iter(scene.option_menus))
    assert map_menu.selected_option == ("Chile", "chile")
    for row in scene.rows[1:]:
        row.kind = "Empty"
    changed = pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
        ui_element=map_menu, text="CCCP", selected_option_id="cccp",
    )
    tick(app, [changed])
    assert scene.options["map"] == "cccp"
    assert sum(row.kind != "Empty" for row in scene.rows) == 4
    assert validate(info, scene.rows, scene.options) is None
    to_egypt = pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
        ui_element=map_menu, text="Egypt", selected_option_id="egypt",
    )
    tick(app, [to_egypt])  # Egypt has no blue player: the blue seat takes a free colour
    assert validate(info, scene.rows, scene.options) is None
    fifth = next(menu for menu, seat in scene.kind_menus.items() if seat == 4)
    seat_fifth = pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=fifth, text="Bot (easy)",
    )
    tick(app, [seat_fifth])  # its default colour went to the former blue seat
    assert validate(info, scene.rows, scene.options) is None


def test_a_hostile_save_is_refused_with_a_message_and_kept() -> None:
    app = make_app()
    app.push(LauncherScene(app))
    path = paths.saves_dir() / "evil.json"
    evil = {
        "format": "nile-save",
        "version": 1,
        "game": INFO.id,
        "seed": 1,
        "options": {},
        "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
        "actions": ["__import__('os').system('echo hacked')"],
    }
    path.write_text(json.dumps(evil))
    open_save(app, path)
    assert isinstance(app.top, MessageDialog)
    assert "illegal move 1" in app.top.message
    assert json.loads(path.read_text()) == evil
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LauncherScene)


def test_load_dialog_opens_a_good_save() -> None:
    app = make_app()
    app.push(LauncherScene(app))
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=8)
    (paths.saves_dir() / "good.json").write_text(json.dumps(match.to_save()))
    dialog = LoadDialog(app)
    app.push(dialog)
    entry = dialog.list.chosen
    assert entry is not None and entry.name == "good" and entry.title == "Toy"
    assert entry.players == ("Ann", "Bo")
    open_save(app, entry.path)
    assert isinstance(app.top, ToyScene)
    assert app.top.match.actions == match.actions


@pytest.mark.parametrize("game", per_game.ids())
def test_setup_offers_the_expert_where_the_game_has_one(game: str) -> None:
    """The seat menu offers "Bot (expert)" exactly where the game's bots have that level
    (which games do is tests/core/test_bots.py's business), and picking it seats one."""
    from nile.ai.bots import levels

    app = make_app()
    info = registry.get(game)
    offered = "expert" in levels(info)
    scene = SetupScene(app, info)
    app.push(scene)
    frames(app, 1)
    menu = next(menu for menu, seat in scene.kind_menus.items() if seat == 1)
    kinds = [option[0] for option in menu.options_list]
    assert ("Bot (expert)" in kinds) is offered, game
    if offered:
        pick = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                  text="Bot (expert)")
        tick(app, [pick])
        assert scene.rows[1].kind == "Bot (expert)"
        bots = [s.level for s in seats_from_rows(scene.rows) if s.kind == "bot"]
        assert bots.count("expert") == 1, bots  # the seat picked, the others as they were


def test_setup_says_what_each_bot_level_is_like_and_it_fits() -> None:
    """A new player could not tell easy from expert, nor that the expert takes seconds."""
    from nile.ai.bots import levels
    from nile.ui import text
    from nile.ui.setup_scene import (
        LEARN_TOP,
        LEGEND_NAME,
        LEGEND_ROW,
        LEGEND_SIZE,
        RIGHT_WIDTH,
        level_words,
    )

    app = make_app()
    for info in registry.listed_games():
        scene = SetupScene(app, info)
        app.push(scene)
        frames(app, 1)
        for level in levels(info):
            words = level_words(info, level)
            assert words and text.measure(words, LEGEND_SIZE) <= RIGHT_WIDTH - LEGEND_NAME
            assert text.measure(level.capitalize(), LEGEND_SIZE, "bold") < LEGEND_NAME - 6
        bottom = scene.seed_top + 110 + 26 + len(levels(info)) * LEGEND_ROW
        assert bottom <= LEARN_TOP, info.id  # above "Learn to play first"
        if "expert" in levels(info):
            assert "4 seconds a move" in level_words(info, "expert")
        app.pop()


def test_setup_offers_only_the_seats_the_chosen_map_allows() -> None:
    """Egypt (3-5) and CCCP (4-5) offered a sixth seat; "About the game" touched the last."""
    from nile.ui.setup_scene import ROW_HEIGHT, ROW_TOP, about_box

    app = make_app()
    info = registry.get("age_of_steam")
    scene = SetupScene(app, info)
    app.push(scene)
    frames(app, 2)
    map_menu = next(iter(scene.option_menus))
    for name, map_id, seats in (("Egypt", "egypt", 5), ("CCCP", "cccp", 5), ("Chile", "chile", 6)):
        change = pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=map_menu, text=name, selected_option_id=map_id,
        )
        tick(app, [change])
        assert len(scene.rows) == seats, name
        assert sorted(scene.kind_menus.values()) == list(range(seats)), name
        assert len(scene.name_entries) == seats, name
        assert all(menu.alive() for menu in scene.kind_menus), name
        assert validate(info, scene.rows, scene.options) is None, name
        last_bottom = ROW_TOP + (seats - 1) * ROW_HEIGHT + 40
        assert about_box(seats).top - last_bottom >= 24, name
    egypt_first = SetupScene(app, info)
    assert len(egypt_first.rows) == 6  # the default map, Chile, seats six
