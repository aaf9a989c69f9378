"""Everyone at a glance: the board's income, shares and points tracks as one strip, each
player's marker (colour and symbol) at their place on each track.

The strip goes where the map leaves room: under a wide map (its height has slack at
Fit), beside a tall one (Egypt, whose width has slack); `place` picks the side that
costs the map the least zoom. Points are "if the game ended now" (3 per income, −3 per
share, 1 per tile in complete links); every seat's figures are public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.view.geometry import MapGeometry
from nile.games.age_of_steam.view.labels import fit_box
from nile.games.age_of_steam.view.panel import score_now
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.theme import PlayerColor

BAND = 88
"""Height of the strip under a map (three tracks) as designed (`band`)."""
LANE = 26
"""A track's share of the strip under a map, as designed: its markers above the line, its
10 px numbers below."""
COLUMN = 196
"""Width of the strip beside a map."""
MARK_RADIUS = 7
"""A player's marker on a track."""


def _income(view: AgeOfSteamState, seat: int) -> int:
    return view.income[seat]


def _shares(view: AgeOfSteamState, seat: int) -> int:
    return view.shares[seat]


def _points(view: AgeOfSteamState, seat: int) -> int:
    return score_now(view, seat)


MEASURES: tuple[tuple[str, str, Callable[[AgeOfSteamState, int], int]], ...] = (
    ("Income", "income", _income), ("Shares", "shares", _shares),
    ("Points now", "points if the game ended now", _points))


@dataclass(frozen=True)
class GlanceMark:
    """A player's marker on a track, with what the tooltip says of it."""

    seat: int
    words: str
    """'Ana: income 7'"""


def fit_zoom(geo: MapGeometry, area: pygame.Rect) -> float:
    """The zoom Fit would give the map in `area` (as the camera frames it)."""
    left, top, right, bottom = fit_box(geo)
    return min(area.width * 0.98 / (right - left), area.height * 0.98 / (bottom - top))


def band() -> int:
    """The strip's height under a map: each track's lane grows as its numbers' type does
    (at 150 % a lane made for 100 % put its numbers over the next track and cut the last
    track's)."""
    return BAND - len(MEASURES) * LANE + len(MEASURES) * text.space(LANE, 10)


def place(area: pygame.Rect, geo: MapGeometry) -> tuple[pygame.Rect, pygame.Rect, str]:
    """(map area, strip, 'below' or 'beside'): the strip on the side that leaves the map
    the larger Fit (below on a tie)."""
    below_map = pygame.Rect(area.left, area.top, area.width, area.height - band() - 4)
    below = pygame.Rect(area.left + 6, below_map.bottom + 2, area.width - 12, band())
    side_map = pygame.Rect(area.left + COLUMN + 8, area.top, area.width - COLUMN - 8,
                           area.height)
    side = pygame.Rect(area.left + 6, area.top + 6, COLUMN, area.height - 12)
    if fit_zoom(geo, side_map) > fit_zoom(geo, below_map) + 0.01:
        return side_map, side, "beside"
    return below_map, below, "below"


