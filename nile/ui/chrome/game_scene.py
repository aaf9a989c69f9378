"""The base of every game's scene: the table in the middle, the shared chrome around it.

A game subclasses `GameScene` and implements four things: `draw_table` (draw a state),
`handle_table_event` (turn clicks and keys into actions via `submit`), `on_events`
(animate what the rules report) and `describe_action` (words for hints). Everything
else is here, the same for every game: whose view is shown, the pass-the-screen cover,
bots, autosave, undo, hint, log, toasts, menu, rules, results and replay.

Whose view is drawn: with one human, always that human; with none, a spectator who
sees only public facts. When two or more humans share the screen in a game with hidden
information, the person looking may change at any hand-over, so the table then shows
only what everyone may see (`observation(None)`): at the start, during every bot's turn,
and between two humans. A human who has moved first watches the move play out in their
own view, then presses "Done, pass to the next player"; the cover then goes up for the
next human, and nothing of the table (and no control but Menu) shows until that player
says they are ready. A game may say that a moment has nothing private
(`private_now`): the screen then passes without a cover.

A finished game keeps its results and its replay at hand (`reopen_results`,
`open_replay`, the Results and Replay buttons of the top bar).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import pygame

from nile.ai.bots import advise
from nile.core import library, saves
from nile.core.errors import IllegalAction, SaveError
from nile.core.game import Action, Event, GameState, Status
from nile.core.replay import Replay
from nile.core.session import Match
from nile.core.text import count, fill_names
from nile.core.tutorial import Progress, check_pictures
from nile.ui import keys, sound, text, theme
from nile.ui.anim import Animations
from nile.ui.chrome.autosave import Autosaver
from nile.ui.chrome.botdriver import BotDriver
from nile.ui.chrome.dialogs import MenuScene, RulesScene, SaveDialog
from nile.ui.chrome.panels import LogPanel, Toasts, draw_top_bar
from nile.ui.chrome.results import ResultsScene, winners_line
from nile.ui.chrome.savetrouble import SaveTrouble
from nile.ui.chrome.tutorial_layer import PICTURE_SIZE, TutorialLayer
from nile.ui.games import scene_for
from nile.ui.kit.button import BarButton, Button
from nile.ui.kit.tooltip import HoverTimer
from nile.ui.scene import Rescued, Scene

if TYPE_CHECKING:
    from nile.app import App

WATCH_EVERY = 1.0
"""Seconds between looks at the file of a game watched from another window."""

BUTTONS = (
    ("Hint", "hint", "What would the normal bot do? (H)"),
    ("Undo", "undo", "Take back your last move (Ctrl+Z)"),
    ("Log", "log", "Show or hide the game log (L)"),
    ("Rules", "rules", "Rules summary (F1)"),
    ("Menu", "menu", "Save, load, settings, quit (Esc)"),
)
BUTTON_WIDTH = 66
ACTION_BAR_HEIGHT = 58
DONE_LABEL = "Done, pass to the next player"
REPLAY_KEYS = (
    keys.Binding("right", "seek_by", "replay: one move forward", args=(1,)),
    keys.Binding("left", "seek_by", "replay: one move back", args=(-1,)),
    keys.Binding("home", "replay_start", "replay: to the start"),
    keys.Binding("end", "replay_end", "replay: to the end"),
    keys.Binding("space", "toggle_play", "replay: play or pause"),
    keys.Binding("backspace", "close_replay", "close the replay"),
)
"""Keys while watching a replay (they come before the game's own)."""
OVER_BUTTONS = (
    ("Results", "results", "reopen_results", "Show the results again"),
    ("Replay", "replay", "open_replay", "Watch the game again, move by move"),
)
"""Shown in the places of Hint and Undo once the game is over."""


def has_hidden_information(match: Match) -> bool:
    """Whether the game hides anything from some seat (`GameInfo.hidden_information`)."""
    return match.info.hides_information(match.options)


PROMPT_SIZE = 17
PROMPT_SMALLEST_LINE = 15
"""Below this size a long prompt is set on two lines rather than shrunk further."""
PROMPT_TWO_LINE_SIZES = (15, 14, 13)
"""The sizes tried for two lines, largest first."""


def draw_prompt(surface: pygame.Surface, prompt: str, area: pygame.Rect) -> None:
    """The bottom bar's words in `area`: one line while it fits at a readable size, else
    two lines (a long prompt, such as a build's running total, is read whole rather than
    cut off mid-word), and only past that shrunk and cut with an ellipsis."""
    if text.measure(prompt, PROMPT_SMALLEST_LINE) <= area.width:
        text.draw(surface, prompt, (area.left, area.centery), PROMPT_SIZE, theme.TEXT,
                  anchor="midleft", max_width=area.width)
        return
    for size in PROMPT_TWO_LINE_SIZES:
        lines = text.wrap(prompt, size, area.width)
        if len(lines) <= 2:
            step = size + 4
            top = area.centery - step * len(lines) / 2 + step / 2
            for i, line in enumerate(lines):
                text.draw(surface, line, (area.left, top + i * step), size, theme.TEXT,
                          anchor="midleft")
            return
    text.draw(surface, prompt, (area.left, area.centery), PROMPT_SIZE, theme.TEXT,
              anchor="midleft", max_width=area.width)


def _stamp(path: Path) -> tuple[int, int] | None:
    """When and how large `path` was last written (None: it is not there)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class GameScene(Scene):
    """Shared chrome; subclasses draw the table and translate input into actions."""

    KEYS: ClassVar[tuple[keys.Binding, ...]] = ()
    """The game's own keys (live only in the live game, after the table's mouse handling)."""
    CHROME_KEYS: ClassVar[tuple[keys.Binding, ...]] = (
        keys.Binding("escape", "action_menu", "menu: save, load, undo, rules, settings, quit "
                     "to the launcher (after a half-made move is cancelled)"),
        keys.Binding("f1", "action_rules", "rules summary and keys"),
        keys.Binding("l", "action_log", "show or hide the game log"),
        keys.Binding("h", "action_hint", "hint: what the normal bot would do, and why",
                     when="live_game"),
        keys.Binding("ctrl+z", "action_undo", "undo your last move (never across dice, draws, "
                     "revealed cards or another player's move)", when="live_game"),
        keys.Binding("ctrl+s", "action_save", "save the game under a name", when="live_game"),
    )

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.info = match.info
        self.replay = replay
        if autosaver is None and replay is None:
            autosaver = Autosaver(library.new_autosave_path(match.info.id))
        self.autosaver = autosaver if replay is None else None
        self.anims = Animations(speed=app.settings.animation_factor())
        self.bots = BotDriver()
        self.toasts = Toasts(center_x=0)
        self.log_open = True
        self.log = LogPanel(pygame.Rect(0, 0, 0, 0))
        self.hover_timer = HoverTimer()
        """Where the mouse rests: the table's tooltips show once it has rested a moment."""
        self.viewer: int | None = None
        self.covered_for: int | None = None
        self.handing_over: int | None = None
        """The human who has just moved and has yet to press Done (shared screen only)."""
        self._done_button: object | None = None
        self.results_shown = False
        self.view: GameState = match.state
        self._bar_buttons: dict[str, object] = {}
        self._context: dict[str, tuple[BarButton, object]] = {}
        self.prompt = ""
        self._held_log: list[str] | None = None
        self.tutorial: TutorialLayer | None = None
        self._bar_held: tuple[Status, int | None] | None = None
        self._hint_enabled = True
        self.bot_reasons: dict[int, str] = {}
        """The bots' own reasons for moves that need saying, by ply (shown in the log)."""
        self.save_trouble = SaveTrouble(self)
        self.watched: Path | None = None
        """The autosave of a game another window plays, followed read only (`follow`)."""
        self._watched_stamp: tuple[int, int] | None = None
        self._watch_wait = 0.0
        self._layout()
        self._make_bar_buttons()
        self._start_viewer()
        self.refresh()

    # For subclasses ----------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        """Draw the game as `view` shows it, inside `self.table_rect`."""
        raise NotImplementedError

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        """React to input on the table; True if the event was used."""
        return False

    def on_events(self, events: list[Event]) -> None:
        """Start animations and sounds for what just happened (default: none)."""

    def on_view_changed(self) -> None:
        """The drawn state or viewer changed: reset selections that may be stale."""

    def describe_action(self, action: Action) -> str:
        """Words for an action, for hints and announcements."""
        return action.to_str()

    def show_hint(self, action: Action) -> None:
        """Point at the hinted action on the table (default: the toast says it)."""

    def update_table(self, dt: float) -> None:
        """Per-frame work of the table (dice, hover)."""

    def private_now(self) -> bool:
        """Whether the state now holds something a seat sees and the others must not.

        Asked when the screen may pass between people: if False, no cover and no Done
        are needed (Vom Kap bis Kairo: only a bid is secret). Default: always.
        """
        return True

    # Shared state ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.replay.state if self.replay else self.match.state

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
    def accepting_input(self) -> bool:
        """True when a human may act on the table now (their turn, their view, no cover)."""
        return self.my_turn and not self.anims.busy

    @property
    def my_turn(self) -> bool:
        """True when the human to act is the one looking (animations may still run)."""
        if self.replay is not None or self.covered_for is not None:
            return False
        seat = self.state.current_player
        return (
            seat is not None
            and seat >= 0
            and self.match.seats[seat].is_human
            and seat == self.viewer
            and not self.tutorial_watching
        )

    @property
    def tutorial_watching(self) -> bool:
        """A tutorial's watch step: the script plays every seat, the learner's too (the
        table offers the learner nothing to press meanwhile)."""
        return self.tutorial is not None and self.tutorial.progress.current.kind == "watch"

    def submit(self, action: Action) -> bool:
        """Play a human's action; a refusal is shown with its reason and changes nothing.

        In a tutorial, an action the step does not ask for is refused with its line."""
        if self.tutorial is not None and not self.tutorial.allows(action):
            return False
        actor = self.state.current_player
        try:
            events = self.match.play(action)
        except IllegalAction as error:
            self.toast(self.words(error.reason), "error")
            sound.play("error")
            return False
        if self.tutorial is not None:
            self.tutorial.after(action)  # the step is done before the autosave holds the move
        self.after_action(events, actor)
        return True

    # Tutorials ------------------------------------------------------------------------

    def attach_tutorial(self, progress: Progress) -> None:
        """Teach this game: the layer scripts chance and the other seats from now on.

        A step's picture this table cannot draw raises TutorialError here, before any of
        the tutorial shows."""
        check_pictures(progress.tutorial, self.can_draw_tutorial_picture)
        self.tutorial = TutorialLayer(self, progress)
        self.save_progress()

    def play_scripted(self, action: Action) -> None:
        """A move of a seat the tutorial plays (as a bot's move is played)."""
        actor = self.state.current_player
        self.after_action(self.match.play(action), actor)

    def save_progress(self) -> None:
        """Autosave after a step moved on without a move (Next, a watch step's end)."""
        self._autosave()

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts of the screen a tutorial step can point at; games add their own."""
        return {
            "table": self.board_rect,
            "action_bar": self.action_bar_rect,
            "log": self.log.rect,
            "top_bar": pygame.Rect(0, 0, theme.WIDTH, theme.TOP_BAR_HEIGHT),
        }

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """Draw the tutorial picture `name` into `rect` of `surface` (clipped to it) with
        the game's own sprites; False if this table has no such picture. Games that
        illustrate their rules override this (the default draws nothing)."""
        return False

    def can_draw_tutorial_picture(self, name: str) -> bool:
        """Whether `draw_tutorial_picture` knows `name` (tried on a scratch surface)."""
        scratch = pygame.Surface(PICTURE_SIZE)
        return self.draw_tutorial_picture(scratch, scratch.get_rect(), name)

    def toast(self, message: str, kind: str = "info", seconds: float = 3.5) -> None:
        self.toasts.show(message, kind, seconds)

    def set_action_bar(self, prompt: str, buttons: Sequence[BarButton] = ()) -> None:
        """What the bottom bar says and offers now (only shown on a human's own turn)."""
        self.prompt = prompt
        wanted = {b.key: b for b in buttons}
        for key in list(self._context):
            if key not in wanted or self._context[key][0] != wanted[key]:
                self.forget(self._context.pop(key)[1])  # type: ignore[arg-type]
        bar = self.action_bar_rect
        x = bar.right - 10
        for spec in reversed(list(buttons)):
            width = max(96, 24 + text.render(spec.label, 16).get_width())
            x -= width
            rect = pygame.Rect(x, bar.top + 9, width, bar.height - 18)
            if spec.key not in self._context:
                element = self.button(
                    rect, spec.label, spec.action, spec.tooltip, "@accent" if spec.accent else None
                )
                if not spec.enabled:
                    element.disable()
                self._context[spec.key] = (spec, element)
            else:
                self._context[spec.key][1].set_relative_position(rect.topleft)  # type: ignore[attr-defined]
            x -= 8
        self._buttons_left_of_bar = x

    @property
    def action_bar_rect(self) -> pygame.Rect:
        table = self.table_rect
        return pygame.Rect(
            table.left, table.bottom - ACTION_BAR_HEIGHT, table.width, ACTION_BAR_HEIGHT
        )

    @property
    def board_rect(self) -> pygame.Rect:
        """The table without the action bar: where a game draws its board."""
        table = self.table_rect
        if self.replay is not None:
            return table
        return pygame.Rect(table.left, table.top, table.width, table.height - ACTION_BAR_HEIGHT)

    def bar_prompt(self) -> str:
        """What the bottom bar says now: the game's prompt on the looking human's turn,
        otherwise who is being waited for (or the hand-over, or a tutorial's watching);
        once the game is over and its end has played out, who won."""
        prompt = self.prompt
        seat = self.state.current_player
        if self.game_over and not self.anims.busy:
            prompt = self.over_line()
        elif self.handing_over is not None:
            prompt = f"{self.name(self.handing_over)}, your move is made."
            if not self.anims.busy:
                prompt += " When you are ready, pass the screen on."
        elif self.tutorial_watching and seat is not None and seat >= 0 \
                and self.match.seats[seat].is_human:
            # the script plays the learner's own seat (a tutorial's later turns): the
            # game's prompt ("press the block…") would ask for a move that is refused
            prompt = f"Watch: the lesson plays this move for {self.name(seat)}."
        elif not self.my_turn and seat is not None and seat >= 0:
            prompt = f"Waiting for {self.name(seat)}…"
        return prompt

    def over_line(self) -> str:
        """The bottom bar at the end: who won, and where the scores are."""
        state = self.match.state
        return (f"{winners_line(self.names, state.ranking())} The scores are under Results "
                "in the top bar; Replay shows the game again.")

    def _draw_action_bar(self, surface: pygame.Surface) -> None:
        bar = self.action_bar_rect
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        prompt = self.bar_prompt()
        right = (
            getattr(self, "_buttons_left_of_bar", bar.right) if self.accepting_input else bar.right
        )
        if self._done_button is not None:
            right = self._done_button.rect.left  # type: ignore[attr-defined]
        draw_prompt(
            surface, prompt, pygame.Rect(bar.left + 16, bar.top, max(60, right - bar.left - 32),
                                         bar.height)
        )

    # Layout ------------------------------------------------------------------------

    @property
    def table_rect(self) -> pygame.Rect:
        right = theme.WIDTH - (theme.LOG_WIDTH if self.log_open else 0)
        bottom = theme.HEIGHT - (44 if self.replay else 0)
        return pygame.Rect(0, theme.TOP_BAR_HEIGHT, right, bottom - theme.TOP_BAR_HEIGHT)

    def _layout(self) -> None:
        self.log.rect = pygame.Rect(
            theme.WIDTH - theme.LOG_WIDTH,
            theme.TOP_BAR_HEIGHT,
            theme.LOG_WIDTH,
            theme.HEIGHT - theme.TOP_BAR_HEIGHT,
        )
        self.toasts.center_x = self.table_rect.centerx

    def _make_bar_buttons(self) -> None:
        x = theme.WIDTH - 8 - len(BUTTONS) * (BUTTON_WIDTH + 4)
        self.buttons_left = x
        for label, key, tip in BUTTONS:
            if self.replay and key in ("hint", "undo"):
                x += BUTTON_WIDTH + 4
                continue
            rect = pygame.Rect(x, 6, BUTTON_WIDTH, theme.TOP_BAR_HEIGHT - 12)
            self._bar_buttons[key] = self.button(
                rect, label, getattr(self, f"action_{key}"), tip, "@small"
            )
            x += BUTTON_WIDTH + 4
        if self.replay:
            self._make_replay_controls()
        else:
            self._make_over_buttons()

    def _make_over_buttons(self) -> None:
        """Results and Replay, hidden until the game is over (then in Hint's and Undo's place)."""
        x = self.buttons_left
        for label, key, method, tip in OVER_BUTTONS:
            rect = pygame.Rect(x, 6, BUTTON_WIDTH, theme.TOP_BAR_HEIGHT - 12)
            element = self.button(rect, label, getattr(self, method), tip, "@small")
            element.hide()
            self._bar_buttons[key] = element
            x += BUTTON_WIDTH + 4

    def _make_replay_controls(self) -> None:
        y = theme.HEIGHT - 38
        specs = (
            ("|<", "first", self.replay_start, "The set-up, before the first move (Home)"),
            ("<", "back", lambda: self.seek_by(-1), "One move back (Left)"),
            ("Play", "play", self.toggle_play, "Play or pause (Space)"),
            (">", "forward", lambda: self.seek_by(1), "One move on (Right)"),
            (">|", "last", lambda: self.seek(self.replay.length if self.replay else 0),
             "The end of the game (End)"),
        )
        x = 16
        for label, key, callback, tip in specs:
            width = 64 if key == "play" else 48
            self._bar_buttons[f"replay_{key}"] = self.button(
                pygame.Rect(x, y, width, 32), label, callback, tip
            )
            x += width + 4
        self._bar_buttons["replay_close"] = self.button(
            pygame.Rect(x + 8, y, 96, 32), "Close", self.close_replay,
            "Leave the replay (Backspace)",
        )
        self.playing = False
        self._play_timer = 0.0

    # Actions of the bar and keys ---------------------------------------------------------

    def action_hint(self) -> None:
        if not self.accepting_input:
            self.toast("A hint is available on your own turn.")
            return
        if self.tutorial is not None:
            # the step knows the move it teaches; a bot's idea could be another one
            step = self.tutorial.progress.current
            self.toast(f"Hint: {self.words(step.wrong or step.title)}")
            return
        advice = advise(self.info, self.state, seed=self.match.seed + self.match.ply)
        why = f" — {advice.reason}" if advice.reason else ""
        self.toast(f"Hint: {self.describe_action(advice.action)}{why}")
        self.show_hint(advice.action)

    def action_undo(self) -> None:
        if self.tutorial is not None:
            self.toast("A tutorial goes forward only: follow the step on the card.")
            return
        if self.game_over and self.replay is None:
            self.toast("The game is over: its moves stand. Replay shows them again.",
                       "error")
            return
        seat = self.match.undo_seat()
        if seat is None or self.replay is not None:
            self.toast(
                "Nothing to undo: chance, hidden information or another player's move "
                "came after your last move.",
                "error",
            )
            return
        self.match.undo()
        self.anims.finish()
        self.bots.reset()
        self.viewer, self.covered_for, self.handing_over = seat, None, None
        self.refresh()
        self._autosave()
        self.toast(f"Took back {self.name(seat)}'s last move.", "ok")

    def action_log(self) -> None:
        self.log_open = not self.log_open
        self._layout()
        self.on_view_changed()

    def action_rules(self) -> None:
        self.app.push(self.rules_scene())

    def rules_scene(self) -> RulesScene:
        """The rules summary with the keys of this screen: the game's (in every phase, each
        saying when it applies) and the shared ones; in a replay the replay's."""
        return RulesScene(self.app, self.info.title, self.info.rules_summary,
                          keys.describe(self.key_bindings()))

    def action_menu(self) -> None:
        self.app.push(MenuScene(self.app, self))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_timer.moved(event.pos)
        if self.covered_for is not None:
            if self.cover_shown:
                self._handle_cover_event(event)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.action_menu()
            return
        if self.replay is not None and self._handle_replay_key(event):
            return
        if self.tutorial is not None and self.tutorial.handle_event(event):
            return
        if (
            self._done_button is not None
            and event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.pass_screen()
            return
        if (
            event.type == pygame.MOUSEWHEEL
            and self.log_open
            and self.log.rect.collidepoint(pygame.mouse.get_pos())
        ):
            self.log.on_wheel(event.y)
            return
        if self.replay is None and self.handle_table_event(event):
            return
        if self.replay is not None and self.handle_view_event(event):
            return
        game_keys = self.KEYS if self.replay is None else self.view_keys()
        if keys.dispatch(self, game_keys, event):
            return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        keys.dispatch(self, self.CHROME_KEYS, event)

    def live_game(self) -> bool:
        """Whether the game on the table is the live one (not a replay): undo, save and
        hints are for the live game only."""
        return self.replay is None

    def action_save(self) -> None:
        self.app.push(SaveDialog(self.app, self))

    def draw_floating(self, surface: pygame.Surface) -> None:
        """Draw again what `floating_rects` names, over a tutorial's shade and ring (an open
        list must read clearly while a step points elsewhere)."""

    def floating_rects(self) -> list[pygame.Rect]:
        """What floats over the table now (an open choice list, a picker): a tutorial's
        card keeps clear of it, as of the region it points at."""
        return []

    def view_keys(self) -> list[keys.Binding]:
        """The game's keys that only change what is shown (they work in a replay too)."""
        return [b for b in self.KEYS if b.anytime]

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        """Looking, not playing: the mouse over the table (hover, tooltips) and the view's
        own controls (zoom, pan, fit, overlays). Called in a replay, where the table's input
        is off; a game's `handle_table_event` usually starts by calling it."""
        return False

    def key_bindings(self) -> list[keys.Binding]:
        """The keys that work here: the game's and the shared ones, or in a replay the
        replay's and those that do not change the game (what F1 lists)."""
        if self.replay is not None:
            shared = [b for b in self.CHROME_KEYS if b.when != "live_game"]
            return [*REPLAY_KEYS, *self.view_keys(), *shared, *keys.APP_KEYS]
        return [*self.KEYS, *self.CHROME_KEYS, *keys.APP_KEYS]

    # The cover between humans --------------------------------------------------------

    def _cover_button(self) -> Button:
        """"I am Ann: show my view", the kit's button, pressed on release."""
        assert self.covered_for is not None
        rect = pygame.Rect(theme.WIDTH // 2 - 170, theme.HEIGHT // 2 + 72, 340, 54)
        return Button(rect, f"I am {self.name(self.covered_for)}: show my view",
                             self.show_view, accent=True, size=20, on_release=True)

    def _handle_cover_event(self, event: pygame.event.Event) -> None:
        if self._cover_button().handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.show_view()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.action_menu()

    def show_view(self) -> None:
        """The player the cover waits for says they are at the screen: their view shows."""
        if self.covered_for is None:
            return
        self.viewer, self.covered_for = self.covered_for, None
        self.refresh()

    def _draw_cover(self, surface: pygame.Surface) -> None:
        assert self.covered_for is not None
        surface.fill(theme.BG)
        color = self.color(self.covered_for)
        center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 80)
        theme.draw_symbol(surface, color.symbol, center, 40, color.rgb, theme.TEXT)
        name = self.name(self.covered_for)
        text.draw(
            surface,
            f"Pass the screen to {name}",
            (theme.WIDTH // 2, center[1] + 60),
            34,
            theme.TEXT,
            "bold",
            "midtop",
            max_width=1100,
        )
        text.draw(
            surface,
            f"Other players, please look away: what only {name} may see comes next.",
            (theme.WIDTH // 2, center[1] + 108),
            18,
            theme.MUTED,
            anchor="midtop",
            max_width=1100,
        )
        self._cover_button().draw(surface, pygame.mouse.get_pos())

    # Viewer, refresh, after actions ----------------------------------------------------

    @property
    def shared_screen(self) -> bool:
        """Two or more humans look at one screen in a game with hidden information."""
        humans = sum(1 for s in self.match.seats if s.is_human)
        return self.replay is None and humans > 1 and has_hidden_information(self.match)

    def _start_viewer(self) -> None:
        """Whose view comes first; with a shared screen nobody's until someone says so."""
        if self.shared_screen and not self.state.is_terminal:
            self._pass_on()
            return
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        seat = self.state.current_player
        if seat is not None and seat >= 0 and seat in humans:
            self.viewer = seat
        else:
            self.viewer = humans[0] if humans else None

    def _human_to_act(self) -> int | None:
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            return seat
        return None

    def _pass_on(self) -> None:
        """Shared screen: the next human gets the cover; a bot's turn shows public facts."""
        self.handing_over = None
        seat = self._human_to_act()
        if seat is None:
            self.viewer = None
        elif self.private_now():
            self.viewer, self.covered_for = None, seat
        else:
            self.viewer = seat

    def pass_screen(self) -> None:
        """The acting human pressed Done: their view goes, the screen passes on."""
        if self.handing_over is None:
            return
        self._pass_on()
        self.refresh()

    def _hand_over(self, actor: int | None) -> None:
        """Shared screen, after any move: who may look at the table now."""
        if self.state.is_terminal:
            self.viewer = self.covered_for = self.handing_over = None
            return
        if self.state.current_player == actor:
            return  # the same seat goes on deciding (another card, the next step)
        if (
            actor is not None
            and actor >= 0
            and actor == self.viewer
            and self.match.seats[actor].is_human
            and self.private_now()
        ):
            self.handing_over = actor
            return
        self._pass_on()

    def _next_viewer(self) -> int | None:
        if self.replay is not None or self.state.is_terminal:
            return None
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            return seat
        return self.viewer

    def refresh(self) -> None:
        """Recompute the drawn view and the log after any change."""
        self.hover_timer.restart()  # a tooltip about the old table must not linger
        state = self.state
        if self.watched is not None and not state.is_terminal:
            self.view = state.observation(None)  # another window's game: what anyone sees
        elif self.replay is not None or state.is_terminal:
            self.view = state
        else:
            self.view = state.observation(self.viewer)
        viewer = None if self.replay is not None else self.viewer
        lines = []
        for entry in self.match.log[-400:] if self.replay is None else []:
            for event in entry.events:
                line = event.describe(viewer)
                if line:
                    lines.append(self.words(line))
            if entry.ply in self.bot_reasons:  # a bot's own word for a surprising move
                lines.append(f"({self.name(entry.seat)}: {self.bot_reasons[entry.ply]})")
        if self.replay is not None:
            lines = [
                self.words(line)
                for events in self.replay.history()[-400:]
                for line in (e.describe(None) for e in events)
                if line
            ]
        # Hold new log lines back while the table still shows the move happening, so the
        # log never tells the outcome before the animation does.
        if self.anims.busy and self.replay is None:
            self._held_log = lines
        else:
            self._held_log = None
            self.log.set_lines(lines)
        self._update_bar_buttons()
        self.on_view_changed()

    def _sync_hint_button(self) -> None:
        """Hint looks pressable only when it can answer: the human's own turn, table still."""
        button = self._bar_buttons.get("hint")
        wanted = self.accepting_input
        if button is not None and wanted != self._hint_enabled:
            self._hint_enabled = wanted
            button.enable() if wanted else button.disable()  # type: ignore[attr-defined]

    def _update_bar_buttons(self) -> None:
        undo = self._bar_buttons.get("undo")
        if undo is not None:
            can = self.tutorial is None and self.match.undo_seat() is not None
            undo.enable() if can else undo.disable()  # type: ignore[attr-defined]
        self._show_top_buttons()

    def _show_top_buttons(self) -> None:
        """Which top-bar buttons show: under the cover only Menu, nothing else may look
        clickable; once the game is over Results and Replay take Hint's and Undo's place."""
        covered = self.covered_for is not None
        over = self.replay is None and self.match.state.is_terminal
        for key, element in self._bar_buttons.items():
            if key == "menu" or key.startswith("replay_"):
                wanted = True
            elif key in ("hint", "undo"):
                wanted = not covered and not over
            elif key in ("results", "replay"):
                wanted = not covered and over
            else:
                wanted = not covered
            if wanted != bool(element.visible):  # type: ignore[attr-defined]
                element.show() if wanted else element.hide()  # type: ignore[attr-defined]

    def after_action(self, events: list[Event], actor: int | None = None) -> None:
        events = events + self.match.resolve_chance()
        self.bots.reset()
        self._autosave()
        self.on_events(events)
        if self.shared_screen:
            self._hand_over(actor)
        else:
            self.viewer = self._next_viewer()
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            sound.play("turn", 0.4)
        self.refresh()

    def _autosave(self) -> None:
        """Queue the save of the game as it is now; in a tutorial the step goes into the
        same write as the move, so no save ever holds a move without its step."""
        if self.autosaver is not None:
            lesson = {"tutorial": self.tutorial.progress.to_dict()} if self.tutorial else {}
            self.autosaver.save(self.match, lesson)

    # Frames --------------------------------------------------------------------------

    def enter(self) -> None:
        self.anims.speed = self.app.settings.animation_factor()

    def exit(self) -> None:
        if self.autosaver is not None:
            try:
                self.autosaver.flush()
            finally:
                self.autosaver.release()  # another window may open the game now

    def saved(self) -> bool:
        """Whether this game is safe on the disk now (a replay has nothing to save): the
        newest move written, and the file still there (not deleted from the Load list)."""
        if self.autosaver is None:
            return True
        if self.autosaver.flush() and self.autosaver.path.exists():
            return True
        return self.autosaver.covered_elsewhere(self.match.ply)

    def allow_quit(self) -> bool:
        """Closing the window with a game the disk refused asks first."""
        if self.saved():
            return True
        self.save_trouble.confirm_leaving(lambda: setattr(self.app, "running", False))
        return False

    def crash_context(self) -> dict[str, str]:
        return {
            "game": self.info.id,
            "moves": str(self.match.ply),
            "seats": ", ".join(f"{s.kind}/{s.level}" for s in self.match.seats),
            "replay": "yes" if self.replay is not None else "no",
        }

    def rescue(self) -> Rescued | None:
        """Flush the autosave and say honestly how much of the game it holds."""
        saver = self.autosaver
        if saver is None or self.state.is_terminal:
            return None
        written = saver.flush() and saver.path.exists()
        if saver.saved_ply is None or not saver.path.exists():
            reason = saver.last_error or "the disk refused it"
            return Rescued(None, f"Your game could not be saved ({reason}).")
        # moves the players made since the save on the disk (chance is not a move)
        behind = sum(1 for entry in self.match.log[saver.saved_ply:] if entry.seat >= 0)
        if written and behind <= 0:
            return Rescued(saver.path, "Your game is saved: Continue opens it again at the "
                                       "last move you made.")
        return Rescued(saver.path, f"The disk refused the latest moves: Continue opens the "
                                   f"game as it was {count(behind, 'move')} earlier.")

    def is_idle(self) -> bool:
        seat = self.state.current_player
        bots_to_move = (
            seat is not None
            and seat >= 0
            and not self.match.seats[seat].is_human
            and self.handing_over is None
            and self.covered_for is None
        )
        return not (self.anims.busy or self.toasts.items or bots_to_move
                    or (self.replay is not None and self.playing))

    def update(self, dt: float) -> None:
        self.save_trouble.update()
        self._sync_hint_button()
        self.anims.update(dt)
        if self._held_log is not None and not self.anims.busy:
            self.log.set_lines(self._held_log)
            self._held_log = None
        self.toasts.update(dt)
        self.hover_timer.update(dt)
        self.update_table(dt)
        if self.replay is not None:
            self._update_replay(dt)
            self._follow_file(dt)
            return
        self._update_done_button()
        if self.tutorial is not None:
            self.tutorial.sync()
        if (
            self.covered_for is None
            and self.handing_over is None
            and (not self.anims.busy or (self.tutorial is not None and self.tutorial.skipping))
            and not self.app.bots_paused
        ):
            if self.tutorial is not None:
                self.tutorial.update(dt)  # the script plays the other seats
            else:
                actor = self.state.current_player
                action = self.bots.update(self.match, dt, self.app.settings.bot_delay())
                if action is not None:
                    if self.bots.reason:
                        self.bot_reasons[self.match.ply] = self.bots.reason
                    self.after_action(self.match.play(action), actor)
        if self.state.is_terminal and not self.anims.busy and not self.results_shown and (
                self.tutorial is None or self.tutorial.progress.finished):
            # a tutorial that plays to the end explains the scoring on the table first:
            # the results come with its last step
            self.results_shown = True
            self._show_results()

    def _show_results(self) -> None:
        sound.play("win")
        self.reopen_results()

    @property
    def game_over(self) -> bool:
        """The match has ended (a replay's match always has)."""
        return self.match.state.is_terminal

    def make_results(self) -> Scene:
        """The results screen of this game (a game may show its own kind)."""
        return ResultsScene(self.app, self)

    def reopen_results(self) -> None:
        """Show the results screen (again) over this table; nothing happens before the end."""
        if not self.game_over:
            self.toast("The results come at the end of the game.")
            return
        self.app.push(self.make_results())

    def open_replay(self) -> None:
        """Watch the finished game from its set-up; in a replay, back to the set-up."""
        if not self.game_over:
            self.toast("The replay opens at the end of the game.")
            return
        if self.replay is not None:
            while self.app.top is not None and self.app.top is not self:
                self.app.pop()
            self.replay_start()
            return
        match = self.match
        replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
        self.app.push(scene_for(match.info)(self.app, match, replay=replay))

    def close_replay(self) -> None:
        """Leave the replay for the screen below it (the results or the table)."""
        if self.replay is not None and self.app.top is self:
            self.app.pop()

    def _update_done_button(self) -> None:
        """The Done button shows once the acting human's move has played out."""
        wanted = self.handing_over is not None and not self.anims.busy
        if wanted and self._done_button is None:
            bar = self.action_bar_rect
            width = 56 + text.render(DONE_LABEL, 17, theme.TEXT, "bold").get_width()
            rect = pygame.Rect(bar.right - 10 - width, bar.top + 9, width, bar.height - 18)
            self._done_button = self.button(
                rect, DONE_LABEL, self.pass_screen, "Hide your view and pass the screen (Enter)",
                "@accent",
            )
        elif not wanted and self._done_button is not None:
            self.forget(self._done_button)  # type: ignore[arg-type]
            self._done_button = None

    @property
    def cover_shown(self) -> bool:
        """The pass-the-screen cover is drawn once the move before it has played out: the
        table meanwhile shows everyone's public view (nobody's is chosen yet), so a bot's
        move that starts a private step (its last track laid, then a secret bid) is seen
        by all, not hidden behind a cover with the bar still naming the bot."""
        return self.covered_for is not None and not self.anims.busy

    def draw(self, surface: pygame.Surface) -> None:
        if self.cover_shown:
            self._draw_cover(surface)
            self._draw_bar(surface)
            self._show_context_buttons(False)
            self._show_top_buttons()
            return
        surface.fill(theme.BG)
        clip = surface.get_clip()
        surface.set_clip(self.table_rect)
        self.draw_table(surface, self.view)
        surface.set_clip(clip)
        if self.replay is None:
            self._draw_action_bar(surface)
            self._show_context_buttons(self.accepting_input)
        if self.log_open:
            self.log.draw(surface)
        if self.replay is not None:
            self._draw_replay_bar(surface)
        self._draw_bar(surface)
        if self.tutorial is not None:
            self.tutorial.draw(surface)
            self.draw_floating(surface)  # a list the step asks to choose from stays clear
        self.toasts.draw(surface)
        self.save_trouble.draw(surface)

    def _show_context_buttons(self, visible: bool) -> None:
        for _, element in self._context.values():
            if bool(visible) == bool(element.visible):  # type: ignore[attr-defined]
                continue
            if visible:
                element.show()  # type: ignore[attr-defined]
            else:
                element.hide()  # type: ignore[attr-defined]

    def _draw_bar(self, surface: pygame.Surface) -> None:
        # While a move still plays out, the bar keeps saying what it said before it, as the
        # log does: it must not tell the outcome (a knocked-over ship) before the table.
        if self._bar_held is None or not self.anims.busy or self.replay is not None:
            self._bar_held = (self.state.status(), self.state.current_player)
        status, seat = self._bar_held
        player = None
        if seat is not None and seat >= 0:
            label = self.name(seat)
            if not self.match.seats[seat].is_human:
                label += " (thinking…)" if self.bots.thinking else " (bot)"
            player = (self.color_index(seat), label)
        mode = " · Watching" if self.watched else " · Replay"
        title = self.info.title + (mode if self.replay else "")
        draw_top_bar(
            surface,
            title,
            self.words(status.round_text),
            self.words(status.phase_text),
            player,
            self.buttons_left,
        )

    # Replay --------------------------------------------------------------------------

    def seek(self, position: int) -> None:
        assert self.replay is not None
        before = self.replay.position
        forward_one = position == self.replay.stop_from(before, 1) and position > before
        self.anims.finish()
        self.toasts.items.clear()  # what earlier moves announced is no longer on screen
        self.replay.seek(position)
        self.refresh()
        if forward_one:  # the move and the chance steps after it play out
            self.on_events([e for events in self.replay.history()[before:] for e in events])

    def seek_by(self, step: int) -> None:
        """One player's move on or back (with the chance steps that follow it)."""
        assert self.replay is not None
        self.seek(self.replay.stop_from(self.replay.position, step))

    def replay_start(self) -> None:
        """The set-up, dealt (its chance steps are no one's move)."""
        self.seek(self.replay.setup if self.replay else 0)

    def toggle_play(self) -> None:
        """Play from here (from the start if at the end), or pause; the button says which."""
        assert self.replay is not None
        if not self.playing and self.replay.position >= self.replay.length:
            self.replay_start()
        self._set_playing(not self.playing)

    def _set_playing(self, playing: bool) -> None:
        self.playing = playing
        self._play_timer = 0.0
        button = self._bar_buttons.get("replay_play")
        if button is not None:
            button.set_text("Pause" if playing else "Play")  # type: ignore[attr-defined]

    def _handle_replay_key(self, event: pygame.event.Event) -> bool:
        return self.replay is not None and keys.dispatch(self, REPLAY_KEYS, event)




    def follow(self, path: Path) -> None:
        """Watch the game another window plays in `path`: read only, at its latest move,
        moving on as that window saves (checked every `WATCH_EVERY` seconds)."""
        self.watched = path
        self._watched_stamp = _stamp(path)
        self.replay_end()
        self.toast("Watching the game played in another window: read only.", seconds=5.0)

    def _follow_file(self, dt: float) -> None:
        if self.watched is None or self.replay is None:
            return
        self._watch_wait += dt
        if self._watch_wait < WATCH_EVERY:
            return
        self._watch_wait = 0.0
        stamp = _stamp(self.watched)
        if stamp is None or stamp == self._watched_stamp:
            return
        self._watched_stamp = stamp
        try:
            match = saves.load(self.watched)
        except SaveError:
            return  # between two writes, or gone: the table stays as it was
        if match.info.id != self.info.id or match.actions[:self.replay.length] != \
                self.replay.actions:
            return  # not the game on the table any more
        at_end = self.replay.position >= self.replay.length
        self.match = match
        self.replay = Replay(match.info, match.seats, match.seed, match.options,
                             list(match.actions))
        self.replay_end() if at_end else self.refresh()

    def replay_end(self) -> None:
        self.seek(self.replay.length if self.replay else 0)

    def _update_replay(self, dt: float) -> None:
        assert self.replay is not None
        if not self.playing or self.anims.busy:
            return
        self._play_timer += dt
        if self._play_timer >= 0.6:
            self._play_timer = 0.0
            self.seek_by(1)
            if self.replay.position >= self.replay.length:
                self._set_playing(False)

    def _draw_replay_bar(self, surface: pygame.Surface) -> None:
        assert self.replay is not None
        bar = pygame.Rect(0, theme.HEIGHT - 44, self.table_rect.width, 44)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        moves, total = self.replay.moves_before(self.replay.position), self.replay.move_count
        label = "Set-up" if moves == 0 else f"Move {moves} of {total}"
        close = self._bar_buttons["replay_close"].rect  # type: ignore[attr-defined]
        text.draw(
            surface,
            label,
            (close.right + 16, bar.centery),
            16,
            theme.TEXT,
            anchor="midleft",
            max_width=150,
        )
        left = close.right + 180
        track = pygame.Rect(left, bar.centery - 3, max(10, bar.right - 20 - left), 6)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
        if total:
            done = track.copy()
            done.width = round(track.width * moves / total)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=3)
