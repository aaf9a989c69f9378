"""The side boards: turn track, players' boards, action tiles and the goods display.

Drawn into a cached surface that is redrawn only when something it shows changes; each
action tile, display row and player's row is added to the panel's hit map as it is drawn
(at its place on screen), and clicks and tooltips ask that map what lies under the mouse.
Only the view's facts are drawn: another player's kept CCCP goods are a hidden count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from nile.games.age_of_steam import rules
from nile.games.age_of_steam.intent import RowTarget, TileTarget
from nile.games.age_of_steam.rules import (
    DISPLAY_ROWS,
    AgeOfSteamState,
    final_score,
    track_tiles,
)
from nile.games.age_of_steam.rules.actions import PHASE_ACTIONS
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import palette, pieces
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.theme import PlayerColor

ROW_HEIGHT = 46
FIGURES_TOP = 21
"""Where a player row's second line (cash, income, shares, loco) starts: low enough to
clear the name, high enough that its letters stay inside the row's border."""
GAP = 8
TILE_HEIGHT = 30
SLOT = 12
DISPLAY_ROW = 18


@dataclass(frozen=True)
class SeatTarget:
    """A player's row on the board."""

    seat: int


Target = TileTarget | RowTarget | SeatTarget
Hits = HitMap[Target]


@dataclass
class PanelInfo:
    """What the panel needs besides the state: names, colours, who looks, what is clickable."""

    names: list[str]
    colors: list[PlayerColor]
    viewer: int | None
    pickable_tiles: frozenset[str] = frozenset()
    pickable_rows: frozenset[str] = frozenset()
    hover: TileTarget | RowTarget | None = None

    def key(self) -> tuple[object, ...]:
        return (tuple(self.names), tuple(self.colors), self.viewer, self.pickable_tiles,
                self.pickable_rows, self.hover)


@dataclass
class Panel:
    """Draws the boards into `area` ('side': one column; 'bottom': two columns)."""

    hits: Hits = field(default_factory=HitMap)
    """The tiles, display rows and players as last drawn, on screen."""
    _key: tuple[object, ...] | None = None
    _image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, mode: str,
             view: AgeOfSteamState, info: PanelInfo) -> None:
        key = (area.size, mode, signature(view), info.key())
        if key != self._key or self._image is None:
            self._key = key
            self._image = self._render(area, mode, view, info)
        surface.blit(self._image, area.topleft)

    def _render(self, area: pygame.Rect, mode: str, view: AgeOfSteamState,
                info: PanelInfo) -> pygame.Surface:
        image = pygame.Surface(area.size, pygame.SRCALPHA)
        blocks = layout(pygame.Rect(0, 0, area.width, area.height), mode, view.players)
        self.hits.clear()
        places = Places(self.hits, area.topleft)
        for name, rect in blocks.items():
            pygame.draw.rect(image, theme.PANEL, rect, border_radius=8)
            inner = rect.inflate(-12, -10)
            if name == "turn":
                _turn(image, inner, view)
            elif name == "players":
                _players(image, inner, view, info, places)
            elif name == "actions":
                _actions(image, inner, view, info, places)
            else:
                _display(image, inner, view, info, places)
        return image

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """What lies under `pos`: an action tile, a display row, a player, or None."""
        return self.hits.at(pos)

    def rect_of(self, target: Target) -> pygame.Rect | None:
        """Where a tile, row or player's row was drawn on screen (None: not shown)."""
        return self.hits.rect_of(target)


@dataclass(frozen=True)
class Places:
    """The panel's hit map while its image is drawn: a box on the image is added at its
    place on screen (the image is blitted at `origin`)."""

    hits: Hits
    origin: tuple[int, int]

    def add(self, box: pygame.Rect, target: Target) -> None:
        self.hits.add(box.move(self.origin), target)


def needed_height(mode: str, players: int) -> int:
    """How tall the panel wants to be in `mode` for this many players."""
    turn, seats, actions, display = _heights(players)
    if mode == "side":
        return turn + seats + actions + display + 3 * GAP
    return max(turn + seats + GAP, actions + display + GAP)


def _heights(players: int) -> tuple[int, int, int, int]:
    return 58, players * ROW_HEIGHT + 10, 3 * (TILE_HEIGHT + 4) + 30, 9 * DISPLAY_ROW + 36