@dataclass
class Glance:
    """The strip, drawn into a cached image; each marker is added to `hits` as the strip
    is drawn (at its place on screen) for the tooltip."""

    hits: HitMap[GlanceMark] = field(default_factory=HitMap)
    _key: tuple[object, ...] | None = None
    _image: pygame.Surface | None = None
    _marks: list[tuple[pygame.Rect, GlanceMark]] = field(default_factory=list)
    """The markers on the cached image (in its own pixels)."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, way: str,
             view: AgeOfSteamState, colors: list[PlayerColor], names: list[str]) -> None:
        values = tuple(tuple(f(view, s) for s in range(view.players)) for _, _, f in MEASURES)
        key = (rect.size, way, values, tuple(view.alive), tuple(colors), tuple(names))
        if key != self._key or self._image is None:
            self._key = key
            self._image, self._marks = _render(rect.size, way, view, values, colors, names)
        surface.blit(self._image, rect.topleft)
        self.hits.clear()
        for box, mark in self._marks:
            self.hits.add(box.move(rect.topleft), mark)

    def tip(self, pos: tuple[int, int]) -> list[str]:
        """The players whose markers lie under `pos` (tied markers touch), with their
        figure, in the order they were drawn."""
        return [mark.words for mark in reversed(self.hits.all_at(pos))]


def _render(size: tuple[int, int], way: str, view: AgeOfSteamState,
            values: tuple[tuple[int, ...], ...], colors: list[PlayerColor],
            names: list[str]) -> tuple[pygame.Surface, list[tuple[pygame.Rect, GlanceMark]]]:
    image = pygame.Surface(size, pygame.SRCALPHA)
    whole = image.get_rect()
    pygame.draw.rect(image, (*theme.PANEL, 235), whole, border_radius=8)
    marks: list[tuple[pygame.Rect, GlanceMark]] = []
    alive = [s for s in range(view.players) if view.alive[s]]
    count = len(MEASURES)
    for i, (title, words, _) in enumerate(MEASURES):
        row = values[i]
        if way == "below":
            height = (whole.height - 8) // count
            lane = pygame.Rect(8, 4 + i * height, whole.width - 16, height)
        else:
            width = (whole.width - 8) // count
            lane = pygame.Rect(4 + i * width, 6, width, whole.height - 12)
        found = _track(image, lane, way, title, {s: row[s] for s in alive}, colors)
        marks += [(r, GlanceMark(s, f"{names[s]}: {words} {row[s]}")) for s, r in found]
    return image, marks


def _scale(numbers: list[int]) -> tuple[int, int]:
    """The track's ends: from 0 (or below) to past the highest, in fives, at least 10."""
    lo = min([0, *numbers])
    hi = max([*numbers, lo + 10])
    lo, hi = 5 * ((lo - 4) // 5) if lo < 0 else 0, 5 * ((hi + 4) // 5)
    return lo, max(hi, lo + 10)


def _track(surface: pygame.Surface, lane: pygame.Rect, way: str, title: str,
           numbers: dict[int, int], colors: list[PlayerColor]) -> list[tuple[int, pygame.Rect]]:
    """One track: its title, a ruled line with numbers every 5 and each seat's marker
    (tied markers side by side across the track)."""
    lo, hi = _scale(list(numbers.values()))
    if way == "below":
        text.draw(surface, title, (lane.left, lane.centery), 13, theme.MUTED, "bold",
                  anchor="midleft", max_width=80)
        start, end = (lane.left + 88, lane.centery), (lane.right - 10, lane.centery)
    else:
        short = title.split()[0]  # 'Points now' is 'Points' in a narrow column
        text.draw(surface, short, (lane.centerx, lane.top), 12, theme.MUTED, "bold",
                  anchor="midtop", max_width=lane.width - 8)  # a gap to the next column
        start, end = (lane.centerx, lane.bottom - 8), (lane.centerx, lane.top + 26)

    def at(value: float) -> tuple[float, float]:
        t = (value - lo) / (hi - lo)
        return start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t

    pygame.draw.line(surface, theme.PANEL_EDGE, start, end, 3)
    step = 5 if hi - lo <= 60 else 10
    for value in range(lo, hi + 1):
        x, y = at(value)
        major = value % step == 0
        tick = 5 if major else 2
        if way == "below":
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, y - tick), (x, y + tick))
            if major:
                text.draw(surface, str(value), (x, y + 7), 10, theme.MUTED, anchor="midtop")
        else:
            pygame.draw.line(surface, theme.PANEL_EDGE, (x - tick, y), (x + tick, y))
            if major:
                text.draw(surface, str(value), (x - 9, y), 10, theme.MUTED, anchor="midright")
    by_value: dict[int, list[int]] = {}
    for seat, value in sorted(numbers.items()):
        by_value.setdefault(value, []).append(seat)
    found = []
    for value, seats in by_value.items():
        x, y = at(value)
        half = (len(seats) - 1) / 2 * 13
        if way == "below":      # a fan at the track's end stays on the track
            x = min(max(x, start[0] + half), end[0] - half)
        else:
            across = _fan_across(lane, x, len(seats))
        for k, seat in enumerate(seats):
            if way == "below":  # tied markers fan out along the track, above the line
                centre = (x + (k - (len(seats) - 1) / 2) * 13, y - 7)
            else:
                centre = (across[k], y)
            found.append((seat, _marker(surface, centre, colors[seat])))
    return found


def _fan_across(lane: pygame.Rect, x: float, count: int) -> list[float]:
    """Where tied markers sit across a column's track: to its right, moved left onto the
    line (and closer together) as far as needed to stay inside the lane, so the last of
    three or five tied players is not cut off by the next lane or the map."""
    gap = min(13.0, (lane.width - 2 * MARK_RADIUS - 2) / max(1, count - 1))
    first = min(x + 10, lane.right - MARK_RADIUS - 1 - (count - 1) * gap)
    return [first + k * gap for k in range(count)]


def _marker(surface: pygame.Surface, centre: tuple[float, float],
            color: PlayerColor) -> pygame.Rect:
    radius = MARK_RADIUS
    pygame.draw.circle(surface, (20, 20, 20), centre, radius + 1)
    pygame.draw.circle(surface, color.rgb, centre, radius)
    theme.draw_symbol(surface, color.symbol, centre, 3.8, color.ink)
    return pygame.Rect(round(centre[0] - radius), round(centre[1] - radius), 2 * radius,
                       2 * radius)
