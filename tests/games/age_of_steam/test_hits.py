"""Age of Steam on the one hit-testing model: the boards, the picker, the strip and the map
add what can be clicked to hit maps while they draw, and real clicks reach their targets
through those maps."""

from __future__ import annotations

import pygame

from nile.app import App
from nile.core.session import Match
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.rules.actions import PHASE_ACTIONS, TakeAction
from nile.games.age_of_steam.rules.config import DISPLAY_ROWS
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.scene import AgeOfSteamScene, MapButton
from nile.games.age_of_steam.shots import seats
from nile.games.age_of_steam.view.glance import Glance
from nile.games.age_of_steam.view.panel import RowTarget, SeatTarget, TileTarget
from nile.games.age_of_steam.view.popup import GroupChip, Part
from nile.ui.shots import play_bots_until
from tests.games.age_of_steam import table
from tests.ui.harness import click, frames, instant_app


def _scene(name: str, seed: int, phase: Phase) -> tuple[App, AgeOfSteamScene]:
    app = instant_app()
    match = Match.new(GAME_INFO, seats(name, 4), seed, {"map": name})
    play_bots_until(match, lambda s: s.phase == phase and s.current_player == 0
                    and (phase != Phase.BUILD or s.builds_done == 0))
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    return app, scene


def test_the_boards_place_every_tile_row_and_player_where_they_drew_it() -> None:
    _, scene = _scene("chile", 7, Phase.BUILD)
    view = scene.aos
    targets = scene.panel.hits.targets()
    names = [*PHASE_ACTIONS, view.rules.special_action]
    assert {TileTarget(n) for n in names} <= set(targets)
    assert {RowTarget(r) for r in DISPLAY_ROWS} == {t for t in targets if isinstance(t, RowTarget)}
    assert {SeatTarget(s) for s in range(view.players)} <= set(targets)
    area = scene.areas()["panel"]
    for target in targets:
        rect = scene.panel.rect_of(target)
        assert rect is not None and area.contains(rect)
        assert scene.panel.hit(rect.center) == target
    assert scene.panel.hit(area.inflate(20, 20).topleft) is None


def test_a_click_on_an_action_tile_takes_it() -> None:
    app, scene = _scene("chile", 5, Phase.SELECT)
    free = sorted(table.pickable_tiles(scene))[0]
    rect = scene.panel.rect_of(TileTarget(free))
    assert rect is not None
    before = len(scene.match.actions)
    click(app, rect.center)
    assert scene.match.actions[before] == TakeAction(free).to_str()
    assert scene.match.state.tile_held(0) == free


def _open_town_picker(app: App, scene: AgeOfSteamScene) -> None:
    town = scene.aos.map.hex_at("2,16")  # Los Andes: tiles with 1 to 4 exits
    x, y = scene.mv.hex_centre(town)
    click(app, (round(x), round(y)))
    assert scene.pickers.build_popup is not None


def test_the_pickers_arrows_chips_and_buttons_are_clicked_through_its_hit_map() -> None:
    app, scene = _scene("chile", 7, Phase.BUILD)
    _open_town_picker(app, scene)
    popup = scene.pickers.build_popup
    assert popup is not None
    frame = popup.frame_rect
    assert frame is not None
    for target in popup.hits.targets():  # every part is inside the frame and on top
        rect = popup.hits.rect_of(target)
        assert rect is not None and frame.contains(rect)
        assert popup.hit(rect.center) == target
    assert {Part.FRAME, Part.PREV, Part.NEXT, Part.OK, Part.CANCEL} <= set(popup.hits.targets())
    start = popup.index
    click(app, popup.hits.rect_of(Part.NEXT).center)  # type: ignore[union-attr]
    assert popup.index == (start + 1) % len(popup.items)
    click(app, popup.hits.rect_of(Part.PREV).center)  # type: ignore[union-attr]
    assert popup.index == start
    click(app, popup.hits.rect_of(GroupChip("4 exits")).center)  # type: ignore[union-attr]
    assert popup.groups[popup.index] == "4 exits"
    before = len(scene.match.actions)
    click(app, (frame.left + 4, frame.bottom - 4))  # the frame takes a click, does nothing
    assert scene.pickers.build_popup is popup and len(scene.match.actions) == before
    click(app, popup.hits.rect_of(Part.CANCEL).center)  # type: ignore[union-attr]
    assert scene.pickers.build_popup is None and len(scene.match.actions) == before


def test_the_pickers_hover_is_what_its_hit_map_has_under_the_mouse() -> None:
    app, scene = _scene("chile", 7, Phase.BUILD)
    _open_town_picker(app, scene)
    popup = scene.pickers.build_popup
    assert popup is not None
    ok = popup.hits.rect_of(Part.OK)
    assert ok is not None
    surface = pygame.Surface(app.screen.get_size())
    shown = []
    for pos in ((0, 0), ok.center):
        pygame.mouse.set_pos(pos)
        scene.draw_table(surface, scene.view)
        shown.append(surface.get_at((ok.left + 4, ok.centery)))
    assert shown[0] != shown[1]  # Confirm lights up under the mouse


def test_a_glance_tooltip_names_every_marker_under_the_mouse_in_drawing_order() -> None:
    _, scene = _scene("chile", 7, Phase.BUILD)
    view = scene.aos
    glance = Glance()
    glance.draw(pygame.Surface((1280, 800)), pygame.Rect(10, 600, 900, 88), "below", view,
                list(scene.mv.colors), list(scene.names))
    marks = glance.hits.targets()
    assert len(marks) == 3 * view.players
    for mark in marks:
        rect = glance.hits.rect_of(mark)
        assert rect is not None and mark.words in glance.tip(rect.center)
    rects = [glance.hits.rect_of(m) for m in marks]
    touching = [(i, j) for i in range(len(marks)) for j in range(i + 1, len(marks))
                if rects[i].colliderect(rects[j])]  # type: ignore[union-attr, arg-type]
    assert touching, "tied figures: markers side by side that touch"
    i, j = touching[0]
    both = rects[i].clip(rects[j])  # type: ignore[union-attr, arg-type]
    assert glance.tip(both.topleft) == [marks[i].words, marks[j].words]
    assert glance.tip((0, 0)) == []


def test_the_map_buttons_are_on_the_scenes_hit_map_and_hush_the_hex_tooltip() -> None:
    _, scene = _scene("chile", 7, Phase.BUILD)
    labels = [t.label for t in scene.hits.targets() if isinstance(t, MapButton)]
    assert labels[:3] == ["Fit", "+", "−"] and labels[3].startswith("Track")
    fit = scene.hits.rect_of(MapButton("Fit"))
    assert fit is not None
    scene.mouse = fit.center
    assert scene._tip_lines(scene.aos) == []


def test_a_cube_is_found_under_the_mouse_through_the_boards_layer() -> None:
    _, scene = _scene("chile", 7, Phase.BUILD)
    mv = scene.mv
    assert mv.cubes
    for cube in mv.cubes:
        found = mv.cube_at(mv.cube_rect(cube).center)
        assert found is not None and found.hex == cube.hex
    outside = mv.camera.viewport.inflate(40, 40).topleft
    assert mv.cube_at(outside) is None and mv.hex_at(outside) == -1
