"""A game as one file to hand to someone: export a save (finished or not) to the shared
folder, import one from it.

An exported file is an ordinary save, so it can also be opened with Load. Importing reads it
as carefully as any save (`saves.load` replays every action through the rules) before a copy
goes among the player's saves, under a name no other save has; the file itself is left as it
was. An unfinished game's file holds every hand: the app says so before writing it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nile.core import library, paths, registry, saves
from nile.core.errors import SaveError
from nile.core.library import SaveEntry

SUFFIX = ".json"


def export(entry: SaveEntry) -> Path:
    """Copy the save `entry` into the shared folder under its name (an autosave, which has
    none, under its game and date; a file of that name there gets a number); SaveError if
    it cannot be read, OSError if it cannot be written."""
    name = f"{entry.title} {entry.when}" if entry.autosave else entry.name
    return export_data(saves.read_json(entry.path), name)


def reveals_hands(entry: SaveEntry) -> bool:
    """Whether the file of `entry` would show a player's hidden cards: a game not over,
    of a game that hides something under its options (Cairo and Age of Steam hide
    nothing). A file that cannot be read is assumed to, so the player is asked."""
    if entry.finished:
        return False
    try:
        data = saves.check_header(saves.read_json(entry.path), entry.name)
        info = registry.get(data["game"])
        options = data.get("options", {})
        return info.hides_information(info.resolve_options(options if isinstance(
            options, dict) else {}))
    except (SaveError, ValueError, TypeError):
        return True


def export_data(data: Any, name: str) -> Path:
    """Write a save's data (a finished game from the records, say) to the shared folder;
    nothing damaged leaves the app: the data is checked as a save first."""
    saves.match_from_save(data, name)
    target = _free_name(paths.shared_dir(), library.file_name_for(name))
    saves.write_atomic(target, _named(data, name))
    return target


def importable() -> list[SaveEntry]:
    """The files in the shared folder, as the Load list shows them (damaged ones say why)."""
    folder = paths.shared_dir()
    try:
        files = sorted((p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()),
                       key=lambda p: p.name.lower())
    except OSError:
        return []
    return [library.summarize(path) for path in files]


def import_file(entry: SaveEntry) -> Path:
    """Check the file and copy it among the saves; SaveError says what is wrong with it,
    OSError that the saves folder cannot be written."""
    data = saves.read_json(entry.path)
    saves.match_from_save(data, entry.name)
    target = _free_name(paths.saves_dir(), library.file_name_for(entry.name))
    saves.write_atomic(target, _named(data, target.stem))
    return target


def _named(data: Any, name: str) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))  # a plain copy: the file's own data stays as read
    copy["name"] = name
    return copy  # type: ignore[no-any-return]


def _free_name(folder: Path, file_name: str) -> Path:
    """`file_name` in `folder`, or `name (2).json`, `name (3).json`… if it is taken."""
    target = folder / file_name
    stem = target.stem
    number = 2
    while target.exists():
        target = folder / f"{stem} ({number}){SUFFIX}"
        number += 1
    return target
