"""CA-6: where a block lies at rest, as properties over constructed positions."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from nile.games.cairo.board import Placement, board, corners_of

SIDE = 10.0
TOL = board().tolerance


def where(x: float, y: float, angle: float = 0.0, side: float = SIDE) -> Placement:
    return board().classify(corners_of([(x, y, angle, side)]))[0]


AXIS_SITES = [s for s in board().sites if s.angle == 0.0]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(AXIS_SITES), st.floats(0.0, 1.0), st.floats(0.0, 1.0),
       st.floats(-math.pi, math.pi))
def test_a_block_well_inside_a_site_lies_on_it_and_does_not_burn(site, u, v, angle) -> None:
    room_x, room_y = site.w / 2 - SIDE * 0.75, site.h / 2 - SIDE * 0.75
    place = where(site.x + (2 * u - 1) * room_x, site.y + (2 * v - 1) * room_y, angle)
    assert place.sites == ((site.id, True),)
    assert not place.burning and not place.to_box
    assert place.areas == (site.area,)
    assert place.on_site_entirely() == site.id


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(AXIS_SITES), st.floats(0.0, SIDE), st.sampled_from(["e", "w", "n", "s"]))
def test_a_block_across_a_site_edge_burns_when_both_sides_exceed_the_tolerance(
        site, inside, edge) -> None:
    """The block covers `inside` mm of the site and SIDE - inside mm outside it."""
    dx, dy = {"e": (1, 0), "w": (-1, 0), "n": (0, 1), "s": (0, -1)}[edge]
    half = site.w / 2 if dx else site.h / 2
    offset = half + SIDE / 2 - inside
    place = where(site.x + dx * offset, site.y + dy * offset)
    outside = SIDE - inside
    if inside <= TOL - 1e-9:
        assert place.sites == ()
    elif outside <= TOL - 1e-9:
        assert place.sites == ((site.id, True),) and not place.burning
    elif inside > TOL + 1e-9 and outside > TOL + 1e-9:
        assert place.sites == ((site.id, False),)
        assert place.burning and not place.to_box


@settings(max_examples=60, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(-math.pi, math.pi))
def test_a_block_entirely_in_the_nile_goes_to_the_box(u, angle) -> None:
    b = board()
    y = b.south_bank + 8.0 + u * (b.north_bank - b.south_bank - 16.0)
    place = where(100.0 + 500.0 * u, y, angle)
    assert place.in_nile and place.to_box and not place.burning
    assert place.areas == ()


@settings(max_examples=40, deadline=None)
@given(st.floats(1.0, SIDE - 1.0), st.sampled_from(["south", "north"]))
def test_a_block_across_a_bank_burns_and_stays(inside, bank) -> None:
    b = board()
    y = b.north_bank - SIDE / 2 + inside if bank == "north" else b.south_bank + SIDE / 2 - inside
    place = where(450.0, y)
    assert place.burning and not place.to_box
    assert len(place.areas) == 1


@settings(max_examples=40, deadline=None)
@given(st.floats(20.0, 200.0), st.sampled_from([-1, 1]))
def test_a_block_entirely_off_the_board_goes_to_the_box(distance, side) -> None:
    b = board()
    x = -distance if side < 0 else b.width + distance
    assert where(x, 100.0).off_board
    assert where(300.0, b.height + distance).to_box


def test_a_block_hanging_over_the_board_edge_is_not_burning() -> None:
    place = where(board().width + 2.0, 120.0)
    assert not place.off_board and not place.burning and place.areas == ("S6",)


def test_a_block_across_a_desert_boundary_burns_in_both_areas() -> None:
    place = where(304.0, 40.0)
    assert place.burning and set(place.areas) == {"S2", "S3"}


def test_ca6_tolerance_just_below_and_just_above() -> None:
    site = board().site("abu_rawash")
    right_edge = site.x + site.w / 2
    assert not where(right_edge - SIDE / 2 + 0.4, site.y).burning
    assert where(right_edge - SIDE / 2 + 0.6, site.y).burning


@settings(max_examples=40, deadline=None)
@given(st.floats(10.0, 690.0), st.floats(10.0, 490.0), st.floats(-math.pi, math.pi))
def test_a_square_block_turned_a_quarter_lies_in_the_same_place(x, y, angle) -> None:
    assert where(x, y, angle) == where(x, y, angle + math.pi / 2)
