"""Building by use: a hex's tile options come most useful first, each named by what it
does, and the picker stands clear of the hex and the hexes around it."""

from __future__ import annotations

import pygame

from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import choices
from nile.games.age_of_steam.view.popup import _place


def test_the_link_santiago_valparaiso_is_the_first_option_and_says_so() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    h = state.map.hex_at("1,16")
    options = choices.build_choices(state)[h]
    ordered, effects = choices.by_use(state, options)
    assert ordered[0] == Build("lay", "1,16", "straight", 2)
    assert effects[0].words == "completes the link Santiago – Valparaiso"
    assert sorted(options, key=str) == sorted(ordered, key=str)   # nothing lost or added
    ranks = [e.rank for e in effects]
    assert ranks == sorted(ranks)
    assert all(e.words for e in effects)


def test_an_unfinished_track_says_where_it_heads_never_back_where_it_starts() -> None:
    state = (Builder(4, map="chile")
             .path(0, ["Santiago", "Los Andes", "2,15"])
             .to_move(0, Phase.BUILD).build())
    h = state.map.hex_at("2,15")
    _, effects = choices.by_use(state, choices.build_choices(state)[h])
    words = [e.words for e in effects]
    assert words and not any("Santiago" in w and "completes" not in w for w in words)
    assert not any("Los Andes" in w and "completes" not in w for w in words)


def test_open_track_names_the_next_place_it_goes_toward() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    by_hex = choices.build_choices(state)
    words = [e.words for options in by_hex.values() for e in choices.by_use(state, options)[1]]
    assert any(w.startswith("goes on toward ") for w in words)
    assert any(w.startswith("heads for ") for w in words)
    assert not any("," in w for w in words)                # never hex coordinates


def test_the_picker_stands_clear_of_the_hex_and_its_neighbours() -> None:
    zoom = 40.0
    bounds = pygame.Rect(0, 0, 1200, 700)
    anchor = (600.0, 350.0)
    rect = _place((320, 124), anchor, bounds, zoom * 1.1)
    reach = 2.6 * zoom                   # past the neighbours' far edges (√3 + 1 radii)
    nearest_x = min(max(anchor[0], rect.left), rect.right)
    nearest_y = min(max(anchor[1], rect.top), rect.bottom)
    assert ((nearest_x - anchor[0]) ** 2 + (nearest_y - anchor[1]) ** 2) ** 0.5 >= reach - 1


def test_moskva_to_gorkiy_by_taking_the_first_option_where_the_track_points() -> None:
    """The issue's failed join: the first option beside Moskva heads for Gorkiy, and on
    the hex its loose end points at the first option completes the link (two tiles)."""
    state = Builder(4, map="cccp").to_move(0, Phase.BUILD).build()
    h = state.map.hex_at("7,2")
    said = []
    for _ in range(3):
        ordered, effects = choices.by_use(state, choices.build_choices(state)[h])
        said.append(effects[0].words)
        state.apply(ordered[0])
        if effects[0].rank == 0:
            break
        net = state.network()
        [end] = [e for i, e, _ in net.loose_ends() if net.segments[i].owner == 0]
        h = state.map.neighbours[end.hex][end.edge]
    assert said == ["heads for Gorkiy", "completes the link Gorkiy – Moskva"]


def test_aiming_at_a_place_picks_the_option_that_gets_there() -> None:
    """Building by intent: the picker open beside Moskva, a click on Gorkiy picks a tile
    heading for Gorkiy, a click on Vologda one going toward Vologda."""
    state = Builder(4, map="cccp").to_move(0, Phase.BUILD).build()
    options = choices.build_choices(state)[state.map.hex_at("7,2")]
    _, effects = choices.by_use(state, options)
    gorkiy = state.map.hex_of("Gorkiy")
    assert effects[choices.aim(state, effects, gorkiy)].words == "heads for Gorkiy"
    vologda = state.map.hex_of("Vologda")
    assert "Vologda" in effects[choices.aim(state, effects, vologda)].words


def test_aiming_at_a_city_picks_the_tile_that_completes_the_link_into_it() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    options = choices.build_choices(state)[state.map.hex_at("1,16")]
    _, effects = choices.by_use(state, list(reversed(options)))
    chosen = choices.aim(state, effects, state.map.hex_of("Valparaiso"))
    assert effects[chosen].words == "completes the link Santiago – Valparaiso"
