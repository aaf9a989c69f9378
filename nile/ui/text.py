"""Drawing text that never overflows: fitted, shrunk or ellipsised, and wrapped.

Rendered lines are cached by (text, size, style, colour): scenes redraw every frame
and most of their text does not change.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.ui import assets
from nile.ui.theme import TEXT, Color

MIN_SIZE = 11


@lru_cache(maxsize=4096)
def render(text: str, size: int, color: Color = TEXT, style: str = "regular") -> pygame.Surface:
    """One line of text as a surface (cached)."""
    return assets.font(size, style).render(text, True, color)


def fit(text: str, size: int, max_width: int, style: str = "regular") -> tuple[str, int]:
    """The largest size (down to MIN_SIZE) at which `text` fits, else an ellipsised text."""
    for trial in range(size, MIN_SIZE - 1, -1):
        if assets.font(trial, style).size(text)[0] <= max_width:
            return text, trial
    font = assets.font(MIN_SIZE, style)
    cut = text
    while cut and font.size(cut + "…")[0] > max_width:
        cut = cut[:-1]
    return (cut.rstrip() + "…") if cut != text else cut, MIN_SIZE


def draw(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int = 16,
    color: Color = TEXT,
    style: str = "regular",
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line anchored at `pos` ('topleft', 'center', 'midright', …); returns its rect."""
    if max_width is not None:
        text, size = fit(text, size, max_width, style)
    image = render(text, size, color, style)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wrap(text: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Break `text` into lines no wider than `width` (paragraphs kept on '\\n').

    A word too long for a line of its own (a route 'Edfu–Abydos–Lisht–Saqqara') is
    broken after its dashes, or else between letters, so no line runs past `width`."""
    font = assets.font(size, style)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            pieces = _split_long(word, font, width)
            lines += pieces[:-1]
            line = pieces[-1]
        lines.append(line)
    return lines


def _split_long(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """`word` in pieces that each fit `width`: after a dash where one fits, else by letters."""
    pieces: list[str] = []
    rest = word
    while rest and font.size(rest)[0] > width:
        cut = 0
        for i in range(1, len(rest)):
            if font.size(rest[:i])[0] > width:
                break
            if rest[i - 1] in "–-/":
                cut = i
        if cut == 0:
            cut = max(1, next((i - 1 for i in range(1, len(rest) + 1)
                               if font.size(rest[:i])[0] > width), len(rest)))
        pieces.append(rest[:cut])
        rest = rest[cut:]
    pieces.append(rest)
    return pieces


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int = 16,
    color: Color = TEXT,
    style: str = "regular",
    align: str = "left",
) -> int:
    """Draw wrapped text inside `rect` (lines past its bottom are not drawn); returns height."""
    line_height = assets.font(size, style).get_linesize()
    y = rect.top
    for line in wrap(text, size, rect.width, style):
        if y + line_height > rect.bottom + 1:
            break
        image = render(line, size, color, style)
        x = rect.centerx - image.get_width() // 2 if align == "center" else rect.left
        surface.blit(image, (x, y))
        y += line_height
    return y - rect.top
