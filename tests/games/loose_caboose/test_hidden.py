"""Hidden information: hands, the set-aside cards and the draw pile are masked in an
observation, and `determinize` deals the unseen cards back consistently (LC-9, LC-11)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from nile.core.game import CHANCE
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import UNKNOWN, Card, LooseCabooseState, Pass, Pool
from nile.games.loose_caboose.rules.events import CardBanked, CardDrawn
from nile.games.loose_caboose.rules.views import every_card
from tests.games.loose_caboose.helpers import random_game


def test_observation_hides_other_hands_the_set_aside_cards_and_the_pile() -> None:
    state = (Builder(2).hand(0, 1, 2).hand(1, 3, "broken 4", 4).penalty(0, 2).penalty(1, 1)
             .banked(1, 3).build())
    view = state.observation(0)
    assert view.viewer == 0
    assert view.hands[0] == [Card(1), Card(2)]
    assert view.hands[1] == [UNKNOWN] * 3
    assert view.removed == [UNKNOWN] * 13
    assert view.pile.cards() == [UNKNOWN] * state.pile_size and view.pile_size == 30 - 4
    # Public: the railway, penalty piles (banked cards too, LC-11), the discards.
    assert view.railway.cards == state.railway.cards
    assert view.penalties == state.penalties
    assert view.unseen is not None
    assert len(view.unseen) == 3 + 13 + state.pile_size
    assert view.unseen.count(Card(4, True)) == 1
    assert view.invariant_violations() == []


def test_a_spectator_sees_no_hand() -> None:
    state = Builder(2).hand(0, 1).hand(1, 2).build()
    view = state.observation(None)
    assert view.hands == [[UNKNOWN], [UNKNOWN]]


def test_the_player_to_move_sees_the_same_legal_moves() -> None:
    state = Builder(2).hand(0, 1, 3, 3).hand(1, 2).build()
    assert state.observation(0).legal_actions() == state.legal_actions()


def test_determinize_keeps_what_the_viewer_knows_and_deals_the_rest() -> None:
    state = Builder(2).hand(0, 1, 2).hand(1, 3, "broken 4", 4).penalty(0, 2).penalty(1, 1).build()
    view = state.observation(0)
    full = view.determinize(random.Random(3))
    assert full.viewer is None and full.unseen is None
    assert full.invariant_violations() == []
    assert full.hands[0] == state.hands[0]
    assert len(full.hands[1]) == 3 and UNKNOWN not in full.hands[1]
    assert len(full.removed) == 13 and full.pile_size == state.pile_size
    assert full.railway.cards == state.railway.cards and full.penalties == state.penalties
    assert full.legal_actions() == state.legal_actions()


def test_drawn_cards_are_shown_only_to_the_drawer() -> None:
    event = CardDrawn(1, Card(3), cards_left=12)
    assert event.card_for(1) == Card(3) and event.card_for(0) is None
    assert event.describe(1) == "{p1} draws a 3 (12 cards left)."
    assert event.describe(0) == "{p1} draws a card (12 cards left)."
    assert event.describe(None) == "{p1} draws a card (12 cards left)."


def box_pool(state: LooseCabooseState) -> Pool:
    return Pool(every_card(state))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 250), players=st.integers(2, 4))
def test_determinize_conserves_every_card(seed: int, plies: int, players: int) -> None:
    state = random_game(players, seed, plies)
    seats = [None, *range(players)]
    for seat in seats:
        view = state.observation(seat)
        assert view.invariant_violations() == []
        full = view.determinize(random.Random(seed))
        assert full.invariant_violations() == []
        assert box_pool(full) == box_pool(state)
        assert full.railway.cards == state.railway.cards
        assert full.discard == state.discard and full.penalties == state.penalties
        assert [len(hand) for hand in full.hands] == [len(hand) for hand in state.hands]
        if seat is not None:
            assert full.hands[seat] == state.hands[seat]
        mover = state.current_player
        if mover is not None and mover != CHANCE and mover == seat:
            assert view.legal_actions() == state.legal_actions()


def test_a_determinized_game_plays_on_to_the_end() -> None:
    state = random_game(3, seed=11, plies=60)
    full = state.observation(1).determinize(random.Random(0))
    rng = random.Random(1)
    while not full.is_terminal:
        if full.current_player == CHANCE:
            outcomes = full.chance_outcomes()
            full.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            full.apply(rng.choice(full.legal_actions()))
        assert full.invariant_violations() == []


def test_lc11_banked_cards_come_from_the_railway_and_are_public() -> None:
    state = Builder(2).railway([3, 2, "broken 1"], caboose=1).hand(0, 2).hand(1, 4).build()
    (banked,) = [e for e in state.apply(Pass()) if isinstance(e, CardBanked)]
    assert banked.from_cell == (-1, 0) and banked.card == Card(3)
    assert state.observation(1).penalties[0].banked == [Card(3)]
    assert banked.describe(1) == "{p0} banks a 3 from the back of the railway, face down."
    # That a bank never needs the draw pile is asserted by the engine on every bank, so
    # every random game of the suite checks it.
