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
from pathlib import Path
from typing import TYPE_CHECKING

from nile.core import owner, paths
from nile.core.errors import SaveError
from nile.core.game import GameInfo
from nile.core.session import SeatConfig
from nile.net import protocol
from nile.net.client import Client
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec
from nile.net.table import Refused, Table
from nile.ui.seating import SeatRow
from nile.ui.waiting_room import WaitingRoom

if TYPE_CHECKING:
    from nile.ui.scene import Shell

REMOTE_KIND = "Remote player"
"""A setup row for a person at another computer: they join with the seat's code."""
PORT = protocol.PORT
"""The port a hosting app listens on first (any free one if it is taken)."""
BIND = os.environ.get("NILE_BIND", "0.0.0.0")
"""Where a hosting app listens: every interface, so friends can reach it (tests and the
checks on one machine set NILE_BIND=127.0.0.1)."""


HOSTED_ELSEWHERE = ("Another Nile window on this computer is hosting this game now: play it "
                    "there, or stop hosting it there and open it here again.")
"""Why Continue does not host a game twice (its save is locked by the window hosting it)."""


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


def start_host(bind: str = "", hub: Hub | None = None) -> HostThread:
    """The server in this app, its matches kept under Nile's data folder (`hub`: one
    holding a game hosted again). The same port as last time if it is free, so friends
    reach it at the address they had."""
    bind = bind or BIND
    hub = hub or Hub(paths.hosted_dir())
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
    here = [seat for seat, row in enumerate(seated) if row.kind == "Human"]
    try:
        table = host.create(info.id, specs, options, seed, local=here)
    except (Refused, ValueError) as error:
        host.stop()
        return str(error)
    path = host.server.hub.path(table)
    claim = owner.claim(path) if path is not None else None
    if claim is not None:  # Continue in another window must not host it too
        host.claims.append(claim)
    app.replace(waiting_room(app, host, table))
    return None


def waiting_room(app: Shell, host: HostThread, table: Table) -> WaitingRoom:
    """The host's waiting room of `table`: this app's people play through a client on
    127.0.0.1 with their seats' codes and the host code; the others are invited."""
    local = [code for seat, code in enumerate(table.codes) if seat in table.local and code]
    remote = {seat: code for seat, code in enumerate(table.codes)
              if seat not in table.local and code}
    client = Client(f"ws://127.0.0.1:{host.port}", [table.host_code, *local])
    client.start()
    invite = invitation_addresses(host.host, host.port)
    return WaitingRoom(app, client, host=host, invite=(invite, remote))


def host_again(app: Shell, path: Path) -> str | None:
    """Host again the game this app hosted (Continue): its save resumed with the same
    seats and codes, so friends come back with the codes they have; why not, if not."""
    claim = owner.claim(path)
    if claim is None:
        return HOSTED_ELSEWHERE
    hub = Hub(paths.hosted_dir())
    try:
        hub.settle_journal()  # an app killed while hosting: its last moves are there
        table = hub.resume(path)
        host = start_host(hub=hub)
    except (SaveError, Refused) as error:
        claim.release()
        return str(error)
    except OSError as error:
        claim.release()
        return f"This computer could not host: {error}"
    host.claims.append(claim)
    app.push(waiting_room(app, host, table))
    return None
