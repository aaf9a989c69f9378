"""The Cairo table, drawn each frame: the seat strip, the die panel, the board with its
blocks and ships, what the stage has in motion, rings, the influence overlay and tooltips.

The scene hands it a `TableView` (the view to draw and a few facts: colours, names, whose
turn, the finger chosen, hints) and never its own self. What is still lies on one cached
layer (backdrop, strip, die panel, board and, when nothing moves, the blocks), rebuilt only
when what it shows changes. Everything clickable is added to `hits` as it is drawn: the
board, each block (for its tooltip), the ringed blocks that may be taken back, the
influence switch; the pyramid window keeps its own map (`pyramid_ui.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from nile.games.cairo.board import board
from nile.games.cairo.config import CairoData
from nile.games.cairo.intent import Stone
from nile.games.cairo.rules import (
    CairoState,
    blocks_in_box,
    influence_by_site,
    site_payout,
)
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.phases import FINGER_ANY, OUT, Phase
from nile.games.cairo.view import panel as H
from nile.games.cairo.view import words
from nile.games.cairo.view.flick_input import FlickInput
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw, pieces_of
from nile.games.cairo.view.pyramid_ui import PyramidUI
from nile.games.cairo.view.stage import Stage
from nile.games.cairo.view.targets import Block, InfluenceSwitch, OnBoard, TableHits
from nile.ui import text, theme
from nile.ui.kit import button, tooltip
from nile.ui.kit.hits import HitMap
from nile.ui.theme import PlayerColor

STRIP_HEIGHT = 48
DIE_WIDTH = 200


@dataclass(frozen=True)
class TableView:
    """What the table shows this frame."""

    view: CairoState
    table: pygame.Rect
    """The table's area on screen (the log and the bars beside and below it)."""
    area: pygame.Rect
    """The table without the action bar (the board, the strip and the die panel in it)."""
    token: int
    """Counts the scene's view changes: what is cached of a view is keyed by it."""
    colors: Sequence[PlayerColor]
    names: Sequence[str]
    my_turn: bool
    """The human to act has the screen (their rings, aim and pyramid window show)."""
    busy: bool
    """Something still animates: nothing is offered meanwhile."""
    finger: int
    """The finger chosen on a 6."""
    tooltip_ready: bool
    """The mouse has rested long enough for a tooltip."""
    hint_block: tuple[str, float] | None = None
    """A hinted block and the seconds its blinking ring has left."""
    hint_place: A.Place | None = None
    """A hinted pyramid spot (its ghost shows there)."""


def seat_lines(view: CairoState, points: Sequence[float], names: Sequence[str],
               colors: Sequence[PlayerColor], you: int | None) -> list[H.SeatLine]:
    """The seat strip's plates: blocks left, blocks lost, points now, who acts, who looks
    (`you`: the seat at the screen, None in a replay)."""
    return [H.SeatLine(names[seat], colors[seat], len(view.supply(seat, "small")),
                       bool(view.supply(seat, "large")), bool(view.supply(seat, "die")),
                       blocks_in_box(view, seat), points[seat], view.ships[seat] != OUT,
                       view.phase != Phase.OVER and view.turn == seat, seat == you)
            for seat in range(view.num_players)]


