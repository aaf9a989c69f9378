"""The 50 terrain cards and the game's numbers, read once from `data.toml`.

A card is an int 0..49: `terrain * 10 + index`. Everything about a card is looked up in
flat tuples indexed by that int (`RAILS[card]`, `COINS[card]`, ...), which keeps the hot
paths of the bots cheap. The distribution is invented (VK-2); the rails needed per
terrain follow the reference card (VK-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nile.core import data as data_files

RIVER = 0
"""Terrain number of the River: a locomotive standing before one earns bonus cards."""


@dataclass(frozen=True)
class Rules:
    """The tunable numbers of `data.toml`."""

    start_capital: int
    rail_price: int
    bonus_cap: int
    win_crossings: int
    back_rails: int


def _load() -> dict[str, Any]:
    return data_files.load("nile.games.kap_kairo")


_DATA = _load()

RULES = Rules(
    start_capital=int(_DATA["start_capital"]),
    rail_price=int(_DATA["rail_price"]),
    bonus_cap=int(_DATA["bonus_cap"]),
    win_crossings=int(_DATA["win_crossings"]),
    back_rails=int(_DATA["back_rails"]),
)

TERRAIN_NAMES: tuple[str, ...] = tuple(str(t["name"]) for t in _DATA["terrain"])
TERRAIN_NEEDS: tuple[int, ...] = tuple(int(t["need"]) for t in _DATA["terrain"])
_LETTERS: tuple[str, ...] = tuple(str(t["letter"]) for t in _DATA["terrain"])
_PRINTED: tuple[int, ...] = tuple(int(r) for r in _DATA["rails"])
_OFFSETS: tuple[int, ...] = tuple(int(o) for o in _DATA["offsets"])
PER_TERRAIN = len(_PRINTED)

DECK_SIZE = len(TERRAIN_NAMES) * PER_TERRAIN
CARDS: tuple[int, ...] = tuple(range(DECK_SIZE))

TERRAIN: tuple[int, ...] = tuple(c // PER_TERRAIN for c in CARDS)
RAILS: tuple[int, ...] = tuple(_PRINTED[c % PER_TERRAIN] for c in CARDS)
COINS: tuple[int, ...] = tuple(
    int(_DATA["terrain"][c // PER_TERRAIN]["coin_low"]) + _OFFSETS[c % PER_TERRAIN] for c in CARDS
)
NEED: tuple[int, ...] = tuple(TERRAIN_NEEDS[t] for t in TERRAIN)
NAMES: tuple[str, ...] = tuple(f"{_LETTERS[c // PER_TERRAIN]}{c % PER_TERRAIN}" for c in CARDS)
CARD_BY_NAME: dict[str, int] = {name: card for card, name in enumerate(NAMES)}


def card_named(name: str) -> int:
    """The card called `name` ("R3"); ValueError with the valid forms otherwise."""
    card = CARD_BY_NAME.get(name.strip().upper())
    if card is None:
        raise ValueError(
            f"No card is called '{name}': use a terrain letter "
            f"({', '.join(_LETTERS)}) and a number 0-{PER_TERRAIN - 1}."
        )
    return card


def card_title(card: int) -> str:
    """A card by its terrain and code, as the table prints it: "Village V7"."""
    return f"{TERRAIN_NAMES[TERRAIN[card]]} {NAMES[card]}"


def describe_card(card: int) -> str:
    """A card in words: "River R3 (1 rail, £9)"."""
    rails = RAILS[card]
    unit = "rail" if rails == 1 else "rails"
    return f"{card_title(card)} ({rails} {unit}, £{COINS[card]})"
