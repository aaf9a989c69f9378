"""Drawing Vom Kap bis Kairo: terrain cards, lane tiles, the locomotive, bonus cards.

Pure drawing helpers for the scene. A terrain is told by its colour, its picture (waves,
peaks, dunes, huts, grass), its letter and its name: never by colour alone. Everything
that does not change from frame to frame (a card face, a tile at a size) is cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from nile.games.kap_kairo.rules import (
    COINS,
    NAMES,
    NEED,
    RAILS,
    TERRAIN,
    TERRAIN_NAMES,
    card_named,
)
from nile.ui import text, theme
from nile.ui.table.card import CardStyle

INK = (40, 34, 28)
PAPER = (244, 236, 214)
COIN = (232, 190, 70)
COIN_EDGE = (150, 110, 30)
RAIL = (70, 62, 56)
SLEEPER = (150, 104, 62)
BACK = (120, 52, 40)

TERRAIN_COLORS: tuple[tuple[int, int, int], ...] = (
    (72, 132, 196),  # River
    (128, 116, 112),  # Mountain
    (218, 178, 98),  # Desert
    (184, 104, 72),  # Village
    (140, 168, 78),  # Savanna
)
"""Terrain colours in reference-card order (River, Mountain, Desert, Village, Savanna)."""

CARD_STYLE = CardStyle(width=80, height=112)
SMALL_STYLE = CardStyle(width=44, height=62, radius=5)


def terrain_color(card: int) -> tuple[int, int, int]:
    return TERRAIN_COLORS[TERRAIN[card]]


def draw_picture(surface: pygame.Surface, terrain: int, rect: pygame.Rect) -> None:
    """A small picture of the terrain inside `rect` (shapes only, drawn in ink)."""
    ink = theme.darken(TERRAIN_COLORS[terrain], 0.45)
    x, y, w, h = rect
    line = max(1, round(h / 14))
    if terrain == 0:  # River: waves
        for row in range(3):
            cy = y + h * (0.25 + row * 0.25)
            points = [
                (x + w * i / 16, cy + math.sin(i * math.pi / 4) * h * 0.07) for i in range(17)
            ]
            pygame.draw.lines(surface, ink, False, points, line + 1)
    elif terrain == 1:  # Mountain: peaks
        base = y + h * 0.9
        for left, top, width in ((0.0, 0.2, 0.6), (0.4, 0.05, 0.6)):
            peak = (x + w * (left + width / 2), y + h * top)
            pygame.draw.polygon(
                surface, ink, [(x + w * left, base), peak, (x + w * (left + width), base)], line + 1
            )
            pygame.draw.line(
                surface, (250, 250, 250), peak, (peak[0] + w * 0.06, peak[1] + h * 0.15), line + 1
            )
    elif terrain == 2:  # Desert: dunes and a sun
        for i, (cx, cy) in enumerate(((0.3, 0.85), (0.72, 0.95))):
            arc = pygame.Rect(0, 0, w * (0.7 - i * 0.1), h * 0.7)
            arc.midtop = (round(x + w * cx), round(y + h * (cy - 0.38)))
            pygame.draw.arc(surface, ink, arc, 0.2, math.pi - 0.2, line + 1)
        pygame.draw.circle(surface, ink, (x + w * 0.8, y + h * 0.22), h * 0.12, line)
    elif terrain == 3:  # Village: huts
        for cx in (0.28, 0.72):
            hut = pygame.Rect(0, 0, w * 0.3, h * 0.35)
            hut.midbottom = (round(x + w * cx), round(y + h * 0.92))
            pygame.draw.rect(surface, ink, hut, line + 1)
            pygame.draw.polygon(
                surface,
                ink,
                [
                    (hut.left - w * 0.06, hut.top),
                    (hut.centerx, hut.top - h * 0.35),
                    (hut.right + w * 0.06, hut.top),
                ],
                line + 1,
            )
    else:  # Savanna: grass and an acacia
        base = y + h * 0.92
        for i in range(7):
            gx = x + w * (0.08 + i * 0.12)
            pygame.draw.line(surface, ink, (gx, base), (gx - w * 0.03, base - h * 0.25), line)
            pygame.draw.line(surface, ink, (gx, base), (gx + w * 0.03, base - h * 0.2), line)
        trunk = (x + w * 0.62, base)
        pygame.draw.line(surface, ink, trunk, (trunk[0], y + h * 0.3), line + 1)
        crown = pygame.Rect(0, 0, w * 0.55, h * 0.22)
        crown.center = (round(trunk[0]), round(y + h * 0.25))
        pygame.draw.ellipse(surface, ink, crown)


def draw_rails_icon(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: float,
    color: tuple[int, int, int] = RAIL,
) -> None:
    """One rail piece: two rails on three sleepers, `size` pixels long."""
    cx, cy = center
    half = size / 2
    for i in range(3):
        sx = cx - half * 0.7 + i * half * 0.7
        pygame.draw.line(
            surface,
            SLEEPER,
            (sx, cy - half * 0.55),
            (sx, cy + half * 0.55),
            max(2, round(size / 7)),
        )
    for dy in (-half * 0.32, half * 0.32):
        pygame.draw.line(
            surface, color, (cx - half, cy + dy), (cx + half, cy + dy), max(1, round(size / 9))
        )


def draw_coin(
    surface: pygame.Surface, center: tuple[float, float], radius: float, value: int | str
) -> None:
    """A gold coin with its value."""
    pygame.draw.circle(surface, COIN_EDGE, center, radius)
    pygame.draw.circle(surface, COIN, center, radius - max(1, radius / 7))
    text.draw(surface, str(value), center, max(11, round(radius * 1.15)), INK, "bold", "center")


def draw_rail_count(
    surface: pygame.Surface,
    pos: tuple[float, float],
    rails: int,
    size: int,
    anchor: str = "midleft",
) -> pygame.Rect:
    """Printed rails as one rail icon and the count ("=3"): easy to read at any size."""
    number = text.render(str(rails), size, INK if rails else theme.darken(theme.BAD, 0.2), "bold")
    icon = round(size * 1.1)
    box = pygame.Rect(0, 0, icon + 3 + number.get_width(), max(icon, number.get_height()))
    setattr(box, anchor, (round(pos[0]), round(pos[1])))
    draw_rails_icon(surface, (box.left + icon / 2, box.centery), icon)
    surface.blit(number, number.get_rect(midleft=(box.left + icon + 3, box.centery)))
    return box


def paint_card(card: object, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A terrain card face (CardImages painter): rails, coin, picture, name, need."""
    assert isinstance(card, int)
    terrain = TERRAIN[card]
    small = rect.width < 60
    band = pygame.Rect(rect.left, rect.top + rect.height * 0.26, rect.width, rect.height * 0.42)
    pygame.draw.rect(surface, TERRAIN_COLORS[terrain], band, border_radius=4)
    draw_picture(surface, terrain, band.inflate(-8, -8))
    radius = 8 if small else 11
    draw_rail_count(surface, (rect.left, rect.top + radius), RAILS[card], 12 if small else 15)
    draw_coin(surface, (rect.right - radius, rect.top + radius), radius, COINS[card])
    name = NAMES[card]
    if small:
        text.draw(surface, name, (rect.centerx, rect.bottom), 13, INK, "bold", "midbottom")
        return
    room = (rect.bottom + 1 - band.bottom - 2) // 2  # the two lines under the picture
    text.draw(
        surface,
        TERRAIN_NAMES[terrain],
        (rect.centerx, band.bottom + 2),
        text.within(13, room, "bold"),
        INK,
        "bold",
        "midtop",
        max_width=rect.width - 2,
    )
    text.draw(
        surface,
        f"{name} · needs {NEED[card]}",
        (rect.centerx, rect.bottom + 1),
        text.within(12, room),
        INK,
        "regular",
        "midbottom",
        max_width=rect.width,
    )


