"""The list of variants open on the table (at most one): what a click may mean, cheapest
first, the first proposed. It belongs to the picks it was opened for (`picks`): when they
change, the scene closes it. `key` changes whenever what it shows does (the table's layer
is painted again).
"""

from __future__ import annotations

import pygame

from nile.core.game import Action
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.view import choices
from nile.games.cleopatra.view.choices import Target
from nile.games.cleopatra.view.popup import VariantPopup


class Variants:
    """The open list, if any, and the picks it was opened for."""

    def __init__(self) -> None:
        self.popup: VariantPopup | None = None
        self.picks: tuple[Target, ...] = ()
        self._serial = 0
        """Counts lists opened and closed: object ids may be reused, counters are not."""

    def open(self, state: CleopatraState, seat: int, options: list[Action],
             where: tuple[tuple[int, int], int | None], title: str,
             picks: tuple[Target, ...]) -> None:
        """List `options` cheapest first at `where` (the anchor, and the x to open right
        of, for lists about the map: not over the routes they light)."""
        ordered = choices.order(state, seat, options)
        anchor, beside = where
        self.set(VariantPopup(title=title, rows=[choices.describe(state, seat, a)
                                                 for a in ordered],
                              actions=ordered, anchor=anchor, beside=beside))
        self.picks = picks

    def set(self, popup: VariantPopup | None) -> None:
        self.popup = popup
        self._serial += 1

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse over the list (it follows) or its wheel (it scrolls: used)."""
        if self.popup is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.popup.hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.popup.wheel(event.y)
            return True
        return False

    def hit(self, pos: tuple[int, int]) -> Action | bool | None:
        """A click on the list: the action of the row clicked, True inside it elsewhere,
        None outside it (or no list)."""
        row = self.popup.hit(pos) if self.popup is not None else -1
        if self.popup is not None and row >= 0:
            return self.popup.actions[row]
        return True if row == -2 else None

    def move(self, step: int) -> None:
        """Up / Down: the option above or below is proposed."""
        if self.popup is not None:
            self.popup.move(step)

    @property
    def key(self) -> tuple[object, ...]:
        popup = self.popup
        return (self._serial, (popup.selected, popup.scroll) if popup else -1)

    def rects(self) -> list[pygame.Rect]:
        return [self.popup.rect] if self.popup is not None else []

    def draw(self, surface: pygame.Surface, bounds: pygame.Rect) -> None:
        if self.popup is not None:
            self.popup.draw_in(surface, bounds)
