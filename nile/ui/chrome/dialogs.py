"""Modal overlays: the in-game menu, save, load and continue dialogs and the rules summary
(the plain message and question are `overlay.py`'s).

Nothing here loses a game without asking: leaving a game whose autosave failed, or
deleting a save, asks first; a refused file becomes a message and stays untouched.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.core import library, owner, paths, saves, tutorial
from nile.core.errors import SaveError
from nile.core.game import GameInfo
from nile.core.session import Match
from nile.core.text import safe_text
from nile.core.tutorial import Progress
from nile.ui import text, theme
from nile.ui.chrome import sharing
from nile.ui.chrome.overlay import ConfirmDialog, MessageDialog, Overlay
from nile.ui.chrome.savelist import SaveList
from nile.ui.games import open_match, saved_lesson, start_tutorial, watch_match
from nile.ui.settings_scene import SettingsScene

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene
    from nile.ui.scene import Shell


def _nothing() -> None:
    """The safe answer of a question: stay where you are."""


def leave_game(app: Shell, game: TableScene, then: Callable[[], None]) -> None:
    """Run `then` (quit, load, open another game) once the game is safe, or the player
    has agreed to lose what the disk refused, or to stop hosting the friends playing."""
    question = game.autoplay.leaving_question()
    if question is not None:
        app.push(ConfirmDialog(app, "Stop hosting?", question,
                               [("Stop hosting", then), ("Keep hosting", _nothing)],
                               destructive=True))
        return
    if game.saved():
        then()
        return
    reason = game.autosaver.last_error if game.autosaver is not None else None
    app.push(ConfirmDialog(
        app,
        "This game is not saved",
        f"{reason or 'The autosave failed.'} If you leave now, the moves since the last good "
        "save are lost. Save it somewhere else first?",
        [("Save elsewhere…", lambda: app.push(SaveDialog(app, game, elsewhere=True))),
         ("Leave anyway", then),
         ("Stay", _nothing)],
    ))


def _save_name(game: TableScene) -> str:
    """The name a save is offered under: the game and where it stands ("Cairo Turn 4"), or
    for a finished game who won ("Loose Caboose! won by Ann"), not its last round's text."""
    state = game.state
    if state.is_terminal:
        first = [game.names[i] for i, place in enumerate(state.ranking()) if place == 1]
        return f"{game.info.title} won by {' and '.join(first)}"
    return f"{game.info.title} {game.words(state.status().round_text)}".strip()


class MenuScene(Overlay):
    """Esc in a game: resume, save, load, undo, rules, settings, quit to the launcher."""

    def __init__(self, app: Shell, game: TableScene) -> None:
        self.game = game
        entries: list[tuple[str, Callable[[], None]]] = [
            ("Resume", self.close),
            ("Save game…", lambda: self.app.replace(SaveDialog(self.app, game))),
            ("Load game…", self._load),
            ("Undo", self._undo),
            ("Rules and keys", lambda: self.app.replace(game.commands.rules_scene())),
            ("Settings", self._settings),
            ("Quit to launcher", self._quit),
        ]
        if not game.autoplay.keeps_saves:  # a remote table's game is the host's to save
            entries = [e for e in entries if e[0] not in ("Save game…", "Load game…")]
        if not game.live_game():
            entries = [e for e in entries if e[0] not in ("Save game…", "Undo")]
            entries.insert(1, ("Close replay", self._then(game.close_replay)))
        elif game.handover.blocking or game.game_over:
            # under the cover nobody's move may be taken back, and no answer could show;
            # a finished game is not taken back (Undo could only say "nothing to undo")
            entries = [e for e in entries if e[0] != "Undo"]
        if game.game_over:
            # after "See the table": the results and the replay stay at hand
            entries[1:1] = [("Results", self._then(game.reopen_results)),
                            ("Replay", self._then(game.open_replay))]
        super().__init__(app, 380, 110 + 54 * len(entries), "Menu")
        # Undo looks pressable only when there is a move to take back (as on the top bar)
        can_undo = game.autoplay.can_undo()
        for i, (label, action) in enumerate(entries):
            element = self.button(self.row(i), label, action,
                                  object_id="@accent" if i == 0 else None)
            if label == "Undo" and not can_undo:
                element.disable()

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        """Close the menu, then act (the action may push its own screen)."""
        def run() -> None:
            self.close()
            action()
        return run

    def _undo(self) -> None:
        self.close()
        self.game.commands.undo()

    def _settings(self) -> None:
        self.app.replace(SettingsScene(self.app))

    def _load(self) -> None:
        self.close()
        playing = self.game.autosaver.path if self.game.autosaver is not None else None
        leave_game(self.app, self.game,
                   lambda: self.app.push(LoadDialog(self.app, playing=playing)))

    def _quit(self) -> None:
        self.close()
        leave_game(self.app, self.game, self._home)

    def _home(self) -> None:
        unfinished = (self.game.replay is None and not self.game.match.state.is_terminal
                      and self.game.autoplay.keeps_saves)  # an online game is the host's
        self.app.go_home()
        if unfinished and self.game.saved():
            where = self.game.autoplay.resumed_from  # a lesson resumes from Learn to play
            self.app.notify(f"{self.game.info.title} is saved: resume it from {where} any time.",
                            "ok")


