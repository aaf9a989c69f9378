"""The registry of games: every package under `nile.games` that exposes `GAME_INFO`.

Discovery means adding a game never touches a shared list: a new package with a
`GAME_INFO` appears in the launcher, the tools and the conformance suite at once.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import nile.games
from nile.core.game import GameInfo

_REGISTERED: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game that does not live under `nile.games` (tests, experiments)."""
    _REGISTERED[info.id] = info


def _games() -> dict[str, GameInfo]:
    return {**_discover(), **_REGISTERED}


@cache
def _discover() -> dict[str, GameInfo]:
    found: dict[str, GameInfo] = {}
    for module in pkgutil.iter_modules(nile.games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"nile.games.{module.name}")
        info = getattr(package, "GAME_INFO", None)
        if isinstance(info, GameInfo):
            found[info.id] = info
    return found


def all_games() -> list[GameInfo]:
    """Every registered game, in the order of their launcher tiles (then by id)."""
    return sorted(_games().values(), key=lambda g: (g.tile_order, g.id))


def listed_games() -> list[GameInfo]:
    """The games of the launcher: every package under `nile.games` with a `GAME_INFO`.

    Games added with `register` (tests, experiments) can be loaded and played but get
    no tile, so a test's toy game never changes the launcher other tests look at."""
    return sorted(_discover().values(), key=lambda g: (g.tile_order, g.id))


def get(game_id: str) -> GameInfo:
    """The game registered as `game_id`; KeyError with a readable message otherwise."""
    games = _games()
    if game_id not in games:
        raise KeyError(f"Unknown game '{game_id}'.")
    return games[game_id]


def is_registered(game_id: str) -> bool:
    """True if a game with this id is installed."""
    return game_id in _games()


def load(reference: str) -> Any:
    """What a `GameInfo` names as `"module:name"` (its art, builder, builder example),
    imported on first use so the registry itself stays light."""
    module, _, name = reference.partition(":")
    if not name:
        raise ValueError(f"'{reference}' is not 'module:name'.")
    return getattr(importlib.import_module(module), name)
