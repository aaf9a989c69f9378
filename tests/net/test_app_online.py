"""Play online in the app (issue 31): host from the app, join from the app, headless.

Every server here listens on 127.0.0.1 only; every loop is bounded in time; every client
and host thread is stopped at the end (the table closes its own when the app leaves it).
"""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from nile.app import App
from nile.net.client import Client
from nile.net.hosting import HostThread
from nile.net.protocol import PlayerSpec
from nile.net.scripted import ScriptedPlayer
from nile.ui.chrome.remote import RemoteTable
from nile.ui.chrome.remote_bar import banner_words, settled_words
from nile.ui.host_online import REMOTE_KIND
from nile.ui.online import OnlineScene, join_address
from nile.ui.setup_scene import SetupScene
from nile.ui.waiting_room import NETWORK_EVENT, WaitingRoom
from tests.net.conftest import url, wait_for
from tests.ui.harness import frames, press


def run(app: App, until: Callable[[], bool], seconds: float = 10.0,
        also: Callable[[], object] = lambda: None) -> None:
    """Frames until `until()` (bounded in time), doing `also()` each frame."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "not in time"
        frames(app)
        also()
        time.sleep(0.003)


def remote_of(app: App) -> RemoteTable:
    autoplay = getattr(app.top, "autoplay", None)
    assert isinstance(autoplay, RemoteTable)
    return autoplay


def play_mine(app: App, rng: random.Random) -> None:
    """The person at this app: a random legal move whenever the table offers one."""
    scene = app.top
    if getattr(scene, "accepting_input", False):
        state = scene.state  # type: ignore[union-attr]
        scene.submit(rng.choice(state.legal_actions()))  # type: ignore[union-attr]


def test_join_address_takes_what_people_type() -> None:
    assert join_address("192.168.1.20") == "ws://192.168.1.20:8765"
    assert join_address(" 10.0.0.5:9000 ") == "ws://10.0.0.5:9000"
    assert join_address("wss://nile.example.org:443") == "wss://nile.example.org:443"


def test_banner_words_name_the_missing_and_the_connection() -> None:
    from nile.net import protocol as p
    from nile.net.client import Status
    seats = (p.SeatInfo(0, "Ann", "human", True, None),
             p.SeatInfo(1, "Bo", "human", False, 40.0),
             p.SeatInfo(2, "Cy", "human", False, None))
    assert banner_words(Status("connected"), seats, 2.5) == (
        "Waiting for Bo (disconnected 0:42); Cy has not joined yet")
    assert banner_words(Status("reconnecting", attempt=2), seats, 0) == (
        "Reconnecting… (attempt 2)")
    assert banner_words(Status("connected"), seats[:1], 0) is None


def test_the_banner_of_a_closed_connection_fits_the_strip_uncut() -> None:
    """'The host has stopped hosting…' was cut to 'This table is n…': every final close
    reason now makes a banner that fits the strip of a table at 1280×800 (a 1024×768
    screen shows the same layout scaled) at its designed size."""
    from nile.net.client import FINAL_CLOSE_CODES, Status
    from nile.ui import text, theme
    pygame.font.init()
    room = theme.WIDTH - theme.LOG_WIDTH - 130  # the strip beside the Chat button
    for detail in [*FINAL_CLOSE_CODES.values(), ""]:
        words = banner_words(Status("closed", detail), (), 0)
        assert words is not None and words.endswith("This table is no longer connected.")
        assert text.measure(words, 15, "bold") <= room - 60, words
    assert banner_words(Status("closed", FINAL_CLOSE_CODES[4003]), (), 0) == (
        "The host has stopped hosting this game. This table is no longer connected.")


def test_a_seat_handed_to_a_bot_is_named_when_nobody_is_missing() -> None:
    from nile.net import protocol as p
    seats = (p.SeatInfo(0, "Ann", "human", True, None), p.SeatInfo(1, "Bo", "bot", True, None))
    assert settled_words(seats, set()) == "Everybody is at the table."
    assert settled_words(seats, {1}) == (
        "A bot plays Bo's seat (handed over); everybody else is at the table.")
    both = (*seats, p.SeatInfo(2, "Cy", "human", True, None))
    assert settled_words(both, {1}, {2}) == (
        "A bot plays Bo's seat (handed over); Cy took the seat back from the bot; "
        "everybody else is at the table.")


def test_the_waiting_room_names_a_seat_a_bot_plays_until_its_person_is_back(
        app: App) -> None:
    from nile.net import protocol as p
    room = WaitingRoom(app, Client("ws://127.0.0.1:9", []))  # never started: no traffic
    room.seats = (p.SeatInfo(0, "Ann", "human", True, None),
                  p.SeatInfo(1, "Bo", "bot", True, None, handed=True),
                  p.SeatInfo(2, "Cy", "bot", True, None))
    assert room.seat_lines() == ["Ann: connected", "Bo: a bot until they come back",
                                 "Cy: a bot"]


@pytest.mark.slow
def test_hosting_from_the_app_plays_a_whole_game_with_a_remote_player(app: App) -> None:
    """Online → Host Loose Caboose! with a remote seat: the waiting room lists the seats
    and the code, the remote player joins, the table opens by itself, the game is played
    to its end over the network, and the results have the whole game from the host."""
    online = OnlineScene(app)
    app.push(online)
    press(app, online, "Host Loose Caboose!")
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.online
    setup.rows[1].kind, setup.rows[1].name = REMOTE_KIND, "Bo"
    press(app, setup, "Start")
    room = app.top
    assert isinstance(room, WaitingRoom), setup.error
    assert room.invite is not None and room.host is not None
    addresses, codes = room.invite
    assert addresses == [f"ws://127.0.0.1:{room.host.port}"] and list(codes) == [1]
    run(app, lambda: len(room.seat_lines()) == 2)
    assert room.seat_lines() == ["Player 1: at this computer", f"Bo: missing   code {codes[1]}"]
    bo = ScriptedPlayer(Client(addresses[0], [codes[1]]), random.Random(2))
    bo.client.start()
    host = room.host
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom), also=bo.step)
        remote = remote_of(app)
        assert remote.is_host and remote.held == [0]
        pygame.event.clear()
        bo.client.chat("  hello   Ann ")  # the chat: through the host, to the table
        wait_for(lambda: pygame.event.peek(NETWORK_EVENT))  # wakes a sleeping window
        run(app, lambda: "Bo: hello Ann" in [t.message for t in remote.scene.toasts.items],
            also=bo.step)
        rng = random.Random(1)
        run(app, lambda: remote.over is not None and bo.over is not None, 40.0,
            also=lambda: (bo.step(), play_mine(app, rng)))
        frames(app, 3)
        assert type(app.top).__name__ == "ResultsScene"
        scene = remote.scene
        assert scene.match.state.is_terminal and scene.match.actions  # the whole game
        assert scene.log.lines[-1].startswith("Game over.")
        assert not bo.refusals
    finally:
        bo.client.close()
        app.go_home()
    assert not host._thread.is_alive(), "leaving the table stops the app's host"


def test_joining_from_the_app_shows_refusals_and_reconnects(app: App,
                                                            host: HostThread) -> None:
    """Online → Join with the address and a code: the waiting room lists who is missing,
    the table opens once everybody is there, the host's refusal is a toast, and a dropped
    connection shows Reconnecting… and comes back to the seat, where play goes on."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(str(table.codes[0]).lower())  # people type codes as they like
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    run(app, lambda: len(room.seat_lines()) == 2 and room.ready)
    assert room.seat_lines() == ["Ann: at this computer", "Bo: missing"]
    bo = ScriptedPlayer(Client(url(host), [str(table.codes[1])]), random.Random(5))
    bo.client.start()
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom), also=bo.step)
        remote = remote_of(app)
        scene = remote.scene
        run(app, lambda: scene.state.current_player == 0 and scene.accepting_input,
            also=bo.step)
        remote.client.move(0, "lay 9 at 40,40")  # no such card: the host says why
        run(app, lambda: any(t.kind == "error" for t in scene.toasts.items))
        error = next(t.message for t in scene.toasts.items if t.kind == "error")
        assert error.endswith("is not a legal move now."), error
        before = remote.seq
        conn = remote.client._conn
        assert conn is not None
        conn.socket.shutdown(socket.SHUT_RDWR)  # the network drops
        shown: list[str] = []  # what the bar said, frame by frame
        run(app, lambda: any(t.message.startswith("Connected again") for t in
                             scene.toasts.items), also=lambda: shown.append(
                                 remote.bar.words or ""))
        assert remote.status.state == "connected" and remote.bar.words is None
        assert any(words.startswith("Reconnecting… (attempt 1)") for words in shown), shown
        rng = random.Random(4)
        run(app, lambda: remote.seq > before + 2, also=lambda: (bo.step(), play_mine(app, rng)))
        run(app, lambda: remote.seq == table.seq and not remote.client.pending)
        assert not bo.refusals
    finally:
        bo.client.close()
        app.go_home()


