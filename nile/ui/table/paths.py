"""Polylines on the table: a path shifted sideways, for the two rails of a track and the
edges of a ribbon (Loose Caboose's cards, Age of Steam's track)."""

from __future__ import annotations

import math

Point = tuple[float, float]


def offset(points: list[Point], distance: float) -> list[Point]:
    """`points` moved `distance` to the left of the direction of travel (negative: right),
    each along the normal of the chord between its neighbours, so bends stay smooth."""
    result = []
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(len(points) - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        result.append((x - dy / length * distance, y + dx / length * distance))
    return result
