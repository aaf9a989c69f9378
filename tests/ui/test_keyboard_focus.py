"""Menus and dialogs answer the keyboard (issue 29 item 4): Tab and the arrows move a focus
ring through the buttons (and the launcher's tiles), Enter or Space presses what it is on,
Esc backs out; Esc on the launcher asks before quitting."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.ui.chrome.dialogs import ConfirmDialog
from nile.ui.launcher import LauncherScene
from nile.ui.setup_scene import SetupScene
from tests.ui.harness import frames, key, make_app


@pytest.fixture
def app() -> App:
    shell = make_app()
    shell.push(LauncherScene(shell))
    frames(shell)
    return shell


def test_esc_on_the_launcher_asks_before_quitting(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmDialog) and app.running
    key(app, pygame.K_ESCAPE)  # the safe answer: stay
    assert isinstance(app.top, LauncherScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # no focus yet: Enter does nothing by itself
    assert app.running
    key(app, pygame.K_TAB)  # the first answer, Quit
    key(app, pygame.K_RETURN)
    assert not app.running


def test_tab_reaches_every_button_and_tile_and_enter_opens_a_tile(app: App) -> None:
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    reachable = launcher.focusables()
    assert len(reachable) >= len([t for t in launcher.tiles if t.playable]) + 3
    seen = []
    for _ in range(len(reachable)):
        key(app, pygame.K_TAB)
        assert launcher.focused is not None
        seen.append(tuple(launcher.focused[0]))
    assert sorted(seen) == sorted(tuple(rect) for rect, _ in reachable)
    last = launcher.focused
    key(app, pygame.K_TAB)  # round the ring to the first
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)
    assert launcher.focused == last  # back and forth by the same steps
    # walk to the first tile and open it with Enter
    tiles = [tuple(t.rect) for t in launcher.tiles]
    for _ in range(len(reachable)):
        if tuple(launcher.focused[0]) in tiles:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)


def test_the_focus_ring_is_drawn_only_once_the_keyboard_is_used(app: App) -> None:
    launcher = app.top
    assert isinstance(launcher, LauncherScene)
    surface = pygame.Surface((1280, 800))
    launcher.draw_all(surface)
    before = pygame.image.tobytes(surface, "RGB")
    key(app, pygame.K_TAB)
    launcher.draw_all(surface)
    assert pygame.image.tobytes(surface, "RGB") != before
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    frames(app)
    assert launcher.focused is None


def test_a_list_keeps_its_arrows_and_tab_still_reaches_the_buttons(app: App) -> None:
    from nile.core import library, registry
    from nile.core.session import Match, SeatConfig
    from nile.ui.chrome.dialogs import LoadDialog

    info = registry.get("loose_caboose")
    for name in ("one", "two"):
        library.write_named(Match.new(info, (SeatConfig("Ann"), SeatConfig("Bo")), 1), name)
    dialog = LoadDialog(app)
    app.push(dialog)
    frames(app)
    first = dialog.list.chosen
    key(app, pygame.K_DOWN)
    assert dialog.list.chosen != first and dialog.focused is None
    key(app, pygame.K_TAB)
    assert dialog.focused is not None
