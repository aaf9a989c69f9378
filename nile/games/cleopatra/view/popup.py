"""The list of variants for a click: one row per legal action, cheapest first.

The first row is the proposal and starts selected; Up/Down or the mouse move the
selection, Enter or a click plays it, Esc or a click outside closes the list. Long lists
scroll with the wheel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from nile.core.game import Action
from nile.ui.kit.choices import ChoiceList

MAX_ROWS = 12
WIDTH = 560
"""The narrowest the list gets; it widens (up to its bounds) for rows that are longer."""


@dataclass
class VariantPopup(ChoiceList):
    """The kit's choice list, one row per legal action, opened at a click."""

    actions: list[Action] = field(default_factory=list)
    anchor: tuple[int, int] = (0, 0)
    beside: int | None = None
    """Open to the right of this x (lists about the map keep the map visible)."""
    proposal: bool = True
    more: str = "{n} more: scroll, or pick a card first to narrow the list"

    def place(self, bounds: pygame.Rect) -> pygame.Rect:
        width = min(max(WIDTH, self.wanted_width()), bounds.width - 16)
        rect = pygame.Rect(0, 0, width, self.height())
        if self.beside is not None:
            rect.midleft = (self.beside + 10, self.anchor[1])
        else:
            rect.midtop = (self.anchor[0], self.anchor[1] + 18)
            if rect.bottom > bounds.bottom - 8:
                rect.midbottom = (self.anchor[0], self.anchor[1] - 18)
        self.layout(rect.clamp(bounds.inflate(-8, -8)))
        return self.rect

    @property
    def action(self) -> Action:
        return self.actions[self.selected]

    def draw_in(self, surface: pygame.Surface, bounds: pygame.Rect) -> None:
        self.place(bounds)
        self.draw(surface)
