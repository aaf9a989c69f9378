"""The seats of the hosted tables: who holds which, who is away since when, and chat.

A seat held by a live connection cannot be taken by a second one, even with the right
code; if the holder does not answer a ping within `TAKEOVER_PING` seconds (a computer
that went to sleep, a dead link the host has not noticed yet), the newcomer gets the
seat and the old connection is closed with code 4002. That is what lets a player come
back at once after their connection broke, and never lets two windows play one seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import Coroutine
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from nile.core.game import Seat
from nile.core.text import safe_text
from nile.net.hub import Hub
from nile.net.peer import Peer
from nile.net.protocol import Chat, ChatLine, Join, Joined, Message, Refusal, SeatInfo, Seats
from nile.net.table import Table
from nile.net.wire import encode

TAKEOVER_PING = 2.0
MAX_CHAT = 200


class Seating:
    """The connections of a host and the seats they hold (the base of `Server`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._sockets: dict[Peer, ServerConnection] = {}
        self._holders: dict[tuple[str, Seat], Peer] = {}
        self._away: dict[tuple[str, Seat], float] = {}
        self._at: dict[str, set[Peer]] = defaultdict(set)
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` as a task kept until it ends (the loop holds tasks only weakly)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, peer: Peer, message: Message) -> None:
        ws = self._sockets.get(peer)
        if ws is not None and ws.state is State.OPEN:  # a closing one would hold us up
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(message))

    async def _join(self, peer: Peer, join: Join) -> None:
        found = self.hub.find(join.code)
        if found is None:
            await self._send(peer, Refusal("No match here has that code.", "join"))
            return
        table, seat = found
        if peer.table not in (None, table.id):
            await self._send(peer, Refusal("This connection is at another table.", "join"))
            return
        async with self._locks[table.id]:
            if seat is not None and not await self._claim(peer, table, seat):
                await self._send(peer, Refusal(
                    f"{table.names[seat]}'s seat is taken by a connection that is still "
                    f"there.", "join"))
                return
            peer.host = peer.host or seat is None
            peer.table = table.id
            self._at[table.id].add(peer)
            match = table.match
            await self._send(peer, Joined(table.id, seat, match.info.id, table.names,
                                          tuple(s.color for s in match.seats), match.options))
            if seat is not None and table.handed(seat) and not table.over:
                table.take_back(seat)  # the bot stops; everybody's view moves on
                await self._changed(table)
            elif seat is not None:
                await self._send(peer, table.view(seat, 0))
                peer.known[seat] = len(match.log)
            if table.over:
                await self._send(peer, table.over_message())
        await self._send_seats(table)

    async def _changed(self, table: Table) -> None:
        """Confirm a change made while seating (a seat taken back from a bot): journal it,
        send every connection at the table its new view (a newcomer its whole log), let
        the bots think again. The server's (`Server._changed`); called under the lock."""
        raise NotImplementedError

    async def _claim(self, peer: Peer, table: Table, seat: Seat) -> bool:
        """Give `seat` to `peer` unless a live connection holds it."""
        key = (table.id, seat)
        holder = self._holders.get(key)
        if holder is not None and holder is not peer:
            ws = self._sockets.get(holder)
            if ws is not None:
                try:
                    await asyncio.wait_for(_pong(ws), TAKEOVER_PING)
                    return False
                except (TimeoutError, ConnectionClosed):
                    # not awaited: a frozen holder never answers the closing handshake
                    self._spawn(ws.close(4002, "seat taken over"))
            holder.seats.discard(seat)
            if not holder.seats and not holder.host:  # nothing more is sent to it
                self._at[table.id].discard(holder)
        self._holders[key] = peer
        self._away.pop(key, None)
        peer.seats.add(seat)
        return True

    async def _leave(self, peer: Peer) -> None:
        self._sockets.pop(peer, None)
        if peer.table is None:
            return
        now = time.monotonic()
        for seat in peer.seats:
            key = (peer.table, seat)
            if self._holders.get(key) is peer:
                del self._holders[key]
                self._away[key] = now
        self._at[peer.table].discard(peer)
        table = self.hub.tables.get(peer.table)
        if table is not None:
            await self._send_seats(table)

    async def _send_seats(self, table: Table) -> None:
        now = time.monotonic()
        infos = []
        for seat, config in enumerate(table.match.seats):
            key = (table.id, seat)
            away = self._away.get(key)
            connected = not config.is_human or key in self._holders
            infos.append(SeatInfo(seat, config.name, config.kind, connected,
                                  None if connected or away is None else round(now - away, 1),
                                  table.handed(seat)))
        message = Seats(table.id, tuple(infos), table.begun)
        for peer in list(self._at[table.id]):
            await self._send(peer, message)

    async def _chat(self, peer: Peer, chat: Chat) -> None:
        if peer.table is None or peer.table not in self.hub.tables:
            await self._send(peer, Refusal("Join a table first.", "chat"))
            return
        if not peer.chat.take():
            await self._send(peer, Refusal("Too many chat lines: wait a moment.", "chat"))
            return
        text = " ".join(safe_text(chat.text, MAX_CHAT).split())
        if not text:
            return
        table = self.hub.tables[peer.table]
        seat = min(peer.seats) if peer.seats else None
        name = table.names[seat] if seat is not None else "Host"
        for other in list(self._at[table.id]):
            await self._send(other, ChatLine(table.id, seat, name, text))


async def _pong(ws: ServerConnection) -> None:
    """Ping and wait for the answer (sending may itself wait, for a peer that reads nothing)."""
    waiter = await ws.ping()
    await waiter

