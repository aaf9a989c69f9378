"""The practice history file: round trips, limits, and damaged or hostile files."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from nile.practice import config, history
from nile.practice.history import (
    DrillRun,
    History,
    Session,
    open_history,
    save_history,
    to_json,
)
from nile.practice.session import PracticeSession
from nile.practice.stats import FlickRow

LIMITS = config.load().history


def row(k: int = 0, error: float | None = 12.5) -> FlickRow:
    return FlickRow("landing", 1 + k % 5, "small", 152.5, 0.31, -0.25, 256.0 + k, 330.0,
                    error, 4.0 if error is not None else None,
                    -1.25 if error is not None else None, k % 2 == 0, 10.0)


def sample() -> History:
    old = Session(1_700_000_000, [row(k) for k in range(5)], [DrillRun("landing", 80.0, 10)])
    new = Session(1_700_086_400, [row(7, None)], [DrillRun("pyramid", None, 15)])
    for session in (old, new):
        session.refresh_summary()
    return History([old, new], {"landing": 80.0, "pyramid": 4.0})


def write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def good() -> dict:  # type: ignore[type-arg]
    return to_json(sample())


# Round trips ------------------------------------------------------------------------------------

def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    save_history(sample(), path)
    opened = open_history(path)
    assert opened.problem == "" and opened.writable and opened.set_aside is None
    loaded = opened.history
    assert loaded.best == {"landing": 80.0, "pyramid": 4.0}
    assert [s.started for s in loaded.sessions] == [1_700_000_000, 1_700_086_400]
    assert loaded.sessions[0].flicks == sample().sessions[0].flicks
    assert loaded.sessions[1].runs == [DrillRun("pyramid", None, 15)]
    assert loaded.sessions[0].summary.count == 5 and loaded.sessions[0].summary.hits == 3


def test_missing_file_is_an_empty_history(tmp_path: Path) -> None:
    opened = open_history(tmp_path / "practice.json")
    assert opened.history.sessions == [] and opened.problem == ""


def test_old_sessions_keep_their_summary_only(tmp_path: Path) -> None:
    limits = replace(LIMITS, max_flicks_kept=4)
    h = History([Session(1_000 + k, [row(k), row(k + 1)]) for k in range(5)])
    path = tmp_path / "practice.json"
    save_history(h, path, limits)
    loaded = open_history(path).history
    assert [len(s.flicks) for s in loaded.sessions] == [0, 0, 0, 2, 2]
    assert loaded.sessions[0].summary.count == 2 and loaded.sessions[0].summary.mean_error == 12.5
    assert [t[0] for t in loaded.session_trend()] == [1_000 + k for k in range(5)]


def test_the_largest_history_stays_far_below_the_size_cap(tmp_path: Path) -> None:
    sessions = [Session(k, [row(j) for j in range(LIMITS.max_flicks_per_session)])
                for k in range(LIMITS.max_flicks_kept // LIMITS.max_flicks_per_session + 2)]
    path = tmp_path / "practice.json"
    save_history(History(sessions), path)
    assert os.path.getsize(path) < LIMITS.max_bytes / 2
    loaded = open_history(path)
    assert loaded.problem == "" and len(loaded.history.rows()) <= LIMITS.max_flicks_kept


def test_best_keeps_the_better_score_per_direction() -> None:
    h = History()
    assert h.offer_best("landing", 50.0) and not h.offer_best("landing", 40.0)
    assert h.offer_best("landing", 60.0) and h.best["landing"] == 60.0
    assert h.offer_best("pyramid", 6.0) and h.offer_best("pyramid", 4.0)
    assert not h.offer_best("pyramid", 5.0) and h.best["pyramid"] == 4.0
    assert not h.offer_best("pyramid", None) and not h.offer_best("nonsense", 1.0)
    assert not h.offer_best("rings", 0.0) and h.best["rings"] == 0.0  # kept, not cheered
    assert h.offer_best("rings", 1.0)


# Damaged and hostile files -------------------------------------------------------------

def damaged_cases() -> dict[str, bytes]:
    data = good()
    text = json.dumps(data).encode()
    cases: dict[str, bytes] = {
        "garbled": b"\x00\x01 not json at all {{{",
        "truncated": text[: len(text) // 2],
        "not utf-8": b"\xff\xfe\x00practice",
        "not a history": json.dumps({"format": "nile-save", "version": 1}).encode(),
        "no version": json.dumps({**data, "version": "1"}).encode(),
        "a list": b"[1, 2, 3]",
    }

    def variant(name: str, change) -> None:  # type: ignore[no-untyped-def]
        copy = json.loads(text)
        change(copy)
        cases[name] = json.dumps(copy).encode()

    def set_row(index: int, value: object):  # type: ignore[no-untyped-def]
        return lambda d: d["sessions"][0]["flicks"][0].__setitem__(index, value)

    variant("finger as text", set_row(1, "2"))
    variant("finger as bool", set_row(1, True))
    variant("finger out of range", set_row(1, 9))
    variant("angle as a string", set_row(3, "152.5"))
    variant("huge coordinate", set_row(6, 1e300))
    variant("huge integer", set_row(6, 10 ** 400))
    variant("unknown kind", set_row(2, "boulder"))
    variant("short row", lambda d: d["sessions"][0]["flicks"][0].pop())
    variant("row is a dict", lambda d: d["sessions"][0]["flicks"].__setitem__(0, {"a": 1}))
    variant("unknown drill", lambda d: d["best"].__setitem__("bowling", 3))
    variant("best as text", lambda d: d["best"].__setitem__("landing", "80"))
    variant("sessions not a list", lambda d: d.__setitem__("sessions", {"a": 1}))
    variant("date beyond any calendar",
            lambda d: d["sessions"][0].__setitem__("started", -(2**41)))
    variant("hits above count", lambda d: d["sessions"][0]["summary"].__setitem__("hits", 10**6))
    variant("too many sessions",
            lambda d: d.__setitem__("sessions", [d["sessions"][1]] * (LIMITS.max_sessions + 1)))
    variant("too many flicks", lambda d: d["sessions"][0].__setitem__(
        "flicks", [d["sessions"][0]["flicks"][0]] * (LIMITS.max_flicks_per_session + 1)))
    cases["not a number"] = text.replace(b'"version": 1', b'"version": 1, "x": NaN').replace(
        b"152.5", b"NaN", 1)
    cases["infinite"] = text.replace(b"152.5", b"1e999", 1)
    cases["oversized"] = b'{"pad": "' + b"x" * (LIMITS.max_bytes + 10) + b'"}'
    return cases


CASES = damaged_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_damaged_file_is_set_aside_and_practice_starts_fresh(tmp_path: Path, name: str) -> None:
    path = tmp_path / "practice.json"
    path.write_bytes(CASES[name])
    opened = open_history(path)
    assert opened.history.sessions == [] and opened.history.best == {}
    assert opened.problem and "practice.damaged-1.json" in opened.problem
    assert opened.set_aside == tmp_path / "practice.damaged-1.json"
    assert opened.set_aside.read_bytes() == CASES[name]  # kept as it was, not deleted
    assert not path.exists() and opened.writable


def test_set_aside_names_count_up(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    for n in (1, 2, 3):
        path.write_text("{broken", encoding="utf-8")
        assert open_history(path).set_aside == tmp_path / f"practice.damaged-{n}.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "practice.damaged-1.json", "practice.damaged-2.json", "practice.damaged-3.json"]


def test_a_bad_read_never_overwrites_the_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """If the refused file cannot be moved aside, nothing is written over it."""
    path = tmp_path / "practice.json"
    path.write_text("{broken", encoding="utf-8")

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(Path, "rename", refuse)
    session = PracticeSession.open(seed=1, started=10, path=path)
    assert not session.writable and "will not save" in session.problem
    session.add_run("landing", 50.0, 10)
    assert "not being saved" in session.save()
    session.unsaved = 1
    session.save(background=True)
    session.writer.wait()
    assert path.read_text(encoding="utf-8") == "{broken"


def test_session_saves_every_flick_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    session = PracticeSession(seed=1, started=1_800_000_000, path=path)
    session.current.flicks.append(row())
    session.unsaved = 1
    session._attach()
    assert session.save(background=True) == ""
    session.writer.wait()
    assert open_history(path).history.sessions[0].flicks == [row()]
    assert session.take_save_problem() == ""


def test_a_failed_save_is_a_message(tmp_path: Path) -> None:
    folder = tmp_path / "file-not-folder"
    folder.write_text("x", encoding="utf-8")
    session = PracticeSession(seed=1, started=5, path=folder / "practice.json")
    session.add_run("landing", 10.0, 10)
    assert "Could not save" in session.save()
    session.unsaved = 1
    session.save(background=True)
    session.writer.wait()
    assert "Could not save" in session.take_save_problem()


def test_open_reads_what_the_session_saved(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    first = PracticeSession.open(seed=1, started=100, path=path)
    first.add_run("rings", 12.0, 10)
    assert first.save() == ""
    second = PracticeSession.open(seed=2, started=200, path=path)
    assert second.best("rings") == 12.0 and second.problem == ""
    assert os.path.getsize(path) < LIMITS.max_bytes
    assert history.FORMAT in path.read_text(encoding="utf-8")


def test_leaving_waits_for_a_background_save_in_progress(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A foreground save with nothing new still waits for the background save that took
    the news, so the file is there once practice is left (a flaky scene test found it)."""
    import threading
    import time

    from nile.core import saves

    path = tmp_path / "practice.json"
    session = PracticeSession(seed=1, started=1_800_000_000, path=path)
    session.current.flicks.append(row())
    session.unsaved = 1
    session._attach()
    real = saves.write_atomic
    started = threading.Event()

    def slow(target: Path, data: dict[str, object]) -> None:
        started.set()
        time.sleep(0.3)
        real(target, data)

    monkeypatch.setattr(saves, "write_atomic", slow)
    session.save(background=True)
    started.wait(2.0)
    assert session.save() == ""
    assert path.exists()


