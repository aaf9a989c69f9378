"""A hand of cards: fanned along an arc or laid in a row, with hover, selection, cards
that may not be chosen, legal-choice marks and labelled groups.

The hand knows only card keys and where it sits; what a click means is the scene's
business (it turns a selection into an action and lets the rules judge it). Every card
game's hand is one of these: Loose Caboose fans its cards, Cleopatra lays its City,
Auction and Fruit cards in labelled groups, Vom Kap bis Kairo lays the land for sale.
`draw` returns where each card landed, topmost last, for the scene's hit map.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import pygame

from nile.ui import text, theme
from nile.ui.kit.hits import HitMap, TurnedRect
from nile.ui.table.card import CardImages, highlight

Slot = tuple[float, float, float]  # x, y, angle in degrees
Place = tuple[int, pygame.Rect]  # a card's index and where it can be clicked


def fit_label(forms: Sequence[str], width: float, size: int = 12) -> str:
    """The first (longest) form of a label that fits `width` bold, else the shortest:
    whole words, never an ellipsis."""
    for form in forms:
        if text.render(form, size, theme.MUTED, "bold").get_width() <= width:
            return form
    return forms[-1]


@dataclass(frozen=True)
class HandLook:
    """How a game lays out and marks its hand (the defaults: Loose Caboose's fan)."""

    layout: Literal["fan", "row"] = "fan"
    """Either a fan along an arc, tilted, or a flat row overlapping only when it must."""
    align: Literal["center", "left"] = "center"
    """Where a row that does not fill the hand's width sits."""
    gap: float = 0.0
    """Space between the cards of a row that has room (the fan overlaps a fifth)."""
    spread: float = 4.0
    """Degrees between neighbouring cards of the fan at most."""
    lift: float = 18.0
    """How far a selected card rises."""
    hover_lift: float | None = None
    """How far the card under the mouse rises (None: half of `lift`)."""
    hover_on_top: bool = False
    """Draw the raised cards last, whole, over their neighbours: the selected ones, then
    the card under the mouse (so a ring round a raised card is never half hidden)."""
    hover_ring: bool = True
    """Outline the card under the mouse (a lifted card may say enough)."""
    ring: tuple[int, int, int] = (6, 6, 8)
    """Outlines: how much wider and taller than the card they are, and their corner
    radius."""
    shade: tuple[int, int, int, int] | None = None
    """A dimmed card: None darkens its image, a colour is laid over it."""
    group_of: Callable[[object | None], str] | None = None
    """Splits the hand into groups (in display order), `group_gap` apart."""
    group_gap: float = 0.0
    labels: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """A group's label in forms longest first (the longest that fits is drawn)."""


@dataclass
class Hand:
    """Cards around `center`, at most `max_width` wide; `keys` in display order, the marks
    as sets of indices."""

    images: CardImages
    center: tuple[float, float]
    max_width: float = 520.0
    look: HandLook = HandLook()
    keys: list[object | None] = field(default_factory=list)
    selected: set[int] = field(default_factory=set)
    enabled: set[int] | None = None
    """Indices that may be chosen (None: all); others are dimmed."""
    hover: int | None = None
    lit: set[int] = field(default_factory=set)
    """Cards marked as a legal next choice."""
    hidden: set[int] = field(default_factory=set)
    """Cards not drawn (in flight to or from their place)."""
    label_box: pygame.Rect | None = None
    """The strip the group labels are written in: each from its group's first card to the
    next group's (the last to the strip's end)."""

    def set_keys(self, keys: Sequence[object | None]) -> None:
        """New contents; selection and hover reset when the hand changes."""
        if list(keys) != self.keys:
            self.keys = list(keys)
            self.selected.clear()
            self.hover = None

    # Where the cards are ------------------------------------------------------------------

    def _shifts(self) -> list[float]:
        """Each card's extra offset for the groups before it."""
        if self.look.group_of is None:
            return [0.0] * len(self.keys)
        shifts, shift, previous = [], 0.0, None
        for key in self.keys:
            group = self.look.group_of(key)
            if previous is not None and group != previous:
                shift += self.look.group_gap
            previous = group
            shifts.append(shift)
        return shifts

    def slots(self) -> list[Slot]:
        """Where each card is drawn: x, y and tilt."""
        n = len(self.keys)
        if n == 0:
            return []
        shifts = self._shifts()
        room = self.max_width - shifts[-1]
        width = self.images.style.width
        cx, cy = self.center
        look = self.look
        if look.layout == "row":
            apart = width + look.gap
            step = apart if n <= 1 else min(apart, (room - width) / (n - 1))
            if look.align == "left":
                first = cx - self.max_width / 2 + width / 2
            else:
                first = cx - (width + step * (n - 1) + shifts[-1]) / 2 + width / 2
            bases = [(first + i * step + shifts[i], cy, 0.0) for i in range(n)]
        else:
            step = min(width * 0.8, (room - width) / max(1, n - 1))
            angle_step = min(look.spread, 40 / max(1, n))
            bases = []
            for i in range(n):
                offset = i - (n - 1) / 2
                angle = -offset * angle_step
                bases.append((cx + offset * step + shifts[i],
                              cy + (1 - math.cos(math.radians(angle))) * 200, angle))
        return [(x, y - self._rise(i), angle) for i, (x, y, angle) in enumerate(bases)]

    def _rise(self, index: int) -> float:
        if index in self.selected:
            return self.look.lift
        if index == self.hover:
            hover_lift = self.look.hover_lift
            return self.look.lift * 0.5 if hover_lift is None else hover_lift
        return 0.0

    def _rect(self, at: tuple[float, float]) -> pygame.Rect:
        w, h = self.images.style.size
        return pygame.Rect(round(at[0] - w / 2), round(at[1] - h / 2), w, h)

    def rects(self) -> list[pygame.Rect]:
        """Each card's box as drawn (lifted when selected or under the mouse)."""
        return [self._rect((x, y)) for x, y, _ in self.slots()]

    def order(self) -> list[int]:
        """Indices in drawing order (cards to the right lie on top, but with `hover_on_top`
        the selected cards and then the card under the mouse come last), hidden cards left
        out."""
        shown = [i for i in range(len(self.keys)) if i not in self.hidden]
        if not self.look.hover_on_top:
            return shown
        raised = [i for i in shown if i in self.selected and i != self.hover]
        if self.hover in shown:
            raised.append(self.hover)
        return [i for i in shown if i not in raised] + raised

    def places(self) -> list[Place]:
        """Where each shown card can be clicked, in drawing order: its box, and for a
        lifted card also the place it rose from (so it never slips from under the mouse)."""
        rects = self.rects()
        result = []
        for i in self.order():
            rise = round(self._rise(i))
            rect = rects[i].union(rects[i].move(0, rise)) if rise else rects[i]
            result.append((i, rect))
        return result

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under `pos`, as drawn: a fanned card is tilted, so its corners
        lie over its neighbours' (a box would give the neighbour's corner to it)."""
        hits: HitMap[int] = HitMap()
        slots = self.slots()
        w, h = self.images.style.size
        for index, rect in self.places():
            x, y, angle = slots[index]
            if not angle:
                hits.add(rect, index)
                continue
            rise = self._rise(index)  # lifted: also where it rose from, as `places` has it
            card = TurnedRect((x, y + rise / 2), (w, h + rise), angle)
            hits.add_shape(card, card.bounds, index)
        return hits.at(pos)

    # Choosing -----------------------------------------------------------------------------

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

    # Drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, dim_disabled: bool = True) -> list[Place]:
        """Draw the labels and the cards; cards that may not be chosen are dimmed when
        `dim_disabled` (a selected one never is). Returns `places()` for a hit map."""
        slots = self.slots()
        self._draw_labels(surface, slots)
        wider, taller, radius = self.look.ring
        for i in self.order():
            x, y, angle = slots[i]
            dim = dim_disabled and not self.is_enabled(i) and i not in self.selected
            if dim and self.look.shade is None:
                self.images.draw(surface, self.keys[i], (x, y), angle, dim=True)
                continue
            self.images.draw(surface, self.keys[i], (x, y), angle)
            rect = self._rect((x, y))
            if dim:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill(self.look.shade or (0, 0, 0, 0))
                surface.blit(veil, rect)
                continue
            ring = rect.inflate(wider - 6, taller - 6)
            if i in self.selected:
                highlight(surface, ring, theme.ACCENT, 3, radius)
            elif i in self.lit:
                highlight(surface, ring, theme.HIGHLIGHT, 2, radius)
            elif i == self.hover and self.look.hover_ring:
                highlight(surface, ring, theme.lighten(theme.PANEL_EDGE, 0.4), 2, radius)
        return self.places()

    def _draw_labels(self, surface: pygame.Surface, slots: list[Slot]) -> None:
        box = self.label_box
        if box is None or self.look.group_of is None or not self.look.labels:
            return
        half = self.images.style.width / 2
        starts: dict[str, int] = {}
        for key, (x, _, _) in zip(self.keys, slots, strict=True):
            starts.setdefault(self.look.group_of(key), round(x - half))
        edges = [*starts.values(), box.right]
        for (group, left), right in zip(starts.items(), edges[1:], strict=True):
            forms = self.look.labels.get(group)
            if forms:
                label = fit_label(forms, right - left - 8)
                text.draw(surface, label, (left, box.top), 12, theme.MUTED, "bold")
