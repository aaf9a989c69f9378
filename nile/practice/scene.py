"""Flick Practice's home: free practice, the drills, the statistics (the launcher opens it).

Opening practice reads the history (`practice.json`); a damaged file has been set aside by
then and a message says so once. Leaving saves. Each drill is a card with a picture of its
board, its best result and what it trains; each card is added to the screen's hit map as
it is drawn, and the hover and clicks ask that map which card is under the mouse.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.practice import stats
from nile.practice.drill_scene import DrillScene
from nile.practice.drills import DRILL_IDS, HIGHER, better_of, make_drill, title_of
from nile.practice.session import PracticeSession
from nile.practice.stats_scene import StatsScene
from nile.practice.table import PracticeTable
from nile.practice.view import paint_thumbnail
from nile.ui import text, theme
from nile.ui.chrome.overlay import ConfirmDialog, MessageDialog
from nile.ui.kit.hits import HitMap
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

CARD_W, CARD_H, GAP = 384, 252, 18
GRID_LEFT, GRID_TOP = (1280 - 3 * CARD_W - 2 * GAP) // 2, 130
THUMB = (210, 150)
PITCH = {
    "free": "Any finger, any space, any block. Click a site to aim at it, or just play.",
    "landing": "Ten flicks at a site you choose: 10 points on it, 5 burning on its edge.",
    "rings": "Stop your block inside the ring; every hit makes the ring smaller.",
    "pyramid": "Three blocks onto one site in as few flicks as you can, then build.",
    "knock": "Hit the rival block off its site, and mind the ship beside it.",
    "timed": "Ten flicks at changing sites in sixty seconds of aiming.",
}


@dataclass(frozen=True)
class DrillCard:
    """A drill's card on the home screen (a click opens the drill)."""

    drill_id: str


