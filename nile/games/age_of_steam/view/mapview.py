"""The board as the game stands: the printed map, flooding, new cities, track, markers,
names and goods, through a zoomable camera.

The whole board is composed into one layer the size of the map at the current zoom,
and composed again only when the zoom or what the board shows changes (an action, a
new turn's flood); a frame is one blit of that layer plus the scene's highlights.
Each goods cube is added to the layer's hit map as it is drawn, so a click finds the cube
under it (the layer's places are in its own pixels: a point on screen is moved by where
the layer was blitted before asking).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from nile.games.age_of_steam.rules import NO_OWNER, AgeOfSteamState, Segment, tracks_of
from nile.games.age_of_steam.view import labels, palette, pieces, track
from nile.games.age_of_steam.view.geometry import MapGeometry, Point, geometry
from nile.games.age_of_steam.view.mapart import MapArt, draw_city, draw_town
from nile.ui import text
from nile.ui.camera import Camera
from nile.ui.kit.hits import HitMap
from nile.ui.theme import PlayerColor

MIN_ZOOM = 8.0
MAX_ZOOM = 90.0
LABEL_MIN_ZOOM = 15.0


@dataclass(frozen=True)
class DrawnCube:
    """A goods cube as drawn: where it sits (a city or pyramid hex), its colour, and its
    place on the board layer (`MapView.cube_rect` gives it on screen)."""

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
        self._cube_hits: HitMap[DrawnCube] = HitMap()
        """Each cube's place on the board layer (a little larger than the cube)."""
        self._name_hits: HitMap[labels.PlacedLabel] = HitMap()
        """Each name's place on the board layer (`name_at`: no click target, the table
        only outlines the hex beneath it)."""
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._quick_key: tuple[object, ...] | None = None
        self._offset = (0, 0)
        self._zoom = 1.0
        self.label_area: labels.Box | None = None
        """The world box Fit shows: names stay inside it at every zoom."""

    # Camera ----------------------------------------------------------------------

    def fit(self) -> None:
        self.camera.fit(*labels.fit_box(self.geo), margin=0.01)
        self.settle_zoom()
        viewport = self.camera.viewport
        (x0, y0), (x1, y1) = (self.camera.to_world(viewport.topleft),
                              self.camera.to_world(viewport.bottomright))
        self.label_area = (x0, y0, x1, y1)

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
        if not self.camera.covers(pos):
            return -1
        return self.geo.hex_at(self.camera.to_world(pos))

    def hex_polygon(self, h: int, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.hex_centre(h)
        return [(cx + dx, cy + dy)
                for dx, dy in corner_offsets(self.map_name, round(self.zoom * scale * 100))]

    def owner_rgb(self, owner: int) -> tuple[int, int, int]:
        if owner == NO_OWNER or owner >= len(self.colors):
            return palette.UNOWNED
        return self.colors[owner].rgb

    # Drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: AgeOfSteamState, version: int) -> None:
        """The board inside the camera's viewport; `version` changes whenever the state
        drawn may have (the layer is composed again only if the board itself changed)."""
        viewport = self.camera.viewport
        layer = self._board(state, version)
        origin = self.screen(self.art.origin())
        self._offset = (round(origin[0]), round(origin[1]))
        at = layer.get_rect(topleft=self._offset)
        clip = surface.get_clip()
        surface.set_clip(viewport.clip(clip))
        if not at.contains(viewport):
            surface.fill(palette.SEA, viewport)
        surface.blit(layer, at)
        surface.set_clip(clip)

    def cube_rect(self, cube: DrawnCube) -> pygame.Rect:
        return cube.rect.move(self._offset)

    def cube_at(self, pos: tuple[int, int]) -> DrawnCube | None:
        """The topmost drawn cube under `pos` (pyramid tops are drawn last)."""
        if not self.camera.covers(pos):
            return None
        return self._cube_hits.at((pos[0] - self._offset[0], pos[1] - self._offset[1]))

    def _board(self, state: AgeOfSteamState, version: int) -> pygame.Surface:
        quick = (round(self.zoom * 100), tuple(self.colors), version, self.label_area)
        if quick == self._quick_key and self._layer is not None:
            return self._layer
        self._quick_key = quick
        key = (quick[0], quick[1], board_signature(state), self.label_area)
        if key != self._layer_key or self._layer is None:
            self._layer_key = key
            self._zoom = key[0] / 100
            self._layer = self._compose(state)
        return self._layer

    def _px(self, point: Point) -> tuple[float, float]:
        left, top = self.art.origin()
        return ((point[0] - left) * self._zoom, (point[1] - top) * self._zoom)

    def _centre(self, h: int) -> tuple[float, float]:
        return self._px(self.geo.centre(h))

    def _compose(self, state: AgeOfSteamState) -> pygame.Surface:
        layer = self.art.terrain(self._zoom).copy()
        self._floods(layer, state)
        self._canal(layer, state)
        self._new_cities(layer, state)
        self._track(layer, state)
        self._names(layer)
        self._goods(layer, state)
        return layer

    def _floods(self, layer: pygame.Surface, state: AgeOfSteamState) -> None:
        if not state.map.nile_edges:
            return
        for h in sorted(state.map.nile_west | state.map.nile_east):
            if not state.rules.flooded(state, h):
                continue
            points = [self._px(p) for p in self.geo.corners(h)]
            left = min(p[0] for p in points)
            top = min(p[1] for p in points)
            key = tuple((round(x - left), round(y - top)) for x, y in points)
            layer.blit(pieces.flood_overlay(key), (round(left), round(top)))
            if h in state.map.city_of_hex:  # the city's own colour stays true inside
                city = state.map.cities[state.map.city_of_hex[h]]
                draw_city(layer, self._centre(h), self._zoom, self.geo, h, city.colour,
                          city.growth)

    def _canal(self, layer: pygame.Surface, state: AgeOfSteamState) -> None:
        rules = state.rules
        for h, kind in enumerate(state.map.terrain):
            if kind != "canal" or rules.buildable(state, h):
                continue
            cx, cy = self._centre(h)
            r = max(5.0, self._zoom * 0.24)
            pygame.draw.circle(layer, (40, 40, 44), (cx, cy), r)
            pygame.draw.circle(layer, (240, 240, 240), (cx, cy), r, max(1, round(r / 6)))
            text.draw(layer, "3", (cx, cy), max(9, round(r * 1.3)), (240, 240, 240), "bold",
                      "center")

    def _new_cities(self, layer: pygame.Surface, state: AgeOfSteamState) -> None:
        for key, letter in state.new_cities.items():
            h = int(key)
            colour = state.city_colour(h)
            draw_city(layer, self._centre(h), self._zoom, self.geo, h, colour, None, letter)

    def _track(self, layer: pygame.Surface, state: AgeOfSteamState) -> None:
        net = state.network()
        zoom_key = round(self._zoom * 100)
        for h, (name, rotation, owners) in state.tiles.items():
            cx, cy = self._centre(h)
            for t, owner in zip(tracks_of(name, rotation), owners, strict=True):
                seg = net.segments[net.segment_at[(h, t)]]
                style = "link" if seg.complete else "loose"
                image = track.piece_image(self.map_name, t, self.owner_rgb(owner), zoom_key, style)
                layer.blit(image, image.get_rect(center=(round(cx), round(cy))))
            if state.is_town(h):
                draw_town(layer, (cx, cy), self._zoom)
        for seg in net.segments:
            self._segment_marks(layer, seg)

    def _segment_marks(self, layer: pygame.Surface, seg: Segment) -> None:
        for end in seg.ends:
            if end.stop < 0:
                at = self._px(self.geo.edge_point(end.hex, end.edge, 0.06))
                track.draw_loose_end(layer, at, self.geo.direction(end.edge), self._zoom)
        if seg.owner == NO_OWNER or seg.owner >= len(self.colors):
            return
        h, t = seg.tracks[len(seg.tracks) // 2]
        point = self._px(track.midpoint(track.curve(self.geo, h, t)))
        radius = max(5, round(self._zoom * 0.2))
        image = track.marker_image(self.colors[seg.owner], radius, not seg.complete)
        layer.blit(image, image.get_rect(center=(round(point[0]), round(point[1]))))

    def _names(self, layer: pygame.Surface) -> None:
        self._name_hits.clear()
        if self._zoom < LABEL_MIN_ZOOM:
            return
        for label in self.placed_labels():
            labels.draw_label(layer, label)
            self._name_hits.add(label.rect, label)

    def names_over(self, surface: pygame.Surface, h: int) -> None:
        """Draw again, on screen, the names that reach into hex `h` (after something was
        drawn over the hex, such as the tile being chosen there), so none is dimmed."""
        if self._zoom < LABEL_MIN_ZOOM or self._layer is None:
            return
        xs, ys = zip(*self.hex_polygon(h), strict=True)
        area = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                           round(max(ys) - min(ys)))
        for label in self.placed_labels():
            rect = label.rect.move(self._offset)
            if rect.colliderect(area):
                surface.blit(labels.label_image(label.name, label.size), rect)

    def name_rects(self) -> list[pygame.Rect]:
        """Where the names are on screen (for markers that must not cover them)."""
        if self._zoom < LABEL_MIN_ZOOM:
            return []
        return [label.rect.move(self._offset) for label in self.placed_labels()]

    def name_at(self, pos: tuple[int, int]) -> labels.PlacedLabel | None:
        """The name drawn under `pos` on screen, if any (names catch no click: the map
        asks `hex_at`; this only lets the table outline the hex beneath)."""
        if not self.camera.covers(pos):
            return None
        return self._name_hits.at((pos[0] - self._offset[0], pos[1] - self._offset[1]))

    def mark_rects(self, leave_out: int = -1) -> list[pygame.Rect]:
        """Where the cities', towns', pyramids' and the canal's marks are on screen (but
        hex `leave_out`'s), for markers that must not cover a letter or number."""
        zoom_key = round(self._zoom * 100)
        skip = labels.marks_of(self.map_name, zoom_key, leave_out)
        return [r.move(self._offset) for r in labels.marks(self.map_name, zoom_key)
                if r not in skip]

    def placed_labels(self) -> tuple[labels.PlacedLabel, ...]:
        """Every place's name as placed at the board layer's zoom, inside what Fit shows."""
        return labels.place_labels(self.map_name, round(self._zoom * 100), self.label_area)

    def _goods(self, layer: pygame.Surface, state: AgeOfSteamState) -> None:
        self.cubes = []
        self._cube_hits.clear()
        for h, slots in state.pyramids.items():
            centre = self._centre(h)
            pieces.draw_pyramid_base(layer, centre, self._zoom)
            drawn = pieces.pyramid_cubes(centre, self._zoom, slots)
            pieces.draw_cubes(layer, drawn)
            self._add_cubes([DrawnCube(h, c, r) for c, r in drawn if not c.startswith("~")])
        for h, goods in state.goods.items():
            if not goods:
                continue
            drawn = pieces.city_cubes(self._centre(h), self._zoom, pieces.sort_goods(goods))
            pieces.draw_cubes(layer, drawn)
            self._add_cubes([DrawnCube(h, c, r) for c, r in drawn])

    def _add_cubes(self, cubes: list[DrawnCube]) -> None:
        """Cubes just drawn: kept for the scene's rings, placed for clicks (with a
        couple of pixels to spare round a small cube)."""
        self.cubes += cubes
        for cube in cubes:
            self._cube_hits.add(cube.rect.inflate(4, 4), cube)


def board_signature(state: AgeOfSteamState) -> tuple[object, ...]:
    """What the board layer shows, to know when to compose it again."""
    return (
        state.map_name,
        state.round,
        tuple(sorted(state.tiles.items())),
        tuple((h, tuple(g)) for h, g in sorted(state.goods.items()) if g),
        tuple((h, tuple(s)) for h, s in sorted(state.pyramids.items())),
        tuple(sorted(state.new_cities.items())),
    )


@lru_cache(maxsize=64)
def corner_offsets(map_name: str, radius_key: int) -> tuple[tuple[float, float], ...]:
    """A hex's corners relative to its centre on screen, at a radius (in pixels × 100)."""
    geo = geometry(map_name)
    cx, cy = geo.centre(0)
    radius = radius_key / 100
    return tuple(((x - cx) * radius, (y - cy) * radius) for x, y in geo.corners(0))
