"""Modal overlays: the in-game menu, save and load dialogs, messages, the rules summary."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core import paths, saves
from nile.core.errors import SaveError
from nile.ui import text, theme
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.app import App
    from nile.ui.chrome.game_scene import GameScene


class Overlay(Scene):
    """A dimmed backdrop with a centred panel; Esc closes it."""

    overlay = True

    def __init__(self, app: App, width: int, height: int, title: str) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.title = title

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        shade.fill((8, 12, 16, 170))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.panel, 2, border_radius=12)
        text.draw(
            surface,
            self.title,
            (self.panel.centerx, self.panel.top + 18),
            24,
            theme.ACCENT,
            "bold",
            "midtop",
            max_width=self.panel.width - 40,
        )

    def row(self, index: int, height: int = 44, top: int = 70) -> pygame.Rect:
        """The rect of the `index`-th full-width control in the panel."""
        return pygame.Rect(
            self.panel.left + 40,
            self.panel.top + top + index * (height + 10),
            self.panel.width - 80,
            height,
        )


class MessageDialog(Overlay):
    """A message with an OK button (a refused save file, say)."""

    def __init__(self, app: App, title: str, message: str) -> None:
        lines = text.wrap(message, 17, 520)
        super().__init__(app, 600, 170 + 24 * min(len(lines), 10), title)
        self.message = message
        self.button(
            pygame.Rect(self.panel.centerx - 70, self.panel.bottom - 64, 140, 44),
            "OK",
            self.close,
            object_id="@accent",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = pygame.Rect(
            self.panel.left + 40,
            self.panel.top + 64,
            self.panel.width - 80,
            self.panel.height - 140,
        )
        text.draw_wrapped(surface, self.message, area, 17)


class MenuScene(Overlay):
    """Esc in a game: resume, save, load, undo, rules, settings, quit to the launcher."""

    def __init__(self, app: App, game: GameScene) -> None:
        super().__init__(app, 380, 520, "Menu")
        self.game = game
        entries: list[tuple[str, Callable[[], None]]] = [
            ("Resume", self.close),
            ("Save game…", lambda: self.app.replace(SaveDialog(self.app, game))),
            ("Load game…", lambda: self.app.replace(LoadDialog(self.app))),
            ("Undo", self._undo),
            (
                "Rules summary",
                lambda: self.app.replace(
                    RulesScene(self.app, game.info.title, game.info.rules_summary)
                ),
            ),
            ("Settings", self._settings),
            ("Quit to launcher", self._quit),
        ]
        if game.replay is not None:
            entries = [e for e in entries if e[0] not in ("Save game…", "Undo")]
        for i, (label, action) in enumerate(entries):
            self.button(self.row(i), label, action, object_id="@accent" if i == 0 else None)

    def _undo(self) -> None:
        self.close()
        self.game.action_undo()

    def _settings(self) -> None:
        from nile.ui.settings_scene import SettingsScene

        self.app.replace(SettingsScene(self.app))

    def _quit(self) -> None:
        from nile.ui.launcher import LauncherScene

        if self.game.autosaver is not None:
            self.game.autosaver.flush()
        self.app.reset(LauncherScene(self.app))


def _slug(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9 _-]", "", name).strip().replace(" ", "_")
    return cleaned[:40] or "game"


class SaveDialog(Overlay):
    """Name a save; it goes to the saves folder (an existing name is replaced atomically)."""

    def __init__(self, app: App, game: GameScene) -> None:
        super().__init__(app, 520, 250, "Save game")
        self.game = game
        default = f"{game.info.title} {game.state.status().round_text}".strip()
        self.entry = pygame_gui.elements.UITextEntryLine(
            self.row(0), manager=self.gui, initial_text=_slug(default)
        )
        self.entry.set_text_length_limit(40)
        self.entry.focus()
        half = (self.panel.width - 100) // 2
        y = self.panel.bottom - 70
        self.button(
            pygame.Rect(self.panel.left + 40, y, half, 44), "Save", self._save, object_id="@accent"
        )
        self.button(pygame.Rect(self.panel.right - 40 - half, y, half, 44), "Cancel", self.close)
        self.error = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._save()
        else:
            super().handle_event(event)

    def _save(self) -> None:
        from nile.ui.chrome.autosave import header

        path = paths.saves_dir() / f"{_slug(self.entry.get_text())}.json"
        try:
            saves.write_atomic(path, {**self.game.match.to_save(), **header(self.game.match)})
        except OSError as error:
            self.error = f"Could not save: {error.strerror or error}"
            return
        self.close()
        self.game.toast(f"Saved as {path.stem}.", "ok")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text.draw(surface, "Name", (self.panel.left + 40, self.panel.top + 52), 14, theme.MUTED)
        if self.error:
            text.draw(
                surface,
                self.error,
                (self.panel.centerx, self.panel.top + 128),
                15,
                theme.BAD,
                anchor="midtop",
                max_width=self.panel.width - 40,
            )


def list_saves() -> list[tuple[Path, str]]:
    """Saves in the saves folder, newest first, each with a readable label."""
    from nile.ui.chrome.autosave import read_header

    found = []
    for path in sorted(
        paths.saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True
    ):
        data = read_header(path)
        label = f"{path.stem} (unreadable)" if data is None else _save_label(path, data)
        found.append((path, label))
    return found


def _save_label(path: Path, data: dict[str, object]) -> str:
    from nile.core import registry

    game = str(data.get("game", "?"))
    title = str(
        data.get("title") or (registry.get(game).title if registry.is_registered(game) else game)
    )[:30]
    state = "finished" if data.get("finished") else str(data.get("round", ""))[:24]
    name = "Autosave" if path.name == "autosave.json" else path.stem
    return f"{name}: {title}" + (f", {state}" if state else "")


class LoadDialog(Overlay):
    """Pick a save; a damaged or hostile file is refused with a message, nothing is lost."""

    def __init__(self, app: App) -> None:
        super().__init__(app, 640, 560, "Load game")
        self.saves = list_saves()
        labels = [label for _, label in self.saves] or ["(no saves yet)"]
        self.list = pygame_gui.elements.UISelectionList(
            pygame.Rect(self.panel.left + 30, self.panel.top + 64, self.panel.width - 60, 400),
            labels,
            manager=self.gui,
        )
        half = (self.panel.width - 100) // 2
        y = self.panel.bottom - 70
        self.button(
            pygame.Rect(self.panel.left + 40, y, half, 44), "Load", self._load, object_id="@accent"
        )
        self.button(pygame.Rect(self.panel.right - 40 - half, y, half, 44), "Cancel", self.close)

    def _load(self) -> None:
        chosen = self.list.get_single_selection()
        match = [p for p, label in self.saves if label == chosen]
        if not match:
            return
        open_save(self.app, match[0])


def open_save(app: App, path: Path) -> None:
    """Load a save and open its game; refusals become a message, the save stays untouched."""
    from nile.ui.games import open_match

    try:
        match = saves.load(path)
    except SaveError as error:
        app.push(MessageDialog(app, "This save cannot be loaded", str(error)))
        return
    except Exception as error:
        app.push(
            MessageDialog(
                app,
                "This save cannot be loaded",
                f"{path.name} could not be read ({type(error).__name__}).",
            )
        )
        return
    open_match(app, match)


class RulesScene(Overlay):
    """The in-game rules summary (F1), scrollable."""

    def __init__(self, app: App, title: str, summary: str) -> None:
        super().__init__(app, 860, 680, f"{title}: rules summary")
        body = summary.strip() or "No rules summary yet."
        html = "<br>".join(
            f"<b>{line.strip('# ')}</b>" if line.startswith("#") else line
            for line in body.replace("&", "&amp;").replace("<", "&lt;").split("\n")
        )
        self.box = pygame_gui.elements.UITextBox(
            html,
            pygame.Rect(
                self.panel.left + 24,
                self.panel.top + 60,
                self.panel.width - 48,
                self.panel.height - 130,
            ),
            manager=self.gui,
        )
        self.button(
            pygame.Rect(self.panel.centerx - 70, self.panel.bottom - 58, 140, 42),
            "Close",
            self.close,
            object_id="@accent",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
