"""Shared bits of the Cleopatra's Caboose tests: seat colours of the rulebook's examples,
short card names, and small drivers."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE, Action, Event
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.data import FRUIT_CARD, game_data
from nile.games.cleopatra.rules.hidden import secret_part

D = game_data()
RED, BLUE, YELLOW, GREEN, BLACK = range(5)


def city(name: str) -> int:
    return D.city(name)


def fruit(name: str) -> int:
    return D.fruit(name)


def play(state: CleopatraState, text: str) -> list[Event]:
    """Apply the legal action with this text form (fails if it is not legal)."""
    return state.apply(state.parse_action(text))


def resolve_chance(state: CleopatraState, seed: int = 0) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    while state.current_player == CHANCE:
        events += state.apply(chance.pick(state.chance_outcomes(), rng))
    return events


def texts(actions: list[Action]) -> list[str]:
    return [a.to_str() for a in actions]


def of_type(events: list[Event], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def random_game(players: int, seed: int) -> CleopatraState:
    """A whole game of random moves."""
    from nile.games.cleopatra import GAME_INFO

    state = GAME_INFO.create(players, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def swap_secret_city_card(state: CleopatraState, seat: int) -> CleopatraState:
    other = state.clone()
    secret = secret_part(other.city_hand[seat], other.city_known[seat])[0]
    stranger = other.city_deck[0]
    other.city_hand[seat] = sorted([c for c in other.city_hand[seat] if c != secret]
                                   + [stranger])
    other.city_deck = sorted([c for c in other.city_deck if c != stranger] + [secret])
    return other


def swap_secret_auction_card(state: CleopatraState, seat: int) -> CleopatraState:
    other = state.clone()
    secret = secret_part(other.auction_hand[seat], other.auction_known[seat])
    if not secret:
        return other
    replacement = next(k for k in other.auction_deck
                       if k != secret[0] and D.auction[k].category != FRUIT_CARD)
    other.auction_hand[seat].remove(secret[0])
    other.auction_hand[seat] = sorted(other.auction_hand[seat] + [replacement])
    other.auction_deck.remove(replacement)
    other.auction_deck = sorted([*other.auction_deck, secret[0]])
    return other
