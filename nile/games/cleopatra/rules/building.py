"""Construct a Building, in steps: choose the Building and City cards, then where each fruit
of the cost comes from.

A fruit may come from the building's city, from another city over a chain of tracks with
trains (CC-8), or from a face-up Fruit card. `StartBuilding` is legal only when every fruit
of the cost can be found, and each fruit is found independently (a Fruit card offers each
of its fruits once), so every later step always has a choice. A step with one choice is
taken at once; the building is completed as soon as every fruit is found. Choices are
listed cheapest first: the city itself, then other cities by distance, then Fruit cards
(first those whose other fruit the building also needs, then single-fruit cards).

On completion (rulebook order): unused fruit on the Fruit cards used is produced in the
city (one market step down each); the cubes used leave the board for the supply (one
market step up each); the builder scores the card's VP and places its bonus marker; every
other player gains 1 Florin per train on the tracks leading from the city.

New ruling CC-16: an unused fruit on a Fruit card is produced only if the general supply
still has a cube of it; otherwise it is simply lost. If the bonus markers of a value ran
out (they cannot with the invented counts), the building would get none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nile.games.cleopatra.rules import transport
from nile.games.cleopatra.rules.action_rules import produce
from nile.games.cleopatra.rules.actions import FROM_CARD, FROM_CITY, SourceFruit, StartBuilding
from nile.games.cleopatra.rules.common import (
    gain_money,
    gain_points,
    has_auction_card,
    has_city_card,
    move_market,
    play_auction_card,
    play_city_card,
)
from nile.games.cleopatra.rules.data import BUILDING, game_data
from nile.games.cleopatra.rules.events import (
    BuildingBuilt,
    CardsPlayed,
    FruitMoved,
    FruitRemoved,
)

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
CARDS = D.city_cards
KINDS = D.auction
FRUITS = len(D.fruits)
CITIES = len(D.cities)


def _available(state: CleopatraState, seat: int,
               label: list[int] | None = None) -> tuple[list[int], list[list[int]]]:
    """Per city: the cubes of each fruit it can gather (its own and over tracks); last row:
    the seat's face-up Fruit cards per fruit."""
    if label is None:
        label = transport.components(state)
    per_group = [[0] * FRUITS for _ in range(CITIES)]
    fruit = state.fruit
    for city in range(CITIES):
        row = per_group[label[city]]
        base = city * FRUITS
        for f in range(FRUITS):
            row[f] += fruit[base + f]
    cards = [0] * FRUITS
    for kind in state.fruit_cards[seat]:
        for f in KINDS[kind].fruits:
            cards[f] += 1
    return label, [per_group[label[c]] for c in range(CITIES)] + [cards]


def _can_gather(cubes: list[int], cards: list[int], cost: tuple[int, ...]) -> bool:
    return all(cubes[f] + cards[f] >= cost.count(f) for f in cost)


def legal_start(state: CleopatraState, seat: int,
                label: list[int] | None = None) -> list[Action]:
    buildings = sorted({k for k in state.auction_hand[seat] if KINDS[k].category == BUILDING})
    if not buildings:
        return []
    _label, table = _available(state, seat, label)
    cards = table[-1]
    result: list[Action] = []
    for kind in buildings:
        cost = KINDS[kind].fruits
        for card in state.city_hand[seat]:
            city = CARDS[card].city
            if not state.pyramid[city] and _can_gather(table[city], cards, cost):
                result.append(StartBuilding(kind, card))
    return result


def why_not_start(state: CleopatraState, seat: int, action: StartBuilding) -> str | None:
    kind = action.building
    if not 0 <= kind < len(KINDS) or KINDS[kind].category != BUILDING:
        return "Construct a Building needs a Building card."
    if not has_auction_card(state, seat, kind):
        return f"You do not hold {KINDS[kind].name}."
    if not has_city_card(state, seat, action.city_card):
        return "You do not hold that City card."
    city = CARDS[action.city_card].city
    if state.pyramid[city]:  # CC-9
        return f"{D.cities[city]} has a pyramid: no building may be built there."
    _label, table = _available(state, seat)
    cost = KINDS[kind].fruits
    for f in cost:
        if table[city][f] + table[-1][f] < cost.count(f):
            return f"No {D.fruits[f]} can be brought to {D.cities[city]}."
    return None


def apply_start(state: CleopatraState, seat: int, action: StartBuilding) -> list[Event]:
    state.pending = [action.building, action.city_card, CARDS[action.city_card].city]
    state.pending_need = list(KINDS[action.building].fruits)
    state.pending_cubes, state.pending_cards = [], []
    return _settle(state, seat)


# Fruit sources --------------------------------------------------------------------------


@dataclass(frozen=True)
class SourceChoice:
    """One way to find a fruit: the action, and the route a cube would travel (if any)."""

    action: SourceFruit
    route: tuple[int, ...]


def _card_used(state: CleopatraState, kind: int, fruit: int) -> bool:
    pairs = state.pending_cards
    return any(pairs[i] == kind and pairs[i + 1] == fruit for i in range(0, len(pairs), 2))


