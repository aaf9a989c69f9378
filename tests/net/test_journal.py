"""The host's journal: a change is confirmed only once synced, one sync serves many
changes, closed segments become match files, and a crash's leftovers are recovered."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from nile.net import journal
from nile.net.hub import Hub, settle_at_start
from nile.net.journal import Journal
from nile.net.protocol import PlayerSpec
from nile.net.table import Table


def written_files(folder: Path) -> dict[str, bytes]:
    return {p.stem: p.read_bytes() for p in folder.glob("*.json")}


def files_writer(folder: Path) -> journal.WriteFile:
    def write(table_id: str, blob: bytes) -> None:
        (folder / f"{table_id}.json").write_bytes(blob)
    folder.mkdir(parents=True, exist_ok=True)
    return write


def test_changes_are_confirmed_after_their_sync_and_share_syncs(tmp_path: Path) -> None:
    log = Journal(tmp_path / "journal", files_writer(tmp_path / "files"))
    log.start()
    confirmed: list[tuple[str, int]] = []
    all_done = threading.Event()

    def done_for(key: tuple[str, int]) -> journal.Done:
        def done(error: OSError | None) -> None:
            assert error is None
            # on disk already: the segment holds the change's line when it is confirmed
            found = journal.recover(tmp_path / "journal")
            assert found[key[0]][0] >= key[1]
            confirmed.append(key)
            if len(confirmed) == 200:
                all_done.set()
        return done

    for seq in range(1, 11):
        for table in range(20):
            log.append(f"t{table}", seq, b'{"seq":%d}' % seq, done_for((f"t{table}", seq)))
    assert all_done.wait(20)
    assert log.changes == 200 and log.syncs < 200  # grouped: fewer syncs than changes
    log.close()
    assert written_files(tmp_path / "files") == {
        f"t{t}": b'{"seq":10}' for t in range(20)}
    assert journal.segments(tmp_path / "journal") == []


def test_a_full_segment_is_written_to_the_files_and_deleted(tmp_path: Path) -> None:
    log = Journal(tmp_path / "journal", files_writer(tmp_path / "files"), segment_bytes=200)
    log.start()
    confirmed = threading.Semaphore(0)
    for seq in range(1, 6):
        blob = json.dumps({"seq": seq, "pad": "x" * 100}).encode()
        log.append("a", seq, blob, lambda _e: confirmed.release())
        assert confirmed.acquire(timeout=10)
    # each change filled a segment: its file was written while the journal went on
    for _ in range(100):
        if len(journal.segments(tmp_path / "journal")) <= 1:
            break
        threading.Event().wait(0.05)
    assert len(journal.segments(tmp_path / "journal")) <= 1
    assert json.loads(written_files(tmp_path / "files")["a"])["seq"] >= 4
    log.close()
    assert json.loads(written_files(tmp_path / "files")["a"])["seq"] == 5


def test_recovery_takes_each_match_newest_save_and_skips_a_torn_line(tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    folder.mkdir()
    (folder / "00000001.log").write_bytes(b'{"id":"a","seq":3,"save":{"n":3}}\n'
                                          b'{"id":"b","seq":1,"save":{"n":1}}\n')
    (folder / "00000002.log").write_bytes(b'{"id":"a","seq":4,"save":{"n":4}}\n'
                                          b'{"id":"b","seq":2,"sa')  # killed mid-line
    assert journal.recover(folder) == {"a": (4, {"n": 4}), "b": (1, {"n": 1})}


def journaled_only(hub: Hub, folder: Path, moves: int) -> Table:
    """A new Loose Caboose table after `moves` moves that reached only the journal (its
    file still holds the start), as a host killed before writing its files leaves it."""
    table = hub.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    for _ in range(moves):
        action = table.match.state.legal_actions()[0].to_str()
        table.move(table.match.state.current_player or 0, table.seq, action)
    segment = folder / "journal" / "00000001.log"
    segment.parent.mkdir()
    segment.write_bytes(b'{"id":"%s","seq":%d,"save":%s}\n' % (
        table.id.encode(), table.seq, json.dumps(table.to_save()).encode()))
    return table


def test_a_hub_resumes_the_journal_over_stale_files(tmp_path: Path) -> None:
    """A host killed after confirming moves but before writing the match's file: the
    next start plays the journal's save over the file, writes it, drops the journal."""
    hub = Hub(tmp_path)
    table = journaled_only(hub, tmp_path, 6)
    resumed = Hub(tmp_path)
    assert resumed.load_all() == 1 and not resumed.problems
    again = resumed.tables[table.id]
    assert again.seq == table.seq == 6 and again.match.actions == table.match.actions
    assert resumed.find(table.codes[0] or "") == (again, 0)
    assert journal.segments(tmp_path / "journal") == []
    on_file = json.loads((tmp_path / "matches" / f"{table.id}.json").read_text())
    assert on_file["net"]["seq"] == 6


