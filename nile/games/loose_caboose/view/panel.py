"""The panels around the railway: the players' boxes along the top, the draw pile, the
discards and the dice at the side, and the viewer's own penalty pile and hand below.

The hand is the kit's fanned `Hand`; each card it draws is added to the hit map as a
`HandCard` while it is the player's turn.
"""

from __future__ import annotations

import pygame

from nile.games.loose_caboose.intent import HandCard
from nile.games.loose_caboose.rules import Card
from nile.games.loose_caboose.view.table import Hits, TableView
from nile.ui import text, theme
from nile.ui.kit.hits import TurnedRect
from nile.ui.table.pile import Pile
from nile.ui.table.token import draw_chip


def plural(count: int, noun: str) -> str:
    """'1 point', '3 points'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


DICE_LABEL = 20
"""The height of the 14 px "Dice" label's line as designed (its top 290 px down the side)."""


# Where things are ------------------------------------------------------------------------


def pile_center(side: pygame.Rect, which: str) -> tuple[float, float]:
    """The draw pile ("draw") or the discards ("discard") at the side."""
    y = side.top + 70 if which == "draw" else side.top + 210
    return (side.centerx, y)


def side_regions(side: pygame.Rect) -> dict[str, pygame.Rect]:
    """The draw pile (with its label) and the dice (with the throw's total under them), for
    a lesson's card to keep in view."""
    x, y = pile_center(side, "draw")
    pile = pygame.Rect(round(x) - 45, round(y) - 50, 90, 95)
    dice = pygame.Rect(side.left, side.top + 285, side.width, side.height - 285)
    return {"pile": pile, "dice": dice}


def seat_anchor(players: pygame.Rect, seat: int, count: int) -> tuple[float, float]:
    """The middle of `seat`'s box along the top."""
    width = players.width / count
    return (players.left + width * (seat + 0.5), players.centery)


DIE_SIZE = 44
"""A die's side as designed; a throw that would not fit above its total is drawn smaller."""
DIE_GAP = 6
TOTAL_GAP = 4
"""Pixels kept between the lowest die and the top of the total's line."""


def total_line(side: pygame.Rect) -> pygame.Rect:
    """The line the throw's total is written on, at the foot of the side at the text size:
    the dice are laid out above it so that they never cover it."""
    height = text.line_height(16, "bold")
    return pygame.Rect(side.left, side.bottom - 8 - height, side.width, height)


