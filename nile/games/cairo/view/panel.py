"""Cairo's panels around and over the board: players, the Nile die with its finger,
site influence, the scoring show and the pyramid stacking dialog.

Plain drawing functions over plain data (no scene, no match), so Flick Practice can use the
die and hand too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from nile.games.cairo.board import Site
from nile.games.cairo.config import CairoData
from nile.games.cairo.rules import CairoState
from nile.games.cairo.rules.phases import FINGER_ANY, Phase
from nile.games.cairo.view.mapview import BoardRenderer, block_icon
from nile.ui import text, theme
from nile.ui.kit.button import BarButton
from nile.ui.table.dice import Die
from nile.ui.theme import PlayerColor

FINGER_NAMES = {1: "Thumb", 2: "Index", 3: "Middle", 4: "Ring", 5: "Little"}
PANEL_ALPHA = 226
DIE_AT_THE_END = "no more rolls"
"""The die panel's line once the game is over."""
OUT_OF_BLOCKS = "out: no blocks left"
"""A plate's line once its ship has left the Nile (it does so when its supply is empty)."""


@dataclass(frozen=True)
class SeatLine:
    """What the strip shows for one seat."""

    name: str
    color: PlayerColor
    small: int
    large: bool
    die: bool
    boxed: int
    points: float
    sailing: bool
    active: bool
    you: bool


