"""The player's end: a connection to a host on background threads, polled by the UI.

The pygame loop must never wait on the network, so `Client` talks to the host on two
threads (one reads, one writes, with `websockets.sync.client`) and hands everything it
receives to the loop through a queue: each frame the scene calls `poll()` and gets the
protocol messages that arrived (`Joined`, `View`, `Seats`, `ChatLine`, `Over`,
`Refusal`) and `Status` changes ("Reconnecting…"). Sending (`move`, `undo`, `chat`, …)
only puts a message in a queue.

A dropped connection is retried with growing pauses; once back, the client says hello,
joins its seats again with their codes and receives the current views and the log. A
move sent just before the drop is never lost or doubled: the client keeps it until a
view confirms it, and resends it only if the host's view shows it was not played
(the host refuses a move for an older view anyway).
"""

from __future__ import annotations

import os
import queue
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from nile import __version__
from nile.core import registry
from nile.core.game import GameState, Seat
from nile.core.text import safe_text
from nile.net import protocol as p
from nile.net import wire
from nile.net.codec import decode_state
from nile.net.peer import BURST, RATE, Bucket

CLIENT_MAX_BYTES = 16 * 1024 * 1024
"""The biggest message a client accepts (a rejoin's view carries the whole log)."""
FINAL_CLOSE_CODES = {4001: "The host runs another version of Nile.",
                     4002: "Your seat was taken by another connection with its code.",
                     4003: "The host has stopped hosting this game. It is saved on the "
                           "host's computer: join again with your code when it is hosted "
                           "again."}

StatusState = Literal["connecting", "connected", "reconnecting", "closed"]


@dataclass(frozen=True)
class Status:
    """The connection's state for the UI: `text` is what a player reads."""

    state: StatusState
    detail: str = ""
    attempt: int = 0

    @property
    def text(self) -> str:
        if self.state == "reconnecting":
            if self.detail:  # never reached: say where it looks, not "Reconnecting"
                return f"{self.detail} Trying again (attempt {self.attempt})…"
            return f"Reconnecting… (attempt {self.attempt})"
        if self.state == "closed":
            return self.detail or "Disconnected."
        return "Connecting…" if self.state == "connecting" else "Connected."


Incoming = Status | p.Joined | p.View | p.Seats | p.ChatLine | p.Over | p.Refusal | p.Created
"""What `Client.poll()` returns, one item per message or status change."""


