"""The exposed scoring functions: income reduction and the final score."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nile.games.age_of_steam.rules import final_score, income_reduction


def test_income_reduction_table() -> None:
    table = {0: 0, 10: 0, 11: 2, 20: 2, 21: 4, 30: 4, 31: 6, 40: 6, 41: 8, 49: 8, 50: 10,
             80: 10}
    for income, lost in table.items():
        assert income_reduction(income) == lost, income


@settings(deadline=None)  # pure arithmetic; a loaded machine must not fail it
@given(st.integers(min_value=-20, max_value=200))
def test_income_reduction_is_bounded_and_monotone(income: int) -> None:
    lost = income_reduction(income)
    assert 0 <= lost <= 10
    assert lost % 2 == 0
    assert income_reduction(income + 1) >= lost
    if income > 10:
        assert income - lost > 0


@settings(deadline=None)
@given(st.integers(0, 100), st.integers(0, 15), st.integers(0, 200))
def test_final_score_is_three_per_income_minus_three_per_share_plus_track(
        income: int, shares: int, track: int) -> None:
    assert final_score(income, shares, track) == 3 * income - 3 * shares + track


def test_final_score_example() -> None:
    assert final_score(20, 6, 14) == 60 - 18 + 14
