"""Drawing the Vom Kap bis Kairo table: piles, land for sale or the track row, the lanes.

`areas` lays the table out; `Geometry` answers where things are (for drawing, clicks and
flights); `draw_table` draws a view. The side panel (bids, choosing order, rails) is in
`panel.py`. Everything is drawn from the view the scene passes in: nothing here reads the
true state, so another player's secret bid can never reach the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from nile.games.kap_kairo.intent import CardTarget, Control, SeatTarget, Target, TileTarget
from nile.games.kap_kairo.rules import (
    COINS,
    NEED,
    RAILS,
    RIVER,
    RULES,
    TERRAIN,
    TERRAIN_NAMES,
    TERRAIN_NEEDS,
    KapState,
    Phase,
    describe_card,
    row_rails,
)
from nile.games.kap_kairo.view import panel, pieces
from nile.games.kap_kairo.view.table import Hits, TableView
from nile.ui import text, theme
from nile.ui.kit import button, tooltip
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages, highlight
from nile.ui.table.hand import Hand, HandLook
from nile.ui.table.pile import Pile
from nile.ui.table.token import draw_chip

STRIP = 178
PILES_WIDTH = 120
PANEL_WIDTH = 318
LEGEND = 26
BOX = 62
GUTTER = 30
CAPE = 30
"""Room between the lane's cards and the player's box: the Cape, where trains start."""
CARD_GAP = 8
TRACK_STEPS = (Phase.DRAW, Phase.DECIDE, Phase.BONUS)
"""The steps of track laying (the middle shows the track row, not the land for sale)."""


def areas(board: pygame.Rect, players: int) -> dict[str, pygame.Rect]:
    """The table's regions inside `board` (the table minus the action bar)."""
    top = board.top + 8
    piles = pygame.Rect(board.left + 8, top, PILES_WIDTH, STRIP)
    side = pygame.Rect(board.right - 8 - PANEL_WIDTH, top, PANEL_WIDTH, STRIP)
    market = pygame.Rect(piles.right + 8, top, side.left - piles.right - 16, STRIP)
    legend = pygame.Rect(board.left + 8, top + STRIP + 6, board.width - 16, LEGEND)
    lanes = pygame.Rect(
        board.left + 8, legend.bottom + 6, board.width - 16, board.bottom - legend.bottom - 12
    )
    return {"piles": piles, "panel": side, "market": market, "legend": legend, "lanes": lanes}