def number(value: float) -> str:
    """1, 2.5: influence and points as people write them."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


# The player strip --------------------------------------------------------------------------

def draw_strip(surface: pygame.Surface, rect: pygame.Rect, seats: Sequence[SeatLine]) -> None:
    """One plate per seat: name, blocks in supply (small count, large, die), box, points."""
    n = max(1, len(seats))
    width = rect.width / n
    for i, seat in enumerate(seats):
        box = pygame.Rect(round(rect.left + i * width) + 3, rect.top, round(width) - 6,
                          rect.height)
        _draw_plate(surface, box, seat)


def _draw_plate(surface: pygame.Surface, box: pygame.Rect, seat: SeatLine) -> None:
    fill = theme.PANEL_LIGHT if seat.active else theme.PANEL
    pygame.draw.rect(surface, fill, box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT if seat.active else theme.PANEL_EDGE, box, 2,
                     border_radius=8)
    swatch = pygame.Rect(box.left + 6, box.top + 6, 22, 22)
    pygame.draw.rect(surface, seat.color.rgb, swatch, border_radius=5)
    theme.draw_symbol(surface, seat.color.symbol, swatch.center, 7, seat.color.ink)
    unit = " pts" if box.width >= 170 else ""
    top_size = text.within(15, box.height // 2, "bold")  # the plate's two lines share it
    points = text.render(f"{number(seat.points)}{unit}", top_size, theme.ACCENT, "bold")
    surface.blit(points, points.get_rect(topright=(box.right - 8, box.top + 7)))
    label = seat.name + (" (you)" if seat.you and box.width >= 170 else "")
    text.draw(surface, label, (swatch.right + 6, swatch.centery), top_size, theme.TEXT,
              "bold" if seat.active else "regular", "midleft",
              max_width=box.right - swatch.right - points.get_width() - 20)
    y = box.bottom - 13
    x = box.left + 10
    if not seat.sailing:
        text.draw(surface, OUT_OF_BLOCKS, (x, y), text.within(12, box.height // 2 - 4),
                  theme.MUTED,
                  anchor="midleft", max_width=box.width - 16)
        return
    room = box.height // 2 - 4
    small = block_icon("small", seat.color, badge_px(11, room))
    surface.blit(small, small.get_rect(midleft=(x - 1, y - 1)))
    x += small.get_width() + 1
    x = text.draw(surface, f"\u00d7{seat.small}", (x, y), text.within(13, room),
                  theme.TEXT, anchor="midleft").right
    x += 8
    for kind, have in (("large", seat.large), ("die", seat.die)):
        icon = block_icon(kind, seat.color, badge_px(13, room), 5 if kind == "die" else 0)
        if not have:
            icon = icon.copy()
            icon.set_alpha(60)
        surface.blit(icon, icon.get_rect(midleft=(x, y)))
        x += icon.get_width() + 5
    if seat.boxed:
        text.draw(surface, f"box {seat.boxed}", (box.right - 8, y), 12, theme.MUTED,
                  anchor="midright")


def badge_px(designed: int, room: int) -> int:
    """A block badge's side: grown with the text size (`theme.piece_px`) as far as the
    `room` it has, never smaller than designed (so 100 % draws as it always did)."""
    return max(designed, min(theme.piece_px(designed), room))


# The Nile die and its finger ---------------------------------------------------------------

def draw_die_panel(surface: pygame.Surface, rect: pygame.Rect, die: Die | None, value: int,
                   finger: int | None, any_finger: bool, traits: str = "",
                   over: bool = False) -> None:
    """The die as rolled, a hand with the finger it picks lit, the finger's name and what
    it is like (`traits`); once the game is `over`, only that there are no more rolls (a
    lone dash and "no roll" read as a fault)."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
    if over:
        text.draw(surface, "Game over", (rect.left + 12, rect.centery - 8),
                  text.within(14, rect.height // 2 - 2, "bold"), theme.TEXT,
                  "bold", "midleft", max_width=rect.width - 24)
        text.draw(surface, DIE_AT_THE_END, (rect.left + 12, rect.centery + 9),
                  text.within(12, rect.height // 2 - 4),
                  theme.MUTED, anchor="midleft", max_width=rect.width - 24)
        return
    if die is not None and value:
        die.center = (rect.left + 6 + die.size / 2, rect.centery)
        die.draw(surface)
    else:
        text.draw(surface, "\u2013", (rect.left + 26, rect.centery), 20, theme.MUTED, "bold",
                  "center")
    hand = pygame.Rect(rect.left + 52, rect.top + 4, 34, rect.height - 8)
    draw_hand(surface, hand, finger if value else None, any_finger)
    if not value:
        label = "next roll"
    elif any_finger:
        label = f"any: {FINGER_NAMES[finger].lower()}" if finger else "any finger"
    else:
        label = FINGER_NAMES.get(finger or 0, "?").lower()
    text.draw(surface, label, (hand.right + 6, rect.centery - 8),
              text.within(14, rect.height // 2 - 2, "bold"), theme.TEXT, "bold",
              "midleft", max_width=rect.right - hand.right - 10)
    text.draw(surface, traits, (hand.right + 6, rect.centery + 9),
              text.within(12, rect.height // 2 - 4), theme.MUTED,
              anchor="midleft", max_width=rect.right - hand.right - 10)


def draw_hand(surface: pygame.Surface, rect: pygame.Rect, finger: int | None,
              any_finger: bool = False) -> None:
    """A right hand seen from the back (thumb on the left), the flicking finger lit."""
    lit, dim, edge = theme.ACCENT, (120, 112, 100), theme.darken(theme.PANEL, 0.3)
    palm = pygame.Rect(0, 0, round(rect.width * 0.62), round(rect.height * 0.42))
    palm.midbottom = (rect.centerx + round(rect.width * 0.08), rect.bottom)
    pygame.draw.rect(surface, dim, palm, border_radius=5)
    lengths = {2: 0.52, 3: 0.58, 4: 0.53, 5: 0.42}
    step = palm.width / 4
    for i, f in enumerate((2, 3, 4, 5)):
        height = round(rect.height * lengths[f])
        width = max(3, round(step - 1.5))
        r = pygame.Rect(round(palm.left + i * step + 0.5), palm.top - height + 6, width, height)
        color = lit if finger == f else theme.lighten(lit, 0.5) if any_finger else dim
        pygame.draw.rect(surface, color, r, border_radius=width // 2)
        pygame.draw.rect(surface, edge, r, 1, border_radius=width // 2)
    thumb_color = lit if finger == 1 else theme.lighten(lit, 0.5) if any_finger else dim
    tw = max(4, round(step))
    points = [(palm.left + 2, palm.top + palm.height * 0.35),
              (palm.left - tw * 1.3, palm.top - tw * 0.4),
              (palm.left - tw * 1.3 + tw * 0.9, palm.top - tw * 1.0),
              (palm.left + tw * 0.6, palm.top + palm.height * 0.05)]
    pygame.draw.polygon(surface, thumb_color, points)
    pygame.draw.polygon(surface, edge, points, 1)


# Influence on the sites ----------------------------------------------------------------------

def influence_panel(site: Site, influence: Sequence[float], points: Sequence[int],
                    colors: Sequence[PlayerColor], names: Sequence[str] | None = None,
                    big: bool = False) -> pygame.Surface | None:
    """Who has how much influence on a site and what each would score now; None if empty.
    `big` adds names (the scoring show)."""
    present = sorted((s for s in range(len(influence)) if influence[s] > 0),
                     key=lambda s: (-influence[s], -points[s], s))
    if not present:
        return None
    size = 15 if big else 12
    row = text.space(size + 5, size)  # as designed at 100 %, grown with the text size
    name_w = 0
    if big and names is not None:
        name_w = min(text.space(110, size),
                     max(text.render(names[s], size).get_width() for s in present) + 8)
    width = text.space(150 if big else 70, size) + name_w
    header = text.space(size + 8, size) if big else 0
    panel = pygame.Surface((width, header + row * len(present) + 6), pygame.SRCALPHA)
    panel.fill((*theme.darken(theme.PANEL, 0.35), PANEL_ALPHA))
    pygame.draw.rect(panel, (*theme.PANEL_EDGE, 255), panel.get_rect(), 1, border_radius=4)
    if big:
        text.draw(panel, f"{site.name}  {site.first}/{site.second}", (6, 4), size,
                  theme.ACCENT, "bold", max_width=width - 12)
    y = header + 3
    for seat in present:
        color = colors[seat]
        theme.draw_symbol(panel, color.symbol, (10, y + row / 2), size * 0.38, color.rgb,
                          theme.TEXT)
        x = 20
        if big and names is not None:
            text.draw(panel, names[seat], (x, y + 1), size, theme.TEXT, max_width=name_w - 4)
            x += name_w
        text.draw(panel, number(influence[seat]), (x, y + 1), size, theme.TEXT, "bold")
        if points[seat]:
            text.draw(panel, f"+{points[seat]}", (width - 6, y + 1), size, theme.GOOD, "bold",
                      "topright")
        y += row
    return panel


def beside_site(renderer: BoardRenderer, site: Site, panel: pygame.Surface,
                bounds: pygame.Rect) -> pygame.Rect:
    """Beside its site (right if there is room, else left), kept inside the board."""
    x, y = renderer.to_screen(site.x, site.y)
    half = renderer.px(max(site.w, site.h)) * 0.6 + 10
    rect = panel.get_rect(midleft=(round(x + half), round(y)))
    if rect.right > bounds.right - 4:
        rect.midright = (round(x - half), round(y))
    return rect.clamp(bounds)


def site_rect(renderer: BoardRenderer, site: Site, label_band: int = 0) -> pygame.Rect:
    """The screen rectangle around a site's outline (grown up and down by `label_band`
    pixels to take in its printed name)."""
    corners = renderer.site_polygon(site)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    outline = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                          math.ceil(max(xs) - min(xs)), math.ceil(max(ys) - min(ys)))
    return outline.inflate(0, 2 * label_band)


def place_panel(renderer: BoardRenderer, site: Site, panel: pygame.Surface,
                bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Put a panel beside its site (right, left, below or above), kept inside the board, where
    it covers the fewest of `avoid` (the blocks, panels already placed): the badge must not
    hide the blocks it counts. Centred on the site only if nothing better fits."""
    outline = site_rect(renderer, site)
    rect = panel.get_rect()
    gap = 3
    spots = [{"midleft": (outline.right + gap, outline.centery)},
             {"midright": (outline.left - gap, outline.centery)},
             {"midtop": (outline.centerx, outline.bottom + gap)},
             {"midbottom": (outline.centerx, outline.top - gap)},
             {"center": outline.center}]
    best: tuple[int, int, pygame.Rect] | None = None
    for rank, spot in enumerate(spots):
        candidate = rect.copy()
        for attribute, point in spot.items():
            setattr(candidate, attribute, point)
        candidate = candidate.clamp(bounds)
        covered = sum(1 for other in avoid if candidate.colliderect(other))
        if candidate.colliderect(outline.inflate(-2, -2)) and rank < len(spots) - 1:
            covered += 1  # pushed back over its own site by the board's edge
        if best is None or (covered, rank) < best[:2]:
            best = (covered, rank, candidate)
    assert best is not None
    return best[2]


# The pyramid stacking dialog -----------------------------------------------------------------

@dataclass(frozen=True)
class StackRow:
    seat: int
    name: str
    color: PlayerColor
    stones: int


def arrange_rects(anchor: pygame.Rect, rows: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The dialog's rect and one clickable rect per colour row."""
    rect = pygame.Rect(anchor.left, anchor.top, 230, 58 + rows * 30 + 70)
    return rect, [pygame.Rect(rect.left + 10, rect.top + 34 + i * 30, rect.width - 20, 26)
                  for i in range(rows)]


def draw_arrange(surface: pygame.Surface, anchor: pygame.Rect, rows: Sequence[StackRow],
                 levels: Sequence[Sequence[int]], hover: int | None) -> None:
    """Colour order from the top down (click a row to lift it) and the pyramid it makes."""
    rect, row_rects = arrange_rects(anchor, len(rows))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel.fill((*theme.darken(theme.PANEL, 0.2), 240))
    surface.blit(panel, rect)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
    text.draw(surface, "Highest first (click to lift)", (rect.left + 10, rect.top + 9), 15,
              theme.TEXT, "bold", max_width=rect.width - 20)
    for i, (row, r) in enumerate(zip(rows, row_rects, strict=True)):
        fill = theme.PANEL_LIGHT if i == hover else theme.PANEL
        pygame.draw.rect(surface, fill, r, border_radius=5)
        theme.draw_symbol(surface, row.color.symbol, (r.left + 14, r.centery), 8, row.color.rgb,
                          theme.TEXT)
        text.draw(surface, f"{i + 1}. {row.name}", (r.left + 28, r.centery), 15, theme.TEXT,
                  anchor="midleft", max_width=r.width - 100)
        text.draw(surface, f"{row.stones} stone{'s' if row.stones != 1 else ''}",
                  (r.right - 28, r.centery), 13, theme.MUTED, anchor="midright")
        if i > 0:
            cx, cy = r.right - 12, r.centery
            pygame.draw.polygon(surface, theme.ACCENT, [(cx, cy - 5), (cx + 6, cy + 4),
                                                        (cx - 6, cy + 4)])
    _draw_levels(surface, pygame.Rect(rect.left + 10, row_rects[-1].bottom + 8,
                                      rect.width - 20, rect.bottom - row_rects[-1].bottom - 14),
                 levels, {row.seat: row.color for row in rows})


def _draw_levels(surface: pygame.Surface, area: pygame.Rect, levels: Sequence[Sequence[int]],
                 colors: dict[int, PlayerColor]) -> None:
    """The pyramid from the side: one row of stones per level, top level first."""
    if not levels:
        return
    widest = max(len(level) for level in levels)
    size = max(6, min(theme.piece_px(16), (area.width - 60) // max(1, widest),
                      area.height // len(levels) - 2))
    y = area.top
    top = len(levels)
    for i, level in enumerate(levels):
        total = len(level) * (size + 2)
        x = area.centerx - total / 2 + 20
        text.draw(surface, f"level {top - i}", (area.left, y + size / 2), 11, theme.MUTED,
                  anchor="midleft")
        for seat in level:
            surface.blit(block_icon("small", colors[seat], size), (round(x), y))
            x += size + 2
        y += size + 2



def own_buttons(view: CairoState, data: CairoData, finger: int, pick: Callable[[int], None],
                confirm_order: Callable[[], None],
                best_spot: Callable[[], None]) -> list[BarButton]:
    """The table's own buttons, after the intent's in the bottom bar: the fingers on a 6
    (the aim is the slingshot's), the pyramid window's "Confirm order" (the order is its)
    and "Best spot" (a spot is pointed at there)."""
    if view.phase == Phase.FLICK and view.die == FINGER_ANY:
        return finger_buttons(data, finger, pick)
    if view.phase == Phase.ARRANGE:
        return [BarButton("arrange", "Confirm order", confirm_order, accent=True,
                          tooltip="Stack the stones in this order (Enter)")]
    if view.phase == Phase.PLACE:
        return [BarButton("centre", "Best spot", best_spot, accent=True,
                          tooltip="The free spot nearest the site's centre")]
    return []


def finger_buttons(data: CairoData, chosen: int, pick: Callable[[int], None]) -> list[BarButton]:
    """The bottom bar's fingers on a 6 (CA-4): each with its key, speed and wobble, the
    one chosen lit; `pick` takes the finger."""
    buttons = []
    for finger, name in FINGER_NAMES.items():
        profile = data.finger(finger)
        tip = (f"{name} finger (key {finger}): up to {profile.max_speed / 1000:.1f} m/s,"
               f" wobble {profile.aim_jitter:g}\u00b0")
        buttons.append(BarButton(f"finger-{finger}", name, partial(pick, finger), tooltip=tip,
                                 accent=finger == chosen))
    return buttons
