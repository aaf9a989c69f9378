"""Where each hex of a map lies in world units (hex circumradius 1), and back again.

The engine's hexes are flat-topped in odd-q offset coordinates with edge 0 to the north
(`rules.hexes`). Long maps are turned a quarter for the screen: Chile, a strip 28 hexes
long, is shown lying down with north to the left so that it fills a wide window instead
of a narrow column. Every position goes through `MapGeometry`, so nothing else needs
to know whether the map is turned.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from nile.games.age_of_steam.rules import MapData, centre_xy, load_map

Point = tuple[float, float]
SQRT3 = math.sqrt(3)
APOTHEM = SQRT3 / 2
TURNED_MAPS = ("chile",)
"""Maps drawn a quarter turn anticlockwise (north to the left)."""


@dataclass(frozen=True)
class MapGeometry:
    """Hex centres, corners and edge midpoints of one map in world units."""

    map: MapData
    turned: bool
    centres: tuple[Point, ...] = field(default=())
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    # Map space (flat-topped, north up) to world space (turned if the map lies down) ---

    def to_world(self, point: Point) -> Point:
        x, y = point
        return (y, -x) if self.turned else (x, y)

    def from_world(self, point: Point) -> Point:
        x, y = point
        return (-y, x) if self.turned else (x, y)

    def direction(self, edge: int) -> Point:
        """The unit vector from a hex centre toward the middle of `edge`, in world space."""
        angle = math.radians(-90 + 60 * edge)
        return self.to_world((math.cos(angle), math.sin(angle)))

    def centre(self, h: int) -> Point:
        return self.centres[h]

    def edge_point(self, h: int, edge: int, inset: float = 0.0) -> Point:
        """The middle of edge `edge` of hex `h` (moved `inset` toward the centre)."""
        cx, cy = self.centres[h]
        dx, dy = self.direction(edge)
        reach = APOTHEM - inset
        return (cx + dx * reach, cy + dy * reach)

    def corners(self, h: int, scale: float = 1.0) -> list[Point]:
        """The six corners of hex `h` (shrunk toward its centre by `scale`)."""
        cx, cy = self.centres[h]
        result = []
        for i in range(6):
            angle = math.radians(60 * i)
            x, y = self.to_world((math.cos(angle) * scale, math.sin(angle) * scale))
            result.append((cx + x, cy + y))
        return result

    def edge_corners(self, h: int, edge: int) -> tuple[Point, Point]:
        """The two corners bounding edge `edge` of hex `h`."""
        corners = self.corners(h)
        # Corner i sits at 60*i degrees; edge d's middle is at -90 + 60*d degrees.
        return corners[(edge + 4) % 6], corners[(edge + 5) % 6]

    def hex_at(self, point: Point) -> int:
        """The hex under a world point, or -1."""
        x, y = self.from_world(point)
        q = x / 1.5
        r = y / SQRT3 - q / 2
        cq, cr = _cube_round(q, r)
        col, row = cq, cr + (cq - (cq & 1)) // 2
        return self.map.index.get((col, row), -1)


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


@cache
def geometry(map_name: str) -> MapGeometry:
    """The geometry of a named map (computed once)."""
    mp = load_map(map_name)
    return geometry_of(mp, map_name in TURNED_MAPS)


def geometry_of(mp: MapData, turned: bool) -> MapGeometry:
    base = MapGeometry(mp, turned)
    centres = tuple(base.to_world(centre_xy(col, row)) for col, row in mp.cells)
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    pad = 1.0
    bounds = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    return MapGeometry(mp, turned, centres, bounds)
