"""One part of a game screen with its own input, time and drawing: a layer.

A game scene is its table plus a stack of layers (the bottom bar, the log, the top bar,
a replay's controls, a lesson's card, toasts, the pass-the-screen cover, ...). The scene
draws them bottom first and offers each input event from the top down until one takes it,
so each mode of the screen lives in its own layer. A layer that depends on another mode
asks that mode's layer a question (`handover.blocking`, `autoplay.watching`), never a
flag of the scene. Models: arcade's Sections, Textual's pushed screens.
"""

from __future__ import annotations

import pygame


class Layer:
    """A part of a game screen. Every method has a do-nothing default."""

    below_table = 0
    """Height this layer takes under the table (a replay's controls)."""
    in_table = 0
    """Height this layer takes at the bottom of the table, off the board (the action bar)."""

    @property
    def blocking(self) -> bool:
        """True while no layer below may see input (the cover waiting for a person)."""
        return False

    @property
    def opaque(self) -> bool:
        """True while this layer hides every layer below it (they are not drawn)."""
        return False

    @property
    def busy(self) -> bool:
        """True while the layer moves on its own (the app then keeps drawing frames)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if this layer used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (every frame, drawn or not)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this layer over the layers below it."""

    def hidden(self) -> None:
        """This frame the layer is under an opaque one: hide its own controls."""


def route(layers: list[Layer], event: pygame.event.Event) -> bool:
    """Offer `event` to the layers from the top down; True once one used or blocked it."""
    return any(layer.handle_event(event) or layer.blocking for layer in reversed(layers))


def draw(layers: list[Layer], surface: pygame.Surface) -> None:
    """Draw the layers bottom first, from the topmost opaque one (those under it only
    hide their controls: nothing of them may show or be pressed)."""
    start = max((i for i, layer in enumerate(layers) if layer.opaque), default=0)
    for layer in layers[:start]:
        layer.hidden()
    for layer in layers[start:]:
        layer.draw(surface)
