"""The launcher: every Nile game as a tile, plus Continue, Load, Settings and Quit.

Games whose engine or scene is not built yet are shown as "coming soon" and cannot be
started: there are no placeholder screens behind the tiles.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile import __version__
from nile.core import library, registry
from nile.ui import art, text, theme
from nile.ui.chrome.dialogs import LoadDialog, learn, open_lesson, open_save
from nile.ui.chrome.overlay import ConfirmDialog
from nile.ui.games import has_tutorial, is_playable
from nile.ui.online import OnlineScene
from nile.ui.records_scene import RecordsScene
from nile.ui.scene import Focusable, Scene
from nile.ui.settings_scene import SettingsScene
from nile.ui.setup_scene import SetupScene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

PRACTICE_SCENE = "nile.practice.scene"
GAP = 24
GRID_TOP, GRID_BOTTOM, GRID_SIDE = 150, 770, 58
MAX_TILE_H = 270


@dataclass(frozen=True)
class Tile:
    """One launcher tile."""

    id: str
    title: str
    players: str
    length: str
    pitch: str
    playable: bool
    rect: pygame.Rect


def practice_available() -> bool:
    """Flick Practice is offered once its scene exists."""
    try:
        return importlib.util.find_spec(PRACTICE_SCENE) is not None
    except ModuleNotFoundError:
        return False


def grid(count: int) -> list[pygame.Rect]:
    """Rects for `count` tiles: three columns (four past nine tiles), rows as needed,
    each tile as tall as the rows leave room for (at most MAX_TILE_H)."""
    columns = 3 if count <= 9 else 4
    rows = max(1, -(-count // columns))
    width = (theme.WIDTH - 2 * GRID_SIDE - (columns - 1) * GAP) // columns
    height = min(MAX_TILE_H, (GRID_BOTTOM - GRID_TOP - (rows - 1) * GAP) // rows)
    return [
        pygame.Rect(GRID_SIDE + (i % columns) * (width + GAP),
                    GRID_TOP + (i // columns) * (height + GAP), width, height)
        for i in range(count)
    ]


def tile_rows(rect: pygame.Rect) -> tuple[int, int, int]:
    """The tops of a tile's title, its facts line and its two-line pitch, under the art:
    the art gives way when the text size grows (the text rows are designed at 100 %), and
    the pitch gets a third line, since fewer words fit on each."""
    pitch_height = pitch_room()
    pitch_y = rect.bottom - 18 - pitch_height
    facts_y = pitch_y - text.space(22, 14)
    title_y = facts_y - text.space(34, 22)
    return title_y, facts_y, pitch_y


def pitch_room() -> int:
    """The height of a tile's pitch: two lines as designed, three at a larger text size."""
    if theme.text_percent() == 100:
        return 46
    return 3 * text.line_height(15)


def top_button_width(label: str, accent: bool) -> int:
    """A top-row button's width: 120 px, or its label in the button's own type (pygame_gui's
    bold 17 for the accent, 14 otherwise) and some room, which a larger text size needs
    ("Continue" is clipped at 150 % in 120 px)."""
    own = text.measure(label, 17, "bold") if accent else text.measure(label, 14)
    return max(120, own + 16)


def build_tiles() -> list[Tile]:
    """A tile for every game the registry finds (a new game package needs no list), then
    Flick Practice."""
    entries = [(g.id, g.title, g.players_text(), g.length, g.pitch, is_playable(g))
               for g in registry.listed_games()]
    entries.append(("practice", "Flick Practice", "1", "any",
                    "Train your Cairo flick with drills, statistics and a heat map.",
                    practice_available()))
    return [Tile(game_id, title, players, length, pitch, playable, rect)
            for (game_id, title, players, length, pitch, playable), rect
            in zip(entries, grid(len(entries)), strict=True)]


