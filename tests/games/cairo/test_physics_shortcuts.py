"""The shortcuts the physics takes for speed (issue 33 item 6) decide exactly what the
full computations they skip would decide."""

from __future__ import annotations

import math

import pymunk
from hypothesis import given, settings
from hypothesis import strategies as st

from nile.games.cairo import geometry
from nile.games.cairo.board import board
from nile.games.cairo.builder import full_board
from nile.games.cairo.physics import (
    _LANDINGS,
    CHIPMUNK,
    SURE_MM,
    BodySpec,
    FlickSimulation,
    Launch,
    _beyond,
    chipmunk_body,
)
from nile.games.cairo.rules import building

coords = st.floats(-400.0, 400.0, allow_nan=False)
angles = st.floats(-math.pi, math.pi, allow_nan=False)
sides = st.sampled_from([10.0, 14.0, 18.0, 30.0])


@settings(max_examples=400, deadline=None)
@given(coords, coords, angles, sides, st.floats(-30.0, 30.0), st.floats(-30.0, 30.0),
       angles, sides, st.floats(5.0, 20.0))
def test_overlaps_answers_as_separation_does(x, y, a, side, dx, dy, b, other, width) -> None:
    mine = geometry.rectangle(x, y, a, side, side)
    theirs = geometry.rectangle(x + dx, y + dy, b, other, width)
    expected = geometry.separation(mine, theirs, 0.0) is not None
    assert geometry.overlaps(mine, theirs, geometry.axes_of(theirs)) == expected


@settings(max_examples=400, deadline=None)
@given(coords, coords, angles, sides, st.floats(0.0, 1.0), angles, angles, sides,
       st.floats(5.0, 20.0))
def test_pieces_closer_than_their_inscribed_circles_overlap(x, y, a, side, share, heading,
                                                           b, other, width) -> None:
    """The free-spot search takes such pairs as overlapping without the polygon test."""
    inner = 0.5 * (side + min(other, width)) - SURE_MM
    gap = share * inner
    mine = geometry.rectangle(x, y, a, side, side)
    theirs = geometry.rectangle(x + gap * math.cos(heading), y + gap * math.sin(heading), b,
                                other, width)
    assert geometry.separation(mine, theirs, 0.0) is not None


@given(st.floats(-3000.0, 3000.0), st.floats(-3000.0, 3000.0), st.floats(-50.0, 50.0),
       st.floats(0.5, 80.0))
def test_kinetic_energy_bounds_the_speed_the_split_is_judged_by(vx, vy, spin, mass) -> None:
    """`_resubstep` skips a body when 4 KE / m is below the speed to beat."""
    body = pymunk.Body(mass, mass * 100.0)
    body.velocity = (vx, vy)
    body.angular_velocity = spin
    assert (abs(vx) + abs(vy)) ** 2 <= 4.0 * body.kinetic_energy / mass * (1 + 1e-12)


@settings(max_examples=200, deadline=None)
@given(st.floats(-3000.0, 3000.0), st.floats(-3000.0, 3000.0), st.floats(-50.0, 50.0),
       st.floats(0.5, 80.0), st.booleans())
def test_chipmunk_reads_what_pymunk_reads(vx, vy, spin, mass, asleep) -> None:
    """`_resubstep` reads speeds straight from Chipmunk (`CHIPMUNK`): the same numbers as
    pymunk's properties give, asleep or awake."""
    space = pymunk.Space()
    space.sleep_time_threshold = 0.5  # Chipmunk lets a body sleep only where sleeping is on
    body = pymunk.Body(mass, mass * 100.0)
    space.add(body, pymunk.Circle(body, 5.0))
    body.velocity = (vx, vy)
    body.angular_velocity = spin
    if asleep:
        body.sleep()
    handle = chipmunk_body(body)
    assert CHIPMUNK.cpBodyKineticEnergy(handle) == body.kinetic_energy
    assert bool(CHIPMUNK.cpBodyIsSleeping(handle)) == body.is_sleeping
    velocity = CHIPMUNK.cpBodyGetVelocity(handle)
    assert (velocity.x, velocity.y) == tuple(body.velocity)


