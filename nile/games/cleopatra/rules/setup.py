"""Setup: the board, the prestige markers, the fruit draws, the market, hands and displays.

The fixed parts are laid out at once (`initialise`); everything random is queued as
chance tasks: the start player, the first (light) prestige city, one prestige marker per
city, one fruit per city slot, one face-down Auction card per seat, the Auction display,
three City cards per seat and the City display.

Rulings used here:
- CC-1: the ladder is bipartite, so "alternate light and dark" means: every city of the
  first city's parity shows its light side, every other city its dark side.
- New ruling CC-12 (start player): the rulebook does not say who starts; chance picks
  the first holder of the Start Player figure.
- New ruling CC-13 (first city): the rulebook lets the first marker go "in any city";
  chance picks that city.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.actions import DrawFruit, DrawMarker, PickLightCity, PickStartPlayer
from nile.games.cleopatra.rules.data import FRUIT_CARD, game_data
from nile.games.cleopatra.rules.events import (
    FruitPlaced,
    MarketMoved,
    PrestigePlaced,
    StartPlayerChosen,
)
from nile.games.cleopatra.rules.phases import (
    SETUP,
    T_DEAL_AUCTION,
    T_DEAL_CITY,
    T_FRUIT,
    T_LIGHT,
    T_MARKER,
    T_REVEAL_AUCTION,
    T_REVEAL_CITY,
    T_START,
)

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
FRUITS = len(D.fruits)
ONE_TRAIN = 0
"""The Auction kind of the '1' Train card every player starts with."""


def fruit_slots(players: int) -> list[int]:
    """The cities that get a setup fruit, once per fruit (one each, more with 4–5 players)."""
    slots = list(range(len(D.cities)))
    if players >= 4:
        slots += list(D.outer)
    if players >= 5:
        slots += list(D.five_player_extra)
    return slots


def initialise(state: CleopatraState, players: int) -> None:
    """Lay out the fixed parts of setup and queue every random one."""
    cities = len(D.cities)
    state.players = players
    state.viewer = None
    state.turn = state.start_player = state.high_bid = state.bidder = state.passes = 0
    state.god_pick = state.action_index = state.picks_left = 0
    state.actions_used = state.draws_used = state.player_done = 0
    state.phase = SETUP
    state.light_city = -1
    state.markers_bag = list(range(len(D.prestige_markers)))
    state.city_marker = [-1] * cities
    state.building_bonus = [0] * cities
    state.pyramid = [0] * cities
    state.pyramids_left = sorted(D.pyramids)
    state.bonus_markers = list(D.building_markers)
    state.fruit = [0] * (cities * FRUITS)
    state.supply = [D.cubes_per_fruit - 1] * FRUITS  # one cube per fruit marks the market
    state.market = [D.market_min] * FRUITS
    state.track_seat = [-1] * (2 * len(D.tracks))
    state.track_trains = [0] * (2 * len(D.tracks))
    state.trains_left = [D.trains_per_player] * players
    state.money = [D.start_money] * players
    state.vp = [0] * players
    state.city_deck = list(range(len(D.city_cards)))
    state.city_display, state.city_discard = [], []
    deck = [kind for kind, card in enumerate(D.auction) for _ in range(card.copies)]
    for _ in range(players):
        deck.remove(ONE_TRAIN)
    state.auction_deck, state.auction_display, state.auction_discard = deck, [], []
    state.city_hand = [[] for _ in range(players)]
    state.city_known = [[] for _ in range(players)]
    state.auction_hand = [[ONE_TRAIN] for _ in range(players)]
    state.auction_known = [[ONE_TRAIN] for _ in range(players)]
    state.fruit_cards = [[] for _ in range(players)]
    state.buildings = [[] for _ in range(players)]
    state.bids = [0] * players
    state.active = [1] * players
    state.order = [-1] * players
    state.gods = [-1] * players
    state.action_order = []
    state.pending, state.pending_need = [], []
    state.pending_cubes, state.pending_cards = [], []
    state.final_rows = []
    state.chance_queue = setup_tasks(players)


def setup_tasks(players: int) -> list[list[int]]:
    """Every random step of setup, in table order (markers are queued once a city is lit)."""
    tasks = [[T_START, 0], [T_LIGHT, 0]]
    tasks += [[T_FRUIT, city] for city in fruit_slots(players)]
    tasks += [[T_DEAL_AUCTION, seat] for seat in range(players)]
    tasks += [[T_REVEAL_AUCTION, 0] for _ in range(players + 1)]
    tasks += [[T_DEAL_CITY, seat] for _ in range(D.city_hand_size) for seat in range(players)]
    tasks += [[T_REVEAL_CITY, 0] for _ in range(D.city_display_size)]
    return tasks


# Chance steps of setup ------------------------------------------------------------------


def start_outcomes(state: CleopatraState) -> list[tuple[Action, float]]:
    return [(PickStartPlayer(s), 1 / state.players) for s in range(state.players)]


def light_outcomes() -> list[tuple[Action, float]]:
    return [(PickLightCity(c), 1 / len(D.cities)) for c in range(len(D.cities))]


def marker_outcomes(state: CleopatraState, city: int) -> list[tuple[Action, float]]:
    bag = state.markers_bag
    return [(DrawMarker(city, m), 1 / len(bag)) for m in bag]


def fruit_outcomes(state: CleopatraState, city: int) -> list[tuple[Action, float]]:
    total = sum(state.supply)
    return [(DrawFruit(city, f), n / total) for f, n in enumerate(state.supply) if n]


def start_player(state: CleopatraState, seat: int) -> list[Event]:
    state.start_player = seat
    return [StartPlayerChosen(seat)]


def light_city(state: CleopatraState, city: int) -> list[Event]:
    """CC-1/CC-13: the first marker's city shows light; queue one marker per city."""
    state.light_city = city
    cities = [city] + [c for c in range(len(D.cities)) if c != city]
    state.chance_queue[0:0] = [[T_MARKER, c] for c in cities]
    return []


def place_marker(state: CleopatraState, city: int, marker: int) -> list[Event]:
    state.markers_bag.remove(marker)
    state.city_marker[city] = marker
    light = D.parity[city] == D.parity[state.light_city]
    return [PrestigePlaced(city, state.prestige(city), light)]


def place_fruit(state: CleopatraState, city: int, fruit: int) -> list[Event]:
    """A setup fruit from the bag; after the last one the market takes its start."""
    state.supply[fruit] -= 1
    state.fruit[city * FRUITS + fruit] += 1
    events: list[Event] = [FruitPlaced(city, fruit)]
    if not state.chance_queue or state.chance_queue[0][0] != T_FRUIT:
        events += set_market(state)
    return events


def set_market(state: CleopatraState) -> list[Event]:
    """Each fruit's market marker rises from -3 by the cubes of it left in the supply."""
    events: list[Event] = []
    for fruit in range(FRUITS):
        old = state.market[fruit]
        new = min(D.market_max, D.market_min + state.supply[fruit])  # CC-3 clamps
        state.market[fruit] = new
        events.append(MarketMoved(fruit, old, new))
    return events


def is_fruit_card(kind: int) -> bool:
    return D.auction[kind].category == FRUIT_CARD
