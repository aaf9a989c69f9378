"""The rules engine of Cleopatra's Caboose (no pygame), and its public face.

A bot (`ai.py`), the click-to-move rules (`intent.py`) and the table (`view/`) ask the
engine only what is named here, plus the moves (`rules.actions`), what happened
(`rules.events`) and the phase names (`rules.phases`). Everything else in this package is
the engine's own and may change: read it from the bottom up (`dispatch.py` says how).

The face is the game (`CleopatraState`, `new_game`), the printed cards and board
(`game_data`), and the questions a player at the table asks: what a track, a pyramid or
a shipment costs or earns this seat (the gods change prices), how fruit would travel, where
a building's fruit could come from, and how the endgame scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nile.games.cleopatra.rules import action_rules, building, powers, scoring, transport
from nile.games.cleopatra.rules.building import SourceChoice
from nile.games.cleopatra.rules.data import BUILDING, FRUIT_CARD, TRAIN, GameData, game_data
from nile.games.cleopatra.rules.dispatch import RULES
from nile.games.cleopatra.rules.endgame import CATEGORIES
from nile.games.cleopatra.rules.state import CleopatraState

assert CleopatraState.rules is RULES  # importing the face installs the rules on the state

RA, THOTH, HATHOR, ANUBIS, ISIS, HORUS, SET = (
    powers.RA, powers.THOTH, powers.HATHOR, powers.ANUBIS, powers.ISIS, powers.HORUS, powers.SET)
"""The gods by name (their numbers in `game_data().gods`)."""
SET_GIFT = powers.SET_GIFT
"""The Florin Set gives when chosen."""
SCORE_CATEGORIES: tuple[str, ...] = CATEGORIES
"""The rows of the final scoring, in the order they are scored (`final_rows`)."""


def new_game(players: int, seed: int, options: Mapping[str, str]) -> CleopatraState:
    """A new game; setup's random steps are chance actions still to be resolved."""
    return CleopatraState(players)


def auction_picks(state: CleopatraState, seat: int) -> int:
    """How many Auction cards `seat` takes at the start of its turn (two with Thoth)."""
    return powers.auction_picks(state, seat)


def track_cost(state: CleopatraState, seat: int, printed: int) -> int:
    """What a Train card printed at `printed` Florin costs `seat` (Hathor: 2 less)."""
    return powers.track_cost(state, seat, printed)


def pyramid_cost(state: CleopatraState, seat: int, bonus: int) -> int:
    """What a pyramid marker of `bonus` costs `seat`: twice its bonus (Horus: 4 less)."""
    return powers.pyramid_cost(state, seat, bonus)


def ship_bonus(state: CleopatraState, seat: int) -> int:
    """The Florin `seat` earns on top of every shipment's income (Isis: 2)."""
    return powers.ship_bonus(state, seat)


def shipping_income(state: CleopatraState, city_card: int, fruit: int) -> int:
    """What shipping `fruit` to a City card's city earns before any god's bonus: the
    card's price plus the market position, never below 0 (CC-9)."""
    return action_rules.shipping_income(state, city_card, fruit)


def route(state: CleopatraState, source: int, destination: int) -> tuple[int, ...]:
    """The cities a fruit passes from `source` to `destination` over tracks with trains
    (both ends included), empty if none connects them (CC-8)."""
    return transport.route(state, source, destination)


def fruit_sources(state: CleopatraState, seat: int, city: int, fruit: int,
                  still_needed: tuple[int, ...] = ()) -> list[SourceChoice]:
    """Every place `fruit` for a building in `city` could come from, cheapest first: the
    city itself, other cities over tracks (with the route), `seat`'s Fruit cards."""
    return building.fruit_sources(state, seat, city, fruit, still_needed)


def plan_building(state: CleopatraState, seat: int, kind: int,
                  city_card: int) -> list[list[SourceChoice]]:
    """For each fruit of a Building card's cost, its sources cheapest first: the first of
    each list is the proposed plan for building it with that City card."""
    return building.plan_building(state, seat, kind, city_card)


def majority_points(prestige: int, counts: Sequence[int], players: int) -> list[int]:
    """What each seat scores at a city of `prestige` with `counts` trains around it in the
    final scoring (CC-10: most trains the prestige, second half, third half again)."""
    return scoring.majority_points(prestige, counts, players)


def types_vp(types: int, table: Sequence[int]) -> int:
    """The VP for `types` different Building (or Fruit) types, from the game's table."""
    return scoring.types_vp(types, table)


__all__ = [
    "ANUBIS",
    "BUILDING",
    "FRUIT_CARD",
    "HATHOR",
    "HORUS",
    "ISIS",
    "RA",
    "SCORE_CATEGORIES",
    "SET",
    "SET_GIFT",
    "THOTH",
    "TRAIN",
    "CleopatraState",
    "GameData",
    "SourceChoice",
    "auction_picks",
    "fruit_sources",
    "game_data",
    "majority_points",
    "new_game",
    "plan_building",
    "pyramid_cost",
    "route",
    "ship_bonus",
    "shipping_income",
    "track_cost",
    "types_vp",
]
