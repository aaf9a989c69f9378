"""Group commit for a host's saves: one disk sync confirms every match's waiting changes.

A host confirms a change (sends the new views) only once it is on the disk, so that a
host killed at any moment loses nothing it confirmed. Replacing a match's save file and
syncing it and its folder costs two syncs, 7-20 ms on a busy disk, for every move of
every match. Instead every change is appended to one journal as a line holding the
match's save, and one thread syncs the journal once for all the changes waiting at that
moment (group commit): appending to one file and `fdatasync` is several times cheaper
than replacing a file, and the sync is shared by every match whose move waits for it.
Nothing is confirmed before the sync that covers it.

The match files (`matches/<id>.json`, the app's save format) stay the lasting record. The
journal is cut into segments: when one is full or old, the newest save of every match it
holds is written to the match's file (atomically and synced, on a pool of threads, while
new changes go to the next segment), and then the segment is deleted. A host killed at
any moment finds the files and the segments not yet deleted; `recover` returns each
match's newest save from them, which the hub applies over the files.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nile.core import owner, saves
from nile.net.stats import Stats

SEGMENT_BYTES = 4 * 2**20
SEGMENT_SECONDS = 10.0
"""A segment is closed (and its matches' files written) past this size or age: a match
file is at most about this far behind its journal."""
FILE_THREADS = 16
"""Match files written at once when a segment closes (each waits for its own sync)."""
SUFFIX = ".log"

Done = Callable[[OSError | None], None]
"""Called on the journal's thread once a change is on the disk (None) or could not be."""
WriteFile = Callable[[str, bytes], None]
"""Writes a match's file (its id, its encoded save) atomically; may raise OSError."""

_sync = getattr(os, "fdatasync", os.fsync)  # macOS and Windows have no fdatasync


@dataclass
class _Change:
    table_id: str
    seq: int
    blob: bytes
    done: Done


class Journal:
    """Appends changes and confirms them after a shared sync; see the module's text."""

    def __init__(self, folder: Path, write_file: WriteFile, *,
                 segment_bytes: int = SEGMENT_BYTES,
                 segment_seconds: float = SEGMENT_SECONDS, stats: Stats | None = None,
                 claim: owner.Claim | None = None) -> None:
        self.folder = folder
        self._claim = claim
        """This journal's lock on its folder (`Hub.open_journal`): while it is held, no
        other host settles the folder's segments; let go once they are all written."""
        self.stats = stats if stats is not None else Stats()
        """`journal_sync`: ms per write and sync; `journal_batch`: changes per sync."""
        self._write_file = write_file
        self._segment_bytes, self._segment_seconds = segment_bytes, segment_seconds
        self._waiting: list[_Change] = []
        self._wake = threading.Condition()
        self._closed = False
        self._fd = -1
        self._path: Path | None = None
        self._size, self._opened = 0, 0.0
        self._latest: dict[str, tuple[int, bytes]] = {}
        """The newest save of each match in the open segment (what its file must become)."""
        self._flushes: queue.Queue[tuple[Path, dict[str, tuple[int, bytes]]] | None] = (
            queue.Queue())
        self.syncs = 0
        self.changes = 0
        """Syncs made and changes they confirmed (changes / syncs: the grouping achieved)."""
        self._committer = threading.Thread(target=self._commit_loop, name="nile-journal",
                                           daemon=True)
        self._flusher = threading.Thread(target=self._flush_loop, name="nile-flush",
                                         daemon=True)

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self._open_segment()
        self._committer.start()
        self._flusher.start()

    def append(self, table_id: str, seq: int, blob: bytes, done: Done) -> None:
        """Queue a match's save after its change `seq`, encoded by `saves.encode_save`
        (by the caller: this thread then holds Python's lock only briefly). `done` is
        called once it is on the disk."""
        with self._wake:
            if self._closed:
                raise RuntimeError("the journal is closed")
            self._waiting.append(_Change(table_id, seq, blob, done))
            self._wake.notify()

    def close(self) -> None:
        """Confirm what waits, write every match's file, delete the segments (and the
        folder, once empty, and let go of its lock)."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._committer.join()
        self._flusher.join()
        if self._claim is not None:
            with contextlib.suppress(OSError):  # a segment kept (a file not written) stays
                self.folder.rmdir()
            self._claim.release()

    # The committing thread ----------------------------------------------------------

    def _commit_loop(self) -> None:
        while True:
            with self._wake:
                if not self._waiting and not self._closed:
                    self._wake.wait(self._segment_seconds)
                batch, self._waiting = self._waiting, []
                closing = self._closed
            if batch:
                self._commit(batch)
            old = time.monotonic() - self._opened >= self._segment_seconds
            if closing or self._size >= self._segment_bytes or (old and self._latest):
                self._next_segment(last=closing and not batch)
            if closing and not batch:
                self._flushes.put(None)
                return

    def _commit(self, batch: list[_Change]) -> None:
        lines = b"".join(_line(change.table_id, change.seq, change.blob) for change in batch)
        error: OSError | None = None
        began = time.perf_counter()
        try:
            written = 0
            while written < len(lines):
                written += os.write(self._fd, lines[written:])
            _sync(self._fd)
        except OSError as problem:
            error = problem
        self.stats.add("journal_sync", time.perf_counter() - began)
        self.stats.count("journal_batch", len(batch))
        self.syncs += 1
        self.changes += len(batch)
        if error is None:
            self._size += len(lines)
            for change in batch:
                self._latest[change.table_id] = (change.seq, change.blob)
        for change in batch:
            change.done(error)

    def _open_segment(self) -> None:
        numbers = [int(p.stem) for p in segments(self.folder)]
        self._path = self.folder / f"{max(numbers, default=0) + 1:08d}{SUFFIX}"
        self._fd = os.open(self._path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        saves.sync_folder(self.folder)  # the segment's name survives a power cut
        self._size, self._opened = 0, time.monotonic()

    def _next_segment(self, last: bool) -> None:
        """Hand the open segment to the flusher (and, unless `last`, open the next)."""
        assert self._path is not None
        os.close(self._fd)
        self._flushes.put((self._path, self._latest))
        self._latest = {}
        if not last:
            self._open_segment()

    # The flushing thread -------------------------------------------------------------

    def _flush_loop(self) -> None:
        """Write each closed segment's matches to their files, then delete it: one
        segment at a time, in order, so an older save never lands after a newer one."""
        with ThreadPoolExecutor(FILE_THREADS, thread_name_prefix="nile-save") as pool:
            while (item := self._flushes.get()) is not None:
                path, latest = item
                jobs = [pool.submit(self._write_file, table_id, blob)
                        for table_id, (_, blob) in latest.items()]
                failed = [job.exception() for job in jobs if job.exception() is not None]
                if failed:  # keep the segment: the next start recovers from it
                    print(f"nile serve: could not write {len(failed)} match files: "
                          f"{failed[0]}", file=sys.stderr)
                    continue
                with contextlib.suppress(OSError):
                    path.unlink()


def _line(table_id: str, seq: int, blob: bytes) -> bytes:
    return b'{"id":%s,"seq":%d,"save":%s}\n' % (json.dumps(table_id).encode(), seq, blob)


def segments(folder: Path) -> list[Path]:
    """The journal's segments in `folder`, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.stem.isdigit())


def recover(folder: Path) -> dict[str, tuple[int, Any]]:
    """Each match's newest save in the segments left in `folder`: {id: (seq, save)}.

    A line that cannot be read (the last one, torn by a crash while it was written, or
    anything damaged) is skipped: a change is confirmed only after its line is synced."""
    newest: dict[str, tuple[int, Any]] = {}
    for path in segments(folder):
        with path.open("rb") as handle:
            for raw in handle:
                try:
                    record = json.loads(raw)
                    table_id, seq, save = record["id"], record["seq"], record["save"]
                except (ValueError, TypeError, KeyError, RecursionError):
                    continue  # RecursionError: a line nested too deep to decode
                if (isinstance(table_id, str) and isinstance(seq, int)
                        and seq >= newest.get(table_id, (-1, None))[0]):
                    newest[table_id] = (seq, save)
    return newest
