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

    @property
    def key(self) -> tuple[object, ...]:
        popup = self.popup
        return (self._serial, (popup.selected, popup.scroll) if popup else -1)

    def rects(self) -> list[pygame.Rect]:
        return [self.popup.rect] if self.popup is not None else []

    def draw(self, surface: pygame.Surface, bounds: pygame.Rect) -> None:
        if self.popup is not None:
            self.popup.draw_in(surface, bounds)
