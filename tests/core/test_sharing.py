"""A game as one file (issue 29 item 6): exported to the shared folder as an ordinary save,
imported only after it has been read as carefully as any save, never over another file."""

from __future__ import annotations

import pytest

from nile.core import library, paths, registry, saves, sharing
from nile.core.errors import SaveError
from nile.core.session import Match, SeatConfig


def a_save(name: str = "Evening game") -> library.SaveEntry:
    match = Match.new(registry.get("loose_caboose"), (SeatConfig("Ann"), SeatConfig("Bo")), 5)
    match.play(match.state.legal_actions()[0])
    match.resolve_chance()
    return library.summarize(library.write_named(match, name))


def test_an_export_is_a_save_that_loads_and_an_import_copies_it_back() -> None:
    entry = a_save()
    exported = sharing.export(entry)
    assert exported.parent == paths.shared_dir() and exported.name == "Evening game.json"
    assert saves.load(exported).actions == saves.load(entry.path).actions
    (found,) = sharing.importable()
    imported = sharing.import_file(found)
    assert imported.name == "Evening game (2).json"  # the original save keeps its file
    assert saves.load(imported).actions == saves.load(entry.path).actions
    assert exported.exists()  # the shared file is left as it was
    assert sharing.export(entry).name == "Evening game (2).json"


def test_a_damaged_or_hostile_file_is_refused_and_nothing_written() -> None:
    folder = paths.shared_dir()
    (folder / "garbled.json").write_text("{nope", encoding="utf-8")
    (folder / "cheat.json").write_text(
        '{"format": "nile-save", "version": 1, "game": "loose_caboose", "seats": '
        '[{"name": "A"}, {"name": "B"}], "seed": 1, "actions": ["pass", "pass", "pass"]}',
        encoding="utf-8")
    before = sorted(paths.saves_dir().iterdir())
    for entry in sharing.importable():
        with pytest.raises(SaveError):
            sharing.import_file(entry)
    assert sorted(paths.saves_dir().iterdir()) == before


def test_only_a_game_that_hides_cards_and_is_not_over_reveals_hands() -> None:
    assert sharing.reveals_hands(a_save())  # Loose Caboose: secret hands
    cairo = Match.new(registry.get("cairo"), (SeatConfig("Ann"), SeatConfig("Bo")), 5)
    assert not sharing.reveals_hands(library.summarize(library.write_named(cairo, "Cairo")))


def test_an_autosave_is_exported_under_its_game_and_date() -> None:
    match = Match.new(registry.get("loose_caboose"), (SeatConfig("Ann"), SeatConfig("Bo")), 5)
    path = library.new_autosave_path("loose_caboose")
    saves.write_atomic(path, library.save_data(match))
    entry = library.summarize(path, autosave=True)
    assert sharing.export(entry).name.startswith("Loose Caboose! ")
