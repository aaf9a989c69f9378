"""The Cairo board as geometry: the Nile and its spaces, desert areas, construction sites.

`data.toml` holds the invented board (CA-1); `board()` turns it into regions and lines.
Every region is a convex rectangle, which keeps the CA-6 classification a handful of
vectorised half-plane tests (`classify`). Desert areas and the Nile are extended far past
the board's edges, so a block hanging over an edge is judged by what it covers on the board
and is never "burning" on the edge itself: the board's edge is not a boundary line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from nile.games.cairo import config
from nile.games.cairo.geometry import FloatArray, Point, Polygon, edge_planes, rectangle

FAR = 2000.0
"""How far desert areas and the river reach past the board's edges (mm)."""


@dataclass(frozen=True)
class NileSpace:
    """One space of the Nile track (CA-1/CA-2)."""

    id: str
    index: int
    downstream: bool
    x: float
    y: float
    heading: float
    """The ship's bow direction, radians."""
    port: str
    starboard: str
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class DesertArea:
    id: str
    bank: str
    x0: float
    x1: float
    y0: float
    y1: float

    @property
    def polygon(self) -> Polygon:
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]


@dataclass(frozen=True)
class Site:
    """A construction site: a turned rectangle with first and second place points."""

    id: str
    name: str
    area: str
    x: float
    y: float
    w: float
    h: float
    angle: float
    """Radians."""
    first: int
    second: int

    @property
    def polygon(self) -> Polygon:
        return rectangle(self.x, self.y, self.angle, self.w, self.h)

    def local(self, point: Point) -> Point:
        """`point` in the site's own frame (origin at its centre, axes along its sides)."""
        dx, dy = point[0] - self.x, point[1] - self.y
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (c * dx + s * dy, -s * dx + c * dy)

    def world(self, local: Point) -> Point:
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (self.x + c * local[0] - s * local[1], self.y + s * local[0] + c * local[1])


@dataclass(frozen=True)
class Placement:
    """Where a block lies at rest (CA-6)."""

    off_board: bool
    """Entirely off the board: to the box."""
    in_nile: bool
    """Entirely in the Nile: to the box."""
    burning: bool
    """Across some boundary line by more than the tolerance."""
    sites: tuple[tuple[str, bool], ...]
    """(site id, lies entirely on it) for every site it is on or burning on."""
    areas: tuple[str, ...]
    """Desert areas it lies in, wholly or partly."""

    @property
    def to_box(self) -> bool:
        return self.off_board or self.in_nile

    def on_site_entirely(self) -> str | None:
        """The site the block lies entirely on, if any."""
        for site, whole in self.sites:
            if whole:
                return site
        return None


@dataclass(frozen=True)
class Board:
    width: float
    height: float
    tolerance: float
    south_bank: float
    north_bank: float
    lane_split: float
    start_area: tuple[float, float]
    start_slots: tuple[Point, ...]
    spaces: tuple[NileSpace, ...]
    deserts: tuple[DesertArea, ...]
    sites: tuple[Site, ...]
    _regions: tuple[tuple[str, str], ...]
    _normals: FloatArray
    _offsets: FloatArray
    _shrunk: FloatArray

    # Lookups ----------------------------------------------------------------------------

    def space(self, space_id: str) -> NileSpace:
        for space in self.spaces:
            if space.id == space_id:
                return space
        raise KeyError(space_id)

    def site(self, site_id: str) -> Site:
        for site in self.sites:
            if site.id == site_id:
                return site
        raise KeyError(site_id)

    @property
    def track_set(self) -> frozenset[str]:
        return frozenset(space.id for space in self.spaces)

    @property
    def polygon(self) -> Polygon:
        return [(0.0, 0.0), (self.width, 0.0), (self.width, self.height), (0.0, self.height)]

    def boundary_lines(self) -> list[tuple[Point, Point]]:
        """The boundary lines drawn on the board (banks, desert cuts, site outlines)."""
        lines: list[tuple[Point, Point]] = [((0.0, self.south_bank), (self.width, self.south_bank)),
                                            ((0.0, self.north_bank), (self.width, self.north_bank))]
        for area in self.deserts:
            for x in (area.x0, area.x1):
                if 0.0 < x < self.width:
                    y0, y1 = max(area.y0, 0.0), min(area.y1, self.height)
                    lines.append(((x, y0), (x, y1)))
        for site in self.sites:
            poly = site.polygon
            lines += [(poly[i], poly[(i + 1) % 4]) for i in range(4)]
        return sorted(set(lines))

    # Classification (CA-6) ----------------------------------------------------------------

    def classify(self, corners: FloatArray) -> list[Placement]:
        """Where each block lies, given its corners (n, 4, 2) counter-clockwise."""
        if len(corners) == 0:
            return []
        touch, inside = self._region_tests(corners)
        return [self._placement(t, i) for t, i in zip(touch.tolist(), inside.tolist(),
                                                      strict=True)]

    def _region_tests(self, corners: FloatArray) -> tuple[Any, Any]:
        """(touch, inside) per block and region: touch = overlaps the region shrunk by the
        tolerance; inside = lies within the region grown by it. numpy is slow at reducing a
        length-4 last axis, so axes are moved to the front and reduced slice by slice."""
        eps = self.tolerance
        n, regions = len(corners), len(self._regions)
        # d[c, e, p, r]: how far corner c of block p lies outside edge e of region r
        d = ((corners.reshape(n * 4, 2) @ self._normals.reshape(regions * 4, 2).T
              ).reshape(n, 4, regions, 4) - self._offsets[None, None]).transpose(1, 3, 0, 2)
        inside = _lead(np.maximum, _lead(np.maximum, d)) <= eps
        separated = _lead(np.logical_or, _lead(np.minimum, d) >= -eps)
        # q[c, e, p, r]: how far corner c of shrunk region r lies outside edge e of block p
        piece_normals, piece_offsets = edge_planes(corners)
        q = ((piece_normals.reshape(n * 4, 2) @ self._shrunk.reshape(regions * 4, 2).T
              ).reshape(n, 4, regions, 4) - piece_offsets[:, :, None, None]).transpose(3, 1, 0, 2)
        separated |= _lead(np.logical_or, _lead(np.minimum, q) >= 0.0)
        return ~separated, inside

    def _placement(self, touch: list[bool], inside: list[bool]) -> Placement:
        bases: list[str] = []
        sites: list[tuple[str, bool]] = []
        off_board = True
        for r, (kind, name) in enumerate(self._regions):
            if not touch[r]:
                continue
            if kind == "board":
                off_board = False
            elif kind == "site":
                sites.append((name, inside[r]))
            else:
                bases.append(name)
        areas = tuple(b for b in bases if b != "nile")
        burning = len(bases) >= 2 or any(not whole for _, whole in sites)
        in_nile = not off_board and bases == ["nile"]
        return Placement(off_board, in_nile, burning, tuple(sites), areas)


