"""Hosting from the app (issue 31): Start moves every waiting room to the table, the host
asks before leaving and tells the table it left, and an app-hosted game interrupted by
closing (or killing) the app is in Continue and hosts again with the same seats and codes.

Servers listen on 127.0.0.1 only; every loop is bounded in time; every client and host
started here is stopped.
"""

from __future__ import annotations

import time

from nile.app import App
from nile.net import protocol as p
from nile.net.client import Client
from nile.net.hosting import HostThread
from nile.net.protocol import PlayerSpec
from nile.ui.chrome.remote_bar import settled_words
from nile.ui.host_online import REMOTE_KIND
from nile.ui.online import OnlineScene
from nile.ui.setup_scene import SetupScene
from nile.ui.waiting_room import WaitingRoom
from tests.net.conftest import url
from tests.net.test_app_online import play_mine, remote_of, run
from tests.ui.harness import frames, press


def received(client: Client, kind: type, until: float = 10.0) -> list[object]:
    """What `client` received of `kind` within `until` seconds (stops at the first)."""
    deadline = time.monotonic() + until
    while time.monotonic() < deadline:
        found = [item for item in client.poll() if isinstance(item, kind)]
        if found:
            return found
        time.sleep(0.01)
    return []


def host_from_app(app: App, *remote_names: str) -> WaitingRoom:
    """Online → Host Loose Caboose! with `remote_names` at other computers."""
    online = OnlineScene(app)
    app.push(online)
    press(app, online, "Host Loose Caboose!")
    setup = app.top
    assert isinstance(setup, SetupScene)
    for row, name in zip(setup.rows[1:], remote_names, strict=False):
        row.kind, row.name = REMOTE_KIND, name
    press(app, setup, "Start")
    room = app.top
    assert isinstance(room, WaitingRoom), setup.error
    run(app, lambda: room.ready)
    return room


def test_a_joined_waiting_room_goes_to_the_table_when_the_host_starts(
        app: App, host: HostThread) -> None:
    """Bo waits in the room while Cy is missing; the host presses Start (its `start`
    message), and Bo's room opens the table by itself."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo"),
                                          PlayerSpec("Cy")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(str(table.codes[1]))
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    ann = Client(url(host), [table.host_code, str(table.codes[0])])
    ann.start()
    try:
        run(app, lambda: room.ready and sum(s.connected for s in room.seats) == 2)
        frames(app, 20)
        assert app.top is room and not room.started  # Cy is missing: Bo waits
        ann.start_game()
        run(app, lambda: app.top is not room)
        assert remote_of(app).held == [1]
    finally:
        ann.close()
        app.go_home()


def test_the_hosting_apps_start_reaches_every_waiting_room(app: App) -> None:
    """The host's own Start button sends `start`: a joined guest hears the game began."""
    room = host_from_app(app, "Bo", "Cy")
    assert room.invite is not None
    addresses, codes = room.invite
    bo = Client(addresses[0], [codes[1]])
    bo.start()
    try:
        first = received(bo, p.Seats)
        assert first and not first[-1].started  # type: ignore[attr-defined]
        press(app, room, "Start the game")
        assert app.top is not room
        deadline = time.monotonic() + 10
        started = False
        while not started and time.monotonic() < deadline:
            frames(app)
            started = any(getattr(i, "started", False) for i in received(bo, p.Seats, 0.05))
        assert started
    finally:
        bo.close()
        app.go_home()