def test_an_app_hosting_one_game_again_gets_the_journals_moves(tmp_path: Path) -> None:
    """An app killed while hosting leaves moves in the journal only; hosting one of its
    games again (Continue) settles the journal into the files first, holding no table."""
    hub = Hub(tmp_path)
    table = journaled_only(hub, tmp_path, 5)
    other = hub.create("loose_caboose", [PlayerSpec("Cy"), PlayerSpec("Dee")], seed=4)
    again = Hub(tmp_path)
    again.settle_journal()
    assert not again.tables and not again.problems
    resumed = again.resume(tmp_path / "matches" / f"{table.id}.json")
    assert resumed.seq == 5 and resumed.match.actions == table.match.actions
    assert other.id not in again.tables
    assert journal.segments(tmp_path / "journal") == []


def test_a_running_hosts_journal_is_left_to_it_and_a_dead_ones_is_settled(
        tmp_path: Path) -> None:
    """Two windows host two games from one folder: the second's start settles only the
    journals of hosts that are gone, never the first's live one (it used to write the
    first's match files from it and delete its segments). A journal whose host died (its
    lock died with it) is written into the files and removed."""
    running = Hub(tmp_path)
    live = running.open_journal()
    assert live is not None
    live.start()
    table = running.create("loose_caboose", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=3)
    table.move(0, 0, table.match.state.legal_actions()[0].to_str())
    done = threading.Event()
    live.append(table.id, table.seq, json.dumps(table.to_save()).encode(),
                lambda error: done.set())
    assert done.wait(10)
    file = tmp_path / "matches" / f"{table.id}.json"
    start_only = file.read_bytes()  # the file still holds the start: the journal has more
    dead = tmp_path / "journal" / "4242-dead"  # a host killed earlier left this
    dead.mkdir()
    gone = running.create("loose_caboose", [PlayerSpec("Cy"), PlayerSpec("Dee")], seed=4)
    gone.move(0, 0, gone.match.state.legal_actions()[0].to_str())
    (dead / "00000001.log").write_bytes(b'{"id":"%s","seq":%d,"save":%s}\n' % (
        gone.id.encode(), gone.seq, json.dumps(gone.to_save()).encode()))
    other = Hub(tmp_path)
    other.settle_journal()
    assert not other.problems
    assert file.read_bytes() == start_only and journal.segments(live.folder)
    assert not dead.exists()
    settled = json.loads((tmp_path / "matches" / f"{gone.id}.json").read_text())
    assert settled["net"]["seq"] == 1
    live.close()  # a host that stops writes its files and leaves no journal behind
    assert json.loads(file.read_text())["net"]["seq"] == 1
    assert not live.folder.exists() and not any((tmp_path / "journal").iterdir())


def test_the_apps_start_settles_a_killed_hosts_journal(tmp_path: Path) -> None:
    """A window killed while hosting left its last moves in the journal only: Continue
    listed the game as it was before them until it was hosted again. The app's start now
    writes them into the file; a folder that is not there is no error."""
    hub = Hub(tmp_path)
    table = journaled_only(hub, tmp_path, 4)
    file = tmp_path / "matches" / f"{table.id}.json"
    assert json.loads(file.read_text())["net"]["seq"] < 4
    assert settle_at_start(tmp_path) == []
    assert json.loads(file.read_text())["net"]["seq"] == 4
    assert journal.segments(tmp_path / "journal") == []
    assert settle_at_start(tmp_path / "nowhere" / "hosted") == []


def test_the_app_settles_the_hosted_games_when_it_starts(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`nile` itself (not only the function) settles a killed host's journal at start."""
    from nile import __main__, app
    from nile.core import paths

    folder = paths.hosted_dir()
    table = journaled_only(Hub(folder), folder, 4)
    monkeypatch.setattr(app, "start_app", lambda: None)
    assert __main__.main([]) == 1  # no window here: the start stops after its care
    on_file = json.loads((folder / "matches" / f"{table.id}.json").read_text())
    assert on_file["net"]["seq"] == 4


def test_a_journal_line_nested_too_deep_is_skipped_not_a_crash_at_start(tmp_path: Path) -> None:
    """The app's start now reads the hosted games' journals: a damaged line nested
    deeper than the decoder's recursion limit raised RecursionError and stopped Nile
    before its window opened. It is skipped like any line that cannot be read."""
    dead = tmp_path / "journal" / "1-dead"
    dead.mkdir(parents=True)
    (dead / "00000001.log").write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert journal.recover(dead) == {}
    assert settle_at_start(tmp_path) == []
    assert journal.segments(dead) == []
