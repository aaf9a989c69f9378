"""The Age of Steam bots' money rules: the fixes behind fewer bankruptcies (see the bots
report for the self-play counts)."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam import ai
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules import move as move_phase
from nile.games.age_of_steam.rules.actions import IssueShares

from .helpers import set_up


def test_the_opening_fits_the_starting_cash_so_no_share_is_issued_in_turn_one() -> None:
    # Issuing for a bigger opening build left more shares than early income could carry.
    for name in ("chile", "cccp", "egypt"):
        state = set_up(name, 4)
        assert state.phase == "shares" and state.round == 1
        seat = state.current_player
        assert seat is not None
        assert ai.policy(state, random.Random(0)) == IssueShares(0)


def _first_dear_delivery(seed: int) -> tuple[AgeOfSteamState, move_phase.Route]:
    """Normal bots on Egypt until someone is offered a delivery whose ferry fee would
    leave that turn's expenses unpaid."""
    state, rng = set_up("egypt", 4, seed), random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        assert seat is not None
        if state.phase == "move":
            for route in state.offered_routes or move_phase.routes(state, seat):
                if not ai._fee_affordable(state, seat, route):
                    return state, route
        state.apply(ai.policy(state, rng))
    raise AssertionError("no dear delivery in this game")


def test_easy_random_deliveries_never_pay_a_fee_that_leaves_expenses_unpaid() -> None:
    state, dear = _first_dear_delivery(seed=2)
    seat = state.current_player
    assert seat is not None
    income = state.income[seat] + dear.income.get(seat, 0)
    assert state.cash[seat] - dear.fee + income < state.shares[seat] + state.loco[seat]
    legal = state.legal_actions()
    assert dear.action in legal
    harmless = ai._harmless(state, seat, legal)
    assert dear.action not in harmless and harmless
