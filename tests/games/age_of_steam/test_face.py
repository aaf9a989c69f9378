"""The engine's public face (rules/__init__.py): the queries a bot or a view may ask,
checked on exact positions against what the phases themselves decide."""

from __future__ import annotations

from nile.games import age_of_steam
from nile.games.age_of_steam import rules
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.phases import Phase


def test_the_face_names_only_what_it_defines_or_documents() -> None:
    for name in rules.__all__:
        assert hasattr(rules, name), name
        assert name in (rules.__doc__ or ""), f"the face's docstring says what {name} is for"


def test_goods_waiting_at_a_pyramid_are_the_uncovered_ones() -> None:
    state = Builder(3, map="egypt").build()
    pyramid = min(state.pyramids)
    state.pyramids[pyramid] = [f"c{i}" for i in range(13)] + [""]
    assert rules.goods_waiting(state, pyramid) == ["c9", "c10", "c11", "c12"]
    cairo = state.map.hex_of("5,6")
    state.goods[cairo] = ["blue", "red"]
    assert rules.goods_waiting(state, cairo) == ["blue", "red"]
    assert rules.goods_waiting(state, state.map.hex_of("2,8")) == []


def test_a_build_that_completes_a_link_leads_to_both_cities() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    action = Build("lay", "1,16", "straight", 2)  # edges SE (Santiago) and NW (Valparaiso)
    assert action in state.legal_actions()
    assert rules.new_tracks(state, action) == [(2, 5)]
    segment = rules.segment_after(state, action)
    assert segment is not None and segment.complete
    assert sorted(state.place_name(e.stop) for e in segment.ends) == ["Santiago", "Valparaiso"]
    state.apply(action)
    assert rules.new_tracks(state, action) == []      # the track is there now
    assert rules.segment_after(state, action) is None


def test_track_across_finds_the_neighbours_track_at_the_shared_edge() -> None:
    state = Builder(4, map="chile").path(1, ["Santiago", "1,16", "1,15"]).build()
    h, below = state.map.hex_of("1,15"), state.map.hex_of("1,16")
    port = next(p for p in range(6) if state.map.neighbours[h][p] == below)
    assert rules.track_across(state, h, port) == state.network().segments[0].tracks[0][1]
    assert rules.track_across(state, h, (port + 1) % 6) is None


def test_prices_and_limits_agree_with_the_offered_builds() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    state.legal_actions()
    for action, cost in state.build_prices.items():
        h = state.map.hex_at(action.hex_label)
        assert rules.build_price(state, 0, action.kind, h, action.tile) == cost
    assert rules.max_builds(state, 0) == 3
    assert rules.bid_payment(5, 3, 4) == 3


def test_the_game_info_makes_its_states_through_the_face() -> None:
    state = rules.new_game(4, 0, {"map": "cccp"})
    assert isinstance(state, rules.AgeOfSteamState)
    assert age_of_steam.GAME_INFO.create(4, 0, {"map": "cccp"}).to_dict() == state.to_dict()