def lane_rect(lanes: pygame.Rect, players: int, seat: int) -> pygame.Rect:
    """A seat's lane: its column of cards from the Cape (its box at the bottom) to Cairo."""
    width = min(300, (lanes.width - 10 * (players - 1)) // players)
    left = lanes.centerx - (width * players + 10 * (players - 1)) // 2
    return pygame.Rect(left + seat * (width + 10), lanes.top, width, lanes.height)


def lane_regions(lanes: pygame.Rect, players: int) -> dict[str, pygame.Rect]:
    """Each seat's lane by the seat's number ("lane 1" is the first seat's), for a
    lesson's step to name (`Step.clear`)."""
    return {f"lane {seat + 1}": lane_rect(lanes, players, seat) for seat in range(players)}


def market_cards(view: KapState) -> list[int]:
    """What lies in the middle: the row in track laying, else the land for sale."""
    if view.step in TRACK_STEPS or (view.step == Phase.OVER and view.row):
        return view.row
    return view.display


MARKET_LOOK = HandLook(layout="row", gap=CARD_GAP, hover_ring=False, ring=(7, 8, 9))
"""A centred row, apart when the cards fit; a card to choose is ringed with its shadow."""


def market_hand(images: CardImages, area: pygame.Rect, cards: Sequence[int | None]) -> Hand:
    """The cards in the middle (land for sale or the track row) as the table kit's Hand."""
    return Hand(images, (area.centerx, area.top + 92), max_width=area.width - 24,
                look=MARKET_LOOK, keys=list(cards))


class Geometry:
    """Where things are on the table for the scene's current view and layout."""

    def __init__(self, view: KapState, areas: dict[str, pygame.Rect], cards: CardImages) -> None:
        self.view = view
        self.players = view.num_players
        self.areas = areas
        self.cards = cards

    # Piles and the middle ------------------------------------------------------------

    def pile(self, which: str) -> tuple[float, float]:
        area = self.areas["piles"]
        x = area.left + 28 if which == "draw" else area.left + 88
        return (x, area.top + 74)

    def market_card(self, index: int, count: int | None = None) -> tuple[float, float]:
        """Where the `index`-th of `count` cards in the middle lies (the market's Hand)."""
        count = len(market_cards(self.view)) if count is None else count
        hand = market_hand(self.cards, self.areas["market"], [None] * max(1, count, index + 1))
        x, y, _ = hand.slots()[index]
        return (x, y)

    # Lanes ---------------------------------------------------------------------------

    def lane(self, seat: int) -> pygame.Rect:
        return lane_rect(self.areas["lanes"], self.players, seat)

    def lane_box(self, seat: int) -> pygame.Rect:
        lane = self.lane(seat)
        return pygame.Rect(lane.left, lane.bottom - BOX, lane.width, BOX)

    def slot_area(self, seat: int) -> pygame.Rect:
        lane = self.lane(seat)
        top = lane.top + 22
        return pygame.Rect(lane.left, top, lane.width, self.lane_box(seat).top - CAPE - top)

    def slot_height(self, seat: int) -> float:
        line = len(self.view.crossed[seat]) + len(self.view.columns[seat])
        count = max(RULES.win_crossings, line)
        return min(50.0, self.slot_area(seat).height / count)

    def lane_slot(self, seat: int, index: int) -> pygame.Rect:
        """The tile of the `index`-th card of the seat's line (0 = first, at the Cape)."""
        area = self.slot_area(seat)
        height = self.slot_height(seat)
        top = area.bottom - (index + 1) * height
        return pygame.Rect(
            area.left + GUTTER, round(top) + 2, area.width - GUTTER, max(12, round(height) - 4)
        )

    def lane_slot_center(self, seat: int, index: int) -> tuple[float, float]:
        return self.lane_slot(seat, index).center

    def loco_center(self, seat: int, crossed: int) -> tuple[float, float]:
        """The locomotive stands on the last crossed card (at the Cape before any)."""
        x = self.lane(seat).left + GUTTER / 2
        if crossed <= 0:
            return (x, self.lane_box(seat).top - CAPE / 2)
        return (x, self.lane_slot(seat, crossed - 1).centery)

    def cairo_y(self, seat: int) -> float:
        area = self.slot_area(seat)
        return area.bottom - RULES.win_crossings * self.slot_height(seat)


# Drawing -------------------------------------------------------------------------------


class Painter:
    """The table's painting component: a cached layer and the hit map that comes with it.

    The layer (everything that changes only with the view or a control) is redrawn when
    its key changes; locomotives, flights, rising figures, hover marks and the hint blink
    are drawn on top every frame. `hits` says what lies where on the layer last drawn.
    """

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        self.hits: Hits = HitMap()

    def forget(self) -> None:
        """Redraw the layer next frame."""
        self.key = None

    def draw(self, surface: pygame.Surface, t: TableView, version: int) -> None:
        key = t.layer_key(version)
        if self.layer is None or self.key != key:
            if self.layer is None:
                self.layer = pygame.Surface((theme.WIDTH, theme.HEIGHT), 0, surface)
            self.hits.clear()
            _draw_layer(t, self.layer, self.hits)
            self.key = key
        surface.blit(self.layer, t.table_rect.topleft, t.table_rect)
        _draw_live(t, surface, self.hits)


def _draw_layer(t: TableView, surface: pygame.Surface, hits: Hits) -> None:
    view = t.view
    geo = Geometry(view, t.areas, t.images.cards)
    surface.fill(theme.TABLE, t.table_rect)
    _draw_piles(t, surface, view, geo)
    _draw_market(t, surface, hits, view, geo)
    panel.draw_panel(t, surface, hits, view, geo.areas["panel"])
    _draw_legend(surface, hits, geo.areas["legend"])
    for seat in range(view.num_players):
        _draw_lane(t, surface, hits, view, geo, seat)


def _draw_live(t: TableView, surface: pygame.Surface, hits: Hits) -> None:
    view = t.view
    geo = Geometry(view, t.areas, t.images.cards)
    moving = dict(t.loco_moves)
    for seat in range(view.num_players):
        tween = moving.get(seat)
        if tween is not None:
            center = tween.value() if not tween.waiting else tween.start
        else:
            center = geo.loco_center(seat, len(view.crossed[seat]))
        size = min(40, geo.slot_height(seat))
        pieces.draw_locomotive(surface, center, size, t.color(seat))
    hover = hits.at(t.mouse)
    rect = hits.rect_of(hover) if isinstance(hover, CardTarget | Control) else None
    if rect is not None:  # what a click would press lights up (player boxes do not)
        radius = 9 if isinstance(hover, CardTarget) else 6
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 3, border_radius=radius)
    hint = t.hint_card
    if hint is not None and int(hint[1] * 4) % 2 == 0:
        cards = market_cards(view)
        if hint[0] in cards:
            center = geo.market_card(cards.index(hint[0]))
            rect = pygame.Rect((0, 0), pieces.CARD_STYLE.size)
            rect.center = (round(center[0]), round(center[1]))
            highlight(surface, rect, theme.GOOD, 4, 9)
    for floater in t.floaters:
        if not floater.tween.waiting:
            color = theme.GOOD if floater.good else theme.BAD
            text.draw(surface, floater.label, floater.tween.value(), 20, color, "bold", "center")
    _draw_flights(t, surface)
    if t.tooltip_ready:
        tooltip.draw(surface, tip_lines(hover), t.mouse, t.table_rect)


