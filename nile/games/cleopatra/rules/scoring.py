"""Endgame scoring of Cleopatra's Caboose as pure functions (no state, no data file).

The engine calls these at the end of the game; the tests and the scene may call them on
any numbers. City majorities follow the rulebook and CC-10: first place scores the city's
prestige, each next place half the place before it, rounded up; tied players add the
points of the places they occupy and share them evenly, rounding up; a player with no
train around the city scores nothing there; with 3 players there is no third place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def place_values(prestige: int, num_players: int) -> list[int]:
    """Points for first, second (and third unless 3 players) place at a city.

    >>> place_values(13, 4)
    [13, 7, 4]
    >>> place_values(13, 3)
    [13, 7]
    """
    second = _ceil_div(prestige, 2)
    if num_players <= 3:  # CC-10: no third place with 3 players
        return [prestige, second]
    return [prestige, second, _ceil_div(second, 2)]


def city_majority(prestige: int, trains: Mapping[int, int], num_players: int) -> dict[int, int]:
    """Points each seat scores at one city (seat -> points; seats with no train: 0).

    `trains` maps seats to their trains around the city. Groups of equal counts take
    consecutive places; a group shares the sum of its places' values, rounded up.

    >>> city_majority(19, {0: 3, 1: 3, 2: 1}, 4)
    {0: 15, 1: 15, 2: 5}
    """
    seats = list(trains)
    points = majority_points(prestige, [trains[s] for s in seats], num_players)
    return dict(zip(seats, points, strict=True))


def majority_points(prestige: int, counts: Sequence[int], num_players: int) -> list[int]:
    """`city_majority` on a list of train counts (one per seat), for speed."""
    values = place_values(prestige, num_players)
    result = [0] * len(counts)
    place = 0
    for count in sorted({n for n in counts if n > 0}, reverse=True):
        group = [i for i, n in enumerate(counts) if n == count]
        pot = sum(values[place:place + len(group)])
        if pot:
            share = _ceil_div(pot, len(group))
            for i in group:
                result[i] = share
        place += len(group)
        if place >= len(values):
            break
    return result


def money_vp(florin: int, florin_per_vp: int = 3) -> int:
    """One victory point for every three Florin left (rounded down)."""
    return max(0, florin) // florin_per_vp


def types_vp(types: int, table: Sequence[int]) -> int:
    """Victory points for `types` different building or fruit types, from the table."""
    return table[min(types, len(table) - 1)]
