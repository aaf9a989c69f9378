"""pytest plugin (`-p tests.toy_plugin`): before collection, the complete toy package of
`tests/toy_package.py` joins the games, as if it had been dropped into `nile/games/`, so
every parametrization over the registry includes it."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

import nile.games
from nile.core import registry
from tests import toy_package

_FOLDER: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="nile-toy-games-"))
    toy_package.write(folder)
    _FOLDER.append(folder)
    nile.games.__path__.append(str(folder))
    registry._discover.cache_clear()


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _FOLDER:
        shutil.rmtree(folder, ignore_errors=True)
