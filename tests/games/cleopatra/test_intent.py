"""Cleopatra's click-to-move rules (nile/games/cleopatra/intent.py), without a window.

Cards in hand are picked and narrow the choice; anything else chooses: it plays the one
move the picks and it mean (`Offer.ready`) or lists the several, cheapest first. A click
that fits nothing becomes the move it meant, for the engine to refuse with its reason."""

from __future__ import annotations

import random
from collections.abc import Callable

from nile.core import chance
from nile.core.game import CHANCE
from nile.core.intent import Offer, Refused, follow
from nile.games.cleopatra.intent import (
    NOTHING_FITS,
    CleopatraIntent,
    is_pick,
    matching,
    moves,
    targets,
)
from nile.games.cleopatra.rules import CleopatraState, game_data
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    BuildPyramid,
    EndTurn,
    Pass,
    ShipFruit,
    SourceFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.view import choices

D = game_data()
INTENT = CleopatraIntent()


def reach(seed: int, wanted: Callable[[CleopatraState], bool], players: int = 3,
          limit: int = 3000) -> CleopatraState:
    """A game played at random until `wanted` holds with a player to act."""
    rng = random.Random(seed)
    state = CleopatraState(players)
    for _ in range(limit):
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        if wanted(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("never reached")


def free_action(state: CleopatraState) -> bool:
    return (state.phase == Phase.ACTIONS and not state.picks_left and not state.pending
            and state.turn >= 1)


def test_before_any_pick_the_bar_asks_for_an_action_and_lights_only_the_city_cards() -> None:
    state = reach(1, free_action)
    seat = state.acting_seat
    offer = INTENT.offer(state, seat, ())
    assert offer.prompt.startswith(f"Action {state.actions_used + 1} of ")
    assert offer.ready is None and EndTurn() not in offer.candidates
    assert set(offer.candidates) == set(moves(state))
    assert offer.lit and {kind for kind, _ in offer.lit} <= {"city_display", "deck"}
    assert [c.key for c in offer.choices] == ["end"]


def test_a_picked_card_narrows_lights_its_places_and_is_let_go_when_clicked_again() -> None:
    state = reach(2, lambda s: free_action(s) and any(isinstance(a, ShipFruit)
                                                       for a in s.legal_actions()))
    seat = state.acting_seat
    ship = next(a for a in state.legal_actions() if isinstance(a, ShipFruit))
    card = ("hand_city", ship.city_card)
    assert is_pick(state, card)
    offer = follow(INTENT, state, seat, (), card)
    assert isinstance(offer, Offer) and offer.picked == (card,) and offer.ready is None
    assert ship in offer.candidates and all(card in targets(a) for a in offer.candidates)
    assert ("city", ship.source) in offer.lit and card not in offer.lit
    assert offer.choices[0].key == "cancel"
    again = follow(INTENT, state, seat, offer.picked, card)
    assert isinstance(again, Offer) and again.picked == ()


def test_a_choice_plays_the_one_move_it_means_or_lists_several_cheapest_first() -> None:
    state = reach(3, lambda s: free_action(s) and any(isinstance(a, StartBuilding)
                                                       for a in s.legal_actions()), players=5)
    seat = state.acting_seat
    build = next(a for a in state.legal_actions() if isinstance(a, StartBuilding))
    picks = (("hand_auction", build.building), ("hand_city", build.city_card))
    city = ("city", D.city_cards[build.city_card].city)
    offer = follow(INTENT, state, seat, picks, city)
    assert isinstance(offer, Offer)
    if len(matching(moves(state), (*picks, city))) == 1:
        assert offer.ready == build
    else:
        assert offer.ready is None and build in offer.candidates
        assert list(offer.candidates) == choices.order(state, seat, list(offer.candidates))
        assert offer.prompt.startswith(D.cities[city[1]])


def test_a_god_and_an_auction_card_are_taken_at_once() -> None:
    gods = reach(4, lambda s: s.phase == Phase.GODS)
    taken = gods.legal_actions()[0]
    offer = follow(INTENT, gods, gods.current_player or 0, (), targets(taken)[0])
    assert isinstance(offer, Offer) and offer.ready == taken
    assert INTENT.offer(gods, gods.current_player or 0, ()).prompt.startswith("Choose a god")


def test_the_auction_offers_pass_and_says_what_may_be_bid() -> None:
    state = reach(5, lambda s: s.phase == Phase.AUCTION)
    seat = state.bidder
    offer = INTENT.offer(state, seat, ())
    assert [c.action for c in offer.choices] == [Pass()]
    assert f"high bid {state.high_bid}" in offer.prompt.lower()


def test_while_a_building_gathers_fruit_a_fruit_card_is_a_choice_not_a_pick() -> None:
    def from_card(state: CleopatraState) -> bool:
        return bool(state.pending) and any(
            isinstance(a, SourceFruit) and a.source == FROM_CARD for a in state.legal_actions())

    state = reach(0, from_card, players=4, limit=200_000)
    seat = state.acting_seat
    source = next(a for a in state.legal_actions()
                  if isinstance(a, SourceFruit) and a.source == FROM_CARD)
    card = ("fruit_card", source.where)
    assert not is_pick(state, card)
    offer = follow(INTENT, state, seat, (), card)
    assert isinstance(offer, Offer) and offer.ready == source


def test_a_click_that_fits_nothing_is_the_move_it_meant_for_the_engine_to_refuse() -> None:
    state = reach(1, free_action)
    seat = state.acting_seat
    fruity = next(c for c in range(len(D.cities)) if state.city_has_fruit(c)
                  and not any(("city", c) in targets(a) for a in moves(state)))
    step = follow(INTENT, state, seat, (), ("city", fruity))
    assert isinstance(step, Refused) and isinstance(step.action, BuildPyramid)
    assert step.action not in state.legal_actions()
    hand_cities = {D.city_cards[c].city for c in state.city_hand[seat]}
    far = next(t for t, ends in enumerate(D.tracks) if not set(ends) & hand_cities)
    assert INTENT.meant(state, seat, (), ("track", far)) is None
    words = INTENT.refusal(state, seat, (), ("track", far))
    assert all(D.cities[end] in words for end in D.tracks[far])
    assert INTENT.refusal(state, seat, (), ("city", fruity)) == NOTHING_FITS


def test_every_legal_move_is_reached_by_its_clicks() -> None:
    """Picking an action's cards and then clicking its main target offers it (played at
    once, or in the list): no move of the phase is out of a player's reach."""
    for seed in range(3):
        state = reach(seed, free_action)
        seat = state.acting_seat
        for action in moves(state):
            found = targets(action)
            picks = tuple(t for t in found if is_pick(state, t))
            main = next(t for t in found if not is_pick(state, t))
            offer = follow(INTENT, state, seat, picks, main)
            assert isinstance(offer, Offer), action
            assert offer.ready == action or action in offer.candidates, action

