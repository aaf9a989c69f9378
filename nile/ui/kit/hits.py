"""Hit testing for painted tables: what is under the mouse, as a typed target.

A table painted by hand (cards, boxes, panel controls) adds each clickable thing's place
with a target value as it draws it; a click or a hover asks `at(pos)` and gets the target
back, topmost first, so a scene never parses names like "card:12" back into numbers and
never works out again after the fact where it drew something.

Most places are rects. A round thing (a block's ring, a token) is added as a `Circle`, or
any shape that answers `collidepoint` with its bounding rect (`add_shape`), and may be cut
to the view it is drawn in (`clip`), as the drawing was.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, NamedTuple, Protocol, TypeVar

import pygame

T = TypeVar("T")
U = TypeVar("U")


class Shape(Protocol):
    """Anything that says whether a point lies on it (pygame.Rect does)."""

    def collidepoint(self, pos: tuple[int, int], /) -> bool: ...


@dataclass(frozen=True)
class Circle:
    """A round place: a ring drawn around a block, a token."""

    center: tuple[float, float]
    radius: float

    def collidepoint(self, pos: tuple[int, int], /) -> bool:
        return math.dist(self.center, pos) <= self.radius

    @property
    def bounds(self) -> pygame.Rect:
        r = self.radius
        x, y = self.center
        return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))


@dataclass(frozen=True)
class TurnedRect:
    """A rectangle turned `degrees` counter-clockwise on screen about its centre, as
    `pygame.transform.rotate` draws it (a card in a fanned hand)."""

    center: tuple[float, float]
    size: tuple[float, float]
    degrees: float

    def collidepoint(self, pos: tuple[int, int], /) -> bool:
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        turn = math.radians(self.degrees)
        cos, sin = math.cos(turn), math.sin(turn)
        across, down = dx * cos - dy * sin, dx * sin + dy * cos  # in the card's own axes
        return abs(across) <= self.size[0] / 2 and abs(down) <= self.size[1] / 2

    @property
    def bounds(self) -> pygame.Rect:
        turn = math.radians(self.degrees)
        w, h = self.size
        width = abs(w * math.cos(turn)) + abs(h * math.sin(turn))
        height = abs(w * math.sin(turn)) + abs(h * math.cos(turn))
        x, y = self.center
        return pygame.Rect(round(x - width / 2), round(y - height / 2), round(width),
                           round(height))


class _Place(NamedTuple, Generic[T]):
    """A tuple: a busy table adds a hundred of these each frame."""

    shape: Shape
    bounds: pygame.Rect
    target: T
    clip: pygame.Rect | None

    def holds(self, pos: tuple[int, int]) -> bool:
        clip = self.clip
        if clip is not None and not clip.collidepoint(pos):
            return False
        return self.shape.collidepoint(pos)


class HitMap(Generic[T]):
    """The clickable places of the last drawn frame, in drawing order."""

    def __init__(self) -> None:
        self._places: list[_Place[T]] = []

    def clear(self) -> None:
        self._places.clear()

    def add(self, rect: pygame.Rect, target: T, clip: pygame.Rect | None = None) -> None:
        """A rectangular place; `clip` the view it is drawn in (a point outside it misses)."""
        rect = pygame.Rect(rect)
        self._places.append(_Place(rect, rect, target, None if clip is None else pygame.Rect(clip)))

    def add_shape(
        self, shape: Shape, bounds: pygame.Rect, target: T, clip: pygame.Rect | None = None
    ) -> None:
        """A place of any shape; `bounds` is where it is drawn (for `rect_of`), `clip`
        the view it is drawn in (a point outside it misses)."""
        self._places.append(_Place(shape, pygame.Rect(bounds), target,
                                   None if clip is None else pygame.Rect(clip)))

    def add_circle(
        self, center: tuple[float, float], radius: float, target: T,
        clip: pygame.Rect | None = None,
    ) -> None:
        circle = Circle(center, radius)
        self.add_shape(circle, circle.bounds, target, clip)

    def extend(self, other: HitMap[T]) -> None:
        """Everything `other` holds, on top of what is here (a cached layer's places)."""
        self._places.extend(other._places)

    def at(self, pos: tuple[int, int]) -> T | None:
        """The target drawn last under `pos` (what lies on top), or None."""
        for place in reversed(self._places):
            if place.holds(pos):
                return place.target
        return None

    def all_at(self, pos: tuple[int, int]) -> list[T]:
        """Every target under `pos`, topmost first (markers drawn side by side that touch:
        a tooltip names them all)."""
        return [place.target for place in self._under(pos)]

    def find(self, pos: tuple[int, int], kind: type[U]) -> U | None:
        """The topmost `kind` target under `pos`, whatever was drawn over it (a block's
        tooltip under the ring that marks it, the board under a block)."""
        for place in self._under(pos):
            if isinstance(place.target, kind):
                return place.target
        return None

    def nearest(self, pos: tuple[int, int], kind: type[U]) -> U | None:
        """Of the `kind` targets on top under `pos`, the one whose centre is nearest.

        For crowded round things (blocks a ring may be drawn round) the one nearest the
        click is meant, not merely the last drawn. Anything else under `pos` that was
        drawn over them (a window, a panel) hides the ones beneath it.
        """
        best: U | None = None
        best_d = math.inf
        for place in self._under(pos):
            target = place.target
            if not isinstance(target, kind):
                break
            d = math.dist(place.bounds.center, pos)
            if d < best_d:
                best, best_d = target, d
        return best

    def _under(self, pos: tuple[int, int]) -> Iterator[_Place[T]]:
        return (place for place in reversed(self._places) if place.holds(pos))

    def rect_of(self, target: T) -> pygame.Rect | None:
        """Where `target` was drawn (the last time, if several), or None."""
        for place in reversed(self._places):
            if place.target == target:
                return place.bounds
        return None

    def targets(self) -> list[T]:
        """Every target in drawing order (for tests and tutorial pointers)."""
        return [place.target for place in self._places]

    def __contains__(self, target: object) -> bool:
        return any(place.target == target for place in self._places)

    def __len__(self) -> int:
        return len(self._places)