def layout(area: pygame.Rect, mode: str, players: int) -> dict[str, pygame.Rect]:
    """Block rectangles inside `area`."""
    turn, seats, actions, display = _heights(players)
    x, y, w = area.left, area.top, area.width
    if mode == "side":
        rects = {}
        for name, height in (("turn", turn), ("players", seats), ("actions", actions),
                             ("display", display)):
            rects[name] = pygame.Rect(x, y, w, height)
            y += height + GAP
        return rects
    half = (w - GAP) // 2
    right = x + half + GAP
    return {
        "turn": pygame.Rect(x, y, half, turn),
        "players": pygame.Rect(x, y + turn + GAP, half, seats),
        "actions": pygame.Rect(right, y, w - half - GAP, actions),
        "display": pygame.Rect(right, y + actions + GAP, w - half - GAP, display),
    }


def signature(view: AgeOfSteamState) -> tuple[object, ...]:
    """Everything the panel shows, to know when to redraw it."""
    return (
        view.round, view.last_round, view.phase, view.current_player, tuple(view.order),
        tuple(view.cash), tuple(view.shares), tuple(view.income), tuple(view.loco),
        tuple(view.alive), tuple(view.actions), tuple(view.bidders), view.high_bid,
        view.high_bidder, tuple(sorted(view.bids.items())), tuple(sorted(view.places.items())),
        tuple(tuple(r) for r in view.display.values()), sum(view.bag.values()),
        view.red_reserve, tuple(tuple(sorted(k.items())) for k in view.kept),
        tuple(view.kept_hidden), tuple(view.production_hand), tuple(view.new_cities.items()),
        view.free_pass_holder, tuple(score_now(view, s) for s in range(view.players)),
    )


# Blocks ----------------------------------------------------------------------------

