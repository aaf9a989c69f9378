"""Place names on a hex map, placed rather than printed.

Every city and town gets its whole name (never an ellipsis) at every zoom: the placer
tries spots hugging the place first (below, above, beside it, then a little shifted),
then spots further out, and keeps the first one that covers no other label and none of
the map's marks (a city's or town's inner hex with its letter or growth number and
goods, a pyramid, the canal's marker) and lies inside the area the map shows at Fit.
A label that had to move away from its place gets a leader line back to it. Only if no
spot is free at the name's size does the name shrink a step (never below `MIN_SIZE`).

Rectangles are in the board layer's pixels (`MapArt.origin` at the top-left), so the
map view blits them as they are and a test can check them without drawing anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import pygame

from nile.games.age_of_steam.view.geometry import MapGeometry, Point, geometry
from nile.games.age_of_steam.view.mapart import MARGIN
from nile.ui import text, theme

MIN_SIZE = 9
PAD = 2
"""Pixels kept clear around a label (so two labels never touch)."""
LEADER_AT = 0.45
"""A label further than this many hex radii from its place gets a leader line."""
RINGS = (0.0, 0.3, 0.65, 1.0, 1.5, 2.1, 2.8, 3.6)
"""How far out (in hex radii) the placer looks for a free spot, nearest first."""
SEARCH = 5.0
"""How far (in hex radii) the last-resort grid search reaches."""
SHIFTS = (0.0, -0.3, 0.3, -0.5, 0.5)
"""Sideways shifts (in label widths or heights) tried at each side of a place."""
GOODS_REACH = (0.75, 0.69, 0.84)
"""How far (hex radii, and 2 pixels of shadow sideways) goods and a pyramid's steps reach
from a hex's centre at most, sideways, up and down (`pieces.city_cubes`,
`pieces.draw_pyramid_base`): the goods are at least `pieces.MIN_CUBE` pixels where the
hex has room, so on a small hex they reach further than its inner part."""

Box = tuple[float, float, float, float]
"""A world rectangle: left, top, right, bottom."""


@dataclass(frozen=True)
class PlacedLabel:
    """One place's name as drawn: its text, size, where (layer pixels), and the leader
    line back to its place if it had to move away."""

    name: str
    hexes: tuple[int, ...]
    size: int
    rect: pygame.Rect
    leader: tuple[tuple[int, int], tuple[int, int]] | None


def place_names(map_name: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each named place once, with its hexes (Al Qahirah has two); cities first."""
    return _place_names(map_name)


