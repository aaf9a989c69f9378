"""The tutorial on the table: the step's card, the region it points at, the other seats'
scripted moves, and the refusal of any action the step does not ask for.

One layer for every game: a scene only names its regions (`GameScene.regions`); the
steps, their words and the scripted chance come from the game's `tutorial.toml` through
`nile.core.tutorial`. The layer dims the table around the region the step looks at, but
never takes input from it: the learner plays on the real table. An explain step's picture
is drawn by the scene (`GameScene.draw_tutorial_picture`) into a frame on the card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action
from nile.core.tutorial import Progress
from nile.ui import assets, sound, text, theme
from nile.ui.games import start_new

if TYPE_CHECKING:
    from nile.ui.chrome.game_scene import GameScene

CARD_WIDTH = 470
PICTURE_SIZE = (CARD_WIDTH - 32, 150)
"""The frame an explain step's picture is drawn into, below the step's words."""
NARROW_WIDTH = 350
"""A card beside a wide region (a score table) where the usual one would cover it."""
WATCH_DELAY = 1.0
"""Seconds between the scripted moves of the other seats, so the learner can follow."""
FAST_DELAY = 0.12
"""Seconds between the moves of a fast watch step (skipping ahead: each move's animation
is cut short, the table still shows every move happen)."""


class TutorialLayer:
    """Drives and draws a tutorial over `scene`."""

    def __init__(self, scene: GameScene, progress: Progress) -> None:
        self.scene = scene
        self.progress = progress
        self._buttons: list[object] = []
        self._shown_step = -1
        self._wait = 0.0
        scene.match.chance_script = progress.scripted_chance

    # What the scene asks ---------------------------------------------------------------

    @property
    def watching(self) -> bool:
        """The script is playing moves now (a watch step): nothing is the learner's to do."""
        return self.progress.current.kind == "watch"

    def allows(self, action: Action) -> bool:
        """True if `action` is the step's; otherwise say why not (and the scene refuses it)."""
        reason = self.progress.refusal(action.to_str())
        if reason is None:
            return True
        self.scene.toast(self.scene.words(reason), "error", seconds=5.0)
        sound.play("error")
        return False

    def after(self, action: Action) -> None:
        """The learner did what the step asked: on to the next step (before the scene
        autosaves the move, so the step is written with it)."""
        if self.progress.current.kind == "act" and self.progress.current.accepts(action.to_str()):
            self.progress.advance()

    @property
    def skipping(self) -> bool:
        """A fast watch step: its moves do not wait for the table's animations."""
        step = self.progress.current
        return step.kind == "watch" and step.fast

    def sync(self) -> None:
        """The buttons of the step shown (every frame, even while bots are paused)."""
        if self._shown_step != self.progress.step:
            self._make_buttons()
            self.scene.refresh()  # a watch step begins or ends: the learner's controls change

    def update(self, dt: float) -> None:
        """The other seats' scripted moves, one by one, once the table is still."""
        move = self.progress.next_move()
        if move is None:
            if self.progress.current.kind == "watch":
                self.progress.advance()
                self.scene.save_progress()
            return
        fast = self.skipping
        if self.scene.anims.busy and not fast:
            return
        self._wait += dt
        if self._wait < self._delay(fast):
            return
        self._wait = 0.0
        if fast:
            self.scene.anims.finish()
        self._play_move(move)

    def _play_move(self, move: str) -> None:
        """One of the script's moves, saved with the count of moves played (the scene's
        autosave after the move): a tutorial left in the middle of a watch step resumes
        after the moves already made."""
        self.progress.moves_played += 1
        self.scene.play_scripted(self.scene.state.parse_action(move))

    def _delay(self, fast: bool) -> float:
        """Seconds before the next scripted move: a fast step's, else the step's own pace
        or the usual one, scaled by the bot speed setting."""
        if fast:
            return FAST_DELAY * min(1.0, self.scene.app.settings.bot_delay() / 0.7)
        pace = self.progress.current.pace
        delay = WATCH_DELAY if pace is None else pace
        return delay * max(0.25, self.scene.app.settings.bot_delay() / 0.7)

    def fast_forward(self, to_step: int) -> None:
        """Play the tutorial as a learner would, up to step `to_step` (shots and tests):
        Next on explain steps, the step's example or the first fitting legal action on act
        steps, the script's moves on watch steps."""
        while self.progress.step < to_step and not self.progress.finished:
            step = self.progress.current
            if step.kind == "explain":
                self.next_step()
            elif step.kind == "watch":
                move = self.progress.next_move()
                if move is None:
                    self.progress.advance()
                    self.scene.save_progress()
                else:
                    self._play_move(move)
            elif step.example:
                self.scene.submit(self.scene.state.parse_action(step.example))
            else:
                fitting = [a for a in self.scene.state.legal_actions() if step.accepts(a.to_str())]
                if not fitting:
                    raise RuntimeError(f"step {self.progress.step + 1} cannot be done: "
                                       f"the script and the rules disagree")
                self.scene.submit(fitting[0])
        self.scene.anims.finish()
        self.scene.refresh()

    # Buttons ------------------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        for element in self._buttons:
            self.scene.forget(element)  # type: ignore[arg-type]
        self._buttons = []
        self._shown_step = self.progress.step
        card = self.card_rect()
        y = card.bottom - 50
        kind = self.progress.current.kind
        if kind == "explain":
            self._buttons.append(self.scene.button(pygame.Rect(card.right - 130, y, 114, 38),
                                                   "Next", self.next_step, "Next step (Enter)",
                                                   "@accent"))
        elif kind == "end":
            self._buttons.append(self.scene.button(pygame.Rect(card.left + 16, y, 236, 38),
                                                   "Play a real game now", self.play_real_game,
                                                   None, "@accent"))
            self._buttons.append(self.scene.button(pygame.Rect(card.right - 150, y, 134, 38),
                                                   "Launcher", self.scene.app.go_home))

    def next_step(self) -> None:
        if self.progress.current.kind == "explain":
            self.progress.advance()
            self.scene.save_progress()

    def play_real_game(self) -> None:
        """The same seats, the others now real bots, a fresh seed."""
        match = self.scene.match
        seats = [seat if i == 0 else replace(seat, kind="bot", level="normal")
                 for i, seat in enumerate(match.seats)]
        start_new(self.scene.app, match.info, seats, match.options, seed=None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter is Next on an explain step."""
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.progress.current.kind == "explain"):
            self.next_step()
            return True
        return False

    # Drawing ------------------------------------------------------------------------------------

    def look_rect(self) -> pygame.Rect | None:
        look = self.progress.current.look
        return self.scene.regions().get(look) if look else None

    def card_rect(self) -> pygame.Rect:
        """The step's card, in the first corner of the board that leaves the region it
        points at in view (bottom right, bottom left, then the top corners below the
        toasts), narrower if only a narrow card fits beside the region; over the region
        only when it fills the board."""
        board = self.scene.board_rect
        step = self.progress.current
        line = assets.font(16).get_linesize()
        buttons = 48 if step.kind in ("explain", "end") else 0
        picture = PICTURE_SIZE[1] + 12 if step.picture else 0
        look = self.look_rect()
        keep_clear = [r.inflate(12, 12) for r in (look, *self.scene.floating_rects())
                      if r is not None]
        inset, below_toasts = 14, board.top + 120
        corners = (
            {"bottomright": (board.right - inset, board.bottom - inset)},
            {"bottomleft": (board.left + inset, board.bottom - inset)},
            {"topright": (board.right - inset, below_toasts)},
            {"topleft": (board.left + inset, below_toasts)},
        )
        # the end card's two buttons and a picture's frame need the full width
        full = step.kind == "end" or bool(step.picture)
        widths = (CARD_WIDTH,) if full else (CARD_WIDTH, NARROW_WIDTH)
        floating = keep_clear[1:] if look is not None else keep_clear
        # an open list must stay clickable even where the region cannot stay in view
        for avoid in (keep_clear, floating) if floating else (keep_clear,):
            for width in widths:
                lines = text.wrap(self.scene.words(step.text), 16, width - 32)
                card = pygame.Rect(0, 0, width, 74 + line * len(lines) + picture + buttons)
                for corner in corners:
                    placed = card.copy()
                    for anchor, point in corner.items():
                        setattr(placed, anchor, point)
                    if placed.collidelist(avoid) < 0:
                        return placed
        lines = text.wrap(self.scene.words(step.text), 16, CARD_WIDTH - 32)
        card = pygame.Rect(0, 0, CARD_WIDTH, 74 + line * len(lines) + picture + buttons)
        card.bottomleft = (board.left + inset, board.bottom - inset)
        return card

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look_rect()
        if look is not None:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((8, 12, 16, 120))
            pygame.draw.rect(shade, (0, 0, 0, 0), look.inflate(12, 12), border_radius=10)
            surface.blit(shade, (0, 0))
            pygame.draw.rect(surface, theme.ACCENT, look.inflate(12, 12), 3, border_radius=10)
        self._draw_card(surface)

    def _draw_card(self, surface: pygame.Surface) -> None:
        step = self.progress.current
        card = self.card_rect()
        panel = pygame.Surface(card.size, pygame.SRCALPHA)
        panel.fill((*theme.darken(theme.PANEL, 0.25), 244))
        surface.blit(panel, card)
        pygame.draw.rect(surface, theme.ACCENT, card, 2, border_radius=10)
        total = len(self.progress.tutorial.steps)
        head = f"{self.progress.tutorial.title} · step {self.progress.step + 1} of {total}"
        text.draw(surface, head, (card.left + 16, card.top + 12), 13, theme.MUTED,
                  max_width=card.width - 32)
        text.draw(surface, step.title or _heading(step.kind), (card.left + 16, card.top + 32),
                  19, theme.ACCENT, "bold", max_width=card.width - 32)
        body = pygame.Rect(card.left + 16, card.top + 62, card.width - 32, card.height - 62)
        height = text.draw_wrapped(surface, self.scene.words(step.text), body, 16, theme.TEXT)
        if step.picture:
            self._draw_picture(surface, self.picture_rect(card, body.top + height),
                               step.picture)

    def picture_rect(self, card: pygame.Rect | None = None, text_bottom: int | None = None
                     ) -> pygame.Rect:
        """Where the step's picture goes: under its words, across the card."""
        card = card if card is not None else self.card_rect()
        if text_bottom is None:
            line = assets.font(16).get_linesize()
            words = text.wrap(self.scene.words(self.progress.current.text), 16, CARD_WIDTH - 32)
            text_bottom = card.top + 62 + line * len(words)
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


def _heading(kind: str) -> str:
    return {"explain": "Look", "act": "Your move", "watch": "Watch", "end": "Well played"}[kind]
