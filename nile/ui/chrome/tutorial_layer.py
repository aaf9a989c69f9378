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
from nile.ui import sound, theme
from nile.ui.chrome.botdriver import Autoplay
from nile.ui.chrome.tutorial_card import TutorialCard
from nile.ui.games import start_new

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

WATCH_DELAY = 1.0
"""Seconds between the scripted moves of the other seats, so the learner can follow."""
FAST_DELAY = 0.12
"""Seconds between the moves of a fast watch step (skipping ahead: each move's animation
is cut short, the table still shows every move happen)."""


class TutorialLayer(Autoplay):
    """Drives and draws a tutorial over `scene`: it plays the other seats in the bots'
    place, and the learner's own seat in a watch step."""

    allows_undo = False
    """A lesson goes forward only."""

    keeps_records = False  # a lesson is not a game the player played

    def __init__(self, scene: TableScene, progress: Progress) -> None:
        super().__init__(scene)
        self.progress = progress
        self._buttons: list[object] = []
        self._shown_step = -1
        self._wait = 0.0
        scene.match.chance_script = progress.scripted_chance
        self.card = TutorialCard(scene, progress)

    # What the scene asks ---------------------------------------------------------------

    @property
    def allows_results(self) -> bool:  # type: ignore[override]
        """A lesson that plays to the end explains the scoring on the table first: the
        results come with its last step."""
        return self.progress.finished

    def hint(self) -> str | None:
        """The step knows the move it teaches; a bot's idea could be another one."""
        step = self.progress.current
        return self.scene.words(step.wrong or step.title)

    @property
    def watching(self) -> bool:  # type: ignore[override]
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

    def saved_with_game(self) -> dict[str, object]:
        """The lesson's step goes into every autosave, in the same write as the move."""
        return {"tutorial": self.progress.to_dict()}

    def save_progress(self) -> None:
        """Autosave after a step moved on without a move (Next, a watch step's end)."""
        self.scene.autosave()

    @property
    def skipping(self) -> bool:  # type: ignore[override]
        """A fast watch step: its moves do not wait for the table's animations."""
        step = self.progress.current
        return step.kind == "watch" and step.fast

    def sync(self) -> None:
        """The buttons of the step shown (every frame, even while bots are paused)."""
        if self._shown_step != self.progress.step:
            self._make_buttons()
            self.scene.refresh()  # a watch step begins or ends: the learner's controls change

    def update(self, dt: float) -> None:
        """The step's buttons, then (when the table may move on) the script's moves."""
        self.sync()
        if self.ready():
            self._play(dt)

    def _play(self, dt: float) -> None:
        """The other seats' scripted moves, one by one, once the table is still."""
        move = self.progress.next_move()
        if move is None:
            if self.progress.current.kind == "watch":
                self.progress.advance()
                self.save_progress()
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
                    self.save_progress()
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
        card = self.card.rect()
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
            self.save_progress()

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

    def draw(self, surface: pygame.Surface) -> None:
        look = self.card.look_rect()
        if look is not None:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((8, 12, 16, 120))
            pygame.draw.rect(shade, (0, 0, 0, 0), look.inflate(12, 12), border_radius=10)
            surface.blit(shade, (0, 0))
            pygame.draw.rect(surface, theme.ACCENT, look.inflate(12, 12), 3, border_radius=10)
        self.card.draw(surface)
        self.scene.draw_floating(surface)  # a list the step asks to choose from stays clear
