"""Charts for the statistics: the heat map of landing points, error trends, the grouping.

The heat map turns the numpy 2D histogram of `stats.heat_bins` into a see-through
surface with `pygame.surfarray` (one pixel per cell, then smoothly scaled onto the
board). Charts draw into a given rect and keep every label inside it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pygame
from numpy.typing import NDArray

from nile.practice.stats import rolling_mean
from nile.ui import text, theme
from nile.ui.theme import Color

HEAT_LOW = np.array([255.0, 236.0, 140.0])
HEAT_HIGH = np.array([214.0, 36.0, 24.0])
GRID: Color = (60, 74, 86)
LINE: Color = theme.ACCENT
DOT: Color = (170, 190, 205)


def heat_surface(counts: NDArray[np.int64], size: tuple[int, int]) -> pygame.Surface:
    """A see-through heat map of `counts` (indexed [x][y], y north) scaled to `size`:
    empty cells are clear, the busiest cell is deep red."""
    nx, ny = counts.shape
    small = pygame.Surface((nx, ny), pygame.SRCALPHA)
    top = int(counts.max()) if counts.size else 0
    if top > 0:
        share = np.sqrt(counts / top)[:, ::-1]  # screen y runs down
        rgb = HEAT_LOW[None, None, :] + (HEAT_HIGH - HEAT_LOW)[None, None, :] * share[..., None]
        alpha = np.where(counts[:, ::-1] > 0, 70 + 170 * share, 0)
        pygame.surfarray.pixels3d(small)[:] = rgb.astype(np.uint8)
        pygame.surfarray.pixels_alpha(small)[:] = alpha.astype(np.uint8)
    return pygame.transform.smoothscale(small, size)


def heat_legend_labels(top: int) -> tuple[str, str]:
    """The words at the two ends of the heat legend. With at most one landing per cell the
    map has one colour, so only one end is labelled (not "1 flick" at both ends)."""
    if top <= 1:
        return "", "1 flick"
    return "1 flick", f"{top} flicks"


def draw_heat_legend(surface: pygame.Surface, rect: pygame.Rect, top: int) -> None:
    """A colour bar from one landing to the busiest cell's count (a single colour when no
    cell holds more than one landing)."""
    bar = pygame.Rect(rect.left + 70, rect.centery - 5, rect.width - 140, 10)
    for i in range(bar.width):
        share = 1.0 if top <= 1 else math.sqrt(i / max(1, bar.width - 1))
        color = HEAT_LOW + (HEAT_HIGH - HEAT_LOW) * share
        pygame.draw.line(surface, tuple(int(c) for c in color), (bar.left + i, bar.top),
                         (bar.left + i, bar.bottom))
    low, high = heat_legend_labels(top)
    if low:
        text.draw(surface, low, (bar.left - 6, bar.centery), 12, theme.MUTED, anchor="midright")
    text.draw(surface, high, (bar.right + 6, bar.centery), 12, theme.MUTED, anchor="midleft")


NICE_TOPS = (2, 4, 8, 12, 16, 20, 40, 60, 80, 100, 120, 160, 200, 400, 600, 800, 1000, 2000,
             4000, 8000)
"""Axis tops whose quarters are round numbers."""


def _scale(values: Sequence[float]) -> float:
    """A round top for an axis (its quarters are round too)."""
    top = max(values) if values else 1.0
    for step in NICE_TOPS:
        if top <= step:
            return float(step)
    return float(math.ceil(top / 4000) * 4000)


def plot_area(rect: pygame.Rect, left: int, right: int, bottom: int) -> pygame.Rect:
    """A chart's plot inside its panel `rect`: under the 15 px title (34 px as designed),
    `left` for the 11 px axis labels, `bottom` for the 11 px labels below, `right` bare;
    the rooms for type grow with the text size (fixed ones let the title and the labels
    run into the plot at 150 %)."""
    top, left, bottom = text.space(34, 15), text.space(left, 11), text.space(bottom, 11)
    return pygame.Rect(rect.left + left, rect.top + top, rect.width - left - right,
                       rect.height - top - bottom)


def draw_trend(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[float],
               title: str, window: int = 5, labels: tuple[str, str] = ("", "")) -> None:
    """Dots for the values in order and a line for their rolling mean (the title says the
    unit)."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    text.draw(surface, title, (rect.left + 12, rect.top + 8), 15, theme.TEXT, "bold",
              max_width=rect.width - 24)
    plot = plot_area(rect, left=46, right=14, bottom=24)
    if not values:
        text.draw(surface, "No flicks with a target yet.", plot.center, 14, theme.MUTED,
                  anchor="center")
        return
    top = _scale(values)
    for k in range(5):
        y = plot.bottom - plot.height * k / 4
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y))
        text.draw(surface, f"{top * k / 4:g}", (plot.left - 6, y), 11, theme.MUTED,
                  anchor="midright")
    n = len(values)

    def point(i: int, v: float) -> tuple[float, float]:
        x = plot.left + (plot.width * (i + 0.5) / n)
        return (x, plot.bottom - plot.height * min(v, top) / top)

    radius = 3 if n <= 60 else 2
    for i, v in enumerate(values):
        pygame.draw.circle(surface, DOT, point(i, v), radius)
    if n > 1:
        smooth = rolling_mean(values, window)
        pygame.draw.lines(surface, LINE, False, [point(i, v) for i, v in enumerate(smooth)], 3)
    left, right = labels
    text.draw(surface, left, (plot.left, plot.bottom + 4), 11, theme.MUTED,
              max_width=plot.width // 2)
    text.draw(surface, right, (plot.right, plot.bottom + 4), 11, theme.MUTED,
              anchor="topright", max_width=plot.width // 2)


def draw_sparkline(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[float],
                   window: int = 5) -> None:
    """A small error trend without axes (the session strip)."""
    if len(values) < 2:
        return
    top = _scale(values)
    n = len(values)

    def point(i: int, v: float) -> tuple[float, float]:
        return (rect.left + rect.width * i / (n - 1),
                rect.bottom - rect.height * min(v, top) / top)

    pygame.draw.line(surface, GRID, rect.bottomleft, rect.bottomright)
    for i, v in enumerate(values):
        pygame.draw.circle(surface, DOT, point(i, v), 2)
    pygame.draw.lines(surface, LINE, False,
                      [point(i, v) for i, v in enumerate(rolling_mean(values, window))], 2)
    text.draw(surface, f"{top:g} mm", (rect.left - 4, rect.top), 11, theme.MUTED,
              anchor="topright")


def draw_grouping(surface: pygame.Surface, rect: pygame.Rect,
                  misses: Sequence[tuple[float, float]], recent: int = 10) -> None:
    """Each flick's miss as a dot: left/right of the line to the target (degrees, x) and
    short/long (mm, y), with the mean and a one-spread ellipse."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    text.draw(surface, "Grouping: direction and length of each miss", (rect.left + 12,
              rect.top + 8), 15, theme.TEXT, "bold", max_width=rect.width - 24)
    plot = plot_area(rect, left=50, right=20, bottom=26)
    pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.25), plot)
    span_x, span_y = 4.0, 20.0
    if misses:
        # most misses inside, a few outliers pinned to the edge
        spread = np.percentile(np.abs(np.asarray(misses, dtype=np.float64)), 95, axis=0)
        span_x = max(span_x, 1.25 * float(spread[0]))
        span_y = max(span_y, 1.25 * float(spread[1]))
    span_x, span_y = _scale([span_x]), _scale([span_y])

    def at(across: float, along: float) -> tuple[float, float]:
        # left (positive across, counter-clockwise) is drawn on the left
        return (plot.centerx - plot.width / 2 * max(-1.0, min(1.0, across / span_x)),
                plot.centery - plot.height / 2 * max(-1.0, min(1.0, along / span_y)))

    pygame.draw.line(surface, GRID, (plot.left, plot.centery), (plot.right, plot.centery))
    pygame.draw.line(surface, GRID, (plot.centerx, plot.top), (plot.centerx, plot.bottom))
    text.draw(surface, "long", (plot.centerx + 4, plot.top + 2), 11, theme.MUTED)
    text.draw(surface, "short", (plot.centerx + 4, plot.bottom - 2), 11, theme.MUTED,
              anchor="bottomleft")
    text.draw(surface, "left", (plot.left + 3, plot.centery - 2), 11, theme.MUTED,
              anchor="bottomleft")
    text.draw(surface, "right", (plot.right - 3, plot.centery - 2), 11, theme.MUTED,
              anchor="bottomright")
    text.draw(surface, f"±{span_y:g} mm", (plot.left - 4, plot.top), 11, theme.MUTED,
              anchor="topright")
    text.draw(surface, f"±{span_x:g}°", (plot.right, plot.bottom + 3), 11, theme.MUTED,
              anchor="topright")
    if not misses:
        text.draw(surface, "No flicks at a point or site yet.", plot.center, 14, theme.MUTED,
                  anchor="center")
        return
    for i, (across, along) in enumerate(misses):
        fresh = i >= len(misses) - recent
        pygame.draw.circle(surface, theme.TEXT if fresh else DOT, at(across, along),
                           3 if fresh else 2)
    array = np.asarray(misses, dtype=np.float64)
    mean, spread = array.mean(axis=0), array.std(axis=0)
    cx, cy = at(float(mean[0]), float(mean[1]))
    rx = plot.width / 2 * float(spread[0]) / span_x
    ry = plot.height / 2 * float(spread[1]) / span_y
    if rx >= 1 and ry >= 1:
        ellipse = pygame.Rect(0, 0, round(2 * rx), round(2 * ry))
        ellipse.center = (round(cx), round(cy))
        clip = surface.get_clip()
        surface.set_clip(plot)
        pygame.draw.ellipse(surface, LINE, ellipse, 2)
        surface.set_clip(clip)
    pygame.draw.circle(surface, LINE, (cx, cy), 5)
