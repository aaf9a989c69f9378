"""E. Pyramids (CA-8): the offer, picking the stones, arranging them, placing the pyramid.

After a small block lands on (or burns on) a site, its flicker may build a pyramid there
from exactly N free small blocks of that site (any colours, burning ones too, never stones
of another pyramid), for N in 3, 5, 6, 10, 14. The stones are chosen one by one (or all at
once, own blocks first); then the colours are ordered from the top level down (own blocks
highest is offered first); then the pyramid is placed, entirely on the site and clear of
every other block on the ground (CA-R5). Several pyramids may follow one flick.

Shapes from the ground up: 3 = 2+1 and 6 = 3+2+1 and 10 = 4+3+2+1 are walls (each stone
resting across two below it), 5 = 4+1 and 14 = 9+4+1 are square pyramids.

A phase module: it never calls another phase; when the pyramids of a flick are done it
returns `NEXT_FLICK` for `dispatch.py` to hand the turn on.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.core.game import Action, Event
from nile.games.cairo import geometry
from nile.games.cairo.board import board
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import scoring
from nile.games.cairo.rules.events import PoseRow, PyramidBuilt
from nile.games.cairo.rules.phases import ARRANGE, NEXT_FLICK, OFFER, PICK, PLACE, Step
from nile.games.cairo.rules.pieces import BOARD, Pyramid

if TYPE_CHECKING:
    from collections.abc import Sequence

    from nile.games.cairo.rules.pieces import Piece
    from nile.games.cairo.rules.state import CairoState

SURE_MM = 0.01
"""A margin far beyond rounding, for shortcuts that must agree with the exact tests."""

Slot = tuple[float, float, int]
"""(u, v, level): a stone's place in pitch units from the pyramid's centre."""


def _row(count: int, level: int) -> list[Slot]:
    return [(i - (count - 1) / 2.0, 0.0, level) for i in range(count)]


def _grid(count: int, level: int) -> list[Slot]:
    return [(i - (count - 1) / 2.0, j - (count - 1) / 2.0, level)
            for j in range(count) for i in range(count)]


LAYOUTS: dict[int, list[Slot]] = {
    3: _row(2, 1) + _row(1, 2),
    5: _grid(2, 1) + _grid(1, 2),
    6: _row(3, 1) + _row(2, 2) + _row(1, 3),
    10: _row(4, 1) + _row(3, 2) + _row(2, 3) + _row(1, 4),
    14: _grid(3, 1) + _grid(2, 2) + _grid(1, 3),
}
"""Stone positions for each pyramid size, ground level first."""
PLACEMENT_CHOICES = 8
"""How many placements `legal_actions` lists (any fitting one is accepted)."""


def slots_top_down(size: int) -> list[Slot]:
    """Slots from the highest level down: the order in which arranged stones are laid."""
    return sorted(LAYOUTS[size], key=lambda s: (-s[2], s[1], s[0]))


# Legal actions --------------------------------------------------------------------------

def actions(state: CairoState) -> list[Action]:
    if state.phase == OFFER:
        free = len(state.free_small_on(state.offer_site))
        return [*(A.BuildPyramid(n) for n in A.PYRAMID_SIZES if n <= free), A.NO_PYRAMID]
    if state.phase == PICK:
        return [A.PICK_AUTO, *(A.Pick(b) for b in _pickable(state))]
    if state.phase == ARRANGE:
        return [A.Arrange(order) for order in _orders(state)]
    if state.phase == PLACE:
        return [*placements(state), A.CancelPyramid()]
    return []


def _pickable(state: CairoState) -> list[str]:
    return [b for b in state.free_small_on(state.offer_site) if b not in state.picked]


def _colours(state: CairoState) -> list[int]:
    return sorted({state.pieces[b].owner for b in state.picked})


def _orders(state: CairoState) -> list[tuple[int, ...]]:
    """Every colour order; own blocks highest (then seat order) comes first."""
    colours = _colours(state)
    default = tuple(sorted(colours, key=lambda s: (s != state.turn, s)))
    others = [tuple(p) for p in itertools.permutations(colours) if tuple(p) != default]
    return [default, *others]


# Applying -------------------------------------------------------------------------------

def apply(state: CairoState, action: Action) -> Step:
    """A pyramid decision; when the pyramids are done the turn goes on (`NEXT_FLICK`)."""
    if isinstance(action, A.BuildPyramid):
        if action.size == 0:
            return _done(state)
        state.pyramid_size, state.picked = action.size, []
        state.phase = PICK
        return [], None
    if isinstance(action, A.Pick):
        _pick(state, action.block)
        return [], None
    if isinstance(action, A.Arrange):
        state.order = action.order
        state.phase = PLACE
        return [], None
    if isinstance(action, A.Place):
        return _build(state, action)
    assert isinstance(action, A.CancelPyramid)
    return _done(state)


def _done(state: CairoState) -> Step:
    state.pyramid_size, state.picked, state.order, state.offer_site = 0, [], (), ""
    return [], NEXT_FLICK


def auto_pick(state: CairoState) -> list[str]:
    """Stones to complete the pick: own blocks first, blocks lying wholly on the site before
    burning ones, nearer the site's centre first."""
    site = board().site(state.offer_site)

    def key(block: str) -> tuple[bool, bool, float, str]:
        piece = state.pieces[block]
        burning = any(not whole for s, whole in state.placement(block).sites if s == site.id)
        return (piece.owner != state.turn, burning,
                math.hypot(piece.x - site.x, piece.y - site.y), block)

    need = state.pyramid_size - len(state.picked)
    return sorted(_pickable(state), key=key)[:need]


