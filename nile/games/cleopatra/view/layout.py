"""Where everything sits on the table, computed from the board rect (any width).

The board (1280×800 canvas, log open or closed) is cut into: the players' strip at the
top, the map of the Nile on the left, the market, turn line, gods and the two displays
on the right, and the viewer's hand at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from nile.games.cleopatra.rules import game_data

D = game_data()
ROWS = len(D.cities) // 2
PLAYERS_H = 88
HAND_H = 130
MAP_W = 380
CITY_W, CITY_H = 134, 54
CARD = (88, 100)
CHIP = (32, 18)
DISPLAY_TITLE, DISPLAY_PAD = 20, 6
"""A display's title row above its cards, and the room kept under them."""


def display_card(panel: pygame.Rect) -> tuple[int, int]:
    """The size of a card in a display `panel`: as in the hand, or shorter when the
    panel is too low to hold it whole under its title."""
    return (CARD[0], min(CARD[1], panel.height - DISPLAY_TITLE - DISPLAY_PAD))


@dataclass(frozen=True)
class Areas:
    players: pygame.Rect
    map: pygame.Rect
    market: pygame.Rect
    turnline: pygame.Rect
    gods: pygame.Rect
    auction: pygame.Rect
    city: pygame.Rect
    right: pygame.Rect
    hand: pygame.Rect


def areas(board: pygame.Rect) -> Areas:
    left, top, width = board.left + 6, board.top + 6, board.width - 12
    players = pygame.Rect(left, top, width, PLAYERS_H)
    hand = pygame.Rect(left, board.bottom - HAND_H - 4, width, HAND_H)
    middle_top = players.bottom + 6
    middle_h = hand.top - 6 - middle_top
    map_rect = pygame.Rect(left, middle_top, MAP_W, middle_h)
    right = pygame.Rect(
        map_rect.right + 8, middle_top, board.right - 6 - map_rect.right - 8, middle_h
    )
    gap = 6
    heights = [100, 96, 124, 124]
    spare = middle_h - sum(heights) - gap * 3
    # room to spare widens the market and the gods; too little (the 1280x800 canvas)
    # shortens the two displays, whose cards shrink to fit (`display_card`)
    grown = (0, 1) if spare >= 0 else (2, 3)
    heights[grown[0]] += spare // 2
    heights[grown[1]] += spare - spare // 2
    y = right.top
    rows = []
    for h in heights:
        rows.append(pygame.Rect(right.left, y, right.width, h))
        y += h + gap
    market = pygame.Rect(
        rows[0].left, rows[0].top, min(318, rows[0].width // 2 + 40), rows[0].height
    )
    turnline = pygame.Rect(
        market.right + 6, rows[0].top, rows[0].right - market.right - 6, rows[0].height
    )
    return Areas(players, map_rect, market, turnline, rows[1], rows[2], rows[3], right, hand)


# The map ----------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def city_rects(map_rect: tuple[int, int, int, int]) -> tuple[pygame.Rect, ...]:
    """The box of each city: west column then east column, north to south."""
    m = pygame.Rect(map_rect)
    pitch = (m.height - 12 - CITY_H) / (ROWS - 1)
    rects = []
    for column in range(2):
        x = m.left + 10 if column == 0 else m.right - 10 - CITY_W
        for row in range(ROWS):
            rects.append(pygame.Rect(x, round(m.top + 6 + row * pitch), CITY_W, CITY_H))
    return tuple(rects)


@dataclass(frozen=True)
class TrackGeometry:
    start: tuple[int, int]
    end: tuple[int, int]
    chips: tuple[pygame.Rect, pygame.Rect]
    hit: pygame.Rect


@lru_cache(maxsize=8)
def track_geometry(map_rect: tuple[int, int, int, int]) -> tuple[TrackGeometry, ...]:
    """Each track's line, the two places for its train groups, and its click area."""
    cities = city_rects(map_rect)
    result = []
    cw, ch = CHIP
    for a, b in D.tracks:
        ra, rb = cities[a], cities[b]
        if ra.left == rb.left:  # a track along a column
            west = ra.left == cities[0].left
            x = ra.left + 26 if west else ra.right - 26
            start, end = (x, ra.bottom), (x, rb.top)
            mid = (ra.bottom + rb.top) // 2
            sign = 1 if west else -1
            first = pygame.Rect(0, 0, cw, ch)
            second = pygame.Rect(0, 0, cw, ch)
            first.center = (x + sign * (10 + cw // 2), mid)
            second.center = (x + sign * (14 + cw + cw // 2), mid)
            hit = pygame.Rect(0, 0, 0, 0)
            hit.width, hit.height = 14 + 2 * cw + 16, rb.top - ra.bottom
            hit.top = ra.bottom
            hit.left = x - 12 if west else x + 12 - hit.width
        else:  # a row's track across the river
            y = ra.centery
            start, end = (ra.right, y), (rb.left, y)
            midx = (ra.right + rb.left) // 2
            first = pygame.Rect(0, 0, cw, ch)
            second = pygame.Rect(0, 0, cw, ch)
            first.center = (midx - cw // 2 - 2, y)
            second.center = (midx + cw // 2 + 2, y)
            hit = pygame.Rect(ra.right, y - 14, rb.left - ra.right, 28)
        result.append(TrackGeometry(start, end, (first, second), hit))
    return tuple(result)


def city_center(map_rect: pygame.Rect, city: int) -> tuple[int, int]:
    return city_rects(tuple(map_rect)).__getitem__(city).center


def row_slots(
    rect: pygame.Rect, count: int, size: tuple[int, int], gap: int = 6, left_pad: int = 0
) -> list[pygame.Rect]:
    """`count` cards in a row inside `rect`, overlapping when they do not fit."""
    w, h = size
    room = rect.width - left_pad
    step = w + gap if count <= 1 else min(w + gap, (room - w) / (count - 1))
    return [
        pygame.Rect(round(rect.left + left_pad + i * step), rect.bottom - h, w, h)
        for i in range(count)
    ]
