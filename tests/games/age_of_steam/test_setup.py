"""Setup per map: goods on cities, display, pyramids, the CCCP reserve (AS-3..AS-5)."""

from __future__ import annotations

import json

from nile.core.game import CHANCE
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules import AgeOfSteamGame, new_game
from nile.games.age_of_steam.rules.build import urbanize_options
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import set_up


def test_chile_santiago_starts_with_four_goods_others_two() -> None:
    state = set_up("chile", 4)
    for city in state.map.cities:
        expected = 4 if city.name == "Santiago" else 2
        assert len(state.goods[city.hexes[0]]) == expected
    assert all(len(cubes) == state.display_sizes()[row] for row, cubes in state.display.items())


def test_chile_new_city_e_is_removed() -> None:
    state = Builder(4, map="chile").player(0, action="urbanization").to_move(0, Phase.BUILD).build()
    letters = {a.to_str().split()[-1] for a in urbanize_options(state, 0)}
    assert letters == set("ABCDFGH")


def test_cccp_setup_black_in_every_city_two_on_moskva_and_red_reserve() -> None:
    state = set_up("cccp", 4)
    for city in state.map.cities:
        cubes = state.goods[city.hexes[0]]
        assert "black" in cubes
        assert len(cubes) == (3 if city.name == "Moskva" else 2)
    assert state.red_reserve == 5
    assert all(len(c) == state.display_sizes()[r] for r, c in state.display.items())


def test_egypt_setup_pyramids_cities_display_and_empty_bag() -> None:
    state = set_up("egypt", 3)
    for slots in state.pyramids.values():
        assert all(slots) and len(slots) == 14
    names = {c.hexes[0]: c for c in state.map.cities}
    for h, city in names.items():
        expected = {"Al Qahirah": 1, "Dumyat": 3, "Bur Said": 3}.get(city.name, 2)
        assert len(state.goods[h]) == expected
    for row, cubes in state.display.items():
        assert len(cubes) == 2, row  # numbered rows only get 2 of their 3 spaces
    assert sum(state.bag.values()) == 0


def test_first_turn_order_is_chance_and_setup_ends_in_issue_shares() -> None:
    state = new_game(4, 3, {"map": "chile"})
    assert state.current_player == CHANCE
    state = set_up("chile", 4, seed=3)
    assert sorted(state.order) == [0, 1, 2, 3]
    assert state.phase == Phase.SHARES
    assert state.cash == [10] * 4 and state.shares == [2] * 4 and state.loco == [1] * 4


def test_the_phase_is_an_enum_and_saves_as_its_plain_string() -> None:
    """Saves hold the phase as the bare string they always held; loading makes it a Phase."""
    data = Builder(4, map="chile").to_move(0, Phase.BUILD).build().to_dict()
    assert type(data["phase"]) is str and data["phase"] == "build"
    loaded = AgeOfSteamGame.from_dict(json.loads(json.dumps(data)))
    assert loaded.phase is Phase.BUILD
