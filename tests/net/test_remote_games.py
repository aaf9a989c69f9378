"""Whole games at a host with remote scripted players and bots, and the privacy proof.

Every message each connection received is kept; after the game the test replays the
whole action log (sent only at the end) and checks that every view equals the
observation of its seat at that moment, that the log a seat was sent is the events
described for that seat, that no other seat's decision text reached it in a game that
hides anything, and that neither the seed nor a chance outcome was ever sent before
the end (issue 31, items 2 and 8).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from nile.core import registry
from nile.core.game import CHANCE, GameState
from nile.core.session import Match, SeatConfig
from nile.net import protocol as p
from nile.net import wire
from nile.net.client import Status
from nile.net.codec import steps_for
from nile.net.hosting import HostThread
from nile.net.protocol import PlayerSpec
from nile.net.scripted import ScriptedPlayer
from tests.net.conftest import players_for, run_until_over

GAMES = [
    ("loose_caboose", 3, {}),
    ("cleopatra", 3, {}),
    ("kap_kairo", 3, {}),
    ("age_of_steam", 4, {"map": "cccp"}),
    ("age_of_steam", 3, {"map": "egypt"}),
    ("cairo", 2, {}),
]


def positions(save: dict[str, Any]) -> tuple[list[GameState], Match]:
    """The state before each decision of the saved game (and the last), and the match."""
    info = registry.get(save["game"])
    seats = [SeatConfig(s["name"], s["kind"], s["level"], s["color"]) for s in save["seats"]]
    state = info.create(len(seats), save["seed"], save["options"])
    match = Match(info, tuple(seats), save["seed"], dict(save["options"]), state)
    before: list[GameState] = []
    for text in save["actions"]:
        if match.state.current_player != CHANCE:
            before.append(match.state.clone())
        match.play(match.state.parse_action(text))
    before.append(match.state.clone())
    return before, match


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_privacy(player: ScriptedPlayer, save: dict[str, Any]) -> int:
    """Every message `player` received against what its seat may see; returns views seen."""
    before, match = positions(save)
    public = not match.info.hides_information(match.options)
    secret = str(save["seed"])
    log: dict[int, list[p.Step]] = {}
    views = 0
    for item in player.received:
        if isinstance(item, p.Over):
            break
        if not isinstance(item, Status):
            text = wire.encode(item)
            assert '"seed"' not in text and secret not in text, "the seed left the host"
        if isinstance(item, p.View):
            views += 1
            expected = before[item.seq].observation(item.seat).to_dict()
            assert item.state == plain(expected), f"view {item.seq} is not seat {item.seat}'s"
            steps = log.setdefault(item.seat, [])
            del steps[item.first:]
            steps.extend(item.steps)
    for seat, steps in log.items():
        assert tuple(steps) == steps_for(match.log, 0, seat, public)
        for step in steps:
            if step.seat == CHANCE or (step.seat != seat and not public):
                assert step.action is None, "another seat's decision was sent"
    return views


@pytest.mark.slow
@pytest.mark.parametrize(("game", "count", "options"), GAMES,
                         ids=[f"{g}-{o.get('map', n)}" for g, n, o in GAMES])
def test_whole_game_with_a_bot_and_privacy(host: HostThread, game: str, count: int,
                                           options: dict[str, str]) -> None:
    specs = [PlayerSpec(f"P{n}", "bot" if n == count - 1 else "human") for n in range(count)]
    table = host.create(game, specs, options)
    players = players_for(host, table.codes)
    run_until_over(players, seconds=90)
    save = players[0].over.save if players[0].over else {}
    assert save == table.match.to_save()
    assert all(pl.refusals == [] for pl in players)
    for player in players:
        assert check_privacy(player, save) > 0


def test_a_whole_loose_caboose_game_between_two_remote_people(host: HostThread) -> None:
    table = host.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")])
    players = players_for(host, table.codes)
    run_until_over(players, seconds=30)
    save = players[1].over.save if players[1].over else {}
    assert table.match.state.is_terminal and save["actions"] == table.match.actions
    for player in players:
        check_privacy(player, save)
    on_disk = json.loads((host.server.hub.folder / "matches" / f"{table.id}.json").read_text())
    assert on_disk["actions"] == table.match.actions and on_disk["net"]["seq"] == table.seq
