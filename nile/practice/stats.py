"""Practice statistics: hits, error, consistency, heat maps and trends (numpy, no pygame).

Every flick becomes a `FlickRow` (what the history file stores). From rows:
- `summarize`: count, hits, the mean and spread of the error, and the two halves of the
  error that a player can train separately: *length* (how much too long or short along the
  line from the ship to the target: power consistency) and *direction* (how many degrees
  left or right of that line: angle consistency). Spreads are population standard
  deviations (numpy's default, ddof=0): the spread of the flicks made, not an estimate
  for flicks not made, and defined for a single flick (0).
- `by_finger`: the same per finger profile.
- `heat_bins`: landing points binned on the board into a 2D histogram.
- `trend` / `rolling_mean` / `session_trend`: the error flick by flick and session by
  session.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

BOARD_SIZE = (700.0, 500.0)
"""Cairo's board in mm (the heat map's extent)."""


@dataclass(frozen=True)
class FlickRow:
    """One flick as the statistics and the history keep it."""

    drill: str
    finger: int
    kind: str
    degrees: float
    power: float
    offset: float
    end_x: float
    end_y: float
    error: float | None
    along: float | None
    across: float | None
    hit: bool
    points: float


@dataclass(frozen=True)
class Summary:
    """Figures over some flicks (None where there is nothing to average)."""

    count: int
    hits: int
    aimed: int
    """Flicks that had a target (an error)."""
    mean_error: float | None
    std_error: float | None
    mean_along: float | None
    std_along: float | None
    mean_across: float | None
    std_across: float | None

    @property
    def hit_rate(self) -> float | None:
        return self.hits / self.aimed if self.aimed else None


def _mean_std(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    array = np.asarray(values, dtype=np.float64)
    return float(array.mean()), float(array.std())


def summarize(rows: Iterable[FlickRow]) -> Summary:
    items = list(rows)
    errors = [r.error for r in items if r.error is not None]
    alongs = [r.along for r in items if r.along is not None]
    acrosses = [r.across for r in items if r.across is not None]
    mean_error, std_error = _mean_std(errors)
    mean_along, std_along = _mean_std(alongs)
    mean_across, std_across = _mean_std(acrosses)
    hits = sum(1 for r in items if r.hit)
    return Summary(len(items), hits, len(errors), mean_error, std_error, mean_along,
                   std_along, mean_across, std_across)


def by_finger(rows: Iterable[FlickRow]) -> dict[int, Summary]:
    """A summary per finger (1 thumb .. 5 little finger) that has flicks."""
    groups: dict[int, list[FlickRow]] = {}
    for row in rows:
        groups.setdefault(row.finger, []).append(row)
    return {finger: summarize(groups[finger]) for finger in sorted(groups)}


def heat_bins(points: Iterable[tuple[float, float]], cell: float = 10.0,
              size: tuple[float, float] = BOARD_SIZE) -> NDArray[np.int64]:
    """Counts of points per `cell` x `cell` mm square of the board, indexed [x][y] with y
    north (so [0][0] is the south-west corner). Points off the board are left out; a point
    on the east or north edge falls in the last cell."""
    width, height = size
    nx, ny = max(1, math.ceil(width / cell)), max(1, math.ceil(height / cell))
    array = np.asarray(list(points), dtype=np.float64).reshape(-1, 2)
    inside = (array[:, 0] >= 0) & (array[:, 0] <= width) & (array[:, 1] >= 0) & \
        (array[:, 1] <= height)
    array = array[inside & np.isfinite(array).all(axis=1)]
    counts, _, _ = np.histogram2d(array[:, 0], array[:, 1], bins=(nx, ny),
                                  range=((0.0, nx * cell), (0.0, ny * cell)))
    return counts.astype(np.int64)


def landing_points(rows: Iterable[FlickRow]) -> list[tuple[float, float]]:
    return [(r.end_x, r.end_y) for r in rows]


def trend(rows: Iterable[FlickRow]) -> list[float]:
    """The error of every aimed flick, in order."""
    return [r.error for r in rows if r.error is not None]


def rolling_mean(values: Sequence[float], window: int = 5) -> list[float]:
    """The mean of each value and the (up to) `window - 1` before it."""
    out = []
    total = 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out
