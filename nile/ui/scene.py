"""Scenes: one screen each, kept on a stack by the app (push for modals, pop to return).

A scene renders and translates input into actions; it never decides what is legal.
Each scene owns a pygame_gui manager for its standard controls, created on demand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame
import pygame_gui

from nile.core.text import UnsafeChars
from nile.ui import sound, text, theme

if TYPE_CHECKING:
    from nile.ui import settings as settings_store

T = TypeVar("T")


@dataclass(frozen=True)
class Rescued:
    """What a scene kept after a crash: the save to resume from, and what to tell."""

    path: Path | None
    note: str


class Shell(Protocol):
    """What a screen may ask of the app that shows it (`nile.app.App` is the one there is):
    the stack of scenes, the settings, a message over everything, the safety net.

    Screens are typed against this, not against the app: the app opens the launcher, the
    launcher the games, the games their screens; were each screen to name the app back, the
    house would be one circle, if only for the type checker."""

    stack: list[Scene]
    settings: settings_store.Settings
    running: bool
    bots_paused: bool
    """Scripted screenshots are still pictures: bots wait (their thinking is timed)."""
    gave_up: bool
    stopped_by: int | None

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def reset(self, scene: Scene) -> None: ...

    def go_home(self) -> None: ...

    def host_again(self, path: Path) -> str | None: ...

    def notify(self, message: str, kind: str = "info", seconds: float = 6.0) -> None: ...

    def apply_settings(self, new: settings_store.Settings, save: bool = True) -> None: ...

    def tick(self, dt: float, events: list[pygame.event.Event]) -> None: ...

    def guarded(self, work: Callable[[], T]) -> T | None: ...


Focusable = tuple[pygame.Rect, Callable[[], None]]
"""Something the keyboard can reach: where it is, and what Enter on it does."""

FOCUS_NEXT = (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT)
FOCUS_BACK = (pygame.K_UP, pygame.K_LEFT)
FOCUS_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Scene:
    """Base class. `overlay` scenes let the scene below show through (dialogs, menus)."""

    overlay = False
    keyboard_focus = True
    """Tab and the arrows move a focus ring through the scene's buttons, Enter or Space
    presses the one it is on. Off where the keys mean moves (a game's table, a drill)."""
    arrow_focus = True
    """The arrows move the focus too; off where a list on the screen takes them (Tab still
    moves between the buttons there)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self._gui: pygame_gui.UIManager | None = None
        self._actions: dict[pygame_gui.elements.UIButton, Callable[[], None]] = {}
        self._pressed_on_control = False
        self._focus: int | None = None
        """The focusable the keyboard is on (an index in `focusables()`), once it is used."""

    @property
    def gui(self) -> pygame_gui.UIManager:
        """This scene's pygame_gui manager (our theme and bundled fonts)."""
        if self._gui is None:
            self._gui = pygame_gui.UIManager(
                (theme.WIDTH, theme.HEIGHT), theme.gui_theme(), enable_live_theme_updates=False
            )
        return self._gui

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], None],
        tooltip: str | None = None,
        object_id: str | None = None,
        container: pygame_gui.core.interfaces.IContainerLikeInterface | None = None,
    ) -> pygame_gui.elements.UIButton:
        """A pygame_gui button that runs `action` when pressed."""
        element = pygame_gui.elements.UIButton(
            rect,
            label,
            manager=self.gui,
            object_id=object_id,
            container=container,
        )
        self.retarget(element, action, tooltip)
        return element

    def retarget(self, element: pygame_gui.elements.UIButton,
                 action: Callable[[], None] | None, tooltip: str | None = None) -> None:
        """Let a button made with `button` run `action` and say `tooltip` from now on: a bar
        that shows the same button again keeps its element (building a pygame_gui button
        draws every state of it, about a millisecond). None: it runs nothing and is no
        control of the scene's (neither pressed nor focused) until retargeted."""
        if action is None:
            self._actions.pop(element, None)
            return
        if tooltip:  # the tables' wrap width; a short hint gets a box its own size (48:
            # pygame_gui's padding and border round the text, found by trying)
            wrap = min(theme.TOOLTIP_WIDTH, text.measure(tooltip, theme.TOOLTIP_FONT) + 48)
            element.set_tooltip(tooltip, wrap_width=wrap)
        else:
            element.set_tooltip(None)
        self._actions[element] = action

    def text_entry(
        self, rect: pygame.Rect, initial: str = "", limit: int = 40, placeholder: str = ""
    ) -> pygame_gui.elements.UITextEntryLine:
        """A one-line text field that refuses, as they are typed or pasted, the characters
        the text gate would drop (NUL, zero-width and bidi controls, lone surrogates)."""
        entry = pygame_gui.elements.UITextEntryLine(
            rect, manager=self.gui, initial_text=initial, placeholder_text=placeholder or None
        )
        entry.forbidden_characters = UnsafeChars()  # type: ignore[assignment]
        entry.set_text_length_limit(limit)
        return entry

    def forget(self, element: pygame_gui.core.UIElement) -> None:
        """Remove a control made with `button` (or any gui element)."""
        self._actions.pop(element, None)  # type: ignore[call-overload]
        element.kill()

    def focusables(self) -> list[Focusable]:
        """What the keyboard moves through, in reading order: the live, shown, enabled
        buttons (a scene adds what it draws itself, such as the launcher's tiles)."""
        return [(element.rect, action) for element, action in self._actions.items()
                if element.alive() and element.visible and element.is_enabled]

    def _ordered_focusables(self) -> list[Focusable]:
        return sorted(self.focusables(), key=lambda f: (f[0].top // 24, f[0].left))

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """Tab, Shift+Tab and the arrows move the focus; Enter or Space presses what it is
        on. False when the key is not for the focus (a typing field keeps its arrows)."""
        typing = self._gui is not None and any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) for e in self._gui.get_focus_set()
            or ())
        targets = self._ordered_focusables()
        arrow = event.key in (*FOCUS_NEXT[1:], *FOCUS_BACK)
        if not targets or (typing and event.key != pygame.K_TAB) or (
                arrow and not self.arrow_focus):
            return False
        if event.key in FOCUS_PRESS:
            if self._focus is None or self._focus >= len(targets):
                return False
            sound.play("click", 0.6)
            targets[self._focus][1]()
            return True
        back = event.key in FOCUS_BACK or (event.key == pygame.K_TAB
                                            and event.mod & pygame.KMOD_SHIFT)
        if not back and event.key not in FOCUS_NEXT:
            return False
        if typing and self._gui is not None:
            self._gui.set_focus_set(None)
        if self._focus is None:
            self._focus = len(targets) - 1 if back else 0
        else:
            self._focus = (self._focus + (-1 if back else 1)) % len(targets)
        return True

    @property
    def focused(self) -> Focusable | None:
        """What the keyboard is on (None until Tab or an arrow is pressed, and after a
        click)."""
        targets = self._ordered_focusables()
        return targets[self._focus] if self._focus is not None and self._focus < len(
            targets) else None

    def _draw_focus(self, surface: pygame.Surface) -> None:
        focused = self.focused
        if focused is not None:
            pygame.draw.rect(surface, theme.ACCENT, focused[0].inflate(8, 8), 3,
                             border_radius=10)

    def is_idle(self) -> bool:
        """True when nothing moves on its own (the app may then redraw less often)."""
        return True

    def allow_quit(self) -> bool:
        """Asked when the window is closed; a scene with something to lose may ask first."""
        return True

    def crash_context(self) -> dict[str, str]:
        """Facts for a crash report (a game scene gives its game and move count)."""
        return {}

    def rescue(self) -> Rescued | None:
        """After a crash: keep what must not be lost (None: nothing to keep)."""
        return None

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event (the gui sees it first, see `dispatch`)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene on the 1280×800 canvas."""

    # Plumbing used by the app ---------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """The gui gets the event first; the scene always sees it too, but for the keys that
        move or press the keyboard's focus."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._focus = None  # the mouse is in charge again
        if self._gui is not None:
            consumed = self._gui.process_events(event)
            # A click on a control is the control's, not the table's beneath it; a press that
            # began on the table still ends there (a card dragged and let go over a button).
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._pressed_on_control = bool(consumed)
                if consumed:
                    return
            elif event.type == pygame.MOUSEBUTTONUP and self._pressed_on_control:
                self._pressed_on_control = False
                return
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                action = self._actions.get(event.ui_element)
                if action is not None:
                    sound.play("click", 0.6)
                    action()
                    return
        if event.type == pygame.KEYDOWN and self.keyboard_focus and self._focus_key(event):
            return
        self.handle_event(event)

    def update_all(self, dt: float) -> None:
        self.update(dt)
        if self._gui is not None:
            self._gui.update(dt)

    def draw_all(self, surface: pygame.Surface) -> None:
        self.draw(surface)
        if self._gui is not None:
            self._gui.draw_ui(surface)
        if self.keyboard_focus and self.app.top is self:  # not under a dialog
            self._draw_focus(surface)