class SaveDialog(Overlay):
    """Name a save (kept as typed) and write it to the saves folder, or (`elsewhere`)
    to a folder the player types, when the usual one cannot be written."""

    def __init__(self, app: Shell, game: TableScene, elsewhere: bool = False) -> None:
        super().__init__(app, 600, 330 if elsewhere else 250,
                         "Save the game elsewhere" if elsewhere else "Save game")
        self.game = game
        self.elsewhere = elsewhere
        default = safe_text(_save_name(game), library.MAX_SAVE_NAME)
        self.entry = self.text_entry(self.row(0), default, library.MAX_SAVE_NAME)
        self.folder_entry: pygame_gui.elements.UITextEntryLine | None = None
        if elsewhere:
            self.folder_entry = self.text_entry(self.row(1, top=100), str(Path.home()), 300)
        self.entry.focus()
        self.button_row([("Save", self._save), ("Cancel", self.close)], self.panel.bottom - 70)
        self.error = ""
        self._confirm_replace: Path | None = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._save()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.error, self._confirm_replace = "", None
        else:
            super().handle_event(event)

    def _target(self) -> Path:
        name = self.entry.get_text()
        if self.folder_entry is None:
            return library.named_save_path(name)
        folder = Path(self.folder_entry.get_text().strip() or str(Path.home())).expanduser()
        return folder / library.file_name_for(name)

    def _save(self) -> None:
        name = " ".join(safe_text(self.entry.get_text(), library.MAX_SAVE_NAME).split())
        if not name:
            self.error = "Give the save a name."
            return
        path = self._target()
        if path.exists() and self._confirm_replace != path:
            self._confirm_replace = path
            self.error = f"A save called {path.stem} exists: press Save again to replace it."
            return
        try:
            saves.write_atomic(path, library.save_data(self.game.match, name))
        except OSError as error:
            self.error = f"Could not save: {safe_text(error.strerror or error, 120)}."
            return
        self.close()
        if not self.elsewhere:
            self.game.toast(f"Saved as {name}.", "ok")
            return
        if self.game.autosaver is not None:
            self.game.autosaver.saved_elsewhere(path, self.game.match.ply)
        self.game.toast(f"Saved as {name} in {path.parent}. To load it later, put the file "
                        f"in {paths.saves_dir()}.", "ok", seconds=9.0)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text.draw(surface, "Name", (self.panel.left + 40, self.panel.top + 52), 14, theme.MUTED)
        if self.elsewhere:
            text.draw(surface, "Folder", (self.panel.left + 40, self.panel.top + 134), 14,
                      theme.MUTED)
        if self.error:
            text.draw_wrapped(
                surface,
                self.error,
                pygame.Rect(self.panel.left + 40, self.panel.bottom - 128,
                            self.panel.width - 80, 50),
                15,
                theme.BAD,
                align="center",
            )


