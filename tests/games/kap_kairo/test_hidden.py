"""Hidden information: secret bids (VK-3) and face-down bonus cards (VK-10)."""

from __future__ import annotations

import json
import random

from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import MASKED, UNKNOWN, Bid, KapState

from .helpers import cards, play


def _bidding(first_bid: int) -> KapState:
    return Builder(3).capital(2, 70).auction(("R0", "S9", "M4"), bids={0: first_bid}).build()


def test_observations_do_not_depend_on_another_players_secret_bid() -> None:
    low, high = _bidding(3), _bidding(60)
    for seat in (1, 2, None):
        assert low.observation(seat).to_dict() == high.observation(seat).to_dict()


def test_determinize_never_reads_a_secret_bid() -> None:
    low, high = _bidding(3), _bidding(60)
    for seed in range(20):
        a = low.observation(1).determinize(random.Random(seed))
        b = high.observation(1).determinize(random.Random(seed))
        assert a.to_dict() == b.to_dict()
        assert a.invariant_violations() == []


def test_the_bidder_sees_their_own_bid_others_see_a_mask() -> None:
    state = _bidding(12)
    assert state.observation(0).bids == [12, None, None]
    assert state.observation(1).bids == [MASKED, None, None]
    assert state.observation(None).bids == [MASKED, None, None]
    assert state.observation(1).ledger[0][-1] == ("bid", None, None)
    assert state.observation(0).ledger[0][-1] == ("bid", 12, 88)
    assert "12" not in json.dumps(state.observation(1).ledger)


def test_the_bidder_to_move_has_the_same_choices_in_their_observation() -> None:
    state = _bidding(12)
    assert state.observation(1).legal_actions() == state.legal_actions()
    play(state, "bid 5")
    assert state.observation(2).legal_actions() == state.legal_actions() == [
        Bid(a) for a in range(71)]


def test_guessed_bids_are_plausible_whole_pounds_within_capital() -> None:
    state = Builder(3).capital(0, 8).auction(("R0", "S9", "M4"), bids={0: 8, 1: 0}).build()
    view = state.observation(2)
    guesses = set()
    for seed in range(200):
        full = view.determinize(random.Random(seed))
        bid = full.bids[0]
        assert isinstance(bid, int) and 0 <= bid <= 8
        assert full.ledger[0][-1] == ("bid", bid, 8 - bid)
        guesses.add(bid)
    assert len(guesses) > 3  # a spread, not a fixed number


def test_after_the_reveal_every_bid_is_public() -> None:
    state = _bidding(12)
    play(state, "bid 5", "bid 7")
    assert state.observation(2).ledger[0][-1] == ("bid", 12, 88)


def test_bonus_cards_from_the_pile_are_unknown_to_all_and_dealt_again_by_determinize() -> None:
    state = (Builder(2).column(0, "S1").column(1, "R3").bonus(1, "V9").row("S0")
             .to_move(0).build())
    state.secret = cards("V9")
    for seat in (0, 1, None):
        view = state.observation(seat)
        assert view.bonus[1] == [UNKNOWN]
        assert cards("V9")[0] in view.pool and view.masked == 1
        assert view.pile_size() == state.pile_size()
    assert state.observation(0).legal_actions() == state.legal_actions()  # seat 0 to move
    seen = set()
    for seed in range(30):
        full = state.observation(0).determinize(random.Random(seed))
        assert full.invariant_violations() == []
        assert full.secret == full.bonus[1] and len(full.pool) == len(state.pool)
        seen.add(full.bonus[1][0])
    assert len(seen) > 5


def test_a_bonus_card_from_the_discards_is_known() -> None:
    state = (Builder(2).column(0, "S8", "S1").column(1, "R3").row("S9")
             .to_move(0).build())
    play(state, "build bonus 0 buy 0")
    assert state.observation(0).bonus[1] == cards("S9")
