"""The tutorial on the table: the step's card, the region it points at, the other seats'
scripted moves, and the refusal of any action the step does not ask for.

One layer for every game: a scene only names its regions (`GameScene.regions`); the
steps, their words and the scripted chance come from the game's `tutorial.toml` through
`nile.core.tutorial`. The layer dims the table around the region the step looks at, but
never takes input from it: the learner plays on the real table. An explain step's picture
is drawn by the scene (`GameScene.draw_tutorial_picture`) into a frame on the card.

The lesson waits for the learner: a watch step plays its moves, then waits for Next like
an explain step; Back shows the cards already read (words only: the moves stay played);
a refused move is said on the card itself (never a banner over it) and goes as soon as the
step moves on; a card's words show once the table has finished showing the move they talk
about (`scene.anims`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action
from nile.core.tutorial import Progress
from nile.ui import sound
from nile.ui.chrome.botdriver import Autoplay
from nile.ui.chrome.tutorial_card import TutorialCard
from nile.ui.setup_scene import SetupScene, lesson_rows

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

WATCH_DELAY = 1.0
"""Seconds between the scripted moves of the other seats, so the learner can follow."""
REFUSAL_SECONDS = 6.0
"""How long a refusal stays on the card if the learner does nothing (the right move, Next
or Back take it away at once)."""
FAST_DELAY = 0.12
"""Seconds between the moves of a fast watch step (skipping ahead: each move's animation
is cut short, the table still shows every move happen)."""

SETTLE_SECONDS = 0.5
"""Frames keep coming this long after the card's buttons change."""


