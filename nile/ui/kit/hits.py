"""Hit testing for painted tables: what is under the mouse, as a typed target.

A table painted by hand (cards, boxes, panel controls) adds each clickable thing's rect
with a target value as it draws it; a click or a hover asks `at(pos)` and gets the target
back, topmost first, so a scene never parses names like "card:12" back into numbers.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import pygame

T = TypeVar("T")


class HitMap(Generic[T]):
    """The clickable places of the last drawn frame, in drawing order."""

    def __init__(self) -> None:
        self._places: list[tuple[pygame.Rect, T]] = []

    def clear(self) -> None:
        self._places.clear()

    def add(self, rect: pygame.Rect, target: T) -> None:
        self._places.append((pygame.Rect(rect), target))

    def at(self, pos: tuple[int, int]) -> T | None:
        """The target drawn last under `pos` (what lies on top), or None."""
        for rect, target in reversed(self._places):
            if rect.collidepoint(pos):
                return target
        return None

    def rect_of(self, target: T) -> pygame.Rect | None:
        """Where `target` was drawn (the last time, if several), or None."""
        for rect, found in reversed(self._places):
            if found == target:
                return rect
        return None

    def __contains__(self, target: object) -> bool:
        return any(found == target for _, found in self._places)

    def __len__(self) -> int:
        return len(self._places)
