"""Settings: full screen, volume and mute, colour-blind palette, text size, animation and
bot speed.

Every change is applied and saved at once; a new text size rebuilds this screen so its
buttons show it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.ui import settings as store
from nile.ui import sound, text, theme
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

LEFT, VALUE_X, TOP, STEP = 260, 620, 130, 74
TEXT_ROW, VOLUME_ROW = 3, 4
SIZE_BUTTON = 94


class SettingsScene(Scene):
    """A form of the player's settings."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        s = app.settings
        self.toggles: dict[object, str] = {}
        for i, (key, label) in enumerate(
            (
                ("fullscreen", "Full screen"),
                ("muted", "Mute sounds"),
                ("color_blind", "Colour-blind-safe colours"),
            )
        ):
            self._toggle(i, key, label)
        self.sizes: dict[object, int] = {}
        for i, percent in enumerate(store.TEXT_SIZES):
            rect = pygame.Rect(VALUE_X + i * (SIZE_BUTTON + 8), TOP + TEXT_ROW * STEP,
                               SIZE_BUTTON, 40)
            size_button = self.button(rect, f"{percent}%", self._sizer(percent))
            if percent == s.text_size:
                size_button.select()
            self.sizes[size_button] = percent
        y = TOP + VOLUME_ROW * STEP
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(VALUE_X, y, 400, 36), s.volume * 100, (0, 100), self.gui
        )
        self.menus: dict[object, str] = {}
        for i, (key, choices) in enumerate(
            (("animation_speed", store.ANIMATION_SPEEDS), ("bot_speed", store.BOT_DELAYS))
        ):
            menu = pygame_gui.elements.UIDropDownMenu(
                list(choices),
                getattr(s, key),
                pygame.Rect(VALUE_X, y + (i + 1) * STEP, 400, 40),
                self.gui,
            )
            self.menus[menu] = key
        self.button(pygame.Rect(LEFT, 700, 200, 52), "Done", self.app.pop, object_id="@accent")

    def _toggle(self, index: int, key: str, label: str) -> None:
        rect = pygame.Rect(VALUE_X, TOP + index * STEP, 160, 40)
        self.toggles[self.button(rect, self._label(key), lambda: self._flip(key))] = key

    def _label(self, key: str) -> str:
        return "On" if getattr(self.app.settings, key) else "Off"

    def _flip(self, key: str) -> None:
        self.app.apply_settings(
            self.app.settings.changed(**{key: not getattr(self.app.settings, key)})
        )
        for element, name in self.toggles.items():
            element.set_text(self._label(name))  # type: ignore[attr-defined]

    def _sizer(self, percent: int) -> Callable[[], None]:
        return lambda: self._text_size(percent)

    def _text_size(self, percent: int) -> None:
        """Use a text size, and show this screen again drawn with it."""
        if percent == self.app.settings.text_size:
            return
        self.app.apply_settings(self.app.settings.changed(text_size=percent))
        self.app.replace(SettingsScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.app.apply_settings(self.app.settings.changed(volume=event.value / 100))
            sound.play("click")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            key = self.menus[event.ui_element]
            self.app.apply_settings(self.app.settings.changed(**{key: event.text}))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Settings", (LEFT, 50), 40, theme.ACCENT, "bold")
        labels = (
            "Full screen (F11)",
            "Mute sounds",
            "Colour-blind-safe colours",
            "Text size",
            "Volume",
            "Animation speed",
            "Bot speed",
        )
        notes = (
            "",
            "",
            "Okabe–Ito palette; every colour also has a symbol.",
            "Every text, and goods, pyramids and badges.",
            "",
            "'off' shows results at once.",
            "How long a bot's move stays announced.",
        )
        note_y = 8 + text.line_height(20)
        for i, (label, note) in enumerate(zip(labels, notes, strict=True)):
            y = TOP + i * STEP
            text.draw(surface, label, (LEFT, y + 8), 20, theme.TEXT, max_width=340)
            if note:
                text.draw(surface, note, (LEFT, y + note_y), 14, theme.MUTED, max_width=340)
        volume = "muted" if self.app.settings.muted else f"{round(self.app.settings.volume * 100)}%"
        text.draw(surface, volume, (VALUE_X + 416, TOP + VOLUME_ROW * STEP + 18), 17,
                  theme.TEXT, anchor="midleft")
        colors = theme.palette()
        for i, color in enumerate(colors[:6]):
            center = (VALUE_X + 200 + i * 34, TOP + 2 * STEP + 20)
            pygame.draw.circle(surface, color.rgb, center, 14)
            theme.draw_symbol(surface, color.symbol, center, 7, color.ink)