class LoadDialog(Overlay):
    """Every save, newest first, with game, players, round and date: Load, Rename,
    Delete. With `continuing`, only the unfinished games (the launcher's Continue)."""

    arrow_focus = False  # the arrows walk the list of saves

    def __init__(self, app: Shell, continuing: bool = False, playing: Path | None = None) -> None:
        super().__init__(app, 760, 620, "Continue a game" if continuing else "Load game")
        self.continuing = continuing
        self.playing = playing
        """The autosave of the game open under this dialog: it may be loaded, not deleted."""
        self.notes: list[str] = []
        self.list = SaveList(
            pygame.Rect(self.panel.left + 30, self.panel.top + 64, self.panel.width - 60, 406),
            [],
        )
        self.refresh()
        specs: list[tuple[str, Callable[[], None]]] = [("Load", self._load)]
        if not continuing:
            specs += [("Rename…", self._rename), ("Export…", self._export),
                      ("Import…", self._import)]
        specs += [("Delete…", self._delete), ("Cancel", self.close)]
        self.button_row(specs, self.panel.bottom - 66)

    def refresh(self, select: Path | None = None) -> None:
        """Read the folder again (after a delete or rename), keeping the selection."""
        if self.continuing:  # games only: a lesson goes on from its game's Learn to play
            entries, self.notes = library.games_in_progress(), []
        else:
            entries, self.notes = library.list_saves()
        self.list.set_entries(entries, select)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.list.handle_event(event, time.monotonic()):
            self._load()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self._delete()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self._rename()
        else:
            super().handle_event(event)

    def _load(self) -> None:
        entry = self.list.chosen
        if entry is not None:
            open_save(self.app, entry.path)

    def _export(self) -> None:
        entry = self.list.chosen
        if entry is not None:
            sharing.export_entry(self.app, entry)

    def _import(self) -> None:
        self.app.push(sharing.ImportDialog(self.app, lambda path: self.refresh(select=path)))

    def _rename(self) -> None:
        entry = self.list.chosen
        if entry is None:
            return
        if entry.autosave or entry.problem:
            self.app.push(MessageDialog(self.app, "This save cannot be renamed",
                                        "Autosaves and damaged files keep their names; save the "
                                        "game under a name of your own from its menu."))
            return
        self.app.push(RenameDialog(self.app, entry, self.refresh))

    def _delete(self) -> None:
        entry = self.list.chosen
        if entry is None:
            return
        if self.playing is not None and entry.path == self.playing:
            self.app.push(MessageDialog(self.app, "This is the game you are playing",
                                        "Its autosave keeps it safe while it is open. Quit it "
                                        "to the launcher first if you want to delete it."))
            return
        if entry.autosave and owner.held_elsewhere(entry.path):
            self.app.push(MessageDialog(self.app, "This game is open in another window",
                                        "That window keeps saving it. Quit it to the "
                                        "launcher there first if you want to delete it."))
            return

        def remove() -> None:
            try:
                library.delete(entry)
            except OSError as error:
                self.app.push(MessageDialog(self.app, "Could not delete",
                                            safe_text(error.strerror or error, 200)))
            self.refresh()

        self.app.push(ConfirmDialog(self.app, "Delete this save?", deletion_warning(entry),
                                    [("Delete", remove), ("Keep it", _nothing)],
                                    destructive=True))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        empty = "No game in progress." if self.continuing else "No saves yet."
        self.list.draw(surface, empty)
        if self.notes:
            note = self.notes[0] + (f" (and {len(self.notes) - 1} more)" if len(self.notes) > 1
                                    else "")
            text.draw(surface, note, (self.panel.left + 30, self.panel.bottom - 96), 13,
                      theme.MUTED, max_width=self.panel.width - 60)


def deletion_warning(entry: library.SaveEntry) -> str:
    """What deleting `entry` loses, in a sentence."""
    players = f" with {', '.join(entry.players)}" if entry.players else ""
    if entry.problem:
        return f"The damaged file {entry.name} will be gone for good."
    if entry.autosave and not entry.finished:
        return (f"The {entry.title} game in progress{players} ({entry.when}) will be gone "
                "for good: it cannot be continued afterwards.")
    if entry.autosave:
        return f"The finished {entry.title} game{players} ({entry.when}) and its replay will " \
               "be gone for good."
    return f"The save {entry.name} ({entry.title}, {entry.when}) will be gone for good."


class RenameDialog(Overlay):
    """A new name for a named save (kept as typed)."""

    def __init__(self, app: Shell, entry: library.SaveEntry,
                 done: Callable[[Path], None]) -> None:
        super().__init__(app, 560, 240, "Rename save")
        self.entry_of = entry
        self.done = done
        self.entry = self.text_entry(self.row(0), entry.name, library.MAX_SAVE_NAME)
        self.entry.focus()
        self.error = ""
        self.button_row([("Rename", self._rename), ("Cancel", self.close)],
                        self.panel.bottom - 70)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._rename()
        else:
            super().handle_event(event)

    def _rename(self) -> None:
        name = self.entry.get_text()
        if not " ".join(safe_text(name).split()):
            self.error = "Give the save a name."
            return
        try:
            renamed = library.rename(self.entry_of, name)
        except (OSError, SaveError) as error:
            self.error = safe_text(error, 200)
            return
        self.close()
        self.done(renamed)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.error:
            text.draw(surface, self.error, (self.panel.centerx, self.panel.top + 128), 15,
                      theme.BAD, anchor="midtop", max_width=self.panel.width - 40)


