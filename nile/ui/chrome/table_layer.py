"""The table itself, the bottom layer of a game scene: the game draws it, and input that no
layer above took goes to it: the game's mouse handling and keys, then the shared keys.

In a live game the table plays (`PlayTable`); in a replay it is only looked at
(`LookTable`: hover, zoom and pan, the keys that change what is shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.ui import keys, theme
from nile.ui.chrome.layer import Layer
from nile.ui.chrome.replay_bar import REPLAY_KEYS

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


class PlayTable(Layer):
    """The live table: clicks and keys become moves."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def game_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        return scene.handle_table_event(event) or keys.dispatch(scene, scene.KEYS, event)

    def key_bindings(self) -> list[keys.Binding]:
        """The keys of the table and the shared ones (what F1 lists, with the app's)."""
        return [*self.scene.KEYS, *self.scene.CHROME_KEYS]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.game_event(event):
            return True
        return event.type == pygame.KEYDOWN and keys.dispatch(self.scene, self.scene.CHROME_KEYS,
                                                               event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        clip = surface.get_clip()
        surface.set_clip(self.scene.table_rect)
        self.scene.draw_table(surface, self.scene.view)
        surface.set_clip(clip)


class LookTable(PlayTable):
    """A replay's table: looking only."""

    def key_bindings(self) -> list[keys.Binding]:
        """The replay's keys, the game's that only change what is shown, and the shared
        ones that do not change the game."""
        taken = {b.keys for b in REPLAY_KEYS}
        shared = [b for b in self.scene.CHROME_KEYS if b.when != "live_game"
                  and b.keys not in taken]
        return [*REPLAY_KEYS, *self.scene.view_keys(), *shared]

    def game_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        return scene.handle_view_event(event) or keys.dispatch(scene, scene.view_keys(), event)
