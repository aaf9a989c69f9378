"""The static map: hexes, terrain, cities, towns and the edges that matter (Nile, walls).

Maps are TOML files in `maps/`, read once and shared by every state of a game (never
copied). A map is a grid of characters, one per hex, in odd-q offset coordinates:

    ' '  not on the map       '.'  plain          'm'  mountain       'M'  high mountain
    'r'  river hex             'd'  desert         's'  canal (Egypt)  'C'  city
    't'  town                  'P'  pyramid (Egypt)

Cities and towns are listed with their names; the grid letter and the list must agree
(`check_map` says so otherwise). Edges are given as pairs of hexes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from nile.core import data as data_files
from nile.games.age_of_steam.rules.hexes import label, neighbour_offset, opposite

MAP_NAMES = ("chile", "cccp", "egypt")
TERRAIN = {".": "plain", "m": "mountain", "M": "high_mountain", "r": "river",
           "d": "desert", "s": "canal", "C": "city", "t": "town", "P": "pyramid"}


@dataclass(frozen=True)
class City:
    """A printed city: its hexes (Al Qahirah has two), colour, growth number and goods."""

    name: str
    hexes: tuple[int, ...]
    colour: str
    growth: str | None
    """Display row that feeds it, e.g. 'light 3'; None for a city that never grows."""
    goods: int


@dataclass(frozen=True)
class MapData:
    """Everything printed on one map board."""

    name: str
    title: str
    min_players: int
    max_players: int
    cells: tuple[tuple[int, int], ...]
    terrain: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    """neighbours[h][d]: the hex across edge d, or -1 off the map or across a wall."""
    cities: tuple[City, ...]
    city_of_hex: dict[int, int]
    town_names: dict[int, str]
    nile_west: frozenset[int] = frozenset()
    nile_east: frozenset[int] = frozenset()
    nile_edges: tuple[tuple[int, int], ...] = ()
    walls: tuple[tuple[int, int], ...] = ()
    index: dict[tuple[int, int], int] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    twin_of: dict[int, int] = field(default_factory=dict)
    """The other hex of a city printed over two hexes (Al Qahirah), for each of them:
    a route's search asks at every stop it reaches."""

    @property
    def labels(self) -> tuple[str, ...]:
        return self.extra["_labels"]  # type: ignore[no-any-return]

    @property
    def size(self) -> int:
        return len(self.cells)

    def label(self, hex_id: int) -> str:
        return label(*self.cells[hex_id])

    def hex_at(self, text: str) -> int:
        """The hex named 'column,row'; KeyError if it is not on the map."""
        by_label: dict[str, int] = self.extra["_by_label"]
        return by_label[text]

    def city_named(self, name: str) -> City:
        for city in self.cities:
            if city.name == name:
                return city
        raise KeyError(name)

    def hex_of(self, place: str) -> int:
        """A city's first hex or a town's hex by name, or the hex labelled 'column,row'
        (how tests and scenarios name places); KeyError if there is no such place."""
        if "," in place:
            return self.hex_at(place)
        for h, name in self.town_names.items():
            if name == place:
                return h
        return self.city_named(place).hexes[0]

    def place_name(self, hex_id: int) -> str:
        """A city's or town's name, or the hex label."""
        if hex_id in self.city_of_hex:
            return self.cities[self.city_of_hex[hex_id]].name
        return self.town_names.get(hex_id, self.label(hex_id))

    def whereabouts(self, hex_id: int) -> str:
        """Where a hex is, as a player would say it: 'in Ovalle', 'next to La Serena',
        'near Tanta' (two or three hexes away), '5 hexes from Calama' further out.

        The board prints no coordinates, so the log names places instead."""
        if self._is_named(hex_id):
            return f"in {self.place_name(hex_id)}"
        ring, seen, distance = [hex_id], {hex_id}, 0
        while ring:
            distance += 1
            ring = sorted({n for h in ring for n in self._raw(h) if n not in seen})
            seen.update(ring)
            named = [h for h in ring if self._is_named(h)]
            if named:
                name = self.place_name(min(named))
                if distance <= 3:
                    return f"{'next to' if distance == 1 else 'near'} {name}"
                return f"{distance} hexes from {name}"
        return "far from any place"

    def _is_named(self, hex_id: int) -> bool:
        return hex_id in self.city_of_hex or hex_id in self.town_names

    def _raw(self, hex_id: int) -> list[int]:
        return [n for n in self.neighbours[hex_id] if n >= 0]


@cache
def load_map(name: str) -> MapData:
    """Read `maps/<name>.toml` once."""
    if name not in MAP_NAMES:
        raise KeyError(f"Unknown Age of Steam map '{name}'.")
    data = data_files.load("nile.games.age_of_steam", f"maps/{name}.toml")
    return build_map(name, data)


