"""Build Track: connection, ownership, loops, upgrades, redirects, costs, supply, expiry,
urbanization, and the map costs (AS-3, AS-4, AS-5)."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Build, EndBuild, Urbanize
from nile.games.age_of_steam.rules.build import price
from nile.games.age_of_steam.rules.events import TrackAbandoned
from nile.games.age_of_steam.rules.network import tracks_of
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import texts


def builds_at(state: object, label: str) -> list[Build]:
    return [a for a in state.legal_actions()  # type: ignore[attr-defined]
            if isinstance(a, Build) and a.hex_label == label]


def complete_links(state: object, seat: int) -> list[tuple[str, str]]:
    result = []
    for seg in state.network().segments:  # type: ignore[attr-defined]
        if seg.owner == seat and seg.complete:
            names = sorted(state.place_name(e.stop) for e in seg.ends)  # type: ignore[attr-defined]
            result.append((names[0], names[1]))
    return result


def test_one_tile_links_santiago_and_valparaiso_for_the_plain_cost() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    state.apply(Build("lay", "1,16", "straight", 2))  # edges SE (Santiago) and NW
    assert complete_links(state, 0) == [("Santiago", "Valparaiso")]
    assert state.cash[0] == 8
    assert state.supply["straight"] == 47


def test_new_track_must_touch_a_city_or_own_track() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    assert builds_at(state, "2,8") == []          # nowhere near a city
    with pytest.raises(IllegalAction):
        state.apply(Build("lay", "2,8", "straight", 0))


def test_no_joining_another_players_track_but_unowned_track_can_be_taken() -> None:
    state = (Builder(4, map="chile")
             .path(1, ["Santiago", "1,16", "1,15"])  # seat 1's loose end points north
             .to_move(0, Phase.BUILD).build())
    for build in builds_at(state, "1,15"):
        assert 3 not in {p for t in tracks_of(build.tile, build.rotation) for p in t}
    assert builds_at(state, "1,14") == []            # not seat 0's to extend
    h = state.map.hex_of("1,16")
    state.tiles[h] = ("gentle", state.tiles[h][1], (-1,))
    state.tiles_changed()
    state._legal = None
    assert builds_at(state, "1,15")                  # unowned: anyone may extend
    build = next(b for b in builds_at(state, "1,15")
                 if 3 in {p for t in tracks_of(b.tile, b.rotation) for p in t})
    state.apply(build)
    owners = {state.tiles[state.map.hex_of(h)][2] for h in ("1,16", "1,15")}
    assert owners == {(0,)}


def test_no_loop_back_into_the_same_city() -> None:
    state = (Builder(4, map="chile")
             .path(0, ["Santiago", "1,16", "1,17"])  # loose end pointing south
             .to_move(0, Phase.BUILD).build())
    options = [b for b in builds_at(state, "1,17")
               if any(0 in t for t in tracks_of(b.tile, b.rotation))]
    assert options   # the loose end enters 1,17 by its north edge
    for build in options:
        assert (0, 1) not in tracks_of(build.tile, build.rotation)  # NE is Santiago


def test_upgrade_adds_a_track_and_keeps_the_old_one_with_its_owner() -> None:
    state = (Builder(4, map="chile")
             .path(1, ["Valparaiso", "1,16", "1,15"])  # seat 1: NW -> N, loose
             .to_move(0, Phase.BUILD).build())
    upgrades = [b for b in builds_at(state, "1,16") if b.kind == "upgrade"]
    assert upgrades                                      # from Santiago's edge (SE)
    h = state.map.hex_of("1,16")
    prices = {b.tile: price(state, 0, "upgrade", h, b.tile) for b in upgrades}
    for tile, cost in prices.items():
        crossing = tile in ("x", "bow", "curves")
        assert cost == (3 if crossing else 2)
    state.apply(upgrades[0])
    tracks = dict(zip(tracks_of(state.tiles[h][0], state.tiles[h][1]), state.tiles[h][2],
                      strict=True))
    assert tracks[(0, 5)] == 1 and sorted(tracks.values()) == [0, 1]
    assert state.invariant_violations() == []


def test_redirect_changes_a_loose_end_for_two() -> None:
    state = (Builder(4, map="chile")
             .path(0, ["Santiago", "1,16", "1,15"])
             .to_move(0, Phase.BUILD).build())
    redirects = [b for b in builds_at(state, "1,16") if b.kind == "redirect"]
    assert redirects
    state.apply(redirects[0])
    assert state.cash[0] == 8


def test_town_tile_costs_one_plus_one_per_exit() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    towns = [b for b in builds_at(state, "2,16") if b.kind == "town"]  # Los Andes
    costs = {len(tracks_of(b.tile, b.rotation)):
             price(state, 0, "town", state.map.hex_of("2,16"), b.tile) for b in towns}
    assert costs == {1: 2, 2: 3, 3: 4, 4: 5}


def test_sold_out_tiles_are_not_offered() -> None:
    state = Builder(4, map="chile").supply("straight", 0).to_move(0, Phase.BUILD).build()
    assert all(b.tile != "straight" for b in state.legal_actions() if isinstance(b, Build))


def test_three_builds_then_only_end_build_engineer_four() -> None:
    """AS-16: after the third tile the turn waits for "end build" (nothing else is
    offered); the Engineer gets a fourth."""
    state = Builder(4, map="chile").player(1, action="engineer").to_move(0, Phase.BUILD).build()
    state.apply(Build("lay", "1,16", "straight", 2))
    state.apply(Build("lay", "3,17", "straight", 2))
    assert state.current_player == 0
    state.apply(builds_at(state, "4,18")[0])
    assert state.current_player == 0  # the builder still looks at the turn
    assert state.legal_actions() == [EndBuild()]
    state.apply(EndBuild())
    assert state.current_player == 1
    from nile.games.age_of_steam.rules.build import max_builds
    assert max_builds(state, 1) == 4


def test_the_last_tile_keeps_its_track_owned_until_end_build() -> None:
    """AS-16: track laid on the last tile still counts as built this turn at the end."""
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    for label in ("1,16", "3,17"):
        state.apply(Build("lay", label, "straight", 2))
    state.apply(builds_at(state, "4,18")[0])
    events = state.apply(EndBuild())
    assert not any(isinstance(e, TrackAbandoned) for e in events)
    assert state.tiles[state.map.hex_of("3,17")][2] == (0,)


def test_unfinished_track_is_lost_after_the_owners_next_build_turn() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    state.apply(Build("lay", "3,17", "straight", 2))   # Santiago's SE neighbour, loose
    state.apply(EndBuild())
    h = state.map.hex_of("3,17")
    assert state.tiles[h][2] == (0,)                    # still owned: built this turn
    state = Builder.from_state(state).to_move(0, Phase.BUILD).build()
    events = state.apply(EndBuild())
    assert any(isinstance(e, TrackAbandoned) for e in events)
    assert state.tiles[h][2] == (-1,)


def test_chile_mountain_prices() -> None:
    """AS-3: plain $2, mountain $3, high mountain $5."""
    state = Builder(4, map="chile").build()
    assert price(state, 0, "lay", state.map.hex_of("1,16"), "straight") == 2
    assert price(state, 0, "lay", state.map.hex_of("3,16"), "straight") == 3
    assert price(state, 0, "lay", state.map.hex_of("4,16"), "straight") == 5


def test_cccp_river_costs_three() -> None:
    """AS-4: plain $2, river $3."""
    state = Builder(4, map="cccp").build()
    assert price(state, 0, "lay", state.map.hex_of("2,6"), "straight") == 3
    assert price(state, 0, "lay", state.map.hex_of("3,7"), "straight") == 2


def test_egypt_costs_flooding_and_engineer_half_price() -> None:
    """AS-5: desert $3, plain $2, flooded plain $4; Engineer pays half, rounded down."""
    state = Builder(3, map="egypt").build()
    west, east, desert = state.map.hex_of("4,8"), state.map.hex_of("5,8"), state.map.hex_of("1,8")
    assert price(state, 0, "lay", desert, "straight") == 3
    assert price(state, 0, "lay", west, "straight") == 4   # round 1: west bank floods
    assert price(state, 0, "lay", east, "straight") == 2
    state.round = 2
    assert price(state, 0, "lay", west, "straight") == 2
    assert price(state, 0, "lay", east, "straight") == 4
    state.actions[0] = "engineer"
    assert price(state, 0, "lay", desert, "straight") == 1
    assert price(state, 0, "lay", east, "straight") == 2


def test_egypt_suez_canal_opens_in_round_three_and_is_walled_on_the_west() -> None:
    state = Builder(3, map="egypt").round(2).to_move(0, Phase.BUILD).build()
    assert builds_at(state, "7,2") == []
    state = Builder(3, map="egypt").round(3).to_move(0, Phase.BUILD).build()
    canal = builds_at(state, "7,2")
    assert canal and {price(state, 0, "lay", state.map.hex_of("7,2"), b.tile) for b in canal} == {4}
    for build in builds_at(state, "6,2"):           # west of Bur Said: the wall
        ports = {p for t in tracks_of(build.tile, build.rotation) for p in t}
        assert not ports & {1, 2}


def test_urbanization_turns_a_town_into_a_new_city() -> None:
    state = Builder(4, map="chile").player(0, action="urbanization").to_move(0, Phase.BUILD).build()
    state.apply(Urbanize("2,16", "A"))
    h = state.map.hex_of("2,16")
    assert state.is_city(h) and state.city_colour(h) == "red"
    assert not any(isinstance(a, Urbanize) for a in state.legal_actions())
    assert "end build" in texts(state.legal_actions())
    assert state.builds_done == 0   # AS-1: not one of the three builds


def test_urbanized_town_keeps_the_tracks_that_reach_it() -> None:
    state = Builder(4, map="chile").path(0, ["Santiago", "1,17", "Rancagua"]).build()
    assert complete_links(state, 0) == [("Rancagua", "Santiago")]
    state.actions[0] = "urbanization"
    state = Builder.from_state(state).to_move(0, Phase.BUILD).build()
    state.apply(Urbanize("1,18", "B"))
    assert complete_links(state, 0) == [("Rancagua (city B)", "Santiago")]
    assert state.invariant_violations() == []