def open_save(app: Shell, path: Path) -> None:
    """Load a save and open its game; refusals become a message, the save stays untouched.

    A game opened from its own autosave goes on in that file; one opened from a named
    save gets a new autosave, so the named save and other games stay as they are. A game
    this app hosted is hosted again (`Shell.host_again`)."""
    if path.parent.resolve() == library.hosted_matches_dir().resolve():
        problem = app.host_again(path)
        if problem is not None:
            app.push(MessageDialog(app, "This game cannot be hosted again", problem))
        return
    try:
        match = saves.load(path)
    except SaveError as error:
        app.push(MessageDialog(app, "This save cannot be loaded", str(error)))
        return
    except Exception as error:  # a save must never take the app down; say what it was
        app.push(
            MessageDialog(
                app,
                "This save cannot be loaded",
                f"{safe_text(path.name, 60)} could not be read ({type(error).__name__}).",
            )
        )
        return
    own = path.parent.resolve() == paths.autosaves_dir().resolve()
    lesson = None
    with contextlib.suppress(SaveError):
        saved = saves.read_json(path)
        if isinstance(saved, dict) and "tutorial" in saved:
            lesson = saved_lesson(match, saved["tutorial"])
    claim = None
    if own:
        if any(getattr(getattr(scene, "autosaver", None), "path", None) == path
               for scene in app.stack):
            app.go_home()  # this window's own game: it lets go of its file first
        claim = owner.claim(path)
        if claim is None:
            app.push(SecondWindowDialog(app, match, path, lesson))
            return
    _show(app, match, path if own else None, lesson, claim)


def open_lesson(info: GameInfo) -> library.SaveEntry | None:
    """The newest lesson of `info` left before its last step, or None: Learn to play goes
    on with it instead of starting a second one."""
    lesson = tutorial.load(info.id)
    if lesson is None:
        return None
    for entry in library.unfinished():
        if not (entry.lesson and entry.game == info.id):
            continue
        with contextlib.suppress(SaveError):
            saved = saves.read_json(entry.path)
            step = saved.get("tutorial", {}).get("step") if isinstance(saved, dict) else None
            if isinstance(step, int) and step < len(lesson.steps) - 1:
                return entry
    return None


def learn(app: Shell, info: GameInfo) -> None:
    """Learn to play: the open lesson of this game where it was left, else a new one."""
    entry = open_lesson(info)
    if entry is not None:
        open_save(app, entry.path)
    else:
        start_tutorial(app, info)


def _show(app: Shell, match: Match, autosave: Path | None, lesson: Progress | None,
          claim: owner.Claim | None = None) -> None:
    """Open the loaded game; a game whose scene is not installed becomes a message."""
    try:
        open_match(app, match, autosave=autosave, lesson=lesson, claim=claim)
    except LookupError as error:
        if claim is not None:
            claim.release()
        app.push(MessageDialog(app, "This game cannot be opened", str(error)))


class SecondWindowDialog(ConfirmDialog):
    """The game chosen is open in another Nile window (it holds the autosave's claim):
    both going on would write each other's moves away, so this window offers a copy of
    its own, or to watch that window's game read only, or to leave it."""

    def __init__(self, app: Shell, match: Match, path: Path, lesson: Progress | None) -> None:
        names = match.names
        players = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        super().__init__(
            app, "This game is open in another window",
            f"{match.info.title} with {players} is being played in another Nile window "
            "right now. If both windows went on with it, each would save over the other's "
            "moves.\n\nOpen a copy to play on here as a game of its own (the other window "
            "keeps the original), or watch the other window's game as it goes on (read "
            "only).",
            [("Open a copy", lambda: _show(app, match, None, lesson)),
             ("Watch", lambda: self._watch(match, path)),
             ("Cancel", _nothing)])

    def _watch(self, match: Match, path: Path) -> None:
        try:
            watch_match(self.app, match, path)
        except LookupError as error:
            self.app.push(MessageDialog(self.app, "This game cannot be opened", str(error)))


def _escape(words: str) -> str:
    """Plain words made safe for pygame_gui's HTML-like text box."""
    return words.replace("&", "&amp;").replace("<", "&lt;")


class RulesScene(Overlay):
    """The in-game rules summary (F1), scrollable."""

    def __init__(self, app: Shell, title: str, summary: str,
                 key_rows: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(app, 860, 680, f"{title}: rules summary")
        body = summary.strip() or "No rules summary yet."
        html = "<br>".join(
            f"<b>{line.strip('# ')}</b>" if line.startswith("#") else line
            for line in _escape(body).split("\n")
        )
        if key_rows:
            html += "<br><br><b>Keys</b><br>" + "<br>".join(
                f"<b>{_escape(keys)}</b>  {_escape(does[:1].upper() + does[1:])}"
                for keys, does in key_rows
            )
        # headings and keys are bold at the text box's size: load that face up front
        self.gui.preload_fonts([{"name": "noto", "point_size": 15, "style": "bold",
                                 "antialiased": "1"}])
        self.box = pygame_gui.elements.UITextBox(
            html,
            pygame.Rect(
                self.panel.left + 24,
                self.panel.top + 60,
                self.panel.width - 48,
                self.panel.height - 130,
            ),
            manager=self.gui,
        )
        self.button(
            pygame.Rect(self.panel.centerx - 70, self.panel.bottom - 58, 140, 42),
            "Close",
            self.close,
            object_id="@accent",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
