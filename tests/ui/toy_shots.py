"""The toy package's scripted screens (its `GAME_INFO.shots`): one table, as every game
has at least one shot and names its busiest as `BENCH_SHOT`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core import registry
from nile.core.session import Match, SeatConfig
from nile.ui.shots import on_table
from tests.toy_package import TOY_ID
from tests.ui.toy_scene import ToyScene

if TYPE_CHECKING:
    from nile.app import App


def table(app: App) -> None:
    """A new toy game, a person against a bot, over the launcher."""
    seats = (SeatConfig("Ann", "human", color=0), SeatConfig("Amun", "bot", "normal", 1))
    on_table(app, ToyScene(app, Match.new(registry.get(TOY_ID), seats, seed=3)))


SHOTS = {"table": table}
BENCH_SHOT = "table"
