"""Remote moves play out as at one screen (issue 31, items 1 and 7).

A joining table receives views, not events; it re-enacts each change's steps on the view
it had (`nile.net.reenact`) and animates the events found with the game's own
`on_events`, then always shows the host's view. Servers listen on 127.0.0.1 only; every
loop is bounded in time and every client is closed.
"""

from __future__ import annotations

import random

import pytest

from nile.app import App
from nile.core import registry
from nile.core.session import Match, SeatConfig
from nile.net.client import Client
from nile.net.codec import decode_state
from nile.net.hosting import HostThread
from nile.net.protocol import PlayerSpec
from nile.net.reenact import reenact
from nile.net.scripted import ScriptedPlayer
from nile.net.table import Table
from nile.ui.online import OnlineScene
from nile.ui.waiting_room import WaitingRoom
from tests.net.conftest import url
from tests.net.test_app_online import play_mine, remote_of, run
from tests.ui.harness import frames, press


@pytest.mark.parametrize(("game", "players", "options"), [
    ("loose_caboose", 3, {}), ("kap_kairo", 3, {}), ("cleopatra", 3, {}),
    ("age_of_steam", 4, {"map": "cccp"}), ("cairo", 2, {})])
def test_most_changes_are_reenacted_exactly_from_a_seats_view(
        game: str, players: int, options: dict[str, str]) -> None:
    """Played from what seat 1 saw, the host's steps give back the very events the host's
    match made (the lines match by construction; the events as a whole are checked here)
    for nearly every change, in every game, hidden information or not."""
    info = registry.get(game)
    seats = tuple(SeatConfig(f"P{i}", "human", "normal", i) for i in range(players))
    match = Match(info, seats, 5, options, info.create(players, 5, options))
    match.resolve_chance()
    table, rng = Table.create("t", match), random.Random(3)
    hidden = info.hides_information(options)
    before = table.view(1, 0)
    exact = changes = 0
    while changes < (25 if game == "cairo" else 60) and not table.over:
        seat = table.match.state.current_player
        assert seat is not None
        first = len(table.match.log)
        table.move(seat, table.seq, rng.choice(table.match.state.legal_actions()).to_str())
        after = table.view(1, first)
        events = reenact(decode_state(info, before.state, 1), after.steps, 1, hidden, 5.0)
        truth = [e for entry in table.match.log[first:] for e in entry.events]
        visible = [e.describe(1) for e in truth]
        exact += [e.describe(1) for e in events] == visible
        changes += 1
        before = after
    assert exact >= 0.9 * changes, (exact, changes)


def join(app: App, host: HostThread, code: str) -> WaitingRoom:
    online = OnlineScene(app)
    app.push(online)
    online.address.set_text(url(host).removeprefix("ws://"))
    online.code.set_text(code)
    press(app, online, "Join")
    room = app.top
    assert isinstance(room, WaitingRoom)
    return room


@pytest.mark.slow
@pytest.mark.parametrize("game", ["loose_caboose", "cairo"])
def test_a_remote_move_is_animated_and_ends_on_the_hosts_view(app: App, host: HostThread,
                                                               game: str) -> None:
    """Bo (another computer) and, in Loose Caboose!, a bot move: this table animates each of
    their moves (the animation queue is busy right after the view arrives, a Cairo flick
    is re-simulated here) and, once still, shows exactly the host's view of its seat."""
    people = [PlayerSpec("Ann"), PlayerSpec("Bo")]
    if game == "loose_caboose":
        people.append(PlayerSpec("Cy", "bot"))
    table = host.create(game, people, seed=4)
    join(app, host, str(table.codes[0]))
    bo = ScriptedPlayer(Client(url(host), [str(table.codes[1])]), random.Random(8))
    bo.client.start()
    try:
        run(app, lambda: not isinstance(app.top, WaitingRoom), also=bo.step)
        remote = remote_of(app)
        scene = remote.scene
        scene.anims.speed = 4.0  # animations on (the instant app has them off), brisk
        rng, animated, flicks, seen = random.Random(2), 0, 0, remote.seq
        known = len(remote.steps[0])

        def step() -> None:
            nonlocal animated, flicks, seen, known
            bo.step()
            if remote.seq != seen:  # a change was just shown: whose was it?
                seen = remote.seq
                actors = {s.seat for s in remote.steps[0][known:]} - {-1}
                known = len(remote.steps[0])
                animated += bool(actors - {0}) and scene.anims.busy
            flicks += getattr(getattr(scene, "stage", None), "show", None) is not None
            play_mine(app, rng)

        run(app, lambda: animated >= 3 or table.over, 90.0, also=step)
        assert animated >= 3
        if game == "cairo":
            assert flicks >= 1
        run(app, lambda: not scene.anims.busy and not remote.inbox.waiting
            and remote.seq == table.seq, 20.0, also=bo.client.poll)
        mirror = scene.match.state
        assert mirror.to_dict() == table.match.state.observation(0).to_dict()
        frames(app, 3)
    finally:
        bo.client.close()
        app.go_home()
