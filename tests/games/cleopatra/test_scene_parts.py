"""The scene's pure parts: which actions a click means, their order and words."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.cleopatra import intent
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import (
    BuildPyramid,
    ConstructTrack,
    ShipFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.view import choices

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
            state.phase == Phase.ACTIONS
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
            found = intent.targets(action)
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
        hand = [t for t in intent.targets(action) if t[0] in choices.HAND_KINDS]
        assert action in intent.matching(legal, hand)
        assert all(set(hand) <= set(intent.targets(a)) for a in intent.matching(legal, hand))


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
    assert choices.tooltip(state, ("city", 0), names).startswith("Alexandria: prestige")
    assert "no trains yet" in choices.tooltip(
        state, ("track", 15), names
    ) or "train" in choices.tooltip(state, ("track", 15), names)
    assert choices.tooltip(state, ("god", 0), names).startswith("1 Ra")


def test_buildings_read_as_names_with_counts_and_shorten_only_when_narrow() -> None:
    import pygame

    from nile.games.cleopatra.view import panel

    pygame.font.init()
    by_type: dict[str, int] = {}
    for kind, card in enumerate(D.auction):
        if card.building_type >= 0:
            by_type.setdefault(D.building_types[card.building_type], kind)
    kinds = [by_type["Bathhouse"], by_type["Library"], by_type["Library"]]
    assert panel.building_words(kinds, 400) == ("Bathhouse, Library ×2", 12)
    words, _ = panel.building_words(kinds, 95)
    assert words == "Bath, Library ×2"
    assert panel.building_words([], 400) == ("", 12)


def test_hand_headers_are_whole_words_that_fit() -> None:
    import pygame

    from nile.ui import text
    from nile.ui.table.hand import fit_label

    pygame.font.init()
    forms = ("Your Auction cards", "Auction cards", "Auction")
    for width in (60, 90, 200):
        chosen = fit_label(forms, width)
        assert chosen in forms
        fits = text.render(chosen, 12, (0, 0, 0), "bold").get_width() <= width
        assert fits or chosen == forms[-1]
    assert fit_label(forms, 200) == "Your Auction cards"


def test_money_and_points_changes_show_in_the_status_line_not_over_text() -> None:
    """A '+3 VP' takes the place of the player's status line: below the money line,
    above the holdings line, inside the player's box."""
    import pygame

    from nile.games.cleopatra.view import panel

    state = CleopatraState(5)
    for box in panel.player_boxes(state, pygame.Rect(0, 0, 968, 88)):
        change = panel.change_rect(box)
        assert box.contains(change)
        assert change.top >= box.top + 35 + 14          # the money line ends there
        assert change.bottom <= box.bottom - 18          # the holdings line starts there


def test_five_players_names_fit_whole_in_narrow_headers() -> None:
    """'Hatshepsut' in a god's slot or a scoring column: whole, a little smaller."""
    import pygame

    from nile.games.cleopatra.view import panel

    pygame.font.init()
    name, size = panel._header_name("Hatshepsut", 66)
    assert name == "Hatshepsut" and size >= 10
    assert panel._header_name("Ann", 66) == ("Ann", 12)


def test_a_track_click_with_no_city_card_for_its_ends_names_the_ends() -> None:
    """Clicking a track when no City card in hand is for either end says so, naming the
    ends, instead of "does not lead from" some unrelated city in the hand."""
    state = action_phase(1)
    seat = state.acting_seat
    hand_cities = {D.city_cards[c].city for c in state.city_hand[seat]}
    far = next(t for t, ends in enumerate(D.tracks) if not set(ends) & hand_cities)
    near = next(t for t, ends in enumerate(D.tracks) if set(ends) & hand_cities)
    reason = intent.no_card_for_track(state, seat, ("track", far), [])
    a, b = (D.cities[end] for end in D.tracks[far])
    assert reason is not None and a in reason and b in reason
    assert intent.no_card_for_track(state, seat, ("track", near), []) is None


def test_the_display_cards_fit_whole_in_their_panels() -> None:
    """Play-test (1280x800): the face-up City cards were cut at their panel's foot (the
    right column's rows were 4 px taller than the room, the cards 2 px off the edge)."""
    import pygame

    from nile.games.cleopatra.view import layout, panel

    state = action_phase(0)
    assert state.city_display and state.auction_display
    for width in (980, 1280):  # the 1280x800 canvas's board with the log open, closed
        a = layout.areas(pygame.Rect(0, 44, width, 698))
        assert a.city.bottom <= a.right.bottom < a.hand.top
        for rect, slots in ((a.auction, panel.auction_slots(state, a.auction)),
                            (a.city, panel.city_slots(state, a.city))):
            for box, _ in slots:
                assert rect.contains(box), (box, rect)
                assert box.bottom <= rect.bottom - layout.DISPLAY_PAD, (box, rect)
                assert box.top >= rect.top + layout.DISPLAY_TITLE
