"""The Age of Steam game state: data, copying, saving, hidden goods and dispatch.

The phases live in their own modules (market, build, move, upkeep); this class holds the
data, answers the engine protocol and hands each action to its phase. Chance (bag draws,
dice, the first turn order) is the CHANCE player; the bag is an unordered pool of counts.

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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from nile.core.errors import IllegalAction
from nile.core.game import (
    CHANCE,
    Action,
    Event,
    GameState,
    ScoreSheet,
    Status,
)
from nile.games.age_of_steam.rules import build, dispatch, market, move, scoring, upkeep
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.config import DISPLAY_ROWS, config
from nile.games.age_of_steam.rules.mapdata import MapData, load_map
from nile.games.age_of_steam.rules.maprules import MapRules, rules_for
from nile.games.age_of_steam.rules.network import Network, Placed, build_network
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.tiles import catalogue

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.move import Route

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


class AgeOfSteamState(GameState):
    """One game of Age of Steam on one map."""

    game_id = "age_of_steam"

    def __init__(self, map_name: str, players: int) -> None:
        self.map_name = map_name
        self.map: MapData = load_map(map_name)
        self.rules: MapRules = rules_for(map_name)
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

    # Protocol: actions ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = dispatch.legal_actions(self)
        return list(self._legal)

    def _is_legal(self, action: Action) -> bool:
        legal = self.legal_actions()
        if isinstance(action, Build) and self.phase == Phase.BUILD:
            return action in self.build_prices
        return action in legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return dispatch.chance_outcomes(self)

    def apply(self, action: Action) -> list[Event]:
        if self.current_player is None:
            raise IllegalAction("The game is over.")
        if self.current_player == CHANCE:
            if all(action != a for a, _ in self.chance_outcomes()):
                raise IllegalAction(f"'{action.to_str()}' is not a possible outcome now.")
        elif not self._is_legal(action):
            raise IllegalAction(dispatch.refusal(self, action))
        self._legal = None
        events = dispatch.apply(self, action)
        self.build_prices = {}
        self.offered_routes = []
        return events

    # Phase changes: the phases hand over through the state, never by importing each other.

    def begin_building(self) -> list[Event]:
        """The actions are chosen: track building, in turn order."""
        return build.begin(self)

    def begin_moves(self) -> list[Event]:
        """Building is over: the two rounds of moving goods."""
        return move.begin(self)

    def after_moves(self) -> list[Event]:
        """Goods are moved: income, expenses, the income reduction, growth."""
        return upkeep.after_moves(self)

    def begin_round(self) -> list[Event]:
        """A new turn: shares, the turn-order auction, actions."""
        return market.begin_round(self)

    # Protocol: results --------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(s) for s in scoring.scores(self)]

    def ranking(self) -> list[int]:
        return scoring.ranking(self)

    def status(self) -> Status:
        return scoring.status(self)

    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self)

    def invariant_violations(self) -> list[str]:
        return scoring.invariant_violations(self)

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
        missing = scoring.unaccounted_goods(full)
        pool = [c for c in ("red", "black") for _ in range(missing.get(c, 0))]
        rng.shuffle(pool)
        for other in range(self.players):
            for _ in range(full.kept_hidden[other]):
                full.kept[other][pool.pop() if pool else "red"] += 1
            full.kept_hidden[other] = 0
        return full
