"""A still screen costs next to nothing (issue 29 item 7): once nothing has moved for a
moment, the main loop sleeps until input comes and draws one frame a second, not sixty;
input wakes it at once."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from nile import app as app_module
from nile.app import App
from nile.ui.launcher import LauncherScene
from tests.ui.harness import make_app


@pytest.fixture
def app() -> App:
    shell = make_app()
    shell.push(LauncherScene(shell))
    return shell


def test_a_still_launcher_draws_about_once_a_second(app: App,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[float] = []
    real_draw = app.draw
    monkeypatch.setattr(app, "draw", lambda surface: (drawn.append(time.monotonic()),
                                                      real_draw(surface)))
    monkeypatch.setattr(app, "close", lambda: None)  # pygame stays up for the other tests
    stop = threading.Timer(app_module.IDLE_AFTER + 2.5, lambda: setattr(app, "running", False))
    stop.start()
    started = time.monotonic()
    try:
        app.run()
    finally:
        stop.cancel()
    busy = [t for t in drawn if t - started < app_module.IDLE_AFTER]
    still = [t for t in drawn if t - started > app_module.IDLE_AFTER + 0.2]
    assert len(busy) > 20, "it draws at full speed while the screen may still move"
    assert 1 <= len(still) <= 4, f"{len(still)} frames in about two still seconds"


def test_input_wakes_a_sleeping_screen_at_once(app: App) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    started = time.monotonic()
    events = App._wait_for_input()
    assert [e.type for e in events] == [pygame.KEYDOWN]
    assert time.monotonic() - started < 0.2
