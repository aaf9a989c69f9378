"""The practice table: Cairo's launch, physics and judgement, and practice's own rulings."""

from __future__ import annotations

import math
import random

import pytest

from nile.games.cairo import physics
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import flicking
from nile.games.cairo.rules.pieces import BOARD, SUPPLY
from nile.practice.session import PracticeSession
from nile.practice.table import RIVAL, PracticeTable, Shot, finger_reach


def test_a_flick_is_the_games_flick() -> None:
    """Same launch as the rules (CA-4), same physics to the same rest pose (CA-5)."""
    table = PracticeTable.at("U6")
    specs = flicking.body_specs(table.state)
    launch = flicking.launch_for(table.state, A.Flick.of("small", 100.0, 0.4, 0.2, 3), 1, -1)
    expected = physics.resolve(specs, launch)
    result = table.flick_with(Shot(100.0, 0.4, 0.2), 3, "small", (1, -1))
    assert result.launch == launch
    pose = expected.poses[launch.block]
    assert result.end == pytest.approx((pose.x, pose.y))
    assert result.path[0] == table.ship_point() and result.path[-1] == result.end
    assert table.state.pieces[result.block].where == BOARD
    assert table.flicked == [result.block]


def test_wobble_is_drawn_from_the_session_generator_as_the_game_draws_it() -> None:
    outcomes = [PracticeTable().flick(Shot(90.0, 0.3), 1, "small", random.Random(s)).jitter
                for s in range(40)]
    half = PracticeTable().state.data.jitter.half
    assert {o for o in outcomes} <= {(a, p) for a in range(-half, half + 1)
                                     for p in range(-half, half + 1)}
    assert len(set(outcomes)) > 10
    again = [PracticeTable().flick(Shot(90.0, 0.3), 1, "small", random.Random(s)).jitter
             for s in range(40)]
    assert outcomes == again


def test_p1_own_blocks_off_the_board_come_back_to_hand() -> None:
    table = PracticeTable.at("U6")
    result = table.flick_with(Shot(90.0, 1.0), 1, "small", (0, 1))  # the thumb, flat out north
    assert result.landing == "off" and result.block in result.to_box
    assert table.state.pieces[result.block].where == SUPPLY
    assert table.flicked == []


def test_p1_into_the_nile() -> None:
    table = PracticeTable.at("U6")
    result = table.flick_with(Shot(270.0, 0.0), 5, "small", (0, 0))  # softly south: the river
    assert result.landing == "nile"
    assert table.state.pieces[result.block].where == SUPPLY


def test_p2_the_oldest_block_is_picked_up_when_the_hand_is_empty() -> None:
    table = PracticeTable.at("U6")
    first = table.flick_with(Shot(80.0, 0.25), 2, "large", (0, 0))
    assert first.kind == "large" and table.state.pieces["0L"].where == BOARD
    second = table.flick_with(Shot(100.0, 0.25), 2, "large", (0, 0))
    assert second.picked_up == "0L" and second.block == "0L"
    assert table.flicked == ["0L"]


def test_ca7_knocked_over_ship_is_reported_and_stands_again() -> None:
    table = PracticeTable.at("U6")
    table.set_rival_ship("D4")  # just south of U6
    result = table.flick_with(Shot(250.0, 1.0), 1, "small", (0, 0))
    assert "ship1" in result.knocked
    assert table.state.ships[RIVAL] == "D4"  # P-3: back on its space at once


def test_die_block_gets_a_face_when_flicked() -> None:
    table = PracticeTable.at("U6")
    table.flick(Shot(80.0, 0.2), 2, "die", random.Random(4))
    assert 1 <= table.state.pieces["0D"].face <= 6


def test_move_ship_and_clear() -> None:
    table = PracticeTable.at("U6")
    table.set_rival_ship("U3")
    assert not table.move_ship("U3") and not table.move_ship("X9")
    assert table.move_ship("D2") and table.space == "D2"
    table.place_block("1s00", "giza", 0, 0)
    table.flick_with(Shot(90.0, 0.3), 2, "small", (0, 0))
    table.clear()
    assert table.blocks_on_board() == 0 and table.flicked == []
    assert all(p.where == SUPPLY for p in table.state.pieces.values())
    assert table.state.invariant_violations() == []


def test_finger_reach_follows_the_data() -> None:
    assert finger_reach(2) > finger_reach(5)
    assert finger_reach(2) == pytest.approx(2100.0 ** 2 / (2 * 0.35 * 9810.0))
    assert math.isfinite(finger_reach(1))


def test_the_session_rolls_the_nile_die_with_its_own_generator() -> None:
    a = PracticeSession(seed=3, started=0)
    b = PracticeSession(seed=3, started=0)
    assert [a.roll_die() for _ in range(20)] == [b.roll_die() for _ in range(20)]
    assert {a.roll_die() for _ in range(200)} == {1, 2, 3, 4, 5, 6}
