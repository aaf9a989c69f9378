"""Player names inside engine text.

Engines do not know names, so log lines and refusals say `{p0}`, `{p1}`, …; the UI
turns them into names at the last moment.
"""

from __future__ import annotations

import re
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
