"""Plane geometry for Cairo: squares, convex polygons, clipping and distances.

Pure Python (and numpy for batches). Every piece footprint and every board region is a
convex quadrilateral, so the few operations here cover the board, the classification at
rest, the pyramid supports and the scoring distances. Points are `(x, y)` tuples in mm;
polygons are lists of points, counter-clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Point = tuple[float, float]
Polygon = list[Point]
FloatArray = npt.NDArray[np.float64]


def square(x: float, y: float, angle: float, side: float) -> Polygon:
    """The corners of a square of `side` centred on (x, y), turned by `angle` radians."""
    return rectangle(x, y, angle, side, side)


def rectangle(x: float, y: float, angle: float, width: float, height: float) -> Polygon:
    """The corners of a `width` x `height` rectangle centred on (x, y), turned by `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    hw, hh = width / 2.0, height / 2.0
    return [(x + c * dx - s * dy, y + s * dx + c * dy)
            for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]


Corners = tuple[tuple[float, float, float, float], ...]
"""Per corner of a turned rectangle: (c*dx, s*dy, s*dx, c*dy), see `rectangle_terms`."""


def rectangle_terms(angle: float, width: float, height: float) -> Corners:
    """The products `rectangle` works out for each corner, which depend only on the angle
    and the size: a search that tries one rectangle at many places works them out once."""
    c, s = math.cos(angle), math.sin(angle)
    hw, hh = width / 2.0, height / 2.0
    return tuple((c * dx, s * dy, s * dx, c * dy)
                 for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)))


def rectangle_from(x: float, y: float, corners: Corners) -> Polygon:
    """`rectangle(x, y, angle, width, height)` from `rectangle_terms(angle, width, height)`:
    the same sums in the same order, so the very same corners."""
    return [(x + cdx - sdy, y + sdx + cdy) for cdx, sdy, sdx, cdy in corners]


def area(poly: Sequence[Point]) -> float:
    """Unsigned area of a simple polygon."""
    total = 0.0
    for i in range(len(poly)):
        x0, y0 = poly[i - 1]
        x1, y1 = poly[i]
        total += x0 * y1 - x1 * y0
    return abs(total) / 2.0


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def clip(subject: Sequence[Point], clipper: Sequence[Point]) -> Polygon:
    """Sutherland-Hodgman: the intersection of two convex counter-clockwise polygons."""
    out = list(subject)
    for i in range(len(clipper)):
        if not out:
            break
        a, b = clipper[i], clipper[(i + 1) % len(clipper)]
        inp, out = out, []
        for j in range(len(inp)):
            p, q = inp[j], inp[(j + 1) % len(inp)]
            p_in, q_in = _cross(a, b, p) >= 0.0, _cross(a, b, q) >= 0.0
            if q_in:
                if not p_in:
                    out.append(_intersection(p, q, a, b))
                out.append(q)
            elif p_in:
                out.append(_intersection(p, q, a, b))
    return out


def _intersection(p: Point, q: Point, a: Point, b: Point) -> Point:
    d1x, d1y = q[0] - p[0], q[1] - p[1]
    d2x, d2y = b[0] - a[0], b[1] - a[1]
    denom = d1x * d2y - d1y * d2x
    if denom == 0.0:
        return q
    t = ((a[0] - p[0]) * d2y - (a[1] - p[1]) * d2x) / denom
    return (p[0] + d1x * t, p[1] + d1y * t)


def contains(poly: Sequence[Point], point: Point) -> bool:
    """True if `point` lies inside (or on) the convex counter-clockwise `poly`."""
    return all(_cross(poly[i], poly[(i + 1) % len(poly)], point) >= 0.0
               for i in range(len(poly)))


def inside_by(poly: Sequence[Point], point: Point) -> float:
    """How far `point` lies inside the convex counter-clockwise `poly` (negative: outside)."""
    best = math.inf
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length > 0.0:
            best = min(best, _cross(a, b, point) / length)
    return best


def convex_hull(points: Sequence[Point]) -> Polygon:
    """Andrew's monotone chain; counter-clockwise, no repeated end point."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return list(pts)
    lower: Polygon = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0.0:
            lower.pop()
        lower.append(p)
    upper: Polygon = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0.0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def intersects(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Separating-axis test for two convex polygons (touching counts as intersecting)."""
    for poly, other in ((a, b), (b, a)):
        for i in range(len(poly)):
            p, q = poly[i], poly[(i + 1) % len(poly)]
            if all(_cross(p, q, r) < 0.0 for r in other):
                return False
    return True


def separation(a: Sequence[Point], b: Sequence[Point],
               extra: float = 0.05) -> tuple[float, float] | None:
    """The shortest move that takes convex polygon `a` out of `b` (plus `extra` mm), or
    None if they do not overlap."""
    best: tuple[float, float, float] | None = None
    ca = (sum(p[0] for p in a) / len(a), sum(p[1] for p in a) / len(a))
    cb = (sum(p[0] for p in b) / len(b), sum(p[1] for p in b) / len(b))
    for poly in (a, b):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0.0:
                continue
            nx, ny = (y1 - y0) / length, (x0 - x1) / length
            pa = [nx * p[0] + ny * p[1] for p in a]
            pb = [nx * p[0] + ny * p[1] for p in b]
            overlap = min(max(pa), max(pb)) - max(min(pa), min(pb))
            if overlap <= 0.0:
                return None
            if best is None or overlap < best[0]:
                sign = 1.0 if nx * (ca[0] - cb[0]) + ny * (ca[1] - cb[1]) >= 0.0 else -1.0
                best = (overlap, sign * nx, sign * ny)
    assert best is not None
    depth, nx, ny = best
    return ((depth + extra) * nx, (depth + extra) * ny)


Axis = tuple[float, float, float, float]
"""An edge's outward unit normal (nx, ny) and a polygon's extent along it (low, high)."""


def _edge_normal(poly: Sequence[Point], i: int) -> tuple[float, float] | None:
    """Edge i's unit normal as `separation` computes it (None for a degenerate edge)."""
    (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0.0:
        return None
    return (y1 - y0) / length, (x0 - x1) / length


def axes_of(poly: Sequence[Point]) -> tuple[Axis, ...]:
    """The polygon's edge axes with its own extent along each: what `overlaps` needs of a
    polygon that stays put while another is tried at many places."""
    out = []
    for i in range(len(poly)):
        normal = _edge_normal(poly, i)
        if normal is not None:
            nx, ny = normal
            along = [nx * p[0] + ny * p[1] for p in poly]
            out.append((nx, ny, min(along), max(along)))
    return tuple(out)


def overlaps(a: Sequence[Point], b: Sequence[Point], b_axes: tuple[Axis, ...]) -> bool:
    """Whether `separation(a, b, ...)` finds an overlap (is not None), by the very same
    axes and arithmetic, without working out the push: a falling stone's search for a free
    spot asks this hundreds of times (issue 33 item 6). `b_axes` is `axes_of(b)`. Which axis
    separates first does not change the answer, so b's ready axes go first."""
    for nx, ny, low, high in b_axes:
        along = [nx * p[0] + ny * p[1] for p in a]
        if min(max(along), high) - max(min(along), low) <= 0.0:
            return False
    for i in range(len(a)):
        normal = _edge_normal(a, i)
        if normal is None:
            continue
        nx, ny = normal
        pa = [nx * p[0] + ny * p[1] for p in a]
        pb = [nx * p[0] + ny * p[1] for p in b]
        if min(max(pa), max(pb)) - max(min(pa), min(pb)) <= 0.0:
            return False
    return True


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from `p` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                                / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The gap between two convex polygons (0 when they touch or overlap)."""
    if intersects(a, b):
        return 0.0
    best = math.inf
    for poly, other in ((a, b), (b, a)):
        for p in poly:
            for i in range(len(other)):
                best = min(best, point_segment_distance(p, other[i], other[(i + 1) % len(other)]))
    return best


def squares_array(xs: FloatArray, ys: FloatArray, angles: FloatArray,
                  sides: FloatArray) -> FloatArray:
    """Corners of many squares at once: shape (n, 4, 2), counter-clockwise."""
    c, s = np.cos(angles), np.sin(angles)
    half = sides / 2.0
    unit = np.array([(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)])
    dx = unit[None, :, 0] * half[:, None]
    dy = unit[None, :, 1] * half[:, None]
    out = np.empty((len(xs), 4, 2))
    out[:, :, 0] = xs[:, None] + c[:, None] * dx - s[:, None] * dy
    out[:, :, 1] = ys[:, None] + s[:, None] * dx + c[:, None] * dy
    return out


def edge_planes(polys: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Outward unit normals (n, k, 2) and offsets (n, k) of convex CCW polygons (n, k, 2).

    A point p is outside edge j of polygon i by `normals[i, j] @ p - offsets[i, j]`.
    """
    edges = np.roll(polys, -1, axis=1) - polys
    normals = np.stack((edges[:, :, 1], -edges[:, :, 0]), axis=2)
    normals /= np.linalg.norm(normals, axis=2, keepdims=True)
    offsets = np.einsum("nkd,nkd->nk", normals, polys)
    return normals, offsets
