"""The game's numbers, read from `data.toml` into frozen dataclasses.

The deck and the dice are invented (LC-1, LC-2) and may be tuned in the data file without
touching code, so the file is checked here and a bad edit fails with a readable message
at import instead of a strange game later.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from nile.core import data as data_files
from nile.games.loose_caboose.rules.cards import Card

PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class DeckData:
    """How many cards of each value, and how many of those are Broken Track (LC-1)."""

    cards: Mapping[int, int]
    broken_track: Mapping[int, int]

    def composition(self) -> dict[Card, int]:
        """Every card face in the box with its count."""
        faces: dict[Card, int] = {}
        for value, count in sorted(self.cards.items()):
            broken = self.broken_track.get(value, 0)
            if count > broken:
                faces[Card(value)] = count - broken
            if broken:
                faces[Card(value, broken=True)] = broken
        return faces

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted(self.cards))


@dataclass(frozen=True)
class DiceData:
    """The dice: how many, and the wheels on each face (LC-2)."""

    count: int
    faces: tuple[int, ...]

    def wheel_odds(self) -> dict[int, Fraction]:
        """Each possible number of wheels on one die with its probability."""
        return {wheels: Fraction(self.faces.count(wheels), len(self.faces))
                for wheels in sorted(set(self.faces))}

    def throw_odds(self, dice: int) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every way `dice` dice can land, as wheels per die (highest first), with its
        probability. The dice are alike, so which die shows what does not matter."""
        odds = self.wheel_odds()
        throws = []
        for wheels in combinations_with_replacement(sorted(odds, reverse=True), dice):
            orders = factorial(dice)
            for face in set(wheels):
                orders //= factorial(wheels.count(face))
            chance = Fraction(orders)
            for face in wheels:
                chance *= odds[face]
            throws.append((wheels, chance))
        return throws


@dataclass(frozen=True)
class SetupData:
    """The starting railway, the deal and the cards set aside (LC-3, LC-9)."""

    railway_cards: int
    hand_size: int
    removed: Mapping[int, int]


@dataclass(frozen=True)
class GameData:
    deck: DeckData
    dice: DiceData
    setup: SetupData


def from_raw(raw: dict[str, Any]) -> GameData:
    """Check the data file's tables; ValueError says what is wrong."""
    deck = DeckData(cards=_int_map(raw["deck"]["cards"], "deck.cards"),
                    broken_track=_int_map(raw["deck"]["broken_track"], "deck.broken_track"))
    dice = DiceData(count=int(raw["dice"]["count"]),
                    faces=tuple(int(face) for face in raw["dice"]["faces"]))
    setup = SetupData(railway_cards=int(raw["setup"]["railway_cards"]),
                      hand_size=int(raw["setup"]["hand_size"]),
                      removed=_int_map(raw["setup"]["removed"], "setup.removed"))
    data = GameData(deck, dice, setup)
    problems = _problems(data)
    if problems:
        raise ValueError("data.toml: " + "; ".join(problems))
    return data


@cache
def game_data() -> GameData:
    """The data shipped with the game (read once)."""
    return from_raw(data_files.load("nile.games.loose_caboose"))


def _int_map(table: Any, where: str) -> dict[int, int]:
    if not isinstance(table, dict):
        raise ValueError(f"data.toml: {where} must be a table")
    return {int(key): int(value) for key, value in table.items()}


def _problems(data: GameData) -> list[str]:
    deck, dice, setup = data.deck, data.dice, data.setup
    problems = []
    if any(value < 1 or count < 1 for value, count in deck.cards.items()):
        problems.append("card values and counts must be positive")
    for value, broken in deck.broken_track.items():
        if not 0 <= broken <= deck.cards.get(value, 0):
            problems.append(f"more Broken Track {value}s than {value}s")
    if dice.count < max(deck.cards):
        problems.append("a card of the highest value needs that many dice (LC-2)")
    if not dice.faces or min(dice.faces) < 0:
        problems.append("dice faces must be wheel counts of 0 or more")
    if setup.railway_cards < 2 or setup.railway_cards % 2 == 0:
        problems.append("the starting railway needs an odd number of cards (caboose in the middle)")
    for players in PLAYER_COUNTS:
        if players not in setup.removed:
            problems.append(f"no removal count for {players} players")
            continue
        needed = setup.railway_cards + setup.removed[players] + setup.hand_size * players + 1
        if needed > deck.size:
            problems.append(f"not enough cards to set up {players} players")
    return problems