class LauncherScene(Scene):
    """The first screen."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.tiles = build_tiles()
        self.hover: str | None = None
        self.unfinished: list[library.SaveEntry] = []
        self._buttons: list[object] = []
        self._make_buttons()

    def _learn_buttons(self, lessons: set[str | None]) -> list[object]:
        """Each game's Learn to play; "Resume lesson" where one is left open (it goes on
        there instead of starting another)."""
        made: list[object] = []
        for tile in self.tiles:
            if tile.playable and tile.id != "practice" and has_tutorial(registry.get(tile.id)):
                label, tip = (("Resume lesson", "Go on with your lesson where you left it")
                              if tile.id in lessons else
                              ("Learn to play", "A guided first game that teaches the rules"))
                facts_y = tile_rows(tile.rect)[1]
                width = max(124, text.measure(label, 14) + 20)
                rect = pygame.Rect(tile.rect.right - 16 - width, facts_y - 4, width,
                                   text.space(28, 14))
                made.append(self.button(rect, label, self._learn(tile.id), tip, "@small"))
        return made

    def _make_buttons(self) -> None:
        """The buttons of the top row (Continue only while a game is in progress: lessons
        go on from their game's tile) and the tiles' Learn to play."""
        for element in self._buttons:
            self.forget(element)  # type: ignore[arg-type]
        everything = library.unfinished()
        self.unfinished = [e for e in everything if not e.lesson]
        right, y = theme.WIDTH - GRID_SIDE, 40
        specs: list[tuple[str, Callable[[], None], str | None, str | None]] = [
            ("Quit", self._quit, None, None),
            ("Settings", self._settings, None, None),
            ("Load…", self._load, "Open a saved game", None),
            ("Records", self._records, "Your finished games: wins, bests, replays", None),
            ("Online", self._online, "Play with friends at other computers: host or join",
             None),
        ]
        if self.unfinished:
            count = len(self.unfinished)
            resume = "Continue" if count == 1 else f"Continue ({count})"
            hint = (f"Resume {self.unfinished[0].title}" if count == 1
                    else f"{count} games in progress: choose one")
            specs.append((resume, self._continue, hint, "@accent"))
        self._buttons = []
        for label, action, tip, style in specs:
            width = top_button_width(label, style == "@accent")
            self._buttons.append(self.button(pygame.Rect(right - width, y, width, 48), label,
                                             action, tip, style))
            right -= width + 10
        left = {e.game for e in everything if e.lesson}  # read further only if there are any
        self._buttons += self._learn_buttons({game for game in left if game is not None
                                              and registry.is_registered(game)
                                              and open_lesson(registry.get(game)) is not None})

    def _continue(self) -> None:
        if len(self.unfinished) == 1:
            open_save(self.app, self.unfinished[0].path)
        else:
            self.app.push(LoadDialog(self.app, continuing=True))

    def enter(self) -> None:
        """Back on the launcher (a game left, a save deleted): what is in progress now."""
        self._make_buttons()

    def _learn(self, game_id: str) -> Callable[[], None]:
        def start() -> None:
            learn(self.app, registry.get(game_id))
        return start

    def _load(self) -> None:
        self.app.push(LoadDialog(self.app))

    def _online(self) -> None:
        self.app.push(OnlineScene(self.app))

    def _records(self) -> None:
        self.app.push(RecordsScene(self.app))

    def _settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def _ask_quit(self) -> None:
        """Esc asks first: a key pressed once too often must not close the app."""
        self.app.push(ConfirmDialog(self.app, "Quit Nile?", "Your games in progress are saved.",
                                    [("Quit", self._quit), ("Stay", lambda: None)]))

    def focusables(self) -> list[Focusable]:
        """The buttons and the game tiles (Enter on a tile opens its setup)."""
        tiles: list[Focusable] = [(tile.rect, self._opener(tile)) for tile in self.tiles
                                  if tile.playable]
        return [*super().focusables(), *tiles]

    def _opener(self, tile: Tile) -> Callable[[], None]:
        return lambda: self.open_tile(tile)

    def open_tile(self, tile: Tile) -> None:
        if not tile.playable:
            return
        if tile.id == "practice":
            module = importlib.import_module(PRACTICE_SCENE)
            self.app.push(module.PracticeScene(self.app))
            return
        self.app.push(SetupScene(self.app, registry.get(tile.id)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((t.id for t in self.tiles if t.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.gui.get_hovering_any_element():
                return  # a button on the tile (Learn to play) takes this click
            for tile in self.tiles:
                if tile.rect.collidepoint(event.pos):
                    self.open_tile(tile)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._ask_quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Nile", (40, 28), 48, theme.ACCENT, "bold")
        text.draw(surface, "Five tabletop games along the river", (42, 28 + text.space(66, 48)), 18,
                  theme.MUTED)
        if self.unfinished:
            latest = self.unfinished[0]
            label = f"Last played: {latest.title}, {latest.status}, {latest.when}"
            text.draw(surface, label, (theme.WIDTH - GRID_SIDE, 96), 14, theme.MUTED,
                      anchor="topright", max_width=520)
        for tile in self.tiles:
            self._draw_tile(surface, tile)
        text.draw(
            surface,
            f"Nile {__version__}  ·  F11 full screen",
            (1240, 786),
            13,
            theme.MUTED,
            anchor="bottomright",
        )

    def _draw_tile(self, surface: pygame.Surface, tile: Tile) -> None:
        rect = tile.rect
        hovered = tile.id == self.hover and tile.playable
        pygame.draw.rect(
            surface, theme.PANEL_LIGHT if hovered else theme.PANEL, rect, border_radius=12
        )
        title_y, facts_y, pitch_y = tile_rows(rect)
        art_rect = pygame.Rect(rect.left + 10, rect.top + 10, rect.width - 20,
                               title_y - 10 - rect.top - 10)
        picture = art.tile_art(tile.id, art_rect.width, art_rect.height)
        surface.blit(picture, art_rect)
        if not tile.playable:
            veil = pygame.Surface(art_rect.size, pygame.SRCALPHA)
            veil.fill((20, 26, 32, 150))
            surface.blit(veil, art_rect)
            text.draw(surface, "Coming soon", art_rect.center, 22, theme.TEXT, "bold", "center")
        pygame.draw.rect(
            surface, theme.ACCENT if hovered else theme.PANEL_EDGE, rect, 2, border_radius=12
        )
        color = theme.TEXT if tile.playable else theme.MUTED
        text.draw(surface, tile.title, (rect.left + 16, title_y), 22, color, "bold",
                  max_width=rect.width - 32)
        noun = "player" if tile.players == "1" else "players"
        facts = f"{tile.players} {noun}  ·  {tile.length}"
        text.draw(
            surface,
            facts,
            (rect.left + 16, facts_y),
            14,
            theme.ACCENT if tile.playable else theme.MUTED,
            max_width=rect.width - 32 - (self._learn_width(tile) + 8 if tile.id != "practice"
                                         else 0),
        )
        text.draw_wrapped(surface, tile.pitch,
                          pygame.Rect(rect.left + 16, pitch_y, rect.width - 32,
                                      pitch_room()), 15, color)

    def _learn_width(self, tile: Tile) -> int:
        """The width of the tile's Learn to play button (0 when it has none)."""
        return next((element.rect.width for element in self._actions
                     if element.text in ("Learn to play", "Resume lesson")
                     and tile.rect.contains(element.rect)), 0)
