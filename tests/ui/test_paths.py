"""The shared sideways shift of a polyline (rails and track ribbons)."""

from __future__ import annotations

from nile.ui.table.paths import offset


def test_a_straight_path_moves_to_its_left_and_right() -> None:
    path = [(0.0, 0.0), (10.0, 0.0), (20.0, 0.0)]
    assert offset(path, 2.0) == [(0.0, 2.0), (10.0, 2.0), (20.0, 2.0)]
    assert offset(path, -2.0) == [(0.0, -2.0), (10.0, -2.0), (20.0, -2.0)]
    assert offset([(5.0, 5.0)], 3.0) == [(5.0, 5.0)]  # a lone point has no direction: it stays