def tip_lines(hover: Target | None) -> list[str]:
    """Words for the card or box under the mouse (empty: no tooltip)."""
    if isinstance(hover, SeatTarget):
        return ["Click (or press C) for everyone's capital ledger"]
    if not isinstance(hover, CardTarget | TileTarget):
        return []
    card = hover.card
    lines = [describe_card(card)]
    if isinstance(hover, TileTarget) and hover.crossed:
        lines.append("Crossed: the locomotive has passed it")
    else:
        lines.append(f"Crossing it needs {NEED[card]} rails; it pays £{COINS[card]}")
        lines.append(f"Its printed rails ({RAILS[card]}) count in every build of its owner "
                     "until it is crossed.")
    return lines


def _draw_piles(t: TableView, surface: pygame.Surface, view: KapState, geo: Geometry) -> None:
    area = geo.areas["piles"]
    pygame.draw.rect(surface, theme.TABLE_DARK, area, border_radius=10)
    text.draw(surface, "Cards", (area.centerx, area.top + 6), 14, theme.MUTED, "bold", "midtop")
    # the badges sit on the cards' sides: on a corner one hid the top discard's rails
    Pile(t.images.small, geo.pile("draw"), "Pile", badge_on_side=True).draw(
        surface, view.pile_size())
    top = view.discards[-1] if view.discards else None
    Pile(t.images.small, geo.pile("discard"), "Discards", badge_on_side=True).draw(
        surface, len(view.discards), top)
    text.draw(
        surface,
        f"Land purchase {max(1, view.auction)}",
        (area.centerx, area.bottom - 8),
        12,
        theme.MUTED,
        anchor="midbottom",
        max_width=area.width - 8,
    )


