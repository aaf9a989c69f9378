"""A host on 127.0.0.1 for each test, and scripted remote players that stop by themselves."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from nile.net.client import Client
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.scripted import ScriptedPlayer

ADMIN = "test-admin-token"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[HostThread]:
    """A running host (loopback only) keeping its matches in a temporary folder."""
    thread = HostThread(Hub(tmp_path / "server"), "127.0.0.1", 0, admin_token=ADMIN)
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """An instant app whose hosting listens on loopback only, on any free port; whatever
    table it leaves open is closed (and its host stopped) at the end. (pygame is imported
    here, not at the top: the network layer's own tests run without it.)"""
    from nile.ui import host_online
    from tests.ui.harness import instant_app
    monkeypatch.setattr(host_online, "BIND", "127.0.0.1")
    monkeypatch.setattr(host_online, "PORT", 0)
    app = instant_app()
    yield app
    app.go_home()


def url(host: HostThread) -> str:
    return f"ws://127.0.0.1:{host.port}"


def players_for(host: HostThread, codes: Sequence[str | None], seed: int = 1,
                ) -> list[ScriptedPlayer]:
    """One started scripted player per code (bots' seats have none)."""
    players = [ScriptedPlayer(Client(url(host), [code]), random.Random(seed + n))
               for n, code in enumerate(codes) if code]
    for player in players:
        player.client.start()
    return players


def run_until_over(players: Sequence[ScriptedPlayer], seconds: float = 60.0) -> None:
    """Step every player until each has seen the end (bounded in time), then close them."""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and not all(p.over for p in players):
            if not any([p.step() for p in players]):
                time.sleep(0.002)
    finally:
        for player in players:
            player.client.close()
    assert all(p.over for p in players), "the game did not end in time"


def wait_for(condition: object, seconds: float = 10.0) -> None:
    """Poll `condition()` until true, at most `seconds`."""
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("condition not met in time")
