"""Influence and scoring (the rulebook's Scoring section, CA-6, CA-10, CA-12).

Influence of a block on a site: small 1, large 3, die-block its face, a pyramid stone its
level; half of that when the block is burning on the site's boundary. First place takes
the site's larger number, second the smaller; a site with one colour only pays first
place. Tied influence: the tied player with the block nearest the site (not counting for
it, anywhere on the board) goes ahead; still tied, the tied players share the points of the
places they occupy, each share rounded up (CA-10).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from nile.games.cairo import geometry
from nile.games.cairo.board import board
from nile.games.cairo.rules.events import SiteScored
from nile.games.cairo.rules.pieces import BOARD, Piece

if TYPE_CHECKING:
    from nile.games.cairo.board import Placement
    from nile.games.cairo.config import CairoData


class Table(Protocol):
    """What scoring reads of a game (and Sudden Death banks into). `CairoState` is one:
    the state asks this module for its scores, so this module does not name the state."""

    players: int
    sudden_death: bool
    data: CairoData
    pieces: dict[str, Piece]
    banked: list[int]
    closed: dict[str, list[str]]
    site_points: dict[str, list[int]]

    def placement(self, block: str) -> Placement:
        """Where a block on the board lies (CA-6)."""
        ...


@dataclass(frozen=True)
class SiteResult:
    site: str
    influence: tuple[float, ...]
    points: tuple[int, ...]


def block_influence(state: Table, piece: Piece) -> float:
    """A block's full influence (before halving for burning)."""
    if piece.kind == "die":
        return float(piece.face)
    if piece.kind == "large":
        return state.data.pieces["large"].influence
    return float(piece.level) if piece.pyramid else state.data.pieces["small"].influence


def influence_by_site(state: Table) -> dict[str, list[float]]:
    """Each site's influence per seat, from every block on the board."""
    out = {site.id: [0.0] * state.players for site in board().sites}
    for piece in state.pieces.values():
        if piece.where != BOARD:
            continue
        value = block_influence(state, piece)
        for site, whole in state.placement(piece.id).sites:
            out[site][piece.owner] += value if whole else value / 2.0
    return out


def nearest_distance(state: Table, seat: int, site_id: str) -> float:
    """The gap between the site and the seat's nearest block that does not count for it.

    Blocks are tried nearest first by a cheap lower bound (centre distance less both
    half-diagonals) and the search stops once no block left can beat the best gap: the
    same minimum as measuring every block, at a fraction of the polygon distances."""
    site = board().site(site_id)
    site_poly = site.polygon
    site_reach = 0.5 * math.hypot(site.w, site.h)
    candidates = []
    for piece in state.pieces.values():
        if piece.owner != seat or piece.where != BOARD:
            continue
        if any(s == site_id for s, _ in state.placement(piece.id).sites):
            continue
        side = state.data.pieces[piece.kind].side
        bound = math.hypot(piece.x - site.x, piece.y - site.y) - site_reach - side / math.sqrt(2)
        candidates.append((bound, piece.id, side))
    candidates.sort()
    best = math.inf
    for bound, block, side in candidates:
        if bound >= best:
            break
        piece = state.pieces[block]
        best = min(best, geometry.distance(geometry.square(piece.x, piece.y, piece.angle, side),
                                           site_poly))
    return best


def site_result(state: Table, site_id: str, influence: list[float]) -> SiteResult:
    """Places and points on one site (CA-10)."""
    site = board().site(site_id)
    present = [s for s in range(state.players) if influence[s] > 0.0]
    prizes = [site.first, site.second] if len(present) >= 2 else [site.first]
    points = [0] * state.players
    ordered = _ordered(state, site_id, present, influence)
    place = 0
    for group in ordered:
        pot = sum(prizes[place:place + len(group)])
        share = math.ceil(pot / len(group)) if pot else 0
        for seat in group:
            points[seat] = share
        place += len(group)
    return SiteResult(site_id, tuple(influence), tuple(points))


def _ordered(state: Table, site_id: str, present: list[int],
             influence: list[float]) -> list[list[int]]:
    """Seats grouped by (influence, nearest-block distance), best first."""
    distance: dict[int, float] = {}
    for seat in present:
        if sum(1 for o in present if influence[o] == influence[seat]) > 1:
            distance[seat] = nearest_distance(state, seat, site_id)
        else:
            distance[seat] = 0.0
    keys = sorted({(-influence[s], distance[s]) for s in present})
    return [[s for s in present if (-influence[s], distance[s]) == key] for key in keys]


def open_sites(state: Table) -> list[str]:
    return [site.id for site in board().sites if site.id not in state.closed]


def projected_points(state: Table) -> list[int]:
    """Points already banked (Sudden Death) plus what the open sites would pay now."""
    totals = list(state.banked)
    influence = influence_by_site(state)
    for site_id in open_sites(state):
        result = site_result(state, site_id, influence[site_id])
        for seat, p in enumerate(result.points):
            totals[seat] += p
    return totals


def final_scoring(state: Table) -> list[SiteScored]:
    """Score every open site, site by site, and bank the points."""
    events = []
    influence = influence_by_site(state)
    for site_id in open_sites(state):
        result = site_result(state, site_id, influence[site_id])
        for seat, p in enumerate(result.points):
            state.banked[seat] += p
        state.site_points[site_id] = list(result.points)
        events.append(SiteScored(site_id, result.influence, result.points, False))
    return events


def sudden_death(state: Table) -> list[SiteScored]:
    """CA-12: a site with a strict first and a strict second place scores at once and
    closes; the blocks counting for it then stay as they are."""
    if not state.sudden_death:
        return []
    events = []
    influence = influence_by_site(state)
    for site_id in open_sites(state):
        values = [*sorted(influence[site_id], reverse=True), 0.0]
        if not values[1] > 0.0 or values[0] == values[1] or values[1] == values[2]:
            continue
        result = site_result(state, site_id, influence[site_id])
        for seat, p in enumerate(result.points):
            state.banked[seat] += p
        state.site_points[site_id] = list(result.points)
        state.closed[site_id] = sorted(
            p.id for p in state.pieces.values()
            if p.where == BOARD and any(s == site_id for s, _ in state.placement(p.id).sites))
        events.append(SiteScored(site_id, result.influence, result.points, True))
    return events


def small_blocks_on_board(state: Table, seat: int) -> int:
    """The game tie-break: most small blocks on the board."""
    return sum(1 for p in state.pieces.values()
               if p.owner == seat and p.kind == "small" and p.where == BOARD)