def _lead(op: Any, a: Any) -> Any:
    """Reduce the first axis (length 4) of `a` with the elementwise `op`."""
    return op(op(a[0], a[1]), op(a[2], a[3]))


def _build(raw: dict[str, Any]) -> Board:
    b, nile, deserts = raw["board"], raw["nile"], raw["deserts"]
    width, height = float(b["width"]), float(b["height"])
    south, north = float(nile["south_bank"]), float(nile["north_bank"])
    spaces = tuple(
        NileSpace(str(s["id"]), i, str(s["id"]).startswith("D"), float(s["x"]), float(s["y"]),
                  math.radians(float(s["heading"])), str(s["port"]), str(s["starboard"]),
                  tuple(str(f) for f in s.get("faces", ())))
        for i, s in enumerate(raw["spaces"]))
    cuts = [-FAR] + [float(x) for x in deserts["cuts"]] + [width + FAR]
    areas = []
    for bank, y0, y1 in (("N", north, height + FAR), ("S", -FAR, south)):
        for i in range(len(cuts) - 1):
            areas.append(DesertArea(f"{bank}{i + 1}", bank, cuts[i], cuts[i + 1], y0, y1))
    sites = tuple(Site(str(s["id"]), str(s["name"]), str(s["area"]), float(s["x"]),
                       float(s["y"]), float(s["w"]), float(s["h"]),
                       math.radians(float(s["angle"])), int(s["first"]), int(s["second"]))
                  for s in raw["sites"])
    tolerance = float(b["burn_tolerance"])
    regions: list[tuple[str, str]] = []
    polys: list[Polygon] = []
    shrunk: list[Polygon] = []

    def add(kind: str, name: str, x: float, y: float, angle: float, w: float, h: float) -> None:
        regions.append((kind, name))
        polys.append(rectangle(x, y, angle, w, h))
        shrunk.append(rectangle(x, y, angle, w - 2 * tolerance, h - 2 * tolerance))

    add("board", "board", width / 2, height / 2, 0.0, width, height)
    add("nile", "nile", width / 2, (south + north) / 2, 0.0, width + 2 * FAR, north - south)
    for a in areas:
        add("desert", a.id, (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2, 0.0, a.x1 - a.x0, a.y1 - a.y0)
    for s in sites:
        add("site", s.id, s.x, s.y, s.angle, s.w, s.h)
    normals, offsets = edge_planes(np.array(polys, dtype=np.float64))
    return Board(
        width=width, height=height, tolerance=tolerance, south_bank=south, north_bank=north,
        lane_split=float(nile["lane_split"]),
        start_area=(float(nile["start_x0"]), float(nile["start_x1"])),
        start_slots=tuple((float(x), float(y)) for x, y in nile["start_slots"]),
        spaces=spaces, deserts=tuple(areas), sites=sites, _regions=tuple(regions),
        _normals=normals, _offsets=offsets, _shrunk=np.array(shrunk, dtype=np.float64))


@cache
def board() -> Board:
    """The board from data.toml (built once per process)."""
    return _build(config.load().raw)


def track() -> tuple[str, ...]:
    """Space ids in sailing order: upstream U1..U12, then downstream D1..D6, then round."""
    return tuple(space.id for space in board().spaces)


def site_ids() -> tuple[str, ...]:
    return tuple(site.id for site in board().sites)


def corners_of(poses: Sequence[tuple[float, float, float, float]]) -> FloatArray:
    """Corners (n, 4, 2) of squares given as (x, y, angle, side)."""
    if not poses:
        return np.zeros((0, 4, 2))
    return np.array([rectangle(x, y, a, s, s) for x, y, a, s in poses], dtype=np.float64)
