"""A lesson's card: the step's words (and picture), placed clear of what the step is about.

The card sits in the first corner of the board that leaves the region the step points at,
and anything floating over the table (an open list), in view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.tutorial import Progress
from nile.ui import text, theme

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

CARD_WIDTH = 470
PICTURE_SIZE = (CARD_WIDTH - 32, 150)
"""The frame an explain step's picture is drawn into, below the step's words."""
NARROW_WIDTH = 350
"""A card beside a wide region (a score table) where the usual one would cover it."""


class TutorialCard:
    """Where the step's card goes, and its drawing."""

    def __init__(self, scene: TableScene, progress: Progress) -> None:
        self.scene = scene
        self.progress = progress

    def look_rect(self) -> pygame.Rect | None:
        look = self.progress.current.look
        return self.scene.regions().get(look) if look else None

    def rect(self) -> pygame.Rect:
        """The step's card, in the first corner of the board that leaves the region it
        points at in view (bottom right, bottom left, then the top corners below the
        toasts), narrower if only a narrow card fits beside the region; over the region
        only when it fills the board."""
        board = self.scene.board_rect
        step = self.progress.current
        line = text.line_height(16)
        buttons = 48 if step.kind in ("explain", "end") else 0
        picture = PICTURE_SIZE[1] + 12 if step.picture else 0
        frame = body_top() + 12 + picture + buttons  # the card less its lines of words
        look = self.look_rect()
        keep_clear = [r.inflate(12, 12) for r in (look, *self.scene.floating_rects())
                      if r is not None]
        inset, below_toasts = 14, board.top + 120
        corners = (
            {"bottomright": (board.right - inset, board.bottom - inset)},
            {"bottomleft": (board.left + inset, board.bottom - inset)},
            {"topright": (board.right - inset, below_toasts)},
            {"topleft": (board.left + inset, below_toasts)},
        )
        # the end card's two buttons and a picture's frame need the full width
        full = step.kind == "end" or bool(step.picture)
        widths = (CARD_WIDTH,) if full else (CARD_WIDTH, NARROW_WIDTH)
        floating = keep_clear[1:] if look is not None else keep_clear
        # an open list must stay clickable even where the region cannot stay in view
        for avoid in (keep_clear, floating) if floating else (keep_clear,):
            for width in widths:
                lines = text.wrap(self.scene.words(step.text), 16, width - 32)
                card = pygame.Rect(0, 0, width, frame + line * len(lines))
                for corner in corners:
                    placed = card.copy()
                    for anchor, point in corner.items():
                        setattr(placed, anchor, point)
                    if placed.collidelist(avoid) < 0:
                        return placed
        lines = text.wrap(self.scene.words(step.text), 16, CARD_WIDTH - 32)
        card = pygame.Rect(0, 0, CARD_WIDTH, frame + line * len(lines))
        card.bottomleft = (board.left + inset, board.bottom - inset)
        return card

    def draw(self, surface: pygame.Surface) -> None:
        step = self.progress.current
        card = self.rect()
        panel = pygame.Surface(card.size, pygame.SRCALPHA)
        panel.fill((*theme.darken(theme.PANEL, 0.25), 244))
        surface.blit(panel, card)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=10)
        total = len(self.progress.tutorial.steps)
        head = f"{self.progress.tutorial.title} · step {self.progress.step + 1} of {total}"
        text.draw(surface, head, (card.left + 16, card.top + 12), 13, theme.MUTED,
                  max_width=card.width - 32)
        text.draw(surface, step.title or _heading(step.kind),
                  (card.left + 16, card.top + 12 + text.space(20, 13)),
                  19, theme.ACCENT, "bold", max_width=card.width - 32)
        top = body_top()
        body = pygame.Rect(card.left + 16, card.top + top, card.width - 32, card.height - top)
        height = text.draw_wrapped(surface, self.scene.words(step.text), body, 16, theme.TEXT)
        if step.picture:
            self._draw_picture(surface, self.picture_rect(card, body.top + height),
                               step.picture)

    def picture_rect(self, card: pygame.Rect | None = None, text_bottom: int | None = None
                     ) -> pygame.Rect:
        """Where the step's picture goes: under its words, across the card."""
        card = card if card is not None else self.rect()
        if text_bottom is None:
            line = text.line_height(16)
            words = text.wrap(self.scene.words(self.progress.current.text), 16, CARD_WIDTH - 32)
            text_bottom = card.top + body_top() + line * len(words)
        return pygame.Rect((card.left + 16, text_bottom + 8), PICTURE_SIZE)

    def _draw_picture(self, surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
        """The scene paints the picture; the layer frames it (clipped, so a picture never
        spills over the card)."""
        pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        self.scene.draw_tutorial_picture(surface, rect, name)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)


def body_top() -> int:
    """Where a card's words start under its head line and title (62 px as designed),
    lower as the text size grows."""
    return 12 + text.space(20, 13) + text.space(30, 19)


def _heading(kind: str) -> str:
    return {"explain": "Look", "act": "Your move", "watch": "Watch", "end": "Well played"}[kind]
