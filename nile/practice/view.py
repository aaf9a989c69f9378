"""Drawing the practice board: Cairo's renderer plus targets, paths and ghosts.

`BoardView` wraps Cairo's `BoardRenderer` and keeps the still part of the table (board,
resting blocks, ships) in one cached layer, rebuilt only when the table changes. On top
of it: the drill's target (a glowing site, the rings, a ringed rival block), the path of
the last flick (a thin line) and the previous flick as a ghost (a dotted path and a
see-through block where it stopped), all cached per flick.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from nile.games.cairo.board import board
from nile.games.cairo.view import mapview
from nile.games.cairo.view.mapview import (
    BoardRenderer,
    PieceDraw,
    ShipDraw,
    pieces_of,
    ships_of,
)
from nile.practice.drills import Drill, Target
from nile.practice.table import PLAYER, FlickResult, PracticeTable
from nile.ui import text, theme
from nile.ui.theme import Color, PlayerColor

PATH_COLOR: Color = (255, 248, 220)
GHOST_COLOR: Color = (235, 235, 255)
RING_COLOR: Color = theme.HIGHLIGHT


def colors() -> list[PlayerColor]:
    """You are the first palette colour, the rival the second."""
    return [theme.player_color(0), theme.player_color(1)]


class BoardView:
    """The board of a practice screen fitted into a rect."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.renderer = BoardRenderer(rect)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] = ()
        self._pieces: tuple[object, list[PieceDraw]] = (None, [])
        self._trails: pygame.Surface | None = None
        self._trails_key: tuple[object, ...] = ()

    @property
    def rect(self) -> pygame.Rect:
        return self.renderer.rect

    def pieces(self, table: PracticeTable) -> list[PieceDraw]:
        key = (id(table), table.version)
        if self._pieces[0] != key:
            self._pieces = (key, pieces_of(table.state))
        return self._pieces[1]

    # The still table ----------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, table: PracticeTable, *,
                   hidden: Sequence[str] = ()) -> None:
        """Board, ships and resting blocks from one cached canvas-sized layer."""
        key = (id(table), table.version, tuple(self.rect), tuple(hidden),
               id(theme.player_color(0)))
        if self._layer is None or self._layer_key != key:
            if self._layer is None:
                self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            layer = self._layer
            self.renderer.draw_board(layer)
            self.renderer.draw_ships(layer, ships_of(table.state, PLAYER), colors())
            pieces = [p for p in self.pieces(table) if p.id not in hidden]
            self.renderer.draw_pieces(layer, pieces, colors())
            self._layer_key = key
        surface.blit(self._layer, self.rect.topleft, self.rect)

    def draw_moving(self, surface: pygame.Surface, pieces: Sequence[PieceDraw],
                    ships: Sequence[ShipDraw]) -> None:
        """A flick in flight: the bare board, then ships and blocks where they are now."""
        self.renderer.draw_board(surface)
        self.renderer.draw_ships(surface, ships, colors())
        self.renderer.draw_pieces(surface, pieces, colors())

    # Targets --------------------------------------------------------------------------------

    def draw_target(self, surface: pygame.Surface, drill: Drill, target: Target | None,
                    pulse: float) -> None:
        if target is None:
            return
        renderer = self.renderer
        if target.kind == "site":
            site = board().site(target.site)
            glow = theme.lighten(theme.HIGHLIGHT, 0.3 * (0.5 + 0.5 * math.sin(pulse * 4)))
            renderer.outline_site(surface, site, glow, 3, 1.0)  # clear of the name above
            half = renderer.px(max(abs(y - site.y) for _, y in site.polygon))
            _flag(surface, renderer.to_screen(site.x, site.y), half + 9, "target",
                  _flag_below(target.y))
        elif target.kind == "ring":
            self._draw_rings(surface, drill, target)
        else:
            x, y = renderer.to_screen(target.x, target.y)
            radius = renderer.px(9) + 4 + 2 * math.sin(pulse * 5)
            pygame.draw.circle(surface, theme.darken(RING_COLOR, 0.5), (x, y), radius + 1, 4)
            pygame.draw.circle(surface, RING_COLOR, (x, y), radius, 2)
            _flag(surface, (x, y), 18, "knock off", _flag_below(target.y))

    def _draw_rings(self, surface: pygame.Surface, drill: Drill, target: Target) -> None:
        """Every ring of the drill: the one to hit bold, the others faint."""
        renderer = self.renderer
        centre = renderer.to_screen(target.x, target.y)
        radii: tuple[float, ...] = getattr(getattr(drill, "spec", None), "radii", (target.radius,))
        number = 1
        for index, radius in enumerate(radii):
            r = renderer.px(radius)
            if abs(radius - target.radius) < 1e-9:
                number = index + 1
                pygame.draw.circle(surface, theme.darken(RING_COLOR, 0.55), centre, r + 1, 4)
                pygame.draw.circle(surface, RING_COLOR, centre, r, 2)
            else:
                pygame.draw.circle(surface, theme.darken(RING_COLOR, 0.3), centre, r, 1)
        cx, cy = centre
        pygame.draw.line(surface, RING_COLOR, (cx - 4, cy), (cx + 4, cy), 1)
        pygame.draw.line(surface, RING_COLOR, (cx, cy - 4), (cx, cy + 4), 1)
        _flag(surface, centre, renderer.px(radii[0]) + 8, f"ring {number}", False)

    # Paths and ghosts -----------------------------------------------------------------------

    def draw_trails(self, surface: pygame.Surface, last: FlickResult | None,
                    ghost: FlickResult | None, ship: tuple[float, float]) -> None:
        """The previous flick as a ghost (dotted path, see-through block) and the last
        flick's path (a thin line), cached until either changes. Only flicks made from
        where the ship is now are drawn (after sailing, they would compare nothing)."""
        if last is not None and math.dist(last.start, ship) > 0.5:
            last = None
        if ghost is not None and math.dist(ghost.start, ship) > 0.5:
            ghost = None
        key = (id(last), id(ghost), tuple(self.rect), id(theme.player_color(0)))
        if self._trails is None or self._trails_key != key:
            if self._trails is None:
                self._trails = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
            layer = self._trails
            layer.fill((0, 0, 0, 0), self.rect)
            if ghost is not None:
                self._ghost(layer, ghost)
            if last is not None:
                points = [self.renderer.to_screen(x, y) for x, y in last.path]
                if len(points) > 1:
                    pygame.draw.lines(layer, (*PATH_COLOR, 150), False, points, 2)
            self._trails_key = key
        surface.blit(self._trails, self.rect.topleft, self.rect)

    def _ghost(self, surface: pygame.Surface, ghost: FlickResult) -> None:
        points = [self.renderer.to_screen(x, y) for x, y in ghost.path]
        _dotted(surface, points, (*GHOST_COLOR, 170))
        if ghost.on_board:
            piece = PieceDraw(ghost.block, ghost.kind, PLAYER, ghost.end[0], ghost.end[1],
                              ghost.end_angle)
            self.renderer.draw_piece(surface, piece, colors()[PLAYER], alpha=110)


