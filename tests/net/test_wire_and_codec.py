"""Messages survive the wire exactly; observations of every game survive it too; and the
network layer (and `nile serve`) runs without pygame."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nile.core import registry
from nile.core.session import Match, SeatConfig
from nile.net import protocol as p
from nile.net import wire
from nile.net.codec import decode_state, encode_state
from tests import per_game

ROOT = Path(__file__).resolve().parents[2]

SAMPLES = [
    p.Hello("0.1.0", 1), p.Join("ABCD2345"), p.Move(1, 7, "play 3"), p.Undo(0, 2),
    p.Chat("hi"), p.Create("t", "cairo", (p.PlayerSpec("Ann"), p.PlayerSpec("B", "bot", "hard")),
                           {"edition": "2"}),
    p.HandToBot(2, "easy"), p.EndGame(), p.Welcome("0.1.0", 1), p.Refusal("no", "move"),
    p.Created("m", "H", ("A", None)), p.Joined("m", None, "cairo", ("A", "B"), (0, 1), {}),
    p.View("m", 1, 3, {"a": [1, {"b": None}]}, 0, (p.Step(-1, None, ("x",)),), True),
    p.Seats("m", (p.SeatInfo(0, "A", "human", False, 4.5),)), p.ChatLine("m", None, "Host", "x"),
    p.Over("m", {"actions": []}, True),
]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_round_trips(message: p.Message) -> None:
    allowed = (*p.CLIENT_MESSAGES, *p.SERVER_MESSAGES)
    assert wire.decode(wire.encode(message), allowed) == message


def test_a_client_message_is_not_taken_from_a_server_and_back() -> None:
    with pytest.raises(p.ProtocolError):
        wire.decode(wire.encode(p.Move(0, 0, "x")), p.SERVER_MESSAGES)
    with pytest.raises(p.ProtocolError, match="whole number"):
        wire.decode('{"type": "move", "seat": 0, "seq": 1e400, "action": "x"}',
                    p.CLIENT_MESSAGES)


@pytest.mark.parametrize("game", per_game.ids())
def test_every_seats_observation_round_trips_through_json(game: str) -> None:
    """The client rebuilds each view in the game's own class: equal, same moves, same seat."""
    info = registry.get(game)
    count = info.player_range(info.resolve_options({}))[0]
    match = Match.new(info, [SeatConfig(f"P{n}") for n in range(count)], 11)
    rng = random.Random(2)
    for _ in range(25):
        if match.state.is_terminal:
            break
        for seat in range(count):
            sent = json.loads(json.dumps(encode_state(match.state, seat)))
            back = decode_state(info, sent, seat)
            seen = match.state.observation(seat)
            assert back == seen and back.viewer == seat
            assert back.legal_actions() == seen.legal_actions()
        match.play(rng.choice(match.state.legal_actions()))
        match.resolve_chance()


def test_the_network_layer_and_nile_serve_import_no_pygame() -> None:
    code = (
        "import sys, importlib, pkgutil\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'pygame_gui'):\n"
        "            raise ImportError('pygame is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import nile.net, nile.__main__\n"
        "for info in pkgutil.iter_modules(nile.net.__path__):\n"
        "    importlib.import_module('nile.net.' + info.name)\n"
        "from nile.__main__ import main\n"
        "try:\n"
        "    main(['serve', '--help'])\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "nile serve" in result.stdout