def test_the_host_asks_before_leaving_and_the_table_hears_it_left(app: App) -> None:
    """Quit to launcher and closing the window at a hosted table with a friend ask first
    ("Keep hosting" stays); "Stop hosting" leaves, and the friend's connection ends with
    the reason (no endless Reconnecting…)."""
    from nile.ui.chrome.dialogs import MenuScene
    from nile.ui.chrome.overlay import ConfirmDialog
    room = host_from_app(app, "Bo")
    assert room.invite is not None and room.host is not None
    addresses, codes = room.invite
    host = room.host
    bo = Client(addresses[0], [codes[1]])
    bo.start()
    try:
        run(app, lambda: sum(s.connected for s in room.seats) == 2)
        press(app, room, "Start the game")
        remote = remote_of(app)
        scene = remote.scene
        run(app, lambda: any(s.seat == 1 and s.connected for s in remote.seats))
        assert not scene.allow_quit()  # the window's close button asks first
        question = app.top
        assert isinstance(question, ConfirmDialog) and question.title == "Stop hosting?"
        assert question.message.startswith("Friends are playing at this table: stop hosting?")
        press(app, question, "Keep hosting")
        assert app.top is scene and host._thread.is_alive()
        menu = MenuScene(app, scene)
        app.push(menu)
        press(app, menu, "Quit to launcher")
        press(app, app.top, "Stop hosting")
        assert type(app.top).__name__ == "LauncherScene"
        assert not host._thread.is_alive()
        deadline = time.monotonic() + 10
        while bo.status.state != "closed" and time.monotonic() < deadline:
            bo.poll()
            time.sleep(0.01)
        assert bo.status.state == "closed"
        assert bo.status.text.startswith("The host has stopped hosting this game.")
    finally:
        bo.close()
        app.go_home()


def test_a_guest_table_says_the_host_left(app: App, host: HostThread) -> None:
    """At a joined table the host's leaving is a toast and the bar's words, not a hang."""
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(f"{table.codes[0]}")
    press(app, online, "Join")
    ann = Client(url(host), [table.host_code])
    ann.start()
    try:
        ann.start_game()
        run(app, lambda: not isinstance(app.top, (OnlineScene, WaitingRoom)))
        remote = remote_of(app)
        host.stop(farewell=True)
        run(app, lambda: remote.status.state == "closed")
        frames(app, 2)
        said = [t.message for t in remote.scene.toasts.items]
        assert any(m.startswith("The host has stopped hosting this game.") for m in said)
        assert (remote.bar.words or "").startswith("The host has stopped hosting")
    finally:
        ann.close()
        app.go_home()


def test_a_hosted_game_left_midway_is_in_continue_and_hosts_again(app: App) -> None:
    """Ann hosts Loose Caboose! for Bo (another computer); moves are made; the
    app leaves (the host stops). The game is in Continue; opening it hosts it again with
    the same seats and codes: Bo comes back with his code to the same view and the whole
    log, Ann is at this computer again, and play goes on."""
    import random

    from nile.core import library
    from nile.net.codec import steps_for
    from nile.net.scripted import ScriptedPlayer
    from nile.ui.chrome.savelist import title_line
    room = host_from_app(app, "Bo")
    setup_codes = dict(room.invite[1]) if room.invite else {}
    assert room.host is not None
    bo = ScriptedPlayer(Client(room.invite[0][0] if room.invite else "", [setup_codes[1]]),
                        random.Random(3))
    bo.client.start()
    rng = random.Random(5)
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom), also=bo.step)  # all here
        remote = remote_of(app)
        run(app, lambda: remote.seq >= 6, 30.0, also=lambda: (bo.step(), play_mine(app, rng)))
        run(app, lambda: not remote.client.pending and not remote.inbox.waiting)
        # on the disk after every move, so an app killed now is in Continue just the same
        assert [e.title for e in library.games_in_progress() if e.hosted] == ["Loose Caboose!"]
        app.go_home()  # the app leaves the table (as quitting does): the host stops
    finally:
        bo.client.close()
    saved = next(iter(room.host.server.hub.tables.values()))
    seq, log = saved.seq, list(steps_for(saved.match.log, 0, 0, False))
    entries = [e for e in library.games_in_progress() if e.hosted]
    assert len(entries) == 1 and entries[0].title == "Loose Caboose!"
    assert entries[0].players == ("Player 1", "Bo")
    assert title_line(entries[0]) == (
        "Loose Caboose! (hosted for friends: opening hosts it again)")
    launcher = app.top
    press(app, launcher, "Continue")
    again = app.top
    assert isinstance(again, WaitingRoom) and again.host is not None and again.invite
    assert again.invite[1] == setup_codes  # the same codes for the same seats
    bo = ScriptedPlayer(Client(again.invite[0][0], [setup_codes[1]]), random.Random(4))
    bo.client.start()
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom))  # everybody is here
        remote = remote_of(app)
        assert remote.held == [0] and remote.seq == seq and remote.steps[0] == log
        first = received(bo.client, p.View)
        assert first, "Bo got no view"
        table = next(iter(again.host.server.hub.tables.values()))
        mine = first[0]
        assert isinstance(mine, p.View) and mine.seq == seq == table.seq
        assert mine.state == table.match.state.observation(1).to_dict()
        assert mine.first == 0 and len(mine.steps) == len(table.match.log)  # the whole log
        run(app, lambda: remote.seq >= seq + 2, 30.0,
            also=lambda: (bo.step(), play_mine(app, rng)))
    finally:
        bo.client.close()
        app.go_home()


