"""The Age of Steam game state: data, its pure queries, copying, saving, hidden goods.

The bottom floor of the rules: this module imports no phase. The phases live in their own
modules (setup, market, build, move, upkeep) and change this data; `dispatch.AgeOfSteamGame`
is this state with its rules (it answers the engine protocol by handing each action to
its phase). Annotate with `AgeOfSteamState`; create games with `rules.new_game`. Chance
(bag draws, dice, the first turn order) is the CHANCE player; the bag is an unordered pool
of counts.

What a screen draws, all public in the state (or its observation):
- the board: `map` (cells, terrain, cities, towns, Nile edges, walls), `tiles` (hex ->
  tile, rotation, owner per track), `new_cities`, `goods`, `pyramids`, `rules.flooded`;
  `network()` gives links and loose ends;
- the side boards: `display` (goods display rows), `supply` (tile pools), `bag`,
  `red_reserve`, each seat's `cash`, `shares`, `income`, `loco`, `actions`, `kept`;
- the turn: `round`/`last_round`, `phase`, `order`, `current_player`, the auction
  (`bidders`, `high_bid`, `high_bidder`), `builds_done`;
- the choices: `legal_actions()`, with `build_prices` (ghost tiles and their prices) and
  `offered_routes` (each delivery's path, income per owner and ferry fee).
Every change comes with an Event (rules/events.py).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from nile.core.game import CHANCE, Action, GameState
from nile.games.age_of_steam.rules.actions import Build, Deliver
from nile.games.age_of_steam.rules.config import DISPLAY_ROWS, config
from nile.games.age_of_steam.rules.mapdata import MapData, load_map
from nile.games.age_of_steam.rules.network import Network, Placed, build_network
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.tiles import catalogue

COLOURS = ("red", "blue", "purple", "yellow", "black")
PYRAMID_SLOTS = 14

_LIST_FIELDS = ("cash", "shares", "income", "loco", "alive", "bankrupt_round", "order",
                "actions", "queue", "pending", "production_hand", "dice_left", "bidders",
                "placed_now", "kept_hidden")
_DICT_FIELDS = ("bag", "supply", "removed", "new_cities", "bids", "places")
_SCALAR_FIELDS = ("map_name", "players", "round", "last_round", "phase", "qpos",
                  "free_pass_holder", "high_bid", "high_bidder", "auction_pos",
                  "free_pass_left", "builds_done", "urbanized", "red_reserve",
                  "loco_used", "start_players")


@dataclass(frozen=True)
class Route:
    """A delivery worked out: where it ends, what it passes, who earns, the ferry fee."""

    action: Deliver
    destination: int
    entered: tuple[int, ...]
    income: dict[int, int]
    fee: int


class MapHooks(Protocol):
    """What the state and the phases ask of a map's special rules (`maprules.MapRules`
    and its per-map subclasses implement it; AS-3, AS-4, AS-5). Named here, as a
    protocol, so that the state holds its map's rules without importing them."""

    @property
    def special_action(self) -> str:
        """The map's own action tile: 'production', 'communism' or 'ferry'."""

    @property
    def removed_new_cities(self) -> tuple[str, ...]:
        """New-city tiles not in play on this map."""

    @property
    def hidden_kept_goods(self) -> bool:
        """CCCP: delivered red and black goods are kept face down (AS-4)."""

    def setup_goods(self, state: AgeOfSteamState) -> list[str]:
        """Put fixed goods in place; the chance draws still to make, in order."""

    def buildable(self, state: AgeOfSteamState, h: int) -> bool:
        """May track be laid on this (non-stop) hex now?"""

    def terrain_cost(self, state: AgeOfSteamState, h: int) -> int:
        """The price of a simple track on hex `h` now."""

    def build_cost(self, state: AgeOfSteamState, seat: int, cost: int) -> int:
        """The final price of one tile action for `seat`."""

    def flooded(self, state: AgeOfSteamState, h: int) -> bool:
        """Is hex `h` flooded this turn?"""

    def town_accepts(self, colour: str) -> bool:
        """May a good of this colour end its journey at a town?"""

    def counts_stop(self, state: AgeOfSteamState, h: int, colour: str) -> bool:
        """Does arriving at stop `h` end a link for this good?"""

    def route_income(self, state: AgeOfSteamState, colour: str,
                     stops: list[int], owners: list[int]) -> dict[int, int]:
        """Income per owner for a route."""

    def after_delivery(self, state: AgeOfSteamState, seat: int, colour: str) -> list[str]:
        """What happens to the delivered good; notes for the events."""

    def losers(self, state: AgeOfSteamState) -> list[int]:
        """The seats placed below every other surviving seat at the end."""