def _draw_market(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, geo: Geometry
) -> None:
    area = geo.areas["market"]
    pygame.draw.rect(surface, theme.TABLE_DARK, area, border_radius=10)
    cards = market_cards(view)
    track = cards is view.row
    if track:
        rails = row_rails(view)
        title = (
            f"Track row: {len(cards)} card{'s' if len(cards) != 1 else ''}, "
            f"{rails} rail{'s' if rails != 1 else ''} for the player to move"
        )
        note = "Turned up card by card; discarded after a build."
    else:
        title = "Land for sale"
        note = "Highest bid chooses first; the card joins the end of its line."
        if view.step == Phase.CHOOSE:
            title = "Land for sale: take one card each, in choosing order"
    text.draw(
        surface,
        title,
        (area.left + 12, area.top + 8),
        15,
        theme.TEXT,
        "bold",
        max_width=area.width - 24,
    )
    choosing = view.step == Phase.CHOOSE and t.accepting_input
    hand = market_hand(t.images.cards, area, cards)
    hand.hidden = {i for i, card in enumerate(cards) if ("market", card) in t.hidden}
    if choosing:
        hand.lit = set(range(len(cards)))
    for index, rect in hand.draw(surface):
        if choosing:
            hits.add(rect, CardTarget(cards[index]))
            text.draw(
                surface,
                str(index + 1),
                (rect.centerx, rect.bottom + 8),  # under the card's shadow
                12,
                theme.HIGHLIGHT,
                "bold",
                "midtop",
            )
    if not cards:
        empty = "No card turned up yet." if track else "No land for sale right now."
        text.draw(
            surface,
            empty,
            (area.centerx, area.top + 86),
            15,
            theme.MUTED,
            anchor="center",
            max_width=area.width - 24,
        )
    if not choosing:
        text.draw(
            surface,
            note,
            (area.centerx, area.bottom - 8),
            13,
            theme.MUTED,
            anchor="midbottom",
            max_width=area.width - 24,
        )


def _draw_legend(surface: pygame.Surface, hits: Hits, area: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.TABLE_DARK, area, border_radius=8)
    label = text.draw(
        surface, "Rails needed:", (area.left + 10, area.centery), 14, theme.MUTED, "bold", "midleft"
    )
    ledger = pygame.Rect(area.right - 112, area.top + 2, 108, area.height - 4)
    x = float(label.right + 12)
    step = (ledger.left - 8 - x) / len(TERRAIN_NAMES)
    for terrain, name in enumerate(TERRAIN_NAMES):
        swatch = pygame.Rect(round(x), area.top + 5, 16, area.height - 10)
        pygame.draw.rect(surface, pieces.TERRAIN_COLORS[terrain], swatch, border_radius=3)
        text.draw(surface, name[0], swatch.center, 11, pieces.INK, "bold", "center")
        text.draw(
            surface,
            f"{name} {TERRAIN_NEEDS[terrain]}",
            (swatch.right + 5, area.centery),
            14,
            theme.TEXT,
            anchor="midleft",
            max_width=round(step) - 26,
        )
        x += step
    button.draw(surface, ledger, "Ledger (C)")
    hits.add(ledger, Control("ledger"))


