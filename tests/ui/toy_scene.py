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
