"""The top bar of a game: its title, the round and phase, who acts, and the buttons.

Hint, Undo, Log, Rules and Menu, and once the game is over Results and Replay in Hint's
and Undo's place (a replay has neither pair). Under the pass-the-screen cover only Menu
shows: nothing else may look clickable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.game import Status
from nile.ui import text, theme
from nile.ui.chrome.layer import Layer
from nile.ui.chrome.panels import draw_top_bar

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

BUTTONS = (
    ("Hint", "hint", "What would the normal bot do? (H)"),
    ("Undo", "undo", "Take back your last move (Ctrl+Z)"),
    ("Log", "log", "Show or hide the game log (L)"),
    ("Rules", "rules", "Rules summary (F1)"),
    ("Menu", "menu", "Save, load, settings, quit (Esc)"),
)
BUTTON_WIDTH = 66
"""The buttons' width as designed; `button_width` widens them for a larger text size."""
OVER_BUTTONS = (
    ("Results", "results", "reopen_results", "Show the results again"),
    ("Replay", "replay", "open_replay", "Watch the game again, move by move"),
)
"""Shown in the places of Hint and Undo once the game is over."""


def button_width() -> int:
    """Wide enough for every label of the bar (pygame_gui's "@small" type, 14) with room
    either side, and never narrower than designed."""
    labels = [label for label, *_ in (*BUTTONS, *OVER_BUTTONS)]
    return max(BUTTON_WIDTH, max(text.measure(label, 14) for label in labels) + 16)
PLAYING_ONLY = ("hint", "undo")
"""Buttons for playing, not watching: a replay has none of them."""


class TopBar(Layer):
    """The bar over the table; `live` is False in a replay (no hint, undo or end buttons)."""

    def __init__(self, scene: TableScene, live: bool) -> None:
        self.scene = scene
        self.live = live
        self.title_suffix = "" if live else " · Replay"
        """What the title says the table is, besides the game (a replay, a watched game)."""
        self.width = button_width()
        self.left = theme.WIDTH - 8 - len(BUTTONS) * (self.width + 4)
        """Where the buttons begin: the status stops short of them."""
        self.buttons: dict[str, object] = {}
        self._held: tuple[Status, int | None] | None = None
        self._hint_enabled = True
        self._make_buttons()

    def _make_buttons(self) -> None:
        x = self.left
        for label, key, tip in BUTTONS:
            if self.live or key not in PLAYING_ONLY:
                rect = pygame.Rect(x, 6, self.width, theme.TOP_BAR_HEIGHT - 12)
                self.buttons[key] = self.scene.button(
                    rect, label, getattr(self.scene.commands, key), tip, "@small")
            x += self.width + 4
        if not self.live:
            return
        x = self.left
        for label, key, method, tip in OVER_BUTTONS:
            rect = pygame.Rect(x, 6, self.width, theme.TOP_BAR_HEIGHT - 12)
            element = self.scene.button(rect, label, getattr(self.scene, method), tip, "@small")
            element.hide()
            self.buttons[key] = element
            x += self.width + 4

    def refresh(self) -> None:
        """After any change: Undo is pressable only when there is a move to take back."""
        undo = self.buttons.get("undo")
        if undo is not None:
            can = self.scene.autoplay.can_undo()
            undo.enable() if can else undo.disable()  # type: ignore[attr-defined]
        self._show_buttons()

    @property
    def shows_results(self) -> bool:
        """Results and Replay are in the bar: the end has played out on a live table (not
        under its move, nor under the cover). The bottom bar points to them only then."""
        scene = self.scene
        return (self.live and scene.match.state.is_terminal and not scene.anims.busy
                and not scene.handover.blocking)

    def _show_buttons(self) -> None:
        """Which buttons show: under the cover only Menu; once the game is over Results
        and Replay take Hint's and Undo's place."""
        covered = self.scene.handover.blocking
        over = self.live and self.scene.match.state.is_terminal and not self.scene.anims.busy
        for key, element in self.buttons.items():
            if key == "menu":
                wanted = True
            elif key in PLAYING_ONLY:
                wanted = not covered and not over
            elif key in ("results", "replay"):
                wanted = not covered and over
            else:
                wanted = not covered
            if wanted != bool(element.visible):  # type: ignore[attr-defined]
                element.show() if wanted else element.hide()  # type: ignore[attr-defined]

    def update(self, dt: float) -> None:
        """Hint looks pressable only when it can answer: the human's own turn, table still."""
        button = self.buttons.get("hint")
        wanted = self.scene.accepting_input
        if button is not None and wanted != self._hint_enabled:
            self._hint_enabled = wanted
            button.enable() if wanted else button.disable()  # type: ignore[attr-defined]
        # a move that played out is said here, before the layers above may start the next
        # (a remote table shows the host's changes one after another with no still frame)
        self._follow()

    def _follow(self) -> None:
        """While a move still plays out, the bar keeps saying what it said before it, as the
        log does: it must not tell the outcome (a knocked-over ship) before the table."""
        scene = self.scene
        if self._held is None or not scene.anims.busy or not self.live:
            self._held = (scene.state.status(), scene.state.current_player)

    def draw(self, surface: pygame.Surface) -> None:
        self._show_buttons()
        scene = self.scene
        self._follow()
        assert self._held is not None
        status, seat = self._held
        player = None
        if seat is not None and seat >= 0:
            label = scene.name(seat)
            if scene.match.seats[seat].kind == "bot":
                label += " (thinking…)" if scene.autoplay.thinking else " (bot)"
            player = (scene.color_index(seat), label)
        title = scene.info.title + self.title_suffix
        draw_top_bar(surface, title, scene.words(status.round_text),
                     scene.words(status.phase_text), player, self.left)
