"""The board as the game stands: the printed map, flooding, new cities, track, markers,
names and goods, through a zoomable camera.

`MapView.draw` draws a state and remembers where it drew each goods cube, so a click
finds the cube under it; static art comes from `MapArt`, track pieces and cubes from
their caches, so a full board costs a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from nile.games.age_of_steam.rules.network import NO_OWNER, Segment, tracks_of
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.view import palette, pieces, track
from nile.games.age_of_steam.view.geometry import MapGeometry, Point, geometry
from nile.games.age_of_steam.view.mapart import MapArt, draw_city, draw_town
from nile.ui import text, theme
from nile.ui.camera import Camera
from nile.ui.theme import PlayerColor

MIN_ZOOM = 8.0
MAX_ZOOM = 90.0
LABEL_MIN_ZOOM = 15.0


@dataclass(frozen=True)
class DrawnCube:
    """A goods cube as drawn: where it sits (a city or pyramid hex) and its colour."""

    hex: int
    colour: str
    rect: pygame.Rect


class MapView:
    """One map on screen; the scene sets `colors` (seat -> PlayerColor) before drawing."""

    def __init__(self, map_name: str) -> None:
        self.map_name = map_name
        self.geo: MapGeometry = geometry(map_name)
        self.art = MapArt(self.geo)
        self.camera = Camera(pygame.Rect(0, 0, 10, 10), min_zoom=MIN_ZOOM, max_zoom=MAX_ZOOM)
        self.colors: list[PlayerColor] = []
        self.cubes: list[DrawnCube] = []

    # Camera ----------------------------------------------------------------------

    def fit(self) -> None:
        left, top, right, bottom = self.geo.bounds
        self.camera.fit(left + 0.1, top + 0.1, right - 0.1, bottom - 0.1, margin=0.01)
        self.settle_zoom()

    def settle_zoom(self) -> None:
        """Keep the zoom on the art cache's grid so terrain and pieces line up."""
        self.camera.zoom = round(self.camera.zoom, 2)

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    def screen(self, point: Point) -> tuple[float, float]:
        return self.camera.to_screen(point)

    def hex_centre(self, h: int) -> tuple[float, float]:
        return self.camera.to_screen(self.geo.centre(h))

    def hex_at(self, pos: tuple[int, int]) -> int:
        if not self.camera.viewport.collidepoint(pos):
            return -1
        return self.geo.hex_at(self.camera.to_world(pos))

    def hex_polygon(self, h: int, scale: float = 1.0) -> list[tuple[float, float]]:
        return [self.screen(p) for p in self.geo.corners(h, scale)]

    # Drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        viewport = self.camera.viewport
        clip = surface.get_clip()
        surface.set_clip(viewport.clip(clip))
        surface.fill(palette.SEA, viewport)
        terrain = self.art.terrain(self.zoom)
        surface.blit(terrain, self.screen(self.art.origin()))
        self._floods(surface, state)
        self._canal(surface, state)
        self._new_cities(surface, state)
        self._track(surface, state)
        self._names(surface, state)
        self._goods(surface, state)
        surface.set_clip(clip)

    def _visible(self, h: int) -> bool:
        x, y = self.hex_centre(h)
        reach = self.zoom * 1.2
        view = self.camera.viewport
        return (view.left - reach < x < view.right + reach
                and view.top - reach < y < view.bottom + reach)

    def _floods(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        if not state.map.nile_edges:
            return
        for h in sorted(state.map.nile_west | state.map.nile_east):
            if not state.rules.flooded(state, h) or not self._visible(h):
                continue
            points = self.hex_polygon(h, 0.88)
            left = min(p[0] for p in points)
            top = min(p[1] for p in points)
            key = tuple((round(x - left), round(y - top)) for x, y in points)
            surface.blit(pieces.flood_overlay(key), (round(left), round(top)))
            cx, cy = self.hex_centre(h)
            spot = self.screen(self.geo.to_world((-0.5, -0.42)))
            origin = self.screen(self.geo.to_world((0.0, 0.0)))
            dx, dy = spot[0] - origin[0], spot[1] - origin[1]
            pieces.draw_flood_disc(surface, (cx + dx, cy + dy), self.zoom)

    def _canal(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        rules = state.rules
        for h, kind in enumerate(state.map.terrain):
            if kind != "canal" or rules.buildable(state, h):
                continue
            cx, cy = self.hex_centre(h)
            r = max(5.0, self.zoom * 0.24)
            pygame.draw.circle(surface, (40, 40, 44), (cx, cy), r)
            pygame.draw.circle(surface, (240, 240, 240), (cx, cy), r, max(1, round(r / 6)))
            text.draw(surface, "3", (cx, cy), max(9, round(r * 1.3)), (240, 240, 240), "bold",
                      "center")

    def _new_cities(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        for key, letter in state.new_cities.items():
            h = int(key)
            colour = state.city_colour(h)
            draw_city(surface, self.hex_centre(h), self.zoom, self.geo, h, colour, None, letter)

    def _track(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        net = state.network()
        zoom_key = round(self.zoom * 100)
        half = None
        for h, (name, rotation, owners) in state.tiles.items():
            if not self._visible(h):
                continue
            cx, cy = self.hex_centre(h)
            for t, owner in zip(tracks_of(name, rotation), owners, strict=True):
                seg = net.segments[net.segment_at[(h, t)]]
                style = "link" if seg.complete else "loose"
                image = track.piece_image(self.map_name, t, self.owner_rgb(owner), zoom_key, style)
                if half is None:
                    half = image.get_width() / 2
                surface.blit(image, (round(cx - half), round(cy - half)))
            if state.is_town(h):
                draw_town(surface, (cx, cy), self.zoom)
        for seg in net.segments:
            self._segment_marks(surface, state, seg)

    def owner_rgb(self, owner: int) -> tuple[int, int, int]:
        if owner == NO_OWNER or owner >= len(self.colors):
            return palette.UNOWNED
        return self.colors[owner].rgb

    def _segment_marks(self, surface: pygame.Surface, state: AgeOfSteamState, seg: Segment) -> None:
        for end in seg.ends:
            if end.stop < 0 and self._visible(end.hex):
                at = self.screen(self.geo.edge_point(end.hex, end.edge, 0.06))
                track.draw_loose_end(surface, at, self.geo.direction(end.edge), self.zoom)
        if seg.owner == NO_OWNER or seg.owner >= len(self.colors):
            return
        h, t = seg.tracks[len(seg.tracks) // 2]
        if not self._visible(h):
            return
        point = self.screen(track.midpoint(track.curve(self.geo, h, t)))
        radius = max(5, round(self.zoom * 0.2))
        image = track.marker_image(self.colors[seg.owner], radius, not seg.complete)
        surface.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))

    def _names(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        if self.zoom < LABEL_MIN_ZOOM:
            return
        for (x, y), image in placed_labels(self.map_name, round(self.zoom * 100)):
            at = self.screen((x, y))
            rect = image.get_rect(center=(round(at[0]), round(at[1])))
            if rect.colliderect(self.camera.viewport):
                surface.blit(image, rect)

    def _goods(self, surface: pygame.Surface, state: AgeOfSteamState) -> None:
        self.cubes = []
        for h, slots in state.pyramids.items():
            if not self._visible(h):
                continue
            centre = self.hex_centre(h)
            pieces.draw_pyramid_base(surface, centre, self.zoom)
            drawn = pieces.pyramid_cubes(centre, self.zoom, slots)
            pieces.draw_cubes(surface, drawn)
            self.cubes += [DrawnCube(h, c, r) for c, r in drawn]
        for h, goods in state.goods.items():
            if not goods or not self._visible(h):
                continue
            drawn = pieces.city_cubes(self.hex_centre(h), self.zoom, pieces.sort_goods(goods))
            pieces.draw_cubes(surface, drawn)
            self.cubes += [DrawnCube(h, c, r) for c, r in drawn]

    def cube_at(self, pos: tuple[int, int]) -> DrawnCube | None:
        """The topmost drawn cube under `pos` (pyramid tops are drawn last)."""
        for cube in reversed(self.cubes):
            if cube.rect.inflate(4, 4).collidepoint(pos):
                return cube
        return None


@lru_cache(maxsize=8)
def place_names(map_name: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each named place once, with its hexes (Al Qahirah has two)."""
    geo = geometry(map_name)
    mp = geo.map
    result: dict[str, list[int]] = {}
    for city in mp.cities:
        result.setdefault(city.name, []).extend(city.hexes)
    for h, name in sorted(mp.town_names.items()):
        result.setdefault(name, []).append(h)
    return tuple((name, tuple(hexes)) for name, hexes in result.items())


@lru_cache(maxsize=8)
def placed_labels(map_name: str, zoom_key: int
                  ) -> tuple[tuple[Point, pygame.Surface], ...]:
    """Names that fit without covering each other at this zoom: cities first, below their
    hex or else above it; a name that fits nowhere is left to the tooltip."""
    geo = geometry(map_name)
    zoom = zoom_key / 100
    size = max(11, min(18, round(zoom * 0.34)))
    width = max(48, round(zoom * 3.2))
    taken: list[pygame.Rect] = []
    result = []
    for name, hexes in place_names(map_name):
        image = label_image(name, size, width)
        xs = [geo.centre(h)[0] for h in hexes]
        ys = [geo.centre(h)[1] for h in hexes]
        x = sum(xs) / len(xs)
        for y in (max(ys) + 0.96, min(ys) - 0.96):
            rect = image.get_rect(center=(round(x * zoom), round(y * zoom)))
            if rect.collidelist(taken) < 0:
                taken.append(rect.inflate(4, 0))
                result.append(((x, y), image))
                break
    return tuple(result)


@lru_cache(maxsize=512)
def label_image(name: str, size: int, max_width: int) -> pygame.Surface:
    """A place name on a dark rounded backing."""
    fitted, fitted_size = text.fit(name, size, max_width, "bold")
    image = text.render(fitted, fitted_size, (250, 246, 232), "bold")
    box = pygame.Surface((image.get_width() + 8, image.get_height() + 2), pygame.SRCALPHA)
    pygame.draw.rect(box, (20, 24, 28, 175), box.get_rect(), border_radius=4)
    box.blit(image, (4, 1))
    return box


def seat_colors(colors: list[PlayerColor]) -> list[theme.Color]:
    return [c.rgb for c in colors]
