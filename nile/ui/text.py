"""Drawing text that never overflows: fitted, shrunk or ellipsised, and wrapped.

Every string passes the text gate (`nile.core.text.safe_text`) before a font sees it, so
a NUL, a zero-width character or a lone surrogate from a save or the keyboard can never
crash a frame. Rendered lines are cached by (text, size, style, colour): scenes redraw
every frame and most of their text does not change; so are measured widths.

Every size here is the designed size; the player's text size (Settings, 100–150 %) is
applied in this one place (`font`), so measuring, fitting, wrapping and drawing agree.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile.core.text import safe_text
from nile.ui import assets, theme
from nile.ui.theme import TEXT, Color

MIN_SIZE = 11
"""The smallest type `fit` shrinks to, in pixels (whatever the text size)."""


def font(size: int, style: str = "regular") -> pygame.font.Font:
    """The font for type designed at `size`, at the player's text size."""
    return assets.font(theme.font_px(size), style)


def line_height(size: int, style: str = "regular") -> int:
    """The distance between two lines of type designed at `size`, at the text size."""
    return int(font(size, style).get_linesize())


def space(designed: float, size: int) -> int:
    """A room designed as `designed` pixels around type of `size` (a line's height, a gap
    to the next line), grown as that type grows with the text size: at 100 % it is
    `designed` exactly, so a layout looks as it was drawn."""
    return round(designed * theme.font_px(size) / size)


def render(text: str, size: int, color: Color = TEXT, style: str = "regular") -> pygame.Surface:
    """One line of text as a surface (cached); text the font cannot draw gives a blank line."""
    return _render(text, theme.font_px(size), color, style)


@lru_cache(maxsize=4096)
def _render(text: str, px: int, color: Color, style: str) -> pygame.Surface:
    font = assets.font(px, style)
    try:
        return font.render(safe_text(text), True, color)
    except (pygame.error, ValueError, UnicodeError):
        # zero width (only combining marks, say): nothing to see, but never a crash
        return pygame.Surface((1, font.get_linesize()), pygame.SRCALPHA)


def measure(text: str, size: int, style: str = "regular") -> int:
    """The width in pixels of `text` (after the gate), remembered per font and string: the
    bottom bar fits and wraps its prompt word by word every frame, and a font's first use
    of its glyphs costs about half a millisecond a call (issue 33 item 6)."""
    return _measure(text, theme.font_px(size), style)


@lru_cache(maxsize=8192)
def _measure(text: str, px: int, style: str) -> int:
    try:
        return int(assets.font(px, style).size(safe_text(text))[0])
    except (ValueError, UnicodeError):  # the gate should leave nothing that raises
        return 0


def fit(
    text: str, size: int, max_width: int, style: str = "regular", at_word: bool = False
) -> tuple[str, int]:
    """The largest size (down to MIN_SIZE pixels) at which `text` fits, else an ellipsised
    text. Sizes are designed sizes: at a larger text size a tight box shrinks its text back
    toward the designed size rather than cut it.

    The cut is found by bisection, so the number of measurements grows with the log of
    the length, never with the length. `at_word` cuts at the last whole word when there
    is one in the fitting part (names in lists: "Long game with…", not "Long game wi…").
    """
    text = safe_text(text)
    smallest = min_size()
    for trial in range(size, smallest - 1, -1):
        if measure(text, trial, style) <= max_width:
            return text, trial
    low, high = 0, len(text)  # the longest prefix + "…" that fits is text[:low]
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle].rstrip() + "…", smallest, style) <= max_width:
            low = middle
        else:
            high = middle - 1
    cut = text[:low]
    if at_word and " " in cut.strip():
        cut = cut.rstrip()
        word_end = cut.rfind(" ")
        if word_end > 0 and low < len(text) and text[low] != " ":
            cut = cut[:word_end]
    return cut.rstrip() + "…", smallest


def within(size: int, room: int, style: str = "regular") -> int:
    """The largest designed size up to `size` whose line fits `room` pixels high, never
    drawn smaller than `size` is at 100 %: type on a piece of a fixed size, a card's face,
    grows only as far as the piece leaves room for (at 100 % it is always `size`)."""
    trial = size
    while line_height(trial, style) > room and theme.font_px(trial - 1) >= size:
        trial -= 1
    return trial


def min_size() -> int:
    """The smallest designed size drawn at least MIN_SIZE pixels at the text size in use."""
    size = MIN_SIZE
    while size > 1 and theme.font_px(size - 1) >= MIN_SIZE:
        size -= 1
    return size


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
    """Draw wrapped text inside `rect` (lines past its bottom are not drawn); returns height.

    Where the words do not all fit at the player's text size, they are set smaller, as far
    down as `size` is drawn at 100 %: a box made for the designed size cuts no more
    words at a larger text size than at 100 %."""
    size = _wrapped_size(text, size, rect, style)
    step = line_height(size, style)
    y = rect.top
    for line in wrap(text, size, rect.width, style):
        if y + step > rect.bottom + 1:
            break
        image = render(line, size, color, style)
        x = rect.centerx - image.get_width() // 2 if align == "center" else rect.left
        surface.blit(image, (x, y))
        y += step
    return y - rect.top


def _wrapped_size(text: str, size: int, rect: pygame.Rect, style: str) -> int:
    """The largest designed size up to `size` at which `text` wrapped fits `rect`, no
    smaller than `size` is drawn at 100 % (then as at 100 %: the last lines cut)."""
    trial = size
    while (theme.font_px(trial - 1) >= size
           and len(wrap(text, trial, rect.width, style)) * line_height(trial, style)
           > rect.height + 1):
        trial -= 1
    return trial