def paint_bonus(card: object, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A bonus card: a card back showing its one rail (face key 'bonus')."""
    pygame.draw.rect(surface, BACK, rect, border_radius=4)
    draw_rails_icon(surface, rect.center, rect.width * 0.6, (230, 220, 200))
    text.draw(surface, "1", (rect.centerx, rect.bottom), 12, (240, 230, 210), "bold", "midbottom")


@lru_cache(maxsize=512)
def lane_tile(card: int, width: int, height: int, crossed: bool) -> pygame.Surface:
    """A terrain card lying in a player's lane, seen landscape, `width`×`height`.

    Uncrossed: the terrain band with its picture, name, printed rails and coin. Crossed:
    turned over (the card back) with the player's track laid across it; the name stays
    small so a railway can be read back after the game.
    """
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-2, -2)
    terrain = TERRAIN[card]
    color = TERRAIN_COLORS[terrain]
    if crossed:
        pygame.draw.rect(surface, theme.darken(color, 0.45), rect, border_radius=5)
        pygame.draw.rect(surface, theme.darken(color, 0.2), rect, 1, border_radius=5)
        text.draw(
            surface,
            f"{NAMES[card]}  {TERRAIN_NAMES[terrain]}  £{COINS[card]}",
            (rect.right - 6, rect.centery),
            12,
            theme.lighten(color, 0.45),
            "regular",
            "midright",
            max_width=rect.width - height - 10,
        )
        return surface
    pygame.draw.rect(surface, PAPER, rect, border_radius=5)
    pygame.draw.rect(surface, theme.darken(color, 0.3), rect, 2, border_radius=5)
    square = pygame.Rect(rect.left + 3, rect.top + 3, rect.height - 6, rect.height - 6)
    pygame.draw.rect(surface, color, square, border_radius=4)
    draw_picture(surface, terrain, square.inflate(-6, -6))
    radius = min(12, rect.height // 2 - 4)
    draw_coin(surface, (rect.right - radius - 5, rect.centery), radius, COINS[card])
    left = square.right + 6
    right = rect.right - 2 * radius - 12
    count = draw_rail_count(surface, (right, rect.centery), RAILS[card], 14, "midright")
    big = height >= 40
    title = f"{TERRAIN_NAMES[terrain]} {NAMES[card]}"
    two_lines = height >= 34
    title_size = text.within(14 if big else 13, height // 2 if two_lines else height, "bold")
    text.draw(
        surface,
        title,
        (left, rect.top + (3 if big else 1)),
        title_size,
        INK,
        "bold",
        max_width=count.left - left - 4,
    )
    if two_lines:
        text.draw(
            surface,
            f"needs {NEED[card]}",
            (left, rect.bottom - 2),
            text.within(12, height // 2 - 2),
            INK,
            "regular",
            "bottomleft",
            max_width=count.left - left - 4,
        )
    return surface


def draw_locomotive(
    surface: pygame.Surface, center: tuple[float, float], size: float, color: theme.PlayerColor
) -> None:
    """A steam locomotive seen from above, heading north, in the player's colour.

    Cowcatcher and funnel at the front (up), the boiler, then the cab carrying the
    player's symbol (so the colour is never the only mark).
    """
    cx, cy = center
    w, h = size * 0.66, size
    top = cy - h / 2
    dark = theme.darken(color.rgb, 0.45)
    pygame.draw.polygon(
        surface,
        (60, 60, 64),
        [(cx - w / 2, top + h * 0.16), (cx + w / 2, top + h * 0.16), (cx, top)],
    )
    boiler = pygame.Rect(0, 0, round(w * 0.8), round(h * 0.56))
    boiler.midtop = (round(cx), round(top + h * 0.1))
    pygame.draw.rect(surface, dark, boiler.inflate(2, 2), border_radius=round(w / 3))
    pygame.draw.rect(surface, color.rgb, boiler, border_radius=round(w / 3))
    pygame.draw.circle(surface, (30, 30, 30), (cx, boiler.top + w * 0.35), max(2, w * 0.17))
    cab = pygame.Rect(0, 0, round(w), round(h * 0.36))
    cab.midbottom = (round(cx), round(top + h))
    pygame.draw.rect(surface, dark, cab, border_radius=3)
    pygame.draw.rect(surface, color.rgb, cab.inflate(-4, -4), border_radius=2)
    theme.draw_symbol(surface, color.symbol, cab.center, max(3, h * 0.1), color.ink)


# Tutorial pictures ------------------------------------------------------------------------

def paint_counting(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Counting rails for the tutorial's card: the row's card and the card to cross, their
    printed rails added up against what the terrain needs (the lesson's Savanna S8)."""
    row, lane = card_named("V8"), card_named("S8")
    height = rect.height - 34
    width = round(height * CARD_STYLE.width / CARD_STYLE.height)
    top = rect.top + 8
    x = rect.left + 14
    pieces: list[tuple[str, int | str]] = [("card", row), ("sign", "+"), ("card", lane),
                                           ("sign", "="), ("sign", str(RAILS[row] + RAILS[lane]))]
    for kind, value in pieces:
        if kind == "card":
            assert isinstance(value, int)
            face = pygame.Rect(x, top, width, height)
            pygame.draw.rect(surface, PAPER, face, border_radius=6)
            paint_card(value, surface, face.inflate(-6, -6))
            x = face.right + 10
        else:
            image = text.render(str(value), 28, theme.TEXT, "bold")
            surface.blit(image, image.get_rect(midleft=(x, top + height // 2)))
            x += image.get_width() + 10
    for line, words in enumerate((f"a {TERRAIN_NAMES[TERRAIN[lane]]}", f"needs {NEED[lane]}")):
        text.draw(surface, words, (x + 4, top + height // 2 - 10 + 22 * line),
                  text.within(17, 22, "bold"), theme.GOOD,
                  "bold", "midleft", max_width=rect.right - x - 8)
    text.draw(surface, "the row's rails + the rails on your cards (+ bonus cards)",
              (rect.centerx, rect.bottom - 6), 14, theme.TEXT, anchor="midbottom",
              max_width=rect.width - 16)
