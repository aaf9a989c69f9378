"""The printed map, drawn once per zoom level: terrain with texture, rivers, the Nile,
walls, cities with their colour and growth number, towns, pyramids and the canal.

Nothing here changes during a game, so `MapArt` keeps the rendered map per zoom (the
last few levels) and a frame only blits the part in view. Names are drawn by the map
view above the track.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from nile.games.age_of_steam.rules import neighbour_offset
from nile.games.age_of_steam.view import palette
from nile.games.age_of_steam.view.geometry import MapGeometry, Point
from nile.ui import text, theme

KEEP_LEVELS = 3
MARGIN = 1.2
"""Sea around the map's hexes, in hex radii (names reach past the outer hexes)."""


class MapArt:
    """The rendered map of one map by zoom level (the last few levels are kept)."""

    def __init__(self, geo: MapGeometry) -> None:
        self.geo = geo
        self._levels: OrderedDict[int, pygame.Surface] = OrderedDict()

    def terrain(self, zoom: float) -> pygame.Surface:
        key = round(zoom * 100)
        found = self._levels.get(key)
        if found is None:
            found = render_terrain(self.geo, key / 100)
            if pygame.display.get_surface() is not None:
                found = found.convert()
            self._levels[key] = found
            while len(self._levels) > KEEP_LEVELS:
                self._levels.popitem(last=False)
        else:
            self._levels.move_to_end(key)
        return found

    def origin(self) -> Point:
        """The world point at the layers' top-left pixel."""
        return (self.geo.bounds[0] - MARGIN, self.geo.bounds[1] - MARGIN)


def _canvas(geo: MapGeometry, zoom: float) -> pygame.Surface:
    """An opaque layer the size of the map's bounds, filled with the sea."""
    left, top, right, bottom = geo.bounds
    width, height = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    surface = pygame.Surface((max(1, math.ceil(width * zoom)), max(1, math.ceil(height * zoom))))
    surface.fill(palette.SEA)
    return surface


class _Pen:
    """World points to layer pixels at one zoom."""

    def __init__(self, geo: MapGeometry, zoom: float) -> None:
        self.geo, self.zoom = geo, zoom
        self.left, self.top = geo.bounds[0] - MARGIN, geo.bounds[1] - MARGIN

    def px(self, point: Point) -> tuple[float, float]:
        return ((point[0] - self.left) * self.zoom, (point[1] - self.top) * self.zoom)

    def centre(self, h: int) -> tuple[float, float]:
        return self.px(self.geo.centre(h))

    def offset(self, h: int, dx: float, dy: float) -> tuple[float, float]:
        """A point of hex `h` at (dx, dy) hex radii from its centre, on screen axes."""
        cx, cy = self.centre(h)
        return (cx + dx * self.zoom, cy + dy * self.zoom)


def render_terrain(geo: MapGeometry, zoom: float) -> pygame.Surface:
    """Every hex with its terrain, then rivers, the Nile, walls, cities and towns."""
    surface = _canvas(geo, zoom)
    pen = _Pen(geo, zoom)
    mp = geo.map
    for h, kind in enumerate(mp.terrain):
        corners = [pen.px(p) for p in geo.corners(h)]
        pygame.draw.polygon(surface, palette.TERRAIN[kind], corners)
        _texture(surface, pen, h, kind)
        pygame.draw.aalines(surface, palette.HEX_LINE, True, corners)
    _rivers(surface, pen)
    for a, b in mp.nile_edges:
        _edge_line(surface, pen, a, b, palette.NILE, 0.24)
    for a, b in mp.nile_edges:
        _edge_line(surface, pen, a, b, palette.WATER_LIGHT, 0.06, 1)
    for a, b in mp.walls:
        _edge_line(surface, pen, a, b, palette.WALL, 0.12)
    for city in mp.cities:
        for h in city.hexes:
            draw_city(surface, pen.centre(h), zoom, geo, h, city.colour, city.growth)
    for h in mp.town_names:
        draw_town(surface, pen.centre(h), zoom)
    return surface


def _texture(surface: pygame.Surface, pen: _Pen, h: int, kind: str) -> None:
    zoom = pen.zoom
    if zoom < 9:
        return
    seed = (h * 7919) % 97 / 97
    base = palette.TERRAIN[kind]
    if kind in ("plain", "town"):
        ink = theme.darken(base, 0.18)
        for i, (dx, dy) in enumerate(((-0.45, -0.35), (0.35, 0.1), (-0.15, 0.5))):
            if kind == "town" and i == 1:
                continue
            x, y = pen.offset(h, dx + seed * 0.2, dy)
            s = zoom * 0.07
            pygame.draw.line(surface, ink, (x - s, y - s), (x, y + s * 0.6), 1)
            pygame.draw.line(surface, ink, (x + s, y - s), (x, y + s * 0.6), 1)
    elif kind in ("mountain", "high_mountain"):
        high = kind == "high_mountain"
        peaks = ((-0.32, 0.25, 0.38), (0.22, 0.18, 0.5), (0.0, 0.55, 0.3))
        for dx, dy, size in peaks[: 3 if high else 2]:
            _peak(surface, pen, h, dx, dy - seed * 0.1, size * (1.15 if high else 1.0), base, high)
    elif kind in ("desert", "pyramid"):
        ink = theme.darken(base, 0.16)
        for dx, dy in ((-0.4, -0.3), (0.2, 0.35), (0.3, -0.45)):
            x, y = pen.offset(h, dx + seed * 0.15, dy)
            w = zoom * 0.36
            pygame.draw.arc(surface, ink, (x - w / 2, y - w / 4, w, w / 2), 0.3, math.pi - 0.3, 1)
    elif kind == "canal":
        cx, cy = pen.centre(h)
        pygame.draw.circle(surface, palette.WATER, (cx, cy), zoom * 0.55)
        for i in (-1, 1):
            y = cy + i * zoom * 0.18
            pygame.draw.line(
                surface, palette.WATER_LIGHT, (cx - zoom * 0.3, y), (cx + zoom * 0.3, y), 1
            )


