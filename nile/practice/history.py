"""The practice history between launches: `practice.json` in the user data folder.

The file is untrusted input. `open_history` reads it with the saves' guarded JSON reader
(size cap, UTF-8, valid JSON) and then checks every field: types (a bool is not a number),
finite numbers within sane bounds, known drill ids and fingers, list lengths within the
limits of data.toml. Anything wrong and the whole file is refused: it is set aside as
`practice.damaged-<n>.json` (never deleted) and practice starts from an empty history,
with a message for the player. A file of another version of this format is not damaged:
it is set aside as `practice.other-version-<n>.json`, and the message says so. If it
cannot even be set aside, nothing is written this time, so a bad read never overwrites
the good data. Writing goes through `saves.write_atomic` (a crash leaves the old file or
the new one, never half of one).

Format (version 1):

    {"format": "nile-practice", "version": 1,
     "best": {"<drill>": score, ...},
     "sessions": [{"started": <unix seconds, negative before 1970>,
                   "summary": {"count": n, "hits": n, "aimed": n, "mean_error": mm|null,
                               "std_error": mm|null},
                   "runs": [["<drill>", score|null, flicks], ...],
                   "flicks": [[drill, finger, kind, degrees, power, offset, end_x, end_y,
                               error|null, along|null, across|null, hit 0|1, points], ...]},
                  ...]}

Only the newest sessions keep their flicks; older ones keep their summary.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile.core import owner, paths, saves
from nile.core.errors import SaveError
from nile.core.text import safe_text
from nile.practice import config, stats
from nile.practice.config import HistoryLimits
from nile.practice.drills import DRILL_IDS, HIGHER, better_of
from nile.practice.stats import FlickRow

FORMAT = "nile-practice"
VERSION = 1
FILE_NAME = "practice.json"
KINDS = ("small", "large", "die")
MAX_COORD = 100_000.0
"""mm: far beyond any board (a flick leaves it at a few hundred mm)."""
MAX_SCORE = 1_000_000.0
MAX_STARTED = 2**40
MAX_DAMAGED = 999
MAX_ID = 40


class HistoryError(ValueError):
    """The history file is unusable (the message says why, for the player)."""


class OtherVersion(HistoryError):
    """A practice history, but of a version this Nile does not read (an older or newer
    Nile wrote it): kept aside under that name, never called damaged."""


@dataclass
class SessionSummary:
    count: int = 0
    hits: int = 0
    aimed: int = 0
    mean_error: float | None = None
    std_error: float | None = None


@dataclass
class DrillRun:
    drill: str
    score: float | None
    """None: the run was failed (no score)."""
    flicks: int


@dataclass
class Session:
    """One visit to Flick Practice. Flicks are only ever appended (or all dropped by
    `History.trim`), so their summary and JSON rows are cached and extended."""

    started: int
    flicks: list[FlickRow] = field(default_factory=list)
    runs: list[DrillRun] = field(default_factory=list)
    summary: SessionSummary = field(default_factory=SessionSummary)
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    """Which session this is when two windows' histories are merged (`merge`)."""
    _summarized: int = field(default=-1, repr=False, compare=False)
    _json: list[list[Any]] = field(default_factory=list, repr=False, compare=False)

    def refresh_summary(self) -> None:
        """The summary from the flicks (while the session still keeps them)."""
        if self.flicks and len(self.flicks) != self._summarized:
            s = stats.summarize(self.flicks)
            self.summary = SessionSummary(s.count, s.hits, s.aimed, s.mean_error, s.std_error)
            self._summarized = len(self.flicks)

    def flick_json(self) -> list[list[Any]]:
        """The flicks as JSON rows (built once per flick, not once per save)."""
        if len(self._json) > len(self.flicks):
            self._json = []
        self._json.extend(_row_json(r) for r in self.flicks[len(self._json):])
        return self._json


