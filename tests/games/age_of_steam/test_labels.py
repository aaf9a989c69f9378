"""Map names placed, not printed: on every map, at Fit and at every zoom step up to the
closest, each city and town name is whole, covers no other name and no city, town,
pyramid or canal mark, stays inside what Fit shows, and sits next to its own place (or
has a leader line back to it)."""

from __future__ import annotations

import pygame
import pytest

from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.shots import new_match
from nile.games.age_of_steam.view import labels
from nile.games.age_of_steam.view.geometry import geometry
from nile.games.age_of_steam.view.mapview import LABEL_MIN_ZOOM, MAX_ZOOM, MapView
from nile.ui import assets
from tests.ui.harness import frames, instant_app, key

MAPS = ("chile", "egypt", "cccp")
ZOOM_STEP = 1.25
"""The + button's step (the wheel's is finer; both land on the same 0.01 grid)."""


def fitted_view(map_name: str, toggle_log: bool = False) -> MapView:
    """The map view of a freshly opened table at Fit, as the scene lays it out (with the
    log toggled from its default if asked: the map's space changes)."""
    app = instant_app()
    scene = AgeOfSteamScene(app, new_match(map_name))
    app.push(scene)
    frames(app, 2)
    if toggle_log:
        key(app, pygame.K_l)
        frames(app, 2)
    return scene.mv


WHEEL_STEP = 1.15
"""One notch of the mouse wheel."""


def zoom_keys(fit_zoom: float) -> list[int]:
    """Fit, every + step and every wheel notch from it up to the closest zoom, and every
    − step and wheel notch down to where names are hidden."""
    keys = set()
    for step in (ZOOM_STEP, WHEEL_STEP):
        zoom = fit_zoom
        while zoom <= MAX_ZOOM:
            keys.add(round(zoom * 100))
            zoom *= step
        zoom = fit_zoom
        while zoom >= LABEL_MIN_ZOOM:
            keys.add(round(zoom * 100))
            zoom /= step
    return sorted(keys)


def problems(map_name: str, zoom_key: int, area: labels.Box | None) -> list[str]:
    """Everything wrong with the labels of one map at one zoom, in words."""
    found = []
    placed = labels.place_labels(map_name, zoom_key, area)
    geo = geometry(map_name)
    zoom = zoom_key / 100
    box = area or labels.fit_box(geo)
    layer = labels.layer_box(geo)
    cut = (max(box[0], layer[0]), max(box[1], layer[1]), min(box[2], layer[2]),
           min(box[3], layer[3]))
    visible = pygame.Rect(round((cut[0] - layer[0]) * zoom), round((cut[1] - layer[1]) * zoom),
                          round((cut[2] - cut[0]) * zoom), round((cut[3] - cut[1]) * zoom))
    names = {name for name, _ in labels.place_names(map_name)}
    if {label.name for label in placed} != names:
        found.append("not every place has a label")
    marks = labels.marks(map_name, zoom_key)
    for i, label in enumerate(placed):
        width = assets.font(label.size, "bold").size(label.name)[0]
        if label.rect.width < width + 8 or "…" in label.name:
            found.append(f"{label.name} is cut")
        if not visible.contains(label.rect):
            found.append(f"{label.name} is clipped at the edge")
        for other in placed[i + 1:]:
            if label.rect.colliderect(other.rect):
                found.append(f"{label.name} covers {other.name}")
        for mark in marks:
            if label.rect.colliderect(mark):
                found.append(f"{label.name} covers a place's mark")
        near = min(_gap_to_hex(label.rect, geo, h, layer, zoom) for h in label.hexes)
        if near > labels.LEADER_AT * zoom + zoom and label.leader is None:
            found.append(f"{label.name} is far from its place without a leader line")
    return found


def _gap_to_hex(rect: pygame.Rect, geo, h: int, layer: labels.Box,  # type: ignore[no-untyped-def]
                zoom: float) -> float:
    cx, cy = geo.centre(h)
    x, y = (cx - layer[0]) * zoom, (cy - layer[1]) * zoom
    dx = max(rect.left - x, 0.0, x - rect.right)
    dy = max(rect.top - y, 0.0, y - rect.bottom)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("toggle_log", [False, True])
@pytest.mark.parametrize("map_name", MAPS)
def test_labels_whole_apart_and_inside_at_fit_and_every_zoom_step(map_name: str,
                                                                   toggle_log: bool) -> None:
    view = fitted_view(map_name, toggle_log)
    assert view.zoom >= LABEL_MIN_ZOOM, "names are shown at Fit"
    found = {}
    for zoom_key in zoom_keys(view.zoom):
        wrong = problems(map_name, zoom_key, view.label_area)
        if wrong:
            found[zoom_key] = wrong
    assert not found


@pytest.mark.parametrize("map_name", MAPS)
def test_labels_fit_the_plain_fit_box_too(map_name: str) -> None:
    """Without a viewport (the Fit box alone), at the lowest zoom names are shown."""
    assert not problems(map_name, round(LABEL_MIN_ZOOM * 100), None)


def test_names_come_back_over_a_hex_drawn_over() -> None:
    """The tile being chosen shades its hex: names reaching into it are drawn again."""
    from nile.games.age_of_steam.builder import Builder

    view = fitted_view("chile")
    state = Builder(4, map="chile").build()
    surface = pygame.Surface((1280, 800))
    view.draw(surface, state, 1)
    label = next(lb for lb in view.placed_labels() if lb.name == "Santiago")
    rect = label.rect.move(view._offset)
    h = next(h for h in range(state.map.size)
             if pygame.Rect(rect).colliderect(_hex_box(view, h)) and h not in label.hexes)
    surface.fill((0, 0, 0), _hex_box(view, h))
    spot = rect.clip(_hex_box(view, h)).center
    assert surface.get_at(spot)[:3] == (0, 0, 0)
    view.names_over(surface, h)
    assert surface.get_at(spot)[:3] != (0, 0, 0)


def _hex_box(view: MapView, h: int) -> pygame.Rect:
    xs, ys = zip(*view.hex_polygon(h), strict=True)
    return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                       round(max(ys) - min(ys)))
