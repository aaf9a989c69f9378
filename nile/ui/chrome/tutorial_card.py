"""A lesson's card: the step's words (and picture), placed clear of what the step is about.

The card sits in the first corner of the board that leaves the region the step points at,
the regions its words are about (`Step.clear`) and anything floating over the table (an
open list) in view. A refused move is said on the card, under its title, so no banner ever
covers the card; Back shows an earlier step's words on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
from pygame_gui.elements import UITooltip

from nile.core.tutorial import Progress, Step
from nile.ui import text, theme

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

CARD_WIDTH = 470
PICTURE_SIZE = (CARD_WIDTH - 32, 150)
"""The frame an explain step's picture is drawn into, below the step's words."""
NARROW_WIDTH = 350
"""A card beside a wide region (a score table) where the usual one would cover it."""
WIDE_WIDTH = 640
"""A shorter card, under a wide region (a railway across the table) where the usual one,
taller at a large text size, would reach up over it."""


class Lesson(Protocol):
    """What the card reads of its lesson (`TutorialLayer`, which makes the card: naming it
    back would close a circle): the cards stepped back, the refusal, whether the words may
    show, and the end card's way on."""

    back: int
    refusal: str

    @property
    def text_shown(self) -> bool: ...

    @property
    def waiting(self) -> bool: ...

    def play_real_game(self) -> None: ...

    def next_step(self) -> None: ...

    def show_earlier(self) -> None: ...

    def show_current(self) -> None: ...


