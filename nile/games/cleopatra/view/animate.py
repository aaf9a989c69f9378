"""Showing what the rules report: flashes, fruit travelling its route, cards flying to
their owner, Florin and VP rising from the players' panels, and the final scoring city
by city. The scene draws the state after the move; these only decorate it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Event
from nile.games.cleopatra.rules import game_data
from nile.games.cleopatra.rules.events import (
    BidPlaced,
    BuildingBuilt,
    CardDealt,
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
from nile.games.cleopatra.view import layout, panel, pieces
from nile.games.cleopatra.view.choices import is_fruit_card
from nile.ui import sound, text, theme
from nile.ui.anim import Animations, Tween, ease_in_out

if TYPE_CHECKING:
    from nile.games.cleopatra.rules import CleopatraState
    from nile.games.cleopatra.view.choices import Target

D = game_data()
FLASH = 1.2
CITY_STEP = 0.45
TAIL_STEP = 0.6
HOP = 0.22


@dataclass
class Floater:
    """A change shown in a player's panel for a moment ("+3 VP"): it takes the place of
    the panel's status line (`panel.change_rect`), so it never covers other text."""

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


@dataclass(frozen=True)
class Where:
    """What the motion component needs to know to place things: the table's areas, the
    view as shown when the move came (the scene refreshes it after the animations are set
    up; only places and players' boxes are read from it), the seat at the screen (its cards
    fly to its hand) and how many seats there are."""

    areas: layout.Areas
    view: CleopatraState
    own_seat: int | None
    seats: int


