"""Track pieces as smooth curves in their owner's colour, link markers and loose ends.

A track joins two ports of a hex (edges 0–5, or 6 for a town's centre). Each piece is
a quadratic curve from one port to the other bending through the hex centre, drawn
once per (ports, colour, zoom, style) into a cached image the size of a hex.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from nile.games.age_of_steam.rules import CENTRE
from nile.games.age_of_steam.view.geometry import MapGeometry, Point, geometry
from nile.ui import theme
from nile.ui.table.paths import offset
from nile.ui.theme import Color, PlayerColor

CASING: Color = (28, 26, 24)
STYLES = ("link", "loose", "ghost")


def curve(geo: MapGeometry, h: int, ports: tuple[int, int], steps: int = 12) -> list[Point]:
    """World points along a track on hex `h` from its first port to its second."""
    start, end = (_port(geo, h, p) for p in ports)
    control = geo.centre(h)
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append(
            (
                a * start[0] + b * control[0] + c * end[0],
                a * start[1] + b * control[1] + c * end[1],
            )
        )
    return points


def _port(geo: MapGeometry, h: int, port: int) -> Point:
    return geo.centre(h) if port == CENTRE else geo.edge_point(h, port)


def track_width(zoom: float) -> float:
    return max(3.0, zoom * 0.2)


@lru_cache(maxsize=4096)
def piece_image(
    map_name: str, ports: tuple[int, int], color: Color, zoom_key: int, style: str
) -> pygame.Surface:
    """One track piece centred in a square image (the hex centre is the image centre)."""
    geo = geometry(map_name)
    zoom = zoom_key / 100
    half = math.ceil(zoom) + 3
    image = pygame.Surface((half * 2, half * 2), pygame.SRCALPHA)
    origin = geo.centre(0)
    local = [
        (half + (x - origin[0]) * zoom, half + (y - origin[1]) * zoom)
        for x, y in curve(geo, 0, ports)
    ]
    width = track_width(zoom)
    if style == "ghost":
        thick_curve(image, local, width + 4, theme.HIGHLIGHT)
        thick_curve(image, local, width, color)
        image.set_alpha(215)
        return image
    thick_curve(image, local, width + 3, CASING)
    thick_curve(image, local, width, color)
    ink = theme.lighten(color, 0.45) if sum(color) < 420 else theme.darken(color, 0.35)
    if style == "loose":
        _dashes(image, local, max(1.0, width / 3.5), ink)
    else:
        _ties(image, local, width, theme.darken(color, 0.35))
    return image


def thick_curve(surface: pygame.Surface, points: list[Point], width: float, color: Color) -> None:
    """A smooth band of `width` along `points` with round ends (anti-aliased edges)."""
    left, right = offset(points, width / 2), offset(points, -width / 2)
    outline = left + right[::-1]
    pygame.draw.polygon(surface, color, outline)
    pygame.draw.aalines(surface, color, True, outline)
    for x, y in (points[0], points[-1]):
        pygame.draw.aacircle(surface, color, (x, y), width / 2)
        pygame.draw.circle(surface, color, (x, y), width / 2)


def _ties(surface: pygame.Surface, points: list[Point], width: float, color: Color) -> None:
    """Short cross marks along the track, like sleepers seen from above."""
    left, right = offset(points, width * 0.32), offset(points, -width * 0.32)
    for i in range(2, len(points) - 1, 3):
        pygame.draw.line(surface, color, left[i], right[i], 1)


def _dashes(surface: pygame.Surface, points: list[Point], width: float, color: Color) -> None:
    """A dashed centre line: this track is not yet a finished link."""
    for i in range(0, len(points) - 1, 2):
        pygame.draw.line(surface, color, points[i], points[i + 1], max(1, round(width)))


def midpoint(points: list[Point]) -> Point:
    return points[len(points) // 2]


@lru_cache(maxsize=256)
def marker_image(color: PlayerColor, radius: int, loose: bool) -> pygame.Surface:
    """A round owner marker with the player's symbol (a dashed ring on unfinished track)."""
    size = radius * 2 + 4
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    pygame.draw.circle(image, CASING, centre, radius + 1)
    pygame.draw.circle(image, color.rgb, centre, radius)
    theme.draw_symbol(image, color.symbol, centre, radius * 0.55, color.ink)
    if loose:
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.arc(
                image,
                (250, 250, 250),
                (1, 1, size - 2, size - 2),
                a,
                a + math.pi / 8,
                2,
            )
    return image


def draw_loose_end(
    surface: pygame.Surface, at: tuple[float, float], direction: Point, zoom: float
) -> None:
    """A bar across a dangling end of track, striped like a buffer stop."""
    dx, dy = direction
    nx, ny = -dy, dx
    half = max(4.0, zoom * 0.2)
    a = (at[0] + nx * half, at[1] + ny * half)
    b = (at[0] - nx * half, at[1] - ny * half)
    width = max(3, round(zoom * 0.09))
    pygame.draw.line(surface, (250, 250, 250), a, b, width + 2)
    pygame.draw.line(surface, (210, 40, 36), a, b, width)
