"""Everyone at a glance and a map that uses the table: the tracks strip beside or under
the map, each player's markers where their figures are; the log gives way to wide maps."""

from __future__ import annotations

import pygame
import pytest

from nile.core.session import Match
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.shots import seats
from nile.games.age_of_steam.view import glance
from nile.games.age_of_steam.view.panel import score_now
from nile.ui.shots import play_bots_until
from tests.ui.harness import frames, instant_app


def _scene(name: str, seed: int, stop=lambda s: True) -> tuple[object, AgeOfSteamScene]:  # type: ignore[no-untyped-def]
    app = instant_app()
    match = Match.new(GAME_INFO, seats(name), seed, {"map": name})
    play_bots_until(match, stop)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    return app, scene


@pytest.mark.parametrize("name,way,log", [("chile", "below", False), ("cccp", "below", False),
                                          ("egypt", "beside", True)])
def test_the_strip_goes_where_the_map_has_room_and_the_log_gives_way_to_wide_maps(
        name: str, way: str, log: bool) -> None:
    _, scene = _scene(name, 3)
    areas = scene.areas()
    assert way in areas and scene.log_open is log
    assert not areas["glance"].colliderect(areas["map"])
    assert not areas["glance"].colliderect(areas["panel"])
    if way == "beside":   # Egypt is bound by its height: the strip costs it no zoom
        whole = areas["map"].union(areas["glance"])
        assert glance.fit_zoom(scene.mv.geo, areas["map"]) >= 0.99 * glance.fit_zoom(
            scene.mv.geo, whole)


def test_cccp_at_fit_uses_the_logs_width() -> None:
    """CCCP is bound by its width: with the log closed its Fit is about 1.4× larger."""
    _, scene = _scene("cccp", 3)
    closed = scene.mv.zoom
    scene.commands.log()                       # L: the log comes back, the map shrinks
    assert scene.log_open and closed > 1.3 * scene.mv.zoom


@pytest.mark.parametrize("name", ["chile", "cccp", "egypt"])
def _marks(scene: AgeOfSteamScene) -> list[tuple[pygame.Rect, str]]:
    """Each marker on the strip as drawn: where, and what its tooltip says."""
    hits = scene.glance.hits
    return [(hits.rect_of(mark), mark.words) for mark in hits.targets()]  # type: ignore[misc]


@pytest.mark.parametrize("name", ["chile", "cccp", "egypt"])
def test_every_player_has_a_marker_on_each_track_in_order_of_their_figures(name: str) -> None:
    app, scene = _scene(name, 3, lambda s: s.round >= 3 and s.phase == Phase.MOVE)
    frames(app, 1)
    view = scene.aos
    marks = _marks(scene)
    players = sum(view.alive)
    assert len(marks) == 3 * players
    for title, words, figure in glance.MEASURES:
        mine = [(r, w) for r, w in marks if f": {words} " in w]
        assert len(mine) == players, title
        for seat in range(view.players):
            expected = f"{scene.names[seat]}: {words} {figure(view, seat)}"
            assert any(w == expected for _, w in mine), expected
        along = sorted(mine, key=lambda m: (m[0].centerx, -m[0].centery))
        values = [int(w.rsplit(" ", 1)[1]) for _, w in along]
        if "beside" in scene.areas():       # the column's tracks rise: higher is more
            along = sorted(mine, key=lambda m: -m[0].centery)
            values = [int(w.rsplit(" ", 1)[1]) for _, w in along]
        assert values == sorted(values), (title, values)
    assert all(score_now(view, s) == glance.MEASURES[2][2](view, s)
               for s in range(view.players))


def test_pointing_at_a_marker_names_the_player_and_the_figure() -> None:
    _, scene = _scene("chile", 3, lambda s: s.round >= 2 and s.phase == Phase.MOVE)
    rect, words = _marks(scene)[0]
    scene.mouse, scene.still = rect.center, 5.0
    assert words in scene._tip_lines(scene.aos)


def test_the_map_buttons_stay_off_the_hexes_beside_a_tall_map() -> None:
    app, scene = _scene("egypt", 3)
    frames(app, 1)
    view = scene.aos
    hexes = [pygame.Rect(round(x) - 4, round(y) - 4, 8, 8)
             for x, y in (scene.mv.hex_centre(h) for h in range(view.map.size))]
    for map_button in scene.map_buttons.buttons:
        assert map_button.rect.collidelist(hexes) < 0


@pytest.mark.parametrize("players", [3, 5])
def test_tied_markers_beside_a_tall_map_stay_inside_their_lane(players: int) -> None:
    """At the start everyone ties on every track: in Egypt's narrow column the fan of
    markers stays inside its own lane (the last one was cut off by the map)."""
    from nile.ui.theme import palette

    pygame.init()
    view = GAME_INFO.create(players, 3, {"map": "egypt"})
    size = (glance.COLUMN, 600)
    colors = list(palette())[:players]
    names = [f"P{s}" for s in range(players)]
    values = tuple(tuple(f(view, s) for s in range(players)) for _, _, f in glance.MEASURES)
    _, marks = glance._render(size, "beside", view, values, colors, names)
    lane_width = (size[0] - 8) // len(glance.MEASURES)
    assert len(marks) == 3 * players
    for rect, mark in marks:
        lane = next(i for i, (_, words, _) in enumerate(glance.MEASURES)
                    if f": {words} " in mark.words)
        left = 4 + lane * lane_width
        assert left <= rect.left and rect.right <= left + lane_width, (mark.words, rect)
