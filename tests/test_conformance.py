"""One conformance suite over the registry: every game obeys the engine protocol.

Seeded random playouts run to the end; after every action the invariants hold, clones
and dict round-trips are equal and independent, and the acting seat's observation
offers the same moves as the true state. Replaying the action list by text gives the
same game. A game may lower the number or length of playouts through `GameInfo.conformance_games`
and `conformance_max_actions` when its actions are expensive.
"""

from __future__ import annotations

import json
import random

import pytest

from nile.core import chance, registry
from nile.core.game import CHANCE, Action, GameInfo, GameState

GAMES = registry.all_games()


def player_counts(info: GameInfo) -> list[int]:
    options = info.resolve_options({})
    low, high = info.player_range(options)
    return sorted({low, high})


def check_state(state: GameState) -> None:
    assert state.invariant_violations() == []
    data = state.to_dict()
    json.dumps(data)
    assert type(state).from_dict(data) == state
    copy = state.clone()
    assert copy == state and copy is not state
    seat = state.current_player
    if seat is None:
        assert state.legal_actions() == []
    elif seat == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-6
    else:
        legal = state.legal_actions()
        assert legal, "a player to move must have a legal action"
        assert state.observation(seat).legal_actions() == legal


CLONE_CHECK_EVERY = 7
"""How often a playout checks that a clone shares nothing with its original."""


def check_clone_is_independent(state: GameState, action: Action) -> None:
    """Playing on a clone leaves the original as it was, and the two agree afterwards."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    twin = state.clone()
    twin.apply(action)
    assert json.dumps(state.to_dict(), sort_keys=True) == before, "the clone shares state"
    again = state.clone()
    again.apply(action)
    assert again == twin, "the same action on equal states gave different states"


def playout(info: GameInfo, players: int, seed: int, max_actions: int) -> list[str]:
    state = info.create(players, seed, {})
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal and len(actions) < max_actions:
        check_state(state)
        if state.current_player == CHANCE:
            action = chance.pick(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        if len(actions) % CLONE_CHECK_EVERY == 0:
            check_clone_is_independent(state, action)
        state.apply(action)
        actions.append(action.to_str())
    check_state(state)
    if state.is_terminal:
        ranking = state.ranking()
        assert len(ranking) == players and min(ranking) == 1
        assert len(state.score_sheet().totals) == players
    replayed = info.create(players, seed, {})
    for text in actions:
        replayed.apply(replayed.parse_action(text))
    assert replayed == state
    return actions


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_random_playouts_keep_the_protocol(info: GameInfo) -> None:
    games, max_actions = info.conformance_games, info.conformance_max_actions
    for players in player_counts(info):
        for seed in range(games):
            playout(info, players, seed, max_actions)


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_same_seed_same_game(info: GameInfo) -> None:
    players = player_counts(info)[0]
    max_actions = info.conformance_max_actions
    assert playout(info, players, 42, max_actions) == playout(info, players, 42, max_actions)
