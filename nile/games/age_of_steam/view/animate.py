"""Showing what the rules report: a built tile lights up, a delivered good travels its
route, goods grow from the display onto cities, and money, income and shares float up
from the player's board. Scenes never diff states: this reads only events.

Flashes and travelling goods hold the game for their short time (bots wait for them);
the floating figures do not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Event
from nile.games.age_of_steam.intent import RowTarget
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules import events as ev
from nile.games.age_of_steam.view import overlay, pieces
from nile.games.age_of_steam.view.panel import Panel, SeatTarget
from nile.ui import sound, theme
from nile.ui.anim import Tween, ease_in_out, ease_out_cubic

if TYPE_CHECKING:
    from nile.games.age_of_steam.view.mapview import MapView
    from nile.ui.anim import Animations

FLOAT_TIME = 1.6
STEP_TIME = 0.16


@dataclass
class Traveller:
    """A good on its way: a screen polyline and the tween giving its progress."""

    colour: str
    points: list[tuple[float, float]]
    tween: Tween


@dataclass
class Floater:
    """A figure rising from a player's board ('+2 income')."""

    label: str
    seat: int
    color: theme.Color
    delay: float
    age: float = 0.0


class Animator:
    """The running animations of the Age of Steam table."""

    def __init__(self, anims: Animations, mv: MapView, panel: Panel,
                 announce: Callable[[str, str], None]) -> None:
        """`anims` is the scene's timeline, `mv` and `panel` say where hexes and player
        rows are, `announce(words, kind)` shows a toast (names as "{p0}")."""
        self.anims, self.mv, self.panel, self.announce = anims, mv, panel, announce
        self.flashes: list[tuple[int, Tween]] = []
        self.travellers: list[Traveller] = []
        self.floaters: list[Floater] = []

    def clear(self) -> None:
        self.flashes, self.travellers, self.floaters = [], [], []

    # Events -------------------------------------------------------------------------

    def play(self, events: list[Event], view: AgeOfSteamState) -> None:
        """Show what `events` did; `view` is the table as shown when they came (the scene
        refreshes its view after setting the animations up), used only to name places."""
        t = 0.0
        for event in events:
            t = self._one(event, t, view)

    def _one(self, event: Event, t: float, view: AgeOfSteamState) -> float:
        if isinstance(event, ev.TrackBuilt | ev.CityFounded):
            h = self.mv.geo.map.hex_at(event.hex_label)
            tween = self.anims.add(("flash", h, id(event)), Tween((0, 0), (1, 0), 0.55, t,
                                                                ease_out_cubic))
            self.flashes.append((h, tween))
            self.anims.later(t, lambda: sound.play("place", 0.7))
            if isinstance(event, ev.TrackBuilt) and event.cost:
                self._float(event.seat, f"−${event.cost}", theme.BAD, t)
            return t + 0.3
        if isinstance(event, ev.GoodDelivered):
            return self._deliver(event, t)
        if isinstance(event, ev.GoodsGrew):
            return self._grow(event, t, view)
        self._figures(event, t)
        return t

    def _deliver(self, event: ev.GoodDelivered, t: float) -> float:
        mp = self.mv.geo.map
        hexes = [mp.hex_at(label) for label in event.path]
        points = [self.mv.hex_centre(h) for h in hexes]
        duration = min(2.2, max(0.6, STEP_TIME * len(points)))
        tween = self.anims.add(("good", id(event)), Tween((0, 0), (1, 0), duration, t,
                                                          ease_in_out))
        self.travellers.append(Traveller(event.colour, points, tween))
        self.anims.later(t, lambda: sound.play("move", 0.7))
        end = t + duration
        for seat, amount in event.income:
            self._float(seat, f"+{amount} income", theme.GOOD, end)
        if event.fee:
            self._float(event.seat, f"−${event.fee} ferry", theme.BAD, end)
        return end + 0.1

    def _grow(self, event: ev.GoodsGrew, t: float, view: AgeOfSteamState) -> float:
        rect = self.panel.rect_of(RowTarget(event.row))
        target = _place_hex(view, event.place)
        if rect is None or target < 0:
            return t
        points = [(float(rect.left + 27), float(rect.centery)), self.mv.hex_centre(target)]
        tween = self.anims.add(("grow", id(event)), Tween((0, 0), (1, 0), 0.5, t, ease_in_out))
        self.travellers.append(Traveller(event.colour, points, tween))
        return t + 0.15

    def _figures(self, event: Event, t: float) -> None:
        if isinstance(event, ev.SharesIssued) and event.count:
            self._float(event.seat, f"+{event.count} shares, +${event.cash}", theme.ACCENT, t)
        elif isinstance(event, ev.BidMade):
            self._float(event.seat, f"bids ${event.amount}", theme.ACCENT, t)
        elif isinstance(event, ev.DroppedOut):
            self._float(event.seat, f"place {event.position}, pays ${event.paid}", theme.MUTED, t)
        elif isinstance(event, ev.LocomotiveRaised):
            self._float(event.seat, f"locomotive {event.level}", theme.ACCENT, t)
        elif isinstance(event, ev.IncomePaid):
            net = event.income - event.expenses
            self._float(event.seat, f"{'+' if net >= 0 else '−'}${abs(net)} (income − costs)",
                        theme.GOOD if net >= 0 else theme.BAD, t)
        elif isinstance(event, ev.IncomeReduced):
            self._float(event.seat, f"−{event.lost} income", theme.BAD, t + 0.5)
        elif isinstance(event, ev.SharesReturned):
            self._float(event.seat, "−1 share (yellow)", theme.GOOD, t)
        elif isinstance(event, ev.RoundStarted):
            flood = f" The Nile floods its {event.flooded_side} bank." if event.flooded_side \
                else ""
            self.announce(f"Turn {event.round} begins.{flood}", "info")
        elif isinstance(event, ev.WentBankrupt):
            self.announce(f"{{p{event.seat}}} is bankrupt.", "error")
            sound.play("penalty")

    def _float(self, seat: int, label: str, color: theme.Color, delay: float) -> None:
        if self.anims.speed <= 0:
            return
        self.floaters.append(Floater(label, seat, color, delay / self.anims.speed))

    # Frames -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.flashes = [(h, tw) for h, tw in self.flashes if not tw.done]
        self.travellers = [tr for tr in self.travellers if not tr.tween.done]
        for floater in self.floaters:
            floater.age += dt
        self.floaters = [f for f in self.floaters if f.age < f.delay + FLOAT_TIME]

    def draw_board(self, surface: pygame.Surface) -> None:
        mv = self.mv
        for h, tween in self.flashes:
            if not tween.waiting:
                overlay.flash(surface, mv, h, tween.progress)

    def draw_top(self, surface: pygame.Surface, beside: bool) -> None:
        """Goods on their way and rising figures; `beside`: the players' board stands
        beside the map (its rows are full, so figures rise over the map's edge)."""
        size = pieces.cube_size(self.mv.zoom) + 4
        for traveller in self.travellers:
            if traveller.tween.waiting:
                continue
            x, y = overlay.along(traveller.points, traveller.tween.value()[0])
            image = pieces.cube_image(traveller.colour, size)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        stacked: dict[int, int] = {}
        for floater in self.floaters:
            if floater.age < floater.delay:
                continue
            rect = self.panel.rect_of(SeatTarget(floater.seat))
            if rect is None:
                continue
            share = (floater.age - floater.delay) / FLOAT_TIME
            row = stacked.get(floater.seat, 0)
            stacked[floater.seat] = row + 1
            rise = share * 20 + row * 16
            if beside:
                # Beside the board, over the map's edge: the row itself is full.
                width = overlay.tag_width(floater.label, 12)
                at = (rect.left - 8 - width / 2, rect.centery - rise)
            else:
                at = (rect.right - 170, rect.centery - 4 - rise)
            overlay.tag(surface, floater.label, at, theme.darken(theme.PANEL, 0.2), floater.color,
                        12)


def _place_hex(view: AgeOfSteamState, place: str) -> int:
    """The hex of a city named in an event ('Kiev', 'Tula (city B)')."""
    for city in view.map.cities:
        if city.name == place:
            return city.hexes[0]
    for key in view.new_cities:
        if view.place_name(int(key)) == place:
            return int(key)
    return -1
