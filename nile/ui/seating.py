"""Setup remembers each game's last seating: who sat where (a person or a bot and its
level), their names and colours, and the options, as they were when Start was pressed.

One small JSON file in the config folder, read as carefully as a save: anything in it that
does not fit the game as it is now (a level it no longer offers, a foreign option, a name
that is not text) makes setup start from its defaults instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nile.core import paths, saves
from nile.core.errors import SaveError
from nile.core.game import GameInfo
from nile.core.text import safe_text

MAX_BYTES = 64 * 1024


@dataclass
class SeatRow:
    """One row of the setup screen: a kind ("Human", "Bot (hard)", "Empty"), a name and
    a colour (an index in the palette)."""

    kind: str
    name: str
    color: int


def seating_path() -> Path:
    return paths.config_dir() / "seating.json"


def remembered(info: GameInfo, kinds: tuple[str, ...],
               palette_size: int) -> tuple[list[SeatRow], dict[str, str]] | None:
    """The last seating and options of `info`, or None if there is none that fits."""
    try:
        data = saves.read_json(seating_path(), MAX_BYTES) if seating_path().exists() else {}
    except SaveError:
        return None
    entry = data.get(info.id) if isinstance(data, dict) else None
    if not isinstance(entry, dict):
        return None
    rows = _rows(entry.get("rows"), kinds, palette_size)
    options = entry.get("options")
    if rows is None or not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        return None
    try:
        return rows, info.resolve_options(options)
    except ValueError:
        return None


def remember(info: GameInfo, rows: list[SeatRow], options: dict[str, str]) -> None:
    """Keep this seating for the next setup of `info`; OSError reaches the caller."""
    try:
        data = saves.read_json(seating_path(), MAX_BYTES) if seating_path().exists() else {}
    except SaveError:
        data = {}
    data = data if isinstance(data, dict) else {}
    data[info.id] = {"rows": [{"kind": r.kind, "name": r.name, "color": r.color} for r in rows],
                     "options": dict(options)}
    saves.write_atomic(seating_path(), data)


def _rows(raw: Any, kinds: tuple[str, ...], palette_size: int) -> list[SeatRow] | None:
    if not isinstance(raw, list) or not raw or len(raw) > 8:
        return None
    rows = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        kind, name, color = item.get("kind"), item.get("name"), item.get("color")
        if (kind not in kinds or not isinstance(name, str) or not isinstance(color, int)
                or isinstance(color, bool) or not 0 <= color < palette_size):
            return None
        rows.append(SeatRow(kind, safe_text(name, 20), color))
    return rows
