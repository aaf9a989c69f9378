"""Undo at a remote table, chat, and the host's orders: a seat to a bot, the game ended."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from nile import __version__
from nile.net import protocol as p
from nile.net import wire
from nile.net.hosting import HostThread
from nile.net.hub import Hub
from nile.net.protocol import PlayerSpec
from tests.net.conftest import players_for, run_until_over, url, wait_for


@contextlib.contextmanager
def greeted(host: HostThread, *codes: str) -> Iterator[ClientConnection]:
    """A bare connection that said hello and joined with `codes`."""
    with connect(url(host), proxy=None, open_timeout=5) as conn:
        conn.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        for code in codes:
            conn.send(wire.encode(p.Join(code)))
        yield conn


def next_of(conn: ClientConnection, kind: type) -> Any:
    for _ in range(50):
        message = wire.decode(conn.recv(timeout=5), p.SERVER_MESSAGES)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__}")


def test_undo_over_the_wire_follows_the_one_screen_policy(host: HostThread) -> None:
    table = host.create("cleopatra", [PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], seed=2)
    with greeted(host, *[c for c in table.codes if c]) as conn:
        views = {}
        for _ in range(3):
            view = next_of(conn, p.View)
            views[view.seat] = view
        for _ in range(60):  # play first moves until one can be taken back
            mover = table.match.state.current_player
            assert mover is not None
            if views[mover].can_undo:
                break
            action = table.match.state.legal_actions()[0].to_str()
            conn.send(wire.encode(p.Move(mover, table.seq, action)))
            for _ in range(3):
                view = next_of(conn, p.View)
                views[view.seat] = view
        assert views[mover].can_undo
        before, log = table.seq, len(table.match.log)
        other = (mover + 1) % 3
        conn.send(wire.encode(p.Undo(other, before)))
        assert "Nothing to undo" in next_of(conn, p.Refusal).reason
        conn.send(wire.encode(p.Undo(mover, before)))
        undone = [next_of(conn, p.View) for _ in range(3)]
        assert table.seq == before + 1 and len(table.match.log) < log
        assert all(v.first == len(table.match.log) and v.steps == () for v in undone)


def test_chat_goes_through_the_text_gate_to_everybody(host: HostThread) -> None:
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")])
    with greeted(host, table.codes[0] or "") as ann, greeted(host, table.codes[1] or "") as bo:
        next_of(ann, p.View)
        next_of(bo, p.View)
        ann.send(wire.encode(p.Chat("good\u202e luck\x00 " + "!" * 500)))
        line = next_of(bo, p.ChatLine)
        assert line.name == "Ann" and line.text.startswith("good luck ") and len(line.text) <= 200
        for _ in range(8):
            ann.send(wire.encode(p.Chat("spam")))
        assert "Too many chat lines" in next_of(ann, p.Refusal).reason


@pytest.mark.slow
def test_the_host_hands_a_missing_seat_to_a_bot_and_the_game_ends(host: HostThread) -> None:
    table = host.create("kap_kairo", [PlayerSpec("Ann"), PlayerSpec("Bo"), PlayerSpec("Cy")])
    players = players_for(host, table.codes[:2])
    with greeted(host, table.host_code) as chief:
        joined = next_of(chief, p.Joined)
        assert joined.seat is None
        seats = next_of(chief, p.Seats)
        assert not seats.seats[2].connected and seats.seats[2].away_for is None
        chief.send(wire.encode(p.HandToBot(2, "easy")))
        wait_for(lambda: table.match.seats[2].kind == "bot")
        assert table.handed(2) and host.server.hub.find(table.host_code)
        run_until_over(players, seconds=30)


def test_a_person_takes_back_the_seat_handed_to_a_bot(host: HostThread) -> None:
    """Ann's seat went to a bot; she comes back with her code: the seat is hers again with
    her view and the whole log, the host hears it (the seat is a person's again, every
    view moves on) and the bot no longer plays it. A code no match has still says so."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=4)
    ann_code = table.codes[0] or ""
    with greeted(host, table.host_code, table.codes[1] or "") as chief:
        next_of(chief, p.View)
        chief.send(wire.encode(p.HandToBot(0, "easy")))
        wait_for(lambda: table.match.seats[0].kind == "bot")
        wait_for(lambda: table.match.state.current_player == 1)  # the bot played for Ann
        with greeted(host, ann_code.lower()) as ann:
            assert next_of(ann, p.Joined).seat == 0
            view = next_of(ann, p.View)
            assert view.first == 0 and len(view.steps) == len(table.match.log)
            assert view.state == table.match.state.observation(0).to_dict()
            seats = next_of(ann, p.Seats).seats
            assert seats[0].kind == "human" and seats[0].connected
            assert not table.handed(0) and table.codes[0] == ann_code
            assert view.seq == table.seq
            while next_of(chief, p.View).seq < view.seq:  # Bo's view moves on with it
                pass
            for _ in range(20):  # Bo plays his turn through (a few decisions at most)
                if table.match.state.current_player != 1:
                    break
                action = table.match.state.legal_actions()[0].to_str()
                chief.send(wire.encode(p.Move(1, table.seq, action)))
                next_of(chief, p.View)
            assert table.match.state.current_player == 0
            seq = table.seq
            time.sleep(0.5)  # an easy bot decides in milliseconds: it would have moved
            assert table.seq == seq and table.match.state.current_player == 0
    with greeted(host, "NOSUCHCODE") as stranger:
        assert next_of(stranger, p.Refusal).reason == "No match here has that code."


def test_a_handed_seat_is_taken_back_after_the_host_restarts(host: HostThread) -> None:
    """The handed seat's code is in the save: a host started again on the same folder lets
    Bo take his seat back instead of saying no match has his code."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=4)
    bo_code = table.codes[1] or ""
    with greeted(host, table.host_code) as chief:
        next_of(chief, p.Joined)
        chief.send(wire.encode(p.HandToBot(1, "easy")))
        wait_for(lambda: table.match.seats[1].kind == "bot")
    host.stop()
    hub = Hub(host.server.hub.folder)
    assert hub.load_all() == 1 and hub.tables[table.id].handed(1)
    again = HostThread(hub, "127.0.0.1", 0)
    again.start()
    try:
        with greeted(again, bo_code) as bo:
            assert next_of(bo, p.Joined).seat == 1
            assert next_of(bo, p.Seats).seats[1].kind == "human"
        assert hub.tables[table.id].match.seats[1].kind == "human"
    finally:
        again.stop()


def test_the_host_ends_a_game_and_it_stays_a_save(host: HostThread) -> None:
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")])
    with greeted(host, table.codes[0] or "") as ann, greeted(host, table.host_code) as chief:
        next_of(ann, p.View)
        chief.send(wire.encode(p.EndGame()))
        over = next_of(ann, p.Over)
        assert over.ended_by_host and over.save["actions"] == table.match.actions
        ann.send(wire.encode(p.Move(0, table.seq, "x")))
        assert "over" in next_of(ann, p.Refusal).reason
    host.stop()  # the journal writes every match's file as the host stops
    path = host.server.hub.folder / "matches" / f"{table.id}.json"
    assert json.loads(path.read_text())["net"]["ended"] is True
