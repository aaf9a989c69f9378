"""Run inside a network namespace of its own (`unshare -rn`), never on the real network:
brings the namespace's loopback up for multicast, hosts a match that announces itself on
127.0.0.1, browses as the Join screen does, and prints what was seen as JSON.

    unshare -rn python -m tests.net.discovery_probe
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nile.net.discovery import Browser, HostedGame
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec

LOOPBACK = ["127.0.0.1"]


def own_loopback() -> None:
    """The namespace's loopback, up and taking multicast (it starts down and without)."""
    if [name for _, name in socket.if_nameindex()] != ["lo"]:
        raise SystemExit("not in a network namespace of its own: refusing to multicast")
    for command in (["ip", "link", "set", "lo", "up"],
                    ["ip", "link", "set", "lo", "multicast", "on"],
                    ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"]):
        subprocess.run(command, check=True)


def until(test: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def main() -> int:
    own_loopback()
    seen: dict[str, object] = {}
    browser = Browser(LOOPBACK)
    browser.start()
    with tempfile.TemporaryDirectory() as folder:
        host = HostThread(Hub(Path(folder)), "127.0.0.1", 0, announce=True,
                          announce_on=LOOPBACK)
        port = host.start()
        seen["before_a_match"] = [g.label for g in browser.games()]
        host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")])
        listed = until(lambda: bool(browser.games()), 15)
        games: list[HostedGame] = browser.games()
        seen["listed"] = listed
        seen["games"] = [[g.label, g.address] for g in games]
        seen["address"] = f"ws://127.0.0.1:{port}"
        host.stop()
        seen["gone_after_stop"] = until(lambda: not browser.games(), 15)
    browser.close()
    seen["problem"] = browser.problem
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