def build_map(name: str, data: dict[str, Any]) -> MapData:
    """A MapData from parsed TOML (tests build small maps this way too)."""
    rows: list[str] = list(data["grid"])
    cells: list[tuple[int, int]] = []
    terrain: list[str] = []
    for row, line in enumerate(rows):
        for col, char in enumerate(line):
            if char != " ":
                cells.append((col, row))
                terrain.append(TERRAIN[char])
    index = {cell: i for i, cell in enumerate(cells)}
    walls = tuple(_pair(index, pair) for pair in data.get("walls", []))
    blocked = {(a, b) for a, b in walls} | {(b, a) for a, b in walls}
    neighbours = tuple(_neighbours(cells, index, h, blocked) for h in range(len(cells)))
    cities = tuple(_city(index, spec) for spec in data.get("cities", []))
    city_of_hex = {h: i for i, c in enumerate(cities) for h in c.hexes}
    twin_of = {h: other for h in city_of_hex for other in reversed(city_of_hex)
               if other != h and cities[city_of_hex[other]].name == cities[city_of_hex[h]].name}
    towns = {index[(int(t["at"][0]), int(t["at"][1]))]: str(t["name"])
             for t in data.get("towns", [])}
    nile = tuple(_pair(index, pair) for pair in data.get("nile", []))
    return MapData(
        name=name, title=str(data.get("title", name)),
        min_players=int(data["players"][0]), max_players=int(data["players"][1]),
        cells=tuple(cells), terrain=tuple(terrain), neighbours=neighbours,
        cities=cities, city_of_hex=city_of_hex, town_names=towns,
        nile_west=frozenset(a for a, _ in nile), nile_east=frozenset(b for _, b in nile),
        nile_edges=nile, walls=walls, index=index, twin_of=twin_of,
        extra={**{k: v for k, v in data.items()
                  if k not in ("grid", "cities", "towns", "nile", "walls")},
               "_labels": tuple(label(c, r) for c, r in cells),
               "_by_label": {label(c, r): i for i, (c, r) in enumerate(cells)}},
    )


def _pair(index: dict[tuple[int, int], int], pair: list[int]) -> tuple[int, int]:
    return index[(pair[0], pair[1])], index[(pair[2], pair[3])]


def _neighbours(cells: list[tuple[int, int]], index: dict[tuple[int, int], int], h: int,
                blocked: set[tuple[int, int]]) -> tuple[int, ...]:
    col, row = cells[h]
    result = []
    for d in range(6):
        n = index.get(neighbour_offset(col, row, d), -1)
        result.append(-1 if (h, n) in blocked else n)
    return tuple(result)


def _city(index: dict[tuple[int, int], int], spec: dict[str, Any]) -> City:
    at = spec["at"]
    spots = at if isinstance(at[0], list) else [at]
    growth = spec.get("growth") or None
    return City(str(spec["name"]), tuple(index[(int(c), int(r))] for c, r in spots),
                str(spec["colour"]), growth, int(spec.get("goods", 2)))


def check_map(data: MapData) -> list[str]:
    """Problems with a map: grid and lists disagreeing, unreachable cities, bad edges."""
    problems: list[str] = []
    for h, kind in enumerate(data.terrain):
        if kind == "city" and h not in data.city_of_hex:
            problems.append(f"{data.label(h)} is drawn as a city but not listed")
        if kind == "town" and h not in data.town_names:
            problems.append(f"{data.label(h)} is drawn as a town but not named")
    for h in data.city_of_hex:
        if data.terrain[h] != "city":
            problems.append(f"city {data.place_name(h)} is not drawn as a city")
    for h in data.town_names:
        if data.terrain[h] != "town":
            problems.append(f"town {data.town_names[h]} is not drawn as a town")
    for a, b in data.nile_edges:
        if b not in _raw_neighbours(data, a):
            problems.append(f"Nile edge {data.label(a)}|{data.label(b)} is not an edge")
    reached = _reachable(data, next(iter(data.city_of_hex)))
    for city in data.cities:
        if not any(h in reached for h in city.hexes):
            problems.append(f"{city.name} cannot be reached over land")
    return problems


def _raw_neighbours(data: MapData, h: int) -> set[int]:
    col, row = data.cells[h]
    return {data.index.get(neighbour_offset(col, row, d), -1) for d in range(6)}


def _reachable(data: MapData, start: int) -> set[int]:
    """Hexes reachable from `start` stepping over land and through walls' open sides."""
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        for n in data.neighbours[h]:
            if n >= 0 and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def edge_between(data: MapData, a: int, b: int) -> int:
    """The edge of `a` that faces `b` (ValueError if they are not neighbours)."""
    for d, n in enumerate(data.neighbours[a]):
        if n == b:
            return d
    raise ValueError(f"{data.label(a)} and {data.label(b)} are not neighbours")


__all__ = ["MAP_NAMES", "City", "MapData", "build_map", "check_map", "edge_between",
           "load_map", "opposite"]
