"""Chance: every draw, deal and reveal, from unordered pools.

The first queued task says what is drawn; its outcomes are the distinct items of the pool
with their shares. New ruling CC-14 (empty City deck): when a City card must be drawn from
an empty deck, the City discard pile becomes the new deck; with no card anywhere the draw
is skipped. The Auction deck is never reshuffled (it cannot run out with the invented
counts; if it did, the draw would be skipped).
"""

from __future__ import annotations

from bisect import insort
from functools import cache
from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.games.cleopatra.rules import setup
from nile.games.cleopatra.rules.actions import (
    DealAuction,
    DealCity,
    DrawFruit,
    DrawMarker,
    PickLightCity,
    PickStartPlayer,
    RevealAuction,
    RevealCity,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import (
    CardDealt,
    CardRevealed,
    DeckReshuffled,
    FruitCardShown,
)
from nile.games.cleopatra.rules.phases import (
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


def _shares(pool: list[int]) -> list[tuple[int, float]]:
    """Distinct items of a sorted pool with their probabilities."""
    total = len(pool)
    result: list[tuple[int, float]] = []
    previous, count = -2, 0
    for item in pool:
        if item == previous:
            count += 1
            continue
        if count:
            result.append((previous, count / total))
        previous, count = item, 1
    if count:
        result.append((previous, count / total))
    return result


def city_pool(state: CleopatraState) -> list[int]:
    """The cards a City draw comes from (the discard pile once the deck is empty, CC-14)."""
    return state.city_deck if state.city_deck else state.city_discard


# The draws, each made once (a frozen dataclass is slow to make, and a chance step lists
# every card it may draw: a quarter of a random playout went into making them, issue 33
# item 6). Equal to new ones; the cards and seats are few.
_DEAL_CITY = cache(DealCity)
_REVEAL_CITY = cache(RevealCity)
_REVEAL_AUCTION = cache(RevealAuction)
_DEAL_AUCTION = cache(DealAuction)


def outcomes(state: CleopatraState) -> list[tuple[Action, float]]:
    task, arg = state.chance_queue[0]
    if task in (T_DEAL_CITY, T_REVEAL_CITY):  # every City card is unique
        pool = sorted(city_pool(state))
        share = 1 / len(pool)
        if task == T_DEAL_CITY:
            return [(_DEAL_CITY(arg, c), share) for c in pool]
        return [(_REVEAL_CITY(c), share) for c in pool]
    if task == T_REVEAL_AUCTION:
        return [(_REVEAL_AUCTION(k), p) for k, p in _shares(state.auction_deck)]
    if task == T_DEAL_AUCTION:
        return [(_DEAL_AUCTION(arg, k), p) for k, p in _shares(state.auction_deck)]
    if task == T_FRUIT:
        return setup.fruit_outcomes(state, arg)
    if task == T_MARKER:
        return setup.marker_outcomes(state, arg)
    if task == T_LIGHT:
        return setup.light_outcomes()
    return setup.start_outcomes(state)


def _refuse(action: Action) -> IllegalAction:
    return IllegalAction(f"'{action.to_str()}' is not a possible outcome now.")


def apply(state: CleopatraState, action: Action) -> list[Event]:
    """Apply one chance outcome; refuse anything the first task cannot produce."""
    task, arg = state.chance_queue[0]
    if isinstance(action, DealCity) and task == T_DEAL_CITY and action.seat == arg:
        if action.card not in city_pool(state):
            raise _refuse(action)
        state.chance_queue.pop(0)
        return deal_city(state, action.seat, action.card)
    if isinstance(action, RevealCity) and task == T_REVEAL_CITY:
        if action.card not in city_pool(state):
            raise _refuse(action)
        state.chance_queue.pop(0)
        events = _reshuffle_if_empty(state)
        state.city_deck.remove(action.card)
        state.city_display.append(action.card)
        return [*events, CardRevealed("city", D.city_cards[action.card].name)]
    if isinstance(action, RevealAuction) and task == T_REVEAL_AUCTION:
        if action.kind not in state.auction_deck:
            raise _refuse(action)
        state.chance_queue.pop(0)
        state.auction_deck.remove(action.kind)
        state.auction_display.append(action.kind)
        return [CardRevealed("auction", D.auction[action.kind].name)]
    if isinstance(action, DealAuction) and task == T_DEAL_AUCTION and action.seat == arg:
        if action.kind not in state.auction_deck:
            raise _refuse(action)
        state.chance_queue.pop(0)
        return deal_auction(state, action.seat, action.kind)
    return _apply_setup(state, action, task, arg)


def _apply_setup(state: CleopatraState, action: Action, task: int, arg: int) -> list[Event]:
    if isinstance(action, DrawFruit) and task == T_FRUIT and action.city == arg:
        if not 0 <= action.fruit < len(D.fruits) or not state.supply[action.fruit]:
            raise _refuse(action)
        state.chance_queue.pop(0)
        return setup.place_fruit(state, action.city, action.fruit)
    if isinstance(action, DrawMarker) and task == T_MARKER and action.city == arg:
        if action.marker not in state.markers_bag:
            raise _refuse(action)
        state.chance_queue.pop(0)
        return setup.place_marker(state, action.city, action.marker)
    if isinstance(action, PickLightCity) and task == T_LIGHT:
        if not 0 <= action.city < len(D.cities):
            raise _refuse(action)
        state.chance_queue.pop(0)
        return setup.light_city(state, action.city)
    if isinstance(action, PickStartPlayer) and task == T_START:
        if not 0 <= action.seat < state.players:
            raise _refuse(action)
        state.chance_queue.pop(0)
        return setup.start_player(state, action.seat)
    raise _refuse(action)


def _reshuffle_if_empty(state: CleopatraState) -> list[Event]:
    """CC-14: the City discard pile becomes the deck when the deck is empty."""
    if state.city_deck or not state.city_discard:
        return []
    state.city_deck, state.city_discard = sorted(state.city_discard), []
    return [DeckReshuffled(len(state.city_deck))]


def deal_city(state: CleopatraState, seat: int, card: int) -> list[Event]:
    """A City card from the deck into a hand, face down (secret to the others)."""
    events = _reshuffle_if_empty(state)
    state.city_deck.remove(card)
    insort(state.city_hand[seat], card)
    return [*events, CardDealt(seat, D.city_cards[card].name, "City")]


def deal_auction(state: CleopatraState, seat: int, kind: int) -> list[Event]:
    """Setup's face-down Auction card; a Fruit card is laid face up instead."""
    state.auction_deck.remove(kind)
    if setup.is_fruit_card(kind):
        insort(state.fruit_cards[seat], kind)
        return [FruitCardShown(seat, D.auction[kind].name)]
    insort(state.auction_hand[seat], kind)
    return [CardDealt(seat, D.auction[kind].name, "Auction")]


def skip_impossible(state: CleopatraState) -> None:
    """Drop queued draws whose pool is empty (a display that cannot be refilled)."""
    queue = state.chance_queue
    while queue:
        task = queue[0][0]
        if task in (T_DEAL_CITY, T_REVEAL_CITY):
            empty = not state.city_deck and not state.city_discard
        elif task in (T_DEAL_AUCTION, T_REVEAL_AUCTION):
            empty = not state.auction_deck
        else:
            return
        if not empty:
            return
        queue.pop(0)
