"""Each drill's goal and score (P-4 .. P-9), with made-up outcomes and with real flicks."""

from __future__ import annotations

import math
import random

import pytest

from nile.games.cairo.board import board
from nile.games.cairo.physics import Launch
from nile.games.cairo.rules.pieces import BOARD, BOX
from nile.practice import config
from nile.practice.coach import DrillCoach, candidates
from nile.practice.drills import (
    FreePractice,
    KnockDrill,
    PyramidDrill,
    RingDrill,
    SiteLanding,
    TimedDrill,
    make_drill,
)
from nile.practice.table import PLAYER, RIVAL, FlickResult, PracticeTable, Shot

DATA = config.load()


def fake(table: PracticeTable, end: tuple[float, float], landing: str,
         knocked: tuple[str, ...] = (), path: list[tuple[float, float]] | None = None
         ) -> FlickResult:
    """A flick result as the table would report it (only what drills read matters)."""
    start = table.ship_point()
    launch = Launch("0s00", "small", "ship0", 0.0, 1000.0, 0.0)
    return FlickResult(Shot(0.0, 0.5), 2, "small", "0s00", (0, 0), launch, start, (), {},
                       tuple(path or [start, end]), end, 0.0, landing, knocked, (), 0.5)


def started(drill_class: type, seed: int = 1):  # type: ignore[no-untyped-def]
    table = PracticeTable()
    drill = drill_class(DATA, random.Random(seed))
    drill.start(table)
    return table, drill


# P-5 Land on a site ---------------------------------------------------------------------------

def test_landing_scores_on_burning_and_off() -> None:
    table, drill = started(SiteLanding)
    zawyet = board().site("zawyet")
    on = drill.assess(fake(table, (zawyet.x, zawyet.y), "zawyet"), table)
    assert (on.points, on.hit, on.error) == (10.0, True, pytest.approx(0.0))
    burning = drill.assess(fake(table, (zawyet.x + 25, zawyet.y), "burning:zawyet"), table)
    assert (burning.points, burning.hit) == (5.0, False)
    assert burning.error == pytest.approx(25.0)
    elsewhere = drill.assess(fake(table, (300.0, 400.0), "abusir"), table)
    assert (elsewhere.points, elsewhere.hit) == (0.0, False)
    assert "missed Zawyet" in elsewhere.text


def test_landing_ten_flicks_then_done_and_the_site_can_change() -> None:
    table, drill = started(SiteLanding)
    assert drill.pick_site("saqqara") and drill.target().site == "saqqara"
    saqqara = board().site("saqqara")
    for k in range(10):
        assert not drill.finished
        verdict = drill.assess(fake(table, (saqqara.x, saqqara.y),
                                    "saqqara" if k % 2 else "desert"), table)
        drill.record(verdict, table)
    assert drill.finished and drill.score == 50.0 and drill.hits == 5
    assert drill.score_text() == "50 / 100"


def test_landing_clears_the_board_before_each_flick() -> None:
    table, drill = started(SiteLanding)
    table.place_block("0s03", "zawyet", 0, 0)
    drill.before_fire(table)
    assert table.blocks_on_board() == 0


# P-6 Stop in the ring -------------------------------------------------------------------------

def test_ring_hits_score_the_ring_number_and_shrink_it() -> None:
    table, drill = started(RingDrill)
    spec = DATA.rings
    centre = (spec.x, spec.y)
    assert drill.target().radius == spec.radii[0]
    inside = drill.assess(fake(table, (centre[0] + spec.radii[0] - 1, centre[1]), "desert"),
                          table)
    assert inside.hit and inside.points == 1.0
    drill.record(inside, table)
    assert drill.target().radius == spec.radii[1]
    # the same distance now misses the smaller ring, and a miss keeps the ring
    miss = drill.assess(fake(table, (centre[0] + spec.radii[0] - 1, centre[1]), "desert"),
                        table)
    assert not miss.hit and miss.points == 0.0 and "Outside ring 2" in miss.text
    drill.record(miss, table)
    assert drill.target().radius == spec.radii[1]
    second = drill.assess(fake(table, centre, "desert"), table)
    assert second.points == 2.0


