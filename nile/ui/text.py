"""Drawing text that never overflows: fitted, shrunk or ellipsised, and wrapped.

Every string passes the text gate (`nile.core.text.safe_text`) before a font sees it, so
a NUL, a zero-width character or a lone surrogate from a save or the keyboard can never
crash a frame. Rendered lines are cached by (text, size, style, colour): scenes redraw
every frame and most of their text does not change.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.core.text import safe_text
from nile.ui import assets
from nile.ui.theme import TEXT, Color

MIN_SIZE = 11


@lru_cache(maxsize=4096)
def render(text: str, size: int, color: Color = TEXT, style: str = "regular") -> pygame.Surface:
    """One line of text as a surface (cached); text the font cannot draw gives a blank line."""
    font = assets.font(size, style)
    try:
        return font.render(safe_text(text), True, color)
    except (pygame.error, ValueError, UnicodeError):
        # zero width (only combining marks, say): nothing to see, but never a crash
        return pygame.Surface((1, font.get_linesize()), pygame.SRCALPHA)


def measure(text: str, size: int, style: str = "regular") -> int:
    """The width in pixels of `text` (after the gate)."""
    font = assets.font(size, style)
    try:
        return int(font.size(safe_text(text))[0])
    except (ValueError, UnicodeError):  # the gate should leave nothing that raises
        return 0


def fit(
    text: str, size: int, max_width: int, style: str = "regular", at_word: bool = False
) -> tuple[str, int]:
    """The largest size (down to MIN_SIZE) at which `text` fits, else an ellipsised text.

    The cut is found by bisection, so the number of measurements grows with the log of
    the length, never with the length. `at_word` cuts at the last whole word when there
    is one in the fitting part (names in lists: "Long game with…", not "Long game wi…").
    """
    text = safe_text(text)
    for trial in range(size, MIN_SIZE - 1, -1):
        if measure(text, trial, style) <= max_width:
            return text, trial
    low, high = 0, len(text)  # the longest prefix + "…" that fits is text[:low]
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle].rstrip() + "…", MIN_SIZE, style) <= max_width:
            low = middle
        else:
            high = middle - 1
    cut = text[:low]
    if at_word and " " in cut.strip():
        cut = cut.rstrip()
        word_end = cut.rfind(" ")
        if word_end > 0 and low < len(text) and text[low] != " ":
            cut = cut[:word_end]
    return cut.rstrip() + "…", MIN_SIZE


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
    else:
        text = safe_text(text)
    image = render(text, size, color, style)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wrap(text: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Break `text` into lines no wider than `width` (paragraphs kept on '\\n').

    A word too long for a line of its own (a route 'Edfu–Abydos–Lisht–Saqqara', a name
    with no spaces) is broken after its last dash that fits, or else between letters, so
    no line runs past `width`."""
    lines: list[str] = []
    for paragraph in safe_text(text, limit=20_000, newlines=True).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if measure(trial, size, style) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while measure(word, size, style) > width and len(word) > 1:
                head = _longest_prefix(word, size, width, style)
                dash = max(word.rfind(mark, 0, head) for mark in "–-/")
                cut = dash + 1 if dash > 0 else head
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _longest_prefix(word: str, size: int, width: int, style: str) -> int:
    """How many leading characters of `word` fit in `width` (at least one), by bisection."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if measure(word[:middle], size, style) <= width:
            low = middle
        else:
            high = middle - 1
    return low


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
