"""tools/aos_passes.py: a pass with a paying delivery open is counted, a delivery is not,
and the report sums seats, passes and first places per level and per table."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from nile.core import registry
from nile.games.age_of_steam import ai
from nile.games.age_of_steam.rules.actions import PassMove
from nile.games.age_of_steam.rules.phases import Phase
from tests.games.age_of_steam.helpers import decisions, set_up

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from aos_passes import Watched, report  # noqa: E402

pytestmark = pytest.mark.slow  # replays a seeded game to turn 6


def test_a_normal_pass_with_a_paying_delivery_open_is_counted_as_behind() -> None:
    state = set_up("cccp", 4, 3)
    for seat, view in decisions(state, random.Random(3), last_round=6):
        own = ai.policy(view, random.Random(0))
        if view.phase == Phase.MOVE and isinstance(own, PassMove) and \
                ai.paying_deliveries(view, seat, view.legal_actions()):
            break
        state.apply(own)
    else:
        raise AssertionError("the seeded game no longer reaches the position")
    state.shares[seat] = state.income[seat] - state.loco[seat] + 2  # $2 a turn short
    watched = Watched(registry.get("age_of_steam"), "normal", seat, 3, None)
    assert isinstance(watched.act(state), PassMove)
    assert watched.counts["passes_paying"] == watched.counts["passes_paying_behind"] == 1
    assert watched.misses[0]["gain"] > watched.misses[0]["fee"]
    assert len(watched.cpu) == 1


def test_the_report_sums_per_level_and_per_table() -> None:
    records = [
        {"map": "egypt", "seats": ["hard", "normal", "normal", "normal"],
         "ranking": [1, 2, 3, 4], "alive": [True, True, True, False],
         "counts": [{"moves": 3, "passes": 1}, {"moves": 2, "passes": 2,
                                                 "passes_paying": 1}, {}, {}],
         "cpu": [[0.1, 0.3], [0.0], [], []]},
        {"map": "chile", "seats": ["normal", "hard", "normal", "normal"],
         "ranking": [1, 2, 3, 4], "alive": [True] * 4,
         "counts": [{}, {"moves": 1}, {}, {}], "cpu": [[], [0.2], [], []]}]
    out = report(records)
    assert out["hard"]["seats"] == 2 and out["hard"]["wins"] == 1
    assert out["hard"]["moves"] == 4 and out["hard"]["passes_paying"] == 0
    assert out["hard"]["decisions"] == 3 and out["hard"]["cpu_max"] == 0.3
    assert out["normal"]["bankrupt"] == 1 and out["normal"]["passes_paying"] == 1
    assert out["tables"] == {"hard+normal*3": {"games": 2, "wins_hard": 1, "wins_normal": 1}}
