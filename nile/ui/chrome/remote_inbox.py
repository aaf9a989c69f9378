"""What the host sent for the seats held here, shown one change at a time (issue 31).

Views may arrive faster than the table plays them out (a host's bots move at their pace,
not at this table's). At one screen a bot waits for the last move's animation before it
moves; here the views wait instead: `take` hands the table the next change only, and the
remote layer takes one whenever the table is still. For the change shown, `events_for`
re-enacts its steps on the view the seat had before (`nile.net.reenact`), so the game's
own `on_events` animates a remote move as it animates a bot's at one screen; the table
then draws the host's view, whatever the re-enactment guessed.
"""

from __future__ import annotations

from nile.core.game import Event, GameState
from nile.net import protocol as p
from nile.net.client import Client
from nile.net.reenact import reenact


class Inbox:
    """The views shown (`views`), their logs (`steps`) and the views not shown yet."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.views: dict[int, p.View] = {}
        """The latest view shown of each held seat."""
        self.steps: dict[int, list[p.Step]] = {}
        """Each held seat's log as shown (shared with the remote log)."""
        self.waiting: list[p.View] = []
        """Views received and not shown yet, oldest first."""
        self._fresh: dict[int, tuple[GameState, tuple[p.Step, ...]]] = {}
        self._decoded: dict[int, tuple[int, GameState]] = {}

    def add(self, view: p.View) -> None:
        self.waiting.append(view)

    def take(self, everything: bool = False) -> bool:
        """Show the views of the oldest change waiting (or of every change): True if any.
        A view that only adds steps to what the seat had is remembered for `events_for`."""
        if not self.waiting:
            return False
        seq = max(v.seq for v in self.waiting) if everything else self.waiting[0].seq
        batch = [v for v in self.waiting if v.seq <= seq]
        self.waiting = [v for v in self.waiting if v.seq > seq]
        self._fresh.clear()
        for view in batch:
            log = self.steps.setdefault(view.seat, [])
            if view.seat in self.views and view.first == len(log) and view.steps:
                self._fresh[view.seat] = (self.state_of(view.seat), view.steps)
            self.views[view.seat] = view
            del log[view.first:]
            log.extend(view.steps)
        if everything:
            self._fresh.clear()  # a backlog shows at once
        return True

    def events_for(self, seat: int, hidden: bool) -> list[Event]:
        """The events of the change just taken, as `seat` may have seen them happen (empty
        if that seat's view did not simply move on, or nothing could be re-enacted)."""
        fresh = self._fresh.pop(seat, None)
        if fresh is None:
            return []
        before, steps = fresh
        return reenact(before, steps, seat, hidden)

    def state_of(self, seat: int) -> GameState:
        """The shown view of `seat`, decoded once per view."""
        view = self.views[seat]
        cached = self._decoded.get(seat)
        if cached is None or cached[0] != view.seq:
            cached = (view.seq, self.client.decode(view))
            self._decoded[seat] = cached
        return cached[1]