def test_ring_stays_at_the_smallest_and_ends_after_ten() -> None:
    table, drill = started(RingDrill)
    centre = (DATA.rings.x, DATA.rings.y)
    total = 0.0
    for _ in range(10):
        verdict = drill.assess(fake(table, centre, "desert"), table)
        total += verdict.points
        drill.record(verdict, table)
    # 1 + 2 + 3 + 4 + 5, then five more in the smallest ring
    assert total == 1 + 2 + 3 + 4 + 5 + 5 * 5
    assert drill.finished and drill.score == total


def test_ring_off_the_board_is_never_a_hit() -> None:
    table, drill = started(RingDrill)
    verdict = drill.assess(fake(table, (DATA.rings.x, DATA.rings.y), "off"), table)
    assert not verdict.hit


# P-7 Three-stone pyramid ----------------------------------------------------------------------

def test_pyramid_is_built_the_game_way_when_three_are_on_the_site() -> None:
    table, drill = started(PyramidDrill)
    site = DATA.pyramid.site
    for k, (dx, dy) in enumerate(((-12.0, -8.0), (10.0, 9.0), (0.0, 12.0))):
        table.place_block(f"0s{k:02d}", site, dx, dy)
        table.flicked.append(f"0s{k:02d}")
        verdict = drill.assess(fake(table, board().site(site).world((dx, dy)), site), table)
        assert verdict.hit and f"{k + 1} of 3 on the site" in verdict.text
        drill.record(verdict, table)
    assert drill.finished and drill.built is not None and drill.score == 3.0
    pyramid = next(iter(table.state.pyramids.values()))
    assert sorted(pyramid.stones) == ["0s00", "0s01", "0s02"]
    assert max(table.state.pieces[s].level for s in pyramid.stones) == 2  # CA-8: 3 = 2 + 1
    assert "on par" in drill.result_text()


def test_pyramid_burning_blocks_count_and_fifteen_flicks_fail() -> None:
    table, drill = started(PyramidDrill)
    site = board().site(DATA.pyramid.site)
    edge = site.world((site.w / 2, 0.0))
    burning = drill.assess(fake(table, edge, f"burning:{site.id}"), table)
    assert burning.hit  # CA-8: a burning block may go into a pyramid
    for _ in range(DATA.pyramid.limit):
        drill.record(drill.assess(fake(table, (100.0, 100.0), "desert"), table), table)
    assert drill.finished and drill.built is None and drill.score is None
    assert "No pyramid" in drill.result_text()


# P-8 Knock it off -----------------------------------------------------------------------------

def test_knock_layout_rival_block_and_ship() -> None:
    table, drill = started(KnockDrill)
    layout = DATA.knock.layouts[0]
    assert table.space == layout.space and table.state.ships[RIVAL] == layout.neighbour
    piece = table.state.pieces[drill.block]
    assert piece.where == BOARD and table.state.placement(drill.block).on_site_entirely() == \
        layout.site


def test_knock_scoring_off_burning_on_and_capsized() -> None:
    table, drill = started(KnockDrill)
    site = board().site(drill.site)
    home = drill.home
    path = [table.ship_point(), home]
    piece = table.state.pieces[drill.block]

    def move_to(x: float, y: float) -> None:
        piece.set_pose(x, y, site.angle, 1)
        table.state.forget(drill.block)

    still = drill.assess(fake(table, home, "desert", path=path), table)
    assert still.points == 0.0 and still.error == pytest.approx(0.0)
    move_to(*site.world((site.w / 2, 0.0)))
    assert drill.assess(fake(table, home, "desert", path=path), table).points == 5.0
    move_to(site.x, site.y - site.h)
    off = drill.assess(fake(table, home, "desert", path=path), table)
    assert off.points == 10.0 and off.hit
    capsized = drill.assess(fake(table, home, "desert", ("ship1",), path), table)
    assert capsized.points == -5.0 and capsized.capsized and not capsized.hit
    piece.take_off_board(BOX)  # knocked into the Nile: off the site too
    assert drill.assess(fake(table, home, "nile", path=path), table).points == 10.0