class Client:
    """A seat (or seats, or the host's rights) at a remote table.

    `url` is `ws://host:port` (or `wss://` behind a TLS proxy); `codes` are the seat codes
    (and/or the host code) this computer holds. Call `start()`, then `poll()` each frame.
    """

    def __init__(self, url: str, codes: Sequence[str], *, open_timeout: float = 5.0,
                 max_backoff: float = 8.0) -> None:
        self.url, self.codes = url, list(codes)
        self.open_timeout, self.max_backoff = open_timeout, max_backoff
        self.status = Status("connecting")
        self.game: str | None = None
        self.views: dict[Seat, p.View] = {}
        """The latest view of each held seat (also delivered through `poll`)."""
        self._inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        self.wake: Callable[[], None] | None = None
        """Called on the reading thread after anything arrives: a window that sleeps while
        nothing happens wakes up with it (the app posts itself an event)."""
        self._outbox: queue.SimpleQueue[p.Message | None] = queue.SimpleQueue()
        self._pending: dict[Seat, p.Move] = {}
        self._fresh: set[Seat] = set()
        self._generation = 0
        self._sent: dict[Seat, tuple[p.Move, int]] = {}
        """Each seat's last move sent, with the connection (generation) it went on."""
        self._lock = threading.Lock()
        self._conn: ClientConnection | None = None
        self._ready = threading.Event()
        self._closed = threading.Event()
        self._rng = random.Random(os.urandom(8))
        self._bucket = Bucket(RATE * 0.9, BURST / 2)
        self._reader = threading.Thread(target=self._read_loop, name="nile-net-read",
                                        daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name="nile-net-write",
                                        daemon=True)

    # For the UI thread (never blocks) -------------------------------------------------

    def start(self) -> None:
        self._reader.start()
        self._writer.start()

    def poll(self) -> list[Incoming]:
        """Everything that arrived since the last call, oldest first."""
        items: list[Incoming] = []
        while True:
            try:
                items.append(self._inbox.get_nowait())
            except queue.Empty:
                return items

    def move(self, seat: Seat, action: str, seq: int | None = None) -> None:
        """Play `action` (its text form) for `seat`, answering view `seq`: pass the `seq`
        of the view the table shows, so a move made on a view that is no longer current is
        refused rather than played on a position the player has not seen (None: the
        latest view received)."""
        if seq is None:
            view = self.views.get(seat)
            seq = view.seq if view else -1
        move = p.Move(seat, seq, action)
        with self._lock:
            self._pending[seat] = move
        self._outbox.put(move)

    def undo(self, seat: Seat, seq: int | None = None) -> None:
        """Take back `seat`'s last decision (`seq` as for `move`)."""
        if seq is None:
            view = self.views.get(seat)
            seq = view.seq if view else -1
        self._outbox.put(p.Undo(seat, seq))

    def chat(self, text: str) -> None:
        self._outbox.put(p.Chat(text))

    def hand_to_bot(self, seat: Seat, level: str = "normal") -> None:
        """The host's order (needs the host code among `codes`)."""
        self._outbox.put(p.HandToBot(seat, level))

    def start_game(self) -> None:
        """The host's order: the game starts; every waiting room goes to the table."""
        self._outbox.put(p.Start())

    def end_game(self) -> None:
        """The host's order: end the match, keeping it as a save on the host."""
        self._outbox.put(p.EndGame())

    def send(self, message: p.Message) -> None:
        """Any other client message (`Create` with the admin token, say)."""
        self._outbox.put(message)

    def decode(self, view: p.View) -> GameState:
        """A view (as `poll` gave it) as a state of the game's own class, for the scene."""
        if self.game is None:
            raise p.ProtocolError("A view came before the table was joined.")
        return decode_state(registry.get(self.game), view.state, view.seat)

    def observation(self, seat: Seat) -> GameState | None:
        """The latest view received for `seat`, decoded (it may be ahead of what `poll`
        has handed out yet)."""
        view = self.views.get(seat)
        return None if view is None or self.game is None else self.decode(view)

    @property
    def pending(self) -> dict[Seat, p.Move]:
        """Moves sent but not yet confirmed by a view (the UI may show them as waiting)."""
        with self._lock:
            return dict(self._pending)

    def close(self, timeout: float = 5.0) -> None:
        """Leave the table and stop both threads."""
        self._closed.set()
        self._outbox.put(None)
        with self._lock:
            conn = self._conn
        if conn is not None:
            conn.close()
        self._reader.join(timeout)
        self._writer.join(timeout)

    # The threads ----------------------------------------------------------------------

    def _set_status(self, status: Status) -> None:
        self.status = status
        self._deliver(status)

    def _deliver(self, item: Incoming) -> None:
        self._inbox.put(item)
        wake = self.wake
        if wake is not None:
            wake()

    def _read_loop(self) -> None:
        attempt = 0
        while not self._closed.is_set():
            final = self._session()
            if final is not None:
                self._set_status(Status("closed", final))
                return
            attempt += 1
            if not self._closed.is_set():  # at once: the table says so during the pause
                self._set_status(Status("reconnecting", self._unreached(), attempt))
            pause = min(self.max_backoff, 0.25 * 2 ** min(attempt, 6))
            self._closed.wait(pause * (0.5 + self._rng.random() / 2))
        self._set_status(Status("closed", "Left the table."))

    def _unreached(self) -> str:
        """Before any connection got through, why the player still waits (a wrong address
        or a host not hosting yet retries for ever): '' once one has."""
        if self._generation:
            return ""
        where = safe_text(urlsplit(self.url).netloc or self.url, 60)
        return f"No answer from {where} yet: is the game hosted there?"

    def _session(self) -> str | None:
        """One connection from hello to its end; a reason when there is no point retrying."""
        try:
            with connect(self.url, open_timeout=self.open_timeout, proxy=None,
                         compression=None, max_size=CLIENT_MAX_BYTES,
                         ping_interval=10, ping_timeout=10) as conn:
                return self._talk(conn)
        except InvalidURI:
            return f"'{self.url}' is not an address Nile can reach."
        except (OSError, InvalidHandshake, TimeoutError):
            return None

    def _talk(self, conn: ClientConnection) -> str | None:
        try:
            conn.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
            with self._lock:
                self._conn, self._fresh = conn, set()
                self._generation += 1
            for code in self.codes:
                conn.send(wire.encode(p.Join(code)))
            for raw in conn:
                self._receive(wire.decode(raw, p.SERVER_MESSAGES))
        except ConnectionClosed:
            pass
        except p.ProtocolError as error:
            self._deliver(p.Refusal(f"The host sent something unreadable: {error}"))
        finally:
            self._ready.clear()
            with self._lock:
                self._conn = None
            conn.close()
        close_code = conn.close_code
        return FINAL_CLOSE_CODES.get(close_code) if close_code is not None else None

    def _receive(self, message: p.Message) -> None:
        if isinstance(message, p.Welcome):
            self._ready.set()
            self._set_status(Status("connected"))
            return
        if isinstance(message, p.Joined):
            self.game = message.game
        elif isinstance(message, p.View):
            self._on_view(message)
        elif isinstance(message, p.Refusal) and message.about == "move":
            with self._lock:
                self._pending.clear()
        self._deliver(message)

    def _on_view(self, view: p.View) -> None:
        self.views[view.seat] = view
        with self._lock:
            move = self._pending.get(view.seat)
            first = view.seat not in self._fresh
            self._fresh.add(view.seat)
            if move is not None and view.seq > move.seq:
                del self._pending[view.seat]  # played (or overtaken): the view says so
            elif move is not None and first and not self._sent_now(move):
                self._outbox.put(move)  # lost with the old connection: send it again

    def _sent_now(self, move: p.Move) -> bool:
        """Whether this very move (not an equal one made again later) went out on the
        current connection (call under the lock)."""
        sent = self._sent.get(move.seat)
        return sent is not None and sent[0] is move and sent[1] == self._generation

    def _write_loop(self) -> None:
        while True:
            message = self._outbox.get()
            if message is None or self._closed.is_set():
                return
            while not self._ready.wait(0.2):
                if self._closed.is_set():
                    return
            while not self._bucket.take():  # keep under the host's rate limit
                if self._closed.wait(0.01):
                    return
            with self._lock:
                conn = self._conn
                if isinstance(message, p.Move):
                    if (self._pending.get(message.seat) is not message
                            or self._sent_now(message)):
                        continue  # confirmed meanwhile, or already sent on this connection
                    self._sent[message.seat] = (message, self._generation)
            try:
                if conn is not None:
                    conn.send(wire.encode(message))
            except ConnectionClosed:
                pass  # a move stays pending and is sent again after the rejoin
