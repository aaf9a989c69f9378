"""The side panel of the table, following the phase.

- Secret bids: who has written a bid (never how much, except the viewer's own), and the
  bid entry on the viewer's turn.
- Choosing order: every bid at once, the order, and how ties were broken (smaller
  capital, or the duel cards each tied player drew), and what each player took.
- Rails: the breakdown of a build for the player to move, row + own line + bonus cards
  + bought rails against the terrain's need; on the viewer's turn with − / + controls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.games.kap_kairo.intent import Control
from nile.games.kap_kairo.rules import (
    COINS,
    MASKED,
    NAMES,
    NEED,
    RULES,
    TERRAIN,
    TERRAIN_NAMES,
    KapState,
    Phase,
    cheapest_build,
    column_rails,
    row_rails,
)
from nile.games.kap_kairo.view import pieces
from nile.games.kap_kairo.view.table import Hits, TableView
from nile.ui import text, theme
from nile.ui.kit import button

if TYPE_CHECKING:
    from nile.games.kap_kairo.view.reveal import Reveal

ROW = 21
ALL_BIDS_SHOWN = 0.45
"""Share of the reveal during which the bids show alone, before the order."""


def draw_panel(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, area: pygame.Rect
) -> None:
    pygame.draw.rect(surface, theme.PANEL, area, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, area, 1, border_radius=10)
    inner = area.inflate(-20, -14)
    step = view.step
    if step == Phase.OVER:
        _draw_over(t, surface, view, inner)
    elif step == Phase.BID:
        _draw_bids(t, surface, hits, view, inner)
    elif step == Phase.CHOOSE:
        _draw_order(t, surface, view, inner)
    elif step == Phase.DUEL:  # shown only when a replay stops between the duel's draws
        _draw_all_bids(t, surface, view, inner, "Bids revealed: a tie, cards decide")
    elif step in (Phase.DRAW, Phase.DECIDE, Phase.BONUS):
        _draw_rails(t, surface, hits, view, inner)
    else:
        _title(surface, "Land purchase", inner)
        text.draw(surface, "Turning up land…", (inner.left, inner.top + 30), 15, theme.MUTED)


def _title(
    surface: pygame.Surface, words: str, area: pygame.Rect, color: theme.Color = theme.ACCENT
) -> None:
    text.draw(surface, words, (area.left, area.top), 16, color, "bold", max_width=area.width)


def _name_at(
    t: TableView,
    surface: pygame.Surface,
    seat: int,
    pos: tuple[int, int],
    width: int,
    bold: bool = False,
    size: int = 15,
) -> None:
    color = t.color(seat)
    theme.draw_symbol(surface, color.symbol, (pos[0] + 7, pos[1]), 7, color.rgb, theme.TEXT)
    text.draw(
        surface,
        t.name(seat),
        (pos[0] + 19, pos[1]),
        size,
        theme.TEXT,
        "bold" if bold else "regular",
        "midleft",
        max_width=width - 19,
    )


# Secret bids ---------------------------------------------------------------------------


def _draw_bids(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, area: pygame.Rect
) -> None:
    _title(surface, f"Secret bids · land purchase {view.auction}", area)
    y = area.top + 32
    for seat in range(view.num_players):
        bid = view.bids[seat]
        turn = view.current_player == seat
        _name_at(t, surface, seat, (area.left, y), 150, turn)
        if bid is None:
            status, color = ("writing…" if turn else "to bid"), theme.MUTED
        elif bid == MASKED or seat != t.viewer:
            status, color = "bid written, hidden", theme.TEXT
        else:
            status, color = f"£{bid} (only you see it)", theme.GOOD
        text.draw(
            surface,
            status,
            (area.right, y),
            14,
            color,
            anchor="midright",
            max_width=area.width - 160,
        )
        y += ROW
    if t.accepting_input:
        _draw_bid_entry(
            t, surface, hits, view, pygame.Rect(area.left, area.bottom - 32, area.width, 32)
        )


def _draw_bid_entry(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, area: pygame.Rect
) -> None:
    capital = view.capital[view.current_player or 0]
    specs = [
        ("bid-10", "−10", 40),
        ("bid-1", "−", 30),
        ("amount", "", 92),
        ("bid+1", "+", 30),
        ("bid+10", "+10", 40),
        ("bidall", "All", 44),
    ]
    gap = (area.width - sum(w for _, _, w in specs)) / (len(specs) - 1)
    x = float(area.left)
    for key, label, width in specs:
        rect = pygame.Rect(round(x), area.top, width, area.height)
        x += width + gap
        if key == "amount":
            over = t.bid_amount > capital
            pygame.draw.rect(surface, (250, 246, 236), rect, border_radius=6)
            pygame.draw.rect(surface, theme.BAD if over else theme.ACCENT, rect, 2, border_radius=6)
            text.draw(
                surface,
                f"£{t.bid_amount}",
                rect.center,
                20,
                pieces.INK,
                "bold",
                "center",
                max_width=rect.width - 8,
            )
            continue
        _button(t, surface, hits, key, label, rect)
    left = capital - min(t.bid_amount, capital)
    note = (
        f"more than your £{capital}" if t.bid_amount > capital else f"leaves £{left} of £{capital}"
    )
    text.draw(
        surface,
        note,
        (area.centerx, area.top - 3),
        12,
        theme.BAD if t.bid_amount > capital else theme.MUTED,
        anchor="midbottom",
        max_width=area.width,
    )


def _button(
    t: TableView,
    surface: pygame.Surface,
    hits: Hits,
    key: str,
    label: str,
    rect: pygame.Rect,
    enabled: bool = True,
) -> None:
    """A table-kit button; pressing it is the scene's, through the hit map's `Control`. (The
    hover mark is drawn live over the cached layer, so none is baked in here.)"""
    button.draw(surface, rect, label, enabled=enabled, size=15)
    if enabled:
        hits.add(rect, Control(key))


# Choosing order ------------------------------------------------------------------------


def _draw_order(t: TableView, surface: pygame.Surface, view: KapState, area: pygame.Rect) -> None:
    reveal = t.reveal
    progress = 1.0 if t.reveal_progress is None else t.reveal_progress
    if progress < ALL_BIDS_SHOWN:
        _draw_all_bids(t, surface, view, area)
        return
    flash = t.reveal_progress is not None
    _title(
        surface,
        "Choosing order" if flash else "Bids and choosing order",
        area,
        theme.HIGHLIGHT if flash else theme.ACCENT,
    )
    order = view.order or list(range(view.num_players))
    y = area.top + 32
    row = min(ROW + 10, (area.height - 32) // max(1, len(order)))
    shown = (progress - ALL_BIDS_SHOWN) / (1 - ALL_BIDS_SHOWN)
    for place, seat in enumerate(order):
        if shown < place / (len(order) + 1):
            break
        _order_row(
            t, surface, view, reveal, seat, place, pygame.Rect(area.left, y, area.width, row)
        )
        y += row


def _draw_all_bids(
    t: TableView,
    surface: pygame.Surface,
    view: KapState,
    area: pygame.Rect,
    title: str = "Bids revealed!",
) -> None:
    """The first moment of the reveal (or a tie-break duel): every bid, in seat order."""
    _title(surface, title, area, theme.HIGHLIGHT)
    y = area.top + 32
    for seat in range(view.num_players):
        bid = view.bids[seat]
        _name_at(t, surface, seat, (area.left, y + 8), 170)
        shown = "" if bid is None or bid == MASKED else f"£{bid}"
        text.draw(surface, shown, (area.right, y + 8), 18, theme.HIGHLIGHT, "bold", "midright")
        y += ROW + 8


def _order_row(
    t: TableView,
    surface: pygame.Surface,
    view: KapState,
    reveal: Reveal | None,
    seat: int,
    place: int,
    rect: pygame.Rect,
) -> None:
    choosing = view.chooser == place
    if choosing:
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect.inflate(8, 0), border_radius=6)
    dueled = reveal is not None and seat in reveal.duels and rect.height >= 28
    middle = rect.top + (8 if dueled else rect.height // 2 - 2)
    size, small = 15, 13
    if dueled:  # two lines share the row: their type grows only as far as they both fit
        size, small = text.within(15, rect.height // 2 + 4, "bold"), text.within(13, 19)
    text.draw(surface, f"{place + 1}.", (rect.left, middle), size, theme.ACCENT, "bold",
              "midleft")
    _name_at(t, surface, seat, (rect.left + 22, middle), 118, choosing, size)
    bid = view.bids[seat]
    shown = "" if bid is None or bid == MASKED else f"£{bid}"
    text.draw(surface, shown, (rect.left + 184, middle), size, theme.TEXT, "bold", "midright")
    note = _order_note(view, reveal, seat, place)
    text.draw(
        surface,
        note,
        (rect.left + 192, middle),
        small,
        theme.GOOD if note.startswith("took") else theme.MUTED,
        anchor="midleft",
        max_width=rect.width - 192,
    )
    if dueled:
        assert reveal is not None
        drawn = ", ".join(f"{NAMES[c]} £{COINS[c]}" for c in reveal.duels[seat])
        text.draw(
            surface,
            f"duel: drew {drawn}",
            (rect.left + 41, middle + 14),
            text.within(12, rect.height - rect.height // 2 - 4),
            theme.HIGHLIGHT,
            anchor="midleft",
            max_width=rect.width - 40,
        )


def _order_note(view: KapState, reveal: Reveal | None, seat: int, place: int) -> str:
    if place < view.chooser and view.columns[seat]:
        return f"took {NAMES[view.columns[seat][-1]]}"
    if place == view.chooser:
        return "chooses now"
    if reveal is not None:
        return reveal.note(seat)
    return ""


# Rails of a build ----------------------------------------------------------------------


def _draw_rails(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, area: pygame.Rect
) -> None:
    seat = view.turn
    column = view.columns[seat]
    mine = t.accepting_input and view.step == Phase.DECIDE
    who = "Your" if t.seats[seat].you else f"{t.name(seat)}'s"
    if not column:
        _title(surface, f"{who} railway", area)
        text.draw(
            surface,
            "No card lies ahead: nothing to build.",
            (area.left, area.top + 30),
            14,
            theme.MUTED,
            max_width=area.width,
        )
        return
    card = column[0]
    need = NEED[card]
    _title(surface, f"{who} rails for the {TERRAIN_NAMES[TERRAIN[card]]} {NAMES[card]}", area)
    free_row, free_line = row_rails(view), column_rails(view, seat)
    held = len(view.bonus[seat])
    if mine:
        bonus, buy = t.bonus_spend, t.buy_rails
    else:
        best = cheapest_build(view) if view.step == Phase.DECIDE else None
        short = max(0, need - free_row - free_line)
        bonus = best.bonus if best else min(held, short)
        buy = best.buy if best else short - bonus
    y = area.top + 30
    lines = [
        (f"Track row ({len(view.row)} card{'s' if len(view.row) != 1 else ''})", free_row, ""),
        (f"Own line ({len(column)} card{'s' if len(column) != 1 else ''})", free_line, ""),
        (f"Bonus cards (of {held})", bonus, "bonus"),
        (f"Bought at £{RULES.rail_price} (£{buy * RULES.rail_price})", buy, "buy"),
    ]
    for label, value, control in lines:
        text.draw(
            surface,
            label,
            (area.left, y + 10),
            14,
            theme.TEXT,
            anchor="midleft",
            max_width=area.width - 130,
        )
        if control and mine:
            usable = control == "buy" or held > 0
            _button(
                t,
                surface,
                hits,
                f"{control}-",
                "−",
                pygame.Rect(area.right - 104, y, 28, 21),
                usable,
            )
            _button(
                t,
                surface,
                hits,
                f"{control}+",
                "+",
                pygame.Rect(area.right - 72, y, 28, 21),
                usable,
            )
        text.draw(surface, str(value), (area.right, y + 10), 16, theme.TEXT, "bold", "midright")
        y += ROW + 2
    total = free_row + free_line + bonus + buy
    pygame.draw.line(surface, theme.PANEL_EDGE, (area.left, y + 1), (area.right, y + 1))
    ok = total >= need
    verdict = f"{total} of {need} rails"
    text.draw(surface, "Total", (area.left, y + 14), 15, theme.TEXT, "bold", "midleft")
    said = text.draw(
        surface,
        verdict,
        (area.right, y + 14),
        16,
        theme.GOOD if ok else theme.BAD,
        "bold",
        "midright",
    )
    if mine:
        left = area.left + text.measure("Total", 15, "bold") + 8
        width = max(86, text.measure("Cheapest", 15) + 12)
        _button(  # clear of the verdict however large the type (its label fits the rest)
            t, surface, hits, "cheapest", "Cheapest", pygame.Rect(
                left, y + 4, min(width, said.left - 6 - left), text.space(21, 15))
        )
    elif view.step == Phase.DECIDE and cheapest_build(view) is None:
        text.draw(
            surface,
            "cannot afford it now",
            (area.left + text.measure("Total", 15, "bold") + 14, y + 14),
            12,
            theme.BAD,
            anchor="midleft",
            max_width=area.width - 180,
        )


# The end -------------------------------------------------------------------------------


def _draw_over(t: TableView, surface: pygame.Surface, view: KapState, area: pygame.Rect) -> None:
    winner = view.winner
    title = (
        f"{t.name(winner)} reached Cairo!"
        if view.end == "won" and winner is not None
        else "Game over"
    )
    _title(surface, title, area, theme.HIGHLIGHT)
    y = area.top + 32
    for seat in sorted(range(view.num_players), key=lambda s: view.ranking()[s]):
        _name_at(t, surface, seat, (area.left, y), 150, seat == winner)
        text.draw(
            surface,
            f"{len(view.crossed[seat])} crossed · £{view.capital[seat]}",
            (area.right, y),
            14,
            theme.TEXT,
            anchor="midright",
            max_width=area.width - 160,
        )
        y += ROW