@dataclass
class History:
    sessions: list[Session] = field(default_factory=list)
    best: dict[str, float] = field(default_factory=dict)

    def rows(self) -> list[FlickRow]:
        """Every flick kept, oldest first."""
        return [row for session in self.sessions for row in session.flicks]

    def offer_best(self, drill: str, score: float | None) -> bool:
        """Keep `score` if it beats the best for the drill; True if that is worth calling a
        new best (a first run of 0 on a drill where more is better is kept as the mark to
        beat, but nobody is told it was a record)."""
        if score is None or drill not in DRILL_IDS:
            return False
        old = self.best.get(drill)
        higher = better_of(drill) == HIGHER
        if old is None or (score > old if higher else score < old):
            self.best[drill] = score
            return old is not None or not higher or score > 0
        return False

    def trim(self, limits: HistoryLimits) -> None:
        """Keep within the limits: the newest sessions; flicks only in the newest sessions
        that fit in `max_flicks_kept` together (older ones keep their summary)."""
        self.sessions = self.sessions[-limits.max_sessions:]
        kept = 0
        for session in reversed(self.sessions):
            session.refresh_summary()
            del session.runs[:-limits.max_runs_per_session]
            del session.flicks[:-limits.max_flicks_per_session]
            kept += len(session.flicks)
            if kept > limits.max_flicks_kept:
                session.flicks = []

    def session_trend(self) -> list[tuple[int, float, int]]:
        """(started, mean error, aimed flicks) of each session with aimed flicks."""
        return [(s.started, s.summary.mean_error, s.summary.aimed) for s in self.sessions
                if s.summary.mean_error is not None and s.summary.aimed > 0]


def default_path() -> Path:
    return paths.data_dir() / FILE_NAME


# Reading ------------------------------------------------------------------------------------

@dataclass
class Opened:
    """What `open_history` found."""

    history: History
    problem: str = ""
    """For the player: why the file was refused ('' if it was fine or absent)."""
    set_aside: Path | None = None
    writable: bool = True
    """False when a refused file could not be moved aside (then nothing is written)."""


def open_history(path: Path | None = None, limits: HistoryLimits | None = None) -> Opened:
    """Read the history; a damaged file is set aside and an empty history returned."""
    path = path or default_path()
    limits = limits or config.load().history
    if not path.exists():
        return Opened(History())
    label = "damaged"
    try:
        return Opened(parse(saves.read_json(path, limits.max_bytes), limits))
    except OtherVersion as error:
        reason, label = str(error), "other-version"
    except (SaveError, HistoryError) as error:
        reason = str(error)
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        reason = f"{path.name} cannot be read ({type(error).__name__})."
    opening = ("Your practice history is from another version of Nile: " if label !=
               "damaged" else "Your practice history could not be read: ")
    aside = set_aside(path, label)
    if aside is None:
        return Opened(History(), f"{opening}{reason} It could not be moved aside either, so "
                      "practice will not save this time (your file is left as it is).", None,
                      writable=False)
    return Opened(History(), f"{opening}{reason} It was kept as {aside.name} and practice "
                  "starts with a fresh history.", aside)


