"""The hard bot's evaluation: CCCP's loser rule (the fewest red goods kept is placed last),
which the heuristic's evaluation ignores."""

from __future__ import annotations

import random

import pytest

from nile.games.age_of_steam import ai, ai_hard

from .helpers import set_up


def _kept(state: object, counts: list[tuple[int, int]]) -> None:
    for seat, (red, black) in enumerate(counts):
        state.kept[seat] = {"red": red, "black": black}  # type: ignore[attr-defined]


def test_the_fewest_red_goods_carry_the_loser_risk() -> None:
    state = set_up("cccp", 4)
    _kept(state, [(0, 2), (2, 0), (3, 1), (2, 2)])
    risks = [ai_hard.loser_risk(state, s) for s in range(4)]
    assert risks[0] > 0.8  # no red at all against the others' 2-3
    assert max(risks[1:]) < 0.5
    assert risks[2] < risks[1]  # one red more, less risk


def test_the_risk_reads_only_public_totals_so_every_guess_agrees() -> None:
    """Others' colours are hidden: the risk of the seat to move must be the same in every
    determinization of its observation, or it would only add noise to the search."""
    state = set_up("cccp", 4)
    _kept(state, [(1, 1), (2, 1), (0, 3), (1, 2)])
    seat = state.current_player
    assert seat is not None
    view = state.observation(seat)
    risks = {round(ai_hard.loser_risk(view.determinize(random.Random(s)), seat), 9)
             for s in range(20)}
    assert len(risks) == 1


def test_the_hard_evaluation_charges_the_likely_loser_late_in_the_game() -> None:
    state = set_up("cccp", 4)
    _kept(state, [(0, 3), (3, 0), (3, 0), (3, 0)])
    state.round = state.last_round
    plain, hard = ai.evaluate(state), ai_hard.hard_evaluate(state)
    assert hard[0] < plain[0] - 0.2
    assert all(h > p for h, p in zip(hard[1:], plain[1:], strict=True))
    state.round = 1  # early on the kept goods may still change: a smaller charge
    assert ai_hard.hard_evaluate(state)[0] > hard[0]


@pytest.mark.parametrize("map_name", ["chile", "egypt"])
def test_other_maps_keep_the_heuristic_evaluation(map_name: str) -> None:
    state = set_up(map_name, 4)
    state.round = state.last_round
    assert ai_hard.hard_evaluate(state) == ai.evaluate(state)
