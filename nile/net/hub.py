"""The tables a host holds, found by their codes, each kept on disk as a save.

Each table is one file `<data>/matches/<id>.json` in the app's save format (the app's
`Match.to_save()` plus a `net` object with the codes and the sequence number). A running
server confirms each change once it is synced in its journal (`nile.net.journal`: one
sync for every match's waiting changes) and writes the files from the journal soon
after; a host killed at any moment restarts with every match as it was after its last
confirmed move (`load_all` applies what the journal still holds over the files). Loading
replays every move through the rules like any save; a damaged file is reported and
skipped, never trusted.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path

from nile.core import owner, registry, saves
from nile.core.errors import SaveError
from nile.core.game import Seat
from nile.core.session import BOT_LEVELS, SEAT_KINDS, Match, SeatConfig
from nile.net import journal
from nile.net.protocol import PlayerSpec
from nile.net.stats import Stats
from nile.net.table import Refused, Table

MAX_TABLES = 5000
"""A host refuses new matches beyond this many (memory, and the folder's size)."""


class Hub:
    """Every table of a host, with the index from codes to seats."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.tables: dict[str, Table] = {}
        self._codes: dict[str, tuple[str, Seat | None]] = {}
        self.problems: list[str] = []
        """Saves that could not be resumed, with why (shown by `nile serve`)."""

    # Creating and finding -------------------------------------------------------------

    def create(self, game: str, players: Sequence[PlayerSpec],
               options: Mapping[str, str] | None = None, seed: int | None = None) -> Table:
        """A new table; Refused with a readable reason for a bad game, seats or options."""
        if len(self.tables) >= MAX_TABLES:
            raise Refused("This host holds as many matches as it can.")
        if not registry.is_registered(game):
            raise Refused(f"This Nile has no game {game[:40]!r}.")
        seats = []
        for number, spec in enumerate(players):
            if spec.kind not in SEAT_KINDS or spec.level not in BOT_LEVELS:
                raise Refused(f"Seat {number + 1} must be a human or a bot of a known level.")
            if not 0 <= spec.color <= saves.MAX_COLOR:
                raise Refused(f"Seat {number + 1} has no such colour.")
            seats.append(SeatConfig(saves.clean_name(spec.name, number), spec.kind,
                                    spec.level, spec.color))
        if seed is None:
            seed = secrets.randbelow(2**62)
        try:
            match = Match.new(registry.get(game), seats, seed, options or {})
        except ValueError as error:
            raise Refused(str(error)) from None
        table = Table.create(self._new_id(), match)
        self._add(table)
        self.save(table)
        return table

    def find(self, code: str) -> tuple[Table, Seat | None] | None:
        """The table and seat a code opens (seat None: the host's code). A seat handed to
        a bot keeps its code: the person coming back takes it back (`Table.take_back`)."""
        found = self._codes.get(code.strip().upper())
        if found is None or found[0] not in self.tables:
            return None
        return self.tables[found[0]], found[1]

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_hex(4)
            if table_id not in self.tables:
                return table_id

    def _add(self, table: Table) -> None:
        for code in [table.host_code, *[c for c in table.codes if c]]:
            if code in self._codes:  # two equal codes in a million years: make new ones
                raise Refused("Code clash; please try again.")
        self.tables[table.id] = table
        self._codes[table.host_code] = (table.id, None)
        for seat, seat_code in enumerate(table.codes):
            if seat_code:
                self._codes[seat_code] = (table.id, seat)

    # Disk -----------------------------------------------------------------------------

    def path(self, table: Table) -> Path | None:
        return None if self.folder is None else self.folder / "matches" / f"{table.id}.json"

    def save(self, table: Table) -> None:
        """Write the table's file now (a new table; the server's changes go through
        the journal)."""
        path = self.path(table)
        if path is not None:
            saves.write_atomic(path, table.to_save())

    def write(self, table_id: str, blob: bytes) -> None:
        """Write a table's file from its encoded save (the journal's flushing thread)."""
        assert self.folder is not None
        saves.write_atomic_bytes(self.folder / "matches" / f"{table_id}.json", blob)

    def open_journal(self, stats: Stats | None = None) -> journal.Journal | None:
        """The running server's journal (None for a hub kept in memory only): a folder of
        its own under `journal/`, locked while it runs (`nile.core.owner`), so a second
        host on the same folder (another window hosting another game) never settles it."""
        if self.folder is None:
            return None
        folder = self.folder / "journal" / f"{os.getpid()}-{secrets.token_hex(4)}"
        folder.parent.mkdir(parents=True, exist_ok=True)
        claim = owner.claim(folder)  # locked before it exists: its lock file is beside it
        folder.mkdir()
        return journal.Journal(folder, self.write, stats=stats, claim=claim)

    def load_all(self) -> int:
        """Resume every table in the folder (the journal's confirmed moves first written
        into their files); returns how many."""
        if self.folder is None:
            return 0
        folder = self.folder / "matches"
        folder.mkdir(parents=True, exist_ok=True)
        self.settle_journal()
        for path in sorted(folder.glob("*.json")):
            try:
                self.resume(path)
            except (SaveError, Refused) as error:
                self.problems.append(str(error))
        return len(self.tables)

    def resume(self, path: Path) -> Table:
        """The table saved in `path`, held again (SaveError or Refused if it cannot be):
        `load_all` resumes every one, an app hosting a game again only that one."""
        table = Table.from_save(saves.read_json(path), path.name)
        if table.id != path.stem:
            raise SaveError(f"{path.name} names another match.")
        self._add(table)
        return table

    def settle_journal(self) -> None:
        """Write to the files what a server stopped mid-way (killed, or an app killed while
        hosting) had confirmed in its journal but not yet written, and drop the journal:
        then every file has every confirmed move, whether the whole folder is resumed
        (`load_all`) or one game of it is hosted again. A journal whose host runs now
        (its lock is held: another window hosting another game) is left to it."""
        assert self.folder is not None
        root = self.folder / "journal"
        self._settle(root)  # segments an older Nile kept in the folder itself
        for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []:
            claim = owner.claim(folder)
            if claim is None:
                continue
            try:
                if self._settle(folder):
                    with contextlib.suppress(OSError):
                        folder.rmdir()
            finally:
                claim.release()

    def _settle(self, folder: Path) -> bool:
        """Settle one journal folder's segments (see `settle_journal`); False if a file
        could not be written (the segments stay for another try)."""
        assert self.folder is not None
        for table_id, (seq, data) in journal.recover(folder).items():
            path = self.folder / "matches" / f"{table_id}.json"
            try:
                if path.exists() and Table.from_save(saves.read_json(path),
                                                     path.name).seq >= seq:
                    continue
            except (SaveError, Refused):
                pass  # a damaged file: the journal's newer save replaces it
            try:
                if Table.from_save(data, f"match {table_id} in the journal").id != table_id:
                    raise SaveError(f"The journal's match {table_id} names another match.")
                saves.write_atomic(path, data)
            except (SaveError, Refused) as error:  # reported; the file stays as it was
                self.problems.append(str(error))
            except OSError as error:
                self.problems.append(f"match {table_id}: {error}")
                return False  # keep the segments for another try
        for path in journal.segments(folder):
            path.unlink()
        return True


def settle_at_start(folder: Path) -> list[str]:
    """At the app's start, write into their files the moves that a window killed while
    hosting had confirmed only in its journal, so Continue lists each hosted game as it
    was last played (not only when it is hosted again). Best effort, never an error:
    returns the problems met (a damaged journal's match, a folder that cannot be read)."""
    hub = Hub(folder)
    try:
        hub.settle_journal()
    except OSError as error:
        hub.problems.append(f"The hosted games' journal cannot be read: {error}")
    return hub.problems


def bot_seed(table: Table) -> int:
    """A bot's seed for the table's current position: reproducible, like the app's."""
    return random.Random(f"nile/net-bot/{table.match.seed}/{table.match.ply}").randrange(2**31)