# Another version, dates before 1970, one writer (issue 27) ------------------------------------

@pytest.mark.parametrize("version", [0, 2, 99])
def test_a_history_of_another_version_is_kept_aside_as_such_not_as_damaged(
    tmp_path: Path, version: int,
) -> None:
    path = tmp_path / "practice.json"
    write(path, {**good(), "version": version})
    opened = open_history(path)
    assert opened.history.sessions == [] and opened.writable
    assert opened.set_aside == tmp_path / "practice.other-version-1.json"
    assert "another version of Nile" in opened.problem and "damaged" not in opened.problem
    assert f"version {version}" in opened.problem
    assert json.loads(opened.set_aside.read_text(encoding="utf-8"))["version"] == version
    assert not list(tmp_path.glob("*damaged*"))


def test_a_session_dated_before_1970_is_written_and_read_alike(tmp_path: Path) -> None:
    """A clock set before 1970: Nile's own writer wrote the date, its reader then called
    the file damaged."""
    path = tmp_path / "practice.json"
    session = PracticeSession.open(seed=1, started=-400 * 86_400, path=path)
    session.add_run("rings", 12.0, 10)
    assert session.close() == ""
    opened = open_history(path)
    assert opened.problem == "" and opened.set_aside is None
    assert [s.started for s in opened.history.sessions] == [-400 * 86_400]
    assert opened.history.best == {"rings": 12.0}


