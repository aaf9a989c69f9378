"""Names catch no clicks and goods read at Fit (issue 29 item 8).

A city's name lay over a neighbouring hex, and a click on the name aimed track at that
hex while the player meant the city ("Toward Bani Suwayf ... (not there yet)"). A name
is no button: on every map, every pixel of every name resolves to the hex beneath it
(checked against the nearest hex centre, worked out here apart from the map's own
arithmetic), a real click there aims at that hex and the words name it as that hex; the
pointer on a name outlines the hex beneath. Goods cubes are at least 10 pixels on a
1024×768 and a 1280×800 desktop at Fit, at every text size."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from nile.app import App, window_size
from nile.core.session import Match
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.intent import Start, Toward, of_kind, where
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.shots import new_match, seats
from nile.games.age_of_steam.view import labels, plan
from nile.games.age_of_steam.view.geometry import APOTHEM
from nile.games.age_of_steam.view.mapview import LABEL_MIN_ZOOM, MapView
from nile.ui import settings as store
from nile.ui import theme
from nile.ui.shots import play_bots_until
from tests.ui.harness import click, frames, instant_app

MAPS = ("egypt", "chile", "cccp")
DESKTOPS = ((1024, 768), (1280, 800))
SMALLEST_GOOD = 10
"""Pixels a goods cube's side takes at least on the desktop at Fit."""


def _building(map_name: str) -> tuple[App, AgeOfSteamScene]:
    """Ann to build, at Fit, on a fresh copy of the map."""
    app = instant_app()
    match = Match.new(GAME_INFO, seats(map_name), 3, {"map": map_name})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0
                    and s.builds_done == 0)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    return app, scene


def _name_pixels(mv: MapView) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Every on-screen pixel (x, y arrays) of every name inside the map's viewport."""
    found = {}
    for label in mv.placed_labels():
        rect = label.rect.move(mv._offset).clip(mv.camera.viewport)
        ys, xs = np.mgrid[rect.top:rect.bottom, rect.left:rect.right]
        found[label.name] = (xs.ravel(), ys.ravel())
    return found


