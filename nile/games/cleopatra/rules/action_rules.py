"""Phase 2 actions: Construct Track, Ship Fruit, Produce Fruit, Build a Pyramid, Draw City
Cards (Construct a Building lives in `building.py`).

Each action has three functions: `legal_*` lists every legal form of it for a seat,
`why_not_*` gives the reason a player reads when a form is refused (None if allowed),
and `apply_*` carries it out (called only after the check). The tests keep the first two
in agreement.

Rulings: CC-8 (track capacity, transport), CC-9 (shipping income and pyramid cities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.games.cleopatra.rules import powers, transport
from nile.games.cleopatra.rules.actions import (
    BuildPyramid,
    ConstructTrack,
    DrawCityCards,
    ProduceFruit,
    ShipFruit,
)
from nile.games.cleopatra.rules.common import (
    gain_money,
    gain_points,
    has_auction_card,
    has_city_card,
    move_market,
    pay_bank,
    play_auction_card,
    play_city_card,
)
from nile.games.cleopatra.rules.data import TRAIN, game_data
from nile.games.cleopatra.rules.events import (
    CardsPlayed,
    CardTaken,
    FruitMoved,
    FruitPlaced,
    FruitShipped,
    PyramidBuilt,
    TrainsPlaced,
)
from nile.games.cleopatra.rules.phases import T_DEAL_CITY

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
CARDS = D.city_cards
KINDS = D.auction
FRUITS = len(D.fruits)


def _no_city_card(card: int) -> str:
    if not 0 <= card < len(CARDS):
        return "There is no such City card."
    return f"You do not hold the City card {CARDS[card].name}."


# Construct Track ------------------------------------------------------------------------


def track_has_room(state: CleopatraState, track: int, seat: int) -> bool:
    """CC-8: at most two groups of different colours; never two groups of one player."""
    slots = state.track_seat
    return slots[2 * track + 1] < 0 and slots[2 * track] != seat


def legal_track(state: CleopatraState, seat: int) -> list[Action]:
    result: list[Action] = []
    trains = sorted({k for k in state.auction_hand[seat] if KINDS[k].category == TRAIN})
    rooms = [track_has_room(state, t, seat) for t in range(len(D.tracks))]
    for kind in trains:
        card = KINDS[kind]
        if state.trains_left[seat] < card.trains:
            continue
        if state.money[seat] < powers.track_cost(state, seat, card.cost):
            continue
        for city_card in state.city_hand[seat]:
            for track in D.city_tracks[CARDS[city_card].city]:
                if rooms[track]:
                    result.append(ConstructTrack(kind, city_card, track))
    return result


def why_not_track(state: CleopatraState, seat: int, action: ConstructTrack) -> str | None:
    kind, track = action.train, action.track
    if not 0 <= kind < len(KINDS) or KINDS[kind].category != TRAIN:
        return "Construct Track needs a Train card."
    if not has_auction_card(state, seat, kind):
        return f"You do not hold a {KINDS[kind].name} card."
    if not has_city_card(state, seat, action.city_card):
        return _no_city_card(action.city_card)
    city = CARDS[action.city_card].city
    if not 0 <= track < len(D.tracks) or track not in D.city_tracks[city]:
        return f"That track does not lead from {D.cities[city]}."
    name = D.track_name(track)
    if state.track_seat[2 * track] == seat:
        return f"You already have trains on {name}; groups cannot be added to."
    if state.track_seat[2 * track + 1] >= 0:
        return f"{name} already holds two colours of trains."
    need = KINDS[kind].trains
    if state.trains_left[seat] < need:
        return f"You need {need} trains but have {state.trains_left[seat]} left."
    cost = powers.track_cost(state, seat, KINDS[kind].cost)
    if state.money[seat] < cost:
        return f"This track costs {cost} Florin; you have {state.money[seat]}."
    return None


def apply_track(state: CleopatraState, seat: int, action: ConstructTrack) -> list[Event]:
    card = KINDS[action.train]
    cost = powers.track_cost(state, seat, card.cost)
    play_auction_card(state, seat, action.train)
    state.auction_discard.append(action.train)
    play_city_card(state, seat, action.city_card)
    events: list[Event] = [CardsPlayed(seat, (card.name, CARDS[action.city_card].name))]
    events += pay_bank(state, seat, cost, "track")
    slot = 2 * action.track + (0 if state.track_seat[2 * action.track] < 0 else 1)
    state.track_seat[slot] = seat
    state.track_trains[slot] = card.trains
    state.trains_left[seat] -= card.trains
    events.append(TrainsPlaced(seat, action.track, card.trains))
    return events


# Ship Fruit -----------------------------------------------------------------------------


def legal_ship(state: CleopatraState, seat: int,
               label: list[int] | None = None) -> list[Action]:
    """Every (fruit, source city, City card) shipment; `label` from `transport.components`."""
    if label is None:
        label = transport.components(state)
    fruit = state.fruit
    holders = [[c for c in range(len(D.cities)) if fruit[c * FRUITS + f]]
               for f in range(FRUITS)]
    result: list[Action] = []
    for card in state.city_hand[seat]:
        dest = CARDS[card].city
        if state.pyramid[dest]:  # CC-9
            continue
        group = label[dest]
        for f, _price in CARDS[card].demands:
            for source in holders[f]:
                if source != dest and label[source] == group:
                    result.append(ShipFruit(f, source, card))
    return result


def why_not_ship(state: CleopatraState, seat: int, action: ShipFruit) -> str | None:
    if not has_city_card(state, seat, action.city_card):
        return _no_city_card(action.city_card)
    card = CARDS[action.city_card]
    dest, source, f = card.city, action.source, action.fruit
    if all(f != demanded for demanded, _ in card.demands):
        return f"{card.name} does not ask for that fruit."
    if state.pyramid[dest]:
        return f"{D.cities[dest]} has a pyramid: no fruit may be shipped there."
    if not 0 <= source < len(D.cities) or source == dest:
        return f"The fruit must come from a city other than {D.cities[dest]}."
    if not state.cubes(source, f):
        return f"{D.cities[source]} has no {D.fruits[f]}."
    if not transport.route(state, source, dest):
        return (f"No chain of tracks with trains joins {D.cities[source]} and "
                f"{D.cities[dest]}.")
    return None


def shipping_income(state: CleopatraState, city_card: int, fruit: int) -> int:
    """CC-9: the card's price plus the market position, never below 0 (Isis adds 2)."""
    price = next(p for f, p in CARDS[city_card].demands if f == fruit)
    return max(0, price + state.market[fruit])


