"""CA-8 pyramids: shapes and levels, the build decisions, placement, ruins (CA-R4/R5)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from nile.core.errors import IllegalAction
from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import building, flicking
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.phases import Phase

SHAPES = {3: {1: 2, 2: 1}, 5: {1: 4, 2: 1}, 6: {1: 3, 2: 2, 3: 1},
          10: {1: 4, 2: 3, 3: 2, 4: 1}, 14: {1: 9, 2: 4, 3: 1}}


@pytest.mark.parametrize("size", sorted(SHAPES))
def test_ca8_each_pyramid_has_its_levels(size: int) -> None:
    assert Counter(level for _, _, level in building.LAYOUTS[size]) == SHAPES[size]
    stones = [f"0s{n:02d}" for n in range(size)]
    state = Builder(2).pyramid("abydos", stones).build()
    levels = Counter(state.pieces[s].level for s in stones)
    assert levels == SHAPES[size]
    assert all(state.pieces[s].pyramid == "p1" for s in stones)


@pytest.mark.parametrize("size", sorted(SHAPES))
def test_a_fresh_pyramid_stands_on_its_own(size: int) -> None:
    """Every stone above the ground is carried by the stones below it."""
    state = Builder(2).pyramid("abydos", [f"0s{n:02d}" for n in range(size)]).build()
    specs = flicking.body_specs(state)
    site = board().site("abydos")
    sim = FlickSimulation(specs, Launch("1s00", "small", "", 0.0, 0.0, 0.0))
    index = next(i for i, s in enumerate(specs) if s.group)
    stones = sim._add_pending(index)
    assert len(stones) == size
    assert all(sim._supported(r) for r in stones if r.level >= 2)
    assert site.id == "abydos"


def wall_with_block(speed: float) -> dict[str, int]:
    """A 6-stone wall in front of a ship and a small block flicked straight at it."""
    space = board().space("U5")
    specs = [BodySpec("ship0", "ship", space.x, space.y, space.heading)]
    pitch = 10.4
    for i, (u, v, level) in enumerate(building.LAYOUTS[6]):
        specs.append(BodySpec(f"0s{i:02d}", "small", space.x + u * pitch, space.y + 70 + v * pitch,
                              0.0, level, "p1"))
    out = FlickSimulation(specs, Launch("1s00", "small", "ship0", math.pi / 2, speed,
                                        0.0)).resolve()
    return {s.id: out.poses[s.id].level for s in specs[1:]}


def test_a_gentle_touch_leaves_a_pyramid_standing_and_a_hard_hit_ruins_it() -> None:
    assert sorted(wall_with_block(500.0).values()) == [1, 1, 1, 2, 2, 3]
    assert sorted(wall_with_block(2500.0).values()).count(1) >= 4


def offer_state(extra_blocks: list[tuple[str, float, float]]) -> S.CairoState:
    b = Builder(2)
    b.ship(0, "U7")
    b.on_site("0s00", "saqqara", 0, 0)
    for block, dx, dy in extra_blocks:
        b.on_site(block, "saqqara", dx, dy)
    return b.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2, offer_site="saqqara",
                      last_block="0s00").build()


FIVE = [("0s01", -20, -15), ("1s00", 20, -15), ("1s01", -20, 15), ("0s02", 20, 15)]


def test_offer_lists_only_sizes_with_enough_free_blocks() -> None:
    state = offer_state(FIVE)
    assert [a.to_str() for a in state.legal_actions()] == ["pyramid 3", "pyramid 5",
                                                         "no pyramid"]


def test_build_a_five_stone_pyramid_own_blocks_highest() -> None:
    state = offer_state(FIVE)
    state.apply(A.BuildPyramid(5))
    assert state.phase == Phase.PICK
    state.apply(state.parse_action("pick 1s00"))
    state.apply(A.PICK_AUTO)
    assert state.phase == Phase.ARRANGE
    orders = [a.to_str() for a in state.legal_actions()]
    assert orders == ["arrange 0>1", "arrange 1>0"]
    state.apply(state.legal_actions()[0])
    assert state.phase == Phase.PLACE
    place = state.legal_actions()[0]
    assert isinstance(place, A.Place)
    events = state.apply(place)
    assert events[0].__class__.__name__ == "PyramidBuilt"
    top = [p for p in state.pieces.values() if p.level == 2]
    assert len(top) == 1 and top[0].owner == 0
    assert {p.id for p in state.pieces.values() if p.pyramid} == {
        "0s00", "0s01", "0s02", "1s00", "1s01"}
    # nothing free is left: no new offer, the next flick follows
    assert state.phase == Phase.FLICK


def test_arranging_rivals_highest_is_allowed() -> None:
    state = offer_state(FIVE)
    for action in ("pyramid 5", "pick auto", "arrange 1>0"):
        state.apply(state.parse_action(action))
    state.apply(state.legal_actions()[0])
    top = [p for p in state.pieces.values() if p.level == 2]
    assert top[0].owner == 1


def test_ca8_burning_blocks_may_be_used_and_pyramid_stones_may_not() -> None:
    site = board().site("saqqara")
    b = Builder(2).ship(0, "U7")
    b.pyramid("saqqara", ["1s00", "1s01", "1s02"], dx=-15, dy=-10)
    b.on_site("0s00", "saqqara", 10, 10)
    b.on_site("0s01", "saqqara", site.w / 2, 0)          # burning on the edge
    b.on_site("0s02", "saqqara", 15, -12)
    state = b.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=1, offer_site="saqqara",
                       last_block="0s00").build()
    assert sorted(state.free_small_on("saqqara")) == ["0s00", "0s01", "0s02"]
    state.apply(A.BuildPyramid(3))
    picks = {a.to_str() for a in state.legal_actions()}
    assert picks == {"pick auto", "pick 0s00", "pick 0s01", "pick 0s02"}
    with pytest.raises(IllegalAction):
        state.apply(A.Pick("1s00"))


def test_ca_r5_placement_must_be_on_the_site_and_clear_of_other_blocks() -> None:
    state = offer_state([*FIVE, ("1s02", 0, 15)])
    for action in ("pyramid 3", "pick 0s00", "pick 0s01", "pick 0s02"):
        state.apply(state.parse_action(action))
    assert state.phase == Phase.PLACE
    site = board().site("saqqara")
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="entirely on the site"):
        state.apply(A.Place.of(site.x + site.w / 2, site.y, 0.0))
    with pytest.raises(IllegalAction, match="another block"):
        state.apply(A.Place.of(*site.world((0.0, 15.0)), 0.0))
    assert state.to_dict() == before
    for action in state.legal_actions():
        if isinstance(action, A.Place):
            assert building.fit_problem(state, action) is None


def test_cancel_leaves_the_blocks_and_goes_on() -> None:
    state = offer_state(FIVE)
    for action in ("pyramid 3", "pick auto"):
        state.apply(state.parse_action(action))
    state.apply(A.CancelPyramid())
    assert state.phase == Phase.FLICK and not state.pyramids
    assert not any(p.pyramid for p in state.pieces.values())


def test_another_pyramid_is_offered_while_three_free_blocks_remain() -> None:
    more = [*FIVE, ("0s03", 0, 15), ("0s04", 0, -15)]
    state = offer_state(more)
    for action in ("pyramid 3", "pick 0s00", "pick 0s03", "pick 0s04"):
        state.apply(state.parse_action(action))
    place = next(a for a in state.legal_actions() if isinstance(a, A.Place))
    state.apply(place)
    assert state.phase == Phase.OFFER
    assert len(state.free_small_on("saqqara")) == 4


def test_ca_r4_loose_stones_are_freed_and_a_flat_pyramid_is_gone() -> None:
    stones = ["0s00", "0s01", "0s02"]
    state = Builder(2).pyramid("abydos", stones).build()
    base = state.pieces["0s01"]
    base.set_pose(base.x + 3.0, base.y, base.angle, 1)        # nudged: still in the pyramid
    freed, gone = flicking.update_pyramids(state)
    assert freed == [] and gone == []
    base.set_pose(base.x + 8.0, base.y, base.angle, 1)        # knocked away: loose
    freed, gone = flicking.update_pyramids(state)
    assert freed == ["0s01"] and gone == []
    top = state.pieces["0s00"]
    top.set_pose(top.x, top.y - 12.0, top.angle, 1)           # the top fell: nothing above
    freed, gone = flicking.update_pyramids(state)
    assert gone == ["p1"] and sorted(freed) == ["0s00", "0s02"]
    assert not any(p.pyramid for p in state.pieces.values())
    assert state.invariant_violations() == []


def test_placements_ask_only_the_blocks_near_the_site_and_find_the_same_places(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 item 6: listing where a pyramid may stand tried some fifty places against
    every block on the board (2 ms a listing on a full board, in every frame that showed
    the placing and in every playout that reached it). Blocks too far from the site to
    touch a pyramid standing on it are left out; the places found are the same, in order,
    on crowded boards at every site with three free blocks."""
    from nile.games.cairo.shots import crowded

    placing: list[S.CairoState] = []
    for seed in range(1, 4):
        board_now = crowded(5, seed=seed, on_board=0.8, pyramids=2).build()
        for site in board().sites:
            free = board_now.free_small_on(site.id)
            if len(free) < 3:
                continue
            state = (crowded(5, seed=seed, on_board=0.8, pyramids=2)
                     .to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=1,
                              offer_site=site.id, last_block=free[0]).build())
            state.apply(A.BuildPyramid(3))
            state.apply(A.PICK_AUTO)
            state.apply(state.legal_actions()[0])
            assert state.phase == Phase.PLACE
            placing.append(state)
    assert len(placing) >= 10
    for state in placing:
        fast = building.placements(state)
        with monkeypatch.context() as every:  # every block on the ground asked, as before
            every.setattr(building, "_site_reach", lambda state: None)
            assert building.placements(state) == fast
    near = sum(len(building.grounded_near(s, building._site_reach(s))) for s in placing)
    assert near < sum(len(building.grounded_near(s)) for s in placing) / 2


