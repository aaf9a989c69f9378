"""The game scene as its layers and dialogs see it: what they may read and ask of it.

`GameScene` builds every layer, so the layers cannot name `GameScene` back, not even for the
type checker, without closing a circle through the whole screen. They are typed against
`TableScene` instead, a protocol `GameScene` meets (mypy checks it where a layer is made),
and against the few things one layer may ask of another (`Viewing`, `Autoplaying`, ...).
Nothing here imports a layer, so the layers stand on this module and the scene on them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar, Protocol

from nile.ui.scene import Scene

if TYPE_CHECKING:
    import pygame

    from nile.core.game import Action, Event, GameInfo, GameState
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.core.tutorial import Progress
    from nile.ui import keys, theme
    from nile.ui.anim import Animations
    from nile.ui.chrome.autosave import Autosaver
    from nile.ui.chrome.layer import Layer
    from nile.ui.chrome.panels import Toasts
    from nile.ui.kit.tooltip import HoverTimer


class Viewing(Protocol):
    """Whose view the table shows and the pass-the-screen cover (`HandOver`), or a
    replay's `Spectator`."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def blocking(self) -> bool: ...

    @property
    def waiting(self) -> bool: ...

    @property
    def done_left(self) -> int | None: ...

    def words(self) -> str | None: ...

    def take_back(self, seat: int) -> None: ...

    @property
    def given_to(self) -> int | None: ...

    def after_move(self, actor: int | None) -> None: ...


class Autoplaying(Protocol):
    """Who plays the seats that are not people here: the bots, or a lesson's script."""

    @property
    def thinking(self) -> bool: ...

    @property
    def watching(self) -> bool: ...

    @property
    def allows_undo(self) -> bool: ...

    @property
    def allows_results(self) -> bool: ...

    @property
    def keeps_records(self) -> bool: ...

    @property
    def keeps_saves(self) -> bool: ...

    @property
    def resumed_from(self) -> str: ...

    def hint(self) -> str | None: ...

    def reset(self) -> None: ...

    def can_undo(self) -> bool: ...

    def undo_elsewhere(self) -> bool: ...

    def leaving_question(self) -> str | None: ...


class Logging(Protocol):
    """The game log as the person looking may read it."""

    open: bool
    reasons: dict[int, str]

    @property
    def rect(self) -> pygame.Rect: ...

    def show(self, lines: list[str]) -> None: ...

    def show_live(self, viewer: int | None, hold: bool) -> None: ...


class Commanding(Protocol):
    """The top bar's and the menu's commands."""

    def menu(self) -> None: ...

    def undo(self) -> None: ...

    def rules_scene(self, start: str = "", refused: str = "") -> Scene: ...

    def refused(self, reason: str) -> None: ...

    def open_why(self, section: str, refused: str) -> None: ...


class Titling(Protocol):
    """The top bar."""

    title_suffix: str

    @property
    def shows_results(self) -> bool: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class Seeking(Protocol):
    """A replay's controls."""

    def seek(self, position: int) -> None: ...

    def replay_end(self) -> None: ...


class KeyTable(Protocol):
    """The table's layer, for the keys F1 lists."""

    def key_bindings(self) -> list[keys.Binding]: ...


class TutorialFace(Protocol):
    """A lesson, as the results screen sees it."""

    def play_real_game(self) -> None: ...

    @property
    def waiting(self) -> bool: ...

    def fast_forward(self, step: int) -> None: ...

    def watch_progress(self) -> str: ...