class Table:
    """The table of one scene, composed of the board renderer, the stage (what moves), the
    pyramid window and the flick's slingshot, which the scene also drives."""

    def __init__(self, renderer: BoardRenderer, stage: Stage, pyramid: PyramidUI,
                 flick: FlickInput, data: CairoData) -> None:
        self.renderer, self.stage, self.pyramid, self.flick = renderer, stage, pyramid, flick
        self.data = data
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.influence_rect = pygame.Rect(0, 0, 0, 0)
        """Where the influence switch is drawn (in the board's corner)."""
        self.seats: list[H.SeatLine] = []
        """The strip's plates for the view shown (`seat_lines`)."""
        self.influence_on = False
        self.hover: PieceDraw | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.hits: TableHits = HitMap()
        """What lies where on the table in the frame last drawn (filled while drawing)."""
        self._layer_hits: TableHits = HitMap()
        """The blocks drawn on the cached layer (added to `hits` each frame)."""
        self._over_switch = False
        """The mouse rests on the influence switch (it lights up)."""
        self._panels: list[tuple[pygame.Surface, pygame.Rect]] | None = None
        self._pieces: tuple[int, list[PieceDraw]] | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] = ()
        """What the strip and die panel on `_layer` show (repainted when it changes)."""
        self._quiet, self._scored = -1, -1
        """The view count at the last `work_ahead`, and the one whose points were worked out."""
        self._board_key: tuple[object, list[PieceDraw]] | None = None
        """What the board band of `_layer` shows: where, and the blocks drawn on it."""

    # Layout and the mouse -------------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        """Place the strip, the die panel and the board inside `area` (the table without
        the bottom bar)."""
        self.strip_rect = pygame.Rect(area.left + 6, area.top + 6,
                                      area.width - 18 - DIE_WIDTH, STRIP_HEIGHT)
        self.die_rect = pygame.Rect(self.strip_rect.right + 6, self.strip_rect.top, DIE_WIDTH,
                                    STRIP_HEIGHT)
        top = self.strip_rect.bottom + 6
        self.renderer.fit(pygame.Rect(area.left + 4, top, area.width - 8, area.bottom - top - 4))
        self.influence_rect = pygame.Rect(self.renderer.rect.left + 6,
                                          self.renderer.rect.top + 6, 108, 22)
        self._panels = None

    def work_ahead(self, token: int, points: Callable[[], object] | None) -> None:
        """Called each frame with the scene's view count: in a frame that played no move
        (the count as at the last call), while the table still shows the last one (a
        flight, ships sailing), paint the pyramid window's board, and work out the seats'
        points (`points`: the strip shows them once the table is still, the state keeps
        them), so the frame in which it comes to rest, or the next move, need not."""
        if token == self._quiet and self._scored != token:
            self.pyramid.prepare()
            if points is not None:
                self._scored = token
                points()
        self._quiet = token

    def pieces_rect(self, frame: TableView) -> pygame.Rect:
        """Where blocks may be drawn: the table between the seat strip and the bottom bar
        (a block hanging over the board's edge must not be drawn over either)."""
        top = self.strip_rect.bottom + 1
        return pygame.Rect(frame.table.left, top, frame.table.width, frame.area.bottom - top)

    def anchor_flick(self, view: CairoState, finger: int) -> None:
        """The slingshot sits on the ship of the player to move, sized to the block, its
        reach the finger's (CA-4)."""
        if view.phase == Phase.OVER or view.ships[view.turn] == OUT:
            return
        x, y, _ = view.ship_pose(view.turn)
        kind = view.chosen or "small"
        data, flick = self.data, self.flick
        flick.set_anchor(self.renderer.to_screen(x, y),
                         self.renderer.px(data.ship.length) / 2 + 8,
                         self.renderer.px(data.pieces[kind].side) / 2)
        flick.default_degrees = 270.0 if view.ships[view.turn].startswith("D") else 90.0
        strongest = max(f.max_speed for f in data.fingers)
        low = data.physics.min_speed
        flick.set_reach((data.finger(finger).max_speed - low) / (strongest - low))

    def plate_center(self, seat: int, players: int) -> tuple[float, float]:
        """Where a seat's plate is in the strip (retrieved blocks fly there)."""
        width = self.strip_rect.width / max(1, players)
        return (self.strip_rect.left + width * (seat + 0.5), self.strip_rect.centery)

    def regions(self, view: CairoState) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the board, the seat strip, the die, the river,
        the ship of the player to move ("ship"), every site by its id, "aim_<site>": that
        ship and the site together (the flick and its target in one frame), and the
        magnified window over a site a pyramid may be built on ("closeup")."""
        found = {"board": self.renderer.rect.copy(), "strip": self.strip_rect.copy(),
                 "die": self.die_rect.copy()}
        if PyramidUI.active(view) and self.pyramid.site is not None:
            found["closeup"] = self.pyramid.rect.copy()
        b = board()
        left, top = self.renderer.to_screen(0.0, b.north_bank)
        right, bottom = self.renderer.to_screen(b.width, b.south_bank)
        found["river"] = pygame.Rect(round(left), round(top), round(right - left),
                                     round(bottom - top))
        ship = None
        if view.phase != Phase.OVER and view.ships[view.turn] != OUT:
            x, y = self.renderer.to_screen(*view.ship_pose(view.turn)[:2])
            reach = round(self.renderer.px(self.data.ship.length) / 2 + 14)
            ship = pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach)
            found["ship"] = ship
        for site in b.sites:
            rect = H.site_rect(self.renderer, site, 8)
            found[site.id] = rect
            if ship is not None:
                found[f"aim_{site.id}"] = rect.union(ship)
        return found

    def block_at(self, pos: tuple[int, int]) -> PieceDraw | None:
        """The block under the mouse: in the pyramid window when it is over the board
        there, else on the board (the top block, through its ring)."""
        if self.pyramid.hits.at(pos) is not None:
            return self.pyramid.block_at(pos)
        block = self.hits.find(pos, Block)
        return block.piece if block is not None else None

    def moved(self, pos: tuple[int, int]) -> None:
        """The mouse moved: what it is over (a block's tooltip, the switch lit)."""
        self.mouse = pos
        self.hover = self.block_at(pos)
        self._over_switch = isinstance(self.hits.at(pos), InfluenceSwitch)

    def on_switch(self, event: pygame.event.Event) -> bool:
        """A click on the influence switch (not the end of a drag across it)."""
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and isinstance(self.hits.at(event.pos), InfluenceSwitch)
                and not self.flick.dragging)

    def toggle_influence(self) -> None:
        self.influence_on = not self.influence_on
        self._panels = None

    def ringed_at(self, pos: tuple[int, int]) -> Stone | None:
        """The ringed block nearest a click on the board (taking blocks back)."""
        return self.hits.nearest(pos, Stone)

    def view_pieces(self, frame: TableView) -> list[PieceDraw]:
        """The blocks of the view, as drawn when they rest (kept while the view is)."""
        if self._pieces is None or self._pieces[0] != frame.token:
            self._pieces = (frame.token, pieces_of(frame.view))
        return self._pieces[1]

    def new_view(self) -> None:
        """The view changed: the influence badges are placed again."""
        self.hover = None
        self._panels = None

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, frame: TableView) -> None:
        view, colors = frame.view, frame.colors
        stage, renderer = self.stage, self.renderer
        moving = stage.moves_pieces
        table = frame.table
        hits = self.hits
        hits.clear()
        layer = self._table_layer(frame, not moving)
        if moving:  # the blocks the layer holds are not where the stage shows them
            band = self._band(frame)
            surface.blit(layer, band.topleft, band)
            below = self._below(frame, band)
            surface.fill(theme.TABLE, below)
            renderer.draw_board(surface)
        else:
            surface.blit(layer, table.topleft, table)
        hits.add(renderer.rect, OnBoard())
        if not moving:
            hits.extend(self._layer_hits)
        if stage.die.rolling > 0:
            self._draw_die_panel(surface, frame)
        self._draw_site_marks(surface, view)
        renderer.draw_ships(surface, stage.ships(view), colors)
        if moving:
            clip = surface.get_clip()
            surface.set_clip(self.pieces_rect(frame).clip(clip))
            renderer.draw_pieces(surface, stage.pieces(self.view_pieces(frame)), colors)
            surface.set_clip(clip)  # blocks in motion are not where the state has them:
            # not targets (no tooltip, nothing to take) until they come to rest
        if stage.show is None:
            self._draw_waiting_block(surface, view, colors)
        stage.draw_effects(surface, colors)
        self._draw_retrievable(surface, frame)
        stage.draw_scoring(surface, colors, frame.names)
        self._draw_influence(surface, view, colors)
        self._draw_influence_toggle(surface)
        if view.phase == Phase.FLICK and frame.my_turn and stage.show is None:
            self.flick.draw(surface, renderer.rect)
        if PyramidUI.active(view) and stage.show is None:
            self.pyramid.draw(surface, view, stage.pieces(self.view_pieces(frame)), colors,
                              frame.names, self.mouse, frame.hint_place,
                              frame.my_turn and not frame.busy)
        else:
            self.pyramid.hits.clear()
        self._draw_tooltip(surface, frame)

    def _add_blocks(self, hits: TableHits, drawn: list[PieceDraw]) -> None:
        """Each block drawn on the board, where its top face is (the last drawn on top)."""
        board_rect = self.renderer.rect
        for piece in drawn:
            box = self.renderer.top_box(piece)
            hits.add(box, Block(piece), board_rect)

    def _table_layer(self, frame: TableView, with_pieces: bool) -> pygame.Surface:
        """The still part of the table in one surface: backdrop, strip, die panel, board and
        blocks. Each of its two bands is repainted only when what it shows changes: the
        strip and die panel above, the board and its blocks below (a move that leaves the
        blocks where they were, such as ordering a pyramid's colours, repaints the strip
        alone), and of the board only around the blocks that moved (issue 33 item 6).
        While blocks are in motion (`with_pieces` false) the board band keeps the blocks
        as they were and is not shown (`draw` paints the bare board), so the blocks a
        flick moved are repainted once, when they have come to rest."""
        stage = self.stage
        if self._layer is None:  # new, or dropped to have it all painted again
            self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            self._layer_key, self._board_key = (), None
        layer = self._layer
        where = (tuple(frame.table), tuple(self.renderer.rect), id(frame.colors[0]))
        band = self._band(frame)
        if with_pieces:
            pieces = self.view_pieces(frame)
            if self._board_key is None or self._board_key[0] != where:
                self._paint_board(layer, frame, pieces, self._below(frame, band))
            elif self._board_key[1] != pieces:
                changed = self._changed_area(self._board_key[1], pieces, frame.colors)
                below = self._below(frame, band)
                too_much = changed.width * changed.height > below.width * below.height // 3
                self._paint_board(layer, frame, pieces, below if too_much else
                                  changed.clip(below))
            self._board_key = (where, pieces)
        key = (where, frame.token, stage.scoring.index if stage.scoring else -2,
               stage.die_value, stage.die.shown, stage.die.rolling > 0, self._die_finger(frame),
               frame.my_turn, tuple(self.seats))
        if self._layer_key != key:
            layer.fill(theme.TABLE, band)
            points = stage.totals([s.points for s in self.seats])
            H.draw_strip(layer, self.strip_rect, [
                H.SeatLine(s.name, s.color, s.small, s.large, s.die, s.boxed, points[i],
                           s.sailing, s.active, s.you) for i, s in enumerate(self.seats)])
            self._draw_die_panel(layer, frame)
            self._layer_key = key
        return layer

    def _band(self, frame: TableView) -> pygame.Rect:
        """The layer's top band: the strip and the die panel."""
        return pygame.Rect(frame.table.left, frame.table.top, frame.table.width,
                           self.strip_rect.bottom + 1 - frame.table.top)

    @staticmethod
    def _below(frame: TableView, band: pygame.Rect) -> pygame.Rect:
        """The layer's board band: the table under the top band."""
        return pygame.Rect(band.left, band.bottom, band.width, frame.table.bottom - band.bottom)

    def _paint_board(self, layer: pygame.Surface, frame: TableView, pieces: list[PieceDraw],
                     area: pygame.Rect) -> None:
        """Paint the board and the blocks inside `area` of the board band, as a painting of
        the whole band would leave it there (the same steps, clipped)."""
        layer.set_clip(area)
        layer.fill(theme.TABLE, area)
        self.renderer.draw_board(layer)
        layer.set_clip(self.pieces_rect(frame).clip(area))
        drawn = self.renderer.draw_pieces(layer, pieces, frame.colors)
        layer.set_clip(None)
        self._layer_hits.clear()
        self._add_blocks(self._layer_hits, drawn)

    def _changed_area(self, was: list[PieceDraw], now: list[PieceDraw],
                      colors: Sequence[PlayerColor]) -> pygame.Rect:
        """Where the blocks that moved, came or went were drawn and are drawn now; the whole
        board if the others are listed in another order (blocks of one level are drawn
        in list order, so where they overlap the order shows)."""
        before = {piece.id: piece for piece in was}
        after = {piece.id: piece for piece in now}
        if [p.id for p in was if p.id in after] != [p.id for p in now if p.id in before]:
            return self.renderer.rect.inflate(theme.WIDTH, theme.HEIGHT)
        boxes = [self.renderer.piece_rect(piece, colors[piece.owner])
                 for pieces, other in ((was, after), (now, before))
                 for piece in pieces if other.get(piece.id) != piece]
        if not boxes:
            return pygame.Rect(0, 0, 0, 0)
        return boxes[0].unionall(boxes[1:])

    def _die_finger(self, frame: TableView) -> int | None:
        value = self.stage.die_value
        if value == FINGER_ANY:
            return frame.finger if frame.my_turn else self.stage.finger_shown
        return value or None

    def _draw_die_panel(self, surface: pygame.Surface, frame: TableView) -> None:
        finger = self._die_finger(frame)
        value = self.stage.die_value
        traits = words.traits(self.data.finger(finger)) if finger else "rolls by itself"
        H.draw_die_panel(surface, self.die_rect, self.stage.die, value, finger,
                         value == FINGER_ANY, traits, frame.view.phase == Phase.OVER)

    def _draw_waiting_block(self, surface: pygame.Surface, view: CairoState,
                            colors: Sequence[PlayerColor]) -> None:
        """The block to flick next, on its ship's deck (with how many are left)."""
        if view.phase not in (Phase.FLICK, Phase.JITTER) or not view.chosen or \
                self.stage.sailing(view.turn):
            return
        blocks = view.supply(view.turn, view.chosen)
        if not blocks:
            return
        x, y, heading = view.ship_pose(view.turn)
        piece = PieceDraw(blocks[0], view.chosen, view.turn, x, y, heading, raised=True)
        self.renderer.draw_piece(surface, piece, colors[view.turn])
        if view.chosen == "small" and view.flicks_left > 1:
            sx, sy = self.renderer.to_screen(x, y)
            label = text.render(f"\u00d7{view.flicks_left}", 12, theme.TEXT, "bold")
            spot = label.get_rect(midleft=(round(sx + self.renderer.px(self.data.ship.length)
                                                 / 2 + 4), round(sy)))
            pygame.draw.rect(surface, theme.PANEL, spot.inflate(6, 2), border_radius=4)
            surface.blit(label, spot)

    def _draw_site_marks(self, surface: pygame.Surface, view: CairoState) -> None:
        if PyramidUI.active(view):
            self.renderer.outline_site(surface, board().site(view.offer_site), theme.HIGHLIGHT)
        for site_id in view.closed:
            self.renderer.outline_site(surface, board().site(site_id), (90, 90, 90), 2, 1.5)
        self.stage.draw_marks(surface)

    def _draw_retrievable(self, surface: pygame.Surface, frame: TableView) -> None:
        """Rings on blocks that may be taken back, and on a hinted block."""
        view = frame.view
        by_id = {p.id: p for p in self.view_pieces(frame)}
        renderer = self.renderer
        if frame.my_turn and not frame.busy and view.phase == Phase.RETRIEVE:
            for action in view.legal_actions():
                if isinstance(action, A.Retrieve) and action.block in by_id:
                    piece = by_id[action.block]
                    renderer.ring(surface, piece, theme.HIGHLIGHT, 2)
                    self.hits.add_circle(renderer.to_screen(piece.x, piece.y),
                                         renderer.reach(piece), Stone(piece.id), renderer.rect)
        hinted = frame.hint_block
        if hinted is not None and int(hinted[1] * 4) % 2 == 0 and hinted[0] in by_id:
            self.renderer.ring(surface, by_id[hinted[0]], theme.GOOD, 4)

    def _draw_influence(self, surface: pygame.Surface, view: CairoState,
                        colors: Sequence[PlayerColor]) -> None:
        """Each site's influence per colour and who would score (I)."""
        if not self.influence_on or self.stage.scoring is not None:
            return
        if self._panels is None:
            influence = influence_by_site(view)
            self._panels = []
            avoid = self.piece_rects(view) + [H.site_rect(self.renderer, site, 14)
                                              for site in board().sites]
            for site in board().sites:
                points = view.site_points.get(site.id) or list(
                    site_payout(view, site.id, influence[site.id]))
                panel = H.influence_panel(site, influence[site.id], points, colors)
                if panel is not None:
                    rect = H.place_panel(self.renderer, site, panel, self.renderer.rect, avoid)
                    avoid.append(rect)
                    self._panels.append((panel, rect))
        for panel, rect in self._panels:
            surface.blit(panel, rect)

    def piece_rects(self, view: CairoState) -> list[pygame.Rect]:
        """Where the blocks on the board and the ships are drawn (what badges keep off)."""
        out = []
        for piece in view.on_board():
            x, y = self.renderer.to_screen(piece.x, piece.y)
            half = self.renderer.px(self.data.pieces[piece.kind].side) * 0.75
            out.append(pygame.Rect(round(x - half), round(y - half), round(2 * half),
                                   round(2 * half)))
        for seat in view.active_seats():
            x, y, _ = view.ship_pose(seat)
            sx, sy = self.renderer.to_screen(x, y)
            half = self.renderer.px(self.data.ship.length) / 2
            out.append(pygame.Rect(round(sx - half), round(sy - half / 2), round(2 * half),
                                   round(half)))
        return out

    def _draw_influence_toggle(self, surface: pygame.Surface) -> None:
        """A small switch in the board's corner for the influence overlay (also key I)."""
        rect = self.influence_rect
        on = self.influence_on
        label = "Influence: on" if on else "Influence (I)"
        button.draw(surface, rect, label, hover=self._over_switch, selected=on, size=13)
        self.hits.add(rect, InfluenceSwitch())

    def _draw_tooltip(self, surface: pygame.Surface, frame: TableView) -> None:
        piece = self.hover
        if piece is None or self.stage.show is not None or self.flick.active:
            return
        if frame.tooltip_ready:
            tooltip.draw(surface, [words.piece_words(frame.view, piece, frame.names)],
                         self.mouse, self.renderer.rect)


__all__ = ["Table", "TableView", "seat_lines"]
