"""Games hosted on this network (issue 31 item 4): announced while hosting, listed while
the Join screen is open, picking one fills the address.

Multicast is exercised only inside a network namespace this test makes (`unshare -rn`,
its own loopback and nothing else): never on the machine's real interfaces. Everything
else here runs with NILE_DISCOVERY=off (tests/conftest.py) or with a stand-in browser.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from nile.core.text import safe_text
from nile.net.discovery import HostedGame
from nile.net.hosting import HostThread, is_loopback
from nile.net.hub import Hub
from nile.ui import online
from nile.ui.online import OnlineScene
from tests.ui.harness import frames, instant_app, press

ROOT = Path(__file__).resolve().parents[2]


def namespace_refusal() -> str | None:
    """Why a private network namespace cannot be made here (None: it can)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "unshare or ip is not installed"
    try:
        made = subprocess.run(["unshare", "-rn", "ip", "link", "set", "lo", "up"],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"unshare failed: {error}"
    if made.returncode != 0:
        return f"unshare -rn is not permitted here: {made.stderr.strip()[:200]}"
    return None


@pytest.mark.slow
def test_a_hosted_game_is_listed_while_hosting_and_gone_after(tmp_path: Path) -> None:
    pytest.importorskip("zeroconf", reason="zeroconf is not installed (pip install .)")
    refusal = namespace_refusal()
    if refusal:
        pytest.skip(f"multicast is tested only in a network namespace of its own: {refusal}")
    probe = subprocess.run(["unshare", "-rn", sys.executable, "-m", "tests.net.discovery_probe"],
                           cwd=ROOT, capture_output=True, text=True, timeout=90)
    assert probe.returncode == 0, probe.stderr[-2000:]
    seen = json.loads(probe.stdout.strip().splitlines()[-1])
    assert seen["before_a_match"] == []  # nothing is announced before there is a game
    assert seen["listed"] and seen["problem"] is None
    here = safe_text(socket.gethostname(), 40)
    assert seen["games"] == [[f"Loose Caboose! · Ann, Bo (on {here})", seen["address"]]]
    assert seen["gone_after_stop"]  # hosting stopped: the announcement is withdrawn


def test_a_host_on_loopback_announces_nothing(tmp_path: Path) -> None:
    host = HostThread(Hub(tmp_path), "127.0.0.1", 0)
    assert not host.announce
    host.start()
    try:
        assert host.announcer is None
    finally:
        host.stop()
    assert not HostThread(Hub(tmp_path), "127.0.0.1", 0, announce=None).announce
    # an address beyond loopback would announce (decided from the address alone: no
    # test makes a host for it, tests listen on 127.0.0.1 only)
    assert is_loopback("127.0.0.1") and not is_loopback("0.0.0.0")


class StandInBrowser:
    """The Join list's browser without a network: shows what the test puts in `found`."""

    made: ClassVar[list[StandInBrowser]] = []

    def __init__(self) -> None:
        self.found: list[HostedGame] = []
        self.problem: str | None = None
        self.open = False
        StandInBrowser.made.append(self)

    def start(self) -> None:
        self.open = True

    def games(self) -> list[HostedGame]:
        return list(self.found)

    def close(self) -> None:
        self.open = False


def join_screen(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, OnlineScene]:
    """The Online screen open with discovery on and a stand-in browser (no network)."""
    monkeypatch.setenv("NILE_DISCOVERY", "on")
    monkeypatch.setattr(online, "Browser", StandInBrowser)
    StandInBrowser.made.clear()
    app = instant_app()
    scene = OnlineScene(app)
    app.push(scene)
    return app, scene


def test_the_join_list_shows_hosted_games_and_picking_one_fills_the_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = join_screen(monkeypatch)
    browser = StandInBrowser.made[-1]
    assert browser.open  # listening while the screen is open
    browser.found = [HostedGame("Nile on den 8765._nile._tcp.local.", "ws://192.168.1.20:8765",
                                "Cleopatra's Caboose", "Ann, Bo", "den", "0.1.0")]
    frames(app)
    press(app, scene, "Cleopatra's Caboose · Ann, Bo (on den)")
    assert scene.address.get_text() == "ws://192.168.1.20:8765"
    browser.found = []
    frames(app)
    assert scene.hosted == []
    press(app, scene, "Back")
    assert not browser.open  # the screen left: no more listening


def test_the_join_list_stops_listening_when_another_screen_covers_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = join_screen(monkeypatch)
    press(app, scene, "Host Loose Caboose!")
    assert app.top is not scene and not StandInBrowser.made[-1].open
    app.pop()  # back on the Join screen: listening again
    assert app.top is scene and StandInBrowser.made[-1].open
    app.go_home()
    assert not StandInBrowser.made[-1].open


def test_with_discovery_off_the_join_screen_listens_to_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DISCOVERY", "off")
    app = instant_app()
    scene = OnlineScene(app)
    app.push(scene)
    frames(app)
    assert scene.browser is None and scene.hosted == []
    assert "NILE_DISCOVERY=off" in scene._list_note()
