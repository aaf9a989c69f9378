"""What a flick did to the other pieces, one log line each (issue 15: every flick narrated).

The flick's own block is told by `FlickResolved`; this module compares the board before
and after the flick and returns a `FlickConsequence` for each thing that happened to
anything else: a pyramid ruined or collapsed (whose stones, what still stands), stones
freed, blocks knocked off, onto or onto the edge of a site, into the Nile or off the board,
ships shoved. Knock-overs have their own event (`ShipKnockedOver`). Pure: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nile.games.cairo.bodies import FlickOutcome, Launch
from nile.games.cairo.rules.events import FlickConsequence
from nile.games.cairo.rules.pieces import BOARD, ship_id

if TYPE_CHECKING:
    from nile.games.cairo.board import Placement
    from nile.games.cairo.rules.state import CairoState

SHOVE_MM = 0.5
"""A ship moved less than this (and turned less than half a degree) was not shoved."""


@dataclass(frozen=True)
class Before:
    """The parts of the board a narration compares with: taken before the flick moves it."""

    sites: dict[str, dict[str, bool]]
    """For each piece the flick touched: the sites it lay on (True) or burned on (False)."""
    pyramids: dict[str, tuple[str, tuple[str, ...]]]
    """Pyramid id -> (site, stones)."""
    stones: frozenset[str]
    ships: dict[int, tuple[float, float, float]]


def before(state: CairoState, outcome: FlickOutcome) -> Before:
    sites = {b: dict(state.placement(b).sites) for b in outcome.touched
             if b in state.pieces and state.pieces[b].where == BOARD}
    pyramids = {p.id: (p.site, tuple(p.stones)) for p in state.pyramids.values()}
    stones = frozenset(s for _, group in pyramids.values() for s in group)
    ships = {seat: state.ship_pose(seat) for seat in state.active_seats()}
    return Before(sites, pyramids, stones, ships)


def consequences(state: CairoState, was: Before, launch: Launch, outcome: FlickOutcome,
                 rest: dict[str, Placement], to_box: list[str], freed: list[str],
                 gone: list[str], knocked: tuple[str, ...]) -> list[FlickConsequence]:
    """The log lines, pyramids first, then stones, blocks and ships. `rest` is where the
    moved blocks came to rest, judged before any went to the box."""
    seat = state.turn
    out = _pyramids(state, was, seat, gone)
    if freed:
        out.append(FlickConsequence(seat, "freed", _owners(state, freed)))
    out += _blocks(state, was, seat, launch.block, outcome, rest, to_box)
    out += _ships(state, was, seat, outcome, knocked)
    return out


def _owners(state: CairoState, blocks: list[str]) -> tuple[int, ...]:
    return tuple(sorted(state.pieces[b].owner for b in blocks))


def _pyramids(state: CairoState, was: Before, seat: int,
              gone: list[str]) -> list[FlickConsequence]:
    out = []
    for pid, (site, stones) in was.pyramids.items():
        owners = _owners(state, list(stones))
        if pid in gone:
            out.append(FlickConsequence(seat, "collapsed", owners, site, 0, len(stones)))
            continue
        standing = len(state.pyramids[pid].stones)
        if standing < len(stones):
            out.append(FlickConsequence(seat, "ruined", owners, site, standing, len(stones)))
    return out


def _blocks(state: CairoState, was: Before, seat: int, flicked: str, outcome: FlickOutcome,
            rest: dict[str, Placement], to_box: list[str]) -> list[FlickConsequence]:
    """Blocks other than the flicked one, grouped by what happened to them and where."""
    groups: dict[tuple[str, str], list[str]] = {}
    for block, sites in was.sites.items():
        if block == flicked:
            continue
        for what, site in _what_happened(state, block, sites, outcome, rest.get(block),
                                         to_box, block in was.stones):
            groups.setdefault((what, site), []).append(block)
    order = ("nile", "off_board", "scored_site", "off_site", "to_edge", "onto_site")
    return [FlickConsequence(seat, what, _owners(state, blocks), site)
            for (what, site), blocks in sorted(groups.items(),
                                               key=lambda g: (order.index(g[0][0]), g[0][1]))]


def _what_happened(state: CairoState, block: str, sites: dict[str, bool],
                   outcome: FlickOutcome, place: Placement | None, to_box: list[str],
                   stone: bool) -> list[tuple[str, str]]:
    if block in to_box:
        if block in outcome.fell_off:
            return [("off_board", "")]
        if place is not None and place.off_board:
            return [("off_board", "")]
        if place is not None and place.in_nile:
            return [("nile", "")]
        closed = [s for s, _ in place.sites] if place is not None else []
        return [("scored_site", closed[0] if closed else "")]
    if stone or state.pieces[block].where != BOARD:
        return []  # pyramid stones are told as the pyramid and the freed stones
    now = dict(state.placement(block).sites)
    out = []
    for site, whole in sites.items():
        if site not in now:
            out.append(("off_site", site))
        elif whole and not now[site]:
            out.append(("to_edge", site))
    for site, whole in now.items():
        if site not in sites:
            out.append(("onto_site" if whole else "to_edge", site))
    return out


def _ships(state: CairoState, was: Before, seat: int, outcome: FlickOutcome,
           knocked: tuple[str, ...]) -> list[FlickConsequence]:
    out = []
    for owner, (x, y, angle) in was.ships.items():
        ship = ship_id(owner)
        if ship in knocked or ship not in outcome.poses:
            continue
        pose = outcome.poses[ship]
        moved = math.hypot(pose.x - x, pose.y - y)
        turned = abs(math.degrees(math.remainder(pose.angle - angle, 2 * math.pi)))
        if moved >= SHOVE_MM or turned >= 0.5:
            out.append(FlickConsequence(seat, "shoved", (owner,), "", round(turned),
                                        round(moved)))
    return out
