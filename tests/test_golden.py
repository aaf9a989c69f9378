"""Golden playthroughs: stored action lists replay to their stored final states.

Files live in `tests/games/<game>/golden/*.json` and are written by `tools/golden.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nile.core import registry

FILES = sorted(Path(__file__).parent.glob("games/*/golden/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_golden_playthrough(path: Path) -> None:
    record = json.loads(path.read_text())
    info = registry.get(record["game"])
    state = info.create(record["players"], record["seed"], record["options"])
    for number, text in enumerate(record["actions"]):
        assert not state.is_terminal, f"ended early at action {number}"
        state.apply(state.parse_action(text))
    assert state.is_terminal
    assert state.to_dict() == record["final"]
    assert state.ranking() == record["ranking"]
