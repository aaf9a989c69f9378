"""The end of a drill: the score, the best, and where to go next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.ui import text, theme
from nile.ui.chrome.dialogs import Overlay

if TYPE_CHECKING:
    from nile.app import App
    from nile.practice.drill_scene import DrillScene


class DrillDoneDialog(Overlay):
    """Score, best result, and Again / Statistics / Drills (Esc: back to the drills)."""

    def __init__(self, app: App, scene: DrillScene, summary: str, new_best: bool,
                 best_before: float | None, problem: str = "") -> None:
        super().__init__(app, 560, 300, f"{scene.drill.title}: done")
        self.scene = scene
        self.summary = summary
        self.new_best = new_best
        self.best_before = best_before
        self.problem = problem
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
        self.scene.reset()

    def _stats(self) -> None:
        self.close()
        self.scene.open_stats()

    def _drills(self) -> None:
        self.close()
        self.scene.back()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._drills()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_r):
            self._again()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = pygame.Rect(self.panel.left + 40, self.panel.top + 66, self.panel.width - 80, 60)
        text.draw_wrapped(surface, self.summary, area, 20, theme.TEXT, "bold", "center")
        drill = self.scene.drill
        if self.new_best:
            line, color = "A new best!", theme.GOOD
            if self.best_before is not None:
                line += f" (it was {self.best_before:g})"
        elif drill.score is None:
            line, color = "No score this time.", theme.MUTED
        elif self.best_before is not None:
            line, color = f"Your best is {self.best_before:g}.", theme.MUTED
        else:
            line, color = "", theme.MUTED
        text.draw(surface, line, (self.panel.centerx, self.panel.top + 138), 17, color, "bold",
                  "midtop", max_width=self.panel.width - 60)
        if self.problem:
            text.draw(surface, self.problem, (self.panel.centerx, self.panel.top + 170), 13,
                      theme.BAD, anchor="midtop", max_width=self.panel.width - 40)
