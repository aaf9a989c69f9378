"""Dice with a roll animation: tumbling random faces that settle on the real result.

The result comes from the rules (a chance action); the animation only shows it.
A face painter lets a game draw its own faces (Loose Caboose's wheels); the default
draws pips.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from nile.ui import text, theme

FacePainter = Callable[[pygame.Surface, pygame.Rect, int], None]

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def draw_pips(surface: pygame.Surface, rect: pygame.Rect, face: int) -> None:
    """Classic pips for faces 1–6 (other numbers are written as digits)."""
    if face not in PIPS:
        text.draw(surface, str(face), rect.center, rect.height // 2, (30, 30, 30), "bold", "center")
        return
    step = rect.width * 0.27
    for dx, dy in PIPS[face]:
        pygame.draw.circle(
            surface,
            (30, 30, 30),
            (rect.centerx + dx * step, rect.centery + dy * step),
            max(2, rect.width // 10),
        )


@dataclass
class Die:
    """One die on the table. `roll(result)` starts the animation."""

    center: tuple[float, float]
    size: int = 44
    face: int = 1
    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    painter: FacePainter = draw_pips
    color: theme.Color = (246, 242, 230)
    rolling: float = 0.0
    _shown: int = 1
    _angle: float = 0.0
    _rng: random.Random = field(default_factory=lambda: random.Random(0))

    ROLL_TIME = 0.7

    @property
    def shown(self) -> int:
        """The face on top now (a random one while the die tumbles)."""
        return self._shown

    def set_face(self, face: int) -> None:
        """Show `face` at once, without a roll (a state loaded or stepped back to)."""
        self.face = self._shown = face

    def roll(self, result: int) -> None:
        self.face, self.rolling = result, self.ROLL_TIME

    def update(self, dt: float) -> None:
        if self.rolling <= 0:
            self._shown, self._angle = self.face, 0.0
            return
        self.rolling = max(0.0, self.rolling - dt)
        if self.rolling > 0.1:
            self._shown = self._rng.choice(self.faces)
            self._angle = self._rng.uniform(-25, 25) * self.rolling / self.ROLL_TIME
        else:
            self._shown, self._angle = self.face, 0.0

    def draw(self, surface: pygame.Surface) -> None:
        image = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        rect = image.get_rect()
        pygame.draw.rect(image, self.color, rect, border_radius=self.size // 6)
        pygame.draw.rect(
            image, theme.darken(self.color, 0.45), rect, 2, border_radius=self.size // 6
        )
        self.painter(image, rect.inflate(-8, -8), self._shown)
        if self._angle:
            image = pygame.transform.rotate(image, self._angle)
        hop = 10 * self.rolling / self.ROLL_TIME
        surface.blit(image, image.get_rect(center=(self.center[0], self.center[1] - hop)))
