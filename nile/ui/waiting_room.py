"""The waiting room of an online game: who is connected to which seat, who is missing.

The host sees the invitation for each remote seat (the address to reach this computer and
the seat's code) and starts when ready, or the table opens by itself once everybody is
there. A player who joined waits here until everybody is there or the game has begun
(or goes to the table at once). The client's messages wait in `backlog` and are handed to
the table (`nile.ui.chrome.remote_open.attach`), so the log misses nothing.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame

from nile.core import registry
from nile.core.text import safe_text
from nile.net import protocol as p
from nile.net.client import Client, Incoming, Status
from nile.ui import joined_games, text, theme
from nile.ui.chrome import remote_open
from nile.ui.chrome.overlay import ConfirmDialog
from nile.ui.games import scene_for
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.net.hosting import HostThread
    from nile.ui.scene import Shell

Invitation = tuple[list[str], dict[int, str]]
"""The addresses of this computer, and each remote seat's code."""
NETWORK_EVENT = pygame.event.custom_type()
"""Posted by the client's thread when something arrives: a sleeping window wakes at once."""


def wake_on_messages(client: Client) -> None:
    """Let `client` wake the app's idle loop (`App._wait_for_input` looks for events)."""
    def post() -> None:
        with contextlib.suppress(pygame.error):  # a window closing: nobody to wake
            pygame.event.post(pygame.event.Event(NETWORK_EVENT))
    client.wake = post


