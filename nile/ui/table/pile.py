"""Draw and discard piles: a stack of cards with a count badge."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from nile.ui import text, theme
from nile.ui.table.card import CardImages

BADGE_RADIUS = 14


@dataclass
class Pile:
    """A pile at `center`; `top` is the face-up key (None: face down); `label` under it.

    The count badge sits on the top right corner, or with `badge_on_side` halfway down
    the right edge: for cards whose corners carry numbers a face-up top card must show
    (Vom Kap bis Kairo's rails and coins)."""

    images: CardImages
    center: tuple[float, float]
    label: str = ""
    badge_on_side: bool = False

    def rect(self) -> pygame.Rect:
        w, h = self.images.style.size
        return pygame.Rect(round(self.center[0] - w / 2), round(self.center[1] - h / 2), w, h)

    def badge(self) -> tuple[int, int]:
        """The centre of the count badge."""
        cx, cy = self.center
        return (
            round(cx + self.images.style.width / 2 - 4),
            round(cy if self.badge_on_side else cy - self.images.style.height / 2 + 4),
        )

    def draw(self, surface: pygame.Surface, count: int, top: object | None = None) -> None:
        cx, cy = self.center
        if count == 0:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect(), 2, border_radius=7)
        depth = min(count, 6)
        for i in range(depth):
            offset = (depth - 1 - i) * 1.5
            key = top if i == depth - 1 else None
            self.images.draw(surface, key, (cx - offset, cy - offset))
        badge = self.badge()
        # grows with the text as far as its number needs (a neighbouring pile sits close)
        radius = max(BADGE_RADIUS, text.measure(str(count), 15, "bold") // 2 + 5)
        pygame.draw.circle(surface, theme.PANEL, badge, radius)
        pygame.draw.circle(surface, theme.ACCENT, badge, radius, 2)
        text.draw(surface, str(count), badge, 15, theme.TEXT, "bold", "center")
        if self.label:
            text.draw(
                surface,
                self.label,
                (cx, cy + self.images.style.height / 2 + 8),
                14,
                theme.MUTED,
                anchor="midtop",
                max_width=self.images.style.width + 16,  # clear of a neighbouring pile's
            )
