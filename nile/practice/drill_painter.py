"""Drawing the drill screen: the top bar, the board with its marks, the session strip and
the side panel (goal, finger, report), from the `DrillFrame` the drill scene hands it each
frame (it never reads or writes the scene).

Whatever can be clicked (the board, the finger and block pickers' segments, the clutter
box) is added to `DrillPainter.hits` as it is drawn; the scene asks that map what a click
is on, and the hover is asked of it too.

Costly parts are cached: the still board in `BoardView`'s layer, each panel section in a
shared layer repainted only when what it shows changes (wrapping text every frame would
cost more than the board), the session strip once per flick.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile.games.cairo.view.flick_input import Aim, draw_arrow
from nile.games.cairo.view.mapview import PieceDraw
from nile.practice import charts, panels, stats
from nile.practice.drill_frame import (
    ClutterBox,
    DrillFrame,
    DrillTarget,
    FingerChoice,
    KindChoice,
    OnBoard,
    Show,
)
from nile.practice.drills import FreePractice, title_of
from nile.practice.panels import GoalInfo
from nile.practice.table import PLAYER
from nile.practice.view import colors
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap

BOARD_AREA = pygame.Rect(8, 52, 864, 617)
STRIP = pygame.Rect(8, 676, 864, 116)
GOAL = pygame.Rect(882, 52, 390, 206)
FINGER = pygame.Rect(882, 266, 390, 126)
FINGER_FREE = pygame.Rect(882, 266, 390, 186)
BUTTONS_TOP = 650
CLUTTER = pygame.Rect(GOAL.left, BUTTONS_TOP + 100, GOAL.width, 36)
"""Free practice's "keep the clutter" box."""


def finger_rect(drill_id: str) -> pygame.Rect:
    """The finger panel (free practice's also picks the block)."""
    return FINGER_FREE if drill_id == "free" else FINGER


def report_rect(drill_id: str) -> pygame.Rect:
    """The report panel: from under the finger panel down to the buttons."""
    top = finger_rect(drill_id).bottom + 8
    return pygame.Rect(GOAL.left, top, GOAL.width, BUTTONS_TOP - top - 8)