def _beneath(mv: MapView, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hex whose centre is nearest each pixel, and whether the pixel lies surely inside
    it (more than 1.5 pixels within its edge: on an edge either hex may be right)."""
    centres = np.array([mv.hex_centre(h) for h in range(mv.geo.map.size)])
    dx = xs[:, None] - centres[None, :, 0]
    dy = ys[:, None] - centres[None, :, 1]
    distance = np.hypot(dx, dy)
    nearest = distance.argmin(axis=1)
    order = np.sort(distance, axis=1)
    inside = (order[:, 0] < APOTHEM * mv.zoom - 1.5) & (order[:, 1] - order[:, 0] > 1.5)
    return nearest, inside


@pytest.mark.parametrize("map_name", MAPS)
def test_every_pixel_of_every_name_is_the_hex_beneath_it(map_name: str) -> None:
    _, scene = _building(map_name)
    mv = scene.mv
    assert mv.zoom >= LABEL_MIN_ZOOM and mv.placed_labels(), "names are shown at Fit"
    cubes = [mv.cube_rect(c) for c in mv.cubes]
    checked = 0
    for name, (xs, ys) in _name_pixels(mv).items():
        nearest, inside = _beneath(mv, xs, ys)
        for x, y, h in zip(xs[inside], ys[inside], nearest[inside], strict=True):
            pos = (int(x), int(y))
            assert mv.hex_at(pos) == h, f"{name} at {pos}"
            assert mv.cube_at(pos) is None, f"{name} at {pos} lies over a good"
            checked += 1
        label = next(lb for lb in mv.placed_labels() if lb.name == name)
        rect = label.rect.move(mv._offset)
        assert rect.collidelist(cubes) < 0, f"{name} covers a good"
    assert checked > 5000


@pytest.mark.parametrize("map_name", MAPS)
def test_a_click_on_a_name_aims_at_the_hex_beneath_and_says_so(map_name: str) -> None:
    """A real click, with a start picked, on each hex a name covers: the track is aimed
    at that hex (never the named place), and the bar names it as the hex it is."""
    app, scene = _building(map_name)
    view, mv = scene.aos, scene.mv
    start = next(h for h in sorted(view.stop_hexes()) if plan.is_start(view, h, 0))
    aimed = 0
    for name, (xs, ys) in _name_pixels(mv).items():
        nearest, inside = _beneath(mv, xs, ys)
        for h in sorted({int(h) for h in nearest[inside]} - {start}):
            spot = int(np.flatnonzero(inside & (nearest == h))[0])
            scene.input.pick((Start(start),))
            scene.toasts.items.clear()
            click(app, (int(xs[spot]), int(ys[spot])))
            toward = of_kind(scene.picked, Toward)
            words = [t.message for t in scene.toasts.items]
            if isinstance(toward, Toward):
                assert toward.hex == h, name
                assert scene.picker.offer is not None
                assert scene.picker.offer.prompt.startswith(f"Toward {where(view, h)}:")
                aimed += 1
            else:
                assert any(where(view, h) in w for w in words), (name, words)
    assert aimed >= 5


def test_a_plain_hex_is_named_as_a_hex_not_as_the_place_beside_it() -> None:
    _, scene = _building("egypt")
    view = scene.aos
    city = view.map.city_named("Bani Suwayf").hexes[0]
    beside = next(h for h in range(view.map.size)
                  if view.map.whereabouts(h) == "next to Bani Suwayf")
    assert where(view, city) == "Bani Suwayf"
    assert where(view, beside) == "the hex next to Bani Suwayf"


def test_the_pointer_on_a_name_outlines_the_hex_beneath() -> None:
    app, scene = _building("egypt")
    mv = scene.mv
    lit = list(scene.draft.last.draft.buildable)  # (ringed already)
    for label in mv.placed_labels():
        xs, ys = _name_pixels(mv)[label.name]
        nearest, inside = _beneath(mv, xs, ys)
        spots = np.flatnonzero(inside & ~np.isin(nearest, [*label.hexes, *lit]))
        if len(spots):
            break
    spot = int(spots[0])
    pos, h = (int(xs[spot]), int(ys[spot])), int(nearest[spot])
    rect = label.rect.move(mv._offset)
    corners = mv.hex_polygon(h)
    edges = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
             for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]
    edge = next(e for e in edges if not rect.inflate(6, 6).collidepoint(e))
    near = [(round(edge[0]) + dx, round(edge[1]) + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]

    def outlined() -> bool:
        return any(tuple(app.screen.get_at(p))[:3] == tuple(theme.HIGHLIGHT)[:3] for p in near)

    scene.mouse = (mv.camera.viewport.left + 2, mv.camera.viewport.top + 2)
    frames(app)
    assert not outlined()
    scene.mouse = pos
    frames(app)
    assert mv.name_at(pos) == label and outlined()


def _fit_cube_sides(map_name: str, text_size: int) -> list[int]:
    """The sides of the goods cubes drawn on a table at Fit (city goods and pyramids')."""
    try:
        app = instant_app()
        app.apply_settings(app.settings.changed(text_size=text_size), save=False)
        assert theme.text_percent() == text_size
        scene = AgeOfSteamScene(app, new_match(map_name))
        app.push(scene)
        frames(app, 2)
        return [cube.rect.width for cube in scene.mv.cubes]
    finally:
        theme.use_text_size(100)


@pytest.mark.parametrize("text_size", [store.TEXT_SIZES[0], store.TEXT_SIZES[-1]])
@pytest.mark.parametrize("map_name", MAPS)
def test_goods_are_at_least_ten_pixels_at_fit_on_small_desktops(map_name: str,
                                                                 text_size: int) -> None:
    sides = _fit_cube_sides(map_name, text_size)
    assert sides, "the map shows goods at the start"
    for desktop in DESKTOPS:
        scale = window_size(desktop)[0] / theme.WIDTH
        assert min(sides) * scale >= SMALLEST_GOOD, (desktop, min(sides), scale)


def test_the_drawn_goods_are_that_big_in_the_picture() -> None:
    """Measured in the pixels drawn: a city's good, scaled as a 1024×768 desktop shows
    the canvas, is a square of the good's colour at least 10 pixels a side."""
    app, scene = _building("egypt")
    mv = scene.mv
    rects = [mv.cube_rect(c) for c in mv.cubes]
    rect = next(r for i, r in enumerate(rects) if r.collidelist(rects[i + 1:]) < 0
                and mv.cubes[i].hex in scene.aos.map.city_of_hex)  # a whole one, on top
    shown = pygame.transform.smoothscale(app.screen, window_size((1024, 768)))
    scale = shown.get_width() / app.screen.get_width()
    fill = app.screen.get_at((rect.centerx, rect.bottom - 3))  # below the lit top
    y = round((rect.bottom - 3) * scale)
    row = [shown.get_at((x, y))
           for x in range(round(rect.left * scale) - 3, round(rect.right * scale) + 3)]
    alike = "".join("x" if sum(abs(a - b) for a, b in zip(c[:3], fill[:3], strict=True)) < 90
                    else " " for c in row)
    assert max(len(run) for run in alike.split()) >= SMALLEST_GOOD - 2  # edges blur


def test_goods_and_pyramid_steps_stay_inside_what_names_avoid() -> None:
    """Bigger goods reach further out; the marks names keep clear of cover them, so no
    name ever lies over a good (it would hide the good a click there picks)."""
    for map_name in MAPS:
        _, scene = _building(map_name)
        mv = scene.mv
        zoom_key = round(mv.zoom * 100)
        marks = [r.move(mv._offset) for r in labels.marks(map_name, zoom_key)]
        for cube in mv.cubes:
            drawn = mv.cube_rect(cube).inflate(2, 2).move(1, 1)  # its shadow
            assert any(m.contains(drawn) for m in marks), (map_name, cube)
