"""Practice statistics against values worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nile.practice.drills import closest_approach, miss_figures
from nile.practice.stats import (
    FlickRow,
    by_finger,
    heat_bins,
    landing_points,
    rolling_mean,
    summarize,
    trend,
)


def row(finger: int = 2, error: float | None = None, along: float | None = None,
        across: float | None = None, hit: bool = False, x: float = 0.0,
        y: float = 0.0) -> FlickRow:
    return FlickRow("landing", finger, "small", 90.0, 0.3, 0.0, x, y, error, along, across,
                    hit, 10.0 if hit else 0.0)


def test_summary_by_hand() -> None:
    # errors 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population spread 2 (the textbook example)
    rows = [row(error=e, hit=e < 4.5) for e in (2, 4, 4, 4, 5, 5, 7, 9)]
    s = summarize(rows)
    assert (s.count, s.hits, s.aimed) == (8, 4, 8)
    assert s.mean_error == pytest.approx(5.0)
    assert s.std_error == pytest.approx(2.0)
    assert s.hit_rate == pytest.approx(0.5)


def test_length_and_direction_halves() -> None:
    # along: +10, -10, +30 -> mean 10, spread sqrt(((0)^2 + 20^2 + 20^2) / 3) = 16.33
    # across: 1, 2, 3 degrees -> mean 2, spread sqrt(2/3) = 0.816
    rows = [row(error=1.0, along=10.0, across=1.0), row(error=1.0, along=-10.0, across=2.0),
            row(error=1.0, along=30.0, across=3.0)]
    s = summarize(rows)
    assert s.mean_along == pytest.approx(10.0)
    assert s.std_along == pytest.approx(math.sqrt(800 / 3))
    assert s.mean_across == pytest.approx(2.0)
    assert s.std_across == pytest.approx(math.sqrt(2 / 3))


def test_flicks_without_target_count_but_do_not_average() -> None:
    s = summarize([row(), row(), row(error=6.0, hit=True)])
    assert (s.count, s.aimed, s.hits) == (3, 1, 1)
    assert s.mean_error == 6.0 and s.std_error == 0.0
    assert s.mean_along is None and s.std_across is None
    empty = summarize([])
    assert empty.count == 0 and empty.mean_error is None and empty.hit_rate is None


def test_per_finger() -> None:
    rows = [row(1, 10.0), row(1, 20.0), row(5, 3.0, hit=True), row(2)]
    per = by_finger(rows)
    assert sorted(per) == [1, 2, 5]
    assert per[1].mean_error == pytest.approx(15.0) and per[1].std_error == pytest.approx(5.0)
    assert per[5].hits == 1 and per[5].mean_error == 3.0
    assert per[2].aimed == 0 and per[2].mean_error is None


def test_heat_bins_by_hand() -> None:
    # 10 mm cells on a 30 x 20 mm board: 3 x 2 cells, indexed [x][y] with y north
    points = [(5, 5), (15, 5), (15, 6), (25, 15), (30, 20),  # the corner goes in the last cell
              (-1, 5), (31, 5), (5, 21), (math.nan, 3)]       # off the board: left out
    counts = heat_bins(points, cell=10.0, size=(30.0, 20.0))
    assert counts.shape == (3, 2)
    assert counts.tolist() == [[1, 0], [2, 0], [0, 2]]
    assert counts.dtype == np.int64


def test_heat_bins_on_the_cairo_board() -> None:
    counts = heat_bins([(0.0, 0.0), (699.9, 499.9), (350.0, 250.0)])
    assert counts.shape == (70, 50)
    assert counts[0, 0] == 1 and counts[69, 49] == 1 and counts[35, 25] == 1
    assert counts.sum() == 3
    assert heat_bins([]).sum() == 0


def test_trend_and_rolling_mean() -> None:
    rows = [row(error=4.0), row(), row(error=8.0), row(error=6.0)]
    assert trend(rows) == [4.0, 8.0, 6.0]
    assert landing_points([row(x=1.0, y=2.0)]) == [(1.0, 2.0)]
    # window 2: 4, (4+8)/2, (8+6)/2
    assert rolling_mean([4.0, 8.0, 6.0], 2) == [4.0, 6.0, 7.0]
    assert rolling_mean([], 3) == []


def test_miss_figures_split_length_and_direction() -> None:
    start, target = (0.0, 0.0), (100.0, 0.0)
    error, along, across = miss_figures(start, (110.0, 0.0), target)
    assert (error, along, across) == pytest.approx((10.0, 10.0, 0.0))
    # 45 degrees to the left (counter-clockwise) at the same distance
    end = (100 / math.sqrt(2), 100 / math.sqrt(2))
    error, along, across = miss_figures(start, end, target)
    assert across == pytest.approx(45.0)
    assert along == pytest.approx(100 / math.sqrt(2) - 100)
    assert error == pytest.approx(math.dist(end, target))
    _, _, right = miss_figures(start, (90.0, -10.0), target)
    assert right < 0


def test_closest_approach() -> None:
    path = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    distance, where = closest_approach(path, (5.0, 3.0))
    assert distance == pytest.approx(3.0) and where == pytest.approx((5.0, 0.0))
    distance, _ = closest_approach(path, (13.0, 5.0))
    assert distance == pytest.approx(3.0)
    assert closest_approach([(1.0, 1.0)], (4.0, 5.0))[0] == pytest.approx(5.0)


def test_the_session_strip_says_which_way_the_misses_went() -> None:
    """It said "direction -23.6 ± 0.0°" beside the flick's "23.6° right": the sides are
    words, as for each flick."""
    from nile.practice.panels import summary_words
    from nile.practice.stats import Summary

    summary = Summary(1, 0, 1, 90.0, 0.0, 44.0, 0.0, -23.6, 0.0)
    _, second = summary_words(summary)
    assert "length 44 \u00b1 0 mm long" in second
    assert "direction 23.6 \u00b1 0.0\u00b0 right" in second and "-" not in second
    _, second = summary_words(Summary(2, 1, 2, 9.0, 1.0, -12.0, 2.0, 4.0, 1.5))
    assert "12 \u00b1 2 mm short" in second and "4.0 \u00b1 1.5\u00b0 left" in second
    _, second = summary_words(Summary(2, 1, 2, 9.0, 1.0, 0.2, 2.0, -0.01, 1.5))
    assert second.endswith("length 0 \u00b1 2 mm  ·  direction 0.0 \u00b1 1.5\u00b0")