def test_fit_problem_shortcuts_agree_with_the_plain_tests() -> None:
    """The placing tests take two shortcuts (blocks far from the site are not asked, a stone
    well inside the site's inner circle skips the corner test): at hundreds of places on
    and around every site of a crowded board, whether and why a pyramid cannot stand is
    what the plain tests (every corner, every block on the ground) say."""
    import random

    from nile.games.cairo import geometry
    from nile.games.cairo.shots import crowded

    def plain(state: S.CairoState, place: A.Place) -> str | None:
        side = state.data.pieces["small"].side
        site_poly = board().site(state.offer_site).polygon
        base = [p for p in building.stone_poses(state, place) if p[3] == 1]
        for x, y, angle, _ in base:
            if not all(geometry.contains(site_poly, corner)
                       for corner in geometry.square(x, y, angle, side)):
                return "The pyramid must stand entirely on the site."
        for piece in state.on_board():
            if piece.id in state.picked or piece.level != 1:
                continue
            other_side = state.data.pieces[piece.kind].side
            reach = (side + other_side) / math.sqrt(2.0)
            other = None
            for x, y, angle, _ in base:
                if math.hypot(piece.x - x, piece.y - y) >= reach:
                    continue
                other = other or geometry.square(piece.x, piece.y, piece.angle, other_side - 0.1)
                if geometry.intersects(geometry.square(x, y, angle, side - 0.1), other):
                    return "The pyramid would stand on another block."
        return None

    rng = random.Random(5)
    checked = outcomes = 0
    seen: set[str | None] = set()
    for seed, site in ((seed, site) for seed in (1, 2, 3) for site in board().sites):
        free = crowded(5, seed=seed, on_board=0.9).build().free_small_on(site.id)
        if len(free) < 3:
            continue
        state = (crowded(5, seed=seed, on_board=0.9)
                 .to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=1,
                          offer_site=site.id, last_block=free[0]).build())
        state.apply(A.BuildPyramid(3))
        state.apply(A.PICK_AUTO)
        state.apply(state.legal_actions()[0])
        near = building.grounded_near(state, building._site_reach(state))
        for _ in range(40):
            x = site.x + rng.uniform(-0.7, 0.7) * site.w
            y = site.y + rng.uniform(-0.7, 0.7) * site.h
            place = A.Place.of(x, y, math.degrees(site.angle) + rng.choice((0.0, 90.0, 33.0)))
            expected = plain(state, place)
            assert building.fit_problem(state, place, near) == expected, (site.id, place)
            assert building.fit_problem(state, place) == expected
            seen.add(expected)
            checked += 1
        outcomes += 1
    assert outcomes >= 3 and checked >= 180
    assert len(seen) == 3, seen  # fits, off the site, and on another block all came up
