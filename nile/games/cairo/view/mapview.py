"""Drawing the Cairo board and its pieces, seen from above (shared by the game and practice).

`BoardRenderer(rect)` fits the 700 x 500 mm board into a screen rect and draws:
- the static board (sand, the six desert areas per bank with their boundary lines, the Nile
  with its two lanes of numbered spaces, the starting area, the 18 construction sites with
  their purple edges, names and first/second points), painted once into a cached surface;
- pieces every frame from plain records (`PieceDraw`, `ShipDraw`), so the same code draws a
  rules state (`pieces_of(state)`), a flick in flight (`pieces_from_poses(...)`) or a
  practice table. Sprites are rendered once per look (kind, colour, face, level, burning)
  with 4x supersampling and cached rotated by angle quantised to `ANGLE_STEP` degrees.

It knows nothing of scenes or matches; colours come in as `PlayerColor`s per seat.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from nile.games.cairo import config, geometry
from nile.games.cairo.board import Board, DesertArea, Site, board
from nile.games.cairo.geometry import rectangle
from nile.games.cairo.rules import block_kind, block_owner
from nile.ui import text, theme
from nile.ui.table.dice import PIPS
from nile.ui.theme import Color, PlayerColor

if TYPE_CHECKING:
    from nile.games.cairo.physics import Pose
    from nile.games.cairo.rules import CairoState

Point = tuple[float, float]

SAND = (222, 198, 146)
SAND_ALT = (214, 188, 134)
SAND_DARK = (150, 118, 72)
WATER = (58, 118, 164)
WATER_UP = (66, 130, 178)
WATER_DOWN = (54, 108, 152)
WATER_LINE = (150, 196, 226)
BANK = (96, 74, 44)
SITE_FILL = (238, 222, 180)
SITE_EDGE = (124, 58, 156)
SITE_INK = (74, 40, 96)
START_FILL = (92, 150, 160)
BURN = (255, 96, 24)
BURN_GLOW = (255, 200, 40)
ANGLE_STEP = 3
"""Degrees between cached rotations of a sprite."""
SUPERSAMPLE = 4
LEVEL_LIFT = 0.45
"""How far up (in block sides) a pyramid stone is drawn per level above the ground."""
MARK = {"small": 0.26, "large": 0.3}
"""The owner's symbol on a block's top, as a radius in block sides, at the designed text size."""
MARK_MOST = 0.38
"""The largest the symbol grows with the text size: it then fills the block's raised top (the
bevel ends at 0.35 of a side from the centre) and still leaves the dark rim that outlines the
block, so the footprint reads as it lies."""
PIP, PIP_MOST = 0.12, 0.145
"""A die pip's radius in block widths, as designed and at the most (the pips, 0.32 apart,
must not touch)."""


def piece_marks() -> float:
    """How much the marks that tell whose a block is (its symbol, a die's pips) and a block
    waiting on a ship's deck grow with the text size (Settings), as goods do in other games.

    Cairo's pieces are bodies in a physics world (CA-5), and what a player reads off the
    board is their true footprint: whether a block lies entirely on a site, burns across
    a line by more than half a millimetre (CA-6), or leaves room for a pyramid (CA-8). A
    block drawn larger than it lies would say "burning" of one that is not, so a block on
    the board, and every pyramid stone, keeps its true outline at every text size; only
    what is printed on its top grows, up to filling the top (`MARK_MOST`), which is where
    the owner is read. The block waiting on its ship's deck stands on no site and decides
    nothing by its edges, so it is drawn larger by the whole factor, and so are the block
    badges of the seat plates and the pyramid window. The physics, its bodies and the hit
    areas (a block's true top) are the same at every size: a zoom of the drawing only."""
    return theme.piece_scale()


@dataclass(frozen=True, slots=True)
class PieceDraw:
    """One block as it is drawn: where, what, whose, and how it looks."""

    id: str
    kind: str
    owner: int
    x: float
    y: float
    angle: float
    """Radians, counter-clockwise (board frame)."""
    level: int = 1
    face: int = 0
    """The die-block's top face; 0 while unknown (in flight)."""
    burning: bool = False
    raised: bool = False
    """On a ship's deck, about to be flicked."""


@dataclass(frozen=True, slots=True)
class ShipDraw:
    seat: int
    x: float
    y: float
    angle: float
    alert: bool = False
    """Drawn with a red rim (knocked over)."""
    active: bool = False
    """The ship of the player to move (a gold rim)."""


# From rules states and physics poses -------------------------------------------------------

def pieces_of(state: CairoState) -> list[PieceDraw]:
    """Every block on the board of a rules state, with burning judged by CA-6."""
    pieces = state.on_board()
    places = state.placements_of([piece.id for piece in pieces])
    return [PieceDraw(piece.id, piece.kind, piece.owner, piece.x, piece.y, piece.angle,
                      piece.level, piece.face, place.burning)
            for piece, place in zip(pieces, places, strict=True)]


def ships_of(state: CairoState, active: int | None = None) -> list[ShipDraw]:
    out = []
    for seat in state.active_seats():
        x, y, angle = state.ship_pose(seat)
        out.append(ShipDraw(seat, x, y, angle, active=seat == active))
    return out


def pieces_from_poses(poses: Mapping[str, Pose], faces: Mapping[str, int],
                      hidden: Iterable[str] = (), raised: str = "") -> list[PieceDraw]:
    """Blocks of a physics frame (ship poses are skipped); `faces` gives die faces."""
    skip = set(hidden)
    out = []
    for key, pose in poses.items():
        if key.startswith("ship") or key in skip:
            continue
        out.append(PieceDraw(key, block_kind(key), block_owner(key), pose.x, pose.y, pose.angle,
                             pose.level, faces.get(key, 0), False, key == raised))
    return out


def ship_poses(poses: Mapping[str, Pose]) -> dict[int, tuple[float, float, float]]:
    """Ship poses of a physics frame by seat."""
    return {int(k[4:]): (p.x, p.y, p.angle) for k, p in poses.items() if k.startswith("ship")}


# The renderer ------------------------------------------------------------------------------

class BoardRenderer:
    """The board fitted into `rect` (centred, aspect kept), with cached layers and sprites."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.board: Board = board()
        self.data = config.load()
        self._static: pygame.Surface | None = None
        self._images: dict[tuple[object, ...], tuple[pygame.Surface, int, int]] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.origin = (0.0, 0.0)
        self.fit(rect)

    # Geometry ------------------------------------------------------------------------------

    def fit(self, rect: pygame.Rect) -> None:
        """Fit the whole board into `rect`; the static layer is repainted when the size changes."""
        b = self.board
        scale = min(rect.width / b.width, rect.height / b.height)
        width, height = round(b.width * scale), round(b.height * scale)
        area = pygame.Rect(0, 0, width, height)
        area.center = rect.center
        if area.size != self.rect.size:
            self._static = None
            self._images = {}
        self.rect, self.scale = area, scale
        self.origin = (float(area.left), float(area.top))

    def focus(self, rect: pygame.Rect, center: Point, scale: float) -> None:
        """Show only `rect`, with the board point `center` in its middle at `scale` px/mm
        (a magnified window onto one site)."""
        origin = (rect.centerx - center[0] * scale,
                  rect.centery - (self.board.height - center[1]) * scale)
        if rect.size != self.rect.size or scale != self.scale or origin != self.origin:
            self._static = None
        if scale != self.scale:
            self._images = {}
        self.rect, self.scale, self.origin = rect.copy(), scale, origin

    def to_screen(self, x: float, y: float) -> Point:
        """Board mm (y north) to canvas pixels (y down)."""
        return (self.origin[0] + x * self.scale,
                self.origin[1] + (self.board.height - y) * self.scale)

    def to_board(self, px: float, py: float) -> Point:
        return ((px - self.origin[0]) / self.scale,
                self.board.height - (py - self.origin[1]) / self.scale)

    def px(self, mm: float) -> float:
        return mm * self.scale

    def site_polygon(self, site: Site) -> list[Point]:
        return [self.to_screen(x, y) for x, y in site.polygon]

    def site_at(self, pos: Point) -> Site | None:
        point = self.to_board(*pos)
        for site in self.board.sites:
            if geometry.contains(site.polygon, point):
                return site
        return None

    # Static board --------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        self.prepare()
        assert self._static is not None
        surface.blit(self._static, self.rect)

    def prepare(self) -> None:
        """Paint the board's still picture now if it is not (it is kept until the size,
        scale or place shown change): a frame with time to spare does it ahead."""
        if self._static is None:
            self._static = self._paint_static()

    def _paint_static(self) -> pygame.Surface:
        surface = pygame.Surface(self.rect.size)
        local = BoardRenderer.__new__(BoardRenderer)
        local.board, local.data, local.scale = self.board, self.data, self.scale
        local._images = {}
        local.origin = (self.origin[0] - self.rect.left, self.origin[1] - self.rect.top)
        local.rect = pygame.Rect((0, 0), self.rect.size)
        local._paint_deserts(surface)
        local._paint_nile(surface)
        for site in self.board.sites:
            local._paint_site(surface, site)
        left, top = local.to_screen(0.0, self.board.height)
        right, bottom = local.to_screen(self.board.width, 0.0)
        pygame.draw.rect(surface, SAND_DARK, pygame.Rect(round(left), round(top),
                                                         round(right - left),
                                                         round(bottom - top)), 2)
        return surface

    def _paint_deserts(self, surface: pygame.Surface) -> None:
        b = self.board
        surface.fill(theme.TABLE_DARK)
        self._fill_box(surface, SAND, 0, 0, b.width, b.height)
        for i, area in enumerate(a for a in b.deserts if a.bank == "N"):
            self._fill_box(surface, SAND if i % 2 else SAND_ALT, max(area.x0, 0), b.north_bank,
                           min(area.x1, b.width), b.height)
        for i, area in enumerate(a for a in b.deserts if a.bank == "S"):
            self._fill_box(surface, SAND_ALT if i % 2 else SAND, max(area.x0, 0), 0,
                           min(area.x1, b.width), b.south_bank)
        self._speckle(surface)
        for area in b.deserts:
            if 0 < area.x0 < b.width:
                y0, y1 = (b.north_bank, b.height) if area.bank == "N" else (0.0, b.south_bank)
                pygame.draw.line(surface, BANK, self.to_screen(area.x0, y0),
                                 self.to_screen(area.x0, y1), 2)
        tags = [self._site_tag(site)[1] for site in b.sites]
        for area in b.deserts:
            text.draw(surface, area.id, self._area_label_spot(area, tags), 11, SAND_DARK,
                      "bold", "center")

    def _area_label_spot(self, area: DesertArea, tags: list[pygame.Rect]) -> Point:
        """Where a desert area's name goes: at the board's edge as designed, and at a
        larger text size at the river's side where a site's name has grown over the edge
        (at 150 % "Meidum 10/5" covered "N6")."""
        b = self.board
        cx = (max(area.x0, 0) + min(area.x1, b.width)) / 2
        edge, river = (b.height - 9, b.north_bank + 9) if area.bank == "N" else \
            (9.0, b.south_bank - 9)
        if theme.text_percent() == 100:
            return self.to_screen(cx, edge)
        size = text.render(area.id, 11, SAND_DARK, "bold").get_size()
        for y in (edge, river):
            spot = self.to_screen(cx, y)
            box = pygame.Rect((0, 0), size)
            box.center = (round(spot[0]), round(spot[1]))
            if not any(box.clip(tag).height > 4 for tag in tags):  # more than the leading
                return spot
        return self.to_screen(cx, edge)

    def _speckle(self, surface: pygame.Surface) -> None:
        """A few darker grains so the sand does not look like flat paint (fixed pattern).

        The pyramid window paints its magnified corner of the board when an offer opens;
        of the board's grains it visits only those in that corner (`_grains`)."""
        b = self.board
        width, height = surface.get_width(), surface.get_height()
        xs, by_x, in_order = _grains(b.width, b.height, b.south_bank, b.north_bank)
        x_lo, _ = self.to_board(0.0, 0.0)
        x_hi, _ = self.to_board(float(width), 0.0)
        first = bisect.bisect_left(xs, x_lo - 1.0)
        last = bisect.bisect_right(xs, x_hi + 1.0)
        for _, x, y, color in sorted(by_x[first:last]) if last - first < len(xs) else in_order:
            px, py = self.to_screen(x, y)
            if 0 <= px < width and 0 <= py < height:
                surface.set_at((int(px), int(py)), color)

    def _fill_box(self, surface: pygame.Surface, color: Color, x0: float, y0: float,
                  x1: float, y1: float) -> None:
        left, top = self.to_screen(x0, y1)
        right, bottom = self.to_screen(x1, y0)
        surface.fill(color, pygame.Rect(round(left), round(top), round(right - left) + 1,
                                        round(bottom - top) + 1))

    def _paint_nile(self, surface: pygame.Surface) -> None:
        b = self.board
        self._fill_box(surface, WATER_DOWN, 0, b.south_bank, b.width, b.lane_split)
        self._fill_box(surface, WATER_UP, 0, b.lane_split, b.width, b.north_bank)
        x0, x1 = b.start_area
        self._fill_box(surface, START_FILL, x0, b.south_bank + 3, x1, b.north_bank - 3)
        left, top = self.to_screen(x0, b.north_bank - 3)
        text.draw(surface, "START", (left + 4, top + 2), 10, (230, 240, 240), "bold")
        self._dashed(surface, (b.start_area[1] + 2, b.lane_split), (b.width, b.lane_split))
        self._paint_spaces(surface)
        for y in (b.south_bank, b.north_bank):
            pygame.draw.line(surface, BANK, self.to_screen(0, y), self.to_screen(b.width, y), 3)
        self._paint_turns(surface)

    def _paint_spaces(self, surface: pygame.Surface) -> None:
        b = self.board
        for space in b.spaces:
            half = 24.0 if not space.downstream else 48.0
            lo, hi = (b.lane_split, b.north_bank) if not space.downstream else \
                (b.south_bank, b.lane_split)
            for x in (space.x - half, space.x + half):
                pygame.draw.line(surface, WATER_LINE, self.to_screen(x, lo + 2),
                                 self.to_screen(x, hi - 2), 1)
            number = space.id[1:]
            arrow = "\u203a" if not space.downstream else "\u2039"
            label = f"{number}{arrow}" if not space.downstream else f"{arrow}{number}"
            y = hi - 4.5 if not space.downstream else lo + 4.5
            text.draw(surface, label, self.to_screen(space.x, y), 11, (214, 234, 246), "bold",
                      "center")

    def _paint_turns(self, surface: pygame.Surface) -> None:
        """U-turn arcs at both ends of the track, showing the sailing direction."""
        b = self.board
        r = (b.north_bank - b.south_bank) / 2 - 9
        for cx, start, stop in ((b.width - 6, -math.pi / 2, math.pi / 2),
                                (b.start_area[1] + 6, math.pi / 2, 3 * math.pi / 2)):
            cy = (b.north_bank + b.south_bank) / 2
            rx = self.px(8)
            center = self.to_screen(cx, cy)
            rect = pygame.Rect(0, 0, round(rx * 2), round(self.px(r) * 2))
            rect.center = (round(center[0]), round(center[1]))
            pygame.draw.arc(surface, WATER_LINE, rect, start, stop, 2)

    def _dashed(self, surface: pygame.Surface, a: Point, b: Point) -> None:
        start, end = self.to_screen(*a), self.to_screen(*b)
        length = math.dist(start, end)
        steps = max(1, int(length // 8))
        for i in range(0, steps, 2):
            t0, t1 = i / steps, min(1.0, (i + 1) / steps)
            dx, dy = end[0] - start[0], end[1] - start[1]
            pygame.draw.line(surface, WATER_LINE, (start[0] + dx * t0, start[1] + dy * t0),
                             (start[0] + dx * t1, start[1] + dy * t1))

    def _paint_site(self, surface: pygame.Surface, site: Site) -> None:
        poly = self.site_polygon(site)
        pygame.draw.polygon(surface, SITE_FILL, poly)
        self._paint_site_watermark(surface, site)
        pygame.draw.polygon(surface, SITE_EDGE, poly, 3)
        tag, rect = self._site_tag(site)
        backing = pygame.Surface(rect.inflate(6, 0).size, pygame.SRCALPHA)
        backing.fill((*SITE_FILL, 150))
        surface.blit(backing, rect.inflate(6, 0))
        surface.blit(tag, rect)

    def _site_tag(self, site: Site) -> tuple[pygame.Surface, pygame.Rect]:
        """A site's name and points (its name alone where they are too wide) and where
        it goes: over the site on the north bank, under it on the south."""
        poly = self.site_polygon(site)
        top = min(p[1] for p in poly)
        bottom = max(p[1] for p in poly)
        cx = sum(p[0] for p in poly) / 4
        label_y = top - 2 if site.y > self.board.north_bank else bottom + 2
        anchor = "midbottom" if site.y > self.board.north_bank else "midtop"
        width = round(max(90.0, self.px(site.w) + 40))
        tag = text.render(f"{site.name} {site.first}/{site.second}", 11, SITE_INK, "bold")
        if tag.get_width() > width:
            tag = text.render(site.name, 11, SITE_INK, "bold")
        rect = tag.get_rect(**{anchor: (round(cx), round(label_y))})
        # on the board however large the type: a name by the board's side stays whole
        west, east = self.to_screen(0, 0)[0], self.to_screen(self.board.width, 0)[0]
        rect.left = round(max(west, min(rect.left, east - rect.width)))
        return tag, rect

    def _paint_site_watermark(self, surface: pygame.Surface, site: Site) -> None:
        """The first and second place points, big and faint inside the site."""
        size = max(12, min(26, round(self.px(min(site.w, site.h)) * 0.42)))
        first = text.render(str(site.first), size, theme.lighten(SITE_EDGE, 0.55), "bold")
        second = text.render(str(site.second), max(11, size * 2 // 3),
                             theme.lighten(SITE_EDGE, 0.62), "bold")
        cx, cy = self.to_screen(site.x, site.y)
        gap = 3
        total = first.get_width() + gap + second.get_width()
        left = cx - total / 2
        surface.blit(first, first.get_rect(midleft=(round(left), round(cy))))
        surface.blit(second, second.get_rect(
            bottomleft=(round(left + first.get_width() + gap), round(cy + first.get_height() / 2
                                                                      - 3))))

    # Highlights ----------------------------------------------------------------------------

    def outline_site(self, surface: pygame.Surface, site: Site, color: Color,
                     width: int = 3, grow: float = 3.0) -> None:
        poly = site_outline(site, grow / self.scale)
        pygame.draw.polygon(surface, color, [self.to_screen(x, y) for x, y in poly], width)

    def ring(self, surface: pygame.Surface, piece: PieceDraw, color: Color,
             width: int = 2) -> None:
        """A ring around a piece (a legal target, a pick, a hover)."""
        side = self.data.pieces[piece.kind].side
        radius = self.px(side) * 0.75 + 3
        pygame.draw.circle(surface, color, self.to_screen(piece.x, piece.y), radius, width)

    def reach(self, piece: PieceDraw) -> float:
        """How far from a block's centre a click still takes it: just outside its ring."""
        return self.px(self.data.pieces[piece.kind].side) * 0.75 + 4

    def top_box(self, piece: PieceDraw) -> pygame.Rect:
        """A block's top face on screen (lifted by the stones under it), a pixel wider."""
        side = self.px(self.data.pieces[piece.kind].side)
        x, y = self.to_screen(piece.x, piece.y)
        lift = round(side * LEVEL_LIFT * (piece.level - 1))
        half = side / 2 + 1
        return pygame.Rect(round(x - half), round(y - lift - half), round(2 * half),
                           round(2 * half))

    # Pieces --------------------------------------------------------------------------------

    def draw_pieces(self, surface: pygame.Surface, pieces: Sequence[PieceDraw],
                    colors: Sequence[PlayerColor]) -> list[PieceDraw]:
        """Blocks lowest level first (pyramid stones on top of their supports); returns
        them in the order drawn (for a hit map: the last lies on top)."""
        blit = surface.blit
        ordered = sorted(pieces, key=_stacking)
        for piece in ordered:
            image, dx, dy = self._piece_image(piece, colors[piece.owner])
            x, y = self.to_screen(piece.x, piece.y)
            blit(image, (round(x) + dx, round(y) + dy))
        return ordered

    def piece_rect(self, piece: PieceDraw, color: PlayerColor) -> pygame.Rect:
        """Where `draw_pieces` draws the piece: its sprite's box on screen."""
        image, dx, dy = self._piece_image(piece, color)
        x, y = self.to_screen(piece.x, piece.y)
        return pygame.Rect(round(x) + dx, round(y) + dy, image.get_width(), image.get_height())

    def draw_piece(self, surface: pygame.Surface, piece: PieceDraw, color: PlayerColor,
                   alpha: int = 255) -> None:
        image, dx, dy = self._piece_image(piece, color)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        x, y = self.to_screen(piece.x, piece.y)
        surface.blit(image, (round(x) + dx, round(y) + dy))

    def _piece_image(self, piece: PieceDraw, color: PlayerColor
                     ) -> tuple[pygame.Surface, int, int]:
        """The piece's finished sprite (rotated, with shadow and sides when raised) and the
        offset of its top-left corner from the piece's centre on screen (cached)."""
        degrees = (round(math.degrees(piece.angle) / ANGLE_STEP) * ANGLE_STEP) % 360
        key = (piece.kind, id(color), piece.face, piece.level, piece.burning, piece.raised,
               degrees, piece_marks())
        cached = self._images.get(key)
        if cached is None:
            if len(self._images) > 20000:
                self._images.clear()
            cached = self._images[key] = self._compose(piece, color, degrees)
        return cached

    def _compose(self, piece: PieceDraw, color: PlayerColor, degrees: int
                 ) -> tuple[pygame.Surface, int, int]:
        side = self.px(self.data.pieces[piece.kind].side)
        grow = 1.0 + 0.07 * (piece.level - 1) + (0.18 if piece.raised else 0.0)
        if piece.raised:  # on its ship's deck: no edge of it is read (see `piece_marks`)
            grow *= piece_marks()
        size = max(4, round(side * grow))
        top = _rotated(_block_sprite(piece.kind, color, piece.face, piece.level, piece.burning,
                                     size, piece_marks()), degrees)
        height = piece.level - 1 + (2 if piece.raised else 0)
        if not height:
            return top, -(top.get_width() // 2), -(top.get_height() // 2)
        # raised: a shadow below; a stacked stone also shows its sides under its lifted top
        shadow = _rotated(_shadow_sprite(size), degrees)
        drop = round(1.5 + 1.5 * height)
        lift = round(side * LEVEL_LIFT * (piece.level - 1)) if piece.level >= 2 else 0
        w = max(top.get_width(), shadow.get_width()) + drop + 2
        h = max(top.get_height(), shadow.get_height()) + drop + lift + 2
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w // 2 - drop // 2, lift + (h - lift) // 2 - drop // 2
        image.blit(shadow, shadow.get_rect(center=(cx + drop, cy + drop)))
        if lift:
            column = _rotated(_side_sprite(color, size), degrees)
            for step in range(0, lift, 2):
                image.blit(column, column.get_rect(center=(cx, cy - step)))
        image.blit(top, top.get_rect(center=(cx, cy - lift)))
        return image, -cx, -cy

    def draw_ships(self, surface: pygame.Surface, ships: Sequence[ShipDraw],
                   colors: Sequence[PlayerColor]) -> None:
        ship = self.data.ship
        length, width = round(self.px(ship.length)), round(self.px(ship.width))
        for s in ships:
            sprite = _rotated(_ship_sprite(colors[s.seat], length, width, s.alert, s.active),
                              _quantise(math.degrees(s.angle)))
            x, y = self.to_screen(s.x, s.y)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


def site_outline(site: Site, grow: float) -> list[Point]:
    return rectangle(site.x, site.y, site.angle, site.w + 2 * grow, site.h + 2 * grow)


def _stacking(piece: PieceDraw) -> tuple[bool, int]:
    return (piece.raised, piece.level)


def _quantise(degrees: float) -> int:
    return (round(degrees / ANGLE_STEP) * ANGLE_STEP) % 360


# Sprites (cached) ---------------------------------------------------------------------------

Grain = tuple[int, float, float, Color]
"""A grain of sand: its place in the pattern, x and y in board mm, its colour."""


@lru_cache(maxsize=4)
def _grains(width: float, height: float, south_bank: float,
            north_bank: float) -> tuple[list[float], list[Grain], list[Grain]]:
    """The sand's grains (`BoardRenderer._speckle`) of a board this size: sorted by x with
    their x apart (for a bisection), and in the pattern's own order, in which they are
    drawn, so that where two grains fall on one pixel the same one shows."""
    seed = 12345
    grains: list[Grain] = []
    for n in range(int(width * height / 90)):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = (seed % 10000) / 10000 * width
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = (seed % 10000) / 10000 * height
        if south_bank - 2 < y < north_bank + 2:
            continue
        grains.append((n, x, y, SAND_DARK if seed % 3 else (236, 216, 170)))
    by_x = sorted(grains, key=lambda g: g[1])
    return [g[1] for g in by_x], by_x, grains


@lru_cache(maxsize=8192)
def _rotated(base: pygame.Surface, degrees: int) -> pygame.Surface:
    if degrees == 0:
        return base
    return pygame.transform.rotozoom(base, degrees, 1.0)


@lru_cache(maxsize=64)
def _shadow_sprite(size: int) -> pygame.Surface:
    surface = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    pygame.draw.rect(surface, (30, 20, 10, 90), surface.get_rect(), border_radius=2)
    return surface


@lru_cache(maxsize=256)
def _side_sprite(color: PlayerColor, size: int) -> pygame.Surface:
    """The dark sides of a stacked stone (drawn as a column under it)."""
    surface = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    body = pygame.Rect(1, 1, size, size)
    pygame.draw.rect(surface, theme.darken(color.rgb, 0.55), body, border_radius=max(1, size // 9))
    return surface


@lru_cache(maxsize=2048)
def _block_sprite(kind: str, color: PlayerColor, face: int, level: int, burning: bool,
                  size: int, marks: float = 1.0) -> pygame.Surface:
    """A block seen from above: colour, bevel, and the owner's symbol or the die's pips,
    those grown by `marks` (the text size's, `piece_marks`) as far as the top has room."""
    k = SUPERSAMPLE
    margin = 4 if burning else 1
    full = (size + 2 * margin) * k
    big = pygame.Surface((full, full), pygame.SRCALPHA)
    body = pygame.Rect(margin * k, margin * k, size * k, size * k)
    base = theme.lighten(color.rgb, 0.12 * (level - 1))
    if burning:
        pygame.draw.rect(big, (*BURN_GLOW, 200), body.inflate(8 * k, 8 * k),
                         border_radius=4 * k)
        pygame.draw.rect(big, BURN, body.inflate(4 * k, 4 * k), border_radius=3 * k)
    pygame.draw.rect(big, theme.darken(base, 0.45), body, border_radius=max(1, size * k // 9))
    inner = body.inflate(-max(2, size * k // 8), -max(2, size * k // 8))
    pygame.draw.rect(big, base, inner, border_radius=max(1, size * k // 12))
    bevel = inner.inflate(-inner.width // 5, -inner.height // 5)
    pygame.draw.rect(big, theme.lighten(base, 0.16), bevel, border_radius=max(1, size * k // 14))
    if level >= 2:
        pygame.draw.rect(big, theme.lighten(base, 0.55), body, max(1, k), border_radius=2 * k)
    center = body.center
    if kind == "die":
        _pips(big, bevel, face, color.ink, min(PIP_MOST, PIP * marks))
    else:
        outline = theme.darken(color.rgb, 0.5) if color.ink == (255, 255, 255) else None
        mark = max(MARK[kind], min(MARK_MOST, MARK[kind] * marks))
        theme.draw_symbol(big, color.symbol, center, size * k * mark, color.ink, outline)
    return pygame.transform.smoothscale(big, (size + 2 * margin, size + 2 * margin))


def _pips(surface: pygame.Surface, rect: pygame.Rect, face: int, ink: Color,
          pip: float = PIP) -> None:
    if face not in PIPS:
        text.draw(surface, "?", rect.center, max(11, rect.height * 3 // 4), ink, "bold", "center")
        return
    step = rect.width * 0.32
    radius = max(2.0, rect.width * pip)
    for dx, dy in PIPS[face]:
        pygame.draw.circle(surface, ink, (rect.centerx + dx * step, rect.centery + dy * step),
                           radius)


@lru_cache(maxsize=128)
def _ship_sprite(color: PlayerColor, length: int, width: int, alert: bool,
                 active: bool) -> pygame.Surface:
    """A ship seen from above, bow to the right (angle 0), with the owner's symbol."""
    k = SUPERSAMPLE
    pad = 4
    w, h = (length + 2 * pad) * k, (width + 2 * pad) * k
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    x0, x1 = pad * k, (pad + length) * k
    y0, y1 = pad * k, (pad + width) * k
    bow = x1 - width * k * 0.7
    hull = [(x0, y0 + 2 * k), (bow, y0), (x1, (y0 + y1) / 2), (bow, y1), (x0, y1 - 2 * k)]
    rim = theme.BAD if alert else theme.HIGHLIGHT if active else None
    if rim is not None:
        pygame.draw.polygon(big, rim, hull, 0)
        grown = [(x0 - 2 * k, y0), (bow, y0 - 2.5 * k), (x1 + 3 * k, (y0 + y1) / 2),
                 (bow, y1 + 2.5 * k), (x0 - 2 * k, y1)]
        pygame.draw.polygon(big, rim, grown, 0)
    pygame.draw.polygon(big, theme.darken(color.rgb, 0.5), hull)
    inset = [(x0 + 2 * k, y0 + 3.5 * k), (bow, y0 + 2 * k), (x1 - 3 * k, (y0 + y1) / 2),
             (bow, y1 - 2 * k), (x0 + 2 * k, y1 - 3.5 * k)]
    pygame.draw.polygon(big, color.rgb, inset)
    deck = pygame.Rect(0, 0, round((bow - x0) * 0.62), round((y1 - y0) * 0.52))
    deck.center = (round((x0 + bow) / 2), round((y0 + y1) / 2))
    pygame.draw.rect(big, theme.lighten(color.rgb, 0.25), deck, border_radius=2 * k)
    outline = theme.darken(color.rgb, 0.5) if color.ink == (255, 255, 255) else None
    theme.draw_symbol(big, color.symbol, (x0 + (bow - x0) * 0.22, (y0 + y1) / 2),
                      width * k * 0.2, color.ink, outline)
    return pygame.transform.smoothscale(big, (length + 2 * pad, width + 2 * pad))


def block_icon(kind: str, color: PlayerColor, size: int, face: int = 0) -> pygame.Surface:
    """A block sprite for panels (supply counts), unrotated, `size` pixels as the caller
    has room for (`theme.piece_px` of the designed size where it has)."""
    return _block_sprite(kind, color, face, 1, False, size, piece_marks())
