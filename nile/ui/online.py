"""Play online (issue 31): host a game for people at other computers, or join one.

*Host* opens the game's setup, where a seat can be a remote player (`host_online`).
*Join* takes the host's address and a seat's code (the last ones are offered again, and
the games joined lately are listed: `nile.ui.joined_games`) and opens the waiting room; either
way the app then talks to the host through one `nile.net.client.Client`. While this screen is
open (and only then) it lists the games hosted on this network (`nile.net.discovery`);
picking one fills the address. NILE_DISCOVERY=off turns the list off (the tests do).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core import registry
from nile.core.game import GameInfo
from nile.core.text import safe_text
from nile.net.client import Client
from nile.net.discovery import Browser, HostedGame
from nile.ui import joined_games, text, theme
from nile.ui.games import is_playable
from nile.ui.host_online import PORT
from nile.ui.joined_games import JoinedGame
from nile.ui.scene import Scene
from nile.ui.setup_scene import SetupScene
from nile.ui.waiting_room import WaitingRoom

if TYPE_CHECKING:
    from nile.ui.scene import Shell


def join_address(typed: str) -> str:
    """What a player typed as the host's address, as a WebSocket URL: `192.168.1.20`,
    `192.168.1.20:8765` and `ws://192.168.1.20:8765` all work."""
    address = typed.strip()
    if "://" not in address:
        address = f"ws://{address}"
    host = address.split("://", 1)[1]
    if ":" not in host.split("/", 1)[0].rsplit("]", 1)[-1]:
        address = f"{address.rstrip('/')}:{PORT}"
    return address


def join_codes(typed: str) -> list[str]:
    """The seat codes typed, in capitals without spaces; two people sharing this computer
    give both, with a comma between."""
    codes = ("".join(part.split()).upper() for part in typed.split(","))
    return [code for code in codes if code]


LISTED = 3
"""Hosted games shown at once (the first by name; a busy network is rare at home)."""
LIST_TOP = 512
RECENT_TOP = 552
"""Where the games this computer joined are listed (under the games to host)."""


def discovery_on() -> bool:
    """Whether the Join list may listen on the network (NILE_DISCOVERY=off: never)."""
    return os.environ.get("NILE_DISCOVERY", "on").lower() not in ("off", "0", "no")


class OnlineScene(Scene):
    """Host or join: the games to host on the left, the join form on the right."""

    def __init__(self, app: Shell, browse: bool = True) -> None:
        """`browse`: list the games hosted on this network while shown (a screenshot
        does not listen on the network)."""
        super().__init__(app)
        self.error: str | None = None
        games = [info for info in registry.listed_games() if is_playable(info)]
        for i, info in enumerate(games):
            self.button(pygame.Rect(80, 200 + 62 * i, 420, 50), f"Host {info.title}",
                        self._host(info), "Choose the seats; remote players join with a code")
        address, code = joined_games.last_typed()  # offered again: the host is often the same
        self.address = self.text_entry(pygame.Rect(700, 230, 420, 44), address, 120,
                                       "the host's address, e.g. 192.168.1.20")
        self.code = self.text_entry(pygame.Rect(700, 330, 420, 44), code, 40,
                                    "the seat's code (two of you here: both, a comma between)")
        self.button(pygame.Rect(700, 410, 200, 52), "Join", self.join, object_id="@accent")
        self.button(pygame.Rect(80, 700, 175, 52), "Back", self.app.pop)
        self.recent = joined_games.recent()
        """The games this computer joined lately: one click joins again."""
        for i, game in enumerate(self.recent):
            self.button(pygame.Rect(80, RECENT_TOP + 46 * i, 540, 40),
                        text.fit(game.label, 15, 520, at_word=True)[0], self._rejoin(game),
                        "Join this game again with the same code")
        self.browse = browse
        self.browser: Browser | None = None
        self.hosted: list[HostedGame] = []
        self._hosted_buttons: list[pygame_gui.elements.UIButton] = []

    # The games hosted on this network ---------------------------------------------------

    def enter(self) -> None:
        if self.browser is None and self.browse and discovery_on():
            self.browser = Browser()
            self.browser.start()

    def exit(self) -> None:
        self._stop_browsing()

    def _stop_browsing(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> None:
        found = self.browser.games()[:LISTED] if self.browser is not None else []
        if found != self.hosted:
            self.hosted = found
            for element in self._hosted_buttons:
                self.forget(element)
            self._hosted_buttons = [
                self.button(pygame.Rect(700, LIST_TOP + 46 * i, 480, 40),
                            text.fit(game.label, 15, 460, at_word=True)[0], self._pick(game),
                            f"Join {game.host}: fills in the address {game.address}")
                for i, game in enumerate(found)]

    def _pick(self, game: HostedGame) -> Callable[[], None]:
        def fill() -> None:
            self.address.set_text(game.address)
            self.error = None
        return fill

    def _host(self, info: GameInfo) -> Callable[[], None]:
        def open_setup() -> None:
            self._stop_browsing()  # listed only while this screen is open
            self.app.push(SetupScene(self.app, info, online=True))
        return open_setup

    def join(self) -> None:
        address = self.address.get_text().strip()
        codes = join_codes(self.code.get_text())
        if not address or not codes:
            self.error = "Type the host's address and your seat's code."
            return
        try:
            joined_games.remember_typed(address, ", ".join(codes))
        except OSError as error:
            self.app.notify(f"Join could not keep the address for next time "
                            f"({safe_text(error.strerror or error, 80)}).", "error")
        self._open(join_address(address), codes)

    def _rejoin(self, game: JoinedGame) -> Callable[[], None]:
        def again() -> None:
            self._open(game.address, list(game.codes))
        return again

    def _open(self, url: str, codes: list[str]) -> None:
        """Connect and wait in the room (it lists the game once the host lets us in)."""
        client = Client(url, codes)
        client.start()
        self._stop_browsing()
        self.app.push(WaitingRoom(self.app, client))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code:
            self.join()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Play online", (40, 36), 36, theme.ACCENT, "bold")
        below = max(92, 36 + text.line_height(36, "bold"))  # under the title at any size
        text.draw(surface, "Play with friends at other computers: one computer hosts, the "
                  "others join with the address and a code.", (40, below), 17, theme.MUTED,
                  max_width=1200)
        text.draw(surface, "Host a game", (80, 160), 22, theme.TEXT, "bold")
        text.draw(surface, "Join a game", (700, 160), 22, theme.TEXT, "bold")
        text.draw(surface, "Address", (700, 204), 16, theme.MUTED)
        text.draw(surface, "Code", (700, 304), 16, theme.MUTED)
        text.draw(surface, "On this network", (700, 484), 16, theme.MUTED)
        if self.recent:
            text.draw(surface, "Games you joined", (80, RECENT_TOP - 38), 16, theme.MUTED)
        if not self.hosted:
            text.draw(surface, self._list_note(), (700, LIST_TOP + 8), 15, theme.MUTED,
                      max_width=480)
        text.draw_wrapped(surface, "Elsewhere: the host's address; see docs/network.md "
                          "(port forwarding, a VPN or nile serve).",
                          pygame.Rect(700, LIST_TOP + 46 * LISTED + 6, 480, 60), 15,
                          theme.MUTED)
        if self.error:
            text.draw(surface, self.error, (700, 730), 16, theme.BAD, max_width=480)

    def _list_note(self) -> str:
        """What stands in the list's place while it is empty."""
        if self.browser is None:
            off = " (NILE_DISCOVERY=off)" if not discovery_on() else ""
            return f"Not looking for games on this network{off}."
        if self.browser.problem:
            return "Cannot look for games on this network: type the host's address."
        return "Looking for games hosted on this network…"
