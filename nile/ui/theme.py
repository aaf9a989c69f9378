"""Colours, the player palettes with their symbols, and the pygame_gui theme.

Every player colour carries a symbol too, so no information is carried by colour
alone. The colour-blind-safe palette is Okabe & Ito's (2008); the classic palette is
the usual board-game set. Both offer the same symbols in the same order.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import pygame

from nile.ui import assets

Color = tuple[int, int, int]

# The canvas every scene draws on; the window scales it (pygame.SCALED).
WIDTH, HEIGHT = 1280, 800


@cache
def _theme_file() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        resources.files("nile.ui").joinpath("theme.json").read_text(encoding="utf-8"))
    return loaded


TOOLTIP_DELAY = float(_theme_file()["defaults"]["misc"]["tool_tip_delay"])
"""Seconds the mouse rests before any tooltip shows: one delay for every control and table
(pygame_gui's, from theme.json, and the tables' own)."""
TOOLTIP_FONT = int(_theme_file()["tool_tip"]["font"]["size"])
"""The size of pygame_gui's tooltip type (theme.json), to fit a button's hint box to it."""
TOOLTIP_WIDTH = 320
"""The widest any tooltip grows before its lines wrap (pygame_gui's default, 170 px, turned
a button's one-line hint into three lines over the log)."""

BG: Color = (22, 30, 38)
PANEL: Color = (34, 44, 54)
PANEL_LIGHT: Color = (48, 60, 72)
PANEL_EDGE: Color = (72, 88, 100)
TEXT: Color = (238, 230, 212)
MUTED: Color = (156, 160, 152)
ACCENT: Color = (226, 180, 80)
GOOD: Color = (120, 200, 140)
BAD: Color = (228, 104, 92)
TABLE: Color = (30, 62, 66)
TABLE_DARK: Color = (22, 48, 52)
HIGHLIGHT: Color = (255, 226, 120)

TOP_BAR_HEIGHT = 44
LOG_WIDTH = 300


@dataclass(frozen=True)
class PlayerColor:
    """A player colour: its name, RGB, a readable text colour on it, and its symbol."""

    name: str
    rgb: Color
    ink: Color
    symbol: str


SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "bar")

CLASSIC = (
    PlayerColor("Red", (206, 56, 52), (255, 255, 255), "circle"),
    PlayerColor("Blue", (48, 104, 204), (255, 255, 255), "square"),
    PlayerColor("Green", (52, 150, 72), (255, 255, 255), "triangle"),
    PlayerColor("Yellow", (236, 200, 50), (20, 20, 20), "diamond"),
    PlayerColor("Purple", (136, 76, 172), (255, 255, 255), "star"),
    PlayerColor("Orange", (232, 128, 36), (20, 20, 20), "cross"),
    PlayerColor("White", (232, 232, 226), (20, 20, 20), "hexagon"),
    PlayerColor("Black", (44, 44, 48), (255, 255, 255), "bar"),
)

COLOR_BLIND = (
    PlayerColor("Vermillion", (213, 94, 0), (255, 255, 255), "circle"),
    PlayerColor("Blue", (0, 114, 178), (255, 255, 255), "square"),
    PlayerColor("Green", (0, 158, 115), (255, 255, 255), "triangle"),
    PlayerColor("Yellow", (240, 228, 66), (20, 20, 20), "diamond"),
    PlayerColor("Purple", (204, 121, 167), (20, 20, 20), "star"),
    PlayerColor("Orange", (230, 159, 0), (20, 20, 20), "cross"),
    PlayerColor("White", (236, 236, 236), (20, 20, 20), "hexagon"),
    PlayerColor("Black", (40, 40, 40), (255, 255, 255), "bar"),
)

_color_blind = False

LARGEST_TEXT = 150
"""The largest text size, in per cent: every screen is laid out to hold it."""
_text_percent = 100
SMALL_TEXT = 18
"""Type up to this size grows by the whole factor; larger type (titles) grows only by the
amount an 18 px line grows: titles are legible already and the room is needed for the rest."""


def use_text_size(percent: int) -> None:
    """Set the text size every scene draws with (a setting: 100 to LARGEST_TEXT %).

    Clears the rendered-line caches that hold sizes in pixels, so no line drawn at the
    old size is reused."""
    global _text_percent
    _text_percent = max(100, min(LARGEST_TEXT, int(percent)))
    for clear in _on_text_size:
        clear()


_on_text_size: list[Callable[[], None]] = []