def apply_ship(state: CleopatraState, seat: int, action: ShipFruit) -> list[Event]:
    card = CARDS[action.city_card]
    dest, f = card.city, action.fruit
    path = transport.route(state, action.source, dest)
    income = shipping_income(state, action.city_card, f)
    play_city_card(state, seat, action.city_card)
    state.fruit[action.source * FRUITS + f] -= 1
    state.fruit[dest * FRUITS + f] += 1  # CC-9: the fruit stays in the destination
    events: list[Event] = [CardsPlayed(seat, (card.name,)), FruitMoved(f, path),
                           FruitShipped(seat, f, path, income)]
    events += gain_money(state, seat, income, "shipment")
    events += gain_money(state, seat, powers.ship_bonus(state, seat), "Isis")
    events += move_market(state, f, -1)
    for other, _price in card.demands:
        if other != f:
            events += move_market(state, other, +1)
    trains = state.trains_around(dest)
    for s in range(state.players):
        if s == seat:
            continue
        events += gain_points(state, s, trains[s], f"trains around {D.cities[dest]}")
        shown = sum(1 for k in state.fruit_cards[s] if f in KINDS[k].fruits)
        events += gain_points(state, s, shown, f"face-up {D.fruits[f]}")
    return events


# Produce Fruit --------------------------------------------------------------------------


def _supply_covers(state: CleopatraState, fruits: tuple[int, ...]) -> bool:
    return all(state.supply[f] >= fruits.count(f) for f in fruits)


def legal_produce(state: CleopatraState, seat: int) -> list[Action]:
    producible = [k for k in state.fruit_cards[seat] if _supply_covers(state, KINDS[k].fruits)]
    if not producible:
        return []
    result: list[Action] = []
    for card in state.city_hand[seat]:
        if state.pyramid[CARDS[card].city]:  # CC-9
            continue
        result += [ProduceFruit(kind, card) for kind in producible]
    return result