class WaitingRoom(Scene):
    """Seats and their people before the table opens."""

    def __init__(self, app: Shell, client: Client, host: HostThread | None = None,
                 invite: Invitation | None = None) -> None:
        super().__init__(app)
        self.client, self.host, self.invite = client, host, invite
        wake_on_messages(client)
        self.backlog: list[Incoming] = []
        self.joined: p.Joined | None = None
        self.held: list[int] = []
        self.is_host = False
        self.seats: tuple[p.SeatInfo, ...] = ()
        self.views: dict[int, p.View] = {}
        self.status: Status = client.status
        self.error: str | None = None
        self.started = False
        """The host started the game (`Seats.started`): a joined room goes to the table."""
        self.handed_over = False
        label = "Start the game" if host is not None else "Go to the table"
        self.start_button = self.button(pygame.Rect(theme.WIDTH - 300, 700, 240, 52), label,
                                        self.open_table, object_id="@accent")
        self.button(pygame.Rect(60, 700, 175, 52), "Leave", self.leave)

    @property
    def ready(self) -> bool:
        """Every seat of this computer has its view: the table can open."""
        return bool(self.held) and all(seat in self.views for seat in self.held)

    @property
    def everybody_here(self) -> bool:
        return bool(self.seats) and all(seat.connected for seat in self.seats)

    def update(self, dt: float) -> None:
        for item in self.client.poll():
            self.backlog.append(item)
            self._take(item)
        if self.ready:
            self.start_button.enable()
        else:
            self.start_button.disable()
        started = self.started or any(view.seq > 0 for view in self.views.values())
        if self.ready and (self.everybody_here or (started and self.host is None)):
            self.open_table()

    def _take(self, item: Incoming) -> None:
        if isinstance(item, Status):
            self.status = item
        elif isinstance(item, p.Joined):
            if self.joined is None and self.host is None:
                self._remember(item.game)
            self.joined = self.joined or item
            if item.seat is None:
                self.is_host = True
            elif item.seat not in self.held:
                self.held.append(item.seat)
        elif isinstance(item, p.View):
            self.views[item.seat] = item
        elif isinstance(item, p.Seats):
            self.seats, self.started = item.seats, self.started or item.started
        elif isinstance(item, p.Refusal):
            self.error = item.reason

    def _remember(self, game: str) -> None:
        """A guest lets Join list this game, to come back with one click."""
        try:
            joined_games.remember_game(self.client.url, self.client.codes, game)
        except OSError as error:
            self.app.notify(f"Join could not keep this game for next time "
                            f"({safe_text(error.strerror or error, 80)}).", "error")

    def open_table(self) -> None:
        """The game's own scene on a mirror of the host's match, with the remote layer."""
        if not self.ready or self.joined is None or self.handed_over:
            return
        if self.is_host:
            self.client.start_game()  # every joined waiting room goes to the table too
        kinds = {seat.seat: seat.kind for seat in self.seats}
        match = remote_open.mirror_match(self.client, self.joined, self.views, kinds)
        scene = scene_for(match.info)(self.app, match)
        remote_open.attach(scene, self.client, self.held, self.backlog,
                      self.host, self.is_host)
        self.handed_over = True
        self.app.replace(scene)

    def leave(self) -> None:
        """Back to the launcher; a host with friends in the room asks first."""
        friends = [s for s in self.seats
                   if s.kind == "human" and s.connected and s.seat not in self.held]
        if self.host is None or not friends:
            self.app.pop()
            return
        self.app.push(ConfirmDialog(
            self.app, "Stop hosting?", "Friends are waiting at this table: stop hosting? "
            "The game is saved and can be hosted again from Continue.",
            [("Stop hosting", self.app.pop), ("Keep hosting", lambda: None)],
            destructive=True))

    def exit(self) -> None:
        if not self.handed_over:  # the table did not take the connection: close it
            self.client.close(timeout=2.0)
            if self.host is not None:  # the friends waiting are told the host left
                self.host.stop(timeout=5.0, farewell=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    # Drawing ---------------------------------------------------------------------------

    def seat_lines(self) -> list[str]:
        """One line per seat: who sits there, and whether they are here."""
        lines = []
        codes = self.invite[1] if self.invite else {}
        for seat in self.seats:
            if seat.kind == "bot":  # a handed seat's code takes it back
                where = "a bot until they come back" if seat.handed else "a bot"
            elif seat.seat in self.held:
                where = "at this computer"
            elif seat.connected:
                where = "connected"
            else:
                where = "missing" if seat.away_for is None else "disconnected"
            code = f"   code {codes[seat.seat]}" if seat.seat in codes else ""
            lines.append(f"{seat.name}: {where}{code}")
        return lines

    @property
    def refused(self) -> bool:
        """The host refused this computer's code: nothing was joined, nothing will be."""
        return self.joined is None and self.error is not None

    def status_line(self) -> str:
        """The line under the title: the connection, unless the join was refused (a
        connection that opens no seat is not "Connected." for the person reading it)."""
        if self.refused:
            return "Not joined: the host refused this code."
        return self.status.text

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        title = "Could not join" if self.refused else "Waiting room"
        if self.joined is not None:
            title += f": {registry.get(self.joined.game).title}"
        text.draw(surface, title, (40, 36), 36, theme.ACCENT, "bold", max_width=1200)
        below = max(92, 36 + text.line_height(36, "bold"))  # under the title at any size
        text.draw(surface, self.status_line(), (40, below), 17,
                  theme.BAD if self.refused else theme.MUTED, max_width=1200)
        y = 150
        if self.invite is not None:
            addresses, _codes = self.invite
            text.draw(surface, "Invite your friends: in Online, then Join, the address "
                      f"{' or '.join(addresses)} and their seat's code below.", (60, y), 17,
                      theme.TEXT, max_width=1160)
            y += 50
        for i, line in enumerate(self.seat_lines()):
            color = theme.GOOD if self.seats[i].connected else theme.TEXT
            text.draw(surface, line, (80, y + 40 * i), 22, color, "bold", max_width=1100)
        if self.refused:
            assert self.error is not None
            text.draw_wrapped(surface, self.error, pygame.Rect(60, y, 1160, 120), 22, theme.TEXT)
            note = "Press Leave; ask the host if you think this is wrong."
        elif self.host is not None:
            note = "The game starts once everybody is here, or when you start it."
        else:
            note = "The table opens once everybody is here or the game has begun."
        text.draw(surface, note, (60, 640), 16, theme.MUTED, max_width=1160)
        if self.error and not self.refused:
            text.draw(surface, self.error, (60, 600), 17, theme.BAD, max_width=1160)