class DrillPainter:
    """Draws a `DrillFrame` and keeps the caches that make it cheap."""

    def __init__(self) -> None:
        self._strip: tuple[object, pygame.Surface] | None = None
        self._layer: pygame.Surface | None = None
        self._keys: dict[str, object] = {}
        self.hits: HitMap[DrillTarget] = HitMap()
        """What can be clicked where, as drawn in the last frame."""

    def draw(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        self.hits.clear()
        surface.fill(theme.BG)
        self._draw_top_bar(surface, frame)
        self._draw_board(surface, frame)
        self._draw_strip(surface, frame)
        self._draw_panel(surface, frame)
        frame.toasts.draw(surface)

    def _draw_top_bar(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        bar = pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        title = text.draw(surface, "Flick Practice", (14, bar.centery), 20, theme.ACCENT,
                          "bold", "midleft")
        text.draw(surface, f"\u00b7  {title_of(frame.drill.id)}", (title.right + 10,
                  bar.centery), 18, theme.TEXT, anchor="midleft", max_width=600)

    def _draw_board(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        view, show = frame.board, frame.show
        pygame.draw.rect(surface, theme.TABLE, BOARD_AREA)
        self.hits.add(view.rect, OnBoard())
        if show is not None:
            playback = show.playback
            view.draw_moving(surface, playback.pieces(), playback.ships(active=PLAYER))
            self._draw_show_marks(surface, frame, show)
            return
        flights = frame.knobs.flights
        view.draw_table(surface, frame.table, hidden=tuple(flights))
        for flight in flights.values():
            tween, piece = flight.tween, flight.piece
            waiting = tween.waiting
            x, y = view.renderer.to_board(*(tween.start if waiting else tween.value()))
            view.renderer.draw_piece(surface, PieceDraw(piece.id, "small", PLAYER, x, y,
                                                        piece.angle, 1 if waiting else
                                                        piece.level), colors()[PLAYER])
        view.draw_trails(surface, frame.last, frame.ghost, frame.table.ship_point())
        if frame.held is not None:
            _banner(surface, view.rect, frame.held)
            return
        view.draw_target(surface, frame.drill, frame.drill.target(), frame.clock)
        if not frame.drill.finished and not frame.coaching:
            self._draw_waiting_block(surface, frame)
            frame.flick.draw(surface, view.rect)

    def _draw_waiting_block(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        x, y, heading = frame.table.state.ship_pose(PLAYER)
        kind = frame.knobs.kind
        piece = PieceDraw(f"{PLAYER}{kind[0]}", kind, PLAYER, x, y, heading, face=5
                          if kind == "die" else 0, raised=True)
        frame.board.renderer.draw_piece(surface, piece, colors()[PLAYER])

    def _draw_show_marks(self, surface: pygame.Surface, frame: DrillFrame, show: Show) -> None:
        """A replay or a demonstration says so; the bot's aim grows before its flick."""
        view = frame.board
        view.draw_target(surface, frame.drill, frame.drill.target(), frame.clock)
        if show.kind == "demo" and show.windup > 0 and show.windup_total > 0:
            grow = min(1.0, 1.4 * (1.0 - show.windup / show.windup_total))
            pose = show.playback.poses[show.playback.launch.block]
            aim = Aim(show.aim.degrees, show.aim.power * grow, show.aim.offset)
            draw_arrow(surface, view.renderer.to_screen(pose.x, pose.y), aim,
                       theme.lighten(colors()[PLAYER].rgb, 0.35))
        label = {"replay": "Replay of the last flick (click to skip)",
                 "demo": "Show me: the bot's flick (click to skip)"}.get(show.kind)
        if label:
            _banner(surface, view.rect, label)

    def _draw_strip(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        """The session so far, an error sparkline, and the keys (cached per flick)."""
        rows = frame.rows
        key = (len(rows), frame.drill.id)
        if self._strip is None or self._strip[0] != key:
            layer = pygame.Surface(STRIP.size, pygame.SRCALPHA)
            local = pygame.Rect((0, 0), STRIP.size)
            panels.card(layer, local)
            first, second = panels.summary_words(stats.summarize(rows))
            spark = pygame.Rect(local.right - 250, 12, 236, 50)
            errors = stats.trend(rows)[-40:]
            label = spark.left - 8 - text.measure("error per flick", 11)  # where it starts
            room = min(560, label - 22) if len(errors) >= 2 else 560  # the second line ends before
            text.draw(layer, first, (14, 10), 16, theme.TEXT, "bold", max_width=520)
            text.draw(layer, second, (14, 36), 14, theme.TEXT, max_width=room)
            text.draw(layer, "Press on your ship's block, pull back, let go  \u00b7  arrows "
                      "fine-tune, Enter flicks  \u00b7  Space replay  \u00b7  R reset  \u00b7  "
                      "F finger  \u00b7  Esc back", (14, local.bottom - 12), 13, theme.MUTED,
                      anchor="bottomleft", max_width=local.width - 28)
            if len(errors) >= 2:
                text.draw(layer, "error per flick", (spark.left - 8, spark.bottom), 11,
                          theme.MUTED, anchor="bottomright")
                charts.draw_sparkline(layer, spark, errors)
            self._strip = (key, layer)
        surface.blit(self._strip[1], STRIP)

    def _draw_panel(self, surface: pygame.Surface, frame: DrillFrame) -> None:
        """The goal, the finger and the report, each repainted only when what it shows
        changes (wrapping text every frame would cost more than the board)."""
        drill = frame.drill
        best = frame.best
        best_text = "" if drill.id == "free" else \
            f"best {best:g}" if best is not None else "no best yet"
        spec_seconds = getattr(getattr(drill, "spec", None), "seconds", 0.0)
        left = drill.time_left
        goal = GoalInfo(drill.title, drill.goal(), drill.progress(), drill.score_text(),
                        best_text, None if left is None else round(left, 1), spec_seconds,
                        drill.finished)
        self._section(surface, "goal", GOAL, goal,
                      lambda layer: panels.draw_goal(layer, GOAL, goal))
        knobs = frame.knobs
        kind = knobs.kind if drill.id == "free" else None
        rect = finger_rect(drill.id)
        hover = self._place_pickers(rect, kind is not None, frame.mouse)
        shown = (frame.finger, knobs.die_mode, knobs.rolled, kind, hover,
                 frame.die.face, frame.die.rolling > 0 and frame.clock)
        self._section(surface, "finger", rect, shown, lambda layer: panels.draw_finger(
            layer, rect, frame.finger, knobs.die_mode, knobs.rolled, frame.die,
            hover, kind))
        thinking = frame.coaching
        report = report_rect(drill.id)
        self._section(surface, "report", report, (id(frame.report), thinking),
                      lambda layer: panels.draw_report(layer, report, frame.report,
                                                       thinking))
        if drill.id == "free":
            self.hits.add(CLUTTER, ClutterBox())
            _draw_clutter(surface, frame, self.hits.at(frame.mouse) == ClutterBox())

    def _place_pickers(self, rect: pygame.Rect, kinds: bool,
                       mouse: tuple[int, int]) -> tuple[int | None, int | None]:
        """Add the finger picker's segments (and free practice's block picker's) to the
        hit map; returns the segment of each under the mouse (hover changes its colour,
        so it is part of the cached panel's key)."""
        panels.add_segments(self.hits, panels.finger_picker_rect(rect),
                            [FingerChoice(i) for i in range(len(panels.FINGER_LABELS))])
        if kinds:
            panels.add_segments(self.hits, panels.kind_picker_rect(rect),
                                [KindChoice(kind) for kind in panels.KIND_LABELS])
        under = self.hits.at(mouse)
        return (under.index if isinstance(under, FingerChoice) else None,
                list(panels.KIND_LABELS).index(under.kind) if isinstance(under, KindChoice)
                else None)

    def _section(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: object,
                 paint: Callable[[pygame.Surface], None]) -> None:
        """Blit a panel section from the shared layer, repainting it if `key` changed."""
        if self._layer is None:
            self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        full = (key, tuple(rect))
        if self._keys.get(name) != full:
            self._layer.fill((0, 0, 0, 0), rect)
            clip = self._layer.get_clip()
            self._layer.set_clip(rect)
            paint(self._layer)
            self._layer.set_clip(clip)
            self._keys[name] = full
        surface.blit(self._layer, rect.topleft, rect)


def _draw_clutter(surface: pygame.Surface, frame: DrillFrame, hover: bool) -> None:
    rect = CLUTTER
    drill = frame.drill
    keep = isinstance(drill, FreePractice) and drill.keep_clutter
    box = pygame.Rect(rect.left + 4, rect.centery - 10, 20, 20)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=4)
    pygame.draw.rect(surface, theme.ACCENT if hover else theme.PANEL_EDGE, box, 1,
                     border_radius=4)
    if keep:
        pygame.draw.lines(surface, theme.ACCENT, False, [(box.left + 4, box.centery),
                                                        (box.left + 8, box.bottom - 5),
                                                        (box.right - 4, box.top + 4)], 3)
    text.draw(surface, "Keep the clutter (off: a clear board for every flick)",
              (box.right + 10, rect.centery), 14, theme.TEXT, anchor="midleft",
              max_width=rect.right - box.right - 14)


def _banner(surface: pygame.Surface, area: pygame.Rect, label: str) -> None:
    """A line of words at the top of the board."""
    image = text.render(label, 15, theme.TEXT, "bold")
    rect = image.get_rect(midtop=(area.centerx, area.top + 8))
    pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.2), rect.inflate(16, 8),
                     border_radius=6)
    surface.blit(image, rect)
