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
LIST_ROW = 44
PAGER_TOP = theme.HEIGHT - 64


class RecordsScene(Scene):
    """The records: a table and chart per game above, the finished games below."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        history = records.load()
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
        for label, x in COLUMNS:
            text.draw(surface, label, (LEFT + x, TABLE_TOP), 15, theme.MUTED, "bold")
        text.draw(surface, "Won and lost", (CHART_X, TABLE_TOP), 15, theme.MUTED, "bold")
        widest = max(s.overall.games for s in self.summaries)
        for i, summary in enumerate(self.summaries):
            y = TABLE_TOP + ROW * (i + 1)
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL, (LEFT - 10, y - 6, RIGHT - LEFT + 20,
                                                        ROW), border_radius=6)
            for (_, x), cell in zip(COLUMNS, _cells(summary), strict=True):
                text.draw(surface, cell, (LEFT + x, y), 16, max_width=_width(x))
            _draw_bar(surface, summary.overall, widest, pygame.Rect(CHART_X, y + 2, CHART_W, 16))

    def _draw_list(self, surface: pygame.Surface) -> None:
        top = self.list_top
        text.draw(surface, f"Finished games ({len(self.records)})", (LEFT, top), 18,
                  theme.ACCENT, "bold")
        if self.pages > 1:
            text.draw(surface, f"Page {self.page + 1} of {self.pages}",
                      (RIGHT - 310, theme.HEIGHT - 44), 15, theme.MUTED, anchor="midright")
        shown = self.records[self.page * self.page_size:(self.page + 1) * self.page_size]
        for i, record in enumerate(shown):
            y = top + 30 + i * LIST_ROW
            text.draw(surface, record.finished, (LEFT, y + 8), 15, theme.MUTED)
            text.draw(surface, record.title, (LEFT + 150, y + 8), 16, theme.TEXT,
                      "bold", max_width=200)
            text.draw(surface, records.seats_line(record.seats), (LEFT + 370, y + 8), 15,
                      max_width=RIGHT - 250 - (LEFT + 370))


def _width(x: int) -> int:
    """The room of the column starting at `x`, up to the next one."""
    following = [other for _, other in COLUMNS if other > x]
    return (min(following) if following else CHART_X - LEFT) - x - 12


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
