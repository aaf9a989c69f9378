"""Connections fail, games do not: a client cut mid-turn and a host killed mid-game."""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nile.net import protocol as p
from nile.net.client import Client, Status
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec
from nile.net.scripted import ScriptedPlayer
from tests.net.conftest import players_for, run_until_over, wait_for

ROOT = Path(__file__).resolve().parents[2]


def cut(client: Client) -> None:
    """Break the client's connection as a dropped network would (no closing handshake)."""
    conn = client._conn
    assert conn is not None
    conn.socket.shutdown(socket.SHUT_RDWR)


@pytest.mark.slow
def test_a_move_made_around_a_dropped_connection_is_played_once(host: HostThread) -> None:
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=4)
    players = players_for(host, table.codes)
    deadline = time.monotonic() + 20
    while table.seq < 4 and time.monotonic() < deadline:
        for player in players:
            player.step()
        time.sleep(0.002)
    for attempt in range(2):  # cut just after the move is queued, then just before
        wait_for(lambda: all(pl.client.views and max(v.seq for v in pl.client.views.values())
                             == table.seq for pl in players))
        mover = table.match.state.current_player
        assert mover is not None
        client = players[mover].client
        state = client.observation(mover)
        assert state is not None
        before, action = table.seq, state.legal_actions()[0].to_str()
        if attempt == 0:
            client.move(mover, action)
            cut(client)
        else:
            cut(client)
            client.move(mover, action)
        wait_for(lambda c=client, b=before: c.status.state == "connected" and not c.pending
                 and table.seq > b)
        time.sleep(0.2)
        assert table.seq == before + 1, "the move was lost or doubled"
        for player in players:
            player.step()
    dropped = players[mover]
    assert any(isinstance(i, Status) and i.state == "reconnecting" for i in dropped.received)
    other = players[1 - mover]
    assert any(isinstance(i, p.Seats) and not i.seats[mover].connected
               and i.seats[mover].away_for is not None for i in other.received)
    run_until_over(players, seconds=30)


def start_serve(data: Path, port: int, *extra: str) -> tuple[subprocess.Popen[str], int, str]:
    """`nile serve` in its own process; (process, port, its first lines)."""
    command = [sys.executable, "-m", "nile", "serve", "--port", str(port), "--data", str(data),
               *extra]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = ""
    assert process.stdout is not None
    for _ in range(10):
        line = process.stdout.readline()
        lines += line
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1)), lines
    process.kill()
    raise AssertionError(f"nile serve did not start: {lines}")


@pytest.mark.slow
def test_a_host_killed_mid_game_resumes_from_disk(tmp_path: Path) -> None:
    process, port, lines = start_serve(tmp_path, 0, "--new", "kap_kairo", "--player", "Ann",
                                       "--player", "Bo", "--player", "Cy:bot")
    try:
        codes = re.findall(r"(?:Ann|Bo): ([A-Z0-9]{8})", lines)
        assert len(codes) == 2
        players = [ScriptedPlayer(Client(f"ws://127.0.0.1:{port}", [c]), random.Random(n))
                   for n, c in enumerate(codes)]
        for player in players:
            player.client.start()
        deadline = time.monotonic() + 20
        while sum(pl.moves for pl in players) < 12 and time.monotonic() < deadline:
            if not any([pl.step() for pl in players]):
                time.sleep(0.002)
        confirmed = max(v.seq for pl in players for v in pl.client.views.values())
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        resumed = Hub(tmp_path)  # what the next start finds: the files and the journal
        assert resumed.load_all() == 1 and not resumed.problems
        assert next(iter(resumed.tables.values())).seq >= confirmed > 0, \
            "a move the host had confirmed was lost"
        process, _, lines = start_serve(tmp_path, port)
        assert "resumed 1 matches" in lines
        run_until_over(players, seconds=60)
        assert any(isinstance(i, Status) and i.state == "reconnecting"
                   for i in players[0].received)
        save = players[0].over.save if players[0].over else {}
        assert save["game"] == "kap_kairo" and players[1].over is not None
        assert players[1].over.save == save
    finally:
        process.kill()
        process.wait(10)


def test_a_move_made_again_on_a_view_already_answered_is_refused_not_stuck(
        host: HostThread) -> None:
    """The same move sent twice for one view (a second click before the table caught up)
    goes out and is refused as answering an older view: it is not taken for the first,
    already confirmed one and left pending for ever."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=4)
    mover = table.match.state.current_player
    assert mover is not None
    code = table.codes[mover]
    assert code is not None
    client = Client(f"ws://127.0.0.1:{host.port}", [code])
    client.start()
    try:
        wait_for(lambda: mover in client.views)
        state = client.observation(mover)
        assert state is not None
        action, seq = state.legal_actions()[0].to_str(), client.views[mover].seq
        client.move(mover, action, seq)
        wait_for(lambda: not client.pending and client.views[mover].seq > seq)
        client.move(mover, action, seq)  # equal to the first, for the same old view
        wait_for(lambda: not client.pending)
        refusals = [m for m in client.poll() if isinstance(m, p.Refusal)]
        assert [r.about for r in refusals] == ["move"]
        assert "older view" in refusals[0].reason
    finally:
        client.close()


def test_a_host_never_reached_is_named_while_the_client_tries_again() -> None:
    """A wrong address (or a host not hosting yet) retries for ever: until a connection
    gets through, the status names where it looks instead of "Reconnecting…"."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    client = Client(f"ws://127.0.0.1:{port}", ["ABCD2345"], open_timeout=0.5, max_backoff=0.1)
    client.start()
    try:
        wait_for(lambda: client.status.state == "reconnecting")
        assert client.status.text.startswith(
            f"No answer from 127.0.0.1:{port} yet: is the game hosted there? Trying again")
    finally:
        client.close()
    assert client.status.state == "closed"
