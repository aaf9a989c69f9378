"""Colours of the board and goods, and the words the screen uses for tiles and actions."""

from __future__ import annotations

from nile.games.age_of_steam.rules.actions import ACTION_TITLES
from nile.ui.theme import Color

SEA: Color = (26, 52, 62)
HEX_LINE: Color = (70, 78, 60)
TERRAIN: dict[str, Color] = {
    "plain": (184, 196, 132),
    "river": (184, 196, 132),
    "mountain": (170, 142, 108),
    "high_mountain": (138, 112, 96),
    "desert": (226, 202, 142),
    "canal": (112, 160, 190),
    "town": (184, 196, 132),
    "pyramid": (226, 202, 142),
    "city": (200, 200, 200),
}
WATER: Color = (64, 124, 196)
WATER_LIGHT: Color = (120, 170, 220)
NILE: Color = (46, 110, 190)
WALL: Color = (24, 24, 24)
FLOOD: Color = (52, 112, 200)
GOODS: dict[str, Color] = {
    "red": (206, 52, 44),
    "blue": (44, 98, 206),
    "purple": (132, 66, 168),
    "yellow": (240, 204, 48),
    "black": (34, 34, 36),
}
GOOD_EDGE: dict[str, Color] = {
    "red": (110, 20, 16),
    "blue": (18, 44, 110),
    "purple": (60, 24, 84),
    "yellow": (120, 96, 10),
    "black": (150, 150, 150),
}
UNOWNED: Color = (120, 116, 108)
TOWN_DISC: Color = (246, 242, 228)

KIND_WORDS = {"lay": "Lay", "upgrade": "Upgrade to", "town": "Town tile", "redirect": "Redirect"}

ACTION_SHORT = {
    "first_move": "First Move",
    "first_build": "First Build",
    "engineer": "Engineer",
    "locomotive": "Locomotive",
    "urbanization": "Urbanize",
    "turn_order": "Turn Order",
    "production": "Production",
    "communism": "Communism",
    "ferry": "Ferry",
}
ACTION_HELP = {
    "first_move": "Move goods first in both rounds of Move Goods.",
    "first_build": "Build track before everyone else.",
    "engineer": "Build one more tile this turn (Egypt: four tiles at half price).",
    "locomotive": "Your locomotive goes up one level at once.",
    "urbanization": "Turn one town into a new city while you build.",
    "turn_order": "Pass once in the next auction without dropping out.",
    "production": "Draw two goods and put them on the goods display.",
    "communism": "Swap a kept black good for a red one, or put a red good on a city.",
    "ferry": "Cross flooded hexes free; others pay their ferry fees to you.",
}


def action_title(name: str) -> str:
    return ACTION_TITLES.get(name, name.replace("_", " ").title())


def row_label(row: str) -> str:
    """'light 3' -> '3', 'dark 3' -> '3', 'A' -> 'A'."""
    return row.split()[-1]


def is_dark(row: str) -> bool:
    return row.startswith("dark")
