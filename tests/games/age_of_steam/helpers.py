"""Small helpers shared by the Age of Steam tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from nile.core import chance
from nile.core.game import CHANCE, Action
from nile.games.age_of_steam.rules import AgeOfSteamState, new_game


def set_up(map_name: str, players: int, seed: int = 1) -> AgeOfSteamState:
    """A new game with its setup chance resolved."""
    state = new_game(players, seed, {"map": map_name})
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(chance.pick(state.chance_outcomes(), rng))
    return state


def texts(actions: list[Action]) -> set[str]:
    return {a.to_str() for a in actions}


def play_random(map_name: str, players: int, seed: int) -> AgeOfSteamState:
    state = new_game(players, seed, {"map": map_name})
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert state.invariant_violations() == []
    return state


def decisions(state: AgeOfSteamState, rng: random.Random,
              last_round: int) -> Iterator[tuple[int, AgeOfSteamState]]:
    """Each decision up to `last_round` as (seat, that seat's view), chance drawn from
    `rng`; the caller applies its move to `state` before asking for the next."""
    while not state.is_terminal and state.round <= last_round:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = state.observation(seat)
        assert isinstance(view, AgeOfSteamState)
        yield seat, view
