"""Bad input from the network gets a clear refusal and changes nothing (issue 31, item 8)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from nile import __version__
from nile.net import protocol as p
from nile.net import wire
from nile.net.hosting import HostThread
from nile.net.protocol import PlayerSpec
from nile.net.table import Table
from tests.net.conftest import ADMIN, url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def table(host: HostThread) -> Table:
    return host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)


@pytest.fixture
def raw(host: HostThread) -> Iterator[ClientConnection]:
    """A bare connection that has said hello."""
    with connect(url(host), proxy=None, open_timeout=5) as conn:
        conn.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        assert isinstance(answer(conn), p.Welcome)
        yield conn


def answer(conn: ClientConnection) -> Any:
    return wire.decode(conn.recv(timeout=5), p.SERVER_MESSAGES)


def answers_until(conn: ClientConnection, kind: type) -> Any:
    for _ in range(20):
        message = answer(conn)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__}")


def refused(conn: ClientConnection, text: str) -> str:
    conn.send(text)
    message = answers_until(conn, p.Refusal)
    return message.reason


def test_malformed_and_mistyped_messages_are_refused(raw: ClientConnection, table: Table
                                                     ) -> None:
    assert "not valid JSON" in refused(raw, "{not json")
    assert "JSON object" in refused(raw, "[1, 2]")
    assert "Unknown message type" in refused(raw, '{"type": "explode"}')
    assert "Unknown message type" in refused(raw, '{"type": "view"}')  # a server's message
    assert "whole number" in refused(raw, '{"type": "move", "seat": "0", "seq": 0, '
                                          '"action": "x"}')
    assert "whole number" in refused(raw, '{"type": "move", "seat": true, "seq": 0, '
                                          '"action": "x"}')
    assert "lacks the field" in refused(raw, '{"type": "join"}')
    assert "unknown field" in refused(raw, '{"type": "join", "code": "A", "eval": 1}')
    assert "not valid JSON" in refused(raw, "[" * 30000 + "]" * 30000)
    assert "binary" in refused_binary(raw)
    assert table.seq == 0 and table.match.actions == table.match.to_save()["actions"]


def refused_binary(conn: ClientConnection) -> str:
    conn.send(b"\x00\x01")
    return str(answers_until(conn, p.Refusal).reason)


def test_an_oversized_message_closes_the_connection_unread(raw: ClientConnection) -> None:
    raw.send(json.dumps({"type": "chat", "text": "x" * (p.MAX_MESSAGE_BYTES + 10)}))
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(5):
            raw.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_another_version_is_refused_naming_both(host: HostThread) -> None:
    with connect(url(host), proxy=None, open_timeout=5) as conn:
        conn.send(wire.encode(p.Hello("0.0.1", p.PROTOCOL + 1)))
        refusal = answer(conn)
        assert isinstance(refusal, p.Refusal)
        assert f"Nile {__version__}" in refusal.reason and "Nile 0.0.1" in refusal.reason
        with pytest.raises(ConnectionClosed):
            conn.recv(timeout=5)


def test_nothing_before_hello_and_unknown_codes(host: HostThread, table: Table) -> None:
    with connect(url(host), proxy=None, open_timeout=5) as conn:
        assert "hello first" in refused(conn, wire.encode(p.Join(table.codes[0] or "")))
        conn.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        answer(conn)
        assert "has that code" in refused(conn, wire.encode(p.Join("NOTACODE")))
        assert "Join a table" in refused(conn, wire.encode(p.Move(0, 0, "x")))


def test_moves_for_another_seat_out_of_turn_illegal_and_replayed(raw: ClientConnection,
                                                                 table: Table) -> None:
    mover = table.match.state.current_player
    assert mover is not None
    other = 1 - mover
    raw.send(wire.encode(p.Join(table.codes[other] or "")))
    answers_until(raw, p.View)
    assert "do not hold" in refused(raw, wire.encode(p.Move(mover, 0, "x")))
    assert "not your turn" in refused(raw, wire.encode(p.Move(other, 0, "x")))
    raw.send(wire.encode(p.Join(table.codes[mover] or "")))
    answers_until(raw, p.View)
    assert "not a legal move" in refused(raw, wire.encode(p.Move(mover, 0, "fly away")))
    assert table.seq == 0
    legal = table.match.state.legal_actions()[0].to_str()
    raw.send(wire.encode(p.Move(mover, 0, legal)))
    answers_until(raw, p.View)
    assert table.seq == 1
    actions = list(table.match.actions)
    assert "older view" in refused(raw, wire.encode(p.Move(mover, 0, legal)))  # replayed
    assert "older view" in refused(raw, wire.encode(p.Move(mover, 7, legal)))  # out of order
    assert table.match.actions == actions and table.seq == 1


def test_a_second_connection_cannot_take_a_live_seat(raw: ClientConnection, host: HostThread,
                                                     table: Table) -> None:
    raw.send(wire.encode(p.Join(table.codes[0] or "")))
    answers_until(raw, p.View)
    with connect(url(host), proxy=None, open_timeout=5) as second:
        second.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        answer(second)
        assert "still there" in refused(second, wire.encode(p.Join(table.codes[0] or "")))


HOLDER = """
import sys, time
from websockets.sync.client import connect
from nile import __version__
from nile.net import protocol as p, wire
with connect(sys.argv[1], proxy=None, open_timeout=5) as conn:
    conn.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
    conn.send(wire.encode(p.Join(sys.argv[2])))
    for _ in range(10):
        if isinstance(wire.decode(conn.recv(timeout=5), p.SERVER_MESSAGES), p.View):
            break
    print("holding", flush=True)
    time.sleep(30)
