"""What the scene draws over the board: highlighted hexes, a ghost tile, a route with its
links' owners, small tags, tooltips and animated pieces."""

from __future__ import annotations

import itertools
import math

import pygame

from nile.games.age_of_steam.rules import AgeOfSteamState, tracks_of
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.view import track
from nile.games.age_of_steam.view.choices import LinkPath
from nile.games.age_of_steam.view.mapview import MapView
from nile.ui import text, theme
from nile.ui.theme import Color, PlayerColor


def hex_ring(surface: pygame.Surface, mv: MapView, h: int, color: Color, width: int = 3,
             scale: float = 0.9) -> None:
    points = mv.hex_polygon(h, scale)
    pygame.draw.polygon(surface, color, points, width)


def hex_fill(surface: pygame.Surface, mv: MapView, h: int, color: Color, alpha: int) -> None:
    points = mv.hex_polygon(h, 0.96)
    left = min(p[0] for p in points)
    top = min(p[1] for p in points)
    local = [(x - left, y - top) for x, y in points]
    size = (math.ceil(max(p[0] for p in local)) + 1, math.ceil(max(p[1] for p in local)) + 1)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*color, alpha), local)
    surface.blit(layer, (left, top))


def ghost_tile(surface: pygame.Surface, mv: MapView, action: Build, color: Color) -> None:
    """The chosen tile drawn on its hex, see-through, in the builder's colour."""
    h = mv.geo.map.hex_at(action.hex_label)
    hex_fill(surface, mv, h, (20, 20, 20), 120)
    cx, cy = mv.hex_centre(h)
    zoom_key = round(mv.zoom * 100)
    for t in tracks_of(action.tile, action.rotation):
        image = track.piece_image(mv.map_name, t, color, zoom_key, "ghost")
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
    if mv.geo.map.terrain[h] == "town":
        r = max(4.0, mv.zoom * 0.26)
        pygame.draw.circle(surface, (246, 242, 228), (cx, cy), r)
        pygame.draw.circle(surface, (60, 60, 60), (cx, cy), r, 2)
    mv.names_over(surface, h)


def route(surface: pygame.Surface, mv: MapView, links: list[LinkPath],
          colors: list[PlayerColor], bold: bool = True) -> None:
    """A delivery's path, each link in its owner's colour with the owner's marker."""
    width = max(4, round(mv.zoom * (0.28 if bold else 0.12)))
    for link in links:
        color = colors[link.owner].rgb if 0 <= link.owner < len(colors) else (200, 200, 200)
        points = link_points(mv, link)
        if len(points) > 1:
            pygame.draw.lines(surface, (20, 20, 20), False, points, width + (4 if bold else 2))
            pygame.draw.lines(surface, theme.lighten(color, 0.25), False, points, width)
            for p in points:
                pygame.draw.circle(surface, theme.lighten(color, 0.25), p, width / 2)
    for link in links if bold else []:
        if not 0 <= link.owner < len(colors):
            continue
        mid = link.hexes[len(link.hexes) // 2]
        at = mv.hex_centre(mid)
        radius = max(8, round(mv.zoom * 0.26))
        image = track.marker_image(colors[link.owner], radius, False)
        surface.blit(image, image.get_rect(center=(round(at[0]), round(at[1]))))


def link_points(mv: MapView, link: LinkPath) -> list[tuple[float, float]]:
    """Screen points along a link's track, from its first stop's centre to its last's."""
    points = [mv.hex_centre(link.hexes[0])]
    for h, t in link.pieces:
        curve = [mv.screen(p) for p in track.curve(mv.geo, h, t, 8)]
        if math.dist(curve[-1], points[-1]) < math.dist(curve[0], points[-1]):
            curve.reverse()
        points += curve
    points.append(mv.hex_centre(link.hexes[-1]))
    return points


def tag(surface: pygame.Surface, label: str, at: tuple[float, float], fill: Color,
        ink: Color = (20, 20, 20), size: int = 13) -> pygame.Rect:
    """A small rounded label centred at `at`."""
    image = text.render(label, size, ink, "bold")
    box = image.get_rect(center=(round(at[0]), round(at[1]))).inflate(10, 4)
    pygame.draw.rect(surface, fill, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, (20, 20, 20), box, 1, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=box.center))
    return box


def tag_width(label: str, size: int = 13) -> int:
    """How wide `tag` draws this label."""
    return text.render(label, size, (0, 0, 0), "bold").get_width() + 10


def flash(surface: pygame.Surface, mv: MapView, h: int, progress: float) -> None:
    """A bright ring fading out around a hex that just got track."""
    alpha = max(0.0, 1.0 - progress)
    color = theme.lighten(theme.HIGHLIGHT, 0.3 * progress)
    width = max(2, round(5 * alpha))
    scale = 0.95 + 0.25 * progress
    if alpha > 0:
        pygame.draw.polygon(surface, color, mv.hex_polygon(h, scale), width)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a share `t` of the way along a polyline."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
    total = sum(lengths) or 1.0
    goal = t * total
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if goal <= length and length > 0:
            u = goal / length
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
        goal -= length
    return points[-1]


_VEIL: dict[tuple[int, int], pygame.Surface] = {}


def pick_out_track(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, seat: int,
                   color: PlayerColor) -> None:
    """One player's track at a glance: the rest of the map behind a veil, that player's
    links and unfinished track traced over it in a bright band of their colour."""
    viewport = mv.camera.viewport
    veil = _VEIL.get(viewport.size)
    if veil is None:
        veil = _VEIL[viewport.size] = pygame.Surface(viewport.size, pygame.SRCALPHA)
        veil.fill((14, 18, 22, 150))
    surface.blit(veil, viewport.topleft)
    width = max(4, round(mv.zoom * 0.26))
    for seg in view.network().segments:
        if seg.owner != seat:
            continue
        for h, t in seg.tracks:
            points = [mv.screen(p) for p in track.curve(mv.geo, h, t)]
            pygame.draw.lines(surface, (250, 246, 232), False, points, width + 4)
            pygame.draw.lines(surface, color.rgb, False, points, width)