def _peak(
    surface: pygame.Surface,
    pen: _Pen,
    h: int,
    dx: float,
    dy: float,
    size: float,
    base: tuple[int, int, int],
    snow: bool,
) -> None:
    x, y = pen.offset(h, dx, dy)
    w, ht = size * pen.zoom, size * pen.zoom * 0.9
    points = [(x - w / 2, y), (x, y - ht), (x + w / 2, y)]
    pygame.draw.polygon(surface, theme.lighten(base, 0.2), points)
    pygame.draw.polygon(surface, theme.darken(base, 0.25), [(x, y - ht), (x + w / 2, y), (x, y)])
    if snow:
        cap = [(x - w * 0.17, y - ht * 0.66), (x, y - ht), (x + w * 0.17, y - ht * 0.66)]
        pygame.draw.polygon(surface, (248, 248, 250), cap)
    pygame.draw.lines(surface, theme.darken(base, 0.45), False, points, 1)


def _rivers(surface: pygame.Surface, pen: _Pen) -> None:
    """River hexes joined to each other through their shared edges, as wavy lines."""
    mp, geo = pen.geo.map, pen.geo
    width = max(2, round(pen.zoom * 0.12))
    for h, kind in enumerate(mp.terrain):
        if kind != "river":
            continue
        exits = [d for d, n in enumerate(mp.neighbours[h]) if n >= 0 and mp.terrain[n] == "river"]
        if not exits:
            exits = [1, 4]
        if len(exits) == 1:
            exits.append((exits[0] + 3) % 6)
        centre = geo.centre(h)
        for d in exits:
            end = geo.edge_point(h, d)
            _wavy(surface, pen, centre, end, width)
        pygame.draw.circle(surface, palette.WATER, pen.px(centre), width / 2)


def _wavy(surface: pygame.Surface, pen: _Pen, start: Point, end: Point, width: int) -> None:
    (x0, y0), (x1, y1) = pen.px(start), pen.px(end)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    amplitude = pen.zoom * 0.06
    points = []
    for i in range(9):
        t = i / 8
        wobble = math.sin(t * math.pi * 2) * amplitude
        points.append((x0 + (x1 - x0) * t + nx * wobble, y0 + (y1 - y0) * t + ny * wobble))
    pygame.draw.lines(surface, palette.WATER, False, points, width)


def _edge_line(
    surface: pygame.Surface,
    pen: _Pen,
    a: int,
    b: int,
    color: tuple[int, int, int],
    share: float,
    minimum: int = 3,
) -> None:
    """A heavy line along the edge shared by hexes `a` and `b` (the Nile, a wall)."""
    geo = pen.geo
    edge = _edge_towards(geo, a, b)
    if edge < 0:
        return
    p, q = geo.edge_corners(a, edge)
    width = max(minimum, round(pen.zoom * share))
    pygame.draw.line(surface, color, pen.px(p), pen.px(q), width)
    for point in (p, q):
        pygame.draw.circle(surface, color, pen.px(point), width / 2)


def _edge_towards(geo: MapGeometry, a: int, b: int) -> int:
    """The edge of `a` facing `b` (ignoring walls), or -1."""
    col, row = geo.map.cells[a]
    for d in range(6):
        if geo.map.index.get(neighbour_offset(col, row, d), -1) == b:
            return d
    return -1


def draw_city(
    surface: pygame.Surface,
    centre: tuple[float, float],
    zoom: float,
    geo: MapGeometry,
    h: int,
    colour: str,
    growth: str | None,
    letter: str = "",
) -> None:
    """A city hex: its goods colour, a pale rim, and its growth number (light or dark)."""
    cx, cy = centre
    rim = [(cx + (x - geo.centre(h)[0]) * zoom, cy + (y - geo.centre(h)[1]) * zoom)
           for x, y in geo.corners(h, 0.94)]
    inner = [(cx + (x - geo.centre(h)[0]) * zoom, cy + (y - geo.centre(h)[1]) * zoom)
             for x, y in geo.corners(h, 0.8)]
    fill = palette.GOODS.get(colour, theme.PANEL_EDGE)
    pygame.draw.polygon(surface, (246, 240, 226), rim)
    pygame.draw.polygon(surface, fill, inner)
    pygame.draw.aalines(surface, theme.darken(fill, 0.5), True, inner)
    label = letter or (growth.split()[-1] if growth else "")
    if not label:
        return
    dark = bool(growth and growth.startswith("dark"))
    radius = max(6.0, zoom * 0.24)
    spot = (cx, cy - zoom * 0.42)
    disc = (28, 28, 30) if dark else (250, 248, 240)
    ink = (250, 248, 240) if dark else (28, 28, 30)
    pygame.draw.circle(surface, disc, spot, radius)
    pygame.draw.circle(surface, theme.darken(fill, 0.4), spot, radius, max(1, round(radius / 6)))
    text.draw(surface, label, spot, max(9, round(radius * 1.45)), ink, "bold", "center")


def draw_town(surface: pygame.Surface, centre: tuple[float, float], zoom: float) -> None:
    """A town: a white disc in the middle of its hex."""
    radius = max(4.0, zoom * 0.26)
    pygame.draw.circle(surface, palette.TOWN_DISC, centre, radius)
    pygame.draw.circle(surface, (60, 60, 60), centre, radius, max(1, round(radius / 6)))
