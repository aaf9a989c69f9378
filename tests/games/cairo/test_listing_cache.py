"""Issue 33 item 6: what every flick lists (the flick grid, the 121 wobbles and their
probabilities) is built once per edition, not per flick, and listing it is unchanged."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.games.cairo import config
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import flicking
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.phases import Phase


def _state(phase: Phase, die: int = 2) -> S.CairoState:
    return (Builder(2).ship(0, "U5")
            .to_move(0, phase, die=die, chosen="small", flicks_left=3).build())


def test_wobble_probabilities_are_the_weights_shares() -> None:
    jitter = config.load().jitter
    total = sum(jitter.weights)
    assert [jitter.probability(i) for i in range(-jitter.half, jitter.half + 1)] == \
        [w / total for w in jitter.weights]


def test_wobbles_are_listed_once_and_handed_out_as_fresh_lists() -> None:
    state = _state(Phase.JITTER)
    first = state.chance_outcomes()
    first.clear()  # a caller's list is its own
    before = flicking._wobbles.cache_info().hits
    second = state.chance_outcomes()
    assert flicking._wobbles.cache_info().hits == before + 1
    jitter = state.data.jitter
    span = range(-jitter.half, jitter.half + 1)
    assert second == [(A.Jitter(a, p), jitter.probability(a) * jitter.probability(p))
                      for a in span for p in span]
    assert abs(sum(p for _, p in second) - 1.0) < 1e-9


def test_a_wobble_outside_the_spread_is_refused_as_before() -> None:
    state = _state(Phase.JITTER)
    state.pending = A.Flick.of("small", 90.0, 0.5, 0.0, 2)
    with pytest.raises(IllegalAction, match="is not a possible outcome"):
        state.check_legal(A.Jitter(state.data.jitter.half + 1, 0))
    state.check_legal(A.Jitter(-state.data.jitter.half, state.data.jitter.half))


def test_the_flick_grid_is_built_once_per_kind_and_fingers() -> None:
    state = _state(Phase.FLICK)
    first = state.legal_actions()
    hits = flicking._flick_grid.cache_info().hits
    state._legal = None  # another state at the same point lists the same grid
    assert state.legal_actions() == first
    assert flicking._flick_grid.cache_info().hits == hits + 1
    assert {a.finger for a in first if isinstance(a, A.Flick)} == {2}
    six = _state(Phase.FLICK, die=6).legal_actions()
    assert {a.finger for a in six if isinstance(a, A.Flick)} == {1, 2, 3, 4, 5}