class TutorialCard:
    """Where the step's card goes, and its drawing."""

    def __init__(self, scene: TableScene, progress: Progress, layer: Lesson) -> None:
        self.scene = scene
        self.progress = progress
        self.layer = layer

    @property
    def number(self) -> int:
        """The step the card shows (0-based): the one in play, or an earlier one (Back)."""
        return max(0, self.progress.step - self.layer.back)

    @property
    def step(self) -> Step:
        return self.progress.tutorial.steps[self.number]

    def look_rect(self) -> pygame.Rect | None:
        """The region the card shown points at: Back rings the earlier card's region (or
        none), never the step in play's beside the earlier words."""
        look = self.step.look
        return self.scene.regions().get(look) if look else None

    def clear_rects(self) -> list[pygame.Rect]:
        """What the shown card's words are about besides its region (`Step.clear`): the
        card keeps them in view. A name this table does not know is skipped."""
        regions = self.scene.regions()
        return [regions[name] for name in self.step.clear if name in regions]

    def watch_progress(self) -> str:
        """How far a watch step in play has got ("move 3 of 16"), while its moves play: a
        long one must not look hung. Empty otherwise."""
        step = self.progress.current
        if step.kind != "watch" or self.progress.watched:
            return ""
        return f"move {max(1, self.progress.moves_played)} of {len(step.moves)}"

    def in_list(self, reason: str) -> str:
        """The refusal to say: inside an open list the step's own line only repeats the
        card, so it names the line to pick instead."""
        step = self.progress.current
        if step.kind != "act" or not self.scene.floating_rects():
            return reason
        fitting = [a for a in self.scene.state.legal_actions() if step.accepts(a.to_str())]
        if not fitting:
            return reason
        return f"Not that line: pick \u201c{self.scene.describe_action(fitting[0])}\u201d."

    def refusal_lines(self, width: int) -> list[str]:
        return text.wrap(self.layer.refusal, 15, width - 40) if self.layer.refusal else []

    def _height(self, width: int) -> int:
        """The card's height at `width`: words, a refusal, a picture, the buttons' row."""
        step = self.step
        line = text.line_height(16)
        lines = text.wrap(self.scene.words(step.text), 16, width - 32)
        refusal = self.refusal_lines(width)
        warn = 16 + text.space(20, 15) * len(refusal) if refusal else 0
        picture = PICTURE_SIZE[1] + 12 if step.picture else 0
        buttons = 94 if self.progress.finished and width < CARD_WIDTH else 48  # two rows
        return body_top() + 12 + line * len(lines) + warn + picture + buttons

    def rect(self) -> pygame.Rect:
        """The step's card, in the first corner of the board that leaves the region it
        points at and the regions its words name in view (bottom right, bottom left, the
        top corners below the toasts, then at the very top, then bottom middle), narrower
        if only a narrow card fits beside them. An open list must stay clickable; what the
        words name matters more than the (often large) region ringed; and where no corner
        leaves what the words name in view (a picture's card on a full board), the card
        covers as little of it as it can."""
        board = self.scene.board_rect
        look = self.look_rect()
        shown = [look.inflate(12, 12)] if look is not None else []
        named = [r.inflate(12, 12) for r in self.clear_rects()]
        floating = [r.inflate(12, 12) for r in self.scene.floating_rects()]
        inset, below_toasts = 14, board.top + 120
        corners = (
            ("bottomright", (board.right - inset, board.bottom - inset)),
            ("bottomleft", (board.left + inset, board.bottom - inset)),
            ("topright", (board.right - inset, below_toasts)),
            ("topleft", (board.left + inset, below_toasts)),
            ("topright", (board.right - inset, board.top + inset)),
            ("topleft", (board.left + inset, board.top + inset)),
            ("midbottom", (board.centerx, board.bottom - inset)),
        )
        best: tuple[tuple[int, int, bool], pygame.Rect] | None = None
        for size in self.sizes():
            card = pygame.Rect((0, 0), size)
            for anchor, point in corners:
                placed = card.copy()
                setattr(placed, anchor, point)
                cost = (_covered(placed, floating), _covered(placed, named),
                        placed.collidelist(shown) >= 0)
                if best is None or cost < best[0]:
                    best = (cost, placed)
        assert best is not None
        return best[1]

    def sizes(self) -> list[tuple[int, int]]:
        """The card's sizes to try, the usual first: narrower beside a wide region, wider
        (so shorter) under one; a picture's card keeps the width its frame is made for."""
        widths = (CARD_WIDTH,) if self.step.picture else (CARD_WIDTH, NARROW_WIDTH, WIDE_WIDTH)
        return [(width, self._height(width)) for width in widths]

    def make_buttons(self, card: pygame.Rect) -> list[object]:
        """The card's buttons: Return while an earlier card is shown, else Next once the
        step waits for it (the end card's own); Back while there is a card before."""
        layer, button, y = self.layer, self.scene.button, card.bottom - 50
        made: list[object] = []
        if layer.back:
            made.append(button(pygame.Rect(card.right - 150, y, 134, 38), "Return",
                               layer.show_current, "Back to the step in play (Enter)",
                               "@accent"))
        elif self.progress.finished:
            made += self._end_buttons(card)
        elif layer.waiting:
            made.append(button(pygame.Rect(card.right - 130, y, 114, 38), "Next",
                               layer.next_step, "Next step (Enter)", "@accent"))
        if self.number > 0 and not self.progress.finished:
            made.append(button(pygame.Rect(card.left + 16, y, 96, 38), "Back",
                               layer.show_earlier, "The card before (its words only)"))
        return made

    def _end_buttons(self, card: pygame.Rect) -> list[object]:
        """The last card's: a real game, the results (once the game has its final
        scoring) and the launcher; on a narrow card the first has a row of its own."""
        button, y = self.scene.button, card.bottom - 50
        narrow = card.width < CARD_WIDTH
        first = (pygame.Rect(card.left + 16, y - 46, card.width - 32, 38) if narrow
                 else pygame.Rect(card.left + 16, y, 200, 38))
        made: list[object] = [button(first, "Play a real game now", self.layer.play_real_game,
                                     "Set up a game with these seats", "@accent")]
        if self.scene.game_over:  # a lesson that played to the final scoring
            left = card.left + 16 if narrow else card.left + 224
            made.append(button(pygame.Rect(left, y, 104, 38), "Results",
                               self.scene.reopen_results, "The final scores"))
        made.append(button(pygame.Rect(card.right - 130, y, 114, 38), "Launcher",
                           self.scene.app.go_home))
        return made

    def keep_tooltips_clear(self, card: pygame.Rect) -> None:
        """A button's tooltip never lies over the card (the bar's Pass beside its Next):
        it moves above the card, or beside it, wherever it fits on the screen."""
        screen = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)
        for element in self.scene.gui.get_sprite_group().sprites():
            if isinstance(element, UITooltip) and element.rect.colliderect(card):
                element.set_position(_clear_of(element.rect, card, screen))

    def draw_ring(self, surface: pygame.Surface) -> None:
        """Dim the table around the region the card shown points at, and ring it."""
        look = self.look_rect()
        if look is None:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 12, 16, 120))
        pygame.draw.rect(shade, (0, 0, 0, 0), look.inflate(12, 12), border_radius=10)
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.ACCENT, look.inflate(12, 12), 3, border_radius=10)

    def draw(self, surface: pygame.Surface) -> None:
        step = self.step
        card = self.rect()
        # opaque: the table's words under the card never show through its own
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.25), card, border_radius=10)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=10)
        total = len(self.progress.tutorial.steps)
        head = f"{self.progress.tutorial.title} · step {self.number + 1} of {total}"
        if self.layer.back:
            head += " (read again)"
        elif self.watch_progress():
            head += f" · {self.watch_progress()}"
        text.draw(surface, head, (card.left + 16, card.top + 12), 13, theme.MUTED,
                  max_width=card.width - 32)
        text.draw(surface, step.title or _heading(step.kind),
                  (card.left + 16, card.top + 12 + text.space(20, 13)),
                  19, theme.ACCENT, "bold", max_width=card.width - 32)
        top = card.top + body_top() + self._draw_refusal(surface, card, card.top + body_top())
        if not self.layer.text_shown:
            text.draw(surface, "…", (card.left + 16, top), 16, theme.MUTED)
            return  # the words wait until the table has shown what they talk about
        body = pygame.Rect(card.left + 16, top, card.width - 32, card.bottom - top)
        height = text.draw_wrapped(surface, self.scene.words(step.text), body, 16, theme.TEXT)
        if step.picture:
            self._draw_picture(surface, self.picture_rect(card, body.top + height),
                               step.picture)

    def _draw_refusal(self, surface: pygame.Surface, card: pygame.Rect, top: int) -> int:
        """The refused move's reason, in red under the title; the height it takes."""
        lines = self.refusal_lines(card.width)
        if not lines:
            return 0
        step = text.space(20, 15)
        box = pygame.Rect(card.left + 12, top - 4, card.width - 24, 8 + step * len(lines))
        pygame.draw.rect(surface, theme.darken(theme.BAD, 0.6), box, border_radius=6)
        pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=6)
        for i, line in enumerate(lines):
            text.draw(surface, line, (box.left + 8, box.top + 4 + step * i), 15, theme.TEXT)
        return box.height + 8

    def picture_rect(self, card: pygame.Rect | None = None, text_bottom: int | None = None
                     ) -> pygame.Rect:
        """Where the step's picture goes: under its words, across the card."""
        card = card if card is not None else self.rect()
        if text_bottom is None:
            line = text.line_height(16)
            words = text.wrap(self.scene.words(self.step.text), 16, CARD_WIDTH - 32)
            refusal = self.refusal_lines(card.width)
            warn = 16 + text.space(20, 15) * len(refusal) if refusal else 0
            text_bottom = card.top + body_top() + warn + line * len(words)
        return pygame.Rect((card.left + 16, text_bottom + 8), PICTURE_SIZE)

    def _draw_picture(self, surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
        """The scene paints the picture; the layer frames it (clipped, so a picture never
        spills over the card)."""
        pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        self.scene.draw_tutorial_picture(surface, rect, name)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)


def body_top() -> int:
    """Where a card's words start under its head line and title (62 px as designed),
    lower as the text size grows."""
    return 12 + text.space(20, 13) + text.space(30, 19)


def _clear_of(tip: pygame.Rect, card: pygame.Rect, screen: pygame.Rect) -> tuple[int, int]:
    """Where a tooltip goes clear of the card: above it, below it, to its right, to its
    left (the first that fits on the screen), else the screen's top left corner."""
    gap = 4
    spots = [(tip.left, card.top - gap - tip.height), (tip.left, card.bottom + gap),
             (card.right + gap, tip.top), (card.left - gap - tip.width, tip.top)]
    for x, y in spots:
        placed = pygame.Rect((x, y), tip.size)
        placed.clamp_ip(screen)
        if not placed.colliderect(card):
            return placed.topleft
    return screen.topleft


def _covered(card: pygame.Rect, rects: list[pygame.Rect]) -> int:
    """How many pixels of `rects` the card would cover."""
    return sum(card.clip(r).width * card.clip(r).height for r in rects)


def _heading(kind: str) -> str:
    return {"explain": "Look", "act": "Your move", "watch": "Watch", "end": "Well played"}[kind]
