"""Player names inside engine text, and the one gate every outside string passes.

Engines do not know names, so log lines and refusals say `{p0}`, `{p1}`, …; the UI
turns them into names at the last moment. Strings from saves, settings and the keyboard
reach the screen only through `safe_text`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_REF = re.compile(r"\{p(\d+)\}")


def player_ref(seat: int) -> str:
    """The placeholder for `seat` in engine text."""
    return f"{{p{seat}}}"


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace every `{pN}` with the N-th name (or 'Player N+1' if there is none).

    >>> fill_names("{p1} passes to {p0}.", ["Ann", "Bo"])
    'Bo passes to Ann.'
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    return _REF.sub(name, text)


def count(number: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '3 cards', '2 bonus cards': log lines never say 'card(s)'.

    >>> count(1, "share"), count(2, "share"), count(0, "die", "dice")
    ('1 share', '2 shares', '0 dice')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {plural or noun + 's'}"


def amount(value: float) -> str:
    """The size of a number of points as people write it: at most one decimal, no sign.

    >>> amount(25.0), amount(-0.94), amount(2.34), amount(0.04)
    ('25', '0.9', '2.3', '0')
    """
    size = round(abs(value), 1)
    return str(int(size)) if size.is_integer() else f"{size:.1f}"


def change(value: float, more: str, less: str, noun: str = "") -> str:
    """A change said with a verb that tells whether it is good, never with a bare sign
    ("-0.9" left the player guessing): `more` for a rise, `less` for a fall. One too small
    to show is "nothing" after `more` ("gains 0 points" read like a sum gone wrong); the
    verb is kept as given, so "should gain", "would cost you" still read.

    >>> change(25.0, "gains", "loses", "point"), change(-0.9, "costs", "saves", "point")
    ('gains 25 points', 'saves 0.9 points')
    >>> change(1.0, "costs", "saves", "penalty point"), change(-0.3, "gains", "loses")
    ('costs 1 penalty point', 'loses 0.3')
    >>> change(0.02, "gains", "loses", "point"), change(-0.04, "cost you", "save you")
    ('gains no points', 'cost you nothing')
    """
    size = amount(value)
    if size == "0":
        return f"{more} no {noun}s" if noun else f"{more} nothing"
    verb = less if value < 0 else more
    if not noun:
        return f"{verb} {size}"
    return f"{verb} {size} {noun if size == '1' else noun + 's'}"


# The text gate ------------------------------------------------------------------------------

MAX_SHOWN_CHARS = 400
"""No line on a 1280-pixel canvas shows more; anything longer is cut before it is measured."""

_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (zero-width, bidi, BOM), lone surrogate, private-use, unassigned."""

_AS_SPACE = frozenset({"\t", "\u2028", "\u2029"})


def safe_text(text: object, limit: int = MAX_SHOWN_CHARS, newlines: bool = False) -> str:
    """`text` made safe to draw: the one gate for strings from saves, settings and the keyboard.

    Drops control characters (NUL included), zero-width and bidi controls, byte-order marks,
    lone surrogates and private-use or unassigned code points (fonts crash or lie on them),
    turns tabs and line separators into spaces (newlines too unless `newlines`), and cuts
    the result to `limit` characters in one step, so a 100,000-character title costs no more
    than a short one. Anything that is not a string becomes its `str()` first.

    >>> safe_text("Ann\\x00\\u200b\\u202e")
    'Ann'
    """
    if not isinstance(text, str):
        text = str(text)
    text = text[: limit * 2]  # a cleaned text never grows, so this bounds the work below
    if text.isprintable():  # the common case: nothing to drop
        return text[:limit]
    out = []
    for char in text:
        if char == "\n" and newlines:
            out.append(char)
        elif char in _AS_SPACE or char in "\r\n":
            out.append(" ")
        elif unicodedata.category(char) not in _DROPPED_CATEGORIES:
            out.append(char)
    return "".join(out)[:limit]


def is_safe_char(char: str) -> bool:
    """Whether a typed character may enter a text field (the gate would keep it as it is)."""
    return len(char) == 1 and (char == " " or safe_text(char) == char)


class UnsafeChars:
    """A 'set' of every character the gate drops, for pygame_gui's forbidden characters.

    pygame_gui only asks `char in forbidden`, so the whole Unicode range is covered
    without listing it.
    """

    def __contains__(self, char: object) -> bool:
        return not (isinstance(char, str) and is_safe_char(char))
