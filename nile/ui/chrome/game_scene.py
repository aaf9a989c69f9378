"""The base of every game's scene: the table in the middle, a stack of layers around it.

A game subclasses `GameScene` and implements four things: `draw_table` (draw a state),
`handle_table_event` (turn clicks and keys into actions via `submit`), `on_events`
(animate what the rules report) and `describe_action` (words for hints). Everything
else is the same for every game and lives in layers (`nile.ui.chrome.layer`), each one
mode of the screen with its own input, time and drawing, stacked bottom first:

- the table (`table_layer`): the game draws it; input no layer above took goes to it;
- the bottom bar (`action_bar`), the log (`game_log`), the top bar (`top_bar`);
- a replay's controls (`replay_bar`), only in a replay;
- who plays the other seats (`BotTurns`, a lesson's `TutorialLayer`, a host: `RemoteTable`);
- the end (`ending`): the results once the last move has played out;
- toasts, the save-trouble banner (`savetrouble`);
- whose view is shown and the pass-the-screen cover (`handover`), on top.

The scene itself keeps the match, the view drawn, moves played (`submit`, `after_action`),
the shared commands (hint, undo, log, rules, menu, save) and the autosave.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import pygame

from nile.core import library
from nile.core.errors import IllegalAction
from nile.core.game import Action, Event, GameState
from nile.core.replay import Replay
from nile.core.session import Match
from nile.core.text import fill_names
from nile.core.tutorial import Progress, check_pictures
from nile.ui import keys, sound, theme
from nile.ui.anim import Animations
from nile.ui.chrome import layer
from nile.ui.chrome.action_bar import ActionBar
from nile.ui.chrome.autosave import Autosaver
from nile.ui.chrome.botdriver import Autoplay, BotTurns
from nile.ui.chrome.commands import CHROME_KEYS, Commands
from nile.ui.chrome.ending import Ending
from nile.ui.chrome.face import TableScene
from nile.ui.chrome.game_log import GameLog
from nile.ui.chrome.handover import HandOver
from nile.ui.chrome.panels import Toasts, moment_of
from nile.ui.chrome.replay_bar import REPLAY_KEYS, ReplayBar, ReplayEnding
from nile.ui.chrome.results import ResultsScene
from nile.ui.chrome.savetrouble import SaveTrouble
from nile.ui.chrome.spectator import Spectator
from nile.ui.chrome.table_hooks import TableHooks
from nile.ui.chrome.table_layer import LookTable, PlayTable
from nile.ui.chrome.top_bar import TopBar
from nile.ui.chrome.tutorial_card import PICTURE_SIZE
from nile.ui.chrome.tutorial_layer import TutorialLayer
from nile.ui.kit.button import BarButton
from nile.ui.kit.tooltip import HoverTimer
from nile.ui.scene import Rescued, Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

__all__ = ["REPLAY_KEYS", "GameScene", "has_hidden_information"]


def has_hidden_information(match: Match) -> bool:
    """Whether the game hides anything from some seat (`GameInfo.hidden_information`)."""
    return match.info.hides_information(match.options)


class GameScene(TableHooks, TableScene):
    """The table and its layers; subclasses draw the table and turn input into actions."""

    keyboard_focus = False  # the keys are the game's (`KEYS`) and the chrome's

    CHROME_KEYS: ClassVar[tuple[keys.Binding, ...]] = CHROME_KEYS

    log: GameLog
    top_bar: TopBar
    replay_bar: ReplayBar
    handover: HandOver | Spectator
    autoplay: Autoplay
    table_layer: PlayTable
    tutorial: TutorialLayer | None

    def __init__(self, app: Shell, match: Match, replay: Replay | None = None,
                 autosaver: Autosaver | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.info = match.info
        self.replay = replay
        """The finished game watched again, or None in the live game."""
        self._shown: Match | Replay = match if replay is None else replay
        if autosaver is None and replay is None:
            autosaver = Autosaver(library.new_autosave_path(match.info.id))
        self.autosaver = autosaver if replay is None else None
        self.over_when_opened = match.state.is_terminal
        """The game had ended before this table opened it (a finished game loaded from a
        named save): no move can be made here, so nothing of it can be lost by leaving."""
        self.commands = Commands(self)
        self.anims = Animations(speed=app.settings.animation_factor())
        self.hover_timer = HoverTimer()
        """Where the mouse rests: the table's tooltips show once it has rested a moment."""
        self.view: GameState = match.state
        self.tutorial = None
        self.log = GameLog(self)
        self.toasts = Toasts(center_x=0, reasons=self.commands)
        self.action_bar = ActionBar(self)
        self.save_trouble = SaveTrouble(self)
        self.layers: list[layer.Layer] = []
        self.layers = self._watch_layers(replay) if replay is not None else self._play_layers()
        self.toasts.center_x = self.table_rect.centerx
        self.refresh()

    def _play_layers(self) -> list[layer.Layer]:
        """The live game's stack, bottom first."""
        humans = sum(1 for s in self.match.seats if s.is_human)
        self.handover = HandOver(
            self, humans > 1 and has_hidden_information(self.match))
        self.autoplay = BotTurns(self)
        self.top_bar = TopBar(self, live=True)
        self.ending = Ending(self)
        self.table_layer = PlayTable(self)
        return [self.table_layer, self.action_bar, self.log, self.top_bar, self.autoplay,
                self.ending, self.toasts, self.save_trouble, self.handover]

    def _watch_layers(self, replay: Replay) -> list[layer.Layer]:
        """A replay's stack: the table to look at, the log, the bars."""
        self.handover, self.autoplay = Spectator(self), Autoplay(self)
        self.top_bar = TopBar(self, live=False)
        self.replay_bar = ReplayBar(self)
        self.ending = ReplayEnding(self, self.replay_bar)
        self.table_layer = LookTable(self)
        return [self.table_layer, self.log, self.replay_bar, self.top_bar, self.toasts]

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts of the screen a tutorial step can point at; games add their own."""
        return {
            "table": self.board_rect,
            "action_bar": self.action_bar_rect,
            "log": self.log.rect,
            "top_bar": pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT),
        }

    # Shared state ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The state on the table: the live game's, or the replay's at its position."""
        return self._shown.state

    @property
    def names(self) -> list[str]:
        return self.match.names

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def color_index(self, seat: int) -> int:
        return self.match.seats[seat].color

    def color(self, seat: int) -> theme.PlayerColor:
        return theme.player_color(self.color_index(seat))

    def words(self, engine_text: str) -> str:
        """Engine text with `{pN}` replaced by names."""
        return fill_names(engine_text, self.names)

    @property
    def viewer(self) -> int | None:
        """The seat whose view the table shows (None: what everyone may see)."""
        return self.handover.viewer

    @property
    def covered_for(self) -> int | None:
        """The human the pass-the-screen cover waits for, if it is up."""
        return self.handover.covered_for

    @property
    def handing_over(self) -> int | None:
        """The human who has moved and has yet to pass the screen on."""
        return self.handover.handing_over

    @property
    def shared_screen(self) -> bool:
        """Two or more humans look at one screen in a game with hidden information."""
        return self.handover.shared_screen

    @property
    def accepting_input(self) -> bool:
        """True when a human may act on the table now (their turn here, no cover, the table
        still)."""
        return self.my_turn and not self.anims.busy

    @property
    def my_turn(self) -> bool:
        """True when the human to act has the screen (`handover.given_to`: not under the
        cover, not a lesson's watch step); animations may still run."""
        seat = self.state.current_player
        return (seat is not None and seat >= 0 and self.match.seats[seat].is_human
                and seat == self.handover.given_to and not self.handover.blocking
                and not self.autoplay.watching)

    @property
    def game_over(self) -> bool:
        """The match has ended (a replay's has; a game watched in another window may not)."""
        return self.match.state.is_terminal

    def show_replay(self, match: Match, replay: Replay) -> None:
        """Show `replay` of `match` from now on (a watched game that moved on)."""
        self.match, self.replay, self._shown = match, replay, replay

    def live_game(self) -> bool:
        """Whether the table holds the live game (not a replay): undo, save and hints are
        for the live game only."""
        return self.replay is None

    # Layout ------------------------------------------------------------------------

    @property
    def table_rect(self) -> pygame.Rect:
        right = theme.WIDTH - self.log.width
        bottom = theme.HEIGHT - sum(part.below_table for part in self.layers)
        return pygame.Rect(0, theme.TOP_BAR_HEIGHT, right, bottom - theme.TOP_BAR_HEIGHT)

    @property
    def action_bar_rect(self) -> pygame.Rect:
        return self.action_bar.rect

    @property
    def board_rect(self) -> pygame.Rect:
        """The table without the action bar: where a game draws its board."""
        table = self.table_rect
        bars = sum(part.in_table for part in self.layers)
        return pygame.Rect(table.left, table.top, table.width, table.height - bars)

    def set_action_bar(self, prompt: str, buttons: Sequence[BarButton] = ()) -> None:
        """What the bottom bar says and offers now (only shown on a human's own turn)."""
        self.action_bar.set(prompt, buttons)

    def toast(self, message: str, kind: str = "info", seconds: float = 3.5, why: str = "") -> None:
        """Show `message` to whoever looks now (`viewer`): on a shared screen it leaves
        with their view (one human: it stays); an error offers Why? (the section `why`)."""
        self.toasts.show(message, kind, seconds, self.viewer if self.shared_screen else None, why)

    # Moves ---------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Play a human's action; a refusal is shown with its reason and changes nothing.

        In a tutorial, an action the step does not ask for is refused with its line."""
        if not self.autoplay.allows(action):
            return False
        actor = self.state.current_player
        try:
            events = self.match.play(action)
        except IllegalAction as error:
            self.commands.refused(self.words(error.reason))
            sound.play("error")
            return False
        self.autoplay.after(action)  # a lesson's step is done before the move is saved
        self.after_action(events, actor)
        return True

    def after_action(self, events: list[Event], actor: int | None = None) -> None:
        """After any move: chance resolved, saved, animated, the screen handed on."""
        events = events + self.match.resolve_chance()
        self.autoplay.reset()
        self.autosave()
        self.on_events(events)
        self.handover.after_move(actor)
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            sound.play("turn", 0.4)
        self.refresh()

    def refresh(self) -> None:
        """Recompute the drawn view and the log after any change."""
        self.hover_timer.restart()  # a tooltip about the old table must not linger
        self.view = self.handover.view_of(self.state)
        self.toasts.keep_for(self.viewer, moment_of(self.match))
        self.handover.show_log()
        self.top_bar.refresh()
        self.on_view_changed()

    def attach_tutorial(self, progress: Progress) -> None:
        """Teach this game: the lesson plays chance and the other seats from now on.

        A step's picture this table cannot draw raises TutorialError here, before any of
        the tutorial shows."""
        check_pictures(progress.tutorial, self.can_draw_tutorial_picture)
        self.tutorial = TutorialLayer(self, progress)
        self.layers[self.layers.index(self.autoplay)] = self.tutorial
        self.autoplay = self.tutorial
        self.tutorial.save_progress()

    def can_draw_tutorial_picture(self, name: str) -> bool:
        """Whether `draw_tutorial_picture` knows `name` (tried on a scratch surface)."""
        scratch = pygame.Surface(PICTURE_SIZE)
        return self.draw_tutorial_picture(scratch, scratch.get_rect(), name)

    def play_scripted(self, action: Action) -> None:
        """A move of a seat the tutorial plays (as a bot's move is played)."""
        actor = self.state.current_player
        self.after_action(self.match.play(action), actor)

    # The log ---------------------------------------------------------------------------

    def show_log(self, shown: bool) -> None:
        """Open or close the log: the table takes the room it leaves."""
        self.log.open = shown
        self.toasts.center_x = self.table_rect.centerx
        self.on_view_changed()

    @property
    def log_open(self) -> bool:
        return self.log.open

    @log_open.setter
    def log_open(self, value: bool) -> None:
        self.log.open = value

    def make_results(self) -> Scene:
        """The results screen of this game (a game may show its own kind)."""
        return ResultsScene(self.app, self)

    def reopen_results(self) -> None:
        self.ending.reopen_results()

    def open_replay(self) -> None:
        self.ending.open_replay()

    def close_replay(self) -> None:
        self.replay_bar.close_replay()

    def show_view(self) -> None:
        self.handover.show_view()

    def pass_screen(self) -> None:
        self.handover.pass_screen()

    def seek(self, position: int) -> None:
        self.replay_bar.seek(position)

    # Saving ------------------------------------------------------------------------

    def autosave(self) -> None:
        """Queue the save of the game as it is now, with what the autoplay keeps beside it
        (a lesson's step: one write, so no save holds a move without its step)."""
        if self.autosaver is not None:
            self.autosaver.save(self.match, self.autoplay.saved_with_game())

    def exit(self) -> None:
        self.autoplay.close()
        if self.autosaver is not None:
            try:
                self.autosaver.flush()
            finally:
                self.autosaver.release()  # another window may open the game now

    def saved(self) -> bool:
        return self.save_trouble.saved()

    def allow_quit(self) -> bool:
        return self.save_trouble.allow_quit()

    def crash_context(self) -> dict[str, str]:
        return {
            "game": self.info.id,
            "moves": str(self.match.ply),
            "seats": ", ".join(f"{s.kind}/{s.level}" for s in self.match.seats),
            "replay": "no" if self.live_game() else "yes",
        }

    def rescue(self) -> Rescued | None:
        return self.save_trouble.rescue()

    # Frames --------------------------------------------------------------------------

    def enter(self) -> None:
        self.anims.speed = self.app.settings.animation_factor()

    def is_idle(self) -> bool:
        return not (self.anims.busy or any(part.busy for part in self.layers))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_timer.moved(event.pos)
        layer.route(self.layers, event)

    def update(self, dt: float) -> None:
        self.anims.update(dt)
        self.hover_timer.update(dt)
        self.update_table(dt)
        for part in list(self.layers):  # a layer may change the stack (a lesson attached)
            part.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layer.draw(self.layers, surface)