def test_the_move_on_its_way_note_goes_when_the_host_confirms_it(app: App,
                                                                  host: HostThread) -> None:
    """A second click while a move travels says it is on its way; the host's view that
    confirms the move takes the note away (it stayed its whole time before)."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo", "bot")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(str(table.codes[0]))
    press(app, online, "Join")
    run(app, lambda: not isinstance(app.top, (OnlineScene, WaitingRoom)))
    remote = remote_of(app)
    scene = remote.scene
    run(app, lambda: scene.state.current_player == 0 and scene.accepting_input)
    action = scene.state.legal_actions()[0]
    seq = remote.seq
    scene.submit(action)
    scene.submit(action)  # at once: the host cannot have answered yet
    note = "Your move is on its way to the host."
    assert [t.message for t in scene.toasts.items] == [note]
    run(app, lambda: remote.seq > seq)
    assert note not in [t.message for t in scene.toasts.items]


def test_join_remembers_the_host_and_lists_the_game_to_join_again(app: App,
                                                                 host: HostThread) -> None:
    """Joined once, Join offers the address and code again and lists the game; one click
    on it joins the same seat again; once the game is over it is no longer listed."""
    from nile.ui import joined_games
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    address, code = url(host).removeprefix("ws://"), str(table.codes[0])
    online = OnlineScene(app)
    app.push(online)
    assert not online.recent
    online.address.set_text(address)
    online.code.set_text(code.lower())
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    run(app, lambda: room.joined is not None)
    app.go_home()
    online = OnlineScene(app)
    app.push(online)
    assert (online.address.get_text(), online.code.get_text()) == (address, code)
    assert [(g.address, g.codes, g.game) for g in online.recent] == [
        (url(host), (code,), "loose_caboose")]
    label = online.recent[0].label
    assert label.startswith(f"Loose Caboose! · {address} · ")
    press(app, online, label)
    room = app.top
    assert isinstance(room, WaitingRoom)
    run(app, lambda: room.ready)
    assert room.held == [0]
    chief = Client(url(host), [table.host_code])
    chief.start()
    try:
        chief.start_game()
        run(app, lambda: not isinstance(app.top, WaitingRoom))
        chief.end_game()
        run(app, lambda: remote_of(app).over is not None)
    finally:
        chief.close()
    assert joined_games.recent() == []
    app.go_home()


def test_two_people_at_one_remote_computer_share_it_with_the_cover(app: App,
                                                                   host: HostThread) -> None:
    """Both codes in the Join field: the pass-the-screen cover comes up for whoever is to
    act, and whenever the screen may change hands the table and the log show only what
    everyone may see (no held seat's hand, no private line); play goes on through it."""
    from nile.games.loose_caboose.rules.cards import UNKNOWN
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo"),
                                          PlayerSpec("Cy", "bot")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(f"127.0.0.1:{host.port}")
    online.code.set_text(f"{table.codes[0]}, {table.codes[1]}")
    press(app, online, "Join")
    run(app, lambda: not isinstance(app.top, WaitingRoom))
    remote = remote_of(app)
    scene = remote.scene
    assert remote.held == [0, 1] and scene.handover.shared_screen
    rng, covers, public_frames = random.Random(6), 0, 0

    def step() -> None:
        nonlocal covers, public_frames
        handover = scene.handover
        if scene.viewer is None and not scene.game_over:
            public_frames += 1
            hands = scene.view.hands  # type: ignore[attr-defined]
            assert all(card == UNKNOWN for seat in (0, 1) for card in hands[seat])
            assert not any(re_private(line) for line in scene.log.lines), scene.log.lines
        if handover.covered_for is not None and handover.cover_shown:
            covers += 1
            scene.show_view()
            assert scene.viewer == handover.given_to
        elif handover.handing_over is not None and not scene.anims.busy:
            scene.pass_screen()
        else:
            play_mine(app, rng)

    run(app, lambda: remote.seq > 8, 60.0, also=step)
    assert covers >= 2 and public_frames > 0


def re_private(line: str) -> bool:
    """A line only its own seat may read: the value of a card dealt or drawn."""
    import re
    return re.search(r"(Ann|Bo) (is dealt|draws) an? (\d|Broken)", line) is not None


def test_the_host_ends_a_game_a_missing_player_holds_up(app: App) -> None:
    """A remote player never comes: the bar names them, and the host ends the game with
    the bar's button; the table says the host keeps it, and the match stays on disk."""
    online = OnlineScene(app)
    app.push(online)
    press(app, online, "Host Loose Caboose!")
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.rows[1].kind, setup.rows[1].name = REMOTE_KIND, "Cy"
    press(app, setup, "Start")
    room = app.top
    assert isinstance(room, WaitingRoom) and room.host is not None
    run(app, lambda: room.ready)
    press(app, room, "Start the game")
    remote = remote_of(app)
    run(app, lambda: remote.bar.words == "Cy has not joined yet")
    end = next(b for b in remote.bar.buttons if b.label.startswith("End game"))
    end.on_press()
    run(app, lambda: remote.over is not None)
    assert remote.over is not None and remote.over.ended_by_host
    assert any("host ended the game" in t.message for t in remote.scene.toasts.items)
    assert list((room.host.server.hub.folder or Path()).glob("matches/*.json"))


def test_a_seat_handed_to_a_bot_is_marked_and_taken_back_with_its_code(
        app: App, host: HostThread) -> None:
    """The host's bar names the seat it handed to a bot; Bo coming back with his code
    takes it back: the host's table says so (a toast and the strip), the seat is played
    at his computer again. A code no match has is refused in the room in words, which
    never say "Connected." for a refused join."""
    from nile.ui.chrome.remote import REMOTE
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(f"{table.host_code}, {table.codes[0]}")
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    run(app, lambda: room.ready)
    press(app, room, "Go to the table")
    remote = remote_of(app)
    run(app, lambda: remote.bar.words == "Bo has not joined yet")
    hand = next(b for b in remote.bar.buttons if b.label == "A bot plays Bo")
    hand.on_press()
    run(app, lambda: remote.bar.words is None)
    assert settled_words(remote.seats, remote.handed, remote.back) == (
        "A bot plays Bo's seat (handed over); everybody else is at the table.")
    assert remote.scene.match.seats[1].kind == "bot"
    bo = Client(url(host), [str(table.codes[1])])
    bo.start()
    try:
        run(app, lambda: remote.back == {1})
        assert remote.scene.match.seats[1].kind == REMOTE and not remote.handed
        assert settled_words(remote.seats, remote.handed, remote.back) == (
            "Bo took the seat back from the bot; everybody is at the table.")
        assert any(t.message.startswith("Bo is back and plays their seat again")
                   for t in remote.scene.toasts.items)
        assert bo.views and table.match.seats[1].kind == "human"
    finally:
        bo.close()
    app.go_home()
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text("NOSUCHCO")
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    run(app, lambda: room.refused)
    assert room.status_line() == "Not joined: the host refused this code."
    assert room.error == "No match here has that code."


@pytest.mark.slow
def test_a_guest_at_the_end_has_the_results_and_replay_its_bar_names(
        app: App, host: HostThread) -> None:
    """At a guest's end the top bar has Results and Replay (the host sent the whole game),
    which the bottom bar names; where they are not in the top bar (under a shared screen's
    cover) the bottom bar says who won and does not send the player looking for them."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(str(table.codes[0]))
    press(app, online, "Join")
    bo = ScriptedPlayer(Client(url(host), [str(table.codes[1])]), random.Random(5))
    bo.client.start()
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom), also=bo.step)
        remote = remote_of(app)
        rng = random.Random(1)
        run(app, lambda: remote.over is not None and bo.over is not None, 40.0,
            also=lambda: (bo.step(), play_mine(app, rng)))
        run(app, lambda: type(app.top).__name__ == "ResultsScene")
        app.pop()  # back at the table
        frames(app, 3)
        scene = remote.scene
        buttons = scene.top_bar.buttons
        assert buttons["results"].visible and buttons["replay"].visible  # type: ignore[attr-defined]
        assert scene.top_bar.shows_results
        assert "under Results in the top bar" in scene.action_bar.words()
        scene.handover.covered_for = 0  # the cover of a shared screen is up
        assert not scene.top_bar.shows_results
        assert "Results" not in scene.action_bar.words()
    finally:
        bo.client.close()


def test_public_lines_keep_only_what_every_held_seat_was_told() -> None:
    """Between two people at one computer the log shows, per move, what the seats that did
    not make it were told, and only where they were told the same."""
    from nile.net import protocol as p
    from nile.ui.chrome.remote_log import public_lines
    logs = {
        0: [p.Step(0, "draw", ("{p0} draws a 5.",)), p.Step(-1, None, ("{p0} is dealt a 2.",
                                                                       "The die shows 3."))],
        1: [p.Step(0, None, ("{p0} draws a card.",)), p.Step(-1, None, ("{p0} is dealt a card.",
                                                                       "The die shows 3."))],
    }
    assert public_lines(logs) == ["{p0} draws a card.", "The die shows 3."]
