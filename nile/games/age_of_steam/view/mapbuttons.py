"""The map's own buttons: Fit, +, − and Track (whose track the map picks out), and the north
arrow of a map drawn lying down. Each is added to the table's hit map as a `MapButton`, so
that a tooltip leaves the hex under it alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from nile.games.age_of_steam.view.mapview import MapView
from nile.ui import text, theme
from nile.ui.kit.button import Button


@dataclass(frozen=True)
class MapButton:
    """A button on the map (Fit, +, −, Track): a tooltip leaves the hex under it alone."""

    label: str


@dataclass(frozen=True)
class MapCalls:
    """What the buttons do to the map (the scene's camera and fit)."""

    fit: Callable[[], None]
    zoom_in: Callable[[], None]
    zoom_out: Callable[[], None]


class MapButtons:
    """The buttons as drawn this frame, and whose track the map picks out."""

    def __init__(self, calls: MapCalls, players: int) -> None:
        self.calls = calls
        self.players = players
        self.buttons: list[Button] = []
        self.links_of: int | None = None
        """Whose track the map picks out (the Track button cycles the players), or None."""
        self._links_at: tuple[object, pygame.Rect] | None = None
        """The Track button's spot and the map it was found for (cached)."""

    def cycle_links(self) -> None:
        """Pick out the next player's track on the map (all, then each seat, then all)."""
        if self.links_of is None:
            self.links_of = 0
        elif self.links_of + 1 < self.players:
            self.links_of += 1
        else:
            self.links_of = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(button.handle_event(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, mv: MapView,
             names: Sequence[str], mouse: tuple[int, int],
             add: Callable[[pygame.Rect, MapButton], None], beside: bool) -> None:
        """The buttons at the top left of `area` (the Track button in a free corner, or at
        the foot of the column `beside` a tall map), each `add`ed to the table's hit map."""
        x, y = area.left + 8, area.top + 8
        whose = "all" if self.links_of is None else names[self.links_of]
        calls = self.calls
        self.buttons = [
            Button(pygame.Rect(x, y, 44, 26), "Fit", calls.fit),
            Button(pygame.Rect(x + 48, y, 26, 26), "+", calls.zoom_in),
            Button(pygame.Rect(x + 78, y, 26, 26), "−", calls.zoom_out),
            Button(self._links_spot(area, mv, beside), f"Track: {whose}", self.cycle_links),
        ]
        for button in self.buttons:
            button.draw(surface, mouse)
            add(button.rect, MapButton(button.label))
        if mv.geo.turned:
            at = (x + 130, y + 13)
            pygame.draw.polygon(surface, theme.TEXT, [(at[0] - 10, at[1]), (at[0], at[1] - 6),
                                                      (at[0], at[1] + 6)])
            text.draw(surface, "N", (at[0] + 4, at[1]), 14, theme.TEXT, "bold", "midleft")

    def _links_spot(self, area: pygame.Rect, mv: MapView, beside: bool) -> pygame.Rect:
        """Where the Track button goes: a corner of the map covering no name and no
        city's letter or number (bottom left, else bottom right, else top right)."""
        key = (tuple(area), mv.zoom, mv.camera.center)
        if self._links_at is not None and self._links_at[0] == key:
            return self._links_at[1]
        spot = _find_links_spot(area, mv, beside)
        self._links_at = (key, spot)
        return spot


def _find_links_spot(area: pygame.Rect, mv: MapView, beside: bool) -> pygame.Rect:
    if beside:
        return pygame.Rect(area.left + 8, area.bottom - 34, min(150, area.width - 16), 26)
    spots = [pygame.Rect(area.left + 8, area.bottom - 34, 150, 26),
             pygame.Rect(area.right - 158, area.bottom - 34, 150, 26),
             pygame.Rect(area.right - 158, area.top + 8, 150, 26)]
    taken = mv.name_rects() + mv.mark_rects()
    for spot in spots:
        if spot.collidelist(taken) < 0:
            return spot
    return spots[0]
