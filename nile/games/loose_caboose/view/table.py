"""What one frame of the Loose Caboose! table shows, handed to the painting components.

The scene builds a `TableView` from the viewer's observation each frame
(`LooseCabooseScene.table_view`); `board` (the railway), `panel` (players, piles and dice,
the own penalty pile, the hand) and `animate` (what flies) draw only from it, and add
what can be clicked to the frame's `HitMap` as the intent's targets (`HandCard`,
`GridCell`). They never read or write the scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from nile.games.loose_caboose.intent import GridCell, HandCard
from nile.games.loose_caboose.rules import Card, Cell, LooseCabooseState
from nile.ui.anim import Tween
from nile.ui.camera import Camera
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages, CardStyle
from nile.ui.table.dice import Die
from nile.ui.table.hand import Hand

HAND_STYLE = CardStyle(width=70, height=98)
SMALL_STYLE = CardStyle(width=40, height=56, radius=5)
PANEL_HEIGHT = 92
SIDE_WIDTH = 150
HAND_HEIGHT = 170

Target = HandCard | GridCell
Hits = HitMap[Target]


@dataclass(frozen=True)
class Areas:
    """Where each part of the table lies within the board."""

    rail: pygame.Rect
    """The railway's grid (the camera's viewport)."""
    side: pygame.Rect
    """The draw pile, the discards and the dice."""
    hand: pygame.Rect
    penalty: pygame.Rect
    """The viewer's own penalty pile."""
    players: pygame.Rect

    def named(self) -> dict[str, pygame.Rect]:
        """The parts by name, for a tutorial step to point at."""
        return {"rail": self.rail, "side": self.side, "hand": self.hand,
                "penalty": self.penalty, "players": self.players}

    @property
    def content_top(self) -> int:
        """Where the table below the players' boxes begins (toasts show from here)."""
        return self.side.top


def layout(board: pygame.Rect) -> Areas:
    """The table's parts in `board` (the table without the bottom bar)."""
    top = board.top + PANEL_HEIGHT + 8
    hand_top = board.bottom - HAND_HEIGHT
    side = pygame.Rect(board.right - SIDE_WIDTH, top, SIDE_WIDTH, hand_top - top)
    rail = pygame.Rect(board.left + 8, top, side.left - board.left - 16, hand_top - top - 6)
    hand = pygame.Rect(board.left, hand_top, board.width - 290, HAND_HEIGHT)
    penalty = pygame.Rect(hand.right, hand_top + 6, board.right - hand.right - 8,
                          HAND_HEIGHT - 12)
    players = pygame.Rect(board.left + 8, board.top + 6, board.width - 16, PANEL_HEIGHT)
    return Areas(rail, side, hand, penalty, players)


@dataclass(frozen=True)
class PlayerLook:
    """How a player is shown: name (with "(you)" for the viewer) and colour."""

    label: str
    color_index: int


@dataclass(frozen=True)
class Images:
    """The card pictures: hand-sized and small (piles, penalty cards, cards in flight)."""

    cards: CardImages
    small: CardImages


@dataclass
class Ghost:
    """A card shown moving somewhere after the state already moved it."""

    card: Card | None
    """The face shown (None: a face-down back)."""
    tween: Tween


@dataclass
class Motion:
    """What is moving now (`animate.Animator` starts and ends it; the components draw it)."""

    ghosts: list[Ghost]
    caboose_path: list[Tween]
    """The caboose's hops and its derail jump, in order."""
    dice: list[Die]
    arriving: list[tuple[int, Card, Tween]] = field(default_factory=list)
    """(seat, card, its flight) of each card dealt or drawn that has not reached its hand
    yet: the viewer's hand shows it when it lands, as the log then says it is drawn."""


@dataclass(frozen=True)
class TableView:
    """Everything one frame of the table shows (see the module docstring)."""

    view: LooseCabooseState
    """The viewer's observation: other hands are unknown cards in it."""
    viewer: int | None
    seats: tuple[PlayerLook, ...]
    areas: Areas
    camera: Camera
    """The railway's grid on screen (zoom and pan)."""
    hand: Hand
    """The viewer's hand, its picked card raised."""
    images: Images
    my_turn: bool
    """The person at the screen acts now: the hand dims what may not be laid."""
    own_pile: bool
    """The viewer's own hand and penalty pile show (not in a replay)."""
    hands_hidden: bool
    """A shared screen between hand-overs: nobody's cards show, and it says why."""
    lit: frozenset[Cell]
    """The cells the picked card may go in."""
    flash: tuple[Cell, float] | None
    """A hint's cell, with the seconds it still flashes."""
    motion: Motion


def cell_center(camera: Camera, cell: Cell) -> tuple[float, float]:
    """The screen point of a grid cell's centre (north is up)."""
    return camera.to_screen((float(cell[0]), float(-cell[1])))


def cell_rect(camera: Camera, cell: Cell) -> pygame.Rect:
    """A grid cell's square on screen."""
    size = round(camera.zoom)
    cx, cy = cell_center(camera, cell)
    return pygame.Rect(round(cx - size / 2), round(cy - size / 2), size, size)