def test_a_seat_handed_to_a_bot_is_taken_back_after_hosting_again(app: App) -> None:
    """Ann hosts for Bo, who never comes: she hands his seat to a bot and leaves. Hosting
    again from Continue, the table still says a bot plays Bo's seat; Bo joins with his
    code and takes the seat back (not "No match here has that code"), and the strip
    says so."""
    room = host_from_app(app, "Bo")
    assert room.invite is not None
    code = room.invite[1][1]
    press(app, room, "Start the game")
    remote = remote_of(app)
    run(app, lambda: any(b.label == "A bot plays Bo" for b in remote.bar.buttons))
    next(b for b in remote.bar.buttons if b.label == "A bot plays Bo").on_press()
    run(app, lambda: remote.handed == {1})
    app.go_home()
    press(app, app.top, "Continue")
    run(app, lambda: not isinstance(app.top, WaitingRoom))  # a bot is "here": no waiting
    remote = remote_of(app)
    run(app, lambda: remote.handed == {1})
    assert settled_words(remote.seats, remote.handed, remote.back) == (
        "A bot plays Bo's seat (handed over); everybody else is at the table.")
    assert remote.host is not None
    bo = Client(f"ws://127.0.0.1:{remote.host.port}", [code])
    bo.start()
    try:
        joined = received(bo, p.Joined)
        assert joined and joined[0].seat == 1  # type: ignore[attr-defined]
        run(app, lambda: remote.back == {1} and not remote.handed)
        assert settled_words(remote.seats, remote.handed, remote.back) == (
            "Bo took the seat back from the bot; everybody is at the table.")
    finally:
        bo.close()
        app.go_home()


HOLDER = """
import sys, time
from pathlib import Path
from nile.core import owner
claim = owner.claim(Path(sys.argv[1]))
print("held" if claim is not None else "refused", flush=True)
time.sleep(60)  # hosting until killed (the test kills it long before)
"""


def test_a_game_hosted_in_one_window_is_not_hosted_again_in_another(app: App) -> None:
    """Continue on a game this app is hosting is refused in words; so is a game another
    window hosts, until that window is gone (killed: its lock dies with it); then the
    game hosts again."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from nile.core import library
    from nile.ui.chrome.dialogs import open_save
    from nile.ui.chrome.overlay import MessageDialog
    from nile.ui.host_online import HOSTED_ELSEWHERE
    room = host_from_app(app, "Bo")
    assert room.host is not None
    table = next(iter(room.host.server.hub.tables.values()))
    path = library.hosted_matches_dir() / f"{table.id}.json"
    open_save(app, path)  # Continue, while this very app hosts it
    refused = app.top
    assert isinstance(refused, MessageDialog)
    assert refused.title == "This game cannot be hosted again"
    assert refused.message == HOSTED_ELSEWHERE
    app.go_home()  # hosting stops: the game is free again
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=root,
                             env={**os.environ, "PYTHONPATH": str(root)},
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        open_save(app, path)
        assert isinstance(app.top, MessageDialog) and app.top.message == HOSTED_ELSEWHERE
        app.go_home()
        other.send_signal(signal.SIGKILL)  # the other window crashes
        other.wait(timeout=10)
        open_save(app, path)
        again = app.top  # hosted here again: Bo is awaited
        assert isinstance(again, WaitingRoom) and again.host is not None
    finally:
        if other.poll() is None:
            other.kill()
            other.wait(timeout=10)
        app.go_home()
