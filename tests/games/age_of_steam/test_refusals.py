"""Refusals name the reason for the hex clicked (not one sentence for every case), and
what the hover says a track costs is what the build picker charges (Egypt's Engineer)."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.build import hex_refusal
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import tips


def test_the_suez_canal_says_when_it_opens() -> None:
    state = Builder(3, map="egypt").round(2).to_move(0, Phase.BUILD).build()
    canal = state.map.hex_of("7,2")
    assert hex_refusal(state, canal) == "The Suez Canal opens in turn 3."
    with pytest.raises(IllegalAction, match="The Suez Canal opens in turn 3"):
        state.apply(Build("lay", "7,2", "straight", 0))
    hover = tips.hex_lines(state.observation(0), canal, ["Ann", "Bo", "Cy"], None)
    assert "The Suez Canal opens in turn 3." in hover      # the hover says the same


def test_another_players_track_is_named_as_theirs() -> None:
    state = (Builder(4, map="chile")
             .path(1, ["Santiago", "1,16", "1,15", "Ovalle", "1,13", "1,12", "1,11", "1,10"])
             .to_move(0, Phase.BUILD).build())
    legal = {a.hex_label for a in state.legal_actions() if isinstance(a, Build)}
    theirs = [h for h, placed in state.tiles.items()
              if 1 in placed[2] and state.map.label(h) not in legal]
    assert theirs
    said = {state.map.label(h): hex_refusal(state, h) for h in theirs}
    assert said["1,11"] == "{p1}'s track is there."
    assert said["1,14"].startswith("{p1}'s track runs into Ovalle. Ovalle needs track of yours")


def test_a_loose_end_of_another_player_is_theirs_to_go_on_from() -> None:
    state = (Builder(4, map="chile")
             .path(1, ["Santiago", "Los Andes", "2,15", "2,14"])  # loose end: into 2,14
             .to_move(0, Phase.BUILD).build())
    assert hex_refusal(state, state.map.hex_of("2,14")) == (
        "Only {p1} may go on from the track ending here (until it is finished or left "
        "unowned).")


def test_a_hex_far_from_everything_says_where_track_must_start() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    assert hex_refusal(state, state.map.hex_of("2,8")).startswith(
        "New track must go on from a city")


def test_a_city_and_a_pyramid_say_track_ends_at_their_edge() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    assert hex_refusal(state, state.map.hex_of("Santiago")) == (
        "Santiago is a city: track ends at its edge.")
    egypt = Builder(3, map="egypt").to_move(0, Phase.BUILD).build()
    pyramid = min(egypt.pyramids)
    assert hex_refusal(egypt, pyramid).startswith("Track never runs onto a pyramid")


def test_a_town_not_reached_says_what_it_needs() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    legal = {a.hex_label for a in state.legal_actions() if isinstance(a, Build)}
    far = [h for h in state.town_hexes() if state.map.label(h) not in legal]
    assert far
    name = state.map.place_name(far[0])
    assert hex_refusal(state, far[0]) == (
        f"{name} needs track of yours to reach it: from a city next to it, or from the "
        "loose end of your own or unowned track pointing at it.")


def test_no_cash_and_no_builds_left_are_said_as_such() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    h = state.map.hex_of("1,16")
    assert hex_refusal(state, h) == ""               # a $2 straight joins Santiago
    state.cash[0] = 1
    state._legal = None
    assert hex_refusal(state, h) == "The cheapest tile here costs $2; you have $1."
    state.builds_done = 3
    assert hex_refusal(state, h) == "You have used all 3 builds this turn."


def test_the_hover_price_is_the_price_charged_with_the_engineer() -> None:
    state = Builder(3, map="egypt").player(0, action="engineer").to_move(0, Phase.BUILD).build()
    state.legal_actions()
    lays = [b for b in state.build_prices if b.kind == "lay"
            and state.map.terrain[state.map.hex_at(b.hex_label)] == "desert"]
    assert lays
    build = lays[0]
    charged = state.build_prices[build]
    assert charged == 1                                  # half of the desert's $3
    view = state.observation(0)
    lines = tips.hex_lines(view, view.map.hex_at(build.hex_label), ["Ann", "Bo", "Cy"], None)
    assert f"A simple track costs you ${charged} here (Engineer: half of $3)." in lines


def test_outside_building_the_hover_quotes_the_board_price_not_last_turns_engineer() -> None:
    """Once building is over (here moving goods; the same in the next turn's shares and
    auction, the tile still recorded) the Engineer halves nothing more: the hover says
    the desert's own $3, not "costs you $1 (Engineer: half of $3)"."""
    state = Builder(3, map="egypt").player(0, action="engineer").to_move(0, Phase.MOVE).build()
    view = state.observation(0)
    desert = next(h for h in range(view.map.size) if view.map.terrain[h] == "desert"
                  and view.rules.buildable(view, h))
    lines = tips.hex_lines(view, desert, ["Ann", "Bo", "Cy"], None)
    assert "A simple track costs $3 here." in lines
    assert not any("Engineer" in line for line in lines)
