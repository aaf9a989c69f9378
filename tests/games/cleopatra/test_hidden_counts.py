"""The deck counts a player sees are the same for every viewer: they are public, and a
count that differed would hint at the others' secret cards (seen in a real window)."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.cleopatra import GAME_INFO


def test_deck_counts_are_the_same_for_every_viewer() -> None:
    for seed in range(4):
        state = GAME_INFO.create(3, seed, {})
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_terminal:
                break
            true_city, true_auction = len(state.city_deck), len(state.auction_deck)
            for seat in (None, 0, 1, 2):
                view = state.observation(seat)
                assert view.city_deck_size() == true_city
                assert view.auction_deck_size() == true_auction
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
