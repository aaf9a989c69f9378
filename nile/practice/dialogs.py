"""The end of a drill: the score, the best, and where to go next.

The dialog is handed what it shows (`RunOutcome`) and where its buttons lead
(`DoneChoices`, the drill screen's own actions); it never holds the drill scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.ui import text, theme
from nile.ui.chrome.overlay import Overlay

if TYPE_CHECKING:
    from nile.ui.scene import Shell


@dataclass(frozen=True)
class RunOutcome:
    """A finished run of a drill, as the dialog shows it."""

    title: str
    """The drill's title."""
    summary: str
    new_best: bool
    best_before: float | None
    scored: bool
    """The run has a score (False: "No score this time.")."""
    problem: str = ""
    """Why the results could not be saved ("" if they were)."""


@dataclass(frozen=True)
class DoneChoices:
    """Where the dialog's buttons lead, once it has closed."""

    again: Callable[[], None]
    """Start the drill again."""
    stats: Callable[[], None]
    """Open the statistics."""
    drills: Callable[[], None]
    """Back to the practice home."""


class DrillDoneDialog(Overlay):
    """Score, best result, and Again / Statistics / Drills (Esc: back to the drills)."""

    def __init__(self, app: Shell, outcome: RunOutcome, choices: DoneChoices) -> None:
        super().__init__(app, 560, 300, f"{outcome.title}: done")
        self.choices = choices
        self.outcome = outcome
        third = (self.panel.width - 80 - 20) // 3
        y = self.panel.bottom - 70
        left = self.panel.left + 40
        self.button(pygame.Rect(left, y, third, 44), "Again", self._again,
                    "Start this drill again (Enter)", "@accent")
        self.button(pygame.Rect(left + third + 10, y, third, 44), "Statistics", self._stats,
                    "Your numbers, heat map and trends")
        self.button(pygame.Rect(left + 2 * (third + 10), y, third, 44), "Drills", self._drills,
                    "Back to the practice home (Esc)")

    def _again(self) -> None:
        self.close()
        self.choices.again()

    def _stats(self) -> None:
        self.close()
        self.choices.stats()

    def _drills(self) -> None:
        self.close()
        self.choices.drills()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._drills()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_r):
            self._again()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        outcome = self.outcome
        area = pygame.Rect(self.panel.left + 40, self.panel.top + 66, self.panel.width - 80, 60)
        text.draw_wrapped(surface, outcome.summary, area, 20, theme.TEXT, "bold", "center")
        if outcome.new_best:
            line, color = "A new best!", theme.GOOD
            if outcome.best_before is not None:
                line += f" (it was {outcome.best_before:g})"
        elif not outcome.scored:
            line, color = "No score this time.", theme.MUTED
        elif outcome.best_before is not None:
            line, color = f"Your best is {outcome.best_before:g}.", theme.MUTED
        else:
            line, color = "", theme.MUTED
        text.draw(surface, line, (self.panel.centerx, self.panel.top + 138), 17, color, "bold",
                  "midtop", max_width=self.panel.width - 60)
        if outcome.problem:
            text.draw(surface, outcome.problem, (self.panel.centerx, self.panel.top + 170), 13,
                      theme.BAD, anchor="midtop", max_width=self.panel.width - 40)