class TableScene(Scene, ABC):
    """What a layer, a dialog or the results may read and ask of its game scene: an
    abstract screen `GameScene` completes (a real `Scene`, so the app can show it)."""

    KEYS: ClassVar[tuple[keys.Binding, ...]]
    CHROME_KEYS: ClassVar[tuple[keys.Binding, ...]]

    match: Match
    info: GameInfo
    replay: Replay | None
    view: GameState
    anims: Animations
    hover_timer: HoverTimer
    toasts: Toasts
    autosaver: Autosaver | None
    over_when_opened: bool
    layers: list[Layer]
    tutorial: TutorialFace | None
    handover: Viewing
    autoplay: Autoplaying
    log: Logging
    commands: Commanding
    top_bar: Titling
    replay_bar: Seeking
    table_layer: KeyTable

    @property
    @abstractmethod
    def state(self) -> GameState: ...

    @property
    @abstractmethod
    def names(self) -> list[str]: ...

    @property
    @abstractmethod
    def accepting_input(self) -> bool: ...

    @property
    @abstractmethod
    def my_turn(self) -> bool: ...

    @property
    def landing(self) -> bool:
        """A move is played but lands over the next frames (Cairo's flick physics): the
        bots and a lesson's script wait for it."""
        return False

    def land(self) -> None:
        """Land a move that waits (`landing`) at once: leaving, a lesson played ahead."""

    @property
    @abstractmethod
    def table_rect(self) -> pygame.Rect: ...

    @property
    @abstractmethod
    def board_rect(self) -> pygame.Rect: ...

    @property
    @abstractmethod
    def action_bar_rect(self) -> pygame.Rect: ...

    @abstractmethod
    def name(self, seat: int) -> str: ...

    @abstractmethod
    def color(self, seat: int) -> theme.PlayerColor: ...

    @abstractmethod
    def color_index(self, seat: int) -> int: ...

    @abstractmethod
    def words(self, engine_text: str) -> str: ...

    @property
    @abstractmethod
    def game_over(self) -> bool: ...

    @abstractmethod
    def live_game(self) -> bool: ...

    @abstractmethod
    def toast(self, message: str, kind: str = "info", seconds: float = 3.5,
              why: str = "") -> None: ...

    @abstractmethod
    def submit(self, action: Action) -> bool: ...

    @abstractmethod
    def after_action(self, events: list[Event], actor: int | None = None) -> None: ...

    @abstractmethod
    def play_scripted(self, action: Action) -> None: ...

    @abstractmethod
    def refresh(self) -> None: ...

    @abstractmethod
    def show_log(self, shown: bool) -> None: ...

    @abstractmethod
    def show_replay(self, match: Match, replay: Replay) -> None: ...

    @abstractmethod
    def make_results(self) -> Scene: ...

    @abstractmethod
    def reopen_results(self) -> None: ...

    @abstractmethod
    def open_replay(self) -> None: ...

    @abstractmethod
    def close_replay(self) -> None: ...

    @abstractmethod
    def autosave(self) -> None: ...

    @abstractmethod
    def saved(self) -> bool: ...

    @abstractmethod
    def attach_tutorial(self, progress: Progress) -> None: ...

    @abstractmethod
    def regions(self) -> dict[str, pygame.Rect]: ...

    # the game's hooks (`TableHooks`)
    @abstractmethod
    def draw_table(self, surface: pygame.Surface, view: GameState) -> None: ...

    @abstractmethod
    def handle_table_event(self, event: pygame.event.Event) -> bool: ...

    @abstractmethod
    def handle_view_event(self, event: pygame.event.Event) -> bool: ...

    @abstractmethod
    def on_events(self, events: list[Event]) -> None: ...

    @abstractmethod
    def describe_action(self, action: Action) -> str: ...

    @abstractmethod
    def show_hint(self, action: Action) -> None: ...

    @abstractmethod
    def private_now(self) -> bool: ...

    @abstractmethod
    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool: ...

    @abstractmethod
    def draw_floating(self, surface: pygame.Surface) -> None: ...

    @abstractmethod
    def floating_rects(self) -> list[pygame.Rect]: ...

    @abstractmethod
    def view_keys(self) -> list[keys.Binding]: ...


__all__ = ["Autoplaying", "Commanding", "KeyTable", "Logging", "Seeking", "TableScene", "Titling",
           "TutorialFace", "Viewing"]
