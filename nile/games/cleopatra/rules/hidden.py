"""Hidden information: what a seat sees, and full states consistent with it.

Hidden are the cards in other players' hands that were dealt or drawn face down (the
face-down Auction card of setup, City cards dealt or drawn from the deck) and the order
of the decks (which are unordered pools anyway). Cards taken from a face-up display stay
known to everyone (`city_known`, `auction_known`).

An observation replaces each secret card with `UNKNOWN` (hands stay sorted, so unknowns
come first) and pours the secret cards back into the deck pools, sorted: two true states
that differ only in hidden parts give equal observations.

New ruling CC-15 (card tracking): when a player plays a card of which one copy is known
and another secret (two '2-train' cards, say), the known copy is the one that leaves;
that is all the others can be sure of.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.data import FRUIT_CARD, game_data
from nile.games.cleopatra.rules.phases import UNKNOWN

if TYPE_CHECKING:
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()


def secret_part(hand: list[int], known: list[int]) -> list[int]:
    """The cards of `hand` (a sorted multiset) that are not in `known`."""
    rest = list(hand)
    for card in known:
        rest.remove(card)
    return rest


def observe(state: CleopatraState, seat: int | None) -> CleopatraState:
    view = state.clone()
    view.viewer = seat
    city_pool, auction_pool = list(view.city_deck), list(view.auction_deck)
    for other in range(state.players):
        if other == seat:
            continue
        city_secret = secret_part(state.city_hand[other], state.city_known[other])
        auction_secret = secret_part(state.auction_hand[other], state.auction_known[other])
        city_pool += city_secret
        auction_pool += auction_secret
        view.city_hand[other] = sorted(state.city_known[other] + [UNKNOWN] * len(city_secret))
        view.auction_hand[other] = sorted(state.auction_known[other]
                                          + [UNKNOWN] * len(auction_secret))
    view.city_deck = sorted(city_pool)
    view.auction_deck = sorted(auction_pool)
    return view


def determinize(state: CleopatraState, rng: random.Random) -> CleopatraState:
    """Fill every `UNKNOWN` with a card from the pools (secret Auction cards are never
    Fruit cards: those are always face up)."""
    full = state.clone()
    full.viewer = None
    city_pool = list(full.city_deck)
    rng.shuffle(city_pool)
    fruit = [k for k in full.auction_deck if D.auction[k].category == FRUIT_CARD]
    others = [k for k in full.auction_deck if D.auction[k].category != FRUIT_CARD]
    rng.shuffle(others)
    for seat in range(full.players):
        hand = full.city_hand[seat]
        if hand and hand[0] == UNKNOWN:
            full.city_hand[seat] = sorted(city_pool.pop() if c == UNKNOWN else c for c in hand)
        hand = full.auction_hand[seat]
        if hand and hand[0] == UNKNOWN:
            full.auction_hand[seat] = sorted(others.pop() if c == UNKNOWN else c for c in hand)
    full.city_deck = sorted(city_pool)
    full.auction_deck = sorted(others + fruit)
    return full
