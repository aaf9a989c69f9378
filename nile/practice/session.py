"""One visit to Flick Practice: its generator, its flicks, the history it adds them to.

The session owns the only random generator of practice (`rng`, seeded when practice
opens): finger wobbles (CA-4), rolls of the Nile die, die-block faces and the timed drill's
sites are all drawn from it, never from the global `random`. It turns each shown flick
into a `FlickRow`, keeps drill results and best scores, and saves the history after every
flick, so closing the window loses nothing. Writing with fsync can take tens of
milliseconds, so those saves happen on a small writer thread (the newest data wins; the
file is still replaced atomically); leaving practice saves, waits and ends that thread.
There is one writer per process (`shared_writer`): each visit used to start a thread of
its own that never ended, each with an exit hook (30 visits, 30 threads). A failed save
is reported, never fatal.
"""

from __future__ import annotations

import atexit
import random
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile.practice import config, history
from nile.practice.config import PracticeData
from nile.practice.drills import Verdict
from nile.practice.history import DrillRun, History, Session
from nile.practice.stats import FlickRow
from nile.practice.table import FlickResult

FINGER_ANY = 6


class Writer:
    """A background thread that writes the newest submitted history. It is a daemon (an
    idle writer never holds the app open) with one exit hook that lets a write in progress
    or waiting finish before the process ends. `stop` ends the thread when practice
    closes; the next `start` begins a new one."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._job: tuple[Path, dict[str, Any]] | None = None
        self._busy = False
        self._stopping = False
        self._hooked = False
        self.error = ""
        self.failed = False
        """The last write failed (stays set after its message is taken, until one works)."""

    def start(self) -> None:
        """Start the thread now (starting one waits for it, so not in the middle of play)."""
        with self._cv:
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="practice-history",
                                                daemon=True)
                self._thread.start()
                if not self._hooked:
                    atexit.register(self.wait)
                    self._hooked = True

    def stop(self) -> None:
        """Write what is waiting, then end the thread (practice closed)."""
        with self._cv:
            thread = self._thread
            self._stopping = True
            self._cv.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def submit(self, path: Path, data: dict[str, Any]) -> None:
        with self._cv:  # the job is there before a stopping thread looks for one
            self._job = (path, data)
            self.start()  # (the condition's lock is reentrant)
            self._cv.notify_all()

    def _run(self) -> None:
        while True:
            with self._cv:
                while self._job is None and not self._stopping:
                    self._cv.wait()
                if self._job is None:  # stopped with nothing left to write
                    self._thread = None
                    return
                job, self._job = self._job, None
                self._busy = True
            try:
                history.write_merged(*job)  # with the other window's runs, if any
            except OSError as error:
                with self._cv:
                    self.failed = True
                    self.error = f"Could not save the practice history: " \
                                 f"{error.strerror or error}"
            else:
                self.failed = False
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def wait(self) -> None:
        """Until nothing is waiting to be written."""
        with self._cv:
            while self._job is not None or self._busy:
                self._cv.wait()

    def take_error(self) -> str:
        with self._cv:
            error, self.error = self.error, ""
        return error


_SHARED = Writer()


def shared_writer() -> Writer:
    """The process's practice-history writer (one file, one writer)."""
    return _SHARED


@dataclass
class PracticeSession:
    seed: int
    started: int
    """Unix seconds (a label for the history; never used by any judgement)."""
    path: Path | None = None
    history: History = field(default_factory=History)
    problem: str = ""
    """Why the history file was refused, for a message when practice opens."""
    writable: bool = True
    data: PracticeData = field(default_factory=config.load)
    rng: random.Random = field(init=False)
    current: Session = field(init=False)
    unsaved: int = 0
    finger: int = 2
    """The finger chosen last (kept from one practice screen to the next)."""
    die_mode: bool = False
    """True while the Nile die picks the finger of each flick."""
    writer: Writer = field(default_factory=shared_writer)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"nile-practice/{self.seed}")
        self.current = Session(self.started)

    @classmethod
    def open(cls, seed: int, started: int, path: Path | None = None) -> PracticeSession:
        """Read the history (a damaged one is set aside: see `history.open_history`)."""
        opened = history.open_history(path)
        return cls(seed, started, path, opened.history, opened.problem, opened.writable)

    # Flicks and runs --------------------------------------------------------------------------

    def roll_die(self) -> int:
        """The Nile die (CA-4: it names the finger; a 6 lets the player choose)."""
        return self.rng.randint(1, 6)

    def add_flick(self, drill: str, result: FlickResult, verdict: Verdict) -> FlickRow:
        row = FlickRow(drill, result.finger, result.kind, result.shot.degrees,
                       result.shot.power, result.shot.offset, result.end[0], result.end[1],
                       verdict.error, verdict.along, verdict.across, verdict.hit,
                       verdict.points)
        if len(self.current.flicks) >= self.data.history.max_flicks_per_session:
            self._new_session()
        self.current.flicks.append(row)
        self.current.refresh_summary()
        self._attach()
        self.unsaved += 1
        return row

    def add_run(self, drill: str, score: float | None, flicks: int) -> bool:
        """A finished drill; True if it set a new best."""
        if len(self.current.runs) >= self.data.history.max_runs_per_session:
            self._new_session()
        self.current.runs.append(DrillRun(drill, score, flicks))
        self._attach()
        self.unsaved += 1
        return self.history.offer_best(drill, score)

    def _attach(self) -> None:
        if not self.history.sessions or self.history.sessions[-1] is not self.current:
            self.history.sessions.append(self.current)

    def _new_session(self) -> None:
        self.current = Session(self.current.started + 1)

    def save(self, background: bool = False) -> str:
        """Write the history if anything is new ('' or why it failed). In the background,
        a failure shows up later in `take_save_problem`. In the foreground it also waits
        for a background save still being written, so that leaving practice means the file
        is there (it used to return at once when that save had taken the news already)."""
        if not background:
            self.writer.wait()
            self.writer.take_error()  # this save's answer replaces a background one's
            if self.writer.failed:
                self.unsaved = max(self.unsaved, 1)  # the disk has not got it: try again now
        if not self.unsaved:
            return ""
        if not self.writable:
            return "Practice history is not being saved this time (see the message at start)."
        self.history.trim(self.data.history)
        data = history.to_json(self.history)
        path = self.path or history.default_path()
        self.unsaved = 0
        if background:
            self.writer.submit(path, data)
            return ""
        self.writer.wait()
        try:
            history.write_merged(path, data, self.data.history)
        except OSError as error:
            self.unsaved = 1
            return f"Could not save the practice history: {error.strerror or error}"
        return ""

    def close(self) -> str:
        """Leaving practice: save and wait, then end the writer's thread ('' or why the
        save failed, for the player)."""
        problem = self.save()
        self.writer.stop()
        return problem

    def take_save_problem(self) -> str:
        """A background save's failure, once."""
        return self.writer.take_error()

    # What the statistics show -------------------------------------------------------------------

    def session_rows(self) -> list[FlickRow]:
        return list(self.current.flicks)

    def all_rows(self) -> list[FlickRow]:
        return self.history.rows()

    def best(self, drill: str) -> float | None:
        return self.history.best.get(drill)
