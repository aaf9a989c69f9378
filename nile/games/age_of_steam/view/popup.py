"""Small choosers drawn on the board next to what they are about.

`CyclePopup`: one option at a time with arrows (tile choices on a hex: wheel, arrow keys
or the arrows cycle, the button or Enter confirms). `ListPopup`: a short list of rows
(the ways to deliver a good to one city). Both only report what was clicked; the scene
turns that into an action. The cycle popup adds its frame, arrows, buttons and chips to
its hit map as it lays them out, and answers clicks and the hover from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

import pygame

from nile.ui import text, theme
from nile.ui.kit import button
from nile.ui.kit.choices import ChoiceList, frame
from nile.ui.kit.hits import HitMap


class Part(Enum):
    """A part of the cycle popup: its frame (a click there is the popup's, not the map's),
    the arrows, Confirm and Cancel."""

    FRAME = "frame"
    PREV = "prev"
    NEXT = "next"
    OK = "ok"
    CANCEL = "cancel"


@dataclass(frozen=True)
class GroupChip:
    """A group's chip ('2 exits'): a click jumps to the group's first option."""

    name: str


PopupTarget = Part | GroupChip


def _place(size: tuple[int, int], anchor: tuple[float, float], bounds: pygame.Rect,
           gap: float, avoid: Sequence[pygame.Rect] = (),
           outer: pygame.Rect | None = None,
           soft: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A rect of `size` beside `anchor` (right, left, below or above: the first that fits
    inside `bounds`), so it never hides the hex it is about: first clear of the hexes
    around it too (`gap` × 2.6, past the neighbours' far edges), then nearer; a spot
    clear of `avoid` (the planned tiles and the target) and `soft` (names, cities'
    marks) first, then one clear of `avoid` only; inside `bounds` (the map)
    before `outer` (the whole table: over the boards beats over the map it is about)."""
    inside = bounds.inflate(-8, -8)
    x, y = round(anchor[0]), round(anchor[1])
    candidates = []
    for reach in (gap * 2.6, gap * 3.4, gap):
        for side in ("midleft", "midright", "midtop", "midbottom"):
            rect = pygame.Rect((0, 0), size)
            offset = {"midleft": (reach, 0), "midright": (-reach, 0), "midtop": (0, reach),
                      "midbottom": (0, -reach)}[side]
            setattr(rect, side, (x + round(offset[0]), y + round(offset[1])))
            candidates.append(rect)
    fitting = [rect for rect in candidates if inside.contains(rect)]
    wider = [rect for rect in candidates if outer is not None
             and outer.inflate(-8, -8).contains(rect)]
    for tier in ([*avoid, *soft], list(avoid)):
        for rect in fitting + wider:
            if rect.collidelist(tier) < 0:
                return rect
    if fitting:
        return fitting[0]
    return candidates[len(candidates) // 2].clamp(inside)


def _arrow(surface: pygame.Surface, rect: pygame.Rect, left: bool, hover: bool) -> None:
    pygame.draw.rect(surface, theme.PANEL_LIGHT if not hover else theme.lighten(
        theme.PANEL_LIGHT, 0.2), rect, border_radius=6)
    cx, cy = rect.center
    w = rect.width * 0.22
    points = ([(cx + w, cy - w * 1.3), (cx - w, cy), (cx + w, cy + w * 1.3)] if left
              else [(cx - w, cy - w * 1.3), (cx + w, cy), (cx - w, cy + w * 1.3)])
    pygame.draw.polygon(surface, theme.TEXT, points)


def _button(surface: pygame.Surface, rect: pygame.Rect, label: str, accent: bool,
            hover: bool) -> None:
    button.draw(surface, rect, label, accent=accent, hover=hover)


@dataclass
class CyclePopup:
    """One of several options at a time: ◀ option ▶, a note, Confirm and Cancel."""

    title: str
    items: list[str]
    index: int = 0
    confirm: str = "Build"
    note: str = ""
    details: list[str] = field(default_factory=list)
    """What each option does ('completes the link Santiago – Valparaiso'), if known."""
    groups: list[str] = field(default_factory=list)
    """Each option's group ('2 exits' on a town), shown as a row of chips to jump by."""
    hits: HitMap[PopupTarget] = field(default_factory=HitMap)
    """The frame, arrows, buttons and chips as last drawn."""

    def step(self, delta: int) -> None:
        if self.items:
            self.index = (self.index + delta) % len(self.items)

    def group_names(self) -> list[str]:
        return list(dict.fromkeys(self.groups))

    def jump(self, name: str) -> None:
        """To the first option of group `name` (a chip clicked)."""
        if name in self.groups:
            self.index = self.groups.index(name)

    def step_group(self, delta: int) -> None:
        names = self.group_names()
        if len(names) > 1 and self.index < len(self.groups):
            here = names.index(self.groups[self.index])
            self.jump(names[(here + delta) % len(names)])

    def draw(self, surface: pygame.Surface, anchor: tuple[float, float], bounds: pygame.Rect,
             gap: float, avoid: Sequence[pygame.Rect] = (),
             outer: pygame.Rect | None = None,
             soft: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        detail = self.details[self.index] if self.index < len(self.details) else ""
        chips = self.group_names() if len(self.group_names()) > 1 else []
        extra = 26 if chips else 0
        rect = _place((320, (124 if self.details else 104) + extra), anchor, bounds, gap,
                      avoid, outer, soft)
        prev = pygame.Rect(rect.left + 10, rect.top + 28 + extra, 28, 30)
        nxt = pygame.Rect(rect.right - 38, rect.top + 28 + extra, 28, 30)
        ok = pygame.Rect(rect.right - 136, rect.bottom - 36, 76, 28)
        cancel = pygame.Rect(rect.right - 54, rect.bottom - 36, 44, 28)
        several = len(self.items) > 1
        laid = self._lay_chips(rect, chips)
        hits = self.hits
        hits.clear()
        hits.add(rect, Part.FRAME)
        for name, _, chip in laid:
            hits.add(chip, GroupChip(name))
        if several:
            hits.add(prev, Part.PREV)
            hits.add(nxt, Part.NEXT)
        hits.add(ok, Part.OK)
        hits.add(cancel, Part.CANCEL)
        under = hits.at(pygame.mouse.get_pos())
        frame(surface, rect)
        text.draw(surface, self.title, (rect.left + 12, rect.top + 7),
                  text.within(14, 21, "bold"), theme.MUTED, "bold", max_width=rect.width - 24)
        self._draw_chips(surface, laid, under)
        if several:
            _arrow(surface, prev, True, under == Part.PREV)
            _arrow(surface, nxt, False, under == Part.NEXT)
        item = self.items[self.index] if self.items else ""
        text.draw(surface, item, (rect.centerx, prev.centery), 16, theme.TEXT, "bold", "center",
                  max_width=nxt.left - prev.right - 10)
        if detail:
            text.draw(surface, detail, (rect.centerx, prev.bottom + 12), 13,
                      theme.GOOD if detail.startswith("completes") else theme.TEXT,
                      anchor="center", max_width=rect.width - 20)
        count = f"{self.index + 1} of {len(self.items)}" if several else "the only choice"
        note = f"{count} · {self.note}" if self.note and several else count
        if chips:
            note = f"{count} · Tab: next exits"
        text.draw(surface, note, (rect.left + 12, rect.bottom - 22), 12, theme.MUTED,
                  anchor="midleft", max_width=rect.width - 150)
        _button(surface, ok, self.confirm, True, under == Part.OK)
        _button(surface, cancel, "×", False, under == Part.CANCEL)
        return rect

    def _lay_chips(self, rect: pygame.Rect,
                   chips: list[str]) -> list[tuple[str, str, pygame.Rect]]:
        """(group, label, place) per chip that fits, each with its count ('2 exits · 9')
        while the row has room for the counts."""
        labels = [f"{name} · {self.groups.count(name)}" for name in chips]
        widths = [text.render(label, 12, theme.TEXT, "bold").get_width() + 14
                  for label in labels]
        if sum(widths) + 6 * len(widths) > rect.width - 20:  # counts go before names do
            labels = list(chips)
            widths = [text.render(label, 12, theme.TEXT, "bold").get_width() + 14
                      for label in labels]
        laid = []
        x = rect.left + 10
        for name, label, width in zip(chips, labels, widths, strict=True):
            chip = pygame.Rect(x, rect.top + 27, width, 20)
            if chip.right > rect.right - 10:
                break
            laid.append((name, label, chip))
            x = chip.right + 6
        return laid

    def _draw_chips(self, surface: pygame.Surface, laid: list[tuple[str, str, pygame.Rect]],
                    under: PopupTarget | None) -> None:
        """One chip per group, the current one lit."""
        current = self.groups[self.index] if self.index < len(self.groups) else ""
        for name, label, chip in laid:
            button.draw(surface, chip, label, accent=name == current,
                        hover=under == GroupChip(name), size=12)

    @property
    def frame_rect(self) -> pygame.Rect | None:
        """Where the popup was last drawn (None: not yet)."""
        return self.hits.rect_of(Part.FRAME)

    def hit(self, pos: tuple[int, int]) -> PopupTarget | None:
        """The arrow, button or chip under `pos`, else the frame if `pos` is on the popup,
        else None (as last drawn)."""
        return self.hits.at(pos)


LIST_WIDTH = 340
"""The narrowest a delivery list gets; it widens (up to its bounds) for longer routes."""


@dataclass
class ListPopup(ChoiceList):
    """The kit's choice list beside the place it is about (the ways to deliver a good). The
    scene feeds it the pointer's moves (`hover`): hovering each frame would undo Up/Down
    whenever the pointer rests on the list."""

    max_rows: int = 8

    def draw_at(self, surface: pygame.Surface, anchor: tuple[float, float],
                bounds: pygame.Rect, gap: float) -> pygame.Rect:
        width = min(max(LIST_WIDTH, self.wanted_width()), bounds.width - 16)
        self.layout(_place((width, self.height()), anchor, bounds, gap))
        self.draw(surface)
        return self.rect