def fruit_sources(state: CleopatraState, seat: int, city: int, fruit: int,
                  still_needed: tuple[int, ...] = ()) -> list[SourceChoice]:
    """Every source of `fruit` for a building in `city`, cheapest first (for the scene).

    `still_needed` are the other fruits the building needs: a Fruit card that also
    carries one of them wastes nothing, so it is offered before the others.
    """
    choices: list[SourceChoice] = []
    if state.cubes(city, fruit):
        choices.append(SourceChoice(SourceFruit(fruit, FROM_CITY, city), (city,)))
    dist = transport.distances(state, city)
    others = [c for c in range(CITIES)
              if c != city and dist[c] > 0 and state.cubes(c, fruit)]
    for other in sorted(others, key=lambda c: (dist[c], c)):
        path = tuple(reversed(transport.route(state, city, other)))
        choices.append(SourceChoice(SourceFruit(fruit, FROM_CITY, other), path))

    def waste(kind: int) -> tuple[int, int]:
        rest = [f for f in KINDS[kind].fruits if f != fruit]
        useful = all(f in still_needed for f in rest)
        return (0 if useful and rest else 1 if not rest else 2, kind)

    cards = [k for k in state.fruit_cards[seat]
             if fruit in KINDS[k].fruits and not _card_used(state, k, fruit)]
    for kind in sorted(set(cards), key=waste):
        choices.append(SourceChoice(SourceFruit(fruit, FROM_CARD, kind), ()))
    return choices


def plan_building(state: CleopatraState, seat: int, building: int,
                  city_card: int) -> list[list[SourceChoice]]:
    """For the scene: for each fruit of a building's cost (in cost order), every source with
    the route its cube would travel, cheapest first. The first choice of each list is the
    proposed (cheapest) plan; play it as `StartBuilding` then one `SourceFruit` per fruit
    (steps with a single choice are taken by the engine itself)."""
    city = CARDS[city_card].city
    cost = KINDS[building].fruits
    return [fruit_sources(state, seat, city, f, tuple(g for g in cost if g != f)) for f in cost]


def source_options(state: CleopatraState, seat: int) -> list[Action]:
    """The legal choices for the next fruit of the building under way."""
    fruit, rest = state.pending_need[0], tuple(state.pending_need[1:])
    return [c.action for c in fruit_sources(state, seat, state.pending[2], fruit, rest)]


def why_not_source(state: CleopatraState, seat: int, action: SourceFruit) -> str | None:
    if action not in source_options(state, seat):
        fruit = D.fruits[state.pending_need[0]]
        return f"That is not a way to bring {fruit} to {D.cities[state.pending[2]]}."
    return None


def apply_source(state: CleopatraState, seat: int, action: SourceFruit) -> list[Event]:
    return _take(state, action) + _settle(state, seat)


def _take(state: CleopatraState, action: SourceFruit) -> list[Event]:
    fruit, city = action.fruit, state.pending[2]
    state.pending_need.pop(0)
    if action.source == FROM_CARD:
        state.pending_cards += [action.where, fruit]
        return []
    state.fruit[action.where * FRUITS + fruit] -= 1
    state.pending_cubes += [fruit, action.where]
    if action.where == city:
        return []
    return [FruitMoved(fruit, tuple(reversed(transport.route(state, city, action.where))))]


def _settle(state: CleopatraState, seat: int) -> list[Event]:
    """Take every forced choice; complete the building once all fruit is found."""
    events: list[Event] = []
    while state.pending_need:
        options = source_options(state, seat)
        if len(options) != 1:
            return events
        option = options[0]
        assert isinstance(option, SourceFruit)
        events += _take(state, option)
    return events + _complete(state, seat)


def _complete(state: CleopatraState, seat: int) -> list[Event]:
    kind, city_card, city = state.pending
    building = KINDS[kind]
    used_cards = sorted(set(state.pending_cards[0::2]))
    names = (CARDS[city_card].name, *(KINDS[k].name for k in used_cards))
    play_city_card(state, seat, city_card)
    play_auction_card(state, seat, kind)
    state.buildings[seat].append(kind)
    events: list[Event] = [CardsPlayed(seat, names)]
    for card in used_cards:
        used = {state.pending_cards[i + 1] for i in range(0, len(state.pending_cards), 2)
                if state.pending_cards[i] == card}
        unused = tuple(f for f in KINDS[card].fruits if f not in used and state.supply[f])
        events += produce(state, city, unused)  # CC-16
        state.fruit_cards[seat].remove(card)
        state.auction_discard.append(card)
    cubes = state.pending_cubes
    for i in range(0, len(cubes), 2):
        fruit = cubes[i]
        state.supply[fruit] += 1
        events.append(FruitRemoved(city, fruit))
        events += move_market(state, fruit, +1)
    bonus = _place_marker(state, city, building.bonus)
    events.append(BuildingBuilt(seat, building.name, city, building.vp, bonus))
    events += gain_points(state, seat, building.vp, building.name)
    trains = state.trains_around(city)
    for other in range(state.players):
        if other != seat:
            events += gain_money(state, other, trains[other],
                                 f"trains around {D.cities[city]}")
    state.pending, state.pending_need = [], []
    state.pending_cubes, state.pending_cards = [], []
    return events


def _place_marker(state: CleopatraState, city: int, bonus: int) -> int:
    if not bonus or not state.bonus_markers[bonus - 1]:
        return 0
    state.bonus_markers[bonus - 1] -= 1
    state.building_bonus[city] += bonus
    return bonus