def _turn(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState) -> None:
    text.draw(surface, f"Turn {view.round} of {view.last_round}", rect.topleft,
              text.within(16, 22, "bold"),
              theme.TEXT, "bold", max_width=rect.width // 2)
    note = ""
    if view.map.nile_edges:
        side = "west" if view.round % 2 == 1 else "east"
        note = f"Nile floods its {side} bank"
        if text.fit(note, 13, rect.width // 2)[0] != note:  # narrow, large type: whole words
            note = f"{side} bank floods"
    if note:
        text.draw(surface, note, (rect.right, rect.top + 2), 13, palette.WATER_LIGHT,
                  anchor="topright", max_width=rect.width // 2)
    count = view.last_round
    step = min(30, (rect.width - 4) // max(1, count))
    y = rect.top + 24
    for turn in range(1, count + 1):
        box = pygame.Rect(rect.left + (turn - 1) * step, y, step - 4, 20)
        current = turn == view.round
        fill = theme.ACCENT if current else (theme.PANEL_LIGHT if turn > view.round
                                             else theme.darken(theme.PANEL_LIGHT, 0.3))
        pygame.draw.rect(surface, fill, box, border_radius=4)
        ink = (20, 20, 20) if current else theme.MUTED
        text.draw(surface, str(turn), box.center, 12, ink, "bold", "center")
        canal = getattr(view.rules, "canal_round", 0)
        if turn == canal:
            pygame.draw.rect(surface, palette.WATER, box, 2, border_radius=4)


def _players(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState,
             info: PanelInfo, places: Places) -> None:
    seats = [s for s in view.order if view.alive[s]]
    seats += [s for s in range(view.players) if s not in seats]
    for i, seat in enumerate(seats):
        row = pygame.Rect(rect.left, rect.top + i * ROW_HEIGHT, rect.width, ROW_HEIGHT - 4)
        _player_row(surface, row, view, info, seat, i + 1)
        places.add(row, SeatTarget(seat))


def _player_row(surface: pygame.Surface, row: pygame.Rect, view: AgeOfSteamState,
                info: PanelInfo, seat: int, place: int) -> None:
    color = info.colors[seat]
    active = view.current_player == seat
    alive = view.alive[seat]
    fill = theme.PANEL_LIGHT if active else theme.darken(theme.PANEL_LIGHT, 0.25)
    pygame.draw.rect(surface, fill, row, border_radius=6)
    if active:
        pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=6)
    swatch = pygame.Rect(row.left + 5, row.top + 3, 20, 20)
    pygame.draw.rect(surface, color.rgb, swatch, border_radius=5)
    theme.draw_symbol(surface, color.symbol, swatch.center, 7, color.ink)
    name = info.names[seat] + (" (you)" if seat == info.viewer else "")
    pill_width = 92
    label = f"{place}. {name}" if alive else name
    room = row.width - pill_width - swatch.width - 22
    if alive and view.rules.hidden_kept_goods:
        # the kept goods take the figures line's end: the score now goes by the name
        drawn = text.draw(surface, f"{score_now(view, seat)} pts",
                          (row.right - pill_width - 10, row.top + 15),
                          text.within(13, FIGURES_TOP), theme.MUTED, anchor="midright")
        room -= drawn.width + 8
    text.draw(surface, label, (swatch.right + 6, row.top + 4), text.within(15, FIGURES_TOP, "bold"),
              theme.TEXT if alive else theme.MUTED, "bold", max_width=room)
    _status_pill(surface, pygame.Rect(row.right - pill_width - 4, row.top + 5, pill_width, 20),
                 view, seat, info)
    if not alive:
        text.draw(surface, "bankrupt: out of the game", (swatch.right + 6, row.top + FIGURES_TOP),
                  13, theme.BAD, max_width=row.width - 40)
        return
    gap = "   " if row.width >= WIDE_ROW else "  "
    figures = gap.join((f"${view.cash[seat]}", f"Income {view.income[seat]}",
                        f"Shares {view.shares[seat]}", f"Loco {view.loco[seat]}"))
    if view.rules.hidden_kept_goods:
        right = max(64, 2 * (14 + text.measure("0", 13, "bold") + 8))  # two cubes, counts
        _kept(surface, pygame.Rect(row.right - right - 4, row.top + FIGURES_TOP, right,
                                   row.height - FIGURES_TOP), view, seat)
    else:
        right = _score_words(surface, row, view, seat)
    text.draw(surface, figures, (swatch.left, row.top + FIGURES_TOP), text.within(14, 20),
              theme.TEXT,
              max_width=row.width - right - 14)


def _score_words(surface: pygame.Surface, row: pygame.Rect, view: AgeOfSteamState,
                 seat: int) -> int:
    """Points if the game ended now, at the right of the figures line (in words on a wide
    row, 'N pts' on a narrow one); returns the width it takes."""
    score = score_now(view, seat)
    if row.width >= WIDE_ROW:
        noun = "point" if abs(score) == 1 else "points"  # "-1 points" read wrong
        label = f"{score} {noun}" + ("" if view.phase == Phase.OVER else
                                     " if the game ended now")
    else:
        label = f"{score} pts"
    drawn = text.draw(surface, label, (row.right - 8, row.top + FIGURES_TOP + 9),
                      text.within(13, 18), theme.MUTED,
                      anchor="midright")
    return drawn.width + 8


WIDE_ROW = 480
"""A player row this wide (the board beside a long map) has room for the score now."""


def score_now(view: AgeOfSteamState, seat: int) -> int:
    """The seat's final score if the game ended now (income, shares, track in links)."""
    return final_score(view.income[seat], view.shares[seat], track_tiles(view, seat))


def _status_pill(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState, seat: int,
                 info: PanelInfo) -> None:
    """The action tile held, or during the auction the bid or the place taken."""
    label, fill, ink = "", theme.PANEL, theme.MUTED
    if view.phase == Phase.AUCTION and view.alive[seat]:
        if str(seat) in view.places:
            label = f"out: place {view.places[str(seat)]}"
        elif seat == view.high_bidder:
            label, fill, ink = f"high bid ${view.high_bid}", theme.darken(theme.ACCENT, 0.3), \
                theme.TEXT
        elif str(seat) in view.bids:
            label = f"bid ${view.bids[str(seat)]}"
        else:
            label = "no bid yet"
    elif view.tile_held(seat):
        label = palette.ACTION_SHORT.get(view.tile_held(seat), view.tile_held(seat))
        fill, ink = theme.darken(info.colors[seat].rgb, 0.45), theme.TEXT
    if not label:
        return
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    text.draw(surface, label, rect.center, 12, ink, "bold", "center", max_width=rect.width - 8)


def _kept(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState, seat: int) -> None:
    """CCCP's kept goods: counts for the viewer's own (or everyone's in a replay), else
    how many are kept hidden (the log says the same, AS-4)."""
    hidden = view.kept_hidden[seat]
    size = text.within(13, rect.height, "bold")  # the row's figures line, whatever the size
    if hidden:
        text.draw(surface, f"{hidden} hidden", (rect.right, rect.top + 8), size, theme.MUTED,
                  anchor="midright", max_width=rect.width)
        return
    x = rect.left
    for colour in ("red", "black"):
        surface.blit(pieces.cube_image(colour, 11), (x, rect.top + 2))
        count = text.draw(surface, str(view.kept[seat][colour]), (x + 14, rect.top), size,
                          theme.TEXT, "bold")
        x = max(x + 32, count.right + 8)


def _actions(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState,
             info: PanelInfo, places: Places) -> None:
    text.draw(surface, "Action tiles", rect.topleft, text.within(14, 20, "bold"), theme.MUTED,
              "bold")
    names = [*PHASE_ACTIONS, view.rules.special_action]
    holders = {view.tile_held(s): s for s in range(view.players) if view.tile_held(s)}
    cols = 3 if rect.width < 400 else 4
    width = (rect.width - (cols - 1) * 4) // cols
    for i, name in enumerate(names):
        box = pygame.Rect(rect.left + (i % cols) * (width + 4),
                          rect.top + 20 + (i // cols) * (TILE_HEIGHT + 4), width, TILE_HEIGHT)
        _tile(surface, box, name, holders.get(name), info)
        places.add(box, TileTarget(name))


def _tile(surface: pygame.Surface, box: pygame.Rect, name: str, holder: int | None,
          info: PanelInfo) -> None:
    pickable = name in info.pickable_tiles
    hover = info.hover == TileTarget(name)
    fill = (236, 226, 200) if holder is None else theme.darken(info.colors[holder].rgb, 0.35)
    if pickable and hover:
        fill = theme.lighten(theme.ACCENT, 0.35)
    pygame.draw.rect(surface, fill, box, border_radius=5)
    if pickable:
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=5)
    ink = (30, 28, 24) if holder is None else theme.TEXT
    if holder is not None:
        color = info.colors[holder]
        theme.draw_symbol(surface, color.symbol, (box.left + 8, box.top + 8), 4, color.rgb,
                          theme.TEXT)
    label = palette.ACTION_SHORT.get(name, name)
    text.draw(surface, label, (box.centerx + (3 if holder is not None else 0), box.centery), 13,
              ink, "bold", "center", max_width=box.width - (14 if holder is not None else 6))


def _display(surface: pygame.Surface, rect: pygame.Rect, view: AgeOfSteamState,
             info: PanelInfo, places: Places) -> None:
    bag = sum(view.bag.values())
    title = f"Goods display · bag {bag}"
    if view.rules.hidden_kept_goods:
        title += f" · red reserve {view.red_reserve}"
    text.draw(surface, title, rect.topleft, text.within(14, 20, "bold"), theme.MUTED, "bold",
              max_width=rect.width)
    if view.production_hand:
        text.draw(surface, "to place:", (rect.right - 30, rect.top), 13, theme.ACCENT,
                  anchor="topright")
        surface.blit(pieces.cube_image(view.production_hand[0], 13), (rect.right - 24, rect.top))
    top = rect.top + 22
    half = (rect.width - 8) // 2
    sizes = view.display_sizes()
    removed = set(view.rules.removed_new_cities)
    for row in DISPLAY_ROWS:
        if len(row) == 1:
            index = "ABCDEFGH".index(row)
            box = pygame.Rect(rect.left + (index % 4) * (rect.width // 4),
                              top + 6 * DISPLAY_ROW + 4 + (index // 4) * (DISPLAY_ROW + 2),
                              rect.width // 4 - 4, DISPLAY_ROW)
        else:
            number = int(row.split()[1])
            left = rect.left if row.startswith("light") else rect.left + half + 8
            box = pygame.Rect(left, top + (number - 1) * DISPLAY_ROW, half, DISPLAY_ROW - 1)
        _display_row(surface, box, row, view.display[row], sizes[row], info,
                     dead=row in removed)
        places.add(box, RowTarget(row))


def _display_row(surface: pygame.Surface, box: pygame.Rect, row: str, goods: list[str],
                 size: int, info: PanelInfo, dead: bool) -> None:
    pickable = row in info.pickable_rows
    if pickable:
        hover = info.hover == RowTarget(row)
        fill = theme.lighten(theme.ACCENT, 0.2) if hover else theme.darken(theme.ACCENT, 0.45)
        pygame.draw.rect(surface, fill, box, border_radius=4)
    badge = (box.left + 9, box.centery)
    if len(row) == 1:
        colour = rules.game_config().new_cities[row][0]
        square = pygame.Rect(0, 0, 15, 15)
        square.center = badge
        pygame.draw.rect(surface, palette.GOODS[colour], square, border_radius=3)
        text.draw(surface, row, badge, 11, (250, 250, 250), "bold", "center")
        if dead:
            pygame.draw.line(surface, theme.BAD, square.topleft, square.bottomright, 2)
            pygame.draw.line(surface, theme.BAD, square.bottomleft, square.topright, 2)
            text.draw(surface, "not used", (box.left + 20, box.centery), 12, theme.MUTED,
                      anchor="midleft", max_width=box.width - 22)
            return
    else:
        dark = palette.is_dark(row)
        pygame.draw.circle(surface, (28, 28, 30) if dark else (246, 244, 236), badge, 7)
        text.draw(surface, palette.row_label(row), badge, 11,
                  (246, 244, 236) if dark else (28, 28, 30), "bold", "center")
    x = box.left + 20
    for i in range(size):
        slot = pygame.Rect(x + i * (SLOT + 3), box.centery - SLOT // 2, SLOT, SLOT)
        if i < len(goods):
            surface.blit(pieces.cube_image(goods[i], SLOT), slot.topleft)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=2)
