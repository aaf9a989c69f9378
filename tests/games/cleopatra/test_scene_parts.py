"""The scene's pure parts: which actions a click means, their order and words."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.cleopatra.data import game_data
from nile.games.cleopatra.rules.consts import ACTIONS
from nile.games.cleopatra.rules.moves import (
    BuildPyramid,
    ConstructTrack,
    ShipFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.state import CleopatraState
from nile.games.cleopatra.view import choices, intent

D = game_data()


def action_phase(seed: int, players: int = 3) -> CleopatraState:
    """A game played at random up to a free action of the action phase."""
    rng = random.Random(seed)
    state = CleopatraState(players)
    while True:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        if (
            state.phase == ACTIONS
            and not state.picks_left
            and not state.pending
            and state.turn >= 1
        ):
            return state
        state.apply(rng.choice(state.legal_actions()))


def test_every_action_of_the_phase_has_a_board_or_display_target() -> None:
    for seed in range(4):
        state = action_phase(seed)
        for action in state.legal_actions():
            found = choices.targets(action)
            if found:
                assert any(k not in choices.HAND_KINDS for k, _ in found), action
            assert choices.describe(state, state.acting_seat, action)


def test_variants_come_cheapest_first() -> None:
    state = action_phase(2)
    seat = state.acting_seat
    ordered = choices.order(state, seat, state.legal_actions())
    tracks = [choices.track_cost(state, seat, a) for a in ordered if isinstance(a, ConstructTrack)]
    assert tracks == sorted(tracks)
    pyramids = [a.bonus for a in ordered if isinstance(a, BuildPyramid)]
    assert pyramids == sorted(pyramids)
    ships = [choices.ship_income(state, seat, a) for a in ordered if isinstance(a, ShipFruit)]
    assert ships == sorted(ships, reverse=True)


def test_picked_cards_narrow_the_choice() -> None:
    state = action_phase(5)
    legal = state.legal_actions()
    for action in legal:
        hand = [t for t in choices.targets(action) if t[0] in choices.HAND_KINDS]
        assert action in choices.matching(legal, hand)
        assert all(set(hand) <= set(choices.targets(a)) for a in choices.matching(legal, hand))


def test_a_building_proposes_the_routes_of_its_cheapest_fruit() -> None:
    for seed in range(30):
        state = action_phase(seed)
        builds = [a for a in state.legal_actions() if isinstance(a, StartBuilding)]
        if builds:
            routes = choices.building_plan(state, state.acting_seat, builds[0])
            city = D.city_cards[builds[0].city_card].city
            assert routes and all(r[-1] == city for r in routes if r)
            return
    raise AssertionError("no building came up")


def test_a_refused_click_means_a_concrete_action_for_the_engine() -> None:
    state = action_phase(1)
    seat = state.acting_seat
    fruity = next(c for c in range(len(D.cities)) if state.city_has_fruit(c))
    meant = intent.meant_action(state, seat, ("city", fruity), [])
    assert isinstance(meant, BuildPyramid) and meant.city == fruity
    cards = state.city_hand[seat]
    track = intent.meant_action(state, seat, ("track", 0), [])
    assert (track is None) == (not cards)
    if cards:
        assert isinstance(track, ConstructTrack) and track.track == 0


def test_tooltips_name_things() -> None:
    state = action_phase(3)
    names = ["Ann", "Bo", "Cy"]
    assert intent.tooltip(state, ("city", 0), names).startswith("Alexandria: prestige")
    assert "no trains yet" in intent.tooltip(
        state, ("track", 15), names
    ) or "train" in intent.tooltip(state, ("track", 15), names)
    assert intent.tooltip(state, ("god", 0), names).startswith("1 Ra")
