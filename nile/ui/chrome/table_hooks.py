"""What a game's scene provides: the hooks `GameScene` calls, with their defaults.

A game subclasses `GameScene` and overrides these; the rest of the screen (bars, log,
cover, replay, lesson, results) is the same for every game and lives in its layers.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from nile.core.game import Action, Event, GameState
from nile.ui import keys


class TableHooks:
    """The game's part of a game scene. Only `draw_table` has no default."""

    KEYS: ClassVar[tuple[keys.Binding, ...]] = ()
    """The game's own keys (live only in the live game, after the table's mouse handling)."""

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        """Draw the game as `view` shows it, inside `self.table_rect`."""
        raise NotImplementedError

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        """React to input on the table; True if the event was used."""
        return False

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        """Looking, not playing: the mouse over the table (hover, tooltips) and the view's
        own controls (zoom, pan, fit, overlays). Called in a replay, where the table's input
        is off; a game's `handle_table_event` usually starts by calling it."""
        return False

    def on_events(self, events: list[Event]) -> None:
        """Start animations and sounds for what just happened (default: none)."""

    def on_view_changed(self) -> None:
        """The drawn state or viewer changed: reset selections that may be stale."""

    def describe_action(self, action: Action) -> str:
        """Words for an action, for hints and announcements."""
        return action.to_str()

    def show_hint(self, action: Action) -> None:
        """Point at the hinted action on the table (default: the toast says it)."""

    def update_table(self, dt: float) -> None:
        """Per-frame work of the table (dice, hover)."""

    def private_now(self) -> bool:
        """Whether the state now holds something a seat sees and the others must not.

        Asked when the screen may pass between people: if False, no cover and no Done
        are needed (Vom Kap bis Kairo: only a bid is secret). Default: always.
        """
        return True

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """Draw the tutorial picture `name` into `rect` of `surface` (clipped to it) with
        the game's own sprites; False if this table has no such picture. Games that
        illustrate their rules override this (the default draws nothing)."""
        return False

    def draw_floating(self, surface: pygame.Surface) -> None:
        """Draw again what `floating_rects` names, over a tutorial's shade and ring (an open
        list must read clearly while a step points elsewhere)."""

    def floating_rects(self) -> list[pygame.Rect]:
        """What floats over the table now (an open choice list, a picker): a tutorial's
        card keeps clear of it, as of the region it points at."""
        return []

    def view_keys(self) -> list[keys.Binding]:
        """The game's keys that only change what is shown (they work in a replay too)."""
        return [b for b in self.KEYS if b.anytime]