def _pick(state: CairoState, block: str) -> None:
    state.picked += auto_pick(state) if block == "auto" else [block]
    if len(state.picked) < state.pyramid_size:
        return
    colours = _colours(state)
    if len(colours) == 1:
        state.order = (colours[0],)
        state.phase = PLACE
    else:
        state.phase = ARRANGE


# Placing --------------------------------------------------------------------------------

def stone_poses(state: CairoState, place: A.Place) -> list[tuple[float, float, float, int]]:
    """(x, y, angle, level) of each slot, top level first (the order stones are laid)."""
    cfg = state.data
    pitch = cfg.pieces["small"].side + cfg.physics.pyramid_gap
    angle = math.radians(place.angle / 10.0)
    c, s = math.cos(angle), math.sin(angle)
    cx, cy = place.x / 10.0, place.y / 10.0
    return [(cx + (c * u - s * v) * pitch, cy + (s * u + c * v) * pitch, angle, level)
            for u, v, level in slots_top_down(state.pyramid_size)]


def fit_problem(state: CairoState, place: A.Place,
                grounded: Sequence[Piece] | None = None) -> str | None:
    """Why the pyramid cannot stand there (CA-R5), or None. `grounded`: the blocks on the
    ground that it may stand on (`grounded_near`), every one of them by default."""
    side = state.data.pieces["small"].side
    site = board().site(state.offer_site)
    site_poly = site.polygon
    # a stone whose centre lies this near the site's centre has every corner within the
    # circle inside the site (by far more than rounding): the corner test is left for the
    # others (placements try some fifty places, issue 33 item 6)
    sure = min(site.w, site.h) / 2 - side / math.sqrt(2.0) - SURE_MM
    base = [p for p in stone_poses(state, place) if p[3] == 1]
    for x, y, angle, _ in base:
        if math.hypot(x - site.x, y - site.y) < sure:
            continue
        if not all(geometry.contains(site_poly, corner)
                   for corner in geometry.square(x, y, angle, side)):
            return "The pyramid must stand entirely on the site."
    for piece in grounded_near(state) if grounded is None else grounded:
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