def _draw_lane(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, geo: Geometry, seat: int
) -> None:
    lane = geo.lane(seat)
    pygame.draw.rect(surface, theme.TABLE_DARK, lane, border_radius=10)
    cairo = geo.cairo_y(seat)
    pygame.draw.line(surface, theme.ACCENT, (lane.left + 6, cairo), (lane.right - 6, cairo), 2)
    text.draw(
        surface,
        f"Cairo: crossing {RULES.win_crossings} cards wins",
        (lane.centerx, cairo - 3),
        12,
        theme.ACCENT,
        "bold",
        "midbottom",
        max_width=lane.width - 12,
    )
    column = view.columns[seat]
    river = bool(column) and TERRAIN[column[0]] == RIVER
    note = (
        "River next: +1 bonus card when another builds" if river else "Cape: the trains start here"
    )
    text.draw(
        surface,
        note,
        (lane.left + GUTTER + 4, geo.lane_box(seat).top - CAPE / 2),
        12,
        pieces.TERRAIN_COLORS[RIVER] if river else theme.MUTED,
        anchor="midleft",
        max_width=lane.width - GUTTER - 10,
    )
    _draw_track(t, surface, view, geo, seat)
    crossed = view.crossed[seat]
    line = crossed + view.columns[seat]
    for index, card in enumerate(line):
        if ("lane", card) in t.hidden:
            continue
        rect = geo.lane_slot(seat, index)
        done = index < len(crossed)
        surface.blit(pieces.lane_tile(card, rect.width, rect.height, done), rect.topleft)
        hits.add(rect, TileTarget(card, done))
        if index == len(crossed):
            building = view.step in (Phase.DECIDE, Phase.DRAW) and view.turn == seat
            edge = theme.HIGHLIGHT if building else theme.ACCENT
            pygame.draw.rect(
                surface, edge, rect.inflate(2, 2), 2 if not building else 3, border_radius=6
            )
    _draw_box(t, surface, hits, view, geo, seat)


def _draw_track(
    t: TableView, surface: pygame.Surface, view: KapState, geo: Geometry, seat: int
) -> None:
    """The railway laid so far: from the Cape up the gutter to the last crossed card."""
    crossed = len(view.crossed[seat])
    x = geo.lane(seat).left + GUTTER / 2
    bottom = geo.lane_box(seat).top
    top = geo.loco_center(seat, crossed)[1]
    if crossed == 0:
        return
    rgb = t.color(seat).rgb
    y = bottom
    while y > top:
        pygame.draw.line(surface, pieces.SLEEPER, (x - 8, y), (x + 8, y), 3)
        y -= 9
    for dx in (-4, 4):
        pygame.draw.line(surface, rgb, (x + dx, bottom), (x + dx, top), 2)


def _draw_box(
    t: TableView, surface: pygame.Surface, hits: Hits, view: KapState, geo: Geometry, seat: int
) -> None:
    """The player's place at the Cape: name, capital, cards crossed, bonus cards."""
    box = geo.lane_box(seat)
    active = view.current_player == seat
    hits.add(box, SeatTarget(seat))
    pygame.draw.rect(surface, theme.PANEL_LIGHT if active else theme.PANEL, box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT if active else theme.PANEL_EDGE, box, 2, border_radius=8)
    you = " (you)" if t.seats[seat].you else ""
    draw_chip(
        surface,
        pygame.Rect(box.left + 4, box.top + 4, box.width - 8, 28),
        t.seats[seat].color_index,
        t.name(seat) + you,
        active,
    )
    crossed = len(view.crossed[seat])
    money = text.draw(
        surface,
        f"£{view.capital[seat]}",
        (box.left + 10, box.bottom - 15),
        16,
        theme.ACCENT,
        "bold",
        "midleft",
    )
    held = len(view.bonus[seat]) - (("bonus", seat) in t.hidden)  # one may be on its way
    right = box.right - 8
    for i in range(min(held, RULES.bonus_cap)):
        chip = pygame.Rect(right - 10 - i * 12, box.bottom - 24, 10, 17)
        pygame.draw.rect(surface, pieces.BACK, chip, border_radius=2)
        pygame.draw.rect(surface, (230, 220, 200), chip, 1, border_radius=2)
    bonus_left = right - 12 * held - 4 if held else right
    words = f"{crossed}/{RULES.win_crossings} crossed · bonus {held}"
    text.draw(
        surface,
        words,
        (money.right + 10, box.bottom - 15),
        13,
        theme.TEXT,
        anchor="midleft",
        max_width=max(20, bonus_left - money.right - 16),
    )


def _draw_flights(t: TableView, surface: pygame.Surface) -> None:
    for ghost in t.ghosts:
        if ghost.tween.waiting:
            continue
        position = ghost.tween.value()
        if ghost.card == -2:
            t.images.bonus.draw(surface, "bonus", position)
        else:
            t.images.small.draw(surface, ghost.card, position)