class PracticeScene(Scene):
    """The practice home."""

    def __init__(self, app: Shell, session: PracticeSession | None = None) -> None:
        super().__init__(app)
        if session is None:
            now = time.time()
            session = PracticeSession.open(seed=int(now * 1000) & 0x7FFFFFFF,
                                           started=int(now))
        self.session = session
        session.writer.start()  # now, not in the frame of the first flick
        self.told = False
        self.hover: str | None = None
        self.cards = {drill_id: _card_rect(i) for i, drill_id in enumerate(DRILL_IDS)}
        """Where each card goes."""
        self.hits: HitMap[DrillCard] = HitMap()
        """The cards as last drawn."""
        self._thumbs: dict[str, pygame.Surface] = {}
        right = 1280 - GRID_LEFT
        self.button(pygame.Rect(right - 120, 40, 120, 48), "Back", self.back,
                    "Back to the launcher (Esc)")
        self.button(pygame.Rect(right - 270, 40, 140, 48), "Statistics", self.open_stats,
                    "Your numbers per finger, heat map and trends", "@accent")

    # Navigation --------------------------------------------------------------------------

    def enter(self) -> None:
        if self.session.problem and not self.told:
            self.told = True
            self.app.push(MessageDialog(self.app, "Practice history set aside",
                                        self.session.problem))

    def exit(self) -> None:
        """Leaving practice saves it and ends its writer; a save the disk refused is said
        over the next screen (it used to be dropped)."""
        problem = self.session.close()
        if problem:
            self.app.notify(problem, "error", 8.0)

    def allow_quit(self) -> bool:
        """Closing the window saves first; if the disk refuses (and practice was meant to
        save: not after a history that could not be set aside), ask, as a game does."""
        problem = self.session.save()
        if not problem or not self.session.writable:
            return True
        self.app.push(ConfirmDialog(
            self.app, "Practice history not saved",
            f"{problem}. If you close Nile now, this visit's flicks and results are lost.",
            [("Close anyway", self._close_anyway), ("Stay", self._stay)]))
        return False

    def _close_anyway(self) -> None:
        self.app.running = False

    def _stay(self) -> None:
        """The safe answer: back to practice (the save is tried again on leaving)."""

    def back(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def open_stats(self) -> None:
        self.app.push(StatsScene(self.app, self.session))

    def open_drill(self, drill_id: str) -> None:
        self.app.push(DrillScene(self.app, self.session, drill_id))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            card = self.hits.at(event.pos)
            self.hover = None if card is None else card.drill_id
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self.hits.at(event.pos)
            if card is not None:
                self.open_drill(card.drill_id)
                return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    # Drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Flick Practice", (GRID_LEFT, 30), text.within(44, 60, "bold"),
                  theme.ACCENT, "bold")  # the line under it is 58 px below
        text.draw(surface, "Train your Cairo flick: drills with a score, numbers that remember.",
                  (GRID_LEFT + 2, 88), 18, theme.MUTED, max_width=700)
        self.hits.clear()
        for drill_id, rect in self.cards.items():
            self._draw_card(surface, drill_id, rect)
            self.hits.add(rect, DrillCard(drill_id))
        self._draw_footer(surface)

    def _draw_card(self, surface: pygame.Surface, drill_id: str, rect: pygame.Rect) -> None:
        hovered = drill_id == self.hover
        pygame.draw.rect(surface, theme.PANEL_LIGHT if hovered else theme.PANEL, rect,
                         border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT if hovered else theme.PANEL_EDGE, rect, 2,
                         border_radius=12)
        thumb = self._thumb(drill_id)
        surface.blit(thumb, (rect.left + 12, rect.top + 12))
        side = pygame.Rect(rect.left + 24 + THUMB[0], rect.top + 14,
                           rect.right - 36 - THUMB[0], THUMB[1])
        self._draw_record(surface, drill_id, side)
        y = rect.top + THUMB[1] + 22
        text.draw(surface, title_of(drill_id), (rect.left + 16, y),
                  text.within(21, 30, "bold"), theme.TEXT, "bold",
                  max_width=rect.width - 32)
        text.draw_wrapped(surface, PITCH[drill_id], pygame.Rect(rect.left + 16, y + 30,
                                                                rect.width - 32, 40), 14,
                          theme.MUTED)

    def _draw_record(self, surface: pygame.Surface, drill_id: str, rect: pygame.Rect) -> None:
        """Best result and how many runs (or, for free practice, flicks)."""
        history = self.session.history
        # lines 18-20 px apart, held to that room whatever the text size
        small, big = text.within(13, 18), text.within(28, 36, "bold")
        if drill_id == "free":
            flicks = sum(1 for r in history.rows() if r.drill == "free")
            text.draw(surface, "Flicks kept", (rect.left, rect.top), small, theme.MUTED)
            text.draw(surface, str(flicks), (rect.left, rect.top + 18), big, theme.TEXT, "bold")
            text.draw(surface, "no score, no limit", (rect.left, rect.top + 58), small,
                      theme.MUTED, max_width=rect.width)
            return
        best = history.best.get(drill_id)
        runs = [r for s in history.sessions for r in s.runs if r.drill == drill_id]
        text.draw(surface, "Best", (rect.left, rect.top), small, theme.MUTED)
        value = "\u2013" if best is None else f"{best:g}"
        text.draw(surface, value, (rect.left, rect.top + 18), big, theme.ACCENT if best
                  is not None else theme.MUTED, "bold", max_width=rect.width)
        unit = "points" if better_of(drill_id) == HIGHER else "flicks (fewer is better)"
        text.draw(surface, unit, (rect.left, rect.top + 54), small, theme.MUTED,
                  max_width=rect.width)
        if runs:
            last = runs[-1]
            shown = "failed" if last.score is None else f"{last.score:g}"
            text.draw(surface, f"last: {shown}", (rect.left, rect.top + 86), small, theme.TEXT,
                      max_width=rect.width)
        text.draw(surface, f"{len(runs)} run{'s' if len(runs) != 1 else ''}",
                  (rect.left, rect.top + 106), small, theme.MUTED, max_width=rect.width)

    def _thumb(self, drill_id: str) -> pygame.Surface:
        if drill_id not in self._thumbs:
            self._thumbs[drill_id] = thumbnail(drill_id, THUMB)
        return self._thumbs[drill_id]

    def _draw_footer(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(GRID_LEFT, GRID_TOP + 2 * CARD_H + GAP + 18, 3 * CARD_W + 2 * GAP,
                           64)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
        history = self.session.history
        rows = self.session.session_rows()
        total = sum(s.summary.count for s in history.sessions)
        sessions = sum(1 for s in history.sessions if s.summary.count)
        summary = stats.summarize(history.rows())
        line = f"All time: {total} flick{'s' if total != 1 else ''} in {sessions} " \
               f"session{'s' if sessions != 1 else ''}"
        if summary.mean_error is not None:
            line += f"  ·  recent error {summary.mean_error:.0f} \u00b1 " \
                    f"{summary.std_error or 0:.0f} mm"
        text.draw(surface, line, (rect.left + 16, rect.top + 10), text.within(16, 26, "bold"),
                  theme.TEXT, "bold",
                  max_width=rect.width - 32)
        text.draw(surface, f"This session: {len(rows)} flick{'s' if len(rows) != 1 else ''}"
                  "  ·  click a card to start  ·  Esc back", (rect.left + 16, rect.top + 36),
                  text.within(14, 22), theme.MUTED, max_width=rect.width - 32)


def _card_rect(index: int) -> pygame.Rect:
    col, row = index % 3, index // 3
    return pygame.Rect(GRID_LEFT + col * (CARD_W + GAP), GRID_TOP + row * (CARD_H + GAP),
                       CARD_W, CARD_H)


def thumbnail(drill_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of the drill's board with its target lit."""
    import random

    table = PracticeTable()
    drill = make_drill(drill_id, random.Random(0))
    drill.start(table)
    if drill_id == "free":
        drill.pick_site("zawyet")
    return paint_thumbnail(size, table, drill.target())