def grounded_near(state: CairoState, reach: float | None = None) -> list[Piece]:
    """The blocks on the ground (not stones picked for the pyramid) a pyramid on the offer
    site could stand on, in board order: those within `reach` of the site's centre, every
    one of them without it. A pyramid that stands on its site has its base stones' centres
    within the site's half-diagonal, so blocks farther than that and the widest overlap
    distance cannot touch it: `placements` tries some fifty places and asked all 85
    blocks for each (2 ms on a full board, issue 33 item 6)."""
    site = board().site(state.offer_site)
    picked = set(state.picked)
    return [p for p in state.on_board() if p.id not in picked and p.level == 1
            and (reach is None or math.hypot(p.x - site.x, p.y - site.y) < reach)]


def _site_reach(state: CairoState) -> float:
    """How far from the offer site's centre a block on the ground can touch a pyramid
    standing on the site (see `grounded_near`), with a millimetre to spare."""
    site = board().site(state.offer_site)
    pieces = state.data.pieces
    widest = max(p.side for p in pieces.values())
    return math.hypot(site.w, site.h) / 2 + (pieces["small"].side + widest) / math.sqrt(2.0) + 1.0


def validate_place(state: CairoState, place: A.Place) -> None:
    problem = fit_problem(state, place)
    if problem:
        raise IllegalAction(problem)


def placements(state: CairoState) -> list[A.Place]:
    """Up to `PLACEMENT_CHOICES` fitting placements, nearest the site's centre first."""
    site = board().site(state.offer_site)
    cfg = state.data
    pitch = cfg.pieces["small"].side + cfg.physics.pyramid_gap
    half = cfg.pieces["small"].side / 2.0
    slots = LAYOUTS[state.pyramid_size]
    wall = all(v == 0.0 for _, v, _ in slots)
    out: list[A.Place] = []
    grounded = grounded_near(state, _site_reach(state))
    for turn_by in (0.0, math.pi / 2) if wall else (0.0,):
        ext_u = max(abs(u) for u, _, _ in slots) * pitch + half
        ext_v = max(abs(v) for _, v, _ in slots) * pitch + half
        if turn_by:
            ext_u, ext_v = ext_v, ext_u
        room_u, room_v = site.w / 2 - ext_u - 0.2, site.h / 2 - ext_v - 0.2
        if room_u < 0 or room_v < 0:
            continue
        offsets = sorted(((room_u * i / 2, room_v * j / 2) for i in range(-2, 3)
                          for j in range(-2, 3)), key=lambda o: (math.hypot(*o), o))
        for du, dv in offsets:
            x, y = site.world((du, dv))
            place = A.Place.of(x, y, math.degrees(site.angle + turn_by))
            if place not in out and fit_problem(state, place, grounded) is None:
                out.append(place)
            if len(out) >= PLACEMENT_CHOICES:
                return out
    return out


def _build(state: CairoState, place: A.Place) -> Step:
    rank = {seat: i for i, seat in enumerate(state.order)}
    stones = sorted(state.picked, key=lambda b: (rank[state.pieces[b].owner], b))
    state.pyramid_count += 1
    pyramid = Pyramid(f"p{state.pyramid_count}", state.offer_site, [])
    rows: list[PoseRow] = []
    for block, (x, y, angle, level) in zip(stones, stone_poses(state, place), strict=True):
        piece = state.pieces[block]
        piece.where = BOARD
        piece.set_pose(x, y, angle, level)
        piece.pyramid = pyramid.id
        pyramid.stones.append(block)
        pyramid.home[block] = (piece.x, piece.y)
        state.forget(block)
        rows.append((block, piece.x, piece.y, piece.angle, level))
    state.pyramids[pyramid.id] = pyramid
    events: list[Event] = [PyramidBuilt(state.turn, state.offer_site, pyramid.id, tuple(rows))]
    events += scoring.sudden_death(state)
    site = state.offer_site
    state.pyramid_size, state.picked, state.order = 0, [], ()
    if site not in state.closed and len(state.free_small_on(site)) >= 3:
        state.phase = OFFER
        return events, None
    state.offer_site = ""
    return events, NEXT_FLICK
