"""Records: every finished game kept in a history, and what it adds up to (no pygame).

A record is what the results screen showed (the seats with their levels, the scores, who
won) plus the game's save, so that it can be watched again years later: the save is checked
and replayed through the rules only when its replay is opened (`saves.match_from_save`), so
a thousand records load in a blink. The history is one JSON file in the data folder,
written atomically; a damaged file is moved aside (never overwritten) and the player told.
Lessons are not games and are never recorded.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile.core import paths, saves
from nile.core.errors import SaveError
from nile.core.session import BOT_LEVELS, Match
from nile.core.text import safe_text

FILE_NAME = "records.json"
FORMAT = "nile-records"
MAX_RECORDS = 1000
"""The newest games kept; the oldest go first (about 3 MB of long games)."""
MAX_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a finished game: who, a person or a bot (and how strong), the score."""

    name: str
    kind: str
    level: str
    score: float
    won: bool

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class Record:
    """A finished game: when, which game and options, its seats, and its save."""

    finished: str
    game: str
    title: str
    options: dict[str, str]
    seats: tuple[SeatRecord, ...]
    lower_is_better: bool
    save: dict[str, Any] = field(repr=False)

    @property
    def winners(self) -> list[str]:
        return [s.name for s in self.seats if s.won]

    def to_dict(self) -> dict[str, Any]:
        return {"finished": self.finished, "game": self.game, "title": self.title,
                "options": dict(self.options), "lower_is_better": self.lower_is_better,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level,
                           "score": s.score, "won": s.won} for s in self.seats],
                "save": self.save}


def record_of(match: Match, finished: float | None = None) -> Record:
    """The record of a match that has ended (`finished`: seconds since the epoch)."""
    state = match.state
    sheet = state.score_sheet()
    scores = state.scores()
    places = state.ranking()  # ties broken as the game breaks them: first place wins
    seats = tuple(SeatRecord(seat.name, seat.kind, seat.level, float(scores[i]),
                             places[i] == 1) for i, seat in enumerate(match.seats))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(finished))
    return Record(when, match.info.id, match.info.title, dict(match.options), seats,
                  sheet.lower_is_better, match.to_save())


def history_path() -> Path:
    return paths.data_dir() / FILE_NAME


@dataclass(frozen=True)
class History:
    """The records read, newest first, and what went wrong reading them (None: nothing)."""

    records: tuple[Record, ...]
    problem: str | None = None


def load(path: Path | None = None) -> History:
    """Read the history; a file that cannot be used is moved aside, and the reason given."""
    path = path or history_path()
    if not path.exists():
        return History(())
    try:
        data = saves.read_json(path, MAX_BYTES)
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(
                data.get("records"), list):
            raise SaveError("The records file is not a Nile records file.")
    except SaveError as error:
        kept = _move_aside(path)
        where = f" It was kept as {safe_text(kept.name, 80)}." if kept else ""
        return History((), f"{error} Your records start again from here.{where}")
    records = [r for r in (_parse(item) for item in data["records"]) if r is not None]
    skipped = len(data["records"]) - len(records)
    problem = (f"{skipped} damaged record{'s' if skipped != 1 else ''} could not be read."
               if skipped else None)
    return History(tuple(records[:MAX_RECORDS]), problem)


def add(record: Record, path: Path | None = None) -> None:
    """Put `record` first in the history. OSError (a disk that cannot be written) reaches
    the caller, to be told to the player; a damaged history is moved aside, not lost."""
    path = path or history_path()
    kept = load(path).records
    records = [record, *kept][:MAX_RECORDS]
    saves.write_atomic(path, {"format": FORMAT, "records": [r.to_dict() for r in records]})


def _move_aside(path: Path) -> Path | None:
    target = path.with_name(f"{path.stem}-damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    with contextlib.suppress(OSError):
        path.replace(target)
        return target
    return None


def _parse(item: Any) -> Record | None:
    """A record from its JSON, every field checked; None if any is wrong."""
    if not isinstance(item, dict):
        return None
    seats = [_seat(s) for s in item.get("seats", ())] if isinstance(item.get("seats"),
                                                                     list) else []
    options = item.get("options")
    fields = (item.get("finished"), item.get("game"), item.get("title"))
    if (not all(isinstance(f, str) for f in fields) or not seats or None in seats
            or not isinstance(options, dict) or not isinstance(item.get("save"), dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())):
        return None
    finished, game, title = (safe_text(f, 60) for f in fields)
    return Record(finished, game, title, options, tuple(s for s in seats if s is not None),
                  bool(item.get("lower_is_better")), item["save"])


def _seat(raw: Any) -> SeatRecord | None:
    if not isinstance(raw, dict):
        return None
    name, kind, level, score = (raw.get(k) for k in ("name", "kind", "level", "score"))
    if (not isinstance(name, str) or kind not in ("human", "bot")
            or (kind == "bot" and level not in BOT_LEVELS)
            or not isinstance(score, int | float) or isinstance(score, bool)
            or not math.isfinite(score)):
        return None
    return SeatRecord(safe_text(name, 40), kind, str(level), float(score),
                      raw.get("won") is True)


# What the records add up to ---------------------------------------------------------------

@dataclass
class Tally:
    """Games, wins and losses of the people at this computer: in one game, or against one
    bot level (a game counts for every level at its table)."""

    games: int = 0
    wins: int = 0
    losses: int = 0


@dataclass
class GameSummary:
    """One game's records: how the people here fared, by bot level, and their best."""

    game: str
    title: str
    overall: Tally = field(default_factory=Tally)
    against: dict[str, Tally] = field(default_factory=dict)
    best: tuple[float, str, str] | None = None
    """The best score a person made here: score, name, date."""


def summarize(records: Iterable[Record]) -> list[GameSummary]:
    """Per game, in the order of first appearance: the people's wins and losses (a game
    with no person in it counts for no one), per bot level, and their best score."""
    games: dict[str, GameSummary] = {}
    for record in records:
        humans = [s for s in record.seats if s.is_human]
        if not humans:
            continue
        summary = games.setdefault(record.game, GameSummary(record.game, record.title))
        won = any(s.won for s in humans)
        _count(summary.overall, won)
        for level in sorted({s.level for s in record.seats if not s.is_human}):
            _count(summary.against.setdefault(level, Tally()), won)
        for seat in humans:
            if summary.best is None or _better(seat.score, summary.best[0],
                                               record.lower_is_better):
                summary.best = (seat.score, seat.name, record.finished)
    return list(games.values())


def _count(tally: Tally, won: bool) -> None:
    tally.games += 1
    if won:
        tally.wins += 1
    else:
        tally.losses += 1


def _better(score: float, than: float, lower_is_better: bool) -> bool:
    return score < than if lower_is_better else score > than


def score_text(score: float) -> str:
    """A score as the results wrote it: whole numbers without a point."""
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def seats_line(seats: Sequence[SeatRecord]) -> str:
    """"Ann 42 (won), Bastet (hard bot) 38": who played, as the records list shows it."""
    parts = []
    for seat in seats:
        who = seat.name if seat.is_human else f"{seat.name} ({seat.level} bot)"
        parts.append(f"{who} {score_text(seat.score)}{' (won)' if seat.won else ''}")
    return ", ".join(parts)
