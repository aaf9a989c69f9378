"""Records: how the people at this computer fared in each game and against each bot level,
their best scores, a chart of wins and losses, and every finished game to watch again.

The history is `nile.core.records`; this screen only lays it out. A record's replay is
rebuilt from its save through the rules (`saves.match_from_save`), so a damaged record is
refused with a message, never drawn half-way.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile.core import records, registry, saves, sharing
from nile.core.errors import SaveError
from nile.core.replay import Replay
from nile.core.session import BOT_LEVELS
from nile.core.text import safe_text
from nile.ui import text, theme
from nile.ui.chrome.overlay import MessageDialog
from nile.ui.games import scene_for
from nile.ui.scene import Scene, Shell

LEFT, RIGHT = 60, theme.WIDTH - 60
TABLE_TOP, ROW = 150, 34
HEADERS = ("Game", "Played", "Won", "Lost", *BOT_LEVELS, "Best score")
LEVELS_CAPTION = "Won–lost against each bot level"
GAP = 24
"""Room between two columns; columns are as wide as their widest word at the text size."""
CHART_MIN, CHART_MAX = 90, 150
HEAD, CELL, DATE, SEATS = 15, 16, 15, 15
"""Type sizes (before the text size setting) of the headers, cells, dates and seat lines."""
LIST_ROW = 44
PAGER_TOP = theme.HEIGHT - 64


class RecordsScene(Scene):
    """The records: a table and chart per game above, the finished games below."""

    def __init__(self, app: Shell, history: records.History | None = None) -> None:
        """`history`: the records to show (default: the player's, read from disk)."""
        super().__init__(app)
        history = history if history is not None else records.load()
        self.records = history.records
        self.problem = history.problem
        self.summaries = records.summarize(self.records)
        self.page = 0
        self._row_buttons: list[object] = []
        self.button(pygame.Rect(RIGHT - 140, 40, 140, 48), "Back", self.app.pop)
        self.newer = self.button(pygame.Rect(RIGHT - 290, PAGER_TOP, 140, 40), "Newer",
                                 lambda: self._turn(-1))
        self.older = self.button(pygame.Rect(RIGHT - 140, PAGER_TOP, 140, 40), "Older",
                                 lambda: self._turn(1))
        self._show_page()

    @property
    def list_top(self) -> int:
        return TABLE_TOP + ROW * (len(self.summaries) + 1) + 70

    @property
    def page_size(self) -> int:
        """As many finished games as fit between the table and the page buttons."""
        return max(1, (PAGER_TOP - 12 - (self.list_top + 30)) // LIST_ROW)

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self._show_page()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // self.page_size))

    def _show_page(self) -> None:
        """One Replay button per finished game on this page."""
        for element in self._row_buttons:
            self.forget(element)  # type: ignore[arg-type]
        shown = self.records[self.page * self.page_size:(self.page + 1) * self.page_size]
        self._row_buttons = []
        for i, record in enumerate(shown):
            y = self.list_top + 30 + i * LIST_ROW
            self._row_buttons += [
                self.button(pygame.Rect(RIGHT - 230, y, 110, 36), "Replay",
                            self._replayer(record)),
                self.button(pygame.Rect(RIGHT - 110, y, 110, 36), "Export",
                            self._exporter(record), "Write this game to a file to send")]
        self.newer.visible = self.older.visible = self.pages > 1
        if self.pages > 1:
            self._enable(self.newer, self.page > 0)
            self._enable(self.older, self.page < self.pages - 1)

    @staticmethod
    def _enable(element: object, on: bool) -> None:
        getattr(element, "enable" if on else "disable")()

    def _replayer(self, record: records.Record) -> Callable[[], None]:
        return lambda: self.open_replay(record)

    def _exporter(self, record: records.Record) -> Callable[[], None]:
        return lambda: self.export(record)

    def export(self, record: records.Record) -> None:
        """Write a finished game to the shared folder (it hides nothing any more)."""
        try:
            target = sharing.export_data(record.save, f"{record.title} {record.finished}")
        except SaveError as error:
            self.app.push(MessageDialog(self.app, "This game cannot be exported", str(error)))
            return
        except OSError as error:
            self.app.push(MessageDialog(self.app, "Could not export",
                                        safe_text(error.strerror or error, 200)))
            return
        self.app.push(MessageDialog(self.app, "Exported", f"The game is in "
                                    f"{safe_text(target, 300)}. Send that file: in Nile it "
                                    "opens with Load, then Import…"))

    def open_replay(self, record: records.Record) -> None:
        """Watch a finished game again from its set-up."""
        try:
            match = saves.match_from_save(record.save, "This record")
        except SaveError as error:
            self.app.push(MessageDialog(self.app, "This game cannot be replayed", str(error)))
            return
        replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
        self.app.push(scene_for(registry.get(match.info.id))(self.app, match, replay=replay))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Records", (LEFT, 36), 40, theme.ACCENT, "bold")
        if self.problem:
            text.draw(surface, self.problem, (LEFT, 96), 15, theme.BAD, max_width=RIGHT - LEFT)
        if not self.records:
            text.draw_wrapped(surface, "No finished games yet. Every game you play to its end "
                              "is kept here, with how you did against each bot level, your "
                              "best scores and its replay.",
                              pygame.Rect(LEFT, TABLE_TOP, 760, 120), 18, theme.MUTED)
            return
        self._draw_table(surface)
        self._draw_list(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        rows = [_cells(summary) for summary in self.summaries]
        xs, chart = _columns(rows)
        levels = xs[4]
        caption_y = TABLE_TOP - text.line_height(HEAD, "bold")
        text.draw(surface, LEVELS_CAPTION, (LEFT + levels, caption_y), HEAD, theme.MUTED,
                  "bold", max_width=xs[4 + len(BOT_LEVELS)] - levels - GAP // 2)
        for i, (label, x) in enumerate(zip(HEADERS, xs, strict=True)):
            text.draw(surface, label, (LEFT + x, TABLE_TOP), HEAD, theme.MUTED, "bold",
                      max_width=_room(xs, i, chart))
        text.draw(surface, "Won and lost", (chart.left, TABLE_TOP), HEAD, theme.MUTED, "bold",
                  max_width=RIGHT - chart.left)
        widest = max(s.overall.games for s in self.summaries)
        for i, (summary, cells) in enumerate(zip(self.summaries, rows, strict=True)):
            y = TABLE_TOP + ROW * (i + 1)
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL, (LEFT - 10, y - 6, RIGHT - LEFT + 20,
                                                        ROW), border_radius=6)
            for column, (x, cell) in enumerate(zip(xs, cells, strict=True)):
                text.draw(surface, cell, (LEFT + x, y), CELL, max_width=_room(xs, column, chart))
            _draw_bar(surface, summary.overall, widest,
                      pygame.Rect(chart.left, y + 2, chart.width, 16))

    def _draw_list(self, surface: pygame.Surface) -> None:
        top = self.list_top
        text.draw(surface, f"Finished games ({len(self.records)})", (LEFT, top), 18,
                  theme.ACCENT, "bold")
        if self.pages > 1:
            text.draw(surface, f"Page {self.page + 1} of {self.pages}",
                      (RIGHT - 310, theme.HEIGHT - 44), 15, theme.MUTED, anchor="midright")
        shown = self.records[self.page * self.page_size:(self.page + 1) * self.page_size]
        title_x = LEFT + max((text.measure(r.finished, DATE) for r in shown), default=0) + GAP
        seats_x = title_x + min(220, max((text.measure(r.title, CELL, "bold") for r in shown),
                                         default=0)) + GAP
        for i, record in enumerate(shown):
            y = top + 30 + i * LIST_ROW
            text.draw(surface, record.finished, (LEFT, y + 8), DATE, theme.MUTED)
            text.draw(surface, record.title, (title_x, y + 8), CELL, theme.TEXT,
                      "bold", max_width=seats_x - GAP - title_x)
            text.draw(surface, records.seats_line(record.seats), (seats_x, y + 8), SEATS,
                      max_width=RIGHT - 250 - seats_x)


def _columns(rows: list[list[str]]) -> tuple[list[int], pygame.Rect]:
    """Where each column starts (from LEFT) and the chart's place: each column as wide as
    its header or widest cell at the current text size; when that is wider than the page,
    the game's names give way (they shrink, the numbers never do)."""
    widths = [max([text.measure(label, HEAD, "bold")] + [text.measure(r[i], CELL) for r in rows])
              for i, label in enumerate(HEADERS)]
    room = RIGHT - LEFT - CHART_MIN - GAP * len(HEADERS)
    widths[0] = max(80, min(widths[0], room - sum(widths[1:])))
    xs = [sum(widths[:i]) + GAP * i for i in range(len(widths))]
    chart_x = LEFT + xs[-1] + widths[-1] + GAP
    return xs, pygame.Rect(chart_x, 0, max(CHART_MIN, min(CHART_MAX, RIGHT - chart_x)), 16)


def _room(xs: list[int], column: int, chart: pygame.Rect) -> int:
    """The room of `column`, up to the next column (or the chart)."""
    end = xs[column + 1] + LEFT if column + 1 < len(xs) else chart.left
    return end - GAP // 2 - LEFT - xs[column]


def _cells(summary: records.GameSummary) -> list[str]:
    """A summary's row: the game, its tallies, per level wins–losses, the best score."""
    overall = summary.overall
    levels = [f"{t.wins}–{t.losses}" if (t := summary.against.get(level)) else "—"
              for level in BOT_LEVELS]
    best = (f"{records.score_text(summary.best[0])} ({summary.best[1]})" if summary.best
            else "—")
    return [summary.title, str(overall.games), str(overall.wins), str(overall.losses), *levels,
            best]


def _draw_bar(surface: pygame.Surface, tally: records.Tally, widest: int,
              rect: pygame.Rect) -> None:
    """Wins then losses, as long as the games played against the most played game."""
    scale = rect.width / max(1, widest)
    won = pygame.Rect(rect.left, rect.top, round(tally.wins * scale), rect.height)
    lost = pygame.Rect(won.right, rect.top, round(tally.losses * scale), rect.height)
    pygame.draw.rect(surface, theme.GOOD, won, border_radius=3)
    pygame.draw.rect(surface, theme.MUTED, lost, border_radius=3)
