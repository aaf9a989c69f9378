"""A remote table: the seats of this screen play a match held by a host (issue 31).

The host is the judge (`nile.net.server`): it holds the match and sends each of this
computer's seats its own view. This layer takes the place of the bots' autoplay
(`botdriver.Autoplay`) in the game scene's stack, the way a lesson's layer does: the
scene's `match` is a mirror whose state is the decoded view of the seat looking now, a
person's move goes to the host instead of `Match.play` (the host's refusal is a toast, as
a local refusal is), and every view that arrives moves the table on. The seats held by
other computers are neither people here nor bots (`REMOTE`); the host's bots play on the
host. The banner and chat are `remote_bar`; the log as each seat reads it is `remote_log`;
the scene is made a remote table by `remote_open.attach`.

The app that hosts plays through a client on 127.0.0.1 like everybody else, so one code
path serves the host's people and the guests alike.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame

from nile.core import saves
from nile.core.errors import SaveError
from nile.core.game import Action, GameState
from nile.core.session import SeatConfig
from nile.net import protocol as p
from nile.net.client import Client, Incoming, Status
from nile.ui import joined_games, sound
from nile.ui.chrome.botdriver import Autoplay
from nile.ui.chrome.panels import moment_of
from nile.ui.chrome.remote_bar import STRIP, RemoteBar
from nile.ui.chrome.remote_inbox import Inbox

if TYPE_CHECKING:
    from nile.net.hosting import HostThread
    from nile.ui.chrome.face import TableScene

REMOTE = "remote"
"""The kind of a mirror seat played at another computer (not a person here, not a bot)."""


class RemoteTable(Autoplay):
    """Plays this computer's seats through `client`; the host plays everything else."""

    keeps_saves = False
    in_table = STRIP
    """The bar of the connection and the chat, between the board and the bottom bar."""

    def __init__(self, scene: TableScene, client: Client, held: list[int],
                 host: HostThread | None = None, is_host: bool = False) -> None:
        super().__init__(scene)
        self.client, self.host, self.is_host = client, host, is_host
        self.held = sorted(held)
        """The seats this computer plays (their people share the screen)."""
        self.inbox = Inbox(client)
        self.views, self.steps = self.inbox.views, self.inbox.steps
        self.seq = -1
        self.status: Status = client.status
        self.seats: tuple[p.SeatInfo, ...] = ()
        self.seats_at = 0.0
        self.clock = 0.0
        """Seconds this table has been open (the banner's "away for" counts on from it)."""
        self.over: p.Over | None = None
        self.handed: set[int] = set()
        """Seats a person had that the host handed to a bot (`SeatInfo.handed`)."""
        self.back: set[int] = set()
        """Seats a bot played that their person took back with their code."""
        self.keeps_records = False
        self.bar = RemoteBar(scene, self)

    # What the scene asks ------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        """A person's move goes to the host; never played here (the view answers it)."""
        seat = self.scene.state.current_player
        if seat not in self.views or self.over is not None:
            return False
        latest = self.client.views.get(seat)
        if latest is not None and latest.seq != self.views[seat].seq:
            return False  # a newer view is on its way to the table: the move waits for it
        if seat in self.client.pending:
            self.scene.toast("Your move is on its way to the host.")
            # it speaks of this view only: the next (the host's confirmation) takes it away
            self.scene.toasts.until_move(moment_of(self.scene.match))
            return False
        self.client.move(seat, action.to_str(), self.views[seat].seq)
        return False

    def can_undo(self) -> bool:
        view = self.views.get(self._looking())
        return view is not None and view.can_undo and self.over is None

    def undo_elsewhere(self) -> bool:
        """Undo asks the host, which follows the one-screen policy."""
        seat = self._looking()
        if not self.can_undo():
            self.scene.toast("Nothing to undo: chance, hidden information or another "
                             "player's move came after your last move.", "error")
        else:
            self.client.undo(seat, self.views[seat].seq)
        return True

    @property
    def busy(self) -> bool:
        """A move on its way, or the connection down: keep drawing. Otherwise the window
        may sleep; what arrives wakes it (`waiting_room.wake_on_messages`)."""
        return (bool(self.client.pending) or bool(self.inbox.waiting)
                or self.status.state != "connected")

    def close(self) -> None:
        """The table is left: the connection closes, and a hosted match's server stops
        (its match stays on disk as a save)."""
        self.bar.close()
        self.client.close(timeout=2.0)
        if self.host is not None:
            self.host.stop(timeout=5.0, farewell=True)

    def leaving_question(self) -> str | None:
        """A table this app hosts, with people at other computers, stops for them too."""
        away = [s for s in self.seats if s.kind == "human" and s.seat not in self.held]
        if self.host is None or self.over is not None or not away:
            return None
        return ("Friends are playing at this table: stop hosting? The game is saved and "
                "can be hosted again from Continue.")

    def _looking(self) -> int:
        viewer = self.scene.handover.viewer
        return viewer if viewer is not None else (self.held[0] if self.held else -1)

    # The layer ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.bar.handle_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        changed = False
        for item in self.client.poll():
            changed = self._receive(item) or changed
        if not self.scene.anims.busy:  # the last move has played out: show the next
            changed = self.inbox.take() or changed
        if changed:
            self._apply()
        self.bar.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.bar.draw(surface)

    def hidden(self) -> None:
        self.bar.hidden()

    def catch_up(self, backlog: list[Incoming]) -> None:
        """Take what the client received before the table opened (the waiting room) and
        show it at once."""
        for item in backlog:
            self._receive(item)
        self.inbox.take(everything=True)
        self._apply()

    # What arrives ----------------------------------------------------------------------

    def _receive(self, item: object) -> bool:
        """Take one message; True if the table must be shown anew."""
        scene = self.scene
        if isinstance(item, Status):
            if item.state == "connected" and self.status.state == "reconnecting":
                scene.toast("Connected again: you are back in your seat.", "ok")
            elif item.state == "closed" and self.host is None and self.over is None:
                scene.toast(item.text, "error", 12.0)  # the host left, or the seat was taken
            self.status = item
        elif isinstance(item, p.View) and item.seat in self.held:
            self.inbox.add(item)  # shown once the table is still (`update`)
        elif isinstance(item, p.Seats):
            self.seats, self.seats_at = item.seats, self.clock
            self._follow_kinds(item.seats)
        elif isinstance(item, p.ChatLine):
            self.bar.chat_line(item)
        elif isinstance(item, p.Over):
            self.over = item
            if self.host is None:  # Join no longer offers to come back to it
                with contextlib.suppress(OSError):
                    joined_games.forget(self.client.url, self.client.codes)
            return True
        elif isinstance(item, p.Refusal):
            scene.toast(scene.words(item.reason), "error")
            sound.play("error")
        return False

    def _follow_kinds(self, infos: tuple[p.SeatInfo, ...]) -> None:
        """A seat the host handed to a bot is a bot's on this table too; a seat whose
        person took it back (with their code) is theirs again, and the table says so."""
        match = self.scene.match
        seats = list(match.seats)
        for info in infos:
            old = seats[info.seat]
            if info.kind == "bot" and old.kind != "bot":
                seats[info.seat] = SeatConfig(old.name, "bot", old.level, old.color)
                self.back.discard(info.seat)
            elif info.kind != "bot" and old.kind == "bot":
                seats[info.seat] = SeatConfig(old.name, REMOTE, old.level, old.color)
                self.back.add(info.seat)
                self.scene.toast(f"{old.name} is back and plays their seat again: the bot "
                                 "stopped.", "info", 6.0)
        self.handed = {info.seat for info in infos if info.handed}
        match.seats = tuple(seats)

    def view_for(self, seat: int) -> GameState | None:
        """The host's latest view of `seat`, if it is held here."""
        return self.inbox.state_of(seat) if seat in self.views else None

    def _pick(self) -> GameState:
        """The state the scene works on: the view of the seat to act if it is held here,
        else of the seat given the screen, else of the first held seat."""
        newest = max(self.views.values(), key=lambda v: v.seq)
        acting = self.inbox.state_of(newest.seat).current_player
        for seat in (acting, self.scene.handover.given_to):
            if seat in self.views:
                return self.inbox.state_of(seat)
        return self.inbox.state_of(self.held[0])

    def _apply(self) -> None:
        """Show the newest position: the end once the host sent the whole game."""
        scene, match = self.scene, self.scene.match
        actor = match.state.current_player
        if not self.views:
            return
        newest = max(v.seq for v in self.views.values())
        if self.over is not None and not self.over.ended_by_host and not self.inbox.waiting:
            if newest != self.seq:  # the last move plays out before the results
                self.seq = newest
                match.state = self._pick()
                self._animate(match.state)
            self._finish(self.over)
        else:
            state = self._pick()
            if state.is_terminal and self.over is None:
                return  # the end shows with the whole game (`over`), which comes next
            match.state = state
            if newest != self.seq:
                self.seq = newest
                self._animate(state)
                scene.handover.after_move(actor)
                match.state = self._pick()
        if self.over is not None and self.over.ended_by_host:
            scene.toast("The host ended the game: it is kept as a save on the host.", "info",
                        8.0)
        scene.refresh()
        seat = match.state.current_player
        if seat is not None and seat in self.views and seat != actor:
            sound.play("turn", 0.4)

    def _animate(self, state: GameState) -> None:
        """Play out the change just shown as the one-screen table plays a move out: its
        events, re-enacted on the seat's view before it (`Inbox.events_for`)."""
        if state.viewer is None:
            return
        match = self.scene.match
        events = self.inbox.events_for(state.viewer, match.info.hides_information(match.options))
        if events:
            self.scene.on_events(events)

    def _finish(self, over: p.Over) -> None:
        """The whole game from the host: the results, records and replay as at one screen."""
        match = self.scene.match
        try:
            full = saves.match_from_save(over.save, "The host's game")
        except SaveError as error:
            self.scene.toast(f"The finished game could not be read: {error}", "error", 8.0)
            return
        match.state, match.actions, match.log = full.state, full.actions, full.log
        match.seed, match.seats = full.seed, full.seats  # people and bots, as the records keep
        self.keeps_records = True
        self.scene.handover.after_move(None)
