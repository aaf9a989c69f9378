"""tools/decision_time.py: only decisions with a choice are timed, an option turns game by
game, and the summary counts the decisions at the cap and within the margin below it."""

from __future__ import annotations

import sys
from pathlib import Path

from nile.core import registry
from nile.core.game import Action, GameState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from _common import Player, play_game  # noqa: E402
from decision_time import MARGIN, Timed, cycled, summary  # noqa: E402


class Counting(Player):
    """A seat that counts its decisions with more than one legal move."""

    choices = 0

    def act(self, state: GameState) -> Action:
        self.choices += len(state.legal_actions()) > 1
        return super().act(state)


def test_every_decision_with_a_choice_is_timed_and_no_forced_one() -> None:
    info = registry.get("kap_kairo")
    timed = Timed(info, "normal", 0, 5, None)
    play_game(info, [timed, Player(info, "normal", 1, 5, None)], 5, {})
    counting = Counting(info, "normal", 0, 5, None)
    play_game(info, [counting, Player(info, "normal", 1, 5, None)], 5, {})
    assert len(timed.cpu) == len(timed.wall) == counting.choices > 0
    assert all(seconds >= 0 for seconds in timed.cpu + timed.wall)


def test_a_cycled_option_turns_through_its_values_game_by_game() -> None:
    maps = [cycled(["map=egypt,chile,cccp"], index)["map"] for index in range(4)]
    assert maps == ["egypt", "chile", "cccp", "egypt"]
    assert cycled([], 3) == {}


def test_the_summary_counts_decisions_at_the_cap_and_above_the_margin() -> None:
    cap = 4.0
    figures = summary([0.5, 1.0, MARGIN * cap, 3.9, cap, 5.9], cap)
    assert figures["decisions"] == 6 and figures["max"] == 5.9
    assert figures["at_cap"] == 2 and figures["above_margin"] == 4
    assert figures["median"] == round((MARGIN * cap + 3.9) / 2, 3)
    assert summary([], cap) == {"decisions": 0}
