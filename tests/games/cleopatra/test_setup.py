"""Setup: prestige alternation for any first city (CC-1), fruit draws per player count,
the market start, hands and displays."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from nile.core import chance
from nile.core.game import CHANCE, Action
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import (
    DealAuction,
    DealCity,
    PickLightCity,
    PickStartPlayer,
    RevealAuction,
    RevealCity,
)
from nile.games.cleopatra.rules.data import FRUIT_CARD, game_data
from nile.games.cleopatra.rules.events import PrestigePlaced
from nile.games.cleopatra.rules.phases import Phase

D = game_data()


def set_up(players: int, seed: int, first_city: int | None = None,
           start: int | None = None) -> tuple[CleopatraState, list[PrestigePlaced]]:
    state = GAME_INFO.create(players, seed, {})
    rng = random.Random(seed)
    placed: list[PrestigePlaced] = []
    while state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        action = chance.pick(outcomes, rng)
        if isinstance(action, PickLightCity) and first_city is not None:
            action = PickLightCity(first_city)
        if isinstance(action, PickStartPlayer) and start is not None:
            action = PickStartPlayer(start)
        placed += [e for e in state.apply(action) if isinstance(e, PrestigePlaced)]
    return state, placed


@pytest.mark.parametrize("first_city", range(12), ids=list(D.cities))
def test_prestige_alternates_on_every_track_for_any_first_city(first_city: int) -> None:
    state, placed = set_up(3, seed=first_city, first_city=first_city)
    light = {e.city: e.light for e in placed}
    assert len(placed) == 12 and light[first_city]
    assert placed[0].city == first_city  # the first marker goes to the chosen city
    for a, b in D.tracks:
        assert light[a] != light[b], f"{D.cities[a]}-{D.cities[b]} do not alternate"
    for event in placed:
        assert (4 <= event.value <= 6) if event.light else (7 <= event.value <= 10)
        assert state.prestige(event.city) == event.value


@pytest.mark.parametrize("players,cubes", [(3, 12), (4, 16), (5, 20)])
def test_fruit_draws_per_player_count(players: int, cubes: int) -> None:
    state, _ = set_up(players, seed=players)
    assert sum(state.fruit) == cubes
    per_city = [sum(state.fruit[c * 5:(c + 1) * 5]) for c in range(12)]
    for c, count in enumerate(per_city):
        extra = (players >= 4 and c in D.outer) + (players >= 5 and c in D.five_player_extra)
        assert count == 1 + extra, D.cities[c]
    assert sum(state.supply) == 30 - cubes


@pytest.mark.parametrize("players", [3, 4, 5])
def test_market_starts_at_minus_three_plus_the_supply(players: int) -> None:
    for seed in range(5):
        state, _ = set_up(players, seed)
        for f in range(5):
            assert state.market[f] == min(3, -3 + state.supply[f])  # CC-3 clamps at +3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hands_displays_and_money(players: int) -> None:
    state, _ = set_up(players, seed=11, start=1)
    one_train = D.auction_kind("1-train")
    for seat in range(players):
        hand = state.auction_hand[seat]
        assert one_train in hand and one_train in state.auction_known[seat]
        dealt = len(hand) - 1 + len(state.fruit_cards[seat])
        assert dealt == 1  # one face-down Auction card, or a Fruit card face up
        assert all(D.auction[k].category != FRUIT_CARD for k in hand)
        assert len(state.city_hand[seat]) == 3 and state.city_known[seat] == []
        assert state.money[seat] == 20 and state.trains_left[seat] == 20
    assert len(state.auction_display) == players + 1
    assert len(state.city_display) == 4
    assert state.phase == Phase.AUCTION and state.current_player == 1
    assert state.turn == 0 and state.invariant_violations() == []


def test_a_dealt_fruit_card_goes_face_up() -> None:
    state = GAME_INFO.create(3, 0, {})
    rng = random.Random(0)
    fruit_card = D.auction_kind("Fruit lime+lemon")
    from nile.games.cleopatra.rules.actions import DealAuction

    while state.current_player == CHANCE:
        action = chance.pick(state.chance_outcomes(), rng)
        if isinstance(action, DealAuction) and action.seat == 2:
            action = DealAuction(2, fruit_card)
        state.apply(action)
    assert state.fruit_cards[2] == [fruit_card]
    assert state.auction_hand[2] == [D.auction_kind("1-train")]


def test_every_card_draw_listed_equals_a_new_one_and_stays_as_it_was_made() -> None:
    """The City and Auction draws are made once and listed again and again (issue 33 item
    6): each equals the draw made anew for that seat and card, on every chance step of
    some random games, and drawing one changes none of them."""
    made: dict[type, Callable[[Any], Action]] = {
        DealCity: lambda a: DealCity(a.seat, a.card),
        RevealCity: lambda a: RevealCity(a.card),
        RevealAuction: lambda a: RevealAuction(a.kind),
        DealAuction: lambda a: DealAuction(a.seat, a.kind),
    }
    seen: dict[type, int] = dict.fromkeys(made, 0)
    for seed in range(4):
        state = GAME_INFO.create(3 + seed % 3, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player != CHANCE:
                state.apply(rng.choice(state.legal_actions()))
                continue
            outcomes = state.chance_outcomes()
            for action, _ in outcomes:
                if type(action) in made:
                    seen[type(action)] += 1
                    assert action == made[type(action)](action)
                    assert action.to_str() == made[type(action)](action).to_str()
            texts = [a.to_str() for a, _ in outcomes]
            state.apply(chance.pick(outcomes, rng))
            assert [a.to_str() for a, _ in outcomes] == texts
    assert all(seen.values()), seen
