"""A host on a background thread: the server's event loop beside a pygame loop or a test.

The app's Host button and the tests run the same `Server` as `nile serve`, on a thread of
their own, and talk to it only through the thread-safe calls below (the tables belong to
the server's loop; nothing else touches them while it runs).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Future

from nile.core import owner
from nile.net.discovery import Announcer
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec
from nile.net.server import Server
from nile.net.table import Table


class HostThread:
    """`start()` listens (127.0.0.1 unless told otherwise) and returns the port; `stop()`."""

    def __init__(self, hub: Hub, host: str = "127.0.0.1", port: int = 0,
                 admin_token: str | None = None, announce: bool | None = None,
                 announce_on: Sequence[str] | None = None) -> None:
        self.server = Server(hub, admin_token)
        self.host, self.port = host, port
        self.announce = not is_loopback(host) if announce is None else announce
        """Announce the games on the local network (`nile.net.discovery`) while hosting:
        by default when other computers can reach this one."""
        self.announce_on = announce_on
        self.announcer: Announcer | None = None
        self.claims: list[owner.Claim] = []
        """The locks (`nile.core.owner`) on the saves of the matches an app hosts, so no
        other window on this computer hosts them meanwhile: let go when hosting stops (and
        by the system if the app dies)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready: Future[int] = Future()
        self._thread = threading.Thread(target=self._run, name="nile-host", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Start serving; the port it listens on (OSError if it cannot listen)."""
        self._thread.start()
        self.port = self._ready.result(timeout)
        if self.announce:
            self.announcer = Announcer(self.port, self.announce_on)
        return self.port

    def stop(self, timeout: float = 10.0, farewell: bool = False) -> None:
        """Withdraw the announcement, close every connection and stop the thread.
        `farewell`: the host is leaving (not crashing), so the players are told not to wait
        for it (`Server.farewell`)."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.server.farewell = self.server.farewell or farewell
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # it stopped meanwhile: nothing to do
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
        for claim in self.claims:  # the journal wrote the files as the server stopped
            claim.release()
        self.claims = []

    def create(self, game: str, players: Sequence[PlayerSpec],
               options: Mapping[str, str] | None = None, seed: int | None = None,
               timeout: float = 10.0, local: Sequence[int] = ()) -> Table:
        """A new match on the running server (Refused with the reason if it cannot be);
        `local`: the seats played at this app (kept in the save, see `Table.local`)."""
        assert self._loop is not None, "start() first"

        async def make() -> Table:
            table = self.server.create_table(game, players, options, seed)
            if local:
                table.local = tuple(local)
                self.server.hub.save(table)
            return table

        table = asyncio.run_coroutine_threadsafe(make(), self._loop).result(timeout)
        if self.announcer is not None:
            self.announcer.update(table.match.info.title, table.names)
        return table

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            await self.server.run(self.host, self.port, self._stop, self._ready.set_result)

        try:
            asyncio.run(main())
        except BaseException as error:
            if not self._ready.done():
                self._ready.set_exception(error)


def is_loopback(host: str) -> bool:
    """Whether a server listening on `host` is reachable from this computer only."""
    return host.startswith("127.") or host in ("localhost", "::1")