class _ThroughPymunk(FlickSimulation):
    """Steps with `pymunk.Space.step`, as the simulation did before `_step_space`."""

    def _step_space(self, part: float, substeps: int) -> None:
        for _ in range(substeps):
            self._space.step(part)


def test_stepping_chipmunk_directly_changes_no_flick() -> None:
    """Flicks over the full board (collisions, pyramids falling, blocks off the board)
    end bit for bit as they do through pymunk's own `Space.step`."""
    specs = full_board()
    launches = [Launch(f"{i % 5}s14", "small", f"ship{i % 5}", -math.pi + 0.37 * i,
                       450.0 + 130.0 * i, 0.5 * i - 4.0) for i in range(18)]
    launches += [Launch(f"{i % 5}L", "large", f"ship{i % 5}", 0.9 * i, 600.0 + 100.0 * i, 0.0)
                 for i in range(6)]
    for launch in launches:
        pieces = [s for s in specs if s.id != launch.block]
        ours = FlickSimulation(pieces, launch, record_impacts=True).resolve()
        theirs = _ThroughPymunk(pieces, launch, record_impacts=True).resolve()
        assert ours == theirs


def test_a_remembered_landing_changes_no_flick() -> None:
    """The screen's replay of a flick runs the rules' simulation again and takes each
    falling stone's landing from the memo: blocks flicked into a 10-stone pyramid ringed by
    loose blocks (stones fall, some onto others) end bit for bit as with the memo empty."""
    space = board().space("U5")
    pitch = 10.4
    specs = [BodySpec("ship0", "ship", space.x, space.y, space.heading)]
    for i, (u, v, level) in enumerate(building.LAYOUTS[10]):
        specs.append(BodySpec(f"0s{i:02d}", "small", space.x + u * pitch,
                              space.y + 70 + v * pitch, 0.0, level, "p1"))
    specs += [BodySpec(f"2s{i:02d}", "small", space.x - 30 + 12 * i, space.y + 48 + 9 * (i % 3),
                       0.3 * i) for i in range(6)]
    searches = 0
    for speed in (1500.0, 2200.0, 3000.0):
        for turn in (-0.12, 0.0, 0.09):
            launch = Launch("1s00", "small", "ship0", math.pi / 2 + turn, speed, 0.0)
            _LANDINGS.clear()
            searched = FlickSimulation(specs, launch, record_impacts=True).resolve()
            remembered = len(_LANDINGS)
            again = FlickSimulation(specs, launch, record_impacts=True).resolve()
            assert again == searched
            assert len(_LANDINGS) == remembered  # the replay searched nothing new
            searches += remembered
    assert searches >= 9  # stones did fall, and their landings were searched


@given(coords, coords, angles, sides, st.floats(5.0, 30.0))
def test_rectangle_from_its_terms_has_the_very_same_corners(x, y, a, side, width) -> None:
    """The free-spot search builds the stone's outline from terms worked out once."""
    terms = geometry.rectangle_terms(a, side, width)
    assert geometry.rectangle_from(x, y, terms) == geometry.rectangle(x, y, a, side, width)


@settings(max_examples=400, deadline=None)
@given(coords, coords, angles, sides, st.floats(-40.0, 40.0), st.floats(-40.0, 40.0),
       angles, sides, st.floats(5.0, 20.0))
def test_a_stone_beyond_an_axis_is_found_apart(x, y, a, side, dx, dy, b, other, width) -> None:
    """The free-spot search skips the polygon test where the stone's circumcircle lies
    beyond another piece's extent along one of its axes: the test would find them apart."""
    theirs = geometry.rectangle(x + dx, y + dy, b, other, width)
    axes = geometry.axes_of(theirs)
    reach = 0.5 * math.hypot(side, side) + SURE_MM
    if _beyond(axes, x, y, reach):
        assert not geometry.overlaps(geometry.rectangle(x, y, a, side, side), theirs, axes)
