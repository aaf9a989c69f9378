"""Action text forms (stable, exact) and the checks `apply` makes on continuous actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nile.core.errors import IllegalAction
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.phases import Phase


def flick_state(die: int = 2) -> S.CairoState:
    return (Builder(2).ship(0, "U5")
            .to_move(0, Phase.FLICK, die=die, chosen="small", flicks_left=3).build())


def test_text_forms() -> None:
    assert A.Roll(3).to_str() == "roll 3"
    assert A.Flick.of("small", 123.46, 0.6504, -0.2, 2).to_str() == \
        "flick small angle=123.5 power=0.650 offset=-0.20 finger=2"
    assert A.Jitter(-1, 1).to_str() == "wobble aim=-1 power=1"
    assert A.Jitter(-1, 1, fine=False).to_str() == "jitter aim=-1 power=1"
    assert A.Face("1D", 4).to_str() == "face 1D 4"
    assert A.RETRIEVE_ALL.to_str() == "retrieve all"
    assert A.Choose("large").to_str() == "choose large"
    assert A.Penalty("small").to_str() == "penalty small"
    assert A.BuildPyramid(6).to_str() == "pyramid 6" and A.NO_PYRAMID.to_str() == "no pyramid"
    assert A.Pick("2s07").to_str() == "pick 2s07" and A.PICK_AUTO.to_str() == "pick auto"
    assert A.Arrange((2, 0, 1)).to_str() == "arrange 2>0>1"
    assert A.Place.of(350.04, 161.96, 90.0).to_str() == "place 350.0 162.0 90.0"
    assert A.CancelPyramid().to_str() == "cancel pyramid"


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 3599), st.integers(0, 1000), st.integers(-100, 100), st.integers(1, 5))
def test_any_flick_text_parses_back_to_the_same_flick(angle, power, offset, finger) -> None:
    flick = A.Flick("small", angle, power, offset, finger)
    state = flick_state(die=6)
    parsed = state.parse_action(flick.to_str())
    assert parsed == flick
    state.check_legal(parsed)


def test_the_grid_is_representative_and_any_in_range_flick_is_legal() -> None:
    state = flick_state()
    grid = state.legal_actions()
    assert len(grid) == 24 * 4
    assert all(isinstance(a, A.Flick) and a.finger == 2 for a in grid)
    off_grid = state.parse_action("flick small angle=12.3 power=0.777 offset=0.35 finger=2")
    assert off_grid not in grid
    state.apply(off_grid)
    assert state.phase == Phase.JITTER and state.pending == off_grid


@pytest.mark.parametrize("text, reason", [
    ("flick small angle=10.0 power=1.200 offset=0.00 finger=2", "power"),
    ("flick small angle=10.0 power=0.500 offset=1.50 finger=2", "offset"),
    ("flick small angle=10.0 power=0.500 offset=0.00 finger=1", "index finger"),
    ("flick large angle=10.0 power=0.500 offset=0.00 finger=2", "small blocks"),
    ("flick small angle=400.0 power=0.500 offset=0.00 finger=2", "angle"),
])
def test_out_of_range_flicks_are_refused_and_change_nothing(text: str, reason: str) -> None:
    state = flick_state()
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.parse_action(text))
    assert state.to_dict() == before


def test_on_a_six_any_finger_may_flick() -> None:
    state = flick_state(die=6)
    fingers = {a.finger for a in state.legal_actions() if isinstance(a, A.Flick)}
    assert fingers == {1, 2, 3, 4, 5}
    state.apply(state.parse_action("flick small angle=90.0 power=0.500 offset=0.00 finger=5"))


def test_jitter_outcomes_are_a_fine_normal_spread() -> None:
    """At least nine outcomes per axis, shaped like a normal spread of variance 1, so two
    flicks rarely show the same error (issue 15: the old three points repeated half the
    time)."""
    state = flick_state()
    state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    jitter = state.data.jitter
    per_axis = 2 * jitter.half + 1
    assert per_axis >= 9 and len(outcomes) == per_axis ** 2
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    span = range(-jitter.half, jitter.half + 1)
    probs = [jitter.probability(i) for i in span]
    zs = [jitter.z(i) for i in span]
    assert sum(p * z for p, z in zip(probs, zs, strict=True)) == pytest.approx(0.0, abs=1e-9)
    assert sum(p * z * z for p, z in zip(probs, zs, strict=True)) == pytest.approx(1.0, rel=1e-4)
    # bell-shaped: rising to the middle, falling after it, symmetric
    middle = jitter.half
    assert all(probs[i] < probs[i + 1] for i in range(middle))
    assert all(probs[i] > probs[i + 1] for i in range(middle, per_axis - 1))
    assert probs == pytest.approx(probs[::-1])
    assert sum(p * p for p in probs) < 0.2
    weights = dict((a.to_str(), p) for a, p in outcomes)
    assert weights["wobble aim=0 power=0"] == pytest.approx(probs[middle] ** 2)


def test_a_wrong_action_in_a_phase_is_refused() -> None:
    state = flick_state()
    with pytest.raises(IllegalAction):
        state.apply(A.Roll(3))
    with pytest.raises(IllegalAction):
        state.parse_action("pyramid 5")
