"""Drawing Loose Caboose!: track cards with their rails, the caboose, dice with wheels.

Pure drawing helpers for the scene; every surface that does not change from frame to
frame (a card at a zoom level, a hand card face) is cached.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

import pygame

from nile.games.loose_caboose.rules import UNKNOWN, Card, Cell
from nile.ui import text, theme
from nile.ui.table.paths import offset

PAPER = (240, 230, 204)
PAPER_EDGE = (120, 96, 64)
RAIL = (70, 64, 60)
SLEEPER = (150, 104, 62)
BROKEN = (204, 58, 46)
VALUE_COLORS = {1: (70, 140, 90), 2: (60, 110, 170), 3: (196, 134, 40), 4: (170, 62, 60)}
CABOOSE = (196, 48, 40)

Direction = tuple[int, int]
"""A grid step: (1, 0) east, (0, 1) north, (-1, 0) west, (0, -1) south."""


def step(a: Cell, b: Cell) -> Direction:
    """The grid direction from `a` to neighbouring `b`."""
    return (b[0] - a[0], b[1] - a[1])


def rail_sides(cells: list[Cell], index: int) -> tuple[Direction, Direction]:
    """Where the track enters and leaves card `index` (back to front)."""
    cell = cells[index]
    exit_dir = step(cell, cells[index + 1]) if index + 1 < len(cells) else None
    entry_dir = step(cell, cells[index - 1]) if index > 0 else None
    if exit_dir is None and entry_dir is None:
        return (-1, 0), (1, 0)
    if exit_dir is None:
        assert entry_dir is not None
        exit_dir = (-entry_dir[0], -entry_dir[1])
    if entry_dir is None:
        entry_dir = (-exit_dir[0], -exit_dir[1])
    return entry_dir, exit_dir


def _screen(direction: Direction) -> tuple[float, float]:
    """Grid directions on screen: north is up."""
    return (float(direction[0]), float(-direction[1]))


def _path(size: int, entry: Direction, exit_dir: Direction) -> list[tuple[float, float]]:
    """The centre line of the track across a card, from the entry edge to the exit edge."""
    half = size / 2
    ex, ey = _screen(entry)
    xx, xy = _screen(exit_dir)
    start = (half + ex * half, half + ey * half)
    end = (half + xx * half, half + xy * half)
    control = (half, half)
    points = []
    for i in range(17):
        t = i / 16
        points.append(
            (
                (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
                (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1],
            )
        )
    return points


def draw_rails(
    surface: pygame.Surface, size: int, entry: Direction, exit_dir: Direction, broken: bool
) -> None:
    """Sleepers and two rails along the card's track (cracked on Broken Track)."""
    path = _path(size, entry, exit_dir)
    gauge = size * 0.16
    outer_left, outer_right = offset(path, gauge * 1.45), offset(path, -gauge * 1.45)
    for i in range(1, len(path) - 1, 2):
        pygame.draw.line(surface, SLEEPER, outer_left[i], outer_right[i], max(2, size // 18))
    width = max(2, size // 22)
    for side in (gauge, -gauge):
        rail = offset(path, side)
        if broken:
            middle = len(rail) // 2
            pygame.draw.lines(surface, RAIL, False, rail[: middle - 1], width)
            pygame.draw.lines(surface, RAIL, False, rail[middle + 1 :], width)
        else:
            pygame.draw.lines(surface, RAIL, False, rail, width)
    if broken:
        cx, cy = path[len(path) // 2]
        r = size * 0.13
        pygame.draw.line(surface, BROKEN, (cx - r, cy - r), (cx + r, cy + r), max(3, size // 14))
        pygame.draw.line(surface, BROKEN, (cx - r, cy + r), (cx + r, cy - r), max(3, size // 14))


def draw_value_badge(
    surface: pygame.Surface, center: tuple[float, float], radius: float, card: Card
) -> None:
    """The card's value in a coloured disc (colour and number: never colour alone)."""
    color = VALUE_COLORS.get(card.value, theme.PANEL_EDGE)
    pygame.draw.circle(surface, color, center, radius)
    pygame.draw.circle(surface, PAPER, center, radius, max(1, round(radius / 7)))
    text.draw(
        surface,
        str(card.value),
        center,
        max(11, round(radius * 1.3)),
        (255, 255, 255),
        "bold",
        "center",
    )


@lru_cache(maxsize=512)
def track_card(card: Card, entry: Direction, exit_dir: Direction, size: int) -> pygame.Surface:
    """A railway card seen from above, `size` pixels square."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-max(2, size // 14), -max(2, size // 14))
    radius = max(3, size // 12)
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    pygame.draw.rect(
        surface,
        BROKEN if card.broken else PAPER_EDGE,
        rect,
        max(2, size // 30),
        border_radius=radius,
    )
    draw_rails(surface, size, entry, exit_dir, card.broken)
    badge = max(7, size // 8)
    corner = _free_corner(entry, exit_dir)
    cx = rect.left + badge + 3 if corner[0] < 0 else rect.right - badge - 3
    cy = rect.top + badge + 3 if corner[1] < 0 else rect.bottom - badge - 3
    draw_value_badge(surface, (cx, cy), badge, card)
    return surface


def _free_corner(entry: Direction, exit_dir: Direction) -> tuple[int, int]:
    """A card corner away from the track, for the value badge (screen signs).

    A curve bends round the corner between its two sides, so the badge goes to the
    opposite corner; a straight track leaves every corner free (top left, then).
    """
    ex, ey = _screen(entry)
    xx, xy = _screen(exit_dir)
    sx, sy = ex + xx, ey + xy
    if sx == 0 and sy == 0:
        return (-1, -1)
    return (-1 if sx > 0 else 1, -1 if sy > 0 else 1)


def draw_caboose(
    surface: pygame.Surface, center: tuple[float, float], size: float, heading: Direction
) -> None:
    """The wooden caboose, pointing the way it rolls."""
    angle = math.degrees(math.atan2(heading[1], heading[0]))
    body = pygame.Surface((round(size * 1.1), round(size * 0.8)), pygame.SRCALPHA)
    w, h = body.get_size()
    pygame.draw.rect(
        body,
        theme.darken(CABOOSE, 0.4),
        (0, h * 0.1, w, h * 0.8),
        border_radius=max(2, round(size / 8)),
    )
    pygame.draw.rect(
        body, CABOOSE, (2, h * 0.1 + 2, w - 4, h * 0.8 - 4), border_radius=max(2, round(size / 8))
    )
    pygame.draw.rect(body, (250, 220, 140), (w * 0.38, h * 0.3, w * 0.24, h * 0.4), border_radius=2)
    pygame.draw.polygon(
        body, (250, 236, 200), [(w - 3, h / 2), (w * 0.8, h * 0.28), (w * 0.8, h * 0.72)]
    )
    rotated = pygame.transform.rotate(body, angle)
    surface.blit(rotated, rotated.get_rect(center=(round(center[0]), round(center[1]))))


def paint_hand_card(card: object, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A hand card's face (CardImages painter): value, rails, Broken Track marking."""
    assert isinstance(card, Card)
    if card == UNKNOWN:
        return
    rails = pygame.Surface((rect.width, rect.width), pygame.SRCALPHA)
    draw_rails(rails, rect.width, (0, -1), (0, 1), card.broken)
    surface.blit(rails, (rect.left, rect.centery - rect.width // 2 + 6))
    draw_value_badge(surface, (rect.left + 13, rect.top + 13), 13, card)
    draw_value_badge(surface, (rect.right - 13, rect.bottom - 13), 13, card)
    if card.broken:
        text.draw(
            surface, "BROKEN", (rect.centerx, rect.bottom - 4), 11, BROKEN, "bold", "midbottom"
        )


def paint_die(surface: pygame.Surface, rect: pygame.Rect, wheels: int) -> None:
    """Die faces of LC-2: blank, one wheel or two wheels."""
    if wheels <= 0:
        return
    radius = rect.width * (0.3 if wheels == 1 else 0.22)
    centers = (
        [rect.center]
        if wheels == 1
        else [
            (rect.centerx - rect.width * 0.22, rect.centery),
            (rect.centerx + rect.width * 0.22, rect.centery),
        ]
    )
    for cx, cy in centers:
        pygame.draw.circle(surface, (40, 40, 40), (cx, cy), radius)
        pygame.draw.circle(surface, (200, 200, 200), (cx, cy), radius * 0.45)
        for k in range(4):
            a = k * math.pi / 4
            pygame.draw.line(
                surface,
                (40, 40, 40),
                (cx - math.cos(a) * radius * 0.45, cy - math.sin(a) * radius * 0.45),
                (cx + math.cos(a) * radius * 0.45, cy + math.sin(a) * radius * 0.45),
                2,
            )


# Tutorial pictures ------------------------------------------------------------------------

def paint_derail(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A derail for the tutorial's card: a short railway of three cards, the dice's wheels
    carrying the caboose two cards past the front (dashed outlines of the cards that are
    not there) and off the rails, with the cost written under it."""
    size = min(rect.height - text.space(44, 14), (rect.width - 20) // 5)  # 2 lines under
    row = pygame.Rect(0, 0, size * 5, size)
    row.midtop = (rect.centerx, rect.top + 12)
    straight = ((-1, 0), (1, 0))
    for index, value in enumerate((1, 1, 2)):
        image = track_card(Card(value), *straight, size)
        surface.blit(image, (row.left + index * size, row.top))
    for index in (3, 4):
        ghost = pygame.Rect(row.left + index * size, row.top, size, size).inflate(-6, -6)
        _dashed_rect(surface, ghost, theme.BAD)
    front = pygame.Rect(row.left + 2 * size, row.top, size, size).inflate(-6, -6)
    pygame.draw.rect(surface, theme.ACCENT, front, 2, border_radius=8)
    end = (row.left + 4.5 * size, row.top + size * 0.55)
    pygame.draw.line(surface, theme.BAD, (row.left + 2.6 * size, row.centery),
                     (end[0] - size * 0.3, end[1]), 3)
    draw_caboose(surface, end, size * 0.55, (1, 0))
    room = rect.bottom - 8 - text.line_height(14) - row.bottom - 4  # above the cost line
    text.draw(surface, "front", (front.centerx, row.bottom + 4), text.within(13, room),
              theme.MUTED, anchor="midtop")
    text.draw(surface, "off the front, two cards short: two penalty cards",
              (rect.centerx, rect.bottom - 8), 14, theme.TEXT, anchor="midbottom",
              max_width=rect.width - 16)


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A card that is not there: a dashed outline."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for a, b in itertools.pairwise(corners):
        length = math.dist(a, b)
        dashes = max(1, int(length // 10))
        for k in range(0, dashes, 2):
            t0, t1 = k / dashes, min(1.0, (k + 1) / dashes)
            pygame.draw.line(surface, color, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)
