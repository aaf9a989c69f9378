"""The state of a game of Cleopatra's Caboose as data: the bottom floor of the rules.

The state is a bag of flat integer lists (see `data.py` for the indices) so that `clone`
is a handful of list copies. This module holds the data, copies and saves it and answers
small pure queries (trains around a city, its prestige); it imports no other rules module
but the phase names and the card data, so that every module of the rules may name the
state's type without a circle. What a move does is the rules': the state asks its `Rules`
(filled in by `dispatch.py`, the top floor, which routes to the module of each phase).

Chance is a queue of pending draws (`chance_queue`, entries `[task, argument]`): while it
is not empty chance is to move, and each outcome is one card, marker or fruit taken from
an unordered pool (decks are never ordered).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from nile.core.game import CHANCE, Action, Event, GameState, ScoreSheet, Status
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import (
    AUCTION,
    GODS,
    OVER,
    UNKNOWN,
    Phase,
)

D = game_data()

SCALARS = (
    "players", "turn", "start_player", "phase", "light_city", "high_bid", "bidder", "passes",
    "god_pick", "action_index", "picks_left", "actions_used", "draws_used", "player_done",
    "viewer",
)
LISTS = (
    "markers_bag", "city_marker", "building_bonus", "pyramid", "pyramids_left",
    "bonus_markers", "fruit", "supply", "market", "track_seat", "track_trains",
    "trains_left", "money", "vp", "city_deck", "city_display", "city_discard",
    "auction_deck", "auction_display", "auction_discard", "bids", "active", "order",
    "gods", "action_order", "pending", "pending_need", "pending_cubes", "pending_cards",
)
NESTED = (
    "city_hand", "city_known", "auction_hand", "auction_known", "fruit_cards", "buildings",
    "chance_queue", "final_rows",
)


@dataclass(frozen=True)
class Rules:
    """What the state asks of its rules, each a function of the state: `dispatch.RULES`.
    The state names no phase; the rules above it know them all."""

    initialise: Callable[[CleopatraState, int], None]
    legal_actions: Callable[[CleopatraState], list[Action]]
    chance_outcomes: Callable[[CleopatraState], list[tuple[Action, float]]]
    apply: Callable[[CleopatraState, Action], list[Event]]
    actions_allowed: Callable[[CleopatraState, int], int]
    status: Callable[[CleopatraState], Status]
    ranking: Callable[[CleopatraState], list[int]]
    score_sheet: Callable[[CleopatraState], ScoreSheet]
    observe: Callable[[CleopatraState, int | None], CleopatraState]
    determinize: Callable[[CleopatraState, random.Random], CleopatraState]
    violations: Callable[[CleopatraState], list[str]]


class CleopatraState(GameState):
    """One game of Cleopatra's Caboose (3–5 players)."""

    rules: ClassVar[Rules]
    """Its rules, set by `dispatch.py` (imported with the `rules` package)."""

    game_id: ClassVar[str] = "cleopatra"

    # Scalars.
    players: int
    turn: int
    start_player: int
    phase: Phase
    light_city: int
    high_bid: int
    bidder: int
    passes: int
    god_pick: int
    action_index: int
    picks_left: int
    actions_used: int
    draws_used: int
    player_done: int
    # Board.
    markers_bag: list[int]
    city_marker: list[int]
    building_bonus: list[int]
    pyramid: list[int]
    pyramids_left: list[int]
    bonus_markers: list[int]
    fruit: list[int]
    """Cubes per city and fruit, index `city * 5 + fruit`."""
    supply: list[int]
    market: list[int]
    track_seat: list[int]
    """Two slots per track (`track * 2 + slot`): the seat of each group, -1 if empty."""
    track_trains: list[int]
    trains_left: list[int]
    money: list[int]
    vp: list[int]
    # Cards.
    city_deck: list[int]
    city_display: list[int]
    city_discard: list[int]
    auction_deck: list[int]
    auction_display: list[int]
    auction_discard: list[int]
    city_hand: list[list[int]]
    city_known: list[list[int]]
    """The part of each hand everyone knows (taken face up); the rest is secret."""
    auction_hand: list[list[int]]
    auction_known: list[list[int]]
    fruit_cards: list[list[int]]
    buildings: list[list[int]]
    # Turn.
    bids: list[int]
    active: list[int]
    order: list[int]
    gods: list[int]
    action_order: list[int]
    pending: list[int]
    """A building under way: [building kind, City card, city] (empty if none)."""
    pending_need: list[int]
    """The building's fruits still to find, in cost order (the first is asked next)."""
    pending_cubes: list[int]
    """Cubes already found: pairs [fruit, city it came from]; off the board until the
    building is completed (draw them at the building's city)."""
    pending_cards: list[int]
    """Fruit-card fruits already used: pairs [Fruit card kind, fruit]."""
    chance_queue: list[list[int]]
    final_rows: list[list[int]]

    def __init__(self, players: int) -> None:
        self.rules.initialise(self, players)

    # Protocol ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.chance_queue:
            return CHANCE
        if self.phase == AUCTION:
            return self.bidder
        if self.phase == GODS:
            return self.order[self.god_pick]
        return self.action_order[self.action_index]

    @property
    def acting_seat(self) -> int:
        """The seat whose turn it is in the action phase (also while chance draws)."""
        return self.action_order[self.action_index]

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.rules.chance_outcomes(self)

    def apply(self, action: Action) -> list[Event]:
        return self.rules.apply(self, action)

    def is_undo_barrier(self, action: Action) -> bool:
        """Chance reveals cards; no player decision reveals anything hidden."""
        return self.current_player == CHANCE

    # Results -------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.final_rows:
            return [float(sum(row[s] for row in self.final_rows)) for s in range(self.players)]
        return [float(v) for v in self.vp]

    def ranking(self) -> list[int]:
        return self.rules.ranking(self)

    def score_sheet(self) -> ScoreSheet:
        return self.rules.score_sheet(self)

    def status(self) -> Status:
        return self.rules.status(self)

    def actions_allowed(self, seat: int) -> int:
        """How many actions `seat` has this turn (three with Anubis)."""
        return self.rules.actions_allowed(self, seat)

    # Hidden information --------------------------------------------------------------

    def observation(self, seat: int | None) -> CleopatraState:
        return self.rules.observe(self, seat)

    def determinize(self, rng: random.Random) -> CleopatraState:
        return self.rules.determinize(self, rng)

    def invariant_violations(self) -> list[str]:
        return self.rules.violations(self)

    # Copies --------------------------------------------------------------------------

    def clone(self) -> Self:
        new = object.__new__(type(self))
        mine, theirs = self.__dict__, new.__dict__
        theirs.update(mine)
        for key in LISTS:
            theirs[key] = mine[key][:]
        for key in NESTED:
            theirs[key] = [inner[:] for inner in mine[key]]
        return new

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {key: self.__dict__[key] for key in SCALARS}
        for key in LISTS:
            data[key] = list(self.__dict__[key])
        for key in NESTED:
            data[key] = [list(inner) for inner in self.__dict__[key]]
        data["phase"] = int(self.phase)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state = object.__new__(cls)
        for key in SCALARS:
            value = data[key]
            state.__dict__[key] = None if value is None else int(value)
        state.phase = Phase(state.phase)
        for key in LISTS:
            state.__dict__[key] = [int(v) for v in data[key]]
        for key in NESTED:
            state.__dict__[key] = [[int(v) for v in inner] for inner in data[key]]
        return state

    # Small helpers shared by the phase modules ---------------------------------------

    def trains_around(self, city: int) -> list[int]:
        """Each seat's trains on the tracks leading from `city`."""
        counts = [0] * self.players
        seats, trains = self.track_seat, self.track_trains
        for track in D.city_tracks[city]:
            for slot in (2 * track, 2 * track + 1):
                if seats[slot] >= 0:
                    counts[seats[slot]] += trains[slot]
        return counts

    def prestige(self, city: int) -> int:
        """Marker (light or dark side) plus building and pyramid markers."""
        marker = self.city_marker[city]
        base = 0
        if marker >= 0:
            light = D.parity[city] == D.parity[self.light_city]
            base = D.prestige_markers[marker][0 if light else 1]
        return base + self.building_bonus[city] + self.pyramid[city]

    def cubes(self, city: int, fruit: int) -> int:
        return self.fruit[city * 5 + fruit]

    def city_deck_size(self) -> int:
        """How many City cards are in the deck: the same for every viewer (an observation's
        pool also holds the others' secret cards, shown as UNKNOWN in their hands)."""
        return len(self.city_deck) - sum(hand.count(UNKNOWN) for hand in self.city_hand)

    def auction_deck_size(self) -> int:
        """How many Auction cards are in the deck, the same for every viewer."""
        return len(self.auction_deck) - sum(hand.count(UNKNOWN) for hand in self.auction_hand)

    def city_has_fruit(self, city: int) -> bool:
        base = city * 5
        return any(self.fruit[base:base + 5])

