"""The results screen: who won, the score breakdown, a chart, and the way to a replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from nile.ui import text, theme
from nile.ui.chrome.overlay import Overlay
from nile.ui.games import start_new

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene
    from nile.ui.scene import Shell


Chart = Callable[[pygame.Surface, pygame.Rect], None]
"""A game's own picture of the end (Kap bis Kairo's railways) in place of the totals' bars."""


def winners_line(names: list[str], ranking: list[int]) -> str:
    """'Ann wins!', 'Ann and Bo share the victory!'."""
    first = [names[i] for i, place in enumerate(ranking) if place == 1]
    if len(first) == 1:
        return f"{first[0]} wins!"
    return f"{', '.join(first[:-1])} and {first[-1]} share the victory!"


def format_value(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class ResultsScene(Overlay):
    """Score sheet (categories × players), a bar chart of totals, and what to do next."""

    def __init__(self, app: Shell, game: TableScene, chart: Chart | None = None) -> None:
        super().__init__(app, 1000, 640, "Game over")
        self.game = game
        self.chart = chart if chart is not None else self._draw_chart
        state = game.match.state  # the end, even when opened from a replay's middle
        self.sheet = state.score_sheet()
        self.ranking = state.ranking()
        self.headline = winners_line(game.names, self.ranking)
        y = self.panel.bottom - 66
        tutorial = game.tutorial
        # after a tutorial the next thing is a real game (the same seats, the others bots),
        # never the lesson's scripted seats again
        again = (("Play a real game now", tutorial.play_real_game) if tutorial is not None
                 else ("Play again", self._again))
        specs = [("Replay", self._replay), again, ("See the table", self.close),
                 ("Launcher", self._launcher)]
        if not game.autoplay.keeps_saves:  # an online game: the host starts the next one
            specs.remove(again)
        accent = 1 if tutorial is not None else 0
        width = (self.panel.width - 80 - (len(specs) - 1) * 12) // len(specs)
        for i, (label, action) in enumerate(specs):
            rect = pygame.Rect(self.panel.left + 40 + i * (width + 12), y, width, 46)
            self.button(rect, label, action, object_id="@accent" if i == accent else None)

    def _replay(self) -> None:
        self.game.open_replay()

    def _again(self) -> None:
        match = self.game.match
        start_new(self.app, match.info, match.seats, match.options, seed=None)

    def _launcher(self) -> None:
        self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self.panel
        head_y = panel.top + 18 + text.space(38, 24)  # under the dialog's title
        text.draw(
            surface,
            self.headline,
            (panel.centerx, head_y),
            22,
            theme.TEXT,
            "bold",
            "midtop",
            max_width=panel.width - 60,
        )
        top = head_y + text.space(44, 22)
        height = panel.top + 520 - top  # above the buttons, whatever the text size
        self._draw_table(surface, pygame.Rect(panel.left + 30, top, 560, height))
        self.chart(surface, pygame.Rect(panel.left + 620, top, 350, height))

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        seats = len(self.game.match.seats)
        rows = [*list(self.sheet.categories), "Total"]
        label_width = self._label_width(rows)
        col = (area.width - label_width) / max(1, seats)
        line = min(text.space(30, 15), (area.height - 50) // max(1, len(rows) + 1))
        size = text.within(15, line + 2, "bold")  # a long sheet's rows are tight
        for s in range(seats):
            # the symbol above the name: five names keep their whole column
            x = area.left + label_width + col * (s + 0.5)
            color = self.game.color(s)
            theme.draw_symbol(surface, color.symbol, (x, area.top + 6), 7, color.rgb, theme.TEXT)
            text.draw(
                surface,
                self.game.name(s),
                (x, area.top + 14 + text.space(12, 15)),
                15,
                theme.TEXT,
                "bold",
                "center",
                max_width=int(col) - 4,
            )
        y = area.top + 14 + text.space(30, 15)
        values = [*list(self.sheet.values), self.sheet.totals]
        for r, label in enumerate(rows):
            bold = "bold" if label == "Total" else "regular"
            if r % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, (area.left, y - 2, area.width, line))
            text.draw(
                surface,
                label,
                (area.left + 8, y + line / 2 - 2),
                size,
                theme.TEXT,
                bold,
                "midleft",
                max_width=label_width - 12,
            )
            for s in range(seats):
                x = area.left + label_width + col * (s + 0.5)
                value = values[r][s] if s < len(values[r]) else 0
                text.draw(
                    surface,
                    format_value(value),
                    (x, y + line / 2 - 2),
                    size,
                    theme.TEXT,
                    bold,
                    "center",
                    max_width=int(col) - 6,
                )
            y += line
        if self.sheet.notes:
            note = " ".join(self.sheet.notes)
            text.draw_wrapped(
                surface,
                self.game.words(note),
                pygame.Rect(area.left, y + 8, area.width, area.bottom - y),
                14,
                theme.MUTED,
            )

    @staticmethod
    def _label_width(rows: list[str]) -> int:
        """Room for the longest row label (bold, 15 px), between 110 and 200 pixels.

        Narrow enough that the player names above the columns keep their full size.
        """
        widest = max(text.render(label, 15, theme.TEXT, "bold").get_width() for label in rows)
        return max(110, min(200, widest + 20))

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One bar per player from a zero line: up for points, down for a negative total."""
        totals = list(self.sheet.totals)
        caption = "Totals (lower is better)" if self.sheet.lower_is_better else "Totals"
        text.draw(surface, caption, (area.centerx, area.top), 15, theme.MUTED, anchor="midtop")
        n = len(totals)
        bar_width = min(60, (area.width - 20) // max(1, n) - 14)
        base = area.bottom - text.space(40, 14)  # room for the place and the name
        high, low = max([0, *totals]), min([0, *totals])
        plot_top, plot_bottom = area.top + text.space(62, 15), base - (24 if low < 0 else 0)
        scale = (plot_bottom - plot_top) / max(1, high - low)
        zero = plot_top + high * scale
        if low < 0:
            pygame.draw.line(surface, theme.MUTED, (area.left + 10, zero), (area.right - 10, zero))
        for s, total in enumerate(totals):
            x = area.left + 10 + (s + 0.5) * (area.width - 20) / n
            bar = pygame.Rect(0, 0, bar_width, max(2, round(abs(total) * scale)))
            color = self.game.color(s)
            if total >= 0:
                bar.midbottom = (round(x), round(zero))
                label_y = bar.top - text.space(18, 15)
                symbol_y = label_y - 12.0
            else:
                bar.midtop = (round(x), round(zero))
                label_y, symbol_y = bar.bottom + 4, zero - 14
            pygame.draw.rect(surface, color.rgb, bar, border_radius=4)
            theme.draw_symbol(surface, color.symbol, (x, symbol_y), 8, color.rgb, theme.TEXT)
            text.draw(surface, format_value(total), (x, label_y), 15, theme.TEXT, "bold", "midtop")
            place = self.ranking[s]
            text.draw(
                surface,
                f"#{place}",
                (x, base + 6),
                15,
                theme.ACCENT if place == 1 else theme.MUTED,
                "bold",
                "midtop",
            )
            text.draw(
                surface,
                self.game.name(s),
                (x, base + 6 + text.space(18, 15)),
                13,
                theme.TEXT,
                anchor="midtop",
                max_width=int((area.width - 20) / n) - 4,
            )
