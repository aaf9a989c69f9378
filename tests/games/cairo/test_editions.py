"""Games begun before issue 15 keep their physics and wobble, so their saves still load.

A save is an action list replayed through the rules; its flicks were judged with the
three-point wobble ("jitter aim=.. power=..") and the old physics. The first such jitter
turns a fresh game into edition 1 (`config.edition`), and everything after replays as it
was played. New games are edition 2 and write "wobble aim=.. power=..".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nile.core import registry
from nile.core.errors import IllegalAction
from nile.games.cairo import config
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.state import CairoState

GOLDEN = Path(__file__).parent / "golden"


def _replay(record: dict[str, object]) -> CairoState:
    info = registry.get("cairo")
    state = info.create(record["players"], record["seed"], record["options"])  # type: ignore[arg-type]
    for text in record["actions"]:  # type: ignore[attr-defined]
        state.apply(state.parse_action(text))
    assert isinstance(state, CairoState)
    return state


def test_a_game_begun_before_editions_replays_as_edition_1() -> None:
    record = json.loads((GOLDEN / "2p_seed7_easy.json").read_text())
    assert any(a.startswith("jitter ") for a in record["actions"])
    state = _replay(record)
    assert state.edition == 1 and state.data.knockover.impulse == 2200.0
    assert state.to_dict() == record["final"]
    again = CairoState.from_dict(state.to_dict())
    assert again.edition == 1 and again.to_dict() == state.to_dict()


def test_new_games_are_edition_2_and_write_wobbles() -> None:
    record = json.loads((GOLDEN / "3p_seed11_easy_wobble.json").read_text())
    assert not any(a.startswith("jitter ") for a in record["actions"])
    state = _replay(record)
    assert state.edition == config.EDITION == 2
    assert state.to_dict()["edition"] == 2
    assert CairoState.from_dict(state.to_dict()).data is config.edition(2)


def _at_first_jitter() -> CairoState:
    state = registry.get("cairo").create(2, 3, {})
    assert isinstance(state, CairoState)
    while state.phase != Phase.JITTER:
        if state.current_player == -1 or state.current_player is None:
            state.apply(state.chance_outcomes()[2][0])
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_an_old_jitter_is_taken_only_before_anything_was_flicked() -> None:
    state = _at_first_jitter()
    assert all(isinstance(a, A.Jitter) and a.fine for a, _ in state.chance_outcomes())
    probe = state.clone()
    probe.apply(probe.parse_action("jitter aim=1 power=-1"))
    assert probe.edition == 1 and probe.data is config.edition(1)
    # the rest of that game's wobbles are the three old points
    state.apply(state.parse_action("wobble aim=3 power=-2"))
    while state.phase != Phase.JITTER:
        if state.current_player == -1:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction):
        state.apply(state.parse_action("jitter aim=1 power=0"))
    assert state.edition == 2
