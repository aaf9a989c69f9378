"""Play online (issue 31): host a game for people at other computers, or join one.

*Host* opens the game's setup, where a seat can be a remote player (`host_online`).
*Join* takes the host's address and a seat's code and opens the waiting room; either way
the app then talks to the host through one `nile.net.client.Client`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core import registry
from nile.core.game import GameInfo
from nile.net.client import Client
from nile.ui import text, theme
from nile.ui.games import is_playable
from nile.ui.host_online import PORT
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


class OnlineScene(Scene):
    """Host or join: the games to host on the left, the join form on the right."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.error: str | None = None
        games = [info for info in registry.listed_games() if is_playable(info)]
        for i, info in enumerate(games):
            self.button(pygame.Rect(80, 200 + 62 * i, 420, 50), f"Host {info.title}",
                        self._host(info), "Choose the seats; remote players join with a code")
        self.address = self.text_entry(pygame.Rect(700, 230, 420, 44), "", 120,
                                       "the host's address, e.g. 192.168.1.20")
        self.code = self.text_entry(pygame.Rect(700, 330, 420, 44), "", 40,
                                    "the seat's code (two of you here: both, a comma between)")
        self.button(pygame.Rect(700, 410, 200, 52), "Join", self.join, object_id="@accent")
        self.button(pygame.Rect(80, 700, 175, 52), "Back", self.app.pop)

    def _host(self, info: GameInfo) -> Callable[[], None]:
        def open_setup() -> None:
            self.app.push(SetupScene(self.app, info, online=True))
        return open_setup

    def join(self) -> None:
        address = self.address.get_text().strip()
        codes = join_codes(self.code.get_text())
        if not address or not codes:
            self.error = "Type the host's address and your seat's code."
            return
        client = Client(join_address(address), codes)
        client.start()
        self.app.push(WaitingRoom(self.app, client))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code:
            self.join()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(surface, "Play online", (40, 36), 36, theme.ACCENT, "bold")
        text.draw(surface, "Play with friends at other computers: one computer hosts, the "
                  "others join with the address and a code.", (40, 92), 17, theme.MUTED,
                  max_width=1200)
        text.draw(surface, "Host a game", (80, 160), 22, theme.TEXT, "bold")
        text.draw(surface, "Join a game", (700, 160), 22, theme.TEXT, "bold")
        text.draw(surface, "Address", (700, 204), 16, theme.MUTED)
        text.draw(surface, "Code", (700, 304), 16, theme.MUTED)
        text.draw_wrapped(surface, "Same network: the host's local address. Elsewhere: see "
                          "docs/network.md (port forwarding, a VPN or nile serve).",
                          pygame.Rect(700, 490, 480, 80), 15, theme.MUTED)
        if self.error:
            text.draw(surface, self.error, (700, 590), 16, theme.BAD, max_width=480)
