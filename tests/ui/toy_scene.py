"""A minimal GameScene for the toy game, to test the shared chrome without a real game."""

from __future__ import annotations

import pygame

from nile.core.game import GameState
from nile.ui import text
from nile.ui.chrome.game_scene import GameScene
from tests.core.toy_game import ToyState


class ToyScene(GameScene):
    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, ToyState)
        self.drawn_hands = [list(h) for h in view.hands]
        text.draw(surface, f"hands {view.hands}", (20, 80))


def tile(surface: pygame.Surface) -> None:
    """The toy's launcher picture (`GAME_INFO.art` of the toy package): three cards."""
    surface.fill((222, 192, 130))
    w, h = surface.get_size()
    for i in range(3):
        rect = pygame.Rect(w * (0.2 + 0.22 * i), h * 0.3, w * 0.16, h * 0.4)
        pygame.draw.rect(surface, (244, 236, 214), rect, border_radius=4)
        pygame.draw.rect(surface, (48, 36, 26), rect, 2, border_radius=4)
