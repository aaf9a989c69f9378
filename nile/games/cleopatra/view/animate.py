"""Showing what the rules report: flashes, fruit travelling its route, cards flying to
their owner, Florin and VP rising from the players' panels, and the final scoring city
by city. The scene draws the state after the move; these only decorate it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Event
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import (
    BidPlaced,
    BuildingBuilt,
    CardRevealed,
    CardTaken,
    CityScored,
    FruitMoved,
    FruitPlaced,
    GodChosen,
    MoneyChanged,
    PointsScored,
    PyramidBuilt,
    TrainsPlaced,
)
from nile.games.cleopatra.view import layout, paint, panels
from nile.ui import sound, theme
from nile.ui.anim import Tween, ease_in_out

if TYPE_CHECKING:
    from nile.games.cleopatra.scene import CleopatraScene

D = game_data()
FLASH = 1.2
CITY_STEP = 0.45
TAIL_STEP = 0.6
HOP = 0.22


@dataclass
class Floater:
    """A change shown in a player's panel for a moment ("+3 VP"): it takes the place of
    the panel's status line (`panels.change_rect`), so it never covers other text."""

    label: str
    color: theme.Color
    pos: tuple[float, float]
    age: float = 0.0
    seat: int = -1


@dataclass
class MovingCube:
    fruit: int
    tween: Tween


@dataclass
class FlyingCard:
    """A card taken from a display, flying to its new owner."""

    face: pygame.Surface
    tween: Tween


def animate(scene: CleopatraScene, event: Event, t: float) -> float:
    """Start what shows `event` at animation time `t`; returns when the next may start."""
    later = scene.anims.later
    if isinstance(event, TrainsPlaced):
        scene.flashes[("track", event.track)] = FLASH
        later(t, lambda: sound.play("place"))
    elif isinstance(event, FruitMoved):
        return _move_cube(scene, event.fruit, event.route, t)
    elif isinstance(event, FruitPlaced):
        scene.flashes[("city", event.city)] = 0.6
    elif isinstance(event, BuildingBuilt | PyramidBuilt):
        scene.flashes[("city", event.city)] = FLASH
        later(t, lambda: sound.play("place"))
    elif isinstance(event, PointsScored | MoneyChanged):
        _float(scene, event)
    elif isinstance(event, CityScored):
        return _score_city(scene, event, t)
    elif isinstance(event, CardTaken):
        return _fly_card(scene, event, t)
    elif isinstance(event, CardRevealed):
        later(t, lambda: sound.play("card", 0.5))
    elif isinstance(event, GodChosen | BidPlaced):
        later(t, lambda: sound.play("click", 0.5))
    return t


def _move_cube(scene: CleopatraScene, fruit: int, route: tuple[int, ...], t: float) -> float:
    rects = layout.city_rects(tuple(scene.areas.map))
    centers = [rects[c].center for c in route]
    for a, b in itertools.pairwise(centers):
        tween = Tween(a, b, HOP, t, ease_in_out)
        scene.anims.add(("cube", id(tween)), tween)
        scene.cubes.append(MovingCube(fruit, tween))
        t += HOP
    scene.anims.later(max(0.0, t - HOP), lambda: sound.play("move", 0.6))
    return t


def _fly_card(scene: CleopatraScene, event: CardTaken, t: float) -> float:
    areas = scene.areas
    if event.display == "city":
        face = paint.city_card(D.city_card(event.name), layout.CARD)
        start = areas.city.center
    else:
        face = paint.auction_card(D.auction_kind(event.name), layout.CARD)
        start = areas.auction.center
    if event.seat == scene.viewer and scene.replay is None:
        end = areas.hand.center
    else:
        end = panels.player_boxes(scene.cs, areas.players)[event.seat].center
    tween = Tween(start, end, 0.35, t, ease_in_out, arc=20)
    scene.anims.add(("card", id(tween)), tween)
    scene.flying.append(FlyingCard(face, tween))
    scene.anims.later(t, lambda: sound.play("card", 0.5))
    return t + 0.15


def _float(scene: CleopatraScene, event: PointsScored | MoneyChanged) -> None:
    if not event.amount or event.seat >= len(scene.match.seats):
        return
    unit = "VP" if isinstance(event, PointsScored) else "Florin"
    color = theme.GOOD if event.amount > 0 else theme.BAD
    box = panels.change_rect(panels.player_boxes(scene.cs, scene.areas.players)[event.seat])
    label = f"{event.amount:+d} {unit}"
    scene.floaters.append(Floater(label, color, box.midleft, seat=event.seat))


def _score_city(scene: CleopatraScene, event: CityScored, t: float) -> float:
    """Reveal the final scoring's row of this city (rows: VP in play, 12 cities, then
    Florin, building types and fruit types after the last city)."""
    if scene.scoring_shown is None:
        scene.scoring_shown = 1
    row = event.city + 2
    scene.anims.later(t + CITY_STEP, _revealer(scene, row, event.city))
    if event.city == len(D.cities) - 1:
        for i in range(3):
            scene.anims.later(t + CITY_STEP + TAIL_STEP * (i + 1), _revealer(scene, row + 1 + i))
        return t + CITY_STEP + TAIL_STEP * 4
    return t + CITY_STEP


def _revealer(scene: CleopatraScene, rows: int, city: int = -1) -> Callable[[], None]:
    """A callback showing the first `rows` rows of the final scoring (and the city)."""

    def reveal() -> None:
        scene.scoring_shown = max(scene.scoring_shown or 0, rows)
        if city >= 0:
            scene.flashes[("city", city)] = CITY_STEP * 2
        sound.play("place", 0.4)

    return reveal


def update(scene: CleopatraScene, dt: float) -> None:
    scene.flashes = {k: v - dt for k, v in scene.flashes.items() if v > dt}
    for floater in scene.floaters:
        floater.age += dt
    scene.floaters = [f for f in scene.floaters if f.age < 1.4]
    scene.cubes = [c for c in scene.cubes if not c.tween.done]
    scene.flying = [c for c in scene.flying if not c.tween.done]