def _dice_grid(count: int) -> tuple[int, int]:
    """Columns and rows of a throw: up to three dice in a row, four two by two."""
    return (count, 1) if count <= 3 else (2, (count + 1) // 2)


def dice_size(side: pygame.Rect, count: int) -> int:
    """The side of each die of a throw of `count`: as designed, or as large as the room
    between the "Dice" label and the total allows (four dice at 150 % text)."""
    cols, rows = _dice_grid(max(1, count))
    room = total_line(side).top - TOTAL_GAP - (side.top + 290 + DICE_LABEL)
    tall = (room - (rows - 1) * DIE_GAP) // rows
    wide = (side.width - 8 - (cols - 1) * DIE_GAP) // cols
    return max(16, min(DIE_SIZE, tall, wide))


def dice_center(side: pygame.Rect, index: int, count: int) -> tuple[int, int]:
    """Where die `index` of a throw of `count` lies, under the "Dice" label and above the
    total's line: one row of up to three, four two by two."""
    cols = _dice_grid(count)[0]
    size = dice_size(side, count)
    step = size + DIE_GAP
    col, row = index % cols, index // cols
    in_row = min(cols, count - row * cols)
    x = side.centerx + round((col - (in_row - 1) / 2) * step)
    y = side.top + 290 + DICE_LABEL + size // 2 + row * step
    return (x, y)


# Drawing ---------------------------------------------------------------------------------


def draw_players(surface: pygame.Surface, t: TableView) -> None:
    """A box per player: name and colour, hand size, penalty points and cards, the top
    card and the banked cards; the player to act is outlined."""
    view, area = t.view, t.areas.players
    n = view.num_players
    width = area.width / n
    for seat in range(n):
        box = pygame.Rect(round(area.left + seat * width) + 4, area.top, round(width) - 8,
                          area.height)
        active = view.current_player == seat
        pygame.draw.rect(surface, theme.PANEL if not active else theme.PANEL_LIGHT, box,
                         border_radius=10)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
        shown = t.seats[seat]
        draw_chip(surface, pygame.Rect(box.left + 6, box.top + 6, box.width - 12, 30),
                  shown.color_index, shown.label, active)
        pile = view.penalties[seat]
        top = pile.top.value if pile.top else "none"
        lines = (
            f"Hand {len(view.hands[seat])}  ·  Penalty {plural(pile.points, 'point')}, "
            f"{plural(pile.card_count, 'card')}",
            f"Top card {top}  ·  banked {len(pile.banked)}",
        )
        size = text.within(14, 21)  # two lines under the plate, 21 px apart
        for i, line in enumerate(lines):
            text.draw(surface, line, (box.left + 12, box.top + 42 + i * 21), size, theme.TEXT,
                      max_width=box.width - 20)


def draw_side(surface: pygame.Surface, t: TableView) -> None:
    """The draw pile, the discards (top card up), the dice and their total once still."""
    view, area, small = t.view, t.areas.side, t.images.small
    Pile(small, pile_center(area, "draw"), "Draw pile").draw(surface, len(view.pile))
    discard = Pile(small, pile_center(area, "discard"), "Discards")
    discard.draw(surface, len(view.discard), view.discard[-1] if view.discard else None)
    # the label's foot stays over the dice however large its type (it grows upward)
    text.draw(surface, "Dice", (area.centerx, area.top + 290 + DICE_LABEL), 14, theme.MUTED,
              anchor="midbottom")
    dice = t.motion.dice
    for die in dice:
        die.draw(surface)
    if dice and all(d.rolling <= 0 for d in dice):
        total = sum(d.face for d in dice)
        line = total_line(area)
        text.draw(surface, f"{total} wheel{'s' if total != 1 else ''}", line.midbottom, 16,
                  theme.TEXT, "bold", "midbottom")


def draw_own(surface: pygame.Surface, t: TableView, hits: Hits) -> None:
    """The viewer's penalty pile and hand (or why no hand shows)."""
    _draw_own_penalties(surface, t)
    hand = t.hand
    places = hand.draw(surface, dim_disabled=t.my_turn)
    if t.my_turn:
        _add_cards(t, places, hits)
    if t.viewer is not None and not t.view.hands[t.viewer]:
        text.draw(surface, "Your hand is empty.", hand.center, 16, theme.MUTED,
                  anchor="center")
    elif t.hands_hidden:
        area = t.areas.hand
        text.draw(surface, "Every hand is hidden until the next player takes the screen.",
                  area.center, 16, theme.MUTED, anchor="center", max_width=area.width - 20)


def _add_cards(t: TableView, places: list[tuple[int, pygame.Rect]], hits: Hits) -> None:
    """Each card of the hand as drawn, tilted with the fan (a lifted card also where it
    rose from), as a `HandCard`."""
    hand = t.hand
    slots = hand.slots()
    width, height = hand.images.style.size
    for index, rect in places:
        card = hand.keys[index]
        assert isinstance(card, Card)
        x, y, angle = slots[index]
        rise = rect.height - height
        shape = TurnedRect((x, y + rise / 2), (width, height + rise), angle)
        hits.add_shape(shape, shape.bounds, HandCard(index, card))


def _draw_own_penalties(surface: pygame.Surface, t: TableView) -> None:
    """The viewer's penalty pile: points, the last face-up cards, the banked ones."""
    if t.viewer is None:
        return
    area = t.areas.penalty
    small = t.images.small
    pygame.draw.rect(surface, theme.PANEL, area, border_radius=10)
    pile = t.view.penalties[t.viewer]
    text.draw(surface, f"Your penalty pile: {plural(pile.points, 'point')}",
              (area.left + 10, area.top + 6), 15, theme.TEXT, "bold", max_width=area.width - 20)
    cards = pile.face_up[-6:]
    x = area.left + 30
    for i, card in enumerate(cards):
        small.draw(surface, card, (x + i * 34, area.top + 70))
    if not pile.face_up and not pile.banked:
        text.draw(surface, "No penalty cards yet.", area.center, 15, theme.MUTED,
                  anchor="center")
    if pile.top is not None:
        text.draw(surface, "top card: a matching penalty cancels it",
                  (area.left + 10, area.bottom - 22), 12, theme.MUTED, max_width=area.width - 20)
    if pile.banked:
        small.draw(surface, None, (area.right - 34, area.top + 70))
        banked = f"banked {len(pile.banked)}"  # under its card, inside the panel however large
        x = min(area.right - 34, area.right - 8 - text.measure(banked, 12) // 2)
        text.draw(surface, banked, (x, area.top + 104), 12, theme.MUTED, anchor="midtop")
    if len(pile.face_up) > len(cards):
        text.draw(surface, f"+{len(pile.face_up) - len(cards)} below",
                  (area.left + 10, area.top + 104), 12, theme.MUTED)