class TutorialLayer(Autoplay):
    """Drives and draws a tutorial over `scene`: it plays the other seats in the bots'
    place, and the learner's own seat in a watch step."""

    allows_undo = False
    """A lesson goes forward only."""

    keeps_records = False  # a lesson is not a game the player played
    resumed_from = "Learn to play"  # Continue lists games only

    def __init__(self, scene: TableScene, progress: Progress) -> None:
        super().__init__(scene)
        self.progress = progress
        self._buttons: list[object] = []
        self._shown: tuple[int, int, bool, tuple[int, ...]] = (-1, 0, False, (0, 0, 0, 0))
        """(step, back, waiting for Next, the card) the buttons were made for."""
        self._wait = 0.0
        self.back = 0
        """How many steps back the card shows (Back): 0 is the step in play."""
        self.refusal = ""
        """Why the learner's last move was refused, said on the card until the step moves
        on (or `REFUSAL_SECONDS` pass)."""
        self._refusal_left = 0.0
        self._refusal_step = -1
        """The step the refusal was said in: it goes when that step is done."""
        self._text_step = -1
        """The step whose words are shown: a new step's wait until the table is still."""
        self._settle = 0.0
        scene.match.chance_script = progress.scripted_chance
        self.card = TutorialCard(scene, progress, self)

    # What the scene asks ---------------------------------------------------------------

    @property
    def allows_results(self) -> bool:  # type: ignore[override]
        """A lesson that plays to the end explains the scoring on the table, and its last
        card ("Well played") stays on top: the results open from that card's button (and
        the top bar's), never over it by themselves."""
        return False

    def hint(self) -> str | None:
        """The step knows the move it teaches; a bot's idea could be another one."""
        return self.scene.words(self.progress.current.wrong or self.progress.current.title)

    def watch_progress(self) -> str:  # for the bar
        return self.card.watch_progress()

    @property
    def watching(self) -> bool:  # type: ignore[override]
        """The script is playing moves now (a watch step): nothing is the learner's to do."""
        return self.progress.current.kind == "watch"

    def allows(self, action: Action) -> bool:
        """True if `action` is the step's; otherwise say why not (and the scene refuses it)."""
        reason = self.progress.refusal(action.to_str())
        if reason is None:
            return True
        self.refuse(self.card.in_list(reason))
        sound.play("error")
        return False

    def refuse(self, reason: str) -> None:
        """Say on the card why a move was refused (the card grows a red line under its
        title: a banner elsewhere would cover the card or outlive the step)."""
        self.refusal = self.scene.words(reason)
        self._refusal_left = REFUSAL_SECONDS
        self._refusal_step = self.progress.step

    def after(self, action: Action) -> None:
        """The learner did what the step asked: on to the next step (before the scene
        autosaves the move, so the step is written with it); the refusal goes."""
        if self.progress.current.kind == "act" and self.progress.current.accepts(action.to_str()):
            self.progress.advance()
            self.clear_refusal()

    def clear_refusal(self) -> None:
        self.refusal, self._refusal_left = "", 0.0

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
        shown = (self.progress.step, self.back, self.waiting, tuple(self.card.rect()))
        if self._shown != shown:
            stepped = self._shown[0] != shown[0]
            if self._refusal_step != self.progress.step:
                self.clear_refusal()  # said about a step that is done
            self._make_buttons()
            if stepped:
                self.scene.refresh()  # a watch step begins or ends: the controls change

    @property
    def busy(self) -> bool:
        """Frames keep coming while the script has moves to play (an idle table draws once
        a second: the pace counts drawn frames) and until a step's words and buttons show."""
        return (super().busy or self.progress.next_move() is not None
                or not self.text_shown or self._settle > 0)

    @property
    def waiting(self) -> bool:
        """Next is offered now: an explain step, or a watch step whose moves have all
        been played and shown, and only once the card's words show (with them, never
        before: the bar's "press Next" and the button come together)."""
        return self.progress.waits_for_next and self.text_shown and not (
            self.progress.current.kind == "watch" and self.scene.anims.busy)

    @property
    def text_shown(self) -> bool:
        """Whether the card shows its words: only once the table has shown what they
        talk about (a new step's words wait for the move's animations, so the card never
        says where the caboose stopped while the dice still roll)."""
        return self._text_step == self.progress.step or self.back > 0

    def update(self, dt: float) -> None:
        """The step's buttons, then (when the table may move on) the script's moves."""
        if self._text_step != self.progress.step and not (self.scene.anims.busy
                                                          or self.scene.landing):
            self._text_step = self.progress.step
        self.sync()
        self._settle = max(0.0, self._settle - dt)
        if self._refusal_left > 0:
            self._refusal_left -= dt
            if self._refusal_left <= 0:
                self.clear_refusal()
        card = pygame.Rect(self._shown[3])  # as `sync` placed it this frame
        self.scene.toasts.avoid = card  # a hint or a notice never covers the card
        if card.collidepoint(self.scene.hover_timer.pos):
            self.scene.hover_timer.restart()  # no table tooltip while the card is read
        if self.ready():
            self._play(dt)

    def _play(self, dt: float) -> None:
        """The other seats' scripted moves, one by one, once the table is still; a watch
        step whose moves are played waits for Next."""
        move = self.progress.next_move()
        if move is None:
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
        """Seconds before the next scripted move: the step's own pace or the usual one
        (a fast step's, whose moves are cut short), scaled by the bot speed setting."""
        pace = self.progress.current.pace
        if fast:
            quick = FAST_DELAY if pace is None else pace
            return quick * min(1.0, self.scene.app.settings.bot_delay() / 0.7)
        delay = WATCH_DELAY if pace is None else pace
        return delay * max(0.25, self.scene.app.settings.bot_delay() / 0.7)

    def fast_forward(self, to_step: int) -> None:
        """Play the tutorial as a learner would, up to step `to_step` (shots and tests):
        Next on explain steps, the step's example or the first fitting legal action on act
        steps, the script's moves on watch steps."""
        while self.progress.step < to_step and not self.progress.finished:
            self.scene.land()  # no frames run here: a move waiting to land lands now
            step, self._text_step = self.progress.current, self.progress.step  # read at once
            move = self.progress.next_move() if step.kind == "watch" else None
            if move is not None:
                self._play_move(move)
            elif step.kind in ("explain", "watch"):
                self.scene.anims.finish()  # Next waits for a still table
                self.next_step()
            elif step.example:
                self.scene.submit(self.scene.state.parse_action(step.example))
            else:
                fitting = [a for a in self.scene.state.legal_actions() if step.accepts(a.to_str())]
                if not fitting:
                    raise RuntimeError(f"step {self.progress.step + 1} cannot be done: "
                                       f"the script and the rules disagree")
                self.scene.submit(fitting[0])
        self.scene.land()
        self.scene.anims.finish()
        self._text_step = self.progress.step
        self.scene.refresh()

    # Buttons ------------------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        for element in self._buttons:
            self.scene.forget(element)  # type: ignore[arg-type]
        card = self.card.rect()
        self._shown = (self.progress.step, self.back, self.waiting, tuple(card))
        self._buttons = self.card.make_buttons(card)
        self._settle = SETTLE_SECONDS  # drawn at once, not at the next idle frame

    def next_step(self) -> None:
        """Next: on from a step that waits for it, the table still (the button waits too)."""
        if self.back:
            self.show_current()
        elif self.progress.waits_for_next and not self.scene.anims.busy:
            self.progress.advance()
            self.save_progress()

    def show_earlier(self) -> None:
        """Back: the card before the one shown, to read again (the moves stay played)."""
        if self.progress.step - self.back > 0:
            self.back += 1

    def show_current(self) -> None:
        self.back = 0

    def play_real_game(self) -> None:
        """The setup screen for this game, its seats filled in as the lesson had them
        (the others now normal bots) and its options, to change or start at once."""
        match = self.scene.match
        app = self.scene.app
        app.go_home()
        app.push(SetupScene(app, match.info, prefill=lesson_rows(match.info, match.seats,
                                                                 dict(match.options))))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter is Next (or Return, while an earlier card is shown)."""
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and (self.back or self.waiting)):
            self.next_step()
            return True
        return False

    # Drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.card.draw_ring(surface)
        self.card.draw(surface)
        # a button's tooltip (made in the gui's update, drawn after this) never covers it
        self.card.keep_tooltips_clear(pygame.Rect(self._shown[3]))
        self.scene.draw_floating(surface)  # a list the step asks to choose from stays clear
