"""Painting the pieces: fruit cubes, City and Auction cards, train groups, markers.

Card faces are painted once per size into cached surfaces; a frame only blits them.
Fruit colours always come with the fruit's initial, so nothing is told by colour alone.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.games.cleopatra.rules import BUILDING, FRUIT_CARD, TRAIN, game_data
from nile.ui import text, theme
from nile.ui.theme import Color

D = game_data()

FRUIT_RGB: tuple[Color, ...] = (
    (150, 104, 64),  # coconut
    (206, 52, 92),  # raspberry
    (120, 196, 60),  # lime
    (244, 214, 60),  # lemon
    (70, 104, 220),  # blueberry
)
FRUIT_INK: tuple[Color, ...] = (
    (250, 244, 230),
    (255, 255, 255),
    (20, 40, 10),
    (60, 50, 0),
    (255, 255, 255),
)
FRUIT_LETTER = ("C", "R", "Li", "Le", "B")
PAPER: Color = (244, 236, 214)
PAPER_CITY: Color = (232, 224, 196)
INK: Color = (40, 34, 26)
INK_SOFT: Color = (100, 88, 70)
EDGE: Color = (90, 74, 52)
CATEGORY_RGB = {TRAIN: (92, 110, 128), BUILDING: (150, 96, 60), FRUIT_CARD: (84, 130, 72)}
TYPE_SHORT = {"City Hall": "CH", "Temple": "Te", "Bazaar": "Bz", "Library": "Lb", "Bathhouse": "Bh"}


def cube(
    surface: pygame.Surface, fruit: int, center: tuple[float, float], size: int, letter: bool = True
) -> None:
    """A fruit cube with its initial."""
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(
        surface, theme.darken(FRUIT_RGB[fruit], 0.45), rect.move(1, 2), border_radius=3
    )
    pygame.draw.rect(surface, FRUIT_RGB[fruit], rect, border_radius=3)
    pygame.draw.rect(surface, theme.darken(FRUIT_RGB[fruit], 0.35), rect, 1, border_radius=3)
    if letter and size >= 11:
        label = FRUIT_LETTER[fruit] if size >= 15 else FRUIT_LETTER[fruit][0]
        text.draw(
            surface, label, rect.center, max(9, size * 2 // 3), FRUIT_INK[fruit], "bold", "center"
        )


def train_group(surface: pygame.Surface, rect: pygame.Rect, color_index: int, count: int) -> None:
    """A group of trains on a track: the player's colour and symbol with the count."""
    color = theme.player_color(color_index)
    pygame.draw.rect(surface, theme.darken(color.rgb, 0.5), rect.move(0, 2), border_radius=5)
    pygame.draw.rect(surface, color.rgb, rect, border_radius=5)
    pygame.draw.rect(surface, theme.darken(color.rgb, 0.35), rect, 1, border_radius=5)
    radius = rect.height * 0.3
    theme.draw_symbol(
        surface, color.symbol, (rect.left + radius + 4, rect.centery), radius, color.ink
    )
    text.draw(
        surface,
        str(count),
        (rect.right - 4, rect.centery),
        max(11, rect.height - 4),
        color.ink,
        "bold",
        "midright",
    )


def badge(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: int,
    label: str,
    fill: Color,
    ink: Color = INK,
) -> None:
    """A round marker with a number (prestige, bonus, pyramid)."""
    pygame.draw.circle(surface, theme.darken(fill, 0.5), (center[0], center[1] + 2), radius)
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, theme.darken(fill, 0.4), center, radius, 1)
    text.draw(
        surface, label, center, max(10, radius + 3), ink, "bold", "center", max_width=radius * 2 - 2
    )


