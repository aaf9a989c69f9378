"""Issue shares, the turn-order auction (AS-1) and action selection."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules import market
from nile.games.age_of_steam.rules.actions import (
    Bid,
    DropOut,
    FreePass,
    IssueShares,
    TakeAction,
)
from nile.games.age_of_steam.rules.events import DroppedOut
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import texts


def shares_done(state: object) -> None:
    for _ in range(4):
        state.apply(IssueShares(0))  # type: ignore[attr-defined]


def test_issue_shares_pays_five_each_up_to_fifteen() -> None:
    state = Builder(4, map="chile").build()
    state.shares[0] = 13
    assert texts(state.legal_actions()) == {"issue 0", "issue 1", "issue 2"}
    state.apply(IssueShares(2))
    assert state.cash[0] == 20 and state.shares[0] == 15
    with pytest.raises(IllegalAction):
        state.apply(IssueShares(14))


def test_auction_payments_as_second_edition() -> None:
    """AS-1: first and second pay in full, last pays nothing, the rest half rounded up."""
    assert market.bid_payment(5, 1, 4) == 5
    assert market.bid_payment(5, 2, 4) == 5
    assert market.bid_payment(5, 3, 4) == 3
    assert market.bid_payment(5, 4, 4) == 0
    assert market.bid_payment(7, 3, 5) == 4 and market.bid_payment(7, 4, 5) == 4


def test_auction_round_sets_turn_order_and_charges() -> None:
    state = Builder(4, map="chile").build()
    shares_done(state)
    assert state.phase == Phase.AUCTION and state.current_player == 0
    state.apply(Bid(1))
    state.apply(Bid(2))
    events = state.apply(DropOut())          # p2 first out: last place, pays 0
    assert events == [DroppedOut(2, 4, 0)]
    assert state.current_player == 3
    state.apply(Bid(3))
    assert state.current_player == 0
    state.apply(DropOut())                   # p0: third place, half of 1 rounded up
    assert state.current_player == 1         # the high bidder (p3) is skipped
    state.apply(Bid(4))
    state.apply(DropOut())                   # p3: second place pays in full
    assert state.order == [1, 3, 0, 2]
    assert state.cash == [9, 6, 10, 7]
    assert state.phase == Phase.SELECT and state.current_player == 1


def test_bids_must_beat_the_high_bid_and_fit_the_cash() -> None:
    state = Builder(4, map="chile").build()
    shares_done(state)
    state.apply(Bid(4))
    legal = texts(state.legal_actions())
    assert "bid 4" not in legal and "bid 5" in legal and "bid 10" in legal
    assert "bid 11" not in legal
    with pytest.raises(IllegalAction, match="more than"):
        state.apply(Bid(3))


def test_turn_order_holder_may_pass_once_without_dropping_out() -> None:
    state = Builder(4, map="chile").build()
    state.free_pass_holder = 0
    shares_done(state)
    assert FreePass() in state.legal_actions()
    state.apply(FreePass())
    assert 0 in state.bidders and state.current_player == 1
    state.apply(Bid(1))
    state.apply(DropOut())
    state.apply(DropOut())
    assert state.current_player == 0
    assert FreePass() not in state.legal_actions()


def test_free_pass_not_offered_with_only_two_bidders() -> None:
    state = Builder(4, map="chile").build()
    state.free_pass_holder = 3
    shares_done(state)
    state.apply(DropOut())
    state.apply(DropOut())
    state.apply(Bid(1))
    assert state.current_player == 3
    assert FreePass() not in state.legal_actions()


def test_each_action_tile_once_and_locomotive_is_immediate() -> None:
    state = Builder(4, map="chile").build()
    shares_done(state)
    for _ in range(3):
        state.apply(DropOut())
    assert state.phase == Phase.SELECT
    first = state.current_player
    assert "take production" in texts(state.legal_actions())
    state.apply(TakeAction("locomotive"))
    assert state.loco[first] == 2
    assert "take locomotive" not in texts(state.legal_actions())


@pytest.mark.parametrize("name,special", [("chile", "production"), ("cccp", "communism"),
                                          ("egypt", "ferry")])
def test_each_map_has_its_own_seventh_action(name: str, special: str) -> None:
    state = Builder(4, map=name).build()
    shares_done(state)
    for _ in range(3):
        state.apply(DropOut())
    legal = texts(state.legal_actions())
    assert f"take {special}" in legal
    assert len(legal) == 7


def test_as11_with_two_left_the_one_who_drops_out_pays_nothing() -> None:
    assert market.bid_payment(4, 2, 2) == 0
    assert market.bid_payment(4, 1, 2) == 4
