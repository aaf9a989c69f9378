"""The host's bots: one thread thinking for every match's bot in turn, a slice at a time.

Bots think off the event loop, so a person's move is handled while bots think (the loop
and this thread share the interpreter: Python switches between them every few
milliseconds). Thinking is sliced and the slices go round the matches, so one match's
slow search never makes another match's bot wait for more than one slice per match,
the app's own frame-by-frame driver (nile/ui/chrome/botdriver.py) spread over a server.
A bot sees only its seat's observation, as at one screen.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from nile.ai.bots import make_bot
from nile.ai.hooks import Bot
from nile.core.game import Action, GameInfo, GameState, Seat

SLICE = 0.02
"""Seconds of thinking a bot gets before the next match's bot has its turn."""

Deliver = Callable[[str, Seat, int, Action], None]
"""(table id, seat, the table's seq the bot decided on, the move): called on the bot
thread; the server hands it over to its event loop."""


@dataclass
class _Job:
    info: GameInfo
    level: str
    seat: Seat
    seq: int
    seed: int
    observation: GameState
    bot: Bot | None = None


class BotPool:
    """Thinks for the bots of many matches, fairly, on one background thread."""

    def __init__(self, deliver: Deliver, slice_seconds: float = SLICE) -> None:
        self._deliver = deliver
        self._slice = slice_seconds
        self._jobs: OrderedDict[str, _Job] = OrderedDict()
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="nile-bots", daemon=True)
        self._thread.start()

    def request(self, table_id: str, info: GameInfo, level: str, seat: Seat, seq: int,
                seed: int, observation: GameState) -> None:
        """Think for `seat` of a table (replacing any older request of that table)."""
        with self._wake:
            self._jobs[table_id] = _Job(info, level, seat, seq, seed, observation)
            self._wake.notify()

    def cancel(self, table_id: str) -> None:
        """Forget a table's bot (the table moved on, was ended, or the seat changed)."""
        with self._wake:
            self._jobs.pop(table_id, None)

    @property
    def waiting(self) -> int:
        """How many matches have a bot thinking."""
        with self._wake:
            return len(self._jobs)

    def close(self) -> None:
        """Stop the thread (within one slice)."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._jobs and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                table_id, job = self._jobs.popitem(last=False)
            move = self._think(job)
            with self._wake:
                current = self._jobs.get(table_id)
                if move is None and current is None:
                    self._jobs[table_id] = job  # not done: back of the queue
                    continue
            if move is not None and current is None:
                self._deliver(table_id, job.seat, job.seq, move)

    def _think(self, job: _Job) -> Action | None:
        """One slice for `job`; its move when it has decided."""
        try:
            if job.bot is None:
                job.bot = make_bot(job.info, job.level, job.seat, seed=job.seed)
                job.bot.start(job.observation)
            if job.bot.think(self._slice):
                return job.bot.action()
            return None
        except Exception:  # a bot's failure must not stop every match's bots
            return job.observation.legal_actions()[0]
