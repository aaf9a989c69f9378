"""The pyramid decisions on screen (CA-8): a magnified window on the site, picking stones,
ordering the colours and placing the pyramid.

At the board's true scale a site is a few centimetres of screen and its blocks a dozen
pixels, too small to pick one stone among crowded others. While a pyramid is being decided
a window shows the site four times larger, over the other bank: stones are picked and the
pyramid is placed there (or on the board itself, both work). The colour order (own blocks
highest by default) is chosen in a small dialog beside that window.

The component keeps its own hit map (`hits`), filled as it draws: the board and the window
as views to place in, the window's frame, the ringed stones in both, the order's rows. What
the mouse is over while drawing (the ghost, a lit row) is read from the last frame's map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from nile.games.cairo.board import Site, board
from nile.games.cairo.rules import CairoState, pyramid_problem, slots_top_down, stone_poses
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.view import panel as H
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw
from nile.games.cairo.view.targets import (
    Block,
    OrderDialog,
    OrderRow,
    PyramidHits,
    SiteView,
    Stone,
    WindowFrame,
)
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.theme import PlayerColor

PHASES = (Phase.OFFER, Phase.PICK, Phase.ARRANGE, Phase.PLACE)
INSET = 270
"""Pixels of the magnified window's side."""
MARGIN_MM = 16.0
"""Board shown around the site in the window."""


