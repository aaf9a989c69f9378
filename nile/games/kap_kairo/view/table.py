"""What one frame of the Vom Kap bis Kairo table shows, handed to the painting components.

The scene builds a `TableView` from its state each frame (`KapKairoScene.table_view`);
`board` and `panel` draw only from it and add what can be clicked to a `HitMap` of
`Target`s (defined with their meaning in `intent.py`). They never read or write the
scene, so what they show is exactly what the viewer's observation and the scene's entries
say.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from nile.games.kap_kairo.intent import Target
from nile.games.kap_kairo.rules import KapState
from nile.games.kap_kairo.view.reveal import Reveal
from nile.ui import theme
from nile.ui.anim import Tween
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages

Hits = HitMap[Target]
"""What was drawn where, as the targets `intent.py` gives a meaning (cards, seats, buttons)."""


# Things in motion ------------------------------------------------------------------------


@dataclass
class Ghost:
    """A card shown flying somewhere after the state already moved it."""

    card: int | None
    """The face shown (None: a face-down back; -2: a bonus card)."""
    tween: Tween
    hides: tuple[str, int] | None = None
    """(zone, card) drawn at its destination only once the flight lands."""


@dataclass
class Floater:
    """A figure rising from a player's box ("+£9")."""

    label: str
    seat: int
    tween: Tween
    good: bool = True


# The frame -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """How a player is shown: name, colour, and whether it is the one at the screen."""

    name: str
    color: theme.PlayerColor
    color_index: int
    you: bool


@dataclass(frozen=True)
class Images:
    """The card pictures at their two sizes and the bonus card's."""

    cards: CardImages
    small: CardImages
    bonus: CardImages


@dataclass(frozen=True)
class TableView:
    """Everything one frame of the table shows (see the module docstring)."""

    view: KapState
    """The viewer's observation: another player's secret bid is masked in it."""
    viewer: int | None
    seats: tuple[Seat, ...]
    table_rect: pygame.Rect
    areas: dict[str, pygame.Rect]
    images: Images
    accepting_input: bool
    """The person at the screen may act now (controls show and answer)."""
    bid_amount: int
    bonus_spend: int
    buy_rails: int
    reveal: Reveal | None
    """The latest auction's reveal while it is still shown."""
    reveal_progress: float | None
    """How far the reveal animation has come (None: not playing)."""
    hidden: frozenset[tuple[str, int]]
    """Cards still in flight, not yet drawn where they land."""
    mouse: tuple[int, int]
    tooltip_ready: bool
    ghosts: tuple[Ghost, ...] = ()
    floaters: tuple[Floater, ...] = ()
    loco_moves: tuple[tuple[int, Tween], ...] = ()
    hint_card: tuple[int, float] | None = None

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def color(self, seat: int) -> theme.PlayerColor:
        return self.seats[seat].color

    def layer_key(self, version: int) -> tuple[object, ...]:
        """What the cached layer shows besides the view (whose changes `version` counts)."""
        reveal = -1 if self.reveal_progress is None else round(self.reveal_progress * 8)
        return (
            version,
            tuple(self.table_rect),
            self.hidden,
            self.accepting_input,
            self.bid_amount,
            self.bonus_spend,
            self.buy_rails,
            reveal,
        )