def on_text_size_change(clear: Callable[[], None]) -> None:
    """Run `clear` whenever the text size changes (a cache of measured or placed text)."""
    _on_text_size.append(clear)


def text_percent() -> int:
    """The text size in use, in per cent."""
    return _text_percent


def font_px(size: int) -> int:
    """The pixel size of type designed at `size` under the text size in use."""
    extra = (_text_percent - 100) * min(size, SMALL_TEXT) / 100
    return round(size + extra)


def piece_scale() -> float:
    """How much larger the small pieces (goods cubes, pyramids, badges) are drawn:
    they grow with the text, by the factor an ordinary line grows."""
    return _text_percent / 100


def piece_px(length: float) -> int:
    """A small piece's designed `length` in pixels under the text size in use."""
    return round(length * _text_percent / 100)


def use_color_blind_palette(enabled: bool) -> None:
    """Switch the palette every scene reads (a setting)."""
    global _color_blind
    _color_blind = enabled


def palette() -> tuple[PlayerColor, ...]:
    """The player colours in use."""
    return COLOR_BLIND if _color_blind else CLASSIC


def player_color(index: int) -> PlayerColor:
    """Palette entry `index` (wrapping, so a bad index never crashes a scene)."""
    colors = palette()
    return colors[index % len(colors)]


def lighten(color: Color, amount: float) -> Color:
    """Mix toward white by `amount` in [0, 1]."""
    r, g, b = color
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def darken(color: Color, amount: float) -> Color:
    """Mix toward black by `amount` in [0, 1]."""
    r, g, b = color
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def draw_symbol(
    surface: pygame.Surface,
    symbol: str,
    center: tuple[float, float],
    radius: float,
    color: Color,
    outline: Color | None = None,
) -> None:
    """Draw a player symbol; `outline` keeps light symbols visible on light ground."""
    points = _symbol_points(symbol, center, radius)
    if symbol == "circle":
        pygame.draw.circle(surface, color, center, radius)
        if outline:
            pygame.draw.circle(surface, outline, center, radius, max(1, int(radius / 6)))
        return
    pygame.draw.polygon(surface, color, points)
    if outline:
        pygame.draw.polygon(surface, outline, points, max(1, int(radius / 6)))


def _symbol_points(
    symbol: str, center: tuple[float, float], radius: float
) -> list[tuple[float, float]]:
    cx, cy = center

    def ring(count: int, r: float, start: float) -> list[tuple[float, float]]:
        return [
            (
                cx + r * math.cos(start + i * 2 * math.pi / count),
                cy + r * math.sin(start + i * 2 * math.pi / count),
            )
            for i in range(count)
        ]

    if symbol == "square":
        r = radius * 0.85
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if symbol == "triangle":
        return ring(3, radius * 1.1, -math.pi / 2)
    if symbol == "diamond":
        return ring(4, radius * 1.1, -math.pi / 2)
    if symbol == "hexagon":
        return ring(6, radius, 0)
    if symbol == "star":
        outer, inner = (
            ring(5, radius * 1.1, -math.pi / 2),
            ring(5, radius * 0.45, -math.pi / 2 + math.pi / 5),
        )
        return [p for pair in zip(outer, inner, strict=True) for p in pair]
    if symbol == "cross":
        a, b = radius * 0.95, radius * 0.35
        return [
            (cx - b, cy - a),
            (cx + b, cy - a),
            (cx + b, cy - b),
            (cx + a, cy - b),
            (cx + a, cy + b),
            (cx + b, cy + b),
            (cx + b, cy + a),
            (cx - b, cy + a),
            (cx - b, cy + b),
            (cx - a, cy + b),
            (cx - a, cy - b),
            (cx - b, cy - b),
        ]
    if symbol == "bar":
        a, b = radius * 0.95, radius * 0.45
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy + b), (cx - a, cy + b)]
    return ring(16, radius, 0)


def gui_theme() -> dict[str, Any]:
    """The pygame_gui theme: `theme.json` (colours, shapes, font sizes; edit it there) with
    the paths of our bundled fonts filled in, since they depend on where Nile is installed,
    and its font sizes grown to the text size in use (`font_px`)."""
    regular = str(assets.path("fonts", assets.FONT_FILES["regular"]))
    bold = str(assets.path("fonts", assets.FONT_FILES["bold"]))
    filled = copy.deepcopy(_theme_file())
    for block in filled.values():
        if "font" in block:
            size = font_px(int(block["font"]["size"]))
            block["font"].update(regular_path=regular, bold_path=bold, size=str(size))
    return filled
