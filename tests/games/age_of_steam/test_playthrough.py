"""Whole games: random play ends on every map with every invariant; the bots play."""

from __future__ import annotations

import random

import pytest

from nile.ai.bots import choose, make_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.ai import policy
from nile.games.age_of_steam.rules import AgeOfSteamGame
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import play_random, set_up

pytestmark = pytest.mark.slow  # bots play whole games


@pytest.mark.parametrize("name,players", [("chile", 4), ("chile", 6), ("cccp", 4),
                                          ("cccp", 5), ("egypt", 3), ("egypt", 5)])
def test_random_game_ends_on_every_map(name: str, players: int) -> None:
    state = play_random(name, players, seed=11)
    assert state.is_terminal
    assert AgeOfSteamGame.from_dict(state.to_dict()) == state
    assert sorted(state.ranking())[0] == 1


def test_cccp_observation_offers_the_same_moves_throughout_a_game() -> None:
    state = GAME_INFO.create(4, 5, {"map": "cccp"})
    rng = random.Random(5)
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        assert state.observation(seat).legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))


def test_normal_bots_finish_a_game() -> None:
    state = GAME_INFO.create(3, 2, {"map": "egypt"})
    bots = [make_bot(GAME_INFO, "normal", s, 2) for s in range(3)]
    rng = random.Random(2)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(choose(bots[seat], state.observation(seat)))
    assert state.invariant_violations() == []


def test_hard_bot_returns_a_legal_move_on_a_small_budget() -> None:
    state = set_up("chile", 4, seed=4)
    seat = state.current_player
    assert seat is not None and seat >= 0
    bot = make_bot(GAME_INFO, "hard", seat, 4, iterations=12)
    action = choose(bot, state.observation(seat))
    assert action in state.legal_actions()


def test_easy_bots_finish_a_game_without_random_money_moves() -> None:
    state = GAME_INFO.create(4, 6, {"map": "cccp"})
    bots = [make_bot(GAME_INFO, "easy", s, 6) for s in range(4)]
    rng = random.Random(6)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        action = choose(bots[seat], state.observation(seat))
        if state.phase in (Phase.SHARES, Phase.AUCTION):   # money moves follow the heuristic
            assert action == policy(state.observation(seat), random.Random(0))
        state.apply(action)
    assert state.invariant_violations() == []