class AgeOfSteamState(GameState):
    """One game of Age of Steam on one map: its data and the queries on it that need no
    phase. The engine protocol's moves and results (`legal_actions`, `apply`, `scores`,
    ...) come with `dispatch.AgeOfSteamGame`, the class games are made of."""

    game_id = "age_of_steam"

    @staticmethod
    @abstractmethod
    def map_rules(map_name: str) -> MapHooks:
        """The special rules of the map called `map_name` (the game class answers with
        `maprules.rules_for`; the state holds them as `rules`)."""

    def __init__(self, map_name: str, players: int) -> None:
        self.map_name = map_name
        self.map: MapData = load_map(map_name)
        self.rules: MapHooks = self.map_rules(map_name)
        cfg = config()
        self.players = players
        self.start_players = players
        self.round = 1
        self.last_round = cfg.turns(players)
        self.phase: Phase = Phase.SETUP
        self.cash = [cfg.start("cash")] * players
        self.shares = [cfg.start("shares")] * players
        self.income = [cfg.start("income")] * players
        self.loco = [cfg.start("locomotive")] * players
        self.alive = [True] * players
        self.bankrupt_round = [0] * players
        self.order: list[int] = []
        self.actions: list[str] = [""] * players
        self.queue: list[int] = []
        self.qpos = 0
        self.pending: list[str] = []
        self.tiles: dict[int, Placed] = {}
        self.goods: dict[int, list[str]] = {c.hexes[0]: [] for c in self.map.cities}
        for city in self.map.cities:
            for h in city.hexes:
                self.goods[h] = []
        self.new_cities: dict[str, str] = {}
        """town hex (as text) -> new city letter."""
        self.display: dict[str, list[str]] = {row: [] for row in self.display_sizes()}
        self.bag: dict[str, int] = dict(cfg.goods)
        self.supply: dict[str, int] = dict(catalogue().pools)
        self.pyramids: dict[int, list[str]] = {
            h: [""] * PYRAMID_SLOTS for h, k in enumerate(self.map.terrain) if k == "pyramid"}
        self.red_reserve = 0
        self.kept: list[dict[str, int]] = [{"red": 0, "black": 0} for _ in range(players)]
        self.kept_hidden: list[int] = [0] * players
        self.removed: dict[str, int] = {}
        self.production_hand: list[str] = []
        self.dice_left: list[str] = []
        self.free_pass_holder = -1
        self.bidders: list[int] = []
        self.bids: dict[str, int] = {}
        self.places: dict[str, int] = {}
        self.high_bid = 0
        self.high_bidder = -1
        self.auction_pos = 0
        self.free_pass_left = False
        self.builds_done = 0
        self.urbanized = False
        self.placed_now: list[str] = []
        self.loco_used = ""
        self.offered_routes: list[Route] = []
        """The deliveries offered now with their details (set with the legal actions)."""
        self.build_prices: dict[Build, int] = {}
        """The price of each build action offered now (set with the legal actions)."""
        self._network: Network | None = None
        self._legal: list[Action] | None = None

    # Basic facts ----------------------------------------------------------------

    def display_sizes(self) -> dict[str, int]:
        cfg = config()
        return {row: cfg.row_size(row) for row in DISPLAY_ROWS}

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == Phase.OVER:
            return None
        if phase in (Phase.SETUP, Phase.GROWTH):
            return CHANCE
        if phase == Phase.PRODUCTION:
            return CHANCE if self.pending else self.queue[0]
        if phase == Phase.AUCTION:
            return self.bidders[self.auction_pos]
        return self.queue[self.qpos]

    def action_of(self, seat: int) -> str:
        return self.actions[seat]

    def tile_held(self, seat: int) -> str:
        """The action tile `seat` holds this turn, as the table shows it: none while
        shares are issued and turn order is bid for (last turn's tiles are back on the
        table then, though `actions` keeps them until tiles are chosen again)."""
        if self.phase in (Phase.SETUP, Phase.SHARES, Phase.AUCTION):
            return ""
        return self.actions[seat]

    def holder(self, action: str) -> int:
        """The seat holding an action tile this turn, or -1."""
        for seat, name in enumerate(self.actions):
            if name == action and self.alive[seat]:
                return seat
        return -1

    def is_town(self, h: int) -> bool:
        return self.map.terrain[h] == "town" and str(h) not in self.new_cities

    def is_city(self, h: int) -> bool:
        return self.map.terrain[h] == "city" or str(h) in self.new_cities

    def city_colour(self, h: int) -> str:
        if h in self.map.city_of_hex:
            return self.map.cities[self.map.city_of_hex[h]].colour
        letter = self.new_cities.get(str(h))
        return config().new_cities[letter][0] if letter else ""

    def place_key(self, h: int) -> str:
        """Stops that count as one place (Al Qahirah's two hexes share a name)."""
        if h in self.map.city_of_hex:
            return self.map.cities[self.map.city_of_hex[h]].name
        return str(h)

    def place_name(self, h: int) -> str:
        """A place in words: 'Tanta', 'Marsa Matruh (city D)', 'the pyramid next to
        Al Fayyum' (the board prints no coordinates)."""
        if self.map.terrain[h] == "pyramid":
            return f"the pyramid {self.map.whereabouts(h)}"
        letter = self.new_cities.get(str(h))
        if letter:
            return f"{self.map.place_name(h)} (city {letter})"
        return self.map.place_name(h)

    def stop_hexes(self) -> set[int]:
        """Cities, new cities and pyramids: where links end at the hex edge."""
        stops = set(self.map.city_of_hex) | set(self.pyramids)
        stops.update(int(h) for h in self.new_cities)
        return stops

    def town_hexes(self) -> set[int]:
        """Towns not yet urbanized."""
        return set(self.map.town_names) - {int(h) for h in self.new_cities}

    def network(self) -> Network:
        if self._network is None:
            urban = {int(k): v for k, v in self.new_cities.items()}
            self._network = build_network(self.map, self.tiles, urban)
        return self._network

    def tiles_changed(self) -> None:
        self._network = None

    def edited(self) -> None:
        """Forget every derived fact (network, legal actions) after the state was edited
        by hand, as the scenario builder does; play never needs this."""
        self._network, self._legal = None, None

    def take_from_bag(self, colour: str) -> None:
        if self.bag.get(colour, 0) <= 0:
            raise ValueError(f"no {colour} good left in the bag")
        self.bag[colour] -= 1

    def links_to_colour_count_red(self, seat: int) -> int:
        """CCCP tie-break: complete links owned by `seat` that touch a red city."""
        count = 0
        for seg in self.network().segments:
            if seg.owner == seat and seg.complete and any(
                    self.is_city(e.stop) and self.city_colour(e.stop) == "red"
                    for e in seg.ends):
                count += 1
        return count

    # Copying and saving ------------------------------------------------------------

    def clone(self) -> AgeOfSteamState:
        copy = object.__new__(type(self))
        copy.map, copy.rules, copy.viewer = self.map, self.rules, self.viewer
        for name in _SCALAR_FIELDS:
            setattr(copy, name, getattr(self, name))
        for name in _LIST_FIELDS:
            setattr(copy, name, list(getattr(self, name)))
        for name in _DICT_FIELDS:
            setattr(copy, name, dict(getattr(self, name)))
        copy.tiles = dict(self.tiles)
        copy.goods = {h: list(g) for h, g in self.goods.items()}
        copy.display = {r: list(g) for r, g in self.display.items()}
        copy.pyramids = {h: list(g) for h, g in self.pyramids.items()}
        copy.kept = [dict(k) for k in self.kept]
        copy._network = self._network
        copy._legal = self._legal
        copy.build_prices = self.build_prices
        copy.offered_routes = self.offered_routes
        return copy

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _SCALAR_FIELDS}
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))
        for name in _DICT_FIELDS:
            data[name] = dict(sorted(getattr(self, name).items()))
        data["tiles"] = {str(h): [t, r, list(o)] for h, (t, r, o) in sorted(self.tiles.items())}
        data["goods"] = {str(h): sorted(g) for h, g in sorted(self.goods.items())}
        data["display"] = {r: list(g) for r, g in self.display.items()}
        data["pyramids"] = {str(h): list(g) for h, g in sorted(self.pyramids.items())}
        data["kept"] = [dict(sorted(k.items())) for k in self.kept]
        data["phase"] = self.phase.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AgeOfSteamState:
        state = cls(str(data["map_name"]), int(data["players"]))
        for name in _SCALAR_FIELDS:
            setattr(state, name, data[name])
        state.phase = Phase(data["phase"])
        for name in _LIST_FIELDS:
            setattr(state, name, list(data[name]))
        for name in _DICT_FIELDS:
            setattr(state, name, dict(data[name]))
        state.tiles = {int(h): (str(t), int(r), tuple(int(x) for x in o))
                       for h, (t, r, o) in data["tiles"].items()}
        state.goods = {int(h): list(g) for h, g in data["goods"].items()}
        state.display = {str(r): list(g) for r, g in data["display"].items()}
        state.pyramids = {int(h): list(g) for h, g in data["pyramids"].items()}
        state.kept = [dict(k) for k in data["kept"]]
        return state

    # Hidden information (CCCP's kept goods, AS-4) -------------------------------------

    def observation(self, seat: int | None) -> AgeOfSteamState:
        view = self.clone()
        view.viewer = seat
        if not self.rules.hidden_kept_goods:
            return view
        for other in range(self.players):
            if other == seat:
                continue
            hidden = view.kept[other]["red"] + view.kept[other]["black"]
            if hidden == 0:
                continue
            view.kept[other] = {"red": 0, "black": 0}
            view.kept_hidden[other] += hidden
        return view

    def determinize(self, rng: random.Random) -> AgeOfSteamState:
        """A guess at the hidden kept goods: the bag is real (its contents are public),
        so the goods not accounted for anywhere are exactly the hidden ones; they are
        dealt out at random to the seats keeping them."""
        full = self.clone()
        full.viewer = None
        missing = full.unaccounted_goods()
        pool = [c for c in ("red", "black") for _ in range(missing.get(c, 0))]
        rng.shuffle(pool)
        for other in range(self.players):
            for _ in range(full.kept_hidden[other]):
                full.kept[other][pool.pop() if pool else "red"] += 1
            full.kept_hidden[other] = 0
        return full

    def unaccounted_goods(self) -> dict[str, int]:
        """Goods of each colour in none of the places a state shows: in an observation,
        exactly the others' hidden kept goods (CCCP, AS-4)."""
        counts = self.goods_seen()
        return {colour: n - counts.get(colour, 0) for colour, n in config().goods.items()
                if n > counts.get(colour, 0)}

    def goods_seen(self) -> dict[str, int]:
        """Goods of each colour in the bag, on the map and display, in reserve, kept
        (where shown) and out of the game."""
        counts: dict[str, int] = dict(self.bag)
        places = [*self.goods.values(), *self.display.values(), *self.pyramids.values(),
                  self.production_hand]
        for cubes in places:
            for colour in cubes:
                if colour:
                    counts[colour] = counts.get(colour, 0) + 1
        counts["red"] = counts.get("red", 0) + self.red_reserve
        for kept in self.kept:
            for colour, n in kept.items():
                counts[colour] = counts.get(colour, 0) + n
        for colour, n in self.removed.items():
            counts[colour] = counts.get(colour, 0) + n
        return counts
