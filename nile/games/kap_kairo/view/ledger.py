"""The capital ledger (the players' paper sheets) and the results' chart of the railways.

The ledger is handed the sheets of the viewer's observation, the names and the colours:
another player's bid written in this land purchase shows as "sealed" until every bid is
in (the observation hides it), so the overlay never needs the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.games.kap_kairo.rules import NAMES, RULES, TERRAIN, KapState, LedgerEntry
from nile.games.kap_kairo.view import pieces
from nile.ui import text, theme
from nile.ui.chrome.overlay import Overlay
from nile.ui.table.scorepad import INK, PAPER, RULE

if TYPE_CHECKING:
    from nile.ui.scene import Shell

LINE = 19


def entry_cells(entry: LedgerEntry) -> tuple[str, str]:
    """(capital column, bid column) of one ledger line, as on the paper sheet."""
    kind, amount, after = entry
    capital = "?" if after is None else f"£{after}"
    if kind == "start":
        return capital, "start"
    if kind == "bid":
        return capital, "sealed bid" if amount is None else f"bid £{amount}"
    if kind == "income":
        return capital, f"+£{amount} crossing"
    return capital, f"−£{amount} rails"


class LedgerScene(Overlay):
    """Everyone's capital sheet, side by side; Esc, C or a click closes it."""

    def __init__(self, app: Shell, ledger: Sequence[Sequence[LedgerEntry]], names: Sequence[str],
                 colors: Sequence[theme.PlayerColor], viewer: int | None) -> None:
        """`ledger` is the viewer's observation's sheets; `viewer` marks "(you)" (None in a
        replay or hot-seat cover, where the screen is nobody's)."""
        super().__init__(app, 1000, 640, "Capital ledger")
        self.ledger = [list(entries) for entries in ledger]
        self.names = list(names)
        self.colors = list(colors)
        self.viewer = viewer

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_ESCAPE, pygame.K_c, pygame.K_RETURN)
        ) or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self.panel
        text.draw(
            surface,
            "Capital on the left, bids and changes on the right. Another "
            "player's bid stays sealed until all bids are revealed.",
            (panel.centerx, panel.top + 18 + text.space(36, 24)),  # under the title
            14,
            theme.MUTED,
            anchor="midtop",
            max_width=panel.width - 40,
        )
        count = len(self.ledger)
        gap = 12
        width = (panel.width - 40 - gap * (count - 1)) // count
        top = panel.top + 18 + text.space(36, 24) + text.space(28, 14)  # under the note
        for seat, entries in enumerate(self.ledger):
            sheet = pygame.Rect(panel.left + 20 + seat * (width + gap), top, width,
                                panel.bottom - 48 - top)
            self._draw_sheet(surface, sheet, seat, entries)
        text.draw(
            surface,
            "Click or press Esc to close",
            (panel.centerx, panel.bottom - 14),
            13,
            theme.MUTED,
            anchor="midbottom",
        )

    def _draw_sheet(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, entries: list[LedgerEntry]
    ) -> None:
        pygame.draw.rect(surface, PAPER, rect, border_radius=6)
        pygame.draw.rect(surface, RULE, rect, 2, border_radius=6)
        color = self.colors[seat]
        theme.draw_symbol(surface, color.symbol, (rect.left + 16, rect.top + 16), 8, color.rgb, INK)
        you = " (you)" if seat == self.viewer else ""
        text.draw(
            surface,
            self.names[seat] + you,
            (rect.left + 30, rect.top + 16),
            16,
            INK,
            "bold",
            "midleft",
            max_width=rect.width - 40,
        )
        middle = rect.left + rect.width * 0.42
        header = rect.top + 34
        text.draw(surface, "Capital", (rect.left + 10, header), 13, INK, "bold")
        text.draw(
            surface,
            "Bids and changes",
            (middle + 8, header),
            13,
            INK,
            "bold",
            max_width=round(rect.right - middle - 14),
        )
        top = header + text.space(22, 13)
        line = text.space(LINE, 15)
        pygame.draw.line(surface, RULE, (rect.left + 6, top - 3), (rect.right - 6, top - 3), 2)
        pygame.draw.line(surface, RULE, (middle, header - 2), (middle, rect.bottom - 8), 2)
        fits = (rect.bottom - 10 - top) // line
        shown = entries[-fits:] if len(entries) > fits else entries
        if len(entries) > fits:
            shown = entries[-(fits - 1) :]
            text.draw(
                surface,
                f"… {len(entries) - len(shown)} earlier lines",
                (rect.left + 10, top),
                12,
                INK,
            )
            top += line
        for entry in shown:
            capital, change = entry_cells(entry)
            text.draw(
                surface,
                capital,
                (rect.left + 10, top),
                15,
                INK,
                "bold",
                max_width=round(middle - rect.left - 14),
            )
            sealed = entry[0] == "bid" and entry[1] is None
            text.draw(
                surface,
                change,
                (middle + 8, top),
                14,
                (150, 60, 50) if sealed else INK,
                max_width=round(rect.right - middle - 14),
            )
            top += line


@dataclass(frozen=True)
class RailwaysChart:
    """The results screen's chart for this game: each player's railway, Cape to Cairo,
    instead of the totals' bars (a `nile.ui.chrome.results.Chart`)."""

    state: KapState
    """The end of the game, even when the results are opened from a replay."""
    names: Sequence[str]
    colors: Sequence[theme.PlayerColor]

    def __call__(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        state = self.state
        ranking = state.ranking()
        text.draw(
            surface,
            "The railways, Cape to Cairo",
            (area.centerx, area.top),
            15,
            theme.MUTED,
            anchor="midtop",
            max_width=area.width,
        )
        count = state.num_players
        width = (area.width - 8 * (count - 1)) // count
        tile = min(40, (area.height - 90) // RULES.win_crossings)
        for seat in range(count):
            left = area.left + seat * (width + 8)
            bottom = area.bottom - 46
            for index in range(RULES.win_crossings):
                rect = pygame.Rect(left, bottom - (index + 1) * tile + 2, width, tile - 4)
                crossed = state.crossed[seat]
                if index < len(crossed):
                    card = crossed[index]
                    pygame.draw.rect(
                        surface, pieces.TERRAIN_COLORS[TERRAIN[card]], rect, border_radius=4
                    )
                    text.draw(surface, NAMES[card], rect.center, 14, pieces.INK, "bold", "center")
                else:
                    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
            color = self.colors[seat]
            theme.draw_symbol(
                surface, color.symbol, (left + 8, bottom + 12), 6, color.rgb, theme.TEXT
            )
            text.draw(
                surface,
                self.names[seat],
                (left + 18, bottom + 12),
                13,
                theme.TEXT,
                anchor="midleft",
                max_width=width - 20,
            )
            place = ranking[seat]
            tally = f"{len(state.crossed[seat])} crossed"
            lines = [f"#{place} · {tally}"]
            if text.fit(lines[0], 12, width)[0] != lines[0]:  # a large text size: two lines
                lines = [f"#{place}", tally]  # rather than "#2 · 7 cross…"
            for i, line in enumerate(lines):
                text.draw(
                    surface,
                    line,
                    (left + width // 2, bottom + 26 + i * text.line_height(12)),
                    12,
                    theme.ACCENT if place == 1 else theme.MUTED,
                    anchor="midtop",
                    max_width=width,
                )
