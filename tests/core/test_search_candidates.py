"""The games' search hooks (`AiHooks.candidates`, `rollout_policy`, `forced_move`,
`draw_chance`, `overrule`) play as the subclasses they replaced did: the hard bots' seeded
openings, recorded before the change (Cleopatra's `SearchState`, Age of Steam's
`PrunedView`, Kap bis Kairo's `KapSearch`), come out move for move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nile.ai.bots import choose, make_bot
from nile.core import registry
from nile.core.game import CHANCE

pytestmark = pytest.mark.slow  # the hard bot's search replays recorded openings

RECORD = json.loads((Path(__file__).parent / "data" / "hard_openings.json").read_text())
GAMES = RECORD["games"]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_hard_bot_plays_its_recorded_opening(key: str) -> None:
    game, players, seed = key.split("/")
    record = GAMES[key]
    info = registry.get(game)
    count, number = int(players.rstrip("p")), int(seed.removeprefix("seed"))
    bots = [make_bot(info, "hard", s, number, iterations=record["iterations"])
            for s in range(count)]
    state = info.create(count, number, record["options"])
    for step, text in enumerate(record["actions"]):
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            action = state.parse_action(text)
        else:
            action = choose(bots[seat], state.observation(seat))
            assert action.to_str() == text, f"decision {step} of {key}"
        state.apply(action)