@dataclass
class Motion:
    """The pieces in motion and the marks that fade: it owns them, the scene draws them.

    `show` starts what shows one event on the scene's animation timeline and says when
    the next may start; `update` ages the fading marks."""

    anims: Animations
    flashes: dict[Target, float] = field(default_factory=dict)
    floaters: list[Floater] = field(default_factory=list)
    cubes: list[MovingCube] = field(default_factory=list)
    flying: list[FlyingCard] = field(default_factory=list)
    arriving: list[tuple[Target, Tween]] = field(default_factory=list)
    """The viewer's cards in flight to the hand, with their flights."""
    scoring_shown: int | None = None
    """Rows of the final scoring shown so far (None: all of them, no show running)."""

    @property
    def busy(self) -> bool:
        return bool(self.flashes or self.floaters)

    @property
    def landing(self) -> tuple[Target, ...]:
        """The viewer's cards not in the hand yet: each shows there when its flight lands,
        as the log (which waits for the table) says it is taken or dealt."""
        return tuple(key for key, tween in self.arriving if not tween.done)

    def show_all(self, events: list[Event], where: Where) -> None:
        """Show `events` one after the other on the animation timeline."""
        clock = 0.0
        for event in events:
            clock = self.show(event, clock, where)

    def show(self, event: Event, t: float, where: Where) -> float:
        """Start what shows `event` at animation time `t`; returns when the next may start."""
        later = self.anims.later
        if isinstance(event, TrainsPlaced):
            self.flashes[("track", event.track)] = FLASH
            later(t, lambda: sound.play("place"))
        elif isinstance(event, FruitMoved):
            return self._move_cube(event.fruit, event.route, t, where)
        elif isinstance(event, FruitPlaced):
            self.flashes[("city", event.city)] = 0.6
        elif isinstance(event, BuildingBuilt | PyramidBuilt):
            self.flashes[("city", event.city)] = FLASH
            later(t, lambda: sound.play("place"))
        elif isinstance(event, PointsScored | MoneyChanged):
            self._float(event, where)
        elif isinstance(event, CityScored):
            return self._score_city(event, t)
        elif isinstance(event, CardTaken | CardDealt):
            return self._fly_card(event, t, where)
        elif isinstance(event, CardRevealed):
            later(t, lambda: sound.play("card", 0.5))
        elif isinstance(event, GodChosen | BidPlaced):
            later(t, lambda: sound.play("click", 0.5))
        return t

    def _move_cube(self, fruit: int, route: tuple[int, ...], t: float, where: Where) -> float:
        rects = layout.city_rects(tuple(where.areas.map))
        centers = [rects[c].center for c in route]
        for a, b in itertools.pairwise(centers):
            tween = Tween(a, b, HOP, t, ease_in_out)
            self.anims.add(("cube", id(tween)), tween)
            self.cubes.append(MovingCube(fruit, tween))
            t += HOP
        self.anims.later(max(0.0, t - HOP), lambda: sound.play("move", 0.6))
        return t

    def _fly_card(self, event: CardTaken | CardDealt, t: float, where: Where) -> float:
        """A card taken from a display, or dealt from a deck (seen flying only by its
        owner), to its owner: the viewer's hand shows it when it lands (`landing`)."""
        areas, own = where.areas, event.seat == where.own_seat
        if isinstance(event, CardDealt) and not own:
            return t  # a secret card: no face to fly (the box's count says it)
        city = (event.display if isinstance(event, CardTaken) else event.deck.lower()) == "city"
        if city:
            key: Target = ("hand_city", D.city_card(event.name))
            face, start = pieces.city_card(key[1], layout.CARD), areas.city.center
        else:
            kind = D.auction_kind(event.name)
            key = ("fruit_card" if is_fruit_card(kind) else "hand_auction", kind)
            face, start = pieces.auction_card(kind, layout.CARD), areas.auction.center
        if own:
            end = areas.hand.center
        else:
            end = panel.player_boxes(where.view, areas.players)[event.seat].center
        tween = Tween(start, end, 0.35, t, ease_in_out, arc=20)
        self.anims.add(("card", id(tween)), tween)
        self.flying.append(FlyingCard(face, tween))
        if own:
            self.arriving.append((key, tween))
        self.anims.later(t, lambda: sound.play("card", 0.5))
        return t + 0.15

    def _float(self, event: PointsScored | MoneyChanged, where: Where) -> None:
        if not event.amount or event.seat >= where.seats:
            return
        unit = "VP" if isinstance(event, PointsScored) else "Florin"
        color = theme.GOOD if event.amount > 0 else theme.BAD
        box = panel.change_rect(
            panel.player_boxes(where.view, where.areas.players)[event.seat])
        label = f"{event.amount:+d} {unit}"
        self.floaters.append(Floater(label, color, box.midleft, seat=event.seat))

    def _score_city(self, event: CityScored, t: float) -> float:
        """Reveal the final scoring's row of this city (rows: VP in play, 12 cities, then
        Florin, building types and fruit types after the last city)."""
        if self.scoring_shown is None:
            self.scoring_shown = 1
        row = event.city + 2
        self.anims.later(t + CITY_STEP, self._revealer(row, event.city))
        if event.city == len(D.cities) - 1:
            for i in range(3):
                self.anims.later(t + CITY_STEP + TAIL_STEP * (i + 1),
                                 self._revealer(row + 1 + i))
            return t + CITY_STEP + TAIL_STEP * 4
        return t + CITY_STEP

    def _revealer(self, rows: int, city: int = -1) -> Callable[[], None]:
        """A callback showing the first `rows` rows of the final scoring (and the city)."""

        def reveal() -> None:
            self.scoring_shown = max(self.scoring_shown or 0, rows)
            if city >= 0:
                self.flashes[("city", city)] = CITY_STEP * 2
            sound.play("place", 0.4)

        return reveal

    def update(self, dt: float) -> None:
        self.flashes = {k: v - dt for k, v in self.flashes.items() if v > dt}
        for floater in self.floaters:
            floater.age += dt
        self.floaters = [f for f in self.floaters if f.age < 1.4]
        self.cubes = [c for c in self.cubes if not c.tween.done]
        self.flying = [c for c in self.flying if not c.tween.done]
        self.arriving = [a for a in self.arriving if not a[1].done]

    def draw(self, surface: pygame.Surface, boxes: list[pygame.Rect]) -> None:
        """Cards in flight, fruit on its way, and the Florin and VP just changed in the
        players' boxes (`boxes`), over the table as painted."""
        for card in self.flying:
            if not card.tween.waiting:
                surface.blit(card.face, card.face.get_rect(center=card.tween.value()))
        for moving in self.cubes:
            if not moving.tween.waiting:
                pieces.cube(surface, moving.fruit, moving.tween.value(), 18)
        draw_changes(surface, self.floaters, boxes)


def draw_changes(surface: pygame.Surface, floaters: list[Floater],
                 boxes: list[pygame.Rect]) -> None:
    """Florin and VP just gained or lost, in each player's status line for a moment
    (in the line's place, never over the panel's other text)."""
    by_seat: dict[int, list[Floater]] = {}
    for floater in floaters:
        by_seat.setdefault(floater.seat, []).append(floater)
    for seat, shown in by_seat.items():
        if not 0 <= seat < len(boxes):
            continue
        rect = panel.change_rect(boxes[seat])
        pygame.draw.rect(surface, (16, 20, 26), rect, border_radius=5)
        x = rect.left + 5
        for floater in shown:
            image = text.render(floater.label, 13, floater.color, "bold")
            if x + image.get_width() > rect.right - 4:
                break
            surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
            x += image.get_width() + 10

