"""Numbers shared by every map, read once from data.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nile.core import data as data_files


@dataclass(frozen=True)
class Config:
    raw: dict[str, Any]

    def start(self, key: str) -> int:
        return int(self.raw["start"][key])

    def turns(self, players: int) -> int:
        """AS-2: 10/8/7/6 turns for 3/4/5/6 players."""
        return int(self.raw["turns"][str(players)])

    @property
    def goods(self) -> dict[str, int]:
        return {str(k): int(v) for k, v in self.raw["goods"].items()}

    def cost(self, key: str) -> int:
        return int(self.raw["costs"][key])

    def builds(self, key: str) -> int:
        return int(self.raw["builds"][key])

    @property
    def reduction(self) -> list[tuple[int, int]]:
        return [(int(a), int(b)) for a, b in self.raw["reduction"]["brackets"]]

    @property
    def new_cities(self) -> dict[str, tuple[str, str]]:
        """letter -> (colour, display row)."""
        return {k: (str(v["colour"]), str(v["row"])) for k, v in self.raw["new_cities"].items()}

    def row_size(self, row: str) -> int:
        key = "lettered_row_size" if len(row) == 1 else "numbered_row_size"
        return int(self.raw["display"][key])


@cache
def config() -> Config:
    return Config(data_files.load("nile.games.age_of_steam"))


DISPLAY_ROWS = tuple([f"light {n}" for n in range(1, 7)] + [f"dark {n}" for n in range(1, 7)]
                     + list("ABCDEFGH"))
"""The goods display, filled in this order: light 1–6, dark 1–6, then the new-city rows."""


COLOURS = ("red", "blue", "purple", "yellow", "black")
"""The goods colours, in the order the state and the views list them."""
