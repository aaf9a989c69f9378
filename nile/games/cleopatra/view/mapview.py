"""The map of the Nile: twelve cities on two banks, sixteen tracks, trains, fruit, markers.

The ground, the river and the empty rails are painted once per map size; cities, trains
and highlights are drawn over that each frame, each track's and city's click area added to
the scene's hit map as it is drawn (cities over tracks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from nile.games.cleopatra.rules import CleopatraState, game_data
from nile.games.cleopatra.view import pieces
from nile.games.cleopatra.view.choices import Target
from nile.games.cleopatra.view.layout import city_rects, track_geometry
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.theme import Color

D = game_data()
SAND: Color = (196, 172, 120)
SAND_DARK: Color = (170, 146, 98)
RIVER: Color = (70, 130, 170)
RAIL: Color = (92, 70, 50)
LIGHT_MARKER: Color = (246, 226, 170)
DARK_MARKER: Color = (110, 72, 40)
BONUS: Color = (232, 150, 70)
GOOD_ROUTE: Color = (80, 220, 120)


@dataclass
class Marks:
    """What the board shows beyond the state: choices, the proposal, flashes."""

    cities: set[int] = field(default_factory=set)
    tracks: set[int] = field(default_factory=set)
    picked_cities: set[int] = field(default_factory=set)
    proposal_cities: set[int] = field(default_factory=set)
    routes: list[tuple[int, ...]] = field(default_factory=list)
    proposal: list[tuple[int, ...]] = field(default_factory=list)
    flash_cities: set[int] = field(default_factory=set)
    flash_tracks: set[int] = field(default_factory=set)
    hover_city: int = -1
    hover_track: int = -1


@lru_cache(maxsize=4)
def ground(map_rect: tuple[int, int, int, int]) -> pygame.Surface:
    """Sand, the Nile between the banks, and every track's empty rails."""
    m = pygame.Rect(map_rect)
    surface = pygame.Surface(m.size)
    surface.fill(SAND)
    for i in range(0, m.height, 9):
        shade = SAND_DARK if (i // 9) % 5 == 0 else theme.lighten(SAND, 0.04)
        pygame.draw.line(surface, shade, (0, i), (m.width, i + 6), 1)
    cities = city_rects(map_rect)
    mid = (cities[0].right + cities[len(cities) // 2].left) // 2 - m.left
    points_l, points_r = [], []
    for y in range(0, m.height + 8, 8):
        wobble = 7 * math.sin(y / 37.0)
        points_l.append((mid - 16 + wobble, y))
        points_r.append((mid + 16 + wobble, y))
    pygame.draw.polygon(surface, RIVER, points_l + points_r[::-1])
    pygame.draw.lines(surface, theme.lighten(RIVER, 0.3), False, points_l, 2)
    pygame.draw.lines(surface, theme.lighten(RIVER, 0.3), False, points_r, 2)
    text.draw(
        surface,
        "N I L E",
        (mid + 30, m.height - 14),
        12,
        theme.lighten(RIVER, 0.5),
        "bold",
        "midleft",
    )
    for geometry in track_geometry(map_rect):
        start = (geometry.start[0] - m.left, geometry.start[1] - m.top)
        end = (geometry.end[0] - m.left, geometry.end[1] - m.top)
        _rails(surface, start, end)
    pygame.draw.rect(surface, SAND_DARK, surface.get_rect(), 2, border_radius=10)
    return surface


def _rails(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    color: Color = RAIL,
) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, math.hypot(dx, dy))
    nx, ny = -dy / length * 4, dx / length * 4
    for k in range(0, int(length), 7):
        t = k / length
        x, y = start[0] + dx * t, start[1] + dy * t
        pygame.draw.line(
            surface,
            theme.darken(color, 0.2),
            (x - nx * 1.6, y - ny * 1.6),
            (x + nx * 1.6, y + ny * 1.6),
            2,
        )
    for side in (-1, 1):
        pygame.draw.line(
            surface,
            color,
            (start[0] + nx * side, start[1] + ny * side),
            (end[0] + nx * side, end[1] + ny * side),
            2,
        )


def draw_map(
    surface: pygame.Surface,
    view: CleopatraState,
    map_rect: pygame.Rect,
    colors: list[int],
    marks: Marks,
    pulse: float,
    hits: HitMap[Target],
) -> None:
    key = tuple(map_rect)
    surface.blit(ground(key), map_rect.topleft)
    geometry = track_geometry(key)
    glow = theme.lighten(theme.HIGHLIGHT, 0.2 * pulse)
    for track, g in enumerate(geometry):
        hits.add(g.hit, ("track", track))
        if track in marks.tracks:
            pygame.draw.line(surface, glow, g.start, g.end, 12)
        if track in marks.flash_tracks or track == marks.hover_track:
            pygame.draw.line(surface, theme.GOOD, g.start, g.end, 8)
        if view.track_seat[2 * track] >= 0:
            _rails(surface, g.start, g.end, (54, 40, 30))
    for route in marks.routes:
        _route(surface, map_rect, route, theme.lighten(GOOD_ROUTE, 0.35), 3)
    for route in marks.proposal:
        _route(surface, map_rect, route, GOOD_ROUTE, 6)
    for track, g in enumerate(geometry):
        for slot in range(2):
            seat = view.track_seat[2 * track + slot]
            if seat >= 0:
                pieces.train_group(
                    surface, g.chips[slot], colors[seat], view.track_trains[2 * track + slot]
                )
    cities = city_rects(key)
    for city, rect in enumerate(cities):
        _city(surface, view, city, rect, marks, glow)
        hits.add(rect, ("city", city))


def _route(
    surface: pygame.Surface, map_rect: pygame.Rect, route: tuple[int, ...], color: Color, width: int
) -> None:
    if len(route) < 2:
        return
    cities = city_rects(tuple(map_rect))
    points = [cities[c].center for c in route]
    pygame.draw.lines(surface, color, False, points, width)
    end = points[-1]
    pygame.draw.circle(surface, color, end, width + 3)


def light_side(view: CleopatraState, city: int) -> bool:
    return D.parity[city] == D.parity[view.light_city]


def _city(
    surface: pygame.Surface,
    view: CleopatraState,
    city: int,
    rect: pygame.Rect,
    marks: Marks,
    glow: Color,
) -> None:
    fill = (248, 240, 220) if not view.pyramid[city] else (226, 214, 186)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=8)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    edge, width = pieces.EDGE, 2
    if city in marks.cities:
        edge, width = glow, 4
    if city in marks.picked_cities:
        edge, width = theme.ACCENT, 4
    if city in marks.proposal_cities:
        edge, width = GOOD_ROUTE, 5
    if city in marks.flash_cities or city == marks.hover_city:
        edge, width = theme.GOOD, 4
    pygame.draw.rect(surface, edge, rect, width, border_radius=8)
    right = rect.right - 6
    marker = view.city_marker[city]
    if marker >= 0:
        light = light_side(view, city)
        value = D.prestige_markers[marker][0 if light else 1]
        pieces.badge(
            surface,
            (right - 11, rect.top + 14),
            11,
            str(value),
            LIGHT_MARKER if light else DARK_MARKER,
            pieces.INK if light else (255, 240, 210),
        )
        right -= 26
    if view.building_bonus[city]:
        box = pygame.Rect(0, 0, 22, 18)
        box.midright = (right, rect.top + 14)
        pygame.draw.rect(surface, BONUS, box, border_radius=4)
        text.draw(
            surface, f"+{view.building_bonus[city]}", box.center, 12, pieces.INK, "bold", "center"
        )
        right = box.left - 4
    text.draw(
        surface,
        D.cities[city],
        (rect.left + 7, rect.top + 14),
        14,
        pieces.INK,
        "bold",
        "midleft",
        max_width=right - rect.left - 9,
    )
    y = rect.bottom - 15
    if view.pyramid[city]:
        pieces.pyramid(surface, (rect.left + 18, y - 1), 22, str(view.pyramid[city]))
        text.draw(
            surface,
            "pyramid: closed",
            (rect.left + 34, y),
            12,
            pieces.INK_SOFT,
            anchor="midleft",
            max_width=rect.width - 40,
        )
        return
    present = [f for f in range(5) if view.cubes(city, f)]
    if not present:
        text.draw(surface, "no fruit", (rect.left + 8, y), 12, pieces.INK_SOFT, anchor="midleft")
        return
    step = min(26, (rect.width - 10) // len(present))
    x = rect.left + 13
    for fruit in present:
        pieces.cube(surface, fruit, (x, y), 16)
        count = view.cubes(city, fruit)
        if count > 1:
            text.draw(surface, str(count), (x + 9, y + 1), 12, pieces.INK, "bold", "midleft")
        x += step

