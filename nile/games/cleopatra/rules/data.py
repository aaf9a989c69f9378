"""The component data of Cleopatra's Caboose, read once from `data.toml` (invented data).

Everything is turned into small integer indices so the engine works on flat lists:
cities 0–11 (west column north to south, then east column), tracks 0–15, fruits 0–4,
City cards 0–59 (one kind per card), Auction card *kinds* 0–38 (the four Train values,
then the 20 Building cards, then the 15 Fruit cards; only Train kinds have copies).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nile.core import data as data_files

TRAIN, BUILDING, FRUIT_CARD = 0, 1, 2


@dataclass(frozen=True, slots=True)
class CityCard:
    """A City card: the city it names and its two demands (fruit, Florin)."""

    city: int
    demands: tuple[tuple[int, int], ...]
    name: str


@dataclass(frozen=True, slots=True)
class AuctionKind:
    """One kind of Auction card (Train cards of a value share a kind)."""

    category: int
    name: str
    copies: int
    trains: int = 0
    cost: int = 0
    building_type: int = -1
    fruits: tuple[int, ...] = ()
    """The fruit cost of a Building card, or the fruits printed on a Fruit card."""
    vp: int = 0
    bonus: int = 0


@dataclass(frozen=True, slots=True)
class God:
    number: int
    name: str
    power: str


@dataclass(frozen=True)
class GameData:
    """Every fixed fact of the game, indexed for speed."""

    fruits: tuple[str, ...]
    cities: tuple[str, ...]
    parity: tuple[int, ...]
    """CC-1: the ladder is bipartite; neighbouring cities have different parity."""
    tracks: tuple[tuple[int, int], ...]
    city_tracks: tuple[tuple[int, ...], ...]
    outer: tuple[int, ...]
    five_player_extra: tuple[int, ...]
    turn_line: tuple[int, ...]
    prestige_markers: tuple[tuple[int, int], ...]
    pyramids: tuple[int, ...]
    building_markers: tuple[int, int]
    city_cards: tuple[CityCard, ...]
    auction: tuple[AuctionKind, ...]
    building_types: tuple[str, ...]
    gods: tuple[God, ...]
    building_type_vp: tuple[int, ...]
    fruit_type_vp: tuple[int, ...]
    florin_per_vp: int
    cubes_per_fruit: int
    market_min: int
    market_max: int
    start_money: int
    trains_per_player: int
    city_display_size: int
    city_hand_size: int

    # Lookups -----------------------------------------------------------------------

    def city(self, name: str) -> int:
        return self.cities.index(name)

    def fruit(self, name: str) -> int:
        return self.fruits.index(name)

    def track(self, name: str) -> int:
        """The track named 'Edfu-Thebes' (either order)."""
        a, _, b = name.partition("-")
        ends = {self.city(a.strip()), self.city(b.strip())}
        for index, (x, y) in enumerate(self.tracks):
            if {x, y} == ends:
                return index
        raise KeyError(f"No track joins {a} and {b}.")

    def track_name(self, track: int) -> str:
        a, b = self.tracks[track]
        return f"{self.cities[a]}-{self.cities[b]}"

    def other_end(self, track: int, city: int) -> int:
        a, b = self.tracks[track]
        return b if a == city else a

    def city_card(self, name: str) -> int:
        for index, card in enumerate(self.city_cards):
            if card.name == name:
                return index
        raise KeyError(f"No City card '{name}'.")

    def auction_kind(self, name: str) -> int:
        for index, kind in enumerate(self.auction):
            if kind.name == name:
                return index
        raise KeyError(f"No Auction card '{name}'.")

    def god(self, name: str) -> int:
        for index, god in enumerate(self.gods):
            if god.name == name:
                return index
        raise KeyError(f"No god '{name}'.")

    def kinds(self, category: int) -> range:
        first = next(i for i, k in enumerate(self.auction) if k.category == category)
        last = max(i for i, k in enumerate(self.auction) if k.category == category)
        return range(first, last + 1)


def _fruit_list(names: list[str], fruits: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(fruits.index(n) for n in names)


def _auction_kinds(raw: dict[str, Any], fruits: tuple[str, ...],
                   types: tuple[str, ...]) -> tuple[AuctionKind, ...]:
    kinds: list[AuctionKind] = []
    for trains, cost, copies in raw["trains"]:
        kinds.append(AuctionKind(TRAIN, f"{trains}-train", copies, trains=trains, cost=cost))
    for b in raw["buildings"]:
        cost = _fruit_list(b["cost"], fruits)
        bonus = f", +{b['bonus']}" if b["bonus"] else ""
        name = f"{b['type']} ({'+'.join(b['cost'])}, {b['vp']} VP{bonus})"
        kinds.append(AuctionKind(BUILDING, name, 1, building_type=types.index(b["type"]),
                                 fruits=cost, vp=b["vp"], bonus=b["bonus"]))
    for pair in raw["fruit_cards"]:
        kinds.append(AuctionKind(FRUIT_CARD, "Fruit " + "+".join(pair), 1,
                                 fruits=_fruit_list(pair, fruits)))
    return tuple(kinds)


def _board(raw: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...],
                                         tuple[tuple[int, int], ...]]:
    west, east = raw["west"], raw["east"]
    rows = len(west)
    cities = tuple(west) + tuple(east)
    parity = tuple((i % rows + i // rows) % 2 for i in range(len(cities)))
    tracks = [(i, i + 1) for i in range(rows - 1)]
    tracks += [(rows + i, rows + i + 1) for i in range(rows - 1)]
    tracks += [(i, rows + i) for i in range(rows)]
    return cities, parity, tuple(tracks)


@cache
def game_data() -> GameData:
    """The game's data, loaded once."""
    raw = data_files.load("nile.games.cleopatra")
    fruits = tuple(raw["fruits"])
    cities, parity, tracks = _board(raw["board"])
    types = tuple(dict.fromkeys(b["type"] for b in raw["buildings"]))
    city_cards = tuple(
        CityCard(cities.index(c["city"]),
                 tuple((fruits.index(f), int(p)) for f, p in c["demands"]),
                 f"{c['city']} ("
                 + ", ".join(f"{f} {p}" for f, p in c["demands"]) + ")")
        for c in raw["city_cards"])
    board = raw["board"]
    return GameData(
        fruits=fruits, cities=cities, parity=parity, tracks=tracks,
        city_tracks=tuple(tuple(t for t, ends in enumerate(tracks) if c in ends)
                          for c in range(len(cities))),
        outer=tuple(cities.index(c) for c in board["outer"]),
        five_player_extra=tuple(cities.index(c) for c in board["five_player_extra"]),
        turn_line=tuple(board["turn_line"]),
        prestige_markers=tuple((int(a), int(b)) for a, b in raw["prestige_markers"]),
        pyramids=tuple(raw["pyramids"]),
        building_markers=(raw["building_markers"]["plus1"], raw["building_markers"]["plus2"]),
        city_cards=city_cards,
        auction=_auction_kinds(raw, fruits, types),
        building_types=types,
        gods=tuple(God(g["number"], g["name"], g["power"]) for g in raw["gods"]),
        building_type_vp=tuple(raw["building_type_vp"]),
        fruit_type_vp=tuple(raw["fruit_type_vp"]),
        florin_per_vp=raw["florin_per_vp"],
        cubes_per_fruit=raw["cubes_per_fruit"],
        market_min=raw["market_min"], market_max=raw["market_max"],
        start_money=raw["start_money"], trains_per_player=raw["trains_per_player"],
        city_display_size=raw["city_display_size"], city_hand_size=raw["city_hand_size"],
    )
