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
COLUMNS = (("Game", 0), ("Played", 250), ("Won", 330), ("Lost", 400),
           *((f"vs {level}", 470 + i * 95) for i, level in enumerate(BOT_LEVELS)),
           ("Best score", 860))
CHART_X, CHART_W = 1010, 150
CHART_HEADING = "Won and lost"
LIST_ROW = 44
PAGER_TOP = theme.HEIGHT - 64


class RecordsScene(Scene):
    """The records: a table and chart per game above, the finished games below."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self._row_buttons: list[object] = []
        self.button(pygame.Rect(RIGHT - 140, 40, 140, 48), "Back", self.app.pop)
        self.newer = self.button(pygame.Rect(RIGHT - 290, PAGER_TOP, 140, 40), "Newer",
                                 lambda: self._turn(-1))
        self.older = self.button(pygame.Rect(RIGHT - 140, PAGER_TOP, 140, 40), "Older",
                                 lambda: self._turn(1))
        self.show(records.load())

    def show(self, history: records.History) -> None:
        """Lay out `history` from its first page (the one kept on disk, or a scripted one
        for a screenshot)."""
        self.records = history.records
        self.problem = history.problem
        self.summaries = records.summarize(self.records)
        self.page = 0
        self._show_page()

    @property
    def list_top(self) -> int:
        return TABLE_TOP + table_row() * (len(self.summaries) + 1) + 70

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
        starts, chart_x = columns(rows)
        for (label, _), x, room in zip(COLUMNS, starts, _rooms(starts, chart_x), strict=True):
            text.draw(surface, label, (LEFT + x, TABLE_TOP), 15, theme.MUTED, "bold",
                      max_width=room + 8)  # a heading may come within 4 px of the next
        chart_w = min(CHART_W, RIGHT - chart_x)
        text.draw(surface, CHART_HEADING, (chart_x, TABLE_TOP), 15, theme.MUTED, "bold",
                  max_width=RIGHT + 10 - chart_x)
        widest = max(s.overall.games for s in self.summaries)
        row = table_row()
        for i, (summary, cells) in enumerate(zip(self.summaries, rows, strict=True)):
            y = TABLE_TOP + row * (i + 1)
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL, (LEFT - 10, y - 6, RIGHT - LEFT + 20,
                                                        row), border_radius=6)
            for x, room, cell in zip(starts, _rooms(starts, chart_x), cells, strict=True):
                text.draw(surface, cell, (LEFT + x, y), 16, max_width=room)
            _draw_bar(surface, summary.overall, widest,
                      pygame.Rect(chart_x, y + 2 + (row - ROW) // 2, chart_w, 16))

    def _draw_list(self, surface: pygame.Surface) -> None:
        top = self.list_top
        text.draw(surface, f"Finished games ({len(self.records)})", (LEFT, top), 18,
                  theme.ACCENT, "bold")
        if self.pages > 1:
            text.draw(surface, f"Page {self.page + 1} of {self.pages}",
                      (RIGHT - 310, theme.HEIGHT - 44), 15, theme.MUTED, anchor="midright")
        shown = self.records[self.page * self.page_size:(self.page + 1) * self.page_size]
        title_x = LEFT + max([150] + [text.measure(r.finished, 15) + 14 for r in shown])
        for i, record in enumerate(shown):
            y = top + 30 + i * LIST_ROW
            text.draw(surface, record.finished, (LEFT, y + 8), 15, theme.MUTED)
            text.draw(surface, record.title, (title_x, y + 8), 16, theme.TEXT,
                      "bold", max_width=200)
            text.draw(surface, records.seats_line(record.seats), (title_x + 220, y + 8), 15,
                      max_width=RIGHT - 250 - (title_x + 220))


def table_row() -> int:
    """A row of the table per game: its 16 px line and room, grown with the text size (a
    stripe made for 100 % would cut the line at 150 %)."""
    return text.space(ROW, 16)


def columns(rows: list[list[str]]) -> tuple[list[int], int]:
    """Where each column starts (from LEFT) and where the chart does (on the canvas): as
    designed, and at a larger text size each column at least as wide as its heading and
    its cells with a gap, the game's names giving way where the whole is too wide (they are
    fitted, smaller or cut, in the room left)."""
    designed = [x for _, x in COLUMNS]
    if theme.text_percent() == 100:
        return designed, CHART_X
    widths = [following - x for x, following in zip(designed, [*designed[1:], CHART_X - LEFT],
                                                    strict=True)]
    for i, (label, _) in enumerate(COLUMNS):
        need = max([text.measure(label, 15, "bold")] + [text.measure(r[i], 16) for r in rows])
        widths[i] = max(widths[i], need + 12)
    widest = RIGHT - LEFT - text.measure(CHART_HEADING, 15, "bold") - 10
    widths[0] -= max(0, sum(widths) - widest)
    starts = [sum(widths[:i]) for i in range(len(widths))]
    return starts, LEFT + sum(widths)


def _rooms(starts: list[int], chart_x: int) -> list[int]:
    """The room of each column, up to the next one (the last: up to the chart)."""
    return [following - x - 12 for x, following in zip(starts, [*starts[1:], chart_x - LEFT],
                                                        strict=True)]


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
