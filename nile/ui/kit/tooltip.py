"""Tooltips: words about the thing under the mouse, the same box and delay in every game.

A scene keeps one `HoverTimer` (GameScene does) that knows where the mouse rests and for how
long; once it has rested `theme.TOOLTIP_DELAY` the scene draws its lines with `draw`. The
lines are the game's (what a card needs, who owns a link); the box, its place beside the
mouse and its wrapping are the kit's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from nile.ui import text, theme

WIDTH = theme.TOOLTIP_WIDTH
"""The widest a tooltip grows before its lines wrap."""
SIZE = 14
LINE = 19
PAD = 10
FILL = (16, 20, 24)


class HoverTimer:
    """Where the mouse rests and for how long: a tooltip waits for a still mouse, so
    sweeping across the table does not flash boxes."""

    def __init__(self, delay: float = theme.TOOLTIP_DELAY) -> None:
        self.delay = delay
        self.pos = (0, 0)
        self.still = 0.0

    def moved(self, pos: tuple[int, int]) -> None:
        if pos != self.pos:
            self.pos, self.still = pos, 0.0

    def restart(self) -> None:
        """The table changed under a still mouse: the old tooltip goes, a new one waits."""
        self.still = 0.0

    def update(self, dt: float) -> None:
        self.still += dt

    @property
    def ready(self) -> bool:
        return self.still >= self.delay


def draw(
    surface: pygame.Surface,
    lines: Sequence[str],
    pos: tuple[int, int],
    bounds: pygame.Rect,
    heading: bool = False,
) -> pygame.Rect | None:
    """A box of `lines` beside the mouse at `pos`, inside `bounds`, never under the pointer.

    `heading`: the first line names the thing (bold) and the others describe it (muted).
    Lines wrap at `WIDTH`. Returns the box (None when there is nothing to say)."""
    if not lines:
        return None
    wrapped: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        bold = heading and i == 0
        style = "bold" if bold else "regular"
        wrapped += [(part, bold) for part in text.wrap(line, SIZE, WIDTH - 2 * PAD, style)]
    images = [text.render(part, SIZE, theme.TEXT if bold or not heading else theme.MUTED,
                          "bold" if bold else "regular") for part, bold in wrapped]
    box = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * PAD,
                      12 + text.space(LINE, SIZE) * len(images))
    box.topleft = (pos[0] + 16, pos[1] + 18)
    if box.right > bounds.right - 4:
        box.right = pos[0] - 10
    if box.bottom > bounds.bottom - 4:
        box.bottom = pos[1] - 10
    box = box.clamp(bounds)
    if box.collidepoint(pos):
        box.bottom = pos[1] - 8
        box = box.clamp(bounds)
    pygame.draw.rect(surface, FILL, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    for i, image in enumerate(images):
        surface.blit(image, (box.left + PAD, box.top + 6 + text.space(LINE, SIZE) * i))
    return box
