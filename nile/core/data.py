"""The one loader of a game's data files (`data.toml`, Age of Steam's maps).

Every package reads its numbers through `load`, so the data are found the same way from a
checkout or an installed wheel (`importlib.resources`), and a broken file names itself: a
syntax error says which file and where, instead of a bare parser message.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


class DataError(ValueError):
    """A data file that cannot be read or parsed."""


def has(package: str, name: str = "data.toml") -> bool:
    """Whether `package` exists and ships the file `name` (a game without a tutorial yet)."""
    try:
        return resources.files(package).joinpath(name).is_file()
    except ModuleNotFoundError:
        return False


def load(package: str, name: str = "data.toml") -> dict[str, Any]:
    """The TOML file `name` (a path inside the package, "maps/chile.toml") of `package`
    ("nile.games.cairo"), parsed afresh: callers keep their own frozen view of it."""
    where = f"{package.replace('.', '/')}/{name}"
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"{where} cannot be read: {error}") from error
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{where}: {error}") from error