def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename a refused file to practice.<label>-<n>.json (first free n: `damaged`, or
    `other-version` for a history this Nile cannot read); None if that fails."""
    for n in range(1, MAX_DAMAGED + 1):
        target = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
        if target.exists():
            continue
        try:
            path.rename(target)
        except OSError:
            return None
        return target
    return None


def parse(data: Any, limits: HistoryLimits) -> History:
    """Check parsed JSON field by field and build the history (HistoryError if wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError("it is not a practice history.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise HistoryError("its version is missing or not a number.")
    if version != VERSION:
        raise OtherVersion(f"it is in the format of version {safe_text(str(version), 12)}, "
                           f"this Nile reads version {VERSION}.")
    best = _best(data.get("best", {}))
    raw = data.get("sessions", [])
    if not isinstance(raw, list) or len(raw) > limits.max_sessions:
        raise HistoryError("its list of sessions is not valid.")
    return History([_session(s, limits, n) for n, s in enumerate(raw)], best)


def _best(raw: Any) -> dict[str, float]:
    if not isinstance(raw, dict) or len(raw) > len(DRILL_IDS):
        raise HistoryError("its best results are not valid.")
    out = {}
    for drill, score in raw.items():
        if drill not in DRILL_IDS:
            raise HistoryError("it names a drill this Nile does not have.")
        out[drill] = _number(score, -MAX_SCORE, MAX_SCORE, "a best result")
    return out


def _session(raw: Any, limits: HistoryLimits, number: int) -> Session:
    if not isinstance(raw, dict):
        raise HistoryError("a session is not valid.")
    # a clock set before 1970 gives a negative date: Nile writes it, so it reads it
    started = _integer(raw.get("started"), -MAX_STARTED, MAX_STARTED, "a session's date")
    ident = raw.get("id")
    if not (isinstance(ident, str) and 0 < len(ident) <= MAX_ID and ident.isalnum()):
        ident = f"old{started}n{number}"  # written before sessions had ids: the same each read
    runs_raw = raw.get("runs", [])
    flicks_raw = raw.get("flicks", [])
    if not isinstance(runs_raw, list) or len(runs_raw) > limits.max_runs_per_session:
        raise HistoryError("a session's drill results are not valid.")
    if not isinstance(flicks_raw, list) or len(flicks_raw) > limits.max_flicks_per_session:
        raise HistoryError("a session's list of flicks is not valid.")
    session = Session(started, [_row(r) for r in flicks_raw], [_run(r) for r in runs_raw],
                      _summary(raw.get("summary", {})), ident)
    session.refresh_summary()
    return session


def _summary(raw: Any) -> SessionSummary:
    if not isinstance(raw, dict):
        raise HistoryError("a session summary is not valid.")
    count = _integer(raw.get("count", 0), 0, 10_000_000, "a flick count")
    hits = _integer(raw.get("hits", 0), 0, count, "a hit count")
    aimed = _integer(raw.get("aimed", 0), 0, count, "a flick count")
    mean = _optional(raw.get("mean_error"), 0.0, MAX_COORD, "an average error")
    spread = _optional(raw.get("std_error"), 0.0, MAX_COORD, "a spread")
    return SessionSummary(count, hits, aimed, mean, spread)


def _run(raw: Any) -> DrillRun:
    if not isinstance(raw, list) or len(raw) != 3:
        raise HistoryError("a drill result is not valid.")
    drill, score, flicks = raw
    if drill not in DRILL_IDS:
        raise HistoryError("a drill result names a drill this Nile does not have.")
    return DrillRun(drill, _optional(score, -MAX_SCORE, MAX_SCORE, "a drill score"),
                    _integer(flicks, 0, 100_000, "a drill's flick count"))


def _row(raw: Any) -> FlickRow:
    if not isinstance(raw, list) or len(raw) != 13:
        raise HistoryError("a flick is not valid.")
    drill, finger, kind = raw[0], raw[1], raw[2]
    if drill not in DRILL_IDS or kind not in KINDS:
        raise HistoryError("a flick names a drill or block this Nile does not have.")
    hit = _integer(raw[11], 0, 1, "a hit")
    return FlickRow(
        drill, _integer(finger, 1, 5, "a finger"), kind,
        _number(raw[3], 0.0, 360.0, "an angle"), _number(raw[4], 0.0, 1.0, "a power"),
        _number(raw[5], -1.0, 1.0, "a contact offset"),
        _number(raw[6], -MAX_COORD, MAX_COORD, "a position"),
        _number(raw[7], -MAX_COORD, MAX_COORD, "a position"),
        _optional(raw[8], 0.0, MAX_COORD, "an error"),
        _optional(raw[9], -MAX_COORD, MAX_COORD, "a length error"),
        _optional(raw[10], -180.0, 180.0, "a direction error"),
        bool(hit), _number(raw[12], -MAX_SCORE, MAX_SCORE, "points"))


def _number(value: Any, low: float, high: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HistoryError(f"{what} is not a number.")
    try:
        number = float(value)
    except OverflowError:
        raise HistoryError(f"{what} is out of range.") from None
    if not math.isfinite(number) or not low <= number <= high:
        raise HistoryError(f"{what} is out of range.")
    return number


def _optional(value: Any, low: float, high: float, what: str) -> float | None:
    return None if value is None else _number(value, low, high, what)


def _integer(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HistoryError(f"{what} is not a whole number.")
    if not low <= value <= high:
        raise HistoryError(f"{what} is out of range.")
    return value


# Writing ------------------------------------------------------------------------------------

def to_json(history: History) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "best": dict(sorted(history.best.items())),
        "sessions": [
            {"started": s.started,
             "id": s.id,
             "summary": {"count": s.summary.count, "hits": s.summary.hits,
                         "aimed": s.summary.aimed, "mean_error": _round(s.summary.mean_error),
                         "std_error": _round(s.summary.std_error)},
             "runs": [[r.drill, r.score, r.flicks] for r in s.runs],
             "flicks": list(s.flick_json())}
            for s in history.sessions
        ],
    }


def _round(value: float | None, places: int = 2) -> float | None:
    return None if value is None else round(value, places)


def _row_json(row: FlickRow) -> list[Any]:
    return [row.drill, row.finger, row.kind, round(row.degrees, 1), round(row.power, 3),
            round(row.offset, 2), round(row.end_x, 1), round(row.end_y, 1),
            _round(row.error, 1), _round(row.along, 1), _round(row.across, 2),
            int(row.hit), row.points]


def save_history(history: History, path: Path | None = None,
                 limits: HistoryLimits | None = None) -> None:
    """Trim to the limits and write atomically (OSError if the disk refuses)."""
    history.trim(limits or config.load().history)
    saves.write_atomic(path or default_path(), to_json(history))


# Two windows ----------------------------------------------------------------------------------

def merge(ours: History, theirs: History) -> History:
    """Both windows' sessions and the better best of each drill.

    A session grows only in the window that plays it, so of two copies of one session
    the larger is the newer: ours for the sessions played here, theirs for the sessions
    the other window played on since we read the file."""
    sessions = {s.id: s for s in theirs.sessions}
    for session in ours.sessions:
        other = sessions.get(session.id)
        if other is None or _size(session) >= _size(other):
            sessions[session.id] = session
    best = dict(theirs.best)
    for drill, score in ours.best.items():
        old = best.get(drill)
        higher = better_of(drill) == HIGHER
        if old is None or (score > old if higher else score < old):
            best[drill] = score
    merged = sorted(sessions.values(), key=lambda s: (s.started, s.id))
    return History(merged, best)


def _size(session: Session) -> tuple[int, int, int]:
    return session.summary.count, len(session.runs), len(session.flicks)


def write_merged(path: Path, data: dict[str, Any], limits: HistoryLimits | None = None) -> None:
    """Write `data` (this window's history) merged with what the file holds now, under
    the file's lock (`owner.exclusive`): two Flick Practice windows each keep their runs,
    instead of the last writer's replacing the other's. A file that has become unreadable
    meanwhile is set aside first, never written over. OSError if the disk refuses or the
    other window holds the file for too long."""
    limits = limits or config.load().history
    ours = parse(data, limits)
    with owner.exclusive(path):
        theirs = History()
        if path.exists():
            try:
                theirs = parse(saves.read_json(path, limits.max_bytes), limits)
            except (SaveError, HistoryError, ValueError, TypeError, OverflowError,
                    RecursionError):
                if set_aside(path) is None:
                    raise OSError("the practice history on the disk is damaged and "
                                  "cannot be moved aside") from None
        merged = merge(ours, theirs)
        merged.trim(limits)
        saves.write_atomic(path, to_json(merged))
