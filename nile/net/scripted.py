"""A scripted remote player: random legal moves over the real protocol.

Used by the network tests and `tools/net_bench.py` to play whole games as a person at
another computer would: it reads only what its `Client` receives, rebuilds its seats'
observations with the game's own class, and answers each of its turns with a random
legal move of that observation. It also keeps every message it received (the privacy
tests compare them with what the seat may see) and the round trip of every move.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from nile.core.game import Seat
from nile.net import protocol as p
from nile.net.client import Client, Incoming


@dataclass
class ScriptedPlayer:
    """Plays the seats its client holds; call `step()` in a loop."""

    client: Client
    rng: random.Random
    received: list[Incoming] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    """Seconds from a move sent to the view answering it."""
    refusals: list[p.Refusal] = field(default_factory=list)
    over: p.Over | None = None
    moves: int = 0
    _answered: dict[Seat, int] = field(default_factory=dict)
    _sent_at: dict[Seat, tuple[int, float]] = field(default_factory=dict)

    def step(self) -> bool:
        """Read what arrived and move where it is this player's turn; True if it moved."""
        for item in self.client.poll():
            self.received.append(item)
            if isinstance(item, p.View):
                self._timed(item)
            elif isinstance(item, p.Over):
                self.over = item
            elif isinstance(item, p.Refusal):
                self.refusals.append(item)
        if self.over is not None:
            return False
        moved = False
        for seat, view in list(self.client.views.items()):
            if self._answered.get(seat) == view.seq or seat in self.client.pending:
                continue
            state = self.client.decode(view)
            if state.current_player != seat:
                continue
            action = self.rng.choice(state.legal_actions())
            self._answered[seat] = view.seq
            self._sent_at[seat] = (view.seq, time.perf_counter())
            self.client.move(seat, action.to_str(), view.seq)
            self.moves += 1
            moved = True
        return moved

    def _timed(self, view: p.View) -> None:
        sent = self._sent_at.get(view.seat)
        if sent is not None and view.seq > sent[0]:
            self.round_trips.append(time.perf_counter() - sent[1])
            del self._sent_at[view.seat]
