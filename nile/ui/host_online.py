"""Hosting an online game from the app (issue 31): the server on a thread, the invitation.

Start in the setup of Play online → Host runs the same server as `nile serve` inside the
app (`nile.net.hosting.HostThread`), creates the match and opens the waiting room with an
invitation per remote seat (this computer's address and the seat's short code). The
host's own people play through a `nile.net.client.Client` on 127.0.0.1 with their seats'
codes and the host code, like everybody else: the table has one code path.
"""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING

from nile.core import paths
from nile.core.game import GameInfo
from nile.core.session import SeatConfig
from nile.net.client import Client
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec
from nile.net.table import Refused
from nile.ui.seating import SeatRow
from nile.ui.waiting_room import WaitingRoom

if TYPE_CHECKING:
    from nile.ui.scene import Shell

REMOTE_KIND = "Remote player"
"""A setup row for a person at another computer: they join with the seat's code."""
PORT = 8765
"""The port a hosting app listens on first (any free one if it is taken)."""
BIND = os.environ.get("NILE_BIND", "0.0.0.0")
"""Where a hosting app listens: every interface, so friends can reach it (tests and the
checks on one machine set NILE_BIND=127.0.0.1)."""


def invitation_addresses(bind: str, port: int) -> list[str]:
    """The addresses friends use to reach this computer (its local ones; across the
    internet see docs/network.md)."""
    if bind.startswith("127."):
        return [f"ws://127.0.0.1:{port}"]
    try:
        found = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        found = []
    ips = [ip for ip in found if not ip.startswith("127.")] or ["127.0.0.1"]
    return [f"ws://{ip}:{port}" for ip in ips]


def start_host(bind: str = "") -> HostThread:
    """The server in this app, its matches kept under Nile's data folder."""
    bind = bind or BIND
    hub = Hub(paths.data_dir() / "hosted")
    for port in (PORT, 0):
        host = HostThread(hub, bind, port)
        try:
            host.start()
            return host
        except OSError:
            host.stop()
    raise OSError("No port could be opened to host the game.")


def host_game(app: Shell, info: GameInfo, rows: list[SeatRow], seats: list[SeatConfig],
              options: dict[str, str], seed: int | None) -> str | None:
    """Host the setup's game (`rows` as chosen, `seats` as the rules take them) and open
    its waiting room; why not, if it cannot start."""
    seated = [row for row in rows if row.kind != "Empty"]
    if not any(row.kind == "Human" for row in seated):
        return "Sit at the table yourself (a Human seat), or run nile serve to host only."
    specs = [PlayerSpec(seat.name, seat.kind, seat.level, seat.color)
             for seat in seats]
    try:
        host = start_host()
    except OSError as error:
        return f"This computer could not host: {error}"
    try:
        table = host.create(info.id, specs, options, seed)
    except (Refused, ValueError) as error:
        host.stop()
        return str(error)
    local = [code for row, code in zip(seated, table.codes, strict=True)
             if row.kind == "Human" and code]
    remote = {seat: code for seat, (row, code) in enumerate(zip(seated, table.codes,
                                                                   strict=True))
              if row.kind == REMOTE_KIND and code}
    client = Client(f"ws://127.0.0.1:{host.port}", [table.host_code, *local])
    client.start()
    invite = invitation_addresses(host.host, host.port)
    app.replace(WaitingRoom(app, client, host=host, invite=(invite, remote)))
    return None