@lru_cache(maxsize=8)
def _place_names(map_name: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    mp = geometry(map_name).map
    result: dict[str, list[int]] = {}
    for city in mp.cities:
        result.setdefault(city.name, []).extend(city.hexes)
    for h, name in sorted(mp.town_names.items()):
        result.setdefault(name, []).append(h)
    return tuple((name, tuple(hexes)) for name, hexes in result.items())


def fit_box(geo: MapGeometry) -> Box:
    """The world box the map view frames at Fit (always visible whole at Fit)."""
    left, top, right, bottom = geo.bounds
    return (left + 0.1, top + 0.1, right - 0.1, bottom + 0.2)


def layer_box(geo: MapGeometry) -> Box:
    """The world box the board layer covers (nothing outside it is drawn)."""
    left, top, right, bottom = geo.bounds
    return (left - MARGIN, top - MARGIN, right + MARGIN, bottom + MARGIN)


def label_size(zoom: float) -> int:
    """The name size at a zoom (pixels per hex radius)."""
    return max(11, min(18, round(zoom * 0.34)))


def label_extent(name: str, size: int) -> tuple[int, int]:
    """Width and height of a label's backing: the whole name plus its padding."""
    width, height = text.font(size, "bold").size(name)
    return width + 8, height + 2


def marks(map_name: str, zoom_key: int) -> tuple[pygame.Rect, ...]:
    """What a label must never cover, in layer pixels: every city, town (it may become
    a city), pyramid and canal hex's inner part with its letter or number disc."""
    return _marks(map_name, zoom_key)


@lru_cache(maxsize=32)
def _marks(map_name: str, zoom_key: int) -> tuple[pygame.Rect, ...]:
    geo = geometry(map_name)
    zoom = zoom_key / 100
    mp = geo.map
    result = []
    for h, kind in enumerate(mp.terrain):
        if kind not in ("city", "town", "pyramid", "canal") and h not in mp.city_of_hex:
            continue
        result.append(_hex_mark(geo, h, zoom))
    return tuple(result)


def marks_of(map_name: str, zoom_key: int, h: int) -> list[pygame.Rect]:
    """Hex `h`'s own mark (empty if it has none or `h` is -1)."""
    if h < 0:
        return []
    geo = geometry(map_name)
    kind = geo.map.terrain[h]
    if kind not in ("city", "town", "pyramid", "canal") and h not in geo.map.city_of_hex:
        return []
    return [_hex_mark(geo, h, zoom_key / 100)]


def _hex_mark(geo: MapGeometry, h: int, zoom: float) -> pygame.Rect:
    """A hex's inner part plus the letter disc drawn above its centre (`draw_city`) and
    the goods on it (at least `pieces.MIN_CUBE` pixels, they reach out to `GOODS_REACH`
    hex radii on a small hex)."""
    origin = layer_box(geo)
    points = [_px(p, origin, zoom) for p in geo.corners(h, 0.8)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    inner = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                        round(max(ys) - min(ys)))
    cx, cy = _px(geo.centre(h), origin, zoom)
    radius = max(6.0, zoom * 0.24)
    disc = pygame.Rect(round(cx - radius - 1), round(cy - zoom * 0.42 - radius - 1),
                       round(2 * radius + 2), round(2 * radius + 2))
    side, up, down = GOODS_REACH
    goods = pygame.Rect(round(cx - side * zoom - 2), round(cy - up * zoom),
                        round(2 * side * zoom + 4), round((up + down) * zoom))
    return inner.union(disc).union(goods)


def _px(point: Point, origin: Box, zoom: float) -> tuple[float, float]:
    return ((point[0] - origin[0]) * zoom, (point[1] - origin[1]) * zoom)


def _to_rect(box: Box, origin: Box, zoom: float) -> pygame.Rect:
    left, top = _px((box[0], box[1]), origin, zoom)
    right, bottom = _px((box[2], box[3]), origin, zoom)
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


def place_labels(map_name: str, zoom_key: int, area: Box | None = None
                 ) -> tuple[PlacedLabel, ...]:
    """Every place's label at a zoom (pixels per hex radius × 100), inside `area` (a
    world box; the map's Fit box if none), which is cut to the board layer."""
    geo = geometry(map_name)
    box = area or fit_box(geo)
    layer = layer_box(geo)
    cut: Box = (round(max(box[0], layer[0]), 2), round(max(box[1], layer[1]), 2),
                round(min(box[2], layer[2]), 2), round(min(box[3], layer[3]), 2))
    return _place_labels(map_name, zoom_key, cut)


@lru_cache(maxsize=32)
def _place_labels(map_name: str, zoom_key: int, area: Box) -> tuple[PlacedLabel, ...]:
    geo = geometry(map_name)
    zoom = zoom_key / 100
    bounds = _to_rect(area, layer_box(geo), zoom).inflate(-2, -2)
    obstacles = list(marks(map_name, zoom_key))
    placed: list[PlacedLabel] = []
    for name, hexes in place_names(map_name):
        label = _place_one(geo, name, hexes, zoom, bounds, obstacles)
        placed.append(label)
        obstacles.append(label.rect.inflate(2 * PAD, 2 * PAD))
    return tuple(placed)


def _place_one(geo: MapGeometry, name: str, hexes: tuple[int, ...], zoom: float,
               bounds: pygame.Rect, obstacles: list[pygame.Rect]) -> PlacedLabel:
    """The nearest free spot for one name, shrinking it a step at a time if it must."""
    own = _own_box(geo, hexes, zoom)
    size = label_size(zoom)
    first: pygame.Rect | None = None
    for trial in range(size, MIN_SIZE - 1, -1):
        width, height = label_extent(name, trial)
        for rect in _candidates(own, width, height, zoom):
            fitted = rect.clamp(bounds)
            if first is None:
                first = fitted
            if fitted.collidelist(obstacles) < 0:
                return PlacedLabel(name, hexes, trial, fitted,
                                   _leader(geo, hexes, fitted, own, zoom))
    assert first is not None
    return PlacedLabel(name, hexes, MIN_SIZE, first, _leader(geo, hexes, first, own, zoom))


def _own_box(geo: MapGeometry, hexes: tuple[int, ...], zoom: float) -> pygame.Rect:
    rects = [_hex_mark(geo, h, zoom) for h in hexes]
    return rects[0].unionall(rects[1:])


def _candidates(own: pygame.Rect, width: int, height: int, zoom: float
                ) -> Iterator[pygame.Rect]:
    """Spots around a place's box, nearest first: below, above, right, left, then
    shifted along each side, then the same a ring further out."""
    gap = PAD + 1
    for ring in RINGS:
        d = gap + round(ring * zoom)
        for shift in SHIFTS:
            dx, dy = round(shift * width), round(shift * height)
            yield pygame.Rect(own.centerx - width // 2 + dx, own.bottom + d, width, height)
            yield pygame.Rect(own.centerx - width // 2 + dx, own.top - d - height, width, height)
            yield pygame.Rect(own.right + d, own.centery - height // 2 + dy, width, height)
            yield pygame.Rect(own.left - d - width, own.centery - height // 2 + dy, width,
                              height)
    yield from _grid(own, width, height, zoom)


def _grid(own: pygame.Rect, width: int, height: int, zoom: float) -> Iterator[pygame.Rect]:
    """Every spot on a fine grid within `SEARCH` hex radii, nearest to the place first
    (the last resort of a crowded corner)."""
    step = max(3, height // 3)
    reach = round(SEARCH * zoom)
    spots = []
    for dy in range(-reach - height, reach + 1, step):
        for dx in range(-reach - width, reach + 1, step):
            rect = pygame.Rect(own.centerx + dx, own.centery + dy, width, height)
            spots.append((_gap(rect, own), abs(dy), rect))
    spots.sort(key=lambda spot: (spot[0], spot[1]))
    for _, _, rect in spots:
        yield rect


def _leader(geo: MapGeometry, hexes: tuple[int, ...], rect: pygame.Rect, own: pygame.Rect,
            zoom: float) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A line from the label to its place's nearest hex if the label sits away from it."""
    if _gap(rect, own) <= LEADER_AT * zoom:
        return None
    origin = layer_box(geo)
    centres = [_px(geo.centre(h), origin, zoom) for h in hexes]
    near = min(centres, key=lambda c: _distance_to_rect(c, rect))
    edge = (min(max(near[0], rect.left), rect.right), min(max(near[1], rect.top), rect.bottom))
    dx, dy = edge[0] - near[0], edge[1] - near[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    reach = min(length, zoom * 0.8)
    start = (round(near[0] + dx / length * reach), round(near[1] + dy / length * reach))
    return start, (round(edge[0]), round(edge[1]))


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles (0 if they touch or overlap)."""
    dx = max(0, b.left - a.right, a.left - b.right)
    dy = max(0, b.top - a.bottom, a.top - b.bottom)
    return float((dx * dx + dy * dy) ** 0.5)


def _distance_to_rect(point: tuple[float, float], rect: pygame.Rect) -> float:
    dx = max(rect.left - point[0], 0.0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0.0, point[1] - rect.bottom)
    return float((dx * dx + dy * dy) ** 0.5)


@lru_cache(maxsize=512)
def label_image(name: str, size: int) -> pygame.Surface:
    """A place name, whole, on a dark rounded backing (`label_extent` big)."""
    image = text.render(name, size, (250, 246, 232), "bold")
    width, height = label_extent(name, size)
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(box, (20, 24, 28, 190), box.get_rect(), border_radius=4)
    box.blit(image, (4, 1))
    return box


def draw_label(layer: pygame.Surface, label: PlacedLabel) -> None:
    """A label and its leader line on the board layer."""
    if label.leader is not None:
        start, end = label.leader
        pygame.draw.line(layer, (20, 24, 28), start, end, 3)
        pygame.draw.line(layer, (250, 246, 232), start, end, 1)
        pygame.draw.circle(layer, (20, 24, 28), start, 3)
        pygame.draw.circle(layer, (250, 246, 232), start, 2)
    layer.blit(label_image(label.name, label.size), label.rect)


for _cache in (_place_labels, label_image):  # both hold sizes at the text size they met
    theme.on_text_size_change(_cache.cache_clear)
