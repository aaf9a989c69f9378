"""Hidden information (hands, deck order), observations, determinization and undo."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE
from nile.core.session import Match, SeatConfig
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.data import FRUIT_CARD, game_data
from nile.games.cleopatra.rules.hidden import observe
from nile.games.cleopatra.rules.phases import UNKNOWN

from .helpers import (
    BLUE,
    RED,
    YELLOW,
    play,
    resolve_chance,
    swap_secret_auction_card,
    swap_secret_city_card,
)

D = game_data()


def after_setup(players: int = 3, seed: int = 5) -> CleopatraState:
    state = GAME_INFO.create(players, seed, {})
    resolve_chance(state, seed)
    return state


def test_observations_ignore_what_the_seat_cannot_see() -> None:
    """The hard bot searches an observation: two true states that differ only in hidden
    parts (another hand, the deck) must look the same to the seat."""
    for seed in range(6):
        state = after_setup(3 + seed % 3, seed)
        changed = swap_secret_auction_card(swap_secret_city_card(state, 1), 2)
        assert changed != state and changed.invariant_violations() == []
        assert state.observation(0) == changed.observation(0)
        assert state.observation(0).to_dict() == changed.observation(0).to_dict()
        assert state.observation(1) != changed.observation(1)  # seat 1 sees its own hand


def test_observation_masks_secret_cards_only() -> None:
    state = (Builder(3)
             .hand(BLUE, city=["Edfu (lime 8, lemon 8)", "Giza (lime 8, lemon 10)"],
                   auction=["3-train"], known=["Giza (lime 8, lemon 10)"])
             .build())
    view = state.observation(RED)
    assert view.viewer == RED
    assert view.city_hand[BLUE] == [UNKNOWN, D.city_card("Giza (lime 8, lemon 10)")]
    assert view.auction_hand[BLUE] == [UNKNOWN]
    assert D.city_card("Edfu (lime 8, lemon 8)") in view.city_deck
    assert observe(state, BLUE).city_hand[BLUE] == state.city_hand[BLUE]
    spectator = state.observation(None)
    assert spectator.city_hand[BLUE][0] == UNKNOWN


def test_determinize_is_consistent_with_the_observation() -> None:
    rng = random.Random(3)
    for seed in range(5):
        state = after_setup(4, seed)
        view = state.observation(2)
        for _ in range(5):
            full = view.determinize(rng)
            assert full.viewer is None and full.invariant_violations() == []
            assert full.observation(2) == view
            assert full.city_hand[2] == state.city_hand[2]
            for seat in range(4):
                assert all(D.auction[k].category != FRUIT_CARD for k in full.auction_hand[seat])


def test_observation_offers_the_true_moves_through_a_game() -> None:
    state = GAME_INFO.create(4, 9, {})
    rng = random.Random(9)
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        view = state.observation(seat)
        assert view.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))


def test_undo_within_the_turn_including_building_steps() -> None:
    city_hall = "City Hall (coconut+raspberry, 7 VP, +2)"
    edfu = "Edfu (lime 8, lemon 8)"
    state = (Builder(3).fruit("Lisht", "coconut").fruit("Thebes", "raspberry")
             .track("Lisht-Abydos", BLUE, 2).track("Abydos-Edfu", YELLOW, 2)
             .track("Edfu-Thebes", BLUE, 3)
             .hand(RED, city=[edfu, "Giza (lime 8, lemon 10)"], auction=[city_hall])
             .fruit_card(RED, "raspberry+lime").city_display("Avaris (lime 8, lemon 7)")
             .to_move(RED).build())
    seats = [SeatConfig(f"P{n}") for n in range(3)]
    match = Match(GAME_INFO, tuple(seats), 1, {}, state)
    start = state.to_dict()
    match.play_text(f"build {city_hall} with {edfu}")
    assert match.state.pending
    match.play_text("use raspberry from Thebes")
    assert not match.state.pending and match.state.vp[RED] == 7
    match.play_text("pyramid +3 in Giza")
    assert match.undo() == RED
    assert match.undo() == RED
    assert match.state.pending
    assert match.undo() == RED
    assert match.state.to_dict() == start
    # Drawing reveals the deck card (chance): no undo across it.
    match.play_text("draw Avaris (lime 8, lemon 7)")
    match.resolve_chance()
    assert match.undo_seat() is None


def test_others_learn_only_the_face_up_card_of_a_draw() -> None:
    state = (Builder(3).city_display("Avaris (lime 8, lemon 7)")
             .to_move(RED).build())
    events = play(state, "draw Avaris (lime 8, lemon 7)") + resolve_chance(state)
    dealt = next(e for e in events if type(e).__name__ == "CardDealt")
    assert "gets a City card" in dealt.describe(BLUE)
    assert dealt.name in dealt.describe(RED)
    assert state.observation(BLUE).city_hand[RED] == sorted(
        [UNKNOWN, D.city_card("Avaris (lime 8, lemon 7)")])