def pyramid(surface: pygame.Surface, center: tuple[float, float], size: int, label: str) -> None:
    cx, cy = center
    points = [
        (cx, cy - size * 0.6),
        (cx + size * 0.6, cy + size * 0.45),
        (cx - size * 0.6, cy + size * 0.45),
    ]
    pygame.draw.polygon(surface, (214, 182, 112), points)
    pygame.draw.polygon(surface, (120, 90, 40), points, 1)
    text.draw(surface, label, (cx, cy + size * 0.12), max(10, size // 2), INK, "bold", "center")


# Cards ----------------------------------------------------------------------------------


def _frame(size: tuple[int, int], band: Color, paper: Color = PAPER) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, paper, rect, border_radius=7)
    top = pygame.Rect(0, 0, rect.width, 20)
    pygame.draw.rect(surface, band, top, border_top_left_radius=7, border_top_right_radius=7)
    pygame.draw.rect(surface, EDGE, rect, 2, border_radius=7)
    return surface


@lru_cache(maxsize=512)
def city_card(card: int, size: tuple[int, int]) -> pygame.Surface:
    """A City card: the city's name and its two demands (fruit and Florin)."""
    data = D.city_cards[card]
    surface = _frame(size, (60, 92, 120), PAPER_CITY)
    w, h = size
    text.draw(
        surface,
        D.cities[data.city],
        (w // 2, 10),
        13,
        (255, 255, 255),
        "bold",
        "center",
        max_width=w - 8,
    )
    row_h = (h - 26) // 2
    for i, (fruit, price) in enumerate(data.demands):
        y = 24 + row_h * i + row_h // 2
        cube(surface, fruit, (13, y), 15)
        text.draw(
            surface, D.fruits[fruit], (24, y - 7), 12, INK, anchor="midleft", max_width=w - 27
        )
        text.draw(
            surface, f"{price} Florin", (24, y + 7), 12, INK, "bold", "midleft", max_width=w - 27
        )
    return surface


@lru_cache(maxsize=512)
def auction_card(kind: int, size: tuple[int, int]) -> pygame.Surface:
    """A Train, Building or Fruit card."""
    data = D.auction[kind]
    surface = _frame(size, CATEGORY_RGB[data.category])
    w, h = size
    if data.category == TRAIN:
        text.draw(surface, "Train", (w // 2, 10), 13, (255, 255, 255), "bold", "center")
        text.draw(
            surface, str(data.trains), (w // 2, 24 + (h - 48) // 2), 30, INK, "bold", "center"
        )
        text.draw(
            surface,
            "trains" if data.trains > 1 else "train",
            (w // 2, h - 30),
            12,
            INK_SOFT,
            anchor="center",
        )
        text.draw(
            surface,
            f"{data.cost} Florin",
            (w // 2, h - 14),
            13,
            INK,
            "bold",
            "center",
            max_width=w - 8,
        )
    elif data.category == BUILDING:
        name = D.building_types[data.building_type]
        text.draw(
            surface, name, (w // 2, 10), 13, (255, 255, 255), "bold", "center", max_width=w - 8
        )
        count = len(data.fruits)
        step = min(22, (w - 12) // max(1, count))
        x0 = w // 2 - step * (count - 1) / 2
        for i, fruit in enumerate(data.fruits):
            cube(surface, fruit, (x0 + i * step, 38), 17)
        text.draw(surface, f"{data.vp} VP", (w // 2, h - 30), 16, INK, "bold", "center")
        if data.bonus:
            text.draw(
                surface,
                f"+{data.bonus} prestige",
                (w // 2, h - 13),
                12,
                INK_SOFT,
                anchor="center",
                max_width=w - 8,
            )
    else:
        text.draw(surface, "Fruit", (w // 2, 10), 13, (255, 255, 255), "bold", "center")
        rows = len(data.fruits)
        for i, fruit in enumerate(data.fruits):
            y = 24 + (h - 28) * (i + 0.5) / rows
            cube(surface, fruit, (14, y), 17)
            text.draw(
                surface, D.fruits[fruit], (25, y), 12, INK, anchor="midleft", max_width=w - 28
            )
    return surface


@lru_cache(maxsize=64)
def mini_fruit_card(surface: pygame.Surface, kind: int, rect: pygame.Rect) -> None:
    """A face-up Fruit card in a player's panel: a small card with its cubes."""
    pygame.draw.rect(surface, PAPER, rect, border_radius=3)
    pygame.draw.rect(surface, CATEGORY_RGB[FRUIT_CARD], rect, 1, border_radius=3)
    fruits = D.auction[kind].fruits
    size = min(rect.width - 4, (rect.height - 4) // max(1, len(fruits)) - 1)
    for i, fruit in enumerate(fruits):
        y = rect.top + 2 + (rect.height - 4) * (i + 0.5) / len(fruits)
        cube(surface, fruit, (rect.centerx, y), size)


def mini_building(surface: pygame.Surface, kind: int, rect: pygame.Rect) -> None:
    """A built building in a player's panel: its type's short name."""
    pygame.draw.rect(surface, CATEGORY_RGB[BUILDING], rect, border_radius=3)
    name = D.building_types[D.auction[kind].building_type]
    text.draw(
        surface,
        TYPE_SHORT.get(name, name[:2]),
        rect.center,
        11,
        (255, 255, 255),
        "bold",
        "center",
        max_width=rect.width - 2,
    )
