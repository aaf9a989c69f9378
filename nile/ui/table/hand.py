"""A hand of cards fanned along an arc, with hover, selection and multi-selection.

The hand knows only card keys and where it sits; what a click means is the scene's
business (it turns a selection into an action and lets the rules judge it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from nile.ui import theme
from nile.ui.table.card import CardImages, highlight

Slot = tuple[float, float, float]  # x, y, angle in degrees


@dataclass
class Hand:
    """Cards fanned around `center`; `keys` in display order, `selected` a set of indices."""

    images: CardImages
    center: tuple[float, float]
    max_width: float = 520.0
    spread: float = 4.0
    """Degrees between neighbouring cards at most."""
    lift: float = 18.0
    keys: list[object | None] = field(default_factory=list)
    selected: set[int] = field(default_factory=set)
    enabled: set[int] | None = None
    """Indices that may be chosen (None: all); others are dimmed."""
    hover: int | None = None

    def set_keys(self, keys: Sequence[object | None]) -> None:
        """New contents; selection and hover reset when the hand changes."""
        if list(keys) != self.keys:
            self.keys = list(keys)
            self.selected.clear()
            self.hover = None

    def slots(self) -> list[Slot]:
        """Where each card is drawn: x, y and tilt."""
        n = len(self.keys)
        if n == 0:
            return []
        width = self.images.style.width
        step = min(width * 0.8, (self.max_width - width) / max(1, n - 1))
        angle_step = min(self.spread, 40 / max(1, n))
        cx, cy = self.center
        result = []
        for i in range(n):
            offset = i - (n - 1) / 2
            angle = -offset * angle_step
            x = cx + offset * step
            y = cy + (1 - math.cos(math.radians(angle))) * 200
            if i in self.selected or i == self.hover:
                y -= self.lift if i in self.selected else self.lift * 0.5
            result.append((x, y, angle))
        return result

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under `pos` (cards to the right lie on top)."""
        hits = [
            i for i, (x, y, _) in enumerate(self.slots()) if self._rect((x, y)).collidepoint(pos)
        ]
        return hits[-1] if hits else None

    def _rect(self, at: tuple[float, float]) -> pygame.Rect:
        w, h = self.images.style.size
        return pygame.Rect(round(at[0] - w / 2), round(at[1] - h / 2), w, h)

    def is_enabled(self, index: int) -> bool:
        return self.enabled is None or index in self.enabled

    def on_motion(self, pos: tuple[int, int]) -> None:
        self.hover = self.card_at(pos)

    def toggle(self, index: int, multi: bool) -> None:
        """Select a card; `multi` keeps the others selected (shift or a multi-card play)."""
        if not self.is_enabled(index):
            return
        if index in self.selected:
            self.selected.discard(index)
        else:
            if not multi:
                self.selected.clear()
            self.selected.add(index)

    def draw(self, surface: pygame.Surface, dim_disabled: bool = True) -> None:
        """Draw the fan; cards that may not be chosen are dimmed when `dim_disabled`."""
        for i, (x, y, angle) in enumerate(self.slots()):
            dim = dim_disabled and not self.is_enabled(i)
            self.images.draw(surface, self.keys[i], (x, y), angle, dim=dim)
            if dim:
                continue
            if i in self.selected:
                highlight(surface, self._rect((x, y)), theme.ACCENT)
            elif i == self.hover:
                highlight(surface, self._rect((x, y)), theme.lighten(theme.PANEL_EDGE, 0.4), 2)