def why_not_produce(state: CleopatraState, seat: int, action: ProduceFruit) -> str | None:
    if not has_city_card(state, seat, action.city_card):
        return _no_city_card(action.city_card)
    if action.fruit_card not in state.fruit_cards[seat]:
        return "You have no such Fruit card face up."
    city = CARDS[action.city_card].city
    if state.pyramid[city]:
        return f"{D.cities[city]} has a pyramid: no fruit may be produced there."
    if not _supply_covers(state, KINDS[action.fruit_card].fruits):
        return "The general supply lacks the fruit on that card."
    return None


def produce(state: CleopatraState, city: int, fruits: tuple[int, ...]) -> list[Event]:
    """Fruit from the supply into a city; each produced fruit drops one on the market."""
    events: list[Event] = []
    for f in fruits:
        state.supply[f] -= 1
        state.fruit[city * FRUITS + f] += 1
        events.append(FruitPlaced(city, f))
        events += move_market(state, f, -1)
    return events


def apply_produce(state: CleopatraState, seat: int, action: ProduceFruit) -> list[Event]:
    kind = KINDS[action.fruit_card]
    city = CARDS[action.city_card].city
    play_city_card(state, seat, action.city_card)
    state.fruit_cards[seat].remove(action.fruit_card)
    state.auction_discard.append(action.fruit_card)
    events: list[Event] = [CardsPlayed(seat, (CARDS[action.city_card].name, kind.name))]
    return events + produce(state, city, kind.fruits)


# Build a Pyramid ------------------------------------------------------------------------


def legal_pyramid(state: CleopatraState, seat: int) -> list[Action]:
    money = state.money[seat]
    bonuses = [b for b in sorted(set(state.pyramids_left))
               if powers.pyramid_cost(state, seat, b) <= money]
    if not bonuses:
        return []
    result: list[Action] = []
    for city in range(len(D.cities)):
        if not state.pyramid[city] and not state.city_has_fruit(city):
            result += [BuildPyramid(b, city) for b in bonuses]
    return result


def why_not_pyramid(state: CleopatraState, seat: int, action: BuildPyramid) -> str | None:
    city = action.city
    if not 0 <= city < len(D.cities):
        return "There is no such city."
    name = D.cities[city]
    if state.pyramid[city]:
        return f"{name} already has a pyramid."
    if state.city_has_fruit(city):
        return f"{name} still has fruit; a pyramid needs an empty city."
    if action.bonus not in state.pyramids_left:
        return f"No +{action.bonus} pyramid is left."
    cost = powers.pyramid_cost(state, seat, action.bonus)
    if state.money[seat] < cost:
        return f"A +{action.bonus} pyramid costs {cost} Florin; you have {state.money[seat]}."
    return None


def apply_pyramid(state: CleopatraState, seat: int, action: BuildPyramid) -> list[Event]:
    cost = powers.pyramid_cost(state, seat, action.bonus)
    events = pay_bank(state, seat, cost, "pyramid")
    state.pyramids_left.remove(action.bonus)
    state.pyramid[action.city] = action.bonus
    events.append(PyramidBuilt(seat, action.city, action.bonus, cost))
    return events + gain_points(state, seat, action.bonus, "pyramid")


# Draw City Cards ------------------------------------------------------------------------


def legal_draw(state: CleopatraState, seat: int) -> list[Action]:
    if state.city_display:
        return [DrawCityCards(card) for card in sorted(set(state.city_display))]
    if state.city_deck or state.city_discard:
        return [DrawCityCards(-1)]
    return []


def why_not_draw(state: CleopatraState, seat: int, action: DrawCityCards) -> str | None:
    if action.card < 0:
        if state.city_display:
            return "Take one of the face-up City cards with the deck card."
        if not state.city_deck and not state.city_discard:
            return "There are no City cards left to draw."
        return None
    if action.card not in state.city_display:
        return "That City card is not in the face-up display."
    return None


def apply_draw(state: CleopatraState, seat: int, action: DrawCityCards) -> list[Event]:
    """Take the face-up card now; the deck card is a chance draw that follows at once.
    The display is refilled only at the end of the player's turn."""
    from bisect import insort

    events: list[Event] = []
    if action.card >= 0:
        state.city_display.remove(action.card)
        insort(state.city_hand[seat], action.card)
        insort(state.city_known[seat], action.card)
        events.append(CardTaken(seat, "city", CARDS[action.card].name))
    state.chance_queue.insert(0, [T_DEAL_CITY, seat])
    return events
