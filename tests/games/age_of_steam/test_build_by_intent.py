"""Building by intent: a start, a target (or a drag), the planned tiles, the picker's
order toward the target, town options grouped by exits; clicks counted."""

from __future__ import annotations

import pygame
import pytest

from nile.core.session import Match
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Build
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.tiles import tile_phrase
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.shots import seats
from nile.games.age_of_steam.view import choices
from nile.games.age_of_steam.view import plan as planner
from nile.games.age_of_steam.view import table as view_table
from nile.games.age_of_steam.view.popup import GroupChip, Part
from nile.ui.shots import play_bots_until
from tests.games.age_of_steam import table
from tests.ui.harness import click, drag, frames, instant_app


@pytest.mark.parametrize("name,start,target,tiles", [
    ("chile", "Santiago", "Valparaiso", 1), ("cccp", "Moskva", "Gorkiy", 2),
    ("cccp", "Kiev", "Odessa", 1), ("egypt", "Al Qahirah", "Al Fayyum", 2)])
def test_a_plan_reaches_the_target_with_legal_tiles(name: str, start: str, target: str,
                                                    tiles: int) -> None:
    state = Builder(3 if name == "egypt" else 4, map=name).to_move(0, Phase.BUILD).build()
    a, b = (state.map.city_named(x).hexes[0] for x in (start, target))
    plan = planner.plan(state, a, b)
    assert len(plan.builds) == tiles and plan.arrives
    for action in plan.builds:           # each tile is offered when its turn comes
        assert action in state.legal_actions()
        state.apply(action)
    links = {frozenset(state.place_name(e.stop) for e in seg.ends)
             for seg in state.network().segments if seg.complete and seg.owner == 0}
    assert frozenset({start, target}) in links
    assert plan.cost == 10 - state.cash[0]


def test_a_plan_stops_when_the_builds_run_out() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    arica = state.map.city_named("Arica").hexes[0]
    montt = state.map.city_named("Puerto Montt").hexes[0]
    plan = planner.plan(state, arica, montt)
    assert len(plan.builds) == 3 and not plan.arrives


def test_nothing_planned_from_a_hex_that_is_not_a_start() -> None:
    state = Builder(4, map="cccp").to_move(0, Phase.BUILD).build()
    plain = state.map.hex_at("8,5")
    assert not planner.is_start(state, plain, 0)
    assert planner.is_start(state, state.map.city_named("Moskva").hexes[0], 0)


def _scene(name: str, seed: int) -> tuple[pygame.Surface, AgeOfSteamScene]:
    app = instant_app()
    match = Match.new(GAME_INFO, seats(name, 4), seed, {"map": name})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0
                    and s.builds_done == 0)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    return app, scene


def _at(scene: AgeOfSteamScene, place: str) -> tuple[int, int]:
    h = scene.aos.map.city_named(place).hexes[0]
    x, y = scene.mv.hex_centre(h)
    return round(x), round(y)


def _links(scene: AgeOfSteamScene) -> set[frozenset[str]]:
    state = scene.match.state
    return {frozenset(state.place_name(e.stop) for e in seg.ends)
            for seg in state.network().segments if seg.complete and seg.owner == 0}


def test_moskva_to_gorkiy_in_three_clicks_with_the_plan_shown_first() -> None:
    """Click Moskva (the start), click Gorkiy (the target): the picker opens on the first
    tile, its option toward Gorkiy first, the rest of the plan ghosted; Build all."""
    app, scene = _scene("cccp", 3)
    click(app, _at(scene, "Moskva"))
    assert table.start(scene) >= 0 and scene.action_bar.prompt.startswith("From Moskva")
    click(app, _at(scene, "Gorkiy"))
    plan = table.plan(scene)
    assert plan is not None and len(plan.builds) == 2 and plan.arrives
    assert scene.pickers.chosen_build() == plan.builds[0]
    assert "heads for Gorkiy" in scene.pickers.build_popup.details[0]  # type: ignore[union-attr]
    frame = scene.pickers.build_popup.frame_rect  # type: ignore[union-attr]
    kept = view_table.plan_rects(scene.mv, scene.draft.last)[:3]
    assert frame.collidelist(kept) < 0      # the plan stays in sight
    button = scene.action_bar.context["all"][1]
    click(app, button.rect.center)  # type: ignore[attr-defined]
    assert frozenset({"Moskva", "Gorkiy"}) in _links(scene)
    assert scene.match.state.current_player == 0               # Done is still to press


def test_one_tile_at_a_time_the_picker_moves_on_to_the_next_tile() -> None:
    app, scene = _scene("cccp", 3)
    click(app, _at(scene, "Moskva"))
    click(app, _at(scene, "Gorkiy"))
    second = table.plan(scene).builds[1]  # type: ignore[union-attr]
    ok = scene.pickers.build_popup.hits.rect_of(Part.OK)  # type: ignore[union-attr]
    click(app, ok.center)
    assert scene.pickers.chosen_build() == second
    assert "completes the link" in scene.pickers.build_popup.details[0]  # type: ignore[union-attr]
    click(app, scene.pickers.build_popup.hits.rect_of(Part.OK).center)  # type: ignore[union-attr]
    assert frozenset({"Moskva", "Gorkiy"}) in _links(scene)
    assert scene.pickers.build_popup is None and table.plan(scene) is None


def test_a_drag_from_santiago_to_valparaiso_plans_the_link() -> None:
    app, scene = _scene("chile", 7)
    drag(app, _at(scene, "Santiago"), _at(scene, "Valparaiso"))
    plan = table.plan(scene)
    assert plan is not None and plan.arrives and len(plan.builds) == 1
    click(app, scene.action_bar.context["all"][1].rect.center)  # type: ignore[attr-defined]
    assert frozenset({"Santiago", "Valparaiso"}) in _links(scene)


def test_esc_drops_the_intent() -> None:
    app, scene = _scene("cccp", 3)
    click(app, _at(scene, "Moskva"))
    click(app, _at(scene, "Gorkiy"))
    scene.input.cancel()
    assert table.start(scene) < 0 and table.plan(scene) is None


def test_town_options_are_grouped_by_exits_with_chips_to_jump() -> None:
    app, scene = _scene("chile", 7)
    town = scene.aos.map.hex_at("2,16")       # Los Andes, beside Santiago
    options = table.buildable(scene).get(town)
    assert options, "Los Andes is open in this game"
    x, y = scene.mv.hex_centre(town)
    click(app, (round(x), round(y)))
    popup = scene.pickers.build_popup
    assert popup is not None
    groups = popup.groups
    assert popup.group_names() == ["1 exit", "2 exits", "3 exits", "4 exits"]
    assert groups == sorted(groups)           # each group together, in order of exits
    chip = popup.hits.rect_of(GroupChip("3 exits"))
    click(app, chip.center)
    assert popup.groups[popup.index] == "3 exits"
    assert isinstance(scene.pickers.chosen_build(), Build)
    assert scene.pickers.chosen_build().tile.startswith("town3")  # type: ignore[union-attr]


def test_town_tiles_read_as_english_in_the_log() -> None:
    assert tile_phrase("town2_gentle") == "a town tile with 2 exits"
    assert tile_phrase("town1") != "" and choices.exits_group(
        Build("town", "2,16", "town3_y", 0)) == "3 exits"