class PyramidUI:
    """State and drawing of the pyramid decisions for one scene."""

    def __init__(self, main: BoardRenderer) -> None:
        self.main = main
        self.inset = BoardRenderer(pygame.Rect(0, 0, 10, 10))
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.site: Site | None = None
        self.order: list[int] = []
        self.turn = 0.0
        """Degrees the pyramid is turned from the site's own axes (wheel, R)."""
        self.hits: PyramidHits = HitMap()
        """What lies where in the frame last drawn (empty when nothing was)."""

    # Keeping up with the view --------------------------------------------------------------

    @staticmethod
    def active(view: CairoState) -> bool:
        return view.phase in PHASES and bool(view.offer_site)

    def sync(self, view: CairoState) -> None:
        """A new view: the site, the default colour order, the window's place."""
        if not self.active(view):
            self.site, self.order = None, []
            return
        self.site = board().site(view.offer_site)
        if view.phase != Phase.ARRANGE:
            self.order = []
        elif not self.order:
            first = view.legal_actions()[0]
            assert isinstance(first, A.Arrange)
            self.order = list(first.order)
        self.layout()

    def prepare(self) -> None:
        """Paint the window's magnified board ahead, before the window shows (a pyramid
        offered after a flight: while the blocks still fly, issue 33 item 6)."""
        if self.site is not None:
            self.inset.prepare()

    def layout(self) -> None:
        """The window over the other bank, near the site's x; the site fills it."""
        if self.site is None:
            return
        site, main = self.site, self.main
        b = board()
        north = site.y > (b.north_bank + b.south_bank) / 2
        bank_y = (b.south_bank / 2) if north else (b.north_bank + b.height) / 2
        cx, cy = main.to_screen(site.x, bank_y)
        rect = pygame.Rect(0, 0, INSET, INSET)
        rect.center = (round(cx), round(cy))
        self.rect = rect.clamp(main.rect.inflate(-12, -12))
        view_rect = self.rect.inflate(-8, -30).move(0, 11)
        reach = max(site.w, site.h) + 2 * MARGIN_MM
        self.inset.focus(view_rect, (site.x, site.y), min(view_rect.width,
                                                          view_rect.height) / reach)

    # Mapping the mouse ---------------------------------------------------------------------

    def renderer_at(self, pos: tuple[int, int]) -> BoardRenderer | None:
        """The view drawn under `pos` (None on the window's frame or off the board)."""
        target = self.hits.at(pos)
        return target.renderer if isinstance(target, SiteView) else None

    def stone_at(self, pos: tuple[int, int]) -> Stone | None:
        """The ringed stone nearest the click, in whichever view was clicked."""
        return self.hits.nearest(pos, Stone)

    def block_at(self, pos: tuple[int, int]) -> PieceDraw | None:
        """The block the window shows under `pos` (for its tooltip), or None."""
        block = self.hits.find(pos, Block)
        return block.piece if block is not None else None

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether the window or the dialog was drawn under `pos` (a click there is used)."""
        return isinstance(self.hits.at(pos), WindowFrame | OrderDialog | OrderRow)

    def place_at(self, pos: tuple[int, int]) -> A.Place | None:
        renderer = self.renderer_at(pos)
        if renderer is None or self.site is None:
            return None
        x, y = renderer.to_board(*pos)
        return A.Place.of(x, y, math.degrees(self.site.angle) + self.turn)

    def rotate(self, degrees: float) -> None:
        self.turn = (self.turn + degrees) % 360.0

    # The colour order -----------------------------------------------------------------------

    def arrange_anchor(self) -> pygame.Rect:
        """The order dialog beside the window (inside the board)."""
        rect, _ = H.arrange_rects(pygame.Rect(0, 0, 0, 0), len(self.order))
        rect.midleft = (self.rect.right + 8, self.rect.centery)
        if rect.right > self.main.rect.right - 6:
            rect.midright = (self.rect.left - 8, self.rect.centery)
        return rect.clamp(self.main.rect.inflate(-8, -8))

    def click_arrange(self, pos: tuple[int, int]) -> bool:
        """A click on a row lifts that colour one place; True if the dialog was clicked."""
        target = self.hits.at(pos)
        if isinstance(target, OrderRow) and 0 < target.index < len(self.order):
            i = target.index
            self.order[i - 1], self.order[i] = self.order[i], self.order[i - 1]
            return True
        return isinstance(target, OrderDialog | OrderRow)

    def rows(self, view: CairoState, names: Sequence[str],
             colors: Sequence[PlayerColor]) -> list[H.StackRow]:
        counts = {s: sum(1 for b in view.picked if view.pieces[b].owner == s) for s in self.order}
        return [H.StackRow(s, names[s], colors[s], counts[s]) for s in self.order]

    def levels(self, view: CairoState) -> list[list[int]]:
        """Owners of the stones per level, top level first, in the order chosen."""
        rank = {seat: i for i, seat in enumerate(self.order)}
        stones = sorted(view.picked, key=lambda b: (rank.get(view.pieces[b].owner, 9), b))
        slots = slots_top_down(view.pyramid_size)
        top = max(level for _, _, level in slots)
        out: list[list[int]] = [[] for _ in range(top)]
        for block, (_, _, level) in zip(stones, slots, strict=False):
            out[top - level].append(view.pieces[block].owner)
        return out

    @staticmethod
    def ghost(view: CairoState, place: A.Place) -> list[PieceDraw]:
        """The pyramid as it would stand at `place`, in the colour order chosen."""
        rank = {seat: i for i, seat in enumerate(view.order)}
        stones = sorted(view.picked, key=lambda b: (rank.get(view.pieces[b].owner, 9), b))
        poses = stone_poses(view, place)
        return sorted((PieceDraw(b, "small", view.pieces[b].owner, x, y, angle, level)
                       for b, (x, y, angle, level) in zip(stones, poses, strict=True)),
                      key=lambda p: p.level)

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: CairoState, pieces: Sequence[PieceDraw],
             colors: Sequence[PlayerColor], names: Sequence[str], mouse: tuple[int, int],
             hint: A.Place | None, deciding: bool) -> None:
        """Marks on the board, the magnified window, the ghost and the order dialog."""
        under = self.hits.at(mouse)  # what the mouse is over, as last drawn
        place = self._ghost_place(view, mouse, hint) if deciding else None
        self.hits.clear()
        if self.site is None:
            return
        targets = self._targets(view) if deciding else set()
        picked = set(view.picked)
        self.hits.add(self.main.rect, SiteView(self.main))
        self._marks(surface, self.main, pieces, targets, picked, 1, self.hits)
        fits = place is not None and pyramid_problem(view, place) is None
        if place is not None:
            self._draw_ghost(surface, self.main, view, place, colors, fits)
        self._draw_window(surface, view, pieces, colors, targets, picked, place, fits)
        if deciding and view.phase == Phase.ARRANGE and self.order:
            anchor = self.arrange_anchor()
            _, rows = H.arrange_rects(anchor, len(self.order))
            hover = under.index if isinstance(under, OrderRow) else None
            H.draw_arrange(surface, anchor, self.rows(view, names, colors),
                           self.levels(view), hover)
            self.hits.add(anchor, OrderDialog())
            for i, row in enumerate(rows):
                self.hits.add(row, OrderRow(i))

    def _targets(self, view: CairoState) -> set[str]:
        if view.phase == Phase.PICK:
            return {a.block for a in view.legal_actions() if isinstance(a, A.Pick)
                    and a.block != "auto"}
        if view.phase == Phase.OFFER:
            return set(view.free_small_on(view.offer_site))
        return set()

    def _ghost_place(self, view: CairoState, mouse: tuple[int, int],
                     hint: A.Place | None) -> A.Place | None:
        if view.phase != Phase.PLACE:
            return None
        return hint if hint is not None else self.place_at(mouse)

    def _draw_window(self, surface: pygame.Surface, view: CairoState,
                     pieces: Sequence[PieceDraw], colors: Sequence[PlayerColor],
                     targets: set[str], picked: set[str], place: A.Place | None,
                     fits: bool) -> None:
        assert self.site is not None
        site = self.site
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.2), self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect, 2, border_radius=8)
        self.hits.add(self.rect, WindowFrame())
        reach = max(site.w, site.h) + 2 * MARGIN_MM
        near = [p for p in pieces if abs(p.x - site.x) < reach and abs(p.y - site.y) < reach]
        for piece in near:  # under the view: a click there still places the pyramid
            self.hits.add(self.inset.top_box(piece), Block(piece), self.inset.rect)
        self.hits.add(self.inset.rect, SiteView(self.inset))
        text.draw(surface, f"{site.name}  {site.first}/{site.second}",
                  (self.rect.left + 10, self.rect.top + 5), 15, theme.TEXT, "bold",
                  max_width=self.rect.width - 20)
        clip = surface.get_clip()
        surface.set_clip(self.inset.rect)
        self.inset.draw_board(surface)
        self.inset.draw_pieces(surface, near, colors)
        self._marks(surface, self.inset, near, targets, picked, 2, self.hits)
        if place is not None:
            self._draw_ghost(surface, self.inset, view, place, colors, fits)
        surface.set_clip(clip)

    @staticmethod
    def _marks(surface: pygame.Surface, renderer: BoardRenderer, pieces: Sequence[PieceDraw],
               targets: set[str], picked: set[str], width: int, hits: PyramidHits) -> None:
        """Rings on the picked stones and on those that may be picked (which a click
        near them takes, inside this view)."""
        for piece in pieces:
            if piece.id in picked:
                renderer.ring(surface, piece, theme.GOOD, width + 1)
            elif piece.id in targets:
                renderer.ring(surface, piece, theme.HIGHLIGHT, width)
                hits.add_circle(renderer.to_screen(piece.x, piece.y), renderer.reach(piece),
                                Stone(piece.id), renderer.rect)

    def _draw_ghost(self, surface: pygame.Surface, renderer: BoardRenderer, view: CairoState,
                    place: A.Place, colors: Sequence[PlayerColor], fits: bool) -> None:
        for stone in self.ghost(view, place):
            renderer.draw_piece(surface, stone, colors[stone.owner], 190 if fits else 110)
        if not fits:
            x, y = renderer.to_screen(place.x / 10, place.y / 10)
            pygame.draw.circle(surface, theme.BAD, (x, y), renderer.px(16), 2)
