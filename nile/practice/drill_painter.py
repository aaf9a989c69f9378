"""Drawing the drill screen: the top bar, the board with its marks, the session strip and
the side panel (goal, finger, report), for `DrillScene`.

Costly parts are cached: the still board in `BoardView`'s layer, each panel section in a
shared layer repainted only when what it shows changes (wrapping text every frame would
cost more than the board), the session strip once per flick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from nile.games.cairo.view.flick_input import Aim, draw_arrow
from nile.games.cairo.view.render import PieceDraw
from nile.practice import charts, panels, stats
from nile.practice.drills import FreePractice, title_of
from nile.practice.panels import GoalInfo
from nile.practice.table import PLAYER
from nile.practice.view import colors
from nile.ui import text, theme

if TYPE_CHECKING:
    from nile.practice.drill_scene import DrillScene, Show

BOARD_AREA = pygame.Rect(8, 52, 864, 617)
STRIP = pygame.Rect(8, 676, 864, 116)
GOAL = pygame.Rect(882, 52, 390, 206)
FINGER = pygame.Rect(882, 266, 390, 126)
FINGER_FREE = pygame.Rect(882, 266, 390, 186)
BUTTONS_TOP = 650


class DrillPainter:
    """Draws a `DrillScene` and keeps the caches that make it cheap."""

    def __init__(self, scene: DrillScene) -> None:
        self.scene = scene
        self._strip: tuple[object, pygame.Surface] | None = None
        self._layer: pygame.Surface | None = None
        self._keys: dict[str, object] = {}

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        surface.fill(theme.BG)
        self._draw_top_bar(surface)
        self._draw_board(surface)
        self._draw_strip(surface)
        self._draw_panel(surface)
        scene.toasts.draw(surface)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        scene = self.scene
        bar = pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        title = text.draw(surface, "Flick Practice", (14, bar.centery), 20, theme.ACCENT,
                          "bold", "midleft")
        text.draw(surface, f"\u00b7  {title_of(scene.drill.id)}", (title.right + 10,
                  bar.centery), 18, theme.TEXT, anchor="midleft", max_width=600)

    def _draw_board(self, surface: pygame.Surface) -> None:
        scene = self.scene
        view, show = scene.view, scene.show
        pygame.draw.rect(surface, theme.TABLE, BOARD_AREA)
        if show is not None:
            playback = show.playback
            view.draw_moving(surface, playback.pieces(), playback.ships(active=PLAYER))
            self._draw_show_marks(surface, show)
            return
        flights = scene.knobs.flights
        view.draw_table(surface, scene.table, hidden=tuple(flights))
        for flight in flights.values():
            tween, piece = flight.tween, flight.piece
            waiting = tween.waiting
            x, y = view.renderer.to_board(*(tween.start if waiting else tween.value()))
            view.renderer.draw_piece(surface, PieceDraw(piece.id, "small", PLAYER, x, y,
                                                        piece.angle, 1 if waiting else
                                                        piece.level), colors()[PLAYER])
        view.draw_trails(surface, scene.last, scene.ghost, scene.table.ship_point())
        if scene.pause > 0:
            _banner(surface, view.rect, scene.pause_label)
            return
        view.draw_target(surface, scene.drill, scene.drill.target(), scene.clock)
        if not scene.drill.finished and scene.coach is None:
            self._draw_waiting_block(surface)
            scene.flick.draw(surface, view.rect)

    def _draw_waiting_block(self, surface: pygame.Surface) -> None:
        scene = self.scene
        x, y, heading = scene.table.state.ship_pose(PLAYER)
        kind = scene.knobs.kind
        piece = PieceDraw(f"{PLAYER}{kind[0]}", kind, PLAYER, x, y, heading, face=5
                          if kind == "die" else 0, raised=True)
        scene.view.renderer.draw_piece(surface, piece, colors()[PLAYER])

    def _draw_show_marks(self, surface: pygame.Surface, show: Show) -> None:
        """A replay or a demonstration says so; the bot's aim grows before its flick."""
        scene = self.scene
        view = scene.view
        view.draw_target(surface, scene.drill, scene.drill.target(), scene.clock)
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

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The session so far, an error sparkline, and the keys (cached per flick)."""
        scene = self.scene
        rows = scene.session.session_rows()
        key = (len(rows), scene.drill.id)
        if self._strip is None or self._strip[0] != key:
            layer = pygame.Surface(STRIP.size, pygame.SRCALPHA)
            local = pygame.Rect((0, 0), STRIP.size)
            panels.card(layer, local)
            first, second = panels.summary_words(stats.summarize(rows))
            text.draw(layer, first, (14, 10), 16, theme.TEXT, "bold", max_width=520)
            text.draw(layer, second, (14, 36), 14, theme.TEXT, max_width=560)
            text.draw(layer, "Press on your ship's block, pull back, let go  \u00b7  arrows "
                      "fine-tune, Enter flicks  \u00b7  Space replay  \u00b7  R reset  \u00b7  "
                      "F finger  \u00b7  Esc back", (14, local.bottom - 12), 13, theme.MUTED,
                      anchor="bottomleft", max_width=local.width - 28)
            spark = pygame.Rect(local.right - 250, 12, 236, 50)
            errors = stats.trend(rows)[-40:]
            if len(errors) >= 2:
                text.draw(layer, "error per flick", (spark.left - 8, spark.bottom), 11,
                          theme.MUTED, anchor="bottomright")
                charts.draw_sparkline(layer, spark, errors)
            self._strip = (key, layer)
        surface.blit(self._strip[1], STRIP)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The goal, the finger and the report, each repainted only when what it shows
        changes (wrapping text every frame would cost more than the board)."""
        scene = self.scene
        drill = scene.drill
        best = scene.session.best(drill.id)
        best_text = "" if drill.id == "free" else \
            f"best {best:g}" if best is not None else "no best yet"
        spec_seconds = getattr(getattr(drill, "spec", None), "seconds", 0.0)
        left = drill.time_left
        goal = GoalInfo(drill.title, drill.goal(), drill.progress(), drill.score_text(),
                        best_text, None if left is None else round(left, 1), spec_seconds,
                        drill.finished)
        self._section(surface, "goal", GOAL, goal,
                      lambda layer: panels.draw_goal(layer, GOAL, goal))
        kind = scene.knobs.kind if drill.id == "free" else None
        rect = scene.finger_rect
        hover = self._hover_segment(rect, kind is not None)
        knobs = (scene.finger, scene.knobs.die_mode, scene.knobs.rolled, kind, hover,
                 scene.die.face, scene.die.rolling > 0 and scene.clock)
        self._section(surface, "finger", rect, knobs, lambda layer: panels.draw_finger(
            layer, rect, scene.finger, scene.knobs.die_mode, scene.knobs.rolled, scene.die,
            scene.mouse, kind))
        thinking = scene.coach is not None
        self._section(surface, "report", scene.report_rect, (id(scene.report), thinking),
                      lambda layer: panels.draw_report(layer, scene.report_rect, scene.report,
                                                       thinking))
        if drill.id == "free":
            self._draw_clutter(surface)

    def _hover_segment(self, rect: pygame.Rect, kinds: bool) -> tuple[int | None, ...]:
        """Which picker segment the mouse is over (hover changes a segment's colour)."""
        scene = self.scene
        out = [panels.segment_at(panels.finger_picker_rect(rect), 6, scene.mouse)]
        if kinds:
            out.append(panels.segment_at(panels.kind_picker_rect(rect), 3, scene.mouse))
        return tuple(out)

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

    def _draw_clutter(self, surface: pygame.Surface) -> None:
        scene = self.scene
        rect = scene.clutter_rect
        keep = isinstance(scene.drill, FreePractice) and scene.drill.keep_clutter
        box = pygame.Rect(rect.left + 4, rect.centery - 10, 20, 20)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if rect.collidepoint(scene.mouse) else
                         theme.PANEL_EDGE, box, 1, border_radius=4)
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
