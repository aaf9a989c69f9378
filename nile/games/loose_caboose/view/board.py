"""The railway on its zoomable grid: the track cards, the front, the cells the picked card
may go in, a hint's flashing cell and the caboose (where its hops have got to).

Every cell around the railway is added to the hit map as a `GridCell` while it is the
player's turn, so a click anywhere near the track says which cell it meant.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.games.loose_caboose.intent import GridCell
from nile.games.loose_caboose.rules import Cell, Railway
from nile.games.loose_caboose.view import pieces
from nile.games.loose_caboose.view.table import Hits, TableView, cell_center, cell_rect
from nile.ui import theme
from nile.ui.camera import Camera
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import highlight

MAX_CELL = 96
"""The largest a cell is drawn, in pixels (a short railway is not blown up further)."""
CLICK_MARGIN = 3
"""How many cells beyond the railway's bounds a click still names a cell."""


def fit(camera: Camera, railway: Railway) -> None:
    """Zoom and pan so the whole railway and its open cells show."""
    cells = list(railway.cells) + list(railway.open_cells() if railway.cells else [])
    if not cells:
        camera.center, camera.zoom = (0.0, 0.0), MAX_CELL
        return
    xs = [c[0] for c in cells]
    ys = [-c[1] for c in cells]
    camera.fit(min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5, margin=0.04,
               max_zoom=MAX_CELL)


def keep_front_visible(camera: Camera, railway: Railway) -> None:
    """Pan just enough that the front card stays in view (the player zoomed by hand)."""
    if railway.cells:
        front = railway.front_cell
        camera.keep_visible((float(front[0]), float(-front[1])), 40)


def draw(surface: pygame.Surface, t: TableView, hits: Hits) -> None:
    """The railway area, clipped to it."""
    area, camera = t.areas.rail, t.camera
    pygame.draw.rect(surface, theme.TABLE_DARK, area, border_radius=12)
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    railway = t.view.railway
    size = max(8, round(camera.zoom))
    for index, (card, cell) in enumerate(zip(railway.cards, railway.cells, strict=True)):
        entry, exit_dir = pieces.rail_sides(railway.cells, index)
        image = pieces.track_card(card, entry, exit_dir, size)
        surface.blit(image, image.get_rect(center=cell_center(camera, cell)))
    if railway.cells:
        highlight(surface, cell_rect(camera, railway.front_cell).inflate(-6, -6),
                  theme.ACCENT, 2, 8)
        for cell in sorted(t.lit):
            pygame.draw.rect(surface, theme.HIGHLIGHT,
                             cell_rect(camera, cell).inflate(-10, -10), 3, border_radius=8)
        if t.flash is not None and int(t.flash[1] * 4) % 2 == 0:
            pygame.draw.rect(surface, theme.GOOD,
                             cell_rect(camera, t.flash[0]).inflate(-4, -4), 5, border_radius=8)
        if railway.caboose_placed:
            _draw_caboose(surface, t, size)
        if t.my_turn:
            _add_cells(t, hits)
    surface.set_clip(clip)


def _draw_caboose(surface: pygame.Surface, t: TableView, size: int) -> None:
    """The caboose on its card, or where its running hop has got to."""
    railway = t.view.railway
    path = t.motion.caboose_path
    running = [tween for tween in path if not tween.waiting and not tween.done]
    waiting = [tween for tween in path if tween.waiting]
    if running:
        center = running[0].value()
    elif waiting:
        center = waiting[0].start
    else:
        center = cell_center(t.camera, railway.caboose_cell)
    _, heading = pieces.rail_sides(railway.cells, railway.caboose)
    pieces.draw_caboose(surface, center, size * 0.55, heading)


def _add_cells(t: TableView, hits: Hits) -> None:
    """Every cell within `CLICK_MARGIN` of the railway that shows, as a `GridCell`."""
    camera = t.camera
    hits.extend(_cell_places(tuple(t.view.railway.cells), camera.center, camera.zoom,
                             tuple(t.areas.rail)))


@lru_cache(maxsize=8)
def _cell_places(cells: tuple[Cell, ...], center: tuple[float, float], zoom: float,
                 area: tuple[int, int, int, int]) -> Hits:
    """`_add_cells`'s places, worked out once per railway and view of it (a frame adds a
    few hundred; the railway and the camera change only now and then). Each cell is a
    pixel wider all round, so no point between two cells falls through."""
    rail = pygame.Rect(area)
    camera = Camera(rail, zoom=zoom, center=center)
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    places: Hits = HitMap()
    for x in range(min(xs) - CLICK_MARGIN, max(xs) + CLICK_MARGIN + 1):
        for y in range(min(ys) - CLICK_MARGIN, max(ys) + CLICK_MARGIN + 1):
            rect = cell_rect(camera, (x, y))
            if rect.colliderect(rail):
                places.add(rect.inflate(2, 2), GridCell((x, y)), clip=rail)
    return places