def _flag_below(y: float) -> bool:
    """Site names are written above northern sites and below southern ones: a target's tag
    goes on the other side."""
    return y > board().north_bank


def _flag(surface: pygame.Surface, centre: tuple[float, float], away: float,
          label: str, below: bool) -> None:
    """A small tag above (or below) a target."""
    image = text.render(label, 11, (30, 24, 10), "bold")
    if below:
        rect = image.get_rect(midtop=(round(centre[0]), round(centre[1] + away)))
    else:
        rect = image.get_rect(midbottom=(round(centre[0]), round(centre[1] - away)))
    pygame.draw.rect(surface, RING_COLOR, rect.inflate(8, 2), border_radius=4)
    surface.blit(image, rect)


def _dotted(surface: pygame.Surface, points: Sequence[tuple[float, float]],
            color: tuple[int, int, int, int], gap: float = 7.0) -> None:
    """Dots every `gap` pixels along a polyline."""
    carry = 0.0
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        t = carry
        while t < length:
            k = t / length
            pygame.draw.circle(surface, color, (a[0] + (b[0] - a[0]) * k,
                                                a[1] + (b[1] - a[1]) * k), 1.6)
            t += gap
        carry = t - length


def paint_thumbnail(size: tuple[int, int], table: PracticeTable,
                    target: Target | None) -> pygame.Surface:
    """A small, plain picture of a drill's board (no labels: they would not fit) with its
    target lit."""
    surface = pygame.Surface(size)
    renderer = BoardRenderer(pygame.Rect((0, 0), size))
    b = board()
    surface.fill(mapview.SAND)

    def box(x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        left, top = renderer.to_screen(x0, y1)
        right, bottom = renderer.to_screen(x1, y0)
        return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))

    surface.fill(mapview.WATER_UP, box(0, b.lane_split, b.width, b.north_bank))
    surface.fill(mapview.WATER_DOWN, box(0, b.south_bank, b.width, b.lane_split + 1.0))
    surface.fill(mapview.START_FILL, box(b.start_area[0], b.south_bank + 3, b.start_area[1],
                                        b.north_bank - 3))
    for area in b.deserts:
        if 0 < area.x0 < b.width:
            y0, y1 = (b.north_bank, b.height) if area.bank == "N" else (0.0, b.south_bank)
            pygame.draw.line(surface, mapview.SAND_DARK, renderer.to_screen(area.x0, y0),
                             renderer.to_screen(area.x0, y1))
    lit = target.site if target is not None and target.kind == "site" else ""
    for site in b.sites:
        poly = renderer.site_polygon(site)
        pygame.draw.polygon(surface, theme.HIGHLIGHT if site.id == lit else mapview.SITE_FILL,
                            poly)
        pygame.draw.polygon(surface, mapview.SITE_EDGE, poly, 1)
    renderer.draw_ships(surface, ships_of(table.state, PLAYER), colors())
    renderer.draw_pieces(surface, pieces_of(table.state), colors())
    if target is not None and target.kind != "site":
        radius = max(5.0, renderer.px(target.radius) if target.kind == "ring" else 6.0)
        centre = renderer.to_screen(target.x, target.y)
        pygame.draw.circle(surface, theme.darken(RING_COLOR, 0.5), centre, radius + 1, 3)
        pygame.draw.circle(surface, RING_COLOR, centre, radius, 2)
    pygame.draw.rect(surface, mapview.SAND_DARK, surface.get_rect(), 1)
    return surface
