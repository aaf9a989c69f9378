"""Buttons painted on the table: in a game's panels, on the map, in a popup.

The chrome's buttons (the top and action bars, dialogs) are pygame_gui `UIButton`s made by
`Scene.button`; a button that lives inside a painted table panel, which is laid out afresh
each frame and drawn into cached layers, is this one. Both read the same theme colours, so
a player sees one kind of button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from nile.ui import text, theme

RADIUS = 6


def draw(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    *,
    enabled: bool = True,
    accent: bool = False,
    hover: bool = False,
    selected: bool = False,
    size: int = 14,
) -> None:
    """A button: raised when it can be pressed, lighter under the mouse, gold when it is the
    proposed choice (`accent`), outlined in gold when a toggle is on (`selected`)."""
    if accent and enabled:
        fill = theme.darken(theme.ACCENT, 0.25)
    elif enabled:
        fill = theme.PANEL_LIGHT
    else:
        fill = theme.PANEL
    if hover and enabled:
        fill = theme.lighten(fill, 0.15)
    pygame.draw.rect(surface, fill, rect, border_radius=RADIUS)
    edge = theme.ACCENT if selected else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 2 if selected else 1, border_radius=RADIUS)
    if accent and enabled:
        ink = (20, 20, 20)
    elif selected:
        ink = theme.ACCENT
    else:
        ink = theme.TEXT if enabled else theme.MUTED
    text.draw(surface, label, rect.center, size, ink, "bold", "center",
              max_width=rect.width - 8)


@dataclass
class Button:
    """A painted button that owns its rect, answers its own click and draws itself."""

    rect: pygame.Rect
    label: str
    on_press: Callable[[], None]
    enabled: bool = True
    accent: bool = False
    selected: bool = False
    size: int = 14
    on_release: bool = False
    """Press when the mouse button is let go, not when it goes down: for a button whose
    press uncovers a table (the pass-the-screen cover), so the release cannot land on a
    card that was hidden a moment before."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A left press on it presses it (when enabled); whether the event was its own."""
        kind = pygame.MOUSEBUTTONUP if self.on_release else pygame.MOUSEBUTTONDOWN
        if event.type == kind and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_press()
            return True
        return False

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        draw(surface, self.rect, self.label, enabled=self.enabled, accent=self.accent,
             hover=self.rect.collidepoint(mouse), selected=self.selected, size=self.size)


@dataclass(frozen=True)
class BarButton:
    """A context button of the action bar ("Roll", "Pass", "Confirm"): what a game or one of
    its components asks the chrome to show there (the chrome makes the pygame_gui button)."""

    key: str
    label: str
    action: Callable[[], None]
    enabled: bool = True
    tooltip: str | None = None
    accent: bool = False
    hinted: bool = False
    """The hint's choice (H): Enter presses it before any other highlighted button."""