"""


@pytest.mark.slow
def test_a_seat_whose_holder_is_frozen_goes_to_the_newcomer_with_its_code(
        raw: ClientConnection, host: HostThread, table: Table) -> None:
    """A computer gone to sleep still holds its socket: its seat's code takes it over once
    the holder fails to answer a ping (2 s), and the old connection is closed."""
    code = table.codes[0] or ""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, url(host), code], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        holder.send_signal(signal.SIGSTOP)
        stat = Path(f"/proc/{holder.pid}/stat")
        for _ in range(500):  # the stop lands a moment later; until then it still answers
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "T":
                break
            time.sleep(0.01)
        started = time.monotonic()
        raw.send(wire.encode(p.Join(code)))
        view = answers_until(raw, p.View)
        assert view.seat == 0 and 1.5 < time.monotonic() - started < 10
    finally:
        holder.kill()
        holder.wait(10)


def test_admin_and_host_orders_need_their_keys(raw: ClientConnection, host: HostThread,
                                               table: Table) -> None:
    bad = p.Create("wrong", "loose_caboose", (PlayerSpec("A"), PlayerSpec("B")))
    assert "admin token" in refused(raw, wire.encode(bad))
    unknown = p.Create(ADMIN, "chess", (PlayerSpec("A"), PlayerSpec("B")))
    assert "no game" in refused(raw, wire.encode(unknown))
    too_few = p.Create(ADMIN, "loose_caboose", (PlayerSpec("A"),))
    assert "players" in refused(raw, wire.encode(too_few))
    raw.send(wire.encode(p.Join(table.codes[0] or "")))
    answers_until(raw, p.View)
    assert "Only the host" in refused(raw, wire.encode(p.EndGame()))
    assert "Only the host" in refused(raw, wire.encode(p.HandToBot(1)))
    assert "Only the host" in refused(raw, wire.encode(p.Start()))
    assert not table.over and not table.started and len(host.server.hub.tables) == 1


def test_a_flood_is_refused_then_closed(raw: ClientConnection) -> None:
    reasons = []
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(400):
            raw.send(wire.encode(p.Chat("hi")))
        for _ in range(800):
            message = wire.decode(raw.recv(timeout=20), p.SERVER_MESSAGES)
            reasons.append(message.reason)
    assert any("Too many messages" in r for r in reasons)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
