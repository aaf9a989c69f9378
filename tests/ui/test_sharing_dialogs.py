"""Export and Import from the Load dialog (issue 29 item 6): a game in progress is exported
only after the player agrees that its file shows every hand; a finished one at once; Import
lists the shared folder and brings a file in among the saves."""

from __future__ import annotations

import pytest

from nile.app import App
from nile.core import library, paths, registry
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import LoadDialog
from nile.ui.chrome.overlay import ConfirmDialog, MessageDialog
from nile.ui.chrome.sharing import ImportDialog
from nile.ui.launcher import LauncherScene
from tests.ui.harness import frames, make_app, press


@pytest.fixture
def app() -> App:
    shell = make_app()
    shell.push(LauncherScene(shell))
    return shell


def save(name: str, finished: bool) -> None:
    match = Match.new(registry.get("loose_caboose"), (SeatConfig("Ann"), SeatConfig("Bo")), 2)
    while not match.state.is_terminal and (finished or match.ply < 3):
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    library.write_named(match, name)


def test_a_game_in_progress_is_exported_only_after_a_warning(app: App) -> None:
    save("Half way", finished=False)
    dialog = LoadDialog(app)
    app.push(dialog)
    frames(app)
    press(app, dialog, "Export…")
    question = app.top
    assert isinstance(question, ConfirmDialog) and "hidden cards" in question.message
    press(app, question, "Cancel")
    assert not list(paths.shared_dir().iterdir())
    press(app, dialog, "Export…")
    press(app, app.top, "Export")
    assert isinstance(app.top, MessageDialog) and "Half way.json" in app.top.message
    assert (paths.shared_dir() / "Half way.json").exists()


def test_import_brings_a_shared_file_in_among_the_saves(app: App) -> None:
    save("Finished", finished=True)
    dialog = LoadDialog(app)
    app.push(dialog)
    frames(app)
    press(app, dialog, "Export…")  # finished: no question
    assert isinstance(app.top, MessageDialog)
    app.pop()
    press(app, dialog, "Import…")
    importer = app.top
    assert isinstance(importer, ImportDialog) and len(importer.list.entries) == 1
    press(app, importer, "Import")
    assert app.top is dialog
    assert dialog.list.chosen is not None and dialog.list.chosen.name == "Finished (2)"
