"""tools/lc_regret.py: the exact one-turn reference, checked against sums worked out by
hand, and the measure of a level on a few seeded positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nile.games.loose_caboose.builder import Builder

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
from lc_regret import Reference, measure, positions, reference_values  # noqa: E402

LAY_1 = ("lay", 1, False)
PASS = ("pass", 0, False)


def test_a_single_die_behind_one_new_card_against_a_pass() -> None:
    # Caboose on the front card. Passing takes the back card, a 2. Laying the 1 and
    # rolling one die (0, 1 or 2 wheels) derails only on 2 wheels: one card short,
    # which is the back 2 again: 2/3 of a point.
    state = Builder(2).railway([2, 3, 1], caboose=2).hand(0, 1).build()
    values = Reference(state.observation(0)).choice_values()
    assert values[PASS] == pytest.approx(2.0)
    assert values[LAY_1] == pytest.approx(2 / 3)


def test_a_penalty_from_the_pile_is_any_card_the_mover_cannot_see() -> None:
    # One card in the railway, under the caboose: a pass draws from the pile. The mover
    # cannot tell the pile from the other hand and the set-aside cards, so each unseen
    # card is as likely; a 3 cancels the 3 on top of the penalty pile.
    state = Builder(2).railway([1], caboose=0).hand(0, 4).hand(1, 2, 2).penalty(0, 3).build()
    view = state.observation(0)
    assert view.unseen is not None
    unseen = view.unseen.cards()
    expected = sum(-3 if card.value == 3 else card.value for card in unseen) / len(unseen)
    assert Reference(view).choice_values()[PASS] == pytest.approx(expected)


def test_on_the_last_turn_the_pile_is_the_reshuffled_discards_and_the_hand_counts() -> None:
    state = (Builder(2).railway([1], caboose=0).hand(0, 1).pile().discard(2, 4)
             .to_move(0, final_turn=True).build())
    values = Reference(state.observation(0)).choice_values()
    assert values[PASS] == pytest.approx(3.0 + 1.0)  # a 2 or a 4, then the 1 in hand


def test_levels_are_measured_on_seeded_positions() -> None:
    states = positions(4, seed=3, players=2, every=1)
    values = reference_values(list(states), "penalty")
    result = measure("normal", states, values, seed=3)
    assert result.decisions == 4
    assert 0 <= result.agreement <= 1 and result.regret >= 0
    assert 0 <= result.regret_late <= result.regret and 0 <= result.late <= 4
    for value in values:
        assert len(value) >= 2 and min(value.values()) <= max(value.values())


def test_the_command_reports_every_level() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "lc_regret.py"),
                             "--levels", "easy,hard", "--positions", "3", "--seed", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["positions"] == 3
    assert report["hard"]["regret"] >= 0 and 0 <= report["easy"]["agreement"] <= 1
    assert 0 <= report["hard"]["regret_late"] <= report["hard"]["regret"] + 1e-9