def test_knock_goes_through_every_layout() -> None:
    table, drill = started(KnockDrill)
    spaces = []
    for _ in DATA.knock.layouts:
        spaces.append(table.space)
        drill.record(drill.assess(fake(table, drill.home, "desert"), table), table)
        drill.after_show(table)
    assert drill.finished
    assert spaces == [layout.space for layout in DATA.knock.layouts]


# P-9 Ten against the clock ----------------------------------------------------------------------

def test_timed_clock_and_sites() -> None:
    table, drill = started(TimedDrill, seed=5)
    first = drill.target().site
    assert first in DATA.timed.sites and drill.time_left == DATA.timed.seconds
    verdict = drill.assess(fake(table, (drill.target().x, drill.target().y), first), table)
    assert verdict.points == 10.0
    drill.record(verdict, table)
    drill.after_show(table)
    assert drill.target().site != first  # a new site every flick
    drill.tick(DATA.timed.seconds - 1.0)
    assert not drill.finished and drill.time_left == pytest.approx(1.0)
    drill.tick(2.0)
    assert drill.finished and drill.time_left == 0.0 and drill.score == 10.0
    assert "Time ran out with 9 flicks to go" in drill.result_text()


def test_timed_sites_come_from_the_session_generator() -> None:
    a = [started(TimedDrill, seed=9)[1].target().site for _ in range(3)]
    b = [started(TimedDrill, seed=9)[1].target().site for _ in range(3)]
    assert a == b


# P-4 Free practice ------------------------------------------------------------------------------

def test_free_practice_target_is_optional() -> None:
    table, drill = started(FreePractice)
    assert drill.target() is None and drill.score is None
    plain = drill.assess(fake(table, (300.0, 400.0), "desert"), table)
    assert plain.error is None and not plain.hit
    drill.pick_site("giza")
    giza = board().site("giza")
    hit = drill.assess(fake(table, (giza.x, giza.y), "giza"), table)
    assert hit.hit and hit.error == pytest.approx(0.0)
    drill.pick_site("giza")  # again: no target
    assert drill.target() is None
    drill.keep_clutter = False
    table.place_block("0s05", "giza", 0, 0)
    drill.before_fire(table)
    assert table.blocks_on_board() == 0


# Real flicks and the planner ----------------------------------------------------------------

@pytest.mark.parametrize("drill_id", ["landing", "rings", "pyramid", "knock", "timed"])
def test_the_planner_scores_each_drill_with_a_steady_finger(drill_id: str) -> None:
    """The bot's mean flick (no wobble) with the index finger scores on every drill."""
    table = PracticeTable()
    drill = make_drill(drill_id, random.Random(2))
    drill.start(table)
    coach = DrillCoach(table, drill, 2, "small", budget=math.inf)
    while not coach.think(1.0):
        pass
    choice = coach.best()
    assert choice is not None and coach.simulations >= len(coach.candidates)
    trial = table.clone()
    drill.before_fire(trial)
    result = trial.flick_with(choice.shot, 2, "small", (0, 0))
    assert drill.assess(result, trial).points > 0
    assert table.blocks_on_board() == (1 if drill_id == "knock" else 0)  # the board is untouched


def test_candidates_aim_at_the_target() -> None:
    table = PracticeTable()
    drill = make_drill("landing", random.Random(1))
    drill.start(table)
    found = candidates(table, drill.target(), 2, "small")
    x0, y0 = table.ship_point()
    site = board().site(DATA.landing.site)
    bearing = math.degrees(math.atan2(site.y - y0, site.x - x0)) % 360
    assert found[0].shot.degrees == pytest.approx(bearing, abs=0.1)
    assert candidates(table, None, 2, "small") == []
    assert PLAYER == 0
