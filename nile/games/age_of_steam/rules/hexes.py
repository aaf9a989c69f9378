"""Hex geometry: flat-topped hexes, odd-q offset labels, six edges numbered clockwise.

Edge (and direction) numbers: 0 north, 1 north-east, 2 south-east, 3 south, 4 south-west,
5 north-west; the opposite edge of `d` is `(d + 3) % 6`. Map files give hexes as
(column, row) with odd columns shifted half a hex down ("odd-q"); the engine works with
axial coordinates and dense integer indices.
"""

from __future__ import annotations

import math

DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
AXIAL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
CENTRE = 6
"""The port number of a town's centre on a town tile."""


def opposite(direction: int) -> int:
    """The edge facing `direction` from the neighbouring hex."""
    return (direction + 3) % 6


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    """Odd-q offset (column, row) to axial (q, r)."""
    return col, row - (col - (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to odd-q offset (column, row)."""
    return q, r + (q - (q & 1)) // 2


def neighbour_offset(col: int, row: int, direction: int) -> tuple[int, int]:
    """The offset coordinates of the neighbour across edge `direction`."""
    q, r = offset_to_axial(col, row)
    dq, dr = AXIAL_STEPS[direction]
    return axial_to_offset(q + dq, r + dr)


def centre_xy(col: int, row: int) -> tuple[float, float]:
    """Pixel-free centre of a hex of circumradius 1 (for screens and west/east tests)."""
    return 1.5 * col, math.sqrt(3) * (row + 0.5 * (col & 1))


def label(col: int, row: int) -> str:
    """The text name of a hex in actions and logs: 'column,row'."""
    return f"{col},{row}"


def edge_distance(a: int, b: int) -> int:
    """How far apart two edges are round the hex: 1 sharp, 2 gentle, 3 straight."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def chords_cross(first: tuple[int, int], second: tuple[int, int]) -> bool:
    """True if two tracks (edge pairs) on one hex must cross each other."""
    a, b = sorted(first)

    def inside(x: int) -> bool:
        return a < x < b

    return inside(second[0]) != inside(second[1])
