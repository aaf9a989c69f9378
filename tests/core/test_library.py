"""The saves folder the player sees: the text gate, safe reading, one autosave per game,
named saves kept as typed, and start-up housekeeping. Every case of issue 12 that
lives below the UI is here; the UI cases are in tests/ui/test_shell.py."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from nile.core import library, paths, registry, saves
from nile.core.errors import SaveError
from nile.core.game import OptionSpec
from nile.core.session import Match, SeatConfig
from nile.core.text import UnsafeChars, is_safe_char, safe_text
from tests.core.toy_game import TOY_INFO

registry.register(TOY_INFO)
HUMANS = (SeatConfig("Ann"), SeatConfig("Bo", color=1))


def a_match(seed: int = 3, moves: int = 1) -> Match:
    match = Match.new(TOY_INFO, HUMANS, seed=seed)
    for _ in range(moves):
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    return match


# The text gate ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ann", "Ann"),
        ("An\x00n", "Ann"),
        ("Ann\u200b\u200c\u200d\u2060\ufeff", "Ann"),
        ("\u202eAnn\u202c\u2066", "Ann"),
        ("Ann\ud800", "Ann"),
        ("Ann\tBo\nCy\u2028Di", "Ann Bo Cy Di"),
        ("Zoë 李", "Zoë 李"),
        (None, "None"),
        (17, "17"),
    ],
)
def test_the_gate_drops_what_fonts_cannot_draw(raw: object, clean: str) -> None:
    assert safe_text(raw) == clean


def test_the_gate_cuts_long_text_and_keeps_newlines_only_when_asked() -> None:
    assert len(safe_text("x" * 100_000)) == 400
    assert len(safe_text("x\x00" * 100_000, limit=50)) == 50
    assert safe_text("a\nb", newlines=True) == "a\nb"


def test_typed_characters_are_refused_by_the_same_gate() -> None:
    forbidden = UnsafeChars()
    for char in ("\x00", "\u200b", "\u202e", "\ud800", "\x1b", "\ufeff"):
        assert char in forbidden and not is_safe_char(char)
    for char in ("a", " ", "é", "李", "-"):
        assert char not in forbidden and is_safe_char(char)


# Safe reading -------------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_like_a_save_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "autosave.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load(fifo)


def test_a_link_to_a_device_is_refused_before_reading(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="not a regular file"):
        saves.read_json(link)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    match = a_match()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(match.to_save()).encode())
    assert saves.load(path).actions == match.actions


@pytest.mark.parametrize("version", [True, "1", 1.0, None, [1]])
def test_a_version_of_the_wrong_type_is_refused(version: object) -> None:
    data = a_match().to_save()
    data["version"] = version
    with pytest.raises(SaveError, match="version"):
        saves.match_from_save(data)


def test_names_from_a_save_pass_the_gate() -> None:
    data = a_match().to_save()
    data["seats"][0]["name"] = "\x00\u200b"
    data["seats"][1]["name"] = "B\ud800o\u202e"
    match = saves.match_from_save(data)
    assert match.names == ["Player 1", "Bo"]


def test_a_nul_in_a_move_gives_a_message_that_is_safe_to_draw() -> None:
    data = a_match().to_save()
    data["actions"] = ["pick\x00 \ud800"]
    with pytest.raises(SaveError) as refused:
        saves.match_from_save(data)
    message = str(refused.value)
    assert "\x00" not in message and "\ud800" not in message
    assert safe_text(message, 10_000) == message


def test_a_lone_surrogate_never_stops_a_write(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    saves.write_atomic(path, {"format": "x", "title": "a\ud800b"})
    assert json.loads(path.read_text(encoding="utf-8"))["title"] == "a\ud800b"


# One autosave per game, named saves as typed ------------------------------------------------------

def test_every_game_gets_its_own_autosave_and_continue_lists_the_unfinished() -> None:
    first, second = library.new_autosave_path("toy"), library.new_autosave_path("toy")
    assert first != second and first.parent == paths.autosaves_dir()
    saves.write_atomic(first, library.save_data(a_match(seed=1)))
    saves.write_atomic(second, library.save_data(a_match(seed=2)))
    over = a_match(seed=3, moves=0)
    while not over.state.is_terminal:
        over.play(over.state.legal_actions()[0])
        over.resolve_chance()
    saves.write_atomic(library.new_autosave_path("toy"), library.save_data(over))
    os.utime(first, (time.time() - 100, time.time() - 100))
    live = library.unfinished()
    assert [e.path for e in live] == [second, first]
    assert live[0].title == "Toy" and live[0].players == ("Ann", "Bo")


def test_named_saves_keep_their_name_as_typed_and_can_be_renamed_and_deleted() -> None:
    path = library.write_named(a_match(), "Friday night game: Ann vs Bo")
    assert path.name == "Friday night game Ann vs Bo.json"
    (entry,) = [e for e in library.list_saves()[0] if e.path == path]
    assert entry.name == "Friday night game: Ann vs Bo" and not entry.autosave
    moved = library.rename(entry, "The rematch")
    assert not path.exists() and moved.exists()
    assert moved.stat().st_mtime == entry.saved_at  # a new name is not a newer save
    (renamed,) = [e for e in library.list_saves()[0] if e.path == moved]
    assert renamed.name == "The rematch"
    other = library.write_named(a_match(seed=5), "Another")
    (clash,) = [e for e in library.list_saves()[0] if e.path == other]
    with pytest.raises(FileExistsError):
        library.rename(clash, "The rematch")
    library.delete(renamed)
    assert not moved.exists()


def test_the_list_is_newest_first_with_dates_and_keeps_damaged_files_visible() -> None:
    old = library.write_named(a_match(), "Old")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    library.write_named(a_match(seed=4), "New")
    (paths.saves_dir() / "broken.json").write_text("{")
    entries, _ = library.list_saves()
    names = [e.name for e in entries]
    assert names.index("New") < names.index("Old")
    broken = next(e for e in entries if e.name == "broken")
    assert broken.problem and "damaged" in broken.problem
    assert time.strftime("%Y") in entries[0].when


def test_links_that_dangle_loop_or_leave_the_folder_are_skipped_with_a_note(
    tmp_path: Path,
) -> None:
    folder = paths.saves_dir()
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps(a_match().to_save()))
    (folder / "away.json").symlink_to(outside)
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "folder.json").mkdir()
    os.mkfifo(folder / "pipe.json")
    entries, notes = library.list_saves()
    shown = {e.path.name for e in entries}
    assert not shown & {"dangling.json", "loop.json", "away.json", "zero.json", "folder.json",
                        "pipe.json"}
    assert len(notes) == 6
    assert any("does not exist" in n for n in notes) and any("loop" in n for n in notes)
    assert any("outside" in n for n in notes)


def test_summaries_never_trust_the_file_for_what_is_drawn() -> None:
    data = library.save_data(a_match())
    data.update(title="\x00" * 100_000, round="\u202e" + "r" * 500, finished="no",
                name=["not", "text"])
    path = paths.saves_dir() / "odd.json"
    saves.write_atomic(path, data)
    entry = library.summarize(path)
    assert entry.title == "Toy"  # from the registry
    assert entry.round == "r" * 40
    assert entry.finished is False  # only a real true counts
    assert entry.name == "odd"


# Housekeeping -------------------------------------------------------------------------------------

def test_tidy_removes_old_temp_files_and_moves_the_old_autosave() -> None:
    folder = paths.saves_dir()
    stale, fresh = folder / ".autosave.json.abc.tmp", folder / ".x.json.def.tmp"
    history = paths.data_dir() / ".practice.json.xyz.tmp"
    history.write_text("half")
    os.utime(history, (time.time() - 3600, time.time() - 3600))
    stale.write_text("half")
    fresh.write_text("being written")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    legacy = paths.legacy_autosave_path()
    saves.write_atomic(legacy, library.save_data(a_match()))
    done = library.tidy()
    assert not stale.exists() and fresh.exists() and not history.exists()
    assert not legacy.exists()
    assert [e.game for e in library.unfinished()] == ["toy"]
    assert len(done) == 3


def test_file_names_never_name_a_windows_device() -> None:
    assert library.file_name_for("CON") == "CON game.json"
    assert library.file_name_for("com1") == "com1 game.json"
    assert library.file_name_for("Console") == "Console.json"
    assert library.file_name_for("a/b:c") == "abc.json"
    assert library.file_name_for("...") == "Saved game.json"


def test_tidy_keeps_only_the_newest_finished_games() -> None:
    over = a_match(moves=0)
    while not over.state.is_terminal:
        over.play(over.state.legal_actions()[0])
        over.resolve_chance()
    for age in range(library.KEEP_FINISHED + 3):
        path = library.new_autosave_path(f"toy{age}")
        saves.write_atomic(path, library.save_data(over))
        os.utime(path, (time.time() - age, time.time() - age))
    library.tidy()
    kept = [e for e in library.list_saves()[0] if e.autosave]
    assert len(kept) == library.KEEP_FINISHED


def test_tidy_prunes_the_finished_games_hosted_here_but_not_one_held_now() -> None:
    """A hosted match is written after every move and was never removed once over: the
    folder grew by one save a game for ever. The newest are kept as the autosaves are,
    and a match another window holds (hosting it, on its results) is left alone."""
    from nile.core import owner

    over = a_match(moves=0)
    while not over.state.is_terminal:
        over.play(over.state.legal_actions()[0])
        over.resolve_chance()
    live = a_match()
    folder = library.hosted_matches_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths_by_age = []
    for age in range(library.KEEP_FINISHED + 3):
        path = folder / f"m{age}.json"
        saves.write_atomic(path, library.save_data(over))
        os.utime(path, (time.time() - age, time.time() - age))
        paths_by_age.append(path)
    playing = folder / "playing.json"
    saves.write_atomic(playing, library.save_data(live))
    os.utime(playing, (time.time() - 999, time.time() - 999))
    held = owner.claim(paths_by_age[-1])  # the oldest, hosted by another window now
    assert held is not None
    try:
        done = library.tidy()
    finally:
        held.release()
    left = sorted(p.name for p in folder.glob("*.json"))
    assert playing.exists() and paths_by_age[-1].exists()
    assert not paths_by_age[-2].exists() and not paths_by_age[-3].exists()
    assert all(p.exists() for p in paths_by_age[:library.KEEP_FINISHED])
    assert len(left) == library.KEEP_FINISHED + 2
    assert sum("removed the old finished game" in line for line in done) == 2


def test_a_home_that_cannot_be_created_is_not_an_error(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NILE_HOME", str(blocker / "nile"))
    assert paths.saves_dir().name == "saves"  # no exception, though nothing was created
    assert library.unfinished() == []
    assert library.list_saves()[0] == []
    assert library.tidy() == []
    with pytest.raises(OSError):
        library.write_named(a_match(), "nowhere")


def test_a_save_names_the_options_it_was_set_up_with() -> None:
    """Two Age of Steam games on different maps are told apart in the lists: the map is
    named as the setup screen names it ('Age of Steam, Egypt (in progress)'); another
    option only when changed from its default ('Cairo, Sudden Death', never 'Cairo, Off')."""
    from nile.ui.chrome.savelist import details, title_line

    info = registry.get("age_of_steam")
    bots = tuple(SeatConfig(n, "bot", "easy", i) for i, n in enumerate(("Ann", "Bo", "Cy")))
    match = Match.new(info, bots, 5, {"map": "egypt"})
    path = library.new_autosave_path("age_of_steam")
    saves.write_atomic(path, library.save_data(match))
    entry = library.summarize(path, autosave=True)
    assert entry.variant == "Egypt"
    assert title_line(entry) == "Age of Steam, Egypt (in progress)"
    assert details(entry).startswith("Age of Steam, Egypt  ·  Ann, Bo, Cy")
    data = library.save_data(match)
    data["options"] = {"map": "\u202eatlantis"}  # not a choice: nothing of it is drawn
    saves.write_atomic(path, data)
    assert library.summarize(path).variant == ""
    cairo = registry.get("cairo")
    players = bots[:2]
    for choice, title in (("on", "Cairo, Sudden Death (in progress)"),
                          ("off", "Cairo (in progress)")):
        match = Match.new(cairo, players, 5, {"sudden_death": choice})
        path = library.new_autosave_path("cairo")
        saves.write_atomic(path, library.save_data(match))
        assert title_line(library.summarize(path, autosave=True)) == title
    pace = OptionSpec("pace", "Pace", ("calm", "brisk"), names=("Calm", "Brisk"))
    assert library._option_words(pace, "brisk") == "Pace: Brisk"
    assert library._option_words(pace, "calm") == ""
