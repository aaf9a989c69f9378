"""The games a per-game test runs for: the registry's listed games, never a list typed in a
test, so a new package under `nile/games/` is tested the moment it exists
(`tests/test_game_packages.py` drops a toy package in and sees every per-game test run)."""

from __future__ import annotations

from typing import Any

from nile.core import registry
from nile.core.game import GameInfo


def games() -> list[GameInfo]:
    """Every game with a launcher tile, in tile order."""
    return registry.listed_games()


def ids() -> list[str]:
    """The listed games' ids: `@pytest.mark.parametrize("game", per_game.ids())`."""
    return [info.id for info in games()]


def named(game: str, field: str) -> Any:
    """What `GAME_INFO.<field>` names as `"module:name"`, loaded (a test fails, naming the
    game and the field, when the game names nothing)."""
    reference = getattr(registry.get(game), field)
    assert reference, f"{game}: GAME_INFO.{field} names nothing"
    return registry.load(reference)
