"""The panels around the map: players, market, turn line, gods, displays, hand, scoring.

Each panel has a `draw_*` function that paints it and adds what can be clicked on it to
the scene's hit map as it goes (`*_slots` lay the gods and display cards out); the
viewer's hand is the table kit's `Hand`, laid in labelled groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from nile.games.cleopatra.rules import SCORE_CATEGORIES as CATEGORIES
from nile.games.cleopatra.rules import TRAIN, CleopatraState, game_data
from nile.games.cleopatra.rules.phases import UNKNOWN, Phase
from nile.games.cleopatra.view import pieces
from nile.games.cleopatra.view.choices import Target
from nile.games.cleopatra.view.layout import (
    CARD,
    DISPLAY_PAD,
    DISPLAY_TITLE,
    display_card,
    row_slots,
)
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages, CardStyle
from nile.ui.table.hand import Hand, HandLook
from nile.ui.table.pile import Pile
from nile.ui.table.token import draw_chip

D = game_data()
Slot = tuple[pygame.Rect, Target]
Hits = HitMap[Target]
GOD_SHORT = (
    "acts first",
    "2 cards",
    "track −2 Fl",
    "+1 draw",
    "+2 Fl a ship",
    "pyramid −4 Fl",
    "+5 Florin",
)
"""A god's power in a word or two (the tooltip and the rules say it in full)."""
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "",
          right: int | None = None) -> None:
    """A panel with its title at the top left, fitted up to `right` (the panel's own right
    edge unless something stands in the title's row)."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
    if title:
        text.draw(
            surface,
            title,
            (rect.left + 10, rect.top + 5),
            text.within(13, 18, "bold"),  # the panel's contents start under it
            theme.MUTED,
            "bold",
            max_width=(rect.right if right is None else right) - 10 - (rect.left + 10),
        )


def outline(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, width: int = 3) -> None:
    pygame.draw.rect(surface, color, rect.inflate(4, 4), width, border_radius=9)


# Players --------------------------------------------------------------------------------


def player_boxes(view: CleopatraState, rect: pygame.Rect) -> list[pygame.Rect]:
    n = view.players
    width = (rect.width + 6) / n
    return [
        pygame.Rect(round(rect.left + i * width), rect.top, round(width) - 6, rect.height)
        for i in range(n)
    ]


def change_rect(box: pygame.Rect) -> pygame.Rect:
    """Where a player's panel shows a moment's change ("+3 VP"): its status line."""
    return pygame.Rect(box.left + 4, box.top + 50, box.width - 8, 17)


def draw_players(
    surface: pygame.Surface,
    view: CleopatraState,
    rect: pygame.Rect,
    names: list[str],
    colors: list[int],
    viewer: int | None,
) -> None:
    current = view.current_player
    acting = view.acting_seat if view.phase == Phase.ACTIONS else -1
    for seat, box in enumerate(player_boxes(view, rect)):
        active = seat == current or (current is not None and current < 0 and seat == acting)
        pygame.draw.rect(
            surface, theme.PANEL_LIGHT if active else theme.PANEL, box, border_radius=10
        )
        if active:
            pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
        god = view.gods[seat] if view.gods else -1
        tag = f"{D.gods[god].number} {D.gods[god].name}" if god >= 0 else ""
        tag_size = text.within(12, 20, "bold")  # the god's 20 px chip: the name needs the room
        tag_w = text.render(tag, tag_size, theme.TEXT, "bold").get_width() + 12 if tag else 0
        label = names[seat] + (" (you)" if seat == viewer else "")
        draw_chip(
            surface,
            pygame.Rect(box.left + 5, box.top + 5, box.width - 10 - tag_w - (4 if tag else 0), 26),
            colors[seat],
            label,
            active,
        )
        if tag:
            chip = pygame.Rect(box.right - 5 - tag_w, box.top + 8, tag_w, 20)
            pygame.draw.rect(surface, (96, 78, 40), chip, border_radius=6)
            text.draw(
                surface,
                tag,
                chip.center,
                tag_size,
                theme.TEXT,
                "bold",
                "center",
                max_width=chip.width - 4,
            )
        line = f"{view.money[seat]} Florin · {view.vp[seat]} VP · {view.trains_left[seat]} trains"
        text.draw(surface, line, (box.left + 9, box.top + 35), text.within(13, 18), theme.TEXT,
                  max_width=box.width - 16)
        status, size = _status_line(view, seat), text.within(12, 17)
        if text.fit(status, size, box.width - 16)[0] != status:  # narrow, large type:
            status = _status_line(view, seat, short=True)  # "1 City, 2 Auction", not "Aucti…"
        text.draw(surface, status, (box.left + 9, box.top + 52), size, theme.MUTED,
                  max_width=box.width - 16)
        _face_up(
            surface, view, seat, pygame.Rect(box.left + 8, box.bottom - 18, box.width - 16, 13)
        )


def _status_line(view: CleopatraState, seat: int, short: bool = False) -> str:
    """What the seat does now and its hand; `short` leaves out the word "hand"."""
    hand = f"{len(view.city_hand[seat])} City, {len(view.auction_hand[seat])} Auction"
    if not short:
        hand = f"hand {hand}"
    if view.phase == Phase.AUCTION and view.bids:
        if view.active[seat]:
            bid = view.bids[seat]
            return f"bids {bid}" if bid else "no bid yet"
        position = view.order.index(seat) if seat in view.order else -1
        return f"passed: turn order {ORDINAL[position]}" if position >= 0 else hand
    if view.phase == Phase.GODS and seat in view.order:
        return f"turn order {ORDINAL[view.order.index(seat)]} · {hand}"
    if view.phase == Phase.ACTIONS and seat in view.action_order:
        return f"acts {ORDINAL[view.action_order.index(seat)]} · {hand}"
    return hand


def _face_up(surface: pygame.Surface, view: CleopatraState, seat: int, rect: pygame.Rect) -> None:
    """Face-up Fruit cards as the fruits they show, each with a count (the cubes' colours
    and initials, as on the map), then buildings by name with counts ('Bathhouse,
    Library ×2'), readable without hovering; names shorten only if they must."""
    x = rect.left
    fruits: dict[int, int] = {}
    for kind in view.fruit_cards[seat]:
        for fruit in D.auction[kind].fruits:
            fruits[fruit] = fruits.get(fruit, 0) + 1
    for fruit, count in sorted(fruits.items()):
        pieces.cube(surface, fruit, (x + 6, rect.centery), 12)
        x += 13
        if count > 1:
            x = text.draw(surface, str(count), (x, rect.centery), 11, theme.TEXT, "bold",
                          anchor="midleft").right + 3
    if fruits:
        x += 5
    words, size = building_words(view.buildings[seat], rect.right - x)
    if words:
        text.draw(surface, words, (x, rect.centery), size, theme.TEXT, "bold", anchor="midleft")
    elif not fruits:
        empty = "no face-up cards, no buildings"
        if text.fit(empty, 11, rect.width)[0] != empty:  # narrow, large type: whole words
            empty = "no cards, no buildings"
        text.draw(
            surface,
            empty,
            (rect.left, rect.centery),
            11,
            theme.MUTED,
            anchor="midleft",
            max_width=rect.width,
        )


SHORTER = {"City Hall": "Hall", "Bathhouse": "Bath", "Library": "Library",
           "Bazaar": "Bazaar", "Temple": "Temple"}
"""Building names a little shorter, for a narrow panel (still words, not codes)."""


def building_words(kinds: list[int], width: int) -> tuple[str, int]:
    """A player's buildings as words with counts and the size to draw them: the longest
    form that fits `width` ('Bathhouse, Library ×2', else 'Bath, Library ×2', each at
    12 then 11 points), else the two-letter codes."""
    counts: dict[str, int] = {}
    for kind in kinds:
        name = D.building_types[D.auction[kind].building_type]
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return "", 12
    forms = (
        ", ".join(f"{n} ×{c}" if c > 1 else n for n, c in counts.items()),
        ", ".join(f"{SHORTER.get(n, n)} ×{c}" if c > 1 else SHORTER.get(n, n)
                  for n, c in counts.items()),
    )
    for form in forms:
        for size in (12, 11):
            if text.render(form, size, theme.TEXT, "bold").get_width() <= width:
                return form, size
    return " ".join(f"{pieces.TYPE_SHORT.get(n, n[:2])}×{c}" if c > 1
                    else pieces.TYPE_SHORT.get(n, n[:2]) for n, c in counts.items()), 11


# Market and turn line -------------------------------------------------------------------


def draw_market(surface: pygame.Surface, view: CleopatraState, rect: pygame.Rect) -> None:
    panel(surface, rect, "Market")
    cell = min(26, (rect.width - 150) // 7)
    left = rect.left + 92
    row_h = min(17, (rect.height - 26) // 5)
    for i, value in enumerate(range(D.market_min, D.market_max + 1)):
        label = f"{value:+d}" if value else "0"
        text.draw(
            surface,
            label,
            (left + i * cell + cell // 2, rect.top + 13),
            11,
            theme.MUTED,
            anchor="center",
        )
    text.draw(
        surface, "supply", (rect.right - 8, rect.top + 13), 11, theme.MUTED, anchor="midright"
    )
    for fruit in range(5):
        y = rect.top + 24 + fruit * row_h + row_h // 2
        pieces.cube(surface, fruit, (rect.left + 17, y), 14)
        text.draw(
            surface,
            D.fruits[fruit],
            (rect.left + 28, y),
            text.within(12, row_h + 1),  # one market row each
            theme.TEXT,
            anchor="midleft",
            max_width=left - rect.left - 32,
        )
        for i in range(7):
            box = pygame.Rect(left + i * cell + 1, y - row_h // 2 + 1, cell - 2, row_h - 2)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=3)
        position = view.market[fruit] - D.market_min
        pieces.cube(surface, fruit, (left + position * cell + cell // 2, y), row_h - 3, False)
        text.draw(
            surface,
            str(view.supply[fruit]),
            (rect.right - 10, y),
            text.within(12, row_h + 1),
            theme.TEXT,
            anchor="midright",
        )


def draw_turnline(surface: pygame.Surface, view: CleopatraState, rect: pygame.Rect) -> None:
    panel(surface, rect, "Turn line")
    spaces = D.turn_line
    step = min(34, (rect.width - 20) // len(spaces))
    y = rect.top + 36
    for i, space in enumerate(spaces):
        center = (rect.left + 10 + step * i + step // 2, y)
        end = space == view.players
        fill = (150, 70, 50) if end else theme.PANEL_LIGHT
        pygame.draw.circle(surface, fill, center, step // 2 - 3)
        text.draw(surface, str(space), center, 13, theme.TEXT, "bold", "center")
        if i == view.turn:
            pygame.draw.circle(surface, theme.ACCENT, center, step // 2 - 1, 3)
        if end:
            text.draw(surface, "last", (center[0], y + 14), text.within(11, 12),
                      theme.MUTED, anchor="midtop")  # between the spaces and the lines
    lines = (
        f"City deck {view.city_deck_size()} · Auction deck {view.auction_deck_size()}",
        "Pyramids left: " + (" ".join(f"+{b}" for b in sorted(view.pyramids_left)) or "none"),
        f"Bonus markers left: +1 ×{view.bonus_markers[0]}, +2 ×{view.bonus_markers[1]}",
    )
    for i, line in enumerate(lines):
        text.draw(
            surface,
            line,
            (rect.left + 10, rect.top + 62 + i * 15),
            text.within(12, 15),
            theme.TEXT,
            max_width=rect.width - 20,
        )


# Gods -----------------------------------------------------------------------------------


def god_slots(rect: pygame.Rect) -> list[Slot]:
    count = len(D.gods)
    width = (rect.width - 12 - 4 * (count - 1)) // count
    return [
        (
            pygame.Rect(rect.left + 6 + i * (width + 4), rect.top + 25, width, rect.height - 30),
            ("god", i),
        )
        for i in range(count)
    ]


def draw_gods(
    surface: pygame.Surface,
    view: CleopatraState,
    rect: pygame.Rect,
    names: list[str],
    colors: list[int],
    lit: set[Target],
    hits: Hits,
) -> None:
    panel(surface, rect, "Egyptian Rail Baron Gods: players act from 1 up")
    owners = {g: s for s, g in enumerate(view.gods) if g >= 0}
    acting = view.acting_seat if view.phase == Phase.ACTIONS else -1
    for box, target in god_slots(rect):
        god = target[1]
        owner = owners.get(god, -1)
        fill = (
            theme.PANEL_LIGHT
            if owner < 0
            else theme.darken(theme.player_color(colors[owner]).rgb, 0.55)
        )
        pygame.draw.rect(surface, fill, box, border_radius=8)
        hits.add(box, target)
        if owner >= 0 and owner == acting:
            pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        if target in lit:
            outline(surface, box, theme.HIGHLIGHT)
        data = D.gods[god]
        color = theme.player_color(colors[owner]) if owner >= 0 else None
        name, size = _header_name(names[owner], box.width - 19) if owner >= 0 else ("", 12)
        # a long name takes the whole bottom line; the symbol then leads the title
        beside = color is not None and "…" in name
        title = pygame.Rect(box.left + 3, box.top + 3, box.width - 6, 16)
        if beside and color is not None:
            theme.draw_symbol(surface, color.symbol, (box.left + 9, title.centery), 5, color.rgb,
                              theme.TEXT)
            title.left += 13
            title.width -= 13
        text.draw(
            surface,
            f"{data.number} {data.name}",
            title.center,
            13,
            theme.TEXT,
            "bold",
            "center",
            max_width=title.width,
        )
        text.draw(
            surface,
            GOD_SHORT[god],
            (box.centerx, box.top + 30),
            12,
            theme.MUTED,
            anchor="center",
            max_width=box.width - 6,
        )
        if color is None:
            continue
        y = box.bottom - 11
        if beside:
            name, size = _header_name(names[owner], box.width - 8)
            text.draw(surface, name, (box.centerx, y), size, theme.TEXT, "bold", "center")
            continue
        width = text.render(name, size, theme.TEXT, "bold").get_width() + 13
        left = box.centerx - width // 2
        theme.draw_symbol(surface, color.symbol, (left + 5, y), 5, color.rgb, theme.TEXT)
        text.draw(surface, name, (left + 13, y), size, theme.TEXT, "bold", "midleft")


# Displays -------------------------------------------------------------------------------


def _display_inner(rect: pygame.Rect, right_pad: int = 0) -> pygame.Rect:
    """Where a display's cards lie: under its title, `DISPLAY_PAD` above its foot."""
    return pygame.Rect(rect.left + 8, rect.top + DISPLAY_TITLE, rect.width - 16 - right_pad,
                       rect.height - DISPLAY_TITLE - DISPLAY_PAD)


def auction_slots(view: CleopatraState, rect: pygame.Rect) -> list[Slot]:
    cards = view.auction_display
    size = display_card(rect)
    return [
        (r, ("auction_display", k))
        for r, k in zip(row_slots(_display_inner(rect), len(cards), size), cards, strict=True)
    ]


def city_slots(view: CleopatraState, rect: pygame.Rect) -> list[Slot]:
    inner = _display_inner(rect, CARD[0] + 14)
    cards = view.city_display
    size = display_card(rect)
    slots = [
        (r, ("city_display", c))
        for r, c in zip(row_slots(inner, len(cards), size), cards, strict=True)
    ]
    deck = pygame.Rect(rect.right - 8 - size[0], rect.bottom - DISPLAY_PAD - size[1], *size)
    slots.append((deck, ("deck", 0)))
    return slots


def draw_auction_display(
    surface: pygame.Surface, view: CleopatraState, rect: pygame.Rect, lit: set[Target],
    hits: Hits,
) -> None:
    title = "Auction cards: after the gods, each player takes one (Thoth two)"
    panel(surface, rect, title)
    slots = auction_slots(view, rect)
    if not slots:
        text.draw(
            surface,
            "The display is empty until the next turn.",
            rect.center,
            13,
            theme.MUTED,
            anchor="center",
        )
    for box, target in slots:
        surface.blit(pieces.auction_card(target[1], box.size), box)
        hits.add(box, target)
        if target in lit:
            outline(surface, box, theme.HIGHLIGHT)


def draw_city_display(
    surface: pygame.Surface, view: CleopatraState, rect: pygame.Rect, lit: set[Target],
    hits: Hits,
) -> None:
    slots = city_slots(view, rect)
    deck = [Pile(_cards(), box.center).rect() for box, target in slots if target[0] == "deck"]
    # the deck rises into the title's row: the title ends before it
    panel(surface, rect, "City cards face up (Draw City Cards: one of these + the deck's top)",
          deck[0].left - 4 if deck else None)
    for box, target in slots:
        if target[0] == "deck":
            Pile(_cards(), box.center).draw(surface, view.city_deck_size())
        else:
            surface.blit(pieces.city_card(target[1], box.size), box)
        hits.add(box, target)
        if target in lit:
            outline(surface, box, theme.HIGHLIGHT)


# The viewer's hand ----------------------------------------------------------------------


HAND_LABELS = {  # the longest that fits over the group's cards (a label is never cut)
    "hand_city": ("Your City cards", "City cards", "City"),
    "hand_auction": ("Your Auction cards", "Auction cards", "Auction"),
    "fruit_card": ("Fruit cards (face up)", "Fruit cards", "Fruit"),
}
GROUP_GAP = 14
"""Room between the City, Auction and Fruit cards of the hand."""


def _card_face(key: object) -> pygame.Surface:
    assert isinstance(key, tuple)
    kind, value = key
    if kind == "hand_city":
        return pieces.city_card(value, CARD)
    return pieces.auction_card(value, CARD)


def _group(key: object) -> str:
    assert isinstance(key, tuple)
    return str(key[0])


HAND_LOOK = HandLook(
    layout="row",
    align="left",
    gap=6,
    lift=6,
    hover_lift=6,
    hover_on_top=True,
    hover_ring=False,
    ring=(4, 4, 9),
    shade=(20, 24, 30, 120),
    group_of=_group,
    group_gap=GROUP_GAP,
    labels=HAND_LABELS,
)


@cache
def _cards() -> CardImages:
    """Cleopatra's cards for the kit's hand and pile: faces painted whole, the shared back."""
    return CardImages.drawn_whole(_card_face, CardStyle(*CARD))


def make_hand() -> Hand:
    """The viewer's hand: a row of cards in labelled groups; the card under the mouse rises
    a little and lies over its neighbours, cards no action can use are shaded."""
    return Hand(_cards(), (0, 0), look=HAND_LOOK)


def hand_keys(view: CleopatraState, seat: int | None) -> list[Target]:
    """City cards, then Train and Building cards, then face-up Fruit cards."""
    if seat is None:
        return []
    cards: list[Target] = [("hand_city", c) for c in view.city_hand[seat] if c != UNKNOWN]
    auction = [k for k in view.auction_hand[seat] if k != UNKNOWN]
    auction.sort(key=lambda k: (D.auction[k].category != TRAIN, k))
    cards += [("hand_auction", k) for k in auction]
    cards += [("fruit_card", k) for k in view.fruit_cards[seat]]
    return cards


@dataclass(frozen=True)
class HandMarks:
    """What the hand shows beyond its cards: picks, legal choices, usable cards, hover."""

    lit: set[Target]
    picked: Sequence[Target]
    usable: set[Target]
    hover: Target | None


def lay_hand(hand: Hand, view: CleopatraState, seat: int | None, rect: pygame.Rect,
             marks: HandMarks) -> None:
    """Put the seat's cards in `hand` at the bottom of `rect`, with the marks to show."""
    inner = pygame.Rect(rect.left + 8, rect.top + 22, rect.width - 16, rect.height - 24)
    hand.center = (inner.left + inner.width / 2, inner.bottom - CARD[1] / 2)
    hand.max_width = inner.width
    hand.label_box = pygame.Rect(rect.left, rect.top + 4, rect.width - 2, 16)
    keys = hand_keys(view, seat)
    hand.set_keys(keys)
    hand.selected = {i for i, k in enumerate(keys) if k in marks.picked}
    hand.lit = {i for i, k in enumerate(keys) if k in marks.lit}
    hand.hover = keys.index(marks.hover) if marks.hover in keys else None
    usable = marks.usable
    hand.enabled = {i for i, k in enumerate(keys) if k in usable} if usable else None


def draw_hand(
    surface: pygame.Surface,
    view: CleopatraState,
    seat: int | None,
    rect: pygame.Rect,
    hand: Hand,
    hits: Hits,
) -> None:
    """The hand's panel and its cards (laid by `lay_hand`), each added to `hits`."""
    panel(surface, rect)
    if seat is None:
        text.draw(
            surface,
            "Game over: the final scoring is above."
            if view.final_rows
            else "Watching: every hand is hidden.",
            rect.center,
            15,
            theme.MUTED,
            anchor="center",
        )
        return
    if not hand.keys:
        text.draw(surface, "Your hand is empty.", rect.center, 15, theme.MUTED, anchor="center")
    for index, box in hand.draw(surface):
        key = hand.keys[index]
        assert isinstance(key, tuple)
        hits.add(box, key)


def _header_name(name: str, width: int) -> tuple[str, int]:
    """A name for a narrow column header: whole at 12 down to 10 points (five players'
    names fit), ellipsised only if even that is too wide."""
    for size in (12, 11, 10):
        if text.render(name, size, theme.TEXT, "bold").get_width() <= width:
            return name, size
    return text.fit(name, 11, width, "bold")


# Final scoring --------------------------------------------------------------------------


def draw_scoring(
    surface: pygame.Surface,
    view: CleopatraState,
    rect: pygame.Rect,
    names: list[str],
    colors: list[int],
    shown: int,
) -> None:
    """The final scoring table, rows revealed up to `shown` (city by city, then the rest)."""
    panel(surface, rect, "Final scoring")
    rows = view.final_rows
    n = view.players
    # the names' columns get what they need (up to 90), the row labels the rest (150-200)
    needed = max(text.render(name, 12, theme.TEXT, "bold").get_width() for name in names[:n])
    label_w = max(150, min(200, rect.width - 20 - n * min(90, needed + 18)))
    col_w = min(90, (rect.width - label_w - 20) // n)
    top = rect.top + 24
    row_h = min(21, (rect.height - 50) // (len(rows) + 2))
    for seat in range(n):
        x = rect.left + label_w + seat * col_w + col_w // 2
        color = theme.player_color(colors[seat])
        # the symbol and the name as one group centred over the column
        name, size = _header_name(names[seat], col_w - 15)
        width = text.render(name, size, theme.TEXT, "bold").get_width() + 13
        left = x - width // 2
        theme.draw_symbol(
            surface, color.symbol, (left + 5, top + row_h // 2), 5, color.rgb, theme.TEXT
        )
        text.draw(surface, name, (left + 13, top + row_h // 2), size, theme.TEXT, "bold",
                  "midleft")
    totals = [0] * n
    for i, row in enumerate(rows[:shown]):
        y = top + row_h * (i + 1)
        if i % 2:
            pygame.draw.rect(
                surface,
                theme.PANEL_LIGHT,
                (rect.left + 6, y, rect.width - 12, row_h),
                border_radius=3,
            )
        if i == shown - 1 and shown < len(rows):  # the row being scored now
            pygame.draw.rect(
                surface, theme.ACCENT, (rect.left + 6, y, rect.width - 12, row_h), 2, 3
            )
        label = CATEGORIES[i]
        if 1 <= i <= len(D.cities):
            label = f"{label} (prestige {view.prestige(i - 1)})"
        text.draw(
            surface,
            label,
            (rect.left + 10, y + row_h // 2),
            12,
            theme.TEXT,
            anchor="midleft",
            max_width=label_w - 14,
        )
        for seat in range(n):
            totals[seat] += row[seat]
            x = rect.left + label_w + seat * col_w + col_w // 2
            text.draw(
                surface,
                str(row[seat]) if row[seat] else "·",
                (x, y + row_h // 2),
                12,
                theme.TEXT if row[seat] else theme.MUTED,
                anchor="center",
            )
    y = top + row_h * (len(rows) + 1) + 4
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left + 8, y - 2), (rect.right - 8, y - 2))
    text.draw(
        surface,
        "Total" if shown >= len(rows) else "So far",
        (rect.left + 10, y + 10),
        13,
        theme.TEXT,
        "bold",
        "midleft",
    )
    for seat in range(n):
        x = rect.left + label_w + seat * col_w + col_w // 2
        text.draw(surface, str(totals[seat]), (x, y + 10), 14, theme.ACCENT, "bold", "center")
