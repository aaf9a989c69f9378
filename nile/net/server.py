"""The host: an asyncio WebSocket server (`websockets`) judging every hosted match.

The full state and the seed of a match live only here. Each connection says hello (the
same Nile and protocol versions, or it is refused with both named), joins seats with
their codes, and from then on receives only the views of the seats it holds
(`Table.view`: the seat's observation and the log as that seat knows it). Every move is
parsed and judged by the match's own rules; a refusal carries the engine's reason and
changes nothing. Changes to one match are serialised by that match's lock: judged,
written to disk, then sent, so a confirmed move is never lost.

Who holds which seat is `nile.net.seating`'s business.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from nile import __version__
from nile.core import saves
from nile.core.game import Action, Seat
from nile.core.text import safe_text
from nile.net.botpool import BotPool
from nile.net.hub import Hub, bot_seed
from nile.net.peer import MAX_REFUSED_FLOOD, Peer
from nile.net.protocol import (
    CLIENT_MESSAGES,
    MAX_MESSAGE_BYTES,
    PROTOCOL,
    Chat,
    Create,
    Created,
    EndGame,
    HandToBot,
    Hello,
    Join,
    Message,
    Move,
    PlayerSpec,
    ProtocolError,
    Refusal,
    Start,
    Undo,
    Welcome,
    type_name,
)
from nile.net.seating import Seating
from nile.net.stats import Stats
from nile.net.table import Refused, Table
from nile.net.wire import decode

PING_INTERVAL, PING_TIMEOUT = 10.0, 10.0
"""Heartbeats: a silent connection is closed within about 20 s."""
TAKEOVER_PING = 2.0
MAX_CHAT = 200
HOST_LEFT = 4003
"""The close code of a host that stops on purpose: the client stops retrying and says so."""


class Server(Seating):
    """Every hosted match and every connection; `run` serves until `stop` is set."""

    def __init__(self, hub: Hub, admin_token: str | None = None) -> None:
        super().__init__(hub)
        self.admin_token = admin_token
        self.moves = 0
        """Moves and bot moves applied since the start (for tools/net_bench.py)."""
        self.bot_moves = 0
        self._numbers = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._bots: BotPool | None = None
        self.farewell = False
        """Stopping is the host leaving, not a restart: connections close with `HOST_LEFT`
        (otherwise with 1001, and clients keep trying until the server is back)."""
        self.stats = Stats()
        """Per-move phase timings and the loop's lag (`nile serve --stats`)."""

    async def run(self, host: str, port: int, stop: asyncio.Event,
                  ready: Callable[[int], None] | None = None) -> None:
        """Serve on (host, port) until `stop`; `ready(port)` once listening (port 0: any)."""
        self._loop = asyncio.get_running_loop()
        self._bots = BotPool(self._from_bot_thread)
        self._journal = self.hub.open_journal(self.stats)
        if self._journal is not None:
            self._journal.start()
        try:
            async with serve(self._handle, host, port, max_size=MAX_MESSAGE_BYTES,
                             ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
                             compression=None, server_header=None) as server:
                for table in self.hub.tables.values():
                    self._schedule_bot(table)
                self._spawn(self.stats.watch_loop(stop))
                if ready is not None:
                    ready(next(iter(server.sockets)).getsockname()[1])
                await stop.wait()
                if self.farewell:
                    await asyncio.gather(*(ws.close(HOST_LEFT, "the host left")
                                           for ws in list(self._sockets.values())),
                                         return_exceptions=True)
        finally:
            self._bots.close()
            if self._journal is not None:
                self._journal.close()

    def create_table(self, game: str, players: Sequence[PlayerSpec],
                     options: Mapping[str, str] | None = None, seed: int | None = None) -> Table:
        """A new match (on the server's loop); its bots start at once. Refused if bad."""
        table = self.hub.create(game, players, options, seed)
        self._schedule_bot(table)
        return table

    # Connections ----------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        peer = Peer(next(self._numbers))
        self._sockets[peer] = ws
        try:
            async for raw in ws:
                received = (time.perf_counter(), self.bot_moves)
                if not peer.messages.take():
                    peer.flooded += 1
                    if peer.flooded == MAX_REFUSED_FLOOD:
                        # closed from a task while this loop drains what is still
                        # arriving: awaiting here would stall the closing handshake
                        self._spawn(ws.close(1008, "too many messages"))
                    if peer.flooded >= MAX_REFUSED_FLOOD:
                        continue
                    await self._send(peer, Refusal("Too many messages: please slow down.",
                                                           "flood"))
                    continue
                try:
                    message = decode(raw, CLIENT_MESSAGES)
                except ProtocolError as error:
                    await self._send(peer, Refusal(str(error)))
                    continue
                await self._dispatch(peer, message, received)
        except ConnectionClosed:
            pass
        finally:
            await self._leave(peer)

    async def _dispatch(self, peer: Peer, message: Message,
                        received: tuple[float, int]) -> None:
        about = type_name(type(message))
        if isinstance(message, Hello):
            await self._hello(peer, message)
        elif not peer.greeted:
            await self._send(peer, Refusal("Say hello first (versions).", about))
        elif isinstance(message, Join):
            await self._join(peer, message)
        elif isinstance(message, Create):
            await self._create(peer, message)
        elif isinstance(message, Chat):
            await self._chat(peer, message)
        elif peer.table is None or peer.table not in self.hub.tables:
            await self._send(peer, Refusal("Join a table first.", about))
        else:
            await self._change(self.hub.tables[peer.table], peer, message, received)

    async def _hello(self, peer: Peer, hello: Hello) -> None:
        if hello.nile != __version__ or hello.protocol != PROTOCOL:
            await self._send(peer, Refusal(
                f"This host runs Nile {__version__} (protocol {PROTOCOL}); you have Nile "
                f"{safe_text(hello.nile, 20)} (protocol {hello.protocol}). Both sides need "
                f"the same version.", "hello"))
            await self._sockets[peer].close(4001, "another version")
            return
        peer.greeted = True
        await self._send(peer, Welcome(__version__, PROTOCOL))

    async def _create(self, peer: Peer, create: Create) -> None:
        if not self.admin_token or not secrets.compare_digest(create.admin, self.admin_token):
            await self._send(peer, Refusal("Creating a match needs the host's admin token.",
                                           "create"))
            return
        try:
            table = self.create_table(create.game, create.players, create.options)
        except Refused as error:
            await self._send(peer, Refusal(str(error), "create"))
            return
        await self._send(peer, Created(table.id, table.host_code, tuple(table.codes)))

    # Changes --------------------------------------------------------------------------

    async def _change(self, table: Table, peer: Peer, message: Message,
                      received: tuple[float, int]) -> None:
        """Judge a move, undo or host's order; save; send everybody their new view."""
        async with self._locks[table.id]:
            locked = time.perf_counter()
            try:
                lowest = self._judge(table, peer, message)
            except Refused as error:
                await self._send(peer, Refusal(str(error), type_name(type(message))))
                return
            self.moves += isinstance(message, Move)
            if isinstance(message, Move):
                self.stats.add("lock_wait", locked - received[0])
                self.stats.add("judge", time.perf_counter() - locked)
                # bot moves (of any match) the loop played after it read this move and
                # before it judged it (a move still in its socket is not seen: the loop's
                # lag says the rest)
                self.stats.count("bot_moves_ahead", self.bot_moves - received[1])
            await self._commit(table, lowest)
            if isinstance(message, Move):
                self.stats.add("move", time.perf_counter() - received[0])
        if isinstance(message, HandToBot | Start):
            await self._send_seats(table)
        self._schedule_bot(table)

    def _judge(self, table: Table, peer: Peer, message: Message) -> int:
        """Apply `message` to `table`; returns the first log entry it changed."""
        if isinstance(message, Move | Undo) and message.seat not in peer.seats:
            raise Refused("You do not hold that seat.")
        if isinstance(message, Move):
            return table.move(message.seat, message.seq, message.action)
        if isinstance(message, Undo):
            table.undo(message.seat, message.seq)
        elif not peer.host:
            raise Refused("Only the host may do that.")
        elif isinstance(message, HandToBot):
            table.hand_to_bot(message.seat, message.level)
            holder = self._holders.pop((table.id, message.seat), None)
            if holder is not None:
                holder.seats.discard(message.seat)
        elif isinstance(message, EndGame):
            table.end()
        elif isinstance(message, Start):
            table.start()
        return len(table.match.log)

    async def _changed(self, table: Table) -> None:
        """A seat taken back from a bot (`Seating._join`): confirmed like a move, and the
        bot's thinking for it stops."""
        await self._commit(table, len(table.match.log))
        self._schedule_bot(table)

    async def _commit(self, table: Table, lowest: int) -> None:
        """Journal the table; build each of its connections' new views while the disk
        syncs; send them once the change is on the disk (never before)."""
        began = time.perf_counter()
        durable = self._journaled(table)
        length = len(table.match.log)
        outgoing: list[tuple[Peer, list[Message]]] = []
        for peer in list(self._at[table.id]):
            messages: list[Message] = []
            for seat in sorted(peer.seats):
                messages.append(table.view(seat, min(peer.known.get(seat, 0), lowest)))
                peer.known[seat] = length
            if table.over:
                messages.append(table.over_message())
            outgoing.append((peer, messages))
        built = time.perf_counter()
        error = await durable
        if error is not None:  # the game goes on; the next change writes it again
            print(f"nile serve: could not save match {table.id}: {error}", file=sys.stderr)
        saved = time.perf_counter()
        for peer, messages in outgoing:
            for message in messages:
                await self._send(peer, message)
        self.stats.add("views", built - began)
        self.stats.add("save", saved - built)
        self.stats.add("send", time.perf_counter() - saved)

    def _journaled(self, table: Table) -> asyncio.Future[OSError | None]:
        """A future set once the table's save is synced in the journal (or failed)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[OSError | None] = loop.create_future()
        if self._journal is None:
            future.set_result(None)
            return future

        def done(error: OSError | None) -> None:  # on the journal's thread
            loop.call_soon_threadsafe(_settle, future, error)

        try:
            self._journal.append(table.id, table.seq, saves.encode_save(table.to_save()),
                                 done)
        except RuntimeError:  # the host is stopping: a change now is not confirmed
            future.set_result(OSError("the host is stopping"))
        return future

    # Bots -----------------------------------------------------------------------------

    def _schedule_bot(self, table: Table) -> None:
        if self._bots is None:
            return
        found = table.bot_to_move()
        if found is None:
            self._bots.cancel(table.id)
            return
        seat, observation = found
        level = table.match.seats[seat].level
        self._bots.request(table.id, table.match.info, level, seat, table.seq,
                           bot_seed(table), observation)

    def _from_bot_thread(self, table_id: str, seat: Seat, seq: int, action: Action) -> None:
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._start_bot_move, table_id, seat, seq, action)

    def _start_bot_move(self, table_id: str, seat: Seat, seq: int, action: Action) -> None:
        self._spawn(self._bot_move(table_id, seat, seq, action))

    async def _bot_move(self, table_id: str, seat: Seat, seq: int, action: Action) -> None:
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        async with self._locks[table_id]:
            try:
                lowest = table.play_bot(seat, seq, action)
            except Refused:
                lowest = -1  # the table moved on meanwhile: think again below
                if table.seq == seq and not table.over:  # a bot's mistake: any legal move
                    lowest = table.play_bot(seat, seq, table.match.state.legal_actions()[0])
            if lowest >= 0:
                self.moves += 1
                self.bot_moves += 1
                await self._commit(table, lowest)
        self._schedule_bot(table)


def _settle(future: asyncio.Future[OSError | None], error: OSError | None) -> None:
    if not future.done():  # a server stopping cancels what still waits
        future.set_result(error)
