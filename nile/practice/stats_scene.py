"""The statistics screen: numbers per finger, the heat map, trends and the grouping.

"This session" or "All time" (the flicks the history keeps) switch every panel. The
figures come from `stats.py`; the heat map is a numpy 2D histogram of the landing points
drawn with `pygame.surfarray` over the board. Everything is drawn once into a cached layer
per choice (the screen only changes when the choice does).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pygame

from nile.games.cairo import config as cairo_config
from nile.games.cairo.view.mapview import BoardRenderer
from nile.practice import charts, stats
from nile.practice.drills import DRILLS, HIGHER, better_of, title_of
from nile.practice.panels import add_segments, draw_segments
from nile.practice.session import PracticeSession
from nile.practice.stats import FlickRow, Summary
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

TABLE = pygame.Rect(16, 96, 640, 252)
BESTS = pygame.Rect(16, 356, 640, 120)
TREND = pygame.Rect(16, 484, 318, 308)
SESSIONS = pygame.Rect(338, 484, 318, 308)
HEAT = pygame.Rect(668, 96, 600, 452)
GROUP = pygame.Rect(668, 556, 600, 236)
SCOPE = pygame.Rect(16, 52, 300, 34)
SCOPES = ("This session", "All time")
COLUMNS = (("Finger", 0), ("Flicks", 104), ("Hits", 166), ("Error", 250),
           ("Length", 380), ("Direction", 508))


def day_label(started: int) -> str:
    """A session's day ("5 Dec"); "" for a date the platform cannot show (before 1970
    on some systems, or far beyond any calendar: the history allows +-2**40 seconds)."""
    try:
        return datetime.datetime.fromtimestamp(started).strftime("%d %b")
    except (OverflowError, OSError, ValueError):
        return ""


class StatsScene(Scene):
    """Practice statistics (Esc back)."""

    keyboard_focus = False  # Tab switches between this session and all of them

    def __init__(self, app: Shell, session: PracticeSession, scope: int = 0) -> None:
        super().__init__(app)
        self.session = session
        self.scope = scope
        self.mouse: tuple[int, int] = (0, 0)
        self.hits: HitMap[int] = HitMap()
        """The scope's segments as drawn (each holds its index in `SCOPES`)."""
        self._layer: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()
        title = text.space(34, 15)  # under the heat map's title, however large its type
        self.board = BoardRenderer(pygame.Rect(HEAT.left + 10, HEAT.top + title,
                                               HEAT.width - 20, HEAT.height - 36 - title))
        self.button(pygame.Rect(1280 - 108, 4, 100, 36), "Back", self.back,
                    "Back to practice (Esc)")

    def back(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def rows(self) -> list[FlickRow]:
        return self.session.session_rows() if self.scope == 0 else self.session.all_rows()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hits.at(event.pos)
            if index is not None:
                self.scope = index
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_TAB:
                self.scope = 1 - self.scope

    def draw(self, surface: pygame.Surface) -> None:
        rows = self.rows()
        key = (self.scope, len(rows), len(self.session.history.sessions),
               id(theme.player_color(0)))
        if self._layer is None or self._key != key:
            if self._layer is None:
                self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            self._paint(self._layer, rows)
            self._key = key
        surface.blit(self._layer, (0, 0))
        self.hits.clear()
        add_segments(self.hits, SCOPE, range(len(SCOPES)))
        draw_segments(surface, SCOPE, SCOPES, self.scope, self.hits.at(self.mouse))

    # Painting (once per choice) ------------------------------------------------------------------

    def _paint(self, surface: pygame.Surface, rows: list[FlickRow]) -> None:
        surface.fill(theme.BG)
        bar = pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        title = text.draw(surface, "Flick Practice", (14, bar.centery), 20, theme.ACCENT,
                          "bold", "midleft")
        text.draw(surface, "\u00b7  Statistics", (title.right + 10, bar.centery), 18,
                  theme.TEXT, anchor="midleft")
        text.draw(surface, "Tab switches  \u00b7  spreads are standard deviations",
                  (SCOPE.right + 16, SCOPE.centery), 13, theme.MUTED, anchor="midleft",
                  max_width=TABLE.right - SCOPE.right - 16)
        self._paint_table(surface, rows)
        self._paint_bests(surface)
        errors = stats.trend(rows)
        charts.draw_trend(surface, TREND, errors[-120:], "Error, flick by flick (mm)",
                          labels=(f"last {min(len(errors), 120)} aimed flicks", "now")
                          if errors else ("", ""))
        self._paint_sessions(surface)
        self._paint_heat(surface, rows)
        misses = [(r.across, r.along) for r in rows if r.across is not None and
                  r.along is not None]
        charts.draw_grouping(surface, GROUP, misses[-300:])

    def _paint_table(self, surface: pygame.Surface, rows: list[FlickRow]) -> None:
        pygame.draw.rect(surface, theme.PANEL, TABLE, border_radius=8)
        x0, y = TABLE.left + 14, TABLE.top + 10
        for (name, dx), following in zip(COLUMNS, [*COLUMNS[1:], ("", TABLE.width - 28)],
                                          strict=True):
            text.draw(surface, name, (x0 + dx, y), 14, theme.MUTED, "bold",
                      max_width=following[1] - dx - 8)
        y += 24
        pygame.draw.line(surface, theme.PANEL_EDGE, (TABLE.left + 10, y), (TABLE.right - 10, y))
        y += 6
        lines: list[tuple[str, Summary | None]] = [("All fingers", stats.summarize(rows))]
        per = stats.by_finger(rows)
        data = cairo_config.load()
        for finger in range(1, 6):
            lines.append((data.finger(finger).name.capitalize(), per.get(finger)))
        for label, summary in lines:
            self._paint_row(surface, x0, y, label, summary, bold=label == "All fingers")
            y += 30
        text.draw(surface, "Length: + long, \u2013 short (power).  Direction: + left, "
                  "\u2013 right (angle).  Mean \u00b1 spread.", (x0, TABLE.bottom - 22), 12,
                  theme.MUTED, max_width=TABLE.width - 28)

    def _paint_row(self, surface: pygame.Surface, x0: int, y: int, label: str,
                   s: Summary | None, bold: bool) -> None:
        style = "bold" if bold else "regular"
        color = theme.TEXT if s is not None and s.count else theme.MUTED
        cells = [label, "\u2013", "\u2013", "\u2013", "\u2013", "\u2013"]
        if s is not None and s.count:
            cells[1] = str(s.count)
            if s.aimed:
                cells[2] = f"{s.hits} ({s.hits / s.aimed:.0%})"
            if s.mean_error is not None:
                cells[3] = f"{s.mean_error:.0f} \u00b1 {s.std_error or 0:.0f} mm"
            if s.mean_along is not None:
                cells[4] = f"{s.mean_along:+.0f} \u00b1 {s.std_along or 0:.0f} mm"
            if s.mean_across is not None:
                cells[5] = f"{s.mean_across:+.1f} \u00b1 {s.std_across or 0:.1f}\u00b0"
        widths = [c[1] for c in COLUMNS[1:]] + [TABLE.width - 28]
        for (_, dx), cell, right in zip(COLUMNS, cells, widths, strict=True):
            text.draw(surface, cell, (x0 + dx, y), 15, color, style, max_width=right - dx - 8)

    def _paint_bests(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, BESTS, border_radius=8)
        text.draw(surface, "Best results", (BESTS.left + 14, BESTS.top + 8), 15, theme.TEXT,
                  "bold")
        best = self.session.history.best
        width = (BESTS.width - 28) // len(DRILLS)
        for i, drill_id in enumerate(DRILLS):
            x = BESTS.left + 14 + i * width
            text.draw_wrapped(surface, title_of(drill_id),
                              pygame.Rect(x, BESTS.top + 30, width - 10, 34), 12, theme.MUTED)
            value = best.get(drill_id)
            shown = text.draw(surface, "\u2013" if value is None else f"{value:g}",
                              (x, BESTS.top + 64), 24, theme.ACCENT if value is not None else
                              theme.MUTED, "bold")
            unit = "points" if better_of(drill_id) == HIGHER else "flicks"
            text.draw(surface, unit, (shown.right + 6, shown.bottom - 6), 12, theme.MUTED,
                      anchor="bottomleft", max_width=max(10, x + width - shown.right - 14))

    def _paint_sessions(self, surface: pygame.Surface) -> None:
        trend = self.session.history.session_trend()[-40:]
        values = [mean for _, mean, _ in trend]
        labels = ("", "")
        if trend:
            labels = (day_label(trend[0][0]), "latest")
        charts.draw_trend(surface, SESSIONS, values, "Mean error per session (mm)",
                          window=3, labels=labels)

    def _paint_heat(self, surface: pygame.Surface, rows: list[FlickRow]) -> None:
        pygame.draw.rect(surface, theme.PANEL, HEAT, border_radius=8)
        points = stats.landing_points(rows)
        text.draw(surface, f"Where your blocks stopped ({len(points)} flicks)",
                  (HEAT.left + 14, HEAT.top + 8), 15, theme.TEXT, "bold",
                  max_width=HEAT.width - 28)
        self.board.draw_board(surface)
        counts = stats.heat_bins(points)
        rect = self.board.rect
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((20, 26, 32, 110))
        surface.blit(veil, rect)
        surface.blit(charts.heat_surface(counts, rect.size), rect)
        top = int(counts.max()) if counts.size else 0
        legend = pygame.Rect(HEAT.left + 10, rect.bottom + 6, HEAT.width - 20, 24)
        if top:
            charts.draw_heat_legend(surface, legend, top)
        else:
            text.draw(surface, "No flicks yet.", legend.center, 13, theme.MUTED,
                      anchor="center")
