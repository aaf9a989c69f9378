"""The plain overlays every screen uses: a dimmed backdrop with a panel (`Overlay`), a
message with OK (`MessageDialog`) and a question with its answers (`ConfirmDialog`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from nile.core.text import safe_text
from nile.ui import text, theme
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell


class Overlay(Scene):
    """A dimmed backdrop with a centred panel; Esc closes it."""

    overlay = True

    def __init__(self, app: Shell, width: int, height: int, title: str) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.title = title

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        shade.fill((8, 12, 16, 170))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.panel, 2, border_radius=12)
        text.draw(
            surface,
            self.title,
            (self.panel.centerx, self.panel.top + 18),
            24,
            theme.ACCENT,
            "bold",
            "midtop",
            max_width=self.panel.width - 40,
        )

    def row(self, index: int, height: int = 44, top: int = 70) -> pygame.Rect:
        """The rect of the `index`-th full-width control in the panel."""
        return pygame.Rect(
            self.panel.left + 40,
            self.panel.top + top + index * (height + 10),
            self.panel.width - 80,
            height,
        )

    def button_row(self, specs: Sequence[tuple[str, Callable[[], None]]], y: int,
                   accent: int | None = 0) -> None:
        """Buttons side by side across the panel at height `y`; `accent` is the index of
        the one drawn as the way forward (None: none)."""
        gap, inner = 12, self.panel.width - 80
        width = (inner - gap * (len(specs) - 1)) // len(specs)
        for i, (label, action) in enumerate(specs):
            rect = pygame.Rect(self.panel.left + 40 + i * (width + gap), y, width, 44)
            self.button(rect, label, action, object_id="@accent" if i == accent else None)


class MessageDialog(Overlay):
    """A message with an OK button (a refused save file, say)."""

    def __init__(self, app: Shell, title: str, message: str) -> None:
        self.message = safe_text(message, 2000, newlines=True)
        lines = text.wrap(self.message, 17, 520)
        super().__init__(app, 600, 170 + 24 * min(len(lines), 10), title)
        self.button(
            pygame.Rect(self.panel.centerx - 70, self.panel.bottom - 64, 140, 44),
            "OK",
            self.close,
            object_id="@accent",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = pygame.Rect(
            self.panel.left + 40,
            self.panel.top + 64,
            self.panel.width - 80,
            self.panel.height - 140,
        )
        text.draw_wrapped(surface, self.message, area, 17)


class ConfirmDialog(Overlay):
    """A question with two or three answers; each answer closes the dialog, then acts.

    The last answer is the safe one (Esc gives it)."""

    def __init__(self, app: Shell, title: str, message: str,
                 answers: Sequence[tuple[str, Callable[[], None]]],
                 destructive: bool = False) -> None:
        self.message = safe_text(message, 1000, newlines=True)
        lines = text.wrap(self.message, 17, 560)
        super().__init__(app, 660, 180 + 24 * min(len(lines), 8), title)
        self.answers = list(answers)
        # a question that destroys something highlights the safe answer, not the deed
        self.button_row([(label, self._answer(action)) for label, action in self.answers],
                        self.panel.bottom - 66, accent=len(self.answers) - 1 if destructive
                        else 0)

    def _answer(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._answer(self.answers[-1][1])()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = pygame.Rect(self.panel.left + 40, self.panel.top + 64, self.panel.width - 80,
                           self.panel.height - 140)
        text.draw_wrapped(surface, self.message, area, 17)