def test_the_statistics_label_any_date_the_history_allows() -> None:
    from nile.practice.stats_scene import day_label

    assert day_label(-400 * 86_400).endswith("Nov") or day_label(-400 * 86_400) == ""
    assert day_label(history.MAX_STARTED) == day_label(-history.MAX_STARTED) == ""
    assert day_label(1_700_000_000) != ""


def test_a_background_save_the_disk_refused_is_retried_and_told_on_leaving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The drill shows the background failure as a toast (taking the message); leaving
    must still know the history is not on the disk, try again and say so."""
    import errno

    from nile.core import saves

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "practice.json"
    session = PracticeSession(seed=1, started=1_800_000_000, path=path)
    real = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", disk_full)
    session.add_run("rings", 12.0, 10)
    session.save(background=True)
    session.writer.wait()
    assert "No space left" in session.take_save_problem()  # the drill's toast
    assert "No space left" in session.close()
    monkeypatch.setattr(saves, "write_atomic", real)
    assert session.close() == ""  # the disk works again: written, nothing left to say
    assert open_history(path).history.best == {"rings": 12.0}


def test_the_writer_ends_when_practice_closes_and_a_later_save_starts_it_again(
    tmp_path: Path,
) -> None:
    import threading

    def writers() -> int:
        return sum(t.name == "practice-history" for t in threading.enumerate())

    first = PracticeSession(seed=1, started=1_800_000_000, path=tmp_path / "a.json")
    second = PracticeSession(seed=2, started=1_800_000_001, path=tmp_path / "b.json")
    assert first.writer is second.writer  # one writer per process
    first.writer.start()
    assert writers() == 1
    first.add_run("rings", 12.0, 10)
    first.save(background=True)
    assert first.close() == ""
    assert writers() == 0 and (tmp_path / "a.json").exists()
    second.add_run("knock", 20.0, 10)
    second.save(background=True)  # a new thread for the next visit
    second.writer.wait()
    assert (tmp_path / "b.json").exists()
    second.close()
    assert writers() == 0


def test_two_practice_windows_keep_both_their_runs(tmp_path: Path) -> None:
    """Two Flick Practice screens at once (issue 27, item 5): each writes its own runs
    merged with what the other wrote, so neither replaces the other's (it did: the file
    kept only the last writer's)."""
    path = tmp_path / "practice.json"
    save_history(sample(), path, LIMITS)
    first = PracticeSession.open(seed=1, started=1_800_000_000, path=path)
    second = PracticeSession.open(seed=2, started=1_800_000_100, path=path)
    first.add_run("landing", 90.0, 10)  # a new best where more is better
    assert first.save() == ""
    second.add_run("pyramid", 40.0, 12)
    second.add_run("landing", 85.0, 10)
    assert second.save(background=True) == ""
    second.writer.wait()
    first.add_run("pyramid", 30.0, 12)
    assert first.save() == ""
    kept = open_history(path).history
    runs = [(r.drill, r.score) for s in kept.sessions for r in s.runs]
    assert runs == [("landing", 80.0), ("pyramid", None),  # the file's own sessions
                    ("landing", 90.0), ("pyramid", 30.0),  # the first window's
                    ("pyramid", 40.0), ("landing", 85.0)]  # the second's
    assert kept.best["landing"] == 90.0


def test_merging_takes_each_sessions_newest_copy_and_keeps_old_files_readable() -> None:
    theirs = sample()
    ours = history.parse(to_json(theirs), LIMITS)
    theirs.sessions[1].runs.append(DrillRun("free", 5.0, 3))  # the other window played on
    ours.sessions.append(Session(1_700_100_000, [row(1)]))  # and so did this one
    merged = history.merge(ours, theirs)
    assert [len(s.runs) for s in merged.sessions] == [1, 2, 0]
    # a file written before sessions had ids reads the same ids every time
    old = to_json(sample())
    for session in old["sessions"]:
        del session["id"]
    ids = [s.id for s in history.parse(old, LIMITS).sessions]
    assert ids == [s.id for s in history.parse(old, LIMITS).sessions] and len(set(ids)) == 2


def test_a_history_held_by_another_window_is_written_after_it_lets_go(tmp_path: Path) -> None:
    from nile.core import owner

    path = tmp_path / "practice.json"
    other = owner.claim(path)
    assert other is not None
    with pytest.raises(TimeoutError), owner.exclusive(path, wait=0.1):
        pass
    other.release()
    history.write_merged(path, to_json(sample()), LIMITS)
    assert len(open_history(path).history.sessions) == 2
