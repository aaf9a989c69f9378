"""Map data: every map is consistent, has the expansion's places and reaches every city."""

from __future__ import annotations

import random
import re

import pytest

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam import GAME_INFO, players_for
from nile.games.age_of_steam.rules import new_game
from nile.games.age_of_steam.rules.mapdata import MAP_NAMES, check_map, load_map

from .helpers import set_up


@pytest.mark.parametrize("name", MAP_NAMES)
def test_map_data_is_consistent_and_every_city_reachable(name: str) -> None:
    assert check_map(load_map(name)) == []


@pytest.mark.parametrize("name", MAP_NAMES)
def test_twelve_growth_numbers_light_and_dark_one_to_six(name: str) -> None:
    growth = sorted(c.growth for c in load_map(name).cities if c.growth)
    assert growth == sorted([f"light {n}" for n in range(1, 7)]
                            + [f"dark {n}" for n in range(1, 7)])


def test_chile_is_a_north_south_strip_with_santiago_and_the_andes() -> None:
    mp = load_map("chile")
    cols = {c for c, _ in mp.cells}
    rows = {r for _, r in mp.cells}
    assert len(rows) > 4 * len(cols)
    assert mp.city_named("Santiago").goods == 4
    assert {"mountain", "high_mountain"} <= set(mp.terrain)
    east = [mp.terrain[i] for i, (c, _) in enumerate(mp.cells) if c == max(cols)]
    assert set(east) == {"high_mountain"}


def test_cccp_is_wide_with_moskva_kiev_and_the_town_kharkov() -> None:
    mp = load_map("cccp")
    cols = {c for c, _ in mp.cells}
    rows = {r for _, r in mp.cells}
    assert len(cols) > len(rows)
    assert mp.city_named("Moskva") and mp.city_named("Kiev")
    assert "Kharkov" in mp.town_names.values()
    assert "river" in mp.terrain


def test_egypt_nile_pyramids_cairo_and_the_canal() -> None:
    mp = load_map("egypt")
    names = [c.name for c in mp.cities]
    for name in ("Dumyat", "Bur Said", "As Suways"):
        assert name in names
    assert names.count("Al Qahirah") == 2
    cairo = [c.hexes[0] for c in mp.cities if c.name == "Al Qahirah"]
    assert cairo[0] in mp.nile_west and cairo[1] in mp.nile_east  # the Nile between them
    assert mp.terrain.count("pyramid") == 2
    assert mp.terrain.count("canal") == 2
    assert len(mp.walls) == 6
    assert mp.nile_west and mp.nile_east
    assert mp.nile_west & mp.nile_east == {mp.hex_at("4,4"), mp.hex_at("4,5")}


def test_player_ranges_per_map() -> None:
    assert players_for({"map": "chile"}) == (4, 6)
    assert players_for({"map": "cccp"}) == (4, 5)
    assert players_for({"map": "egypt"}) == (3, 5)
    with pytest.raises(ValueError):
        GAME_INFO.create(3, 0, {"map": "chile"})


@pytest.mark.parametrize("name,players", [("chile", 4), ("cccp", 4), ("egypt", 3)])
def test_map_sizes_are_reasonable(name: str, players: int) -> None:
    mp = load_map(name)
    assert 120 <= mp.size <= 200
    assert len(mp.town_names) >= 7
    set_up(name, players)  # setup completes


def test_the_log_names_places_not_coordinates() -> None:
    """The board prints no hex coordinates, so events say where a hex is in words."""
    from nile.games.age_of_steam.rules.events import TrackAbandoned, TrackBuilt

    mp = load_map("chile")
    ovalle = mp.hex_at("1,14")
    assert mp.whereabouts(ovalle) == "in Ovalle"
    beside = next(n for n in mp.neighbours[ovalle] if n >= 0 and mp.place_name(n) == mp.label(n))
    assert mp.whereabouts(beside).startswith(("next to ", "near "))
    built = TrackBuilt(0, "lay", "0,14", "gentle", 0, 2, "next to La Serena")
    assert built.describe(None) == "{p0} lays a gentle curve next to La Serena for $2."
    town = TrackBuilt(1, "town", "1,14", "town3", 0, 3, "in Ovalle")
    assert town.describe(None) == "{p1} builds a town tile with 3 exits in Ovalle for $3."
    upgraded = TrackBuilt(1, "upgrade", "0,14", "coexist_gg", 0, 3, "next to La Serena")
    assert upgraded.describe(None) == (
        "{p1} upgrades to two gentle curves next to La Serena for $3.")
    crossing = TrackBuilt(1, "upgrade", "0,14", "x", 0, 3, "next to La Serena")
    assert crossing.describe(None) == "{p1} upgrades to an X crossing next to La Serena for $3."
    lost = TrackAbandoned(2, ("0,14", "0,15"), ("next to La Serena", "near Ovalle"))
    assert lost.describe(None) == "{p2} loses unfinished track near La Serena and Ovalle."
    twice = TrackAbandoned(2, ("4,6", "4,7", "3,7"),
                           ("next to Al Qahirah", "near Al Qahirah", "next to Al Fayyum"))
    assert twice.describe(None) == "{p2} loses unfinished track near Al Qahirah and Al Fayyum."
    same = TrackAbandoned(2, ("0,14", "0,13"), ("next to La Serena", "next to Ovalle"))
    assert same.describe(None) == "{p2} loses unfinished track next to La Serena and Ovalle."


def test_egypt_pyramids_are_named_by_place_in_the_log() -> None:
    """'the pyramid next to Al Fayyum', never its coordinates."""
    from nile.games.age_of_steam.rules.events import GoodDrawn

    state = new_game(4, 5, {"map": "egypt"})
    rng = random.Random(5)
    drawn = []
    while state.current_player == CHANCE:
        drawn += state.apply(chance.pick(state.chance_outcomes(), rng))
    places = {e.place for e in drawn if isinstance(e, GoodDrawn) and "pyramid" in e.place}
    assert places == {"the pyramid next to Al Fayyum", "the pyramid next to Bani Suwayf"}
    assert not [e for e in drawn if re.search(r"\d+,\d+", e.describe(None))]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_hex_is_named_by_a_place_never_by_coordinates(name: str) -> None:
    """The log says where track goes in words: no hex of any map falls back to its label."""
    mp = load_map(name)
    for h in range(mp.size):
        words = mp.whereabouts(h)
        assert words.startswith(("in ", "next to ", "near ")) or " hexes from " in words, words
        assert mp.label(h) not in words
