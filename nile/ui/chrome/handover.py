"""Whose view the table shows, and the pass-the-screen cover between people.

With one human, the table always shows that human's view; with none, a spectator's, who
sees only public facts. When two or more humans share the screen in a game with hidden
information, the person looking may change at any hand-over, so the table then shows only
what everyone may see (`observation(None)`): at the start, during every bot's turn, and
between two humans. One property, `viewer`, says who is looking; the table, the log, the
panels, toasts and the bars are all described for it. A human who has moved watches the
move play out in their own view, then presses "Done, pass to the next player"; the cover
then goes up for the next human, and nothing of the table (and no control but Menu) shows
until that player says they are ready. A game may say that a moment has nothing private
(`GameScene.private_now`): the screen then passes without a cover, and the human to act
plays on the public view.

A replay has one viewer, the spectator (`nile.ui.chrome.spectator`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.game import GameState
from nile.ui import text, theme
from nile.ui.chrome.layer import Layer
from nile.ui.kit.button import Button

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

DONE_LABEL = "Done, pass to the next player"


class HandOver(Layer):
    """The live game's viewer and, on a shared screen, the cover and the Done button."""

    def __init__(self, scene: TableScene, shared_screen: bool) -> None:
        self.scene = scene
        self.shared_screen = shared_screen
        """Two or more humans look at one screen in a game with hidden information."""
        self.given_to: int | None = None
        """The human the screen is given to: their turn is played here (`my_turn`). Whether
        their own view shows is `viewer`, the one rule for who is looking."""
        self.seated: int | None = None
        """Shared screen: the human who said "I am …" on the cover and has not passed the
        screen on since (only they may read their own view)."""
        self.covered_for: int | None = None
        """The human the cover waits for (their view shows once they say they are there)."""
        self.handing_over: int | None = None
        """The human who has just moved and has yet to press Done (shared screen only)."""
        self._done_button: object | None = None
        self._start()

    # Who looks ---------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Who is looking now: the one viewer that the table (`view`), the log, the panels,
        toasts and the bars are all described for. None is the public, what every seat
        may see (`Event.describe(None)`, `observation(None)`).

        A seat only while that seat's own view may show: the one human at the screen, or
        on a shared screen the human who said "I am …" on the cover, on their turn and
        while their move plays out (until Done). Whenever the screen may change hands it
        is None: under the cover, during bots' turns, at the start, between two humans
        (also when the turn passes without a cover because nothing is private then)."""
        if self.covered_for is not None:
            return None
        if self.shared_screen and self.given_to != self.seated:
            return None
        return self.given_to

    def view_of(self, state: GameState) -> GameState:
        """What the table shows of `state`: the viewer's observation (a finished game's
        whole state)."""
        return state if state.is_terminal else state.observation(self.viewer)

    def show_log(self) -> None:
        """The log as the person looking now may read it (new lines once the table has
        shown the move)."""
        self.scene.log.show_live(self.viewer, hold=self.scene.anims.busy)

    @property
    def waiting(self) -> bool:
        """The screen waits for a person (Done, or "I am …"): no bot moves meanwhile."""
        return self.covered_for is not None or self.handing_over is not None

    def _start(self) -> None:
        """Whose view comes first; with a shared screen nobody's until someone says so."""
        state = self.scene.state
        if self.shared_screen and not state.is_terminal:
            self._pass_on()
            return
        humans = [i for i, s in enumerate(self.scene.match.seats) if s.is_human]
        seat = state.current_player
        if seat is not None and seat >= 0 and seat in humans:
            self.given_to = seat
        else:
            self.given_to = humans[0] if humans else None

    def _human_to_act(self) -> int | None:
        seat = self.scene.state.current_player
        if seat is not None and seat >= 0 and self.scene.match.seats[seat].is_human:
            return seat
        return None

    def _pass_on(self) -> None:
        """Shared screen: the next human gets the cover; a bot's turn shows public facts."""
        self.handing_over = self.seated = None
        seat = self._human_to_act()
        if seat is None:
            self.given_to = None
        elif self.scene.private_now():
            self.given_to, self.covered_for = None, seat
        else:
            self.given_to = seat  # their turn, but whoever looks sees the public view

    def after_move(self, actor: int | None) -> None:
        """After any move: who may look at the table now."""
        if not self.shared_screen:  # the human to act looks; between them, the last one
            seat = self._human_to_act()
            if self.scene.state.is_terminal:
                self.given_to = None
            elif seat is not None:
                self.given_to = seat
            return
        if self.scene.state.is_terminal:
            self.given_to = self.seated = self.covered_for = self.handing_over = None
            return
        if self.scene.state.current_player == actor:
            # the same seat goes on deciding (another card, the next step); if it was given
            # the turn without the cover and now has something private, the cover first
            if self.seated != actor and self.scene.private_now():
                self._pass_on()
            return
        if (
            actor is not None
            and actor >= 0
            and actor == self.viewer
            and self.scene.match.seats[actor].is_human
            and self.scene.private_now()
        ):
            self.handing_over = actor
            return
        self._pass_on()

    def take_back(self, seat: int) -> None:
        """An undo gives the table back to the seat whose move was taken back."""
        self.given_to, self.covered_for, self.handing_over = seat, None, None

    def words(self) -> str | None:
        """The bottom bar's words while the screen waits for the acting human's Done."""
        if self.handing_over is None:
            return None
        words = f"{self.scene.name(self.handing_over)}, your move is made."
        if not self.scene.anims.busy:
            words += " When you are ready, pass the screen on."
        return words

    def pass_screen(self) -> None:
        """The acting human pressed Done: their view goes, the screen passes on."""
        if self.handing_over is None:
            return
        self._pass_on()
        self.scene.refresh()

    def show_view(self) -> None:
        """The player the cover waits for says they are at the screen: their view shows."""
        if self.covered_for is None:
            return
        self.given_to = self.seated = self.covered_for
        self.covered_for = None
        self.scene.refresh()

    # The layer ---------------------------------------------------------------------------

    @property
    def blocking(self) -> bool:
        return self.covered_for is not None

    @property
    def opaque(self) -> bool:
        return self.cover_shown

    @property
    def cover_shown(self) -> bool:
        """The cover is drawn once the move before it has played out: the table meanwhile
        shows everyone's public view (nobody's is chosen yet), so a bot's move that starts
        a private step (its last track laid, then a secret bid) is seen by all, not hidden
        behind a cover with the bar still naming the bot."""
        return self.covered_for is not None and not self.scene.anims.busy

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.covered_for is not None:
            if self.cover_shown:
                self._handle_cover_event(event)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.scene.commands.menu()
            return True
        if (self._done_button is not None and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.pass_screen()
            return True
        return False

    def update(self, dt: float) -> None:
        """The Done button shows once the acting human's move has played out."""
        wanted = self.handing_over is not None and not self.scene.anims.busy
        if wanted and self._done_button is None:
            bar = self.scene.action_bar_rect
            width = 56 + text.render(DONE_LABEL, 17, theme.TEXT, "bold").get_width()
            rect = pygame.Rect(bar.right - 10 - width, bar.top + 9, width, bar.height - 18)
            self._done_button = self.scene.button(
                rect, DONE_LABEL, self.pass_screen, "Hide your view and pass the screen (Enter)",
                "@accent",
            )
        elif not wanted and self._done_button is not None:
            self.scene.forget(self._done_button)  # type: ignore[arg-type]
            self._done_button = None

    @property
    def done_left(self) -> int | None:
        """Where the Done button begins (the bottom bar's words stop there), if shown."""
        button = self._done_button
        return None if button is None else button.rect.left  # type: ignore[attr-defined]

    def _cover_button(self) -> Button:
        """"I am Ann: show my view", the kit's button, pressed on release."""
        assert self.covered_for is not None
        rect = pygame.Rect(theme.WIDTH // 2 - 170, theme.HEIGHT // 2 + 72, 340, 54)
        return Button(rect, f"I am {self.scene.name(self.covered_for)}: show my view",
                      self.show_view, accent=True, size=20, on_release=True)

    def _handle_cover_event(self, event: pygame.event.Event) -> None:
        if self._cover_button().handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.show_view()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.scene.commands.menu()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.cover_shown:
            return
        assert self.covered_for is not None
        surface.fill(theme.BG)
        color = self.scene.color(self.covered_for)
        center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 80)
        theme.draw_symbol(surface, color.symbol, center, 40, color.rgb, theme.TEXT)
        name = self.scene.name(self.covered_for)
        text.draw(surface, f"Pass the screen to {name}", (theme.WIDTH // 2, center[1] + 60),
                  34, theme.TEXT, "bold", "midtop", max_width=1100)
        text.draw(surface,
                  f"Other players, please look away: what only {name} may see comes next.",
                  (theme.WIDTH // 2, center[1] + 108), 18, theme.MUTED, anchor="midtop",
                  max_width=1100)
        self._cover_button().draw(surface, pygame.mouse.get_pos())
        self.scene.top_bar.draw(surface)  # the title, the round and Menu stay in view
