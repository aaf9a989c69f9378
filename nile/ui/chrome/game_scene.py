"""The base of every game's scene: the table in the middle, the shared chrome around it.

A game subclasses `GameScene` and implements four things: `draw_table` (draw a state),
`handle_table_event` (turn clicks and keys into actions via `submit`), `on_events`
(animate what the rules report) and `describe_action` (words for hints). Everything
else is here, the same for every game: whose view is shown, the pass-the-screen cover,
bots, autosave, undo, hint, log, toasts, menu, rules, results and replay.

Whose view is drawn: the human to act; during bots' turns the last human to act (with
one human, always that human; with none, a spectator who sees only public facts). When
the view would pass from one human to another in a game with hidden information, the
cover goes up and nothing of the table is drawn until the next player says they are
ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.ai.bots import advise
from nile.core.errors import IllegalAction
from nile.core.game import Action, Event, GameState
from nile.core.replay import Replay
from nile.core.session import Match
from nile.core.text import fill_names
from nile.ui import sound, text, theme
from nile.ui.anim import Animations
from nile.ui.chrome.autosave import Autosaver
from nile.ui.chrome.botdriver import BotDriver
from nile.ui.chrome.panels import LogPanel, Toasts, draw_top_bar
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.app import App

BUTTONS = (
    ("Hint", "hint", "What would the normal bot do? (H)"),
    ("Undo", "undo", "Take back your last move (Ctrl+Z)"),
    ("Log", "log", "Show or hide the game log (L)"),
    ("Rules", "rules", "Rules summary (F1)"),
    ("Menu", "menu", "Save, load, settings, quit (Esc)"),
)
BUTTON_WIDTH = 66
ACTION_BAR_HEIGHT = 58


@dataclass(frozen=True)
class BarButton:
    """A context button of the action bar ("Roll", "Pass", "Confirm")."""

    key: str
    label: str
    action: Callable[[], None]
    enabled: bool = True
    tooltip: str | None = None
    accent: bool = False


def has_hidden_information(match: Match) -> bool:
    """Whether the game hides anything from some seat (GameInfo.extra, default True)."""
    flag = match.info.extra.get("hidden_information", True)
    return bool(flag(match.options) if callable(flag) else flag)


class GameScene(Scene):
    """Shared chrome; subclasses draw the table and translate input into actions."""

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
        self.autosaver = autosaver if autosaver is not None else (None if replay else Autosaver())
        self.anims = Animations(speed=app.settings.animation_factor())
        self.bots = BotDriver()
        self.toasts = Toasts(center_x=0)
        self.log_open = True
        self.log = LogPanel(pygame.Rect(0, 0, 0, 0))
        self.viewer: int | None = None
        self.covered_for: int | None = None
        self.results_shown = False
        self.view: GameState = match.state
        self._bar_buttons: dict[str, object] = {}
        self._context: dict[str, tuple[BarButton, object]] = {}
        self.prompt = ""
        self._held_log: list[str] | None = None
        self._layout()
        self._make_bar_buttons()
        self.viewer = self._initial_viewer()
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
        )

    def submit(self, action: Action) -> bool:
        """Play a human's action; a refusal is shown with its reason and changes nothing."""
        try:
            events = self.match.play(action)
        except IllegalAction as error:
            self.toast(self.words(error.reason), "error")
            sound.play("error")
            return False
        self._after_action(events)
        return True

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.show(message, kind)

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

    def _draw_action_bar(self, surface: pygame.Surface) -> None:
        bar = self.action_bar_rect
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        prompt = self.prompt
        seat = self.state.current_player
        if not self.my_turn and seat is not None and seat >= 0:
            prompt = f"Waiting for {self.name(seat)}…"
        right = (
            getattr(self, "_buttons_left_of_bar", bar.right) if self.accepting_input else bar.right
        )
        text.draw(
            surface,
            prompt,
            (bar.left + 16, bar.centery),
            17,
            theme.TEXT,
            anchor="midleft",
            max_width=max(60, right - bar.left - 32),
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

    def _make_replay_controls(self) -> None:
        y = theme.HEIGHT - 38
        specs = (
            ("|<", lambda: self._seek(0)),
            ("<", lambda: self._seek_by(-1)),
            ("Play", self._toggle_play),
            (">", lambda: self._seek_by(1)),
            (">|", lambda: self._seek(self.replay.length if self.replay else 0)),
        )
        x = 16
        for label, callback in specs:
            self._bar_buttons[f"replay{label}"] = self.button(
                pygame.Rect(x, y, 56, 32), label, callback
            )
            x += 60
        self.playing = False
        self._play_timer = 0.0

    # Actions of the bar and keys ---------------------------------------------------------

    def action_hint(self) -> None:
        if not self.accepting_input:
            self.toast("A hint is available on your own turn.")
            return
        advice = advise(self.info, self.state, seed=self.match.seed + self.match.ply)
        why = f" — {advice.reason}" if advice.reason else ""
        self.toast(f"Hint: {self.describe_action(advice.action)}{why}")
        self.show_hint(advice.action)

    def action_undo(self) -> None:
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
        self.viewer, self.covered_for = seat, None
        self.refresh()
        self._autosave()
        self.toast(f"Took back {self.name(seat)}'s last move.", "ok")

    def action_log(self) -> None:
        self.log_open = not self.log_open
        self._layout()
        self.on_view_changed()

    def action_rules(self) -> None:
        from nile.ui.chrome.dialogs import RulesScene

        self.app.push(RulesScene(self.app, self.info.title, self.info.rules_summary))

    def action_menu(self) -> None:
        from nile.ui.chrome.dialogs import MenuScene

        self.app.push(MenuScene(self.app, self))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.covered_for is not None:
            self._handle_cover_event(event)
            return
        if self.replay is not None and self._handle_replay_key(event):
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
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        keys = {
            pygame.K_ESCAPE: self.action_menu,
            pygame.K_F1: self.action_rules,
            pygame.K_l: self.action_log,
        }
        if self.replay is None:
            keys[pygame.K_h] = self.action_hint
        if event.key == pygame.K_z and ctrl and self.replay is None:
            self.action_undo()
        elif event.key == pygame.K_s and ctrl and self.replay is None:
            from nile.ui.chrome.dialogs import SaveDialog

            self.app.push(SaveDialog(self.app, self))
        elif event.key in keys:
            keys[event.key]()

    # The cover between humans --------------------------------------------------------

    def _cover_button(self) -> pygame.Rect:
        return pygame.Rect(theme.WIDTH // 2 - 170, theme.HEIGHT // 2 + 72, 340, 54)

    def _handle_cover_event(self, event: pygame.event.Event) -> None:
        ready = (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self._cover_button().collidepoint(event.pos)
        ) or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE))
        if ready:
            self.viewer, self.covered_for = self.covered_for, None
            self.refresh()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.action_menu()

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
            "Other players, please look away: private cards come next.",
            (theme.WIDTH // 2, center[1] + 108),
            18,
            theme.MUTED,
            anchor="midtop",
            max_width=1100,
        )
        button = self._cover_button()
        hover = button.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(
            surface,
            theme.lighten(theme.ACCENT, 0.15) if hover else theme.ACCENT,
            button,
            border_radius=10,
        )
        text.draw(
            surface,
            f"I am {name}: show my view",
            button.center,
            20,
            (20, 20, 20),
            "bold",
            "center",
            max_width=button.width - 20,
        )

    # Viewer, refresh, after actions ----------------------------------------------------

    def _initial_viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        seat = self.state.current_player
        if seat is not None and seat >= 0 and seat in humans:
            return seat
        return humans[0] if humans else None

    def _next_viewer(self) -> int | None:
        if self.replay is not None or self.state.is_terminal:
            return None
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            return seat
        return self.viewer

    def refresh(self) -> None:
        """Recompute the drawn view and the log after any change."""
        state = self.state
        if self.replay is not None or state.is_terminal:
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
        if self.replay is not None:
            lines = [
                self.words(e.describe(None)) for e in self.replay.last_events if e.describe(None)
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

    def _update_bar_buttons(self) -> None:
        undo = self._bar_buttons.get("undo")
        if undo is not None:
            can = self.match.undo_seat() is not None
            undo.enable() if can else undo.disable()  # type: ignore[attr-defined]

    def _after_action(self, events: list[Event]) -> None:
        events = events + self.match.resolve_chance()
        self.bots.reset()
        self._autosave()
        self.on_events(events)
        new_viewer = self._next_viewer()
        humans = sum(1 for s in self.match.seats if s.is_human)
        if (
            new_viewer != self.viewer
            and new_viewer is not None
            and self.viewer is not None
            and humans > 1
            and has_hidden_information(self.match)
        ):
            self.covered_for = new_viewer
        else:
            self.viewer = new_viewer
        seat = self.state.current_player
        if seat is not None and seat >= 0 and self.match.seats[seat].is_human:
            sound.play("turn", 0.4)
        self.refresh()

    def _autosave(self) -> None:
        if self.autosaver is not None:
            self.autosaver.save(self.match)

    # Frames --------------------------------------------------------------------------

    def enter(self) -> None:
        self.anims.speed = self.app.settings.animation_factor()

    def exit(self) -> None:
        if self.autosaver is not None:
            self.autosaver.flush()

    def is_idle(self) -> bool:
        seat = self.state.current_player
        bots_to_move = seat is not None and seat >= 0 and not self.match.seats[seat].is_human
        return not (self.anims.busy or self.toasts.items or bots_to_move
                    or (self.replay is not None and self.playing))

    def update(self, dt: float) -> None:
        self.anims.update(dt)
        if self._held_log is not None and not self.anims.busy:
            self.log.set_lines(self._held_log)
            self._held_log = None
        self.toasts.update(dt)
        self.update_table(dt)
        if self.replay is not None:
            self._update_replay(dt)
            return
        if self.covered_for is None and not self.anims.busy and not self.app.bots_paused:
            action = self.bots.update(self.match, dt, self.app.settings.bot_delay())
            if action is not None:
                self._after_action(self.match.play(action))
        if self.state.is_terminal and not self.anims.busy and not self.results_shown:
            self.results_shown = True
            self._show_results()

    def _show_results(self) -> None:
        from nile.ui.chrome.results import ResultsScene

        sound.play("win")
        self.app.push(ResultsScene(self.app, self))

    def draw(self, surface: pygame.Surface) -> None:
        if self.covered_for is not None:
            self._draw_cover(surface)
            self._draw_bar(surface)
            self._show_context_buttons(False)
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
        self.toasts.draw(surface)

    def _show_context_buttons(self, visible: bool) -> None:
        for _, element in self._context.values():
            if bool(visible) == bool(element.visible):  # type: ignore[attr-defined]
                continue
            if visible:
                element.show()  # type: ignore[attr-defined]
            else:
                element.hide()  # type: ignore[attr-defined]

    def _draw_bar(self, surface: pygame.Surface) -> None:
        status = self.state.status()
        seat = self.state.current_player
        player = None
        if seat is not None and seat >= 0:
            label = self.name(seat)
            if not self.match.seats[seat].is_human:
                label += " (thinking…)" if self.bots.thinking else " (bot)"
            player = (self.color_index(seat), label)
        title = self.info.title + (" · Replay" if self.replay else "")
        draw_top_bar(
            surface,
            title,
            self.words(status.round_text),
            self.words(status.phase_text),
            player,
            self.buttons_left,
        )

    # Replay --------------------------------------------------------------------------

    def _seek(self, position: int) -> None:
        assert self.replay is not None
        forward_one = position == self.replay.position + 1
        self.anims.finish()
        self.replay.seek(position)
        self.refresh()
        if forward_one:
            self.on_events(self.replay.last_events)

    def _seek_by(self, step: int) -> None:
        assert self.replay is not None
        self._seek(self.replay.position + step)

    def _toggle_play(self) -> None:
        self.playing = not self.playing

    def _handle_replay_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or self.replay is None:
            return False
        keys = {
            pygame.K_RIGHT: lambda: self._seek_by(1),
            pygame.K_LEFT: lambda: self._seek_by(-1),
            pygame.K_HOME: lambda: self._seek(0),
            pygame.K_SPACE: self._toggle_play,
            pygame.K_END: lambda: self._seek(self.replay.length if self.replay else 0),
        }
        if event.key in keys:
            keys[event.key]()
            return True
        return False

    def _update_replay(self, dt: float) -> None:
        assert self.replay is not None
        if not self.playing or self.anims.busy:
            return
        self._play_timer += dt
        if self._play_timer >= 0.6:
            self._play_timer = 0.0
            if self.replay.position >= self.replay.length:
                self.playing = False
            else:
                self._seek_by(1)

    def _draw_replay_bar(self, surface: pygame.Surface) -> None:
        assert self.replay is not None
        bar = pygame.Rect(0, theme.HEIGHT - 44, self.table_rect.width, 44)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        label = f"Move {self.replay.position} of {self.replay.length}"
        if self.playing:
            label += "  (playing)"
        text.draw(
            surface,
            label,
            (320, bar.centery),
            16,
            theme.TEXT,
            anchor="midleft",
            max_width=bar.width - 340,
        )
        track = pygame.Rect(520, bar.centery - 3, max(10, bar.width - 540), 6)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
        if self.replay.length:
            done = track.copy()
            done.width = round(track.width * self.replay.position / self.replay.length)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=3)
