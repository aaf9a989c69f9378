"""The saves folder as the player sees it: named saves, and one autosave per game.

Every game opened here (new, or loaded from a named save) gets an autosave file of its
own in `autosaves/`, so starting or loading another game never replaces an unfinished
one; Continue lists them all. A finished game's autosave stays for its replay until the
newest `KEEP_FINISHED` finished games push it out. Named saves keep the name as typed
(inside the file; the file name is only a safe spelling of it).

Nothing here trusts a file: summaries come from `saves.read_json` plus type checks, every
string through the text gate, and the game title from the registry, not the file.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from nile.core import owner, paths, registry, saves
from nile.core.errors import SaveError
from nile.core.game import GameInfo, OptionSpec
from nile.core.session import Match
from nile.core.text import fill_names, safe_text

KEEP_FINISHED = 20
"""Finished games kept for replay; older finished autosaves are removed at start."""
ORPHAN_AGE = 60.0
"""Seconds after which a temporary file of an interrupted write is surely abandoned."""
MAX_SAVE_NAME = 60
_UNSAFE_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|]')
_RESERVED_ON_WINDOWS = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                                  *(f"LPT{i}" for i in range(1, 10))})


@dataclass(frozen=True)
class SaveEntry:
    """One save file, summarised for a list without replaying it."""

    path: Path
    name: str
    autosave: bool
    game: str | None
    title: str
    players: tuple[str, ...]
    round: str
    finished: bool
    saved_at: float
    problem: str | None = None
    """Why the file cannot be loaded (damaged, foreign), or None if it looks like a save."""
    variant: str = ""
    """The options it was set up with, as the setup screen names them ("Egypt"), or ""."""
    lesson: bool = False
    """A Learn to play game (its autosave carries the tutorial step): a list tells it from
    a real game of the same players, which it otherwise reads exactly like."""
    hosted: bool = False
    """A game this app hosted for friends at other computers (`paths.hosted_dir`): opening
    it hosts it again, with the same seats and codes."""

    @property
    def when(self) -> str:
        """When it was last written, in the player's local time ("1 Dec 2026, 21:40").

        A file's date comes from the disk and can be anything (1e17, before 1970): then
        the date is unknown, never an error."""
        if not 0 < self.saved_at < 2**33:
            return "date unknown"
        try:
            moment = time.localtime(self.saved_at)
        except (OverflowError, OSError, ValueError):
            return "date unknown"
        return time.strftime("%d %b %Y, %H:%M", moment).lstrip("0")

    @property
    def status(self) -> str:
        """'finished', the round it stopped at, or what is wrong with it."""
        if self.problem:
            return "cannot be loaded"
        return "finished" if self.finished else self.round


# Writing what the list will read ---------------------------------------------------------------

def save_data(match: Match, name: str | None = None) -> dict[str, Any]:
    """The save of `match` with the fields a list shows without replaying it."""
    data = {
        **match.to_save(),
        "title": match.info.title,
        "finished": match.state.is_terminal,
        "round": fill_names(match.state.status().round_text, match.names),
        "players": match.names,
    }
    if name is not None:
        data["name"] = name
    return data


def new_autosave_path(game_id: str) -> Path:
    """A fresh autosave file for a game about to be played (never an existing one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return paths.autosaves_dir() / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"


def file_name_for(name: str) -> str:
    """A file name that spells the save's name safely (spaces kept, path characters not,
    and never a name Windows reserves for a device, such as CON or COM1)."""
    cleaned = _UNSAFE_IN_FILE_NAMES.sub("", safe_text(name, MAX_SAVE_NAME))
    cleaned = " ".join(cleaned.split()).strip(". ") or "Saved game"
    if cleaned.split(".")[0].upper() in _RESERVED_ON_WINDOWS:
        cleaned += " game"
    return f"{cleaned}.json"


def named_save_path(name: str) -> Path:
    return paths.saves_dir() / file_name_for(name)


def write_named(match: Match, name: str) -> Path:
    """Save `match` under `name` (an existing save of that name is replaced atomically)."""
    name = " ".join(safe_text(name, MAX_SAVE_NAME).split())
    path = named_save_path(name)
    saves.write_atomic(path, save_data(match, name))
    return path


def rename(entry: SaveEntry, new_name: str) -> Path:
    """Give a named save a new name; FileExistsError if another save has that name."""
    new_name = " ".join(safe_text(new_name, MAX_SAVE_NAME).split())
    target = named_save_path(new_name)
    data = saves.read_json(entry.path)
    if not isinstance(data, dict):
        raise SaveError("This save is damaged and cannot be renamed.")
    if target.exists() and target.resolve() != entry.path.resolve():
        raise FileExistsError(f"A save called {new_name} already exists.")
    data["name"] = new_name
    saves.write_atomic(target, data)
    # a new name is not a new save: the list keeps it where its date puts it
    with contextlib.suppress(OSError):
        os.utime(target, (entry.saved_at, entry.saved_at))
    if target.resolve() != entry.path.resolve():
        entry.path.unlink()
    return target


def delete(entry: SaveEntry) -> None:
    """Remove a save for good (the player asked, and confirmed), and the file a window
    that had it open left beside it."""
    entry.path.unlink(missing_ok=True)
    if not owner.held_elsewhere(entry.path):
        with contextlib.suppress(OSError):
            owner.owner_path(entry.path).unlink(missing_ok=True)


# Reading ----------------------------------------------------------------------------------------

def summarize(path: Path, autosave: bool = False) -> SaveEntry:
    """What a list shows of `path`; a damaged file gives an entry with its `problem`."""
    try:
        saved_at = path.stat().st_mtime
    except OSError:
        saved_at = 0.0
    stem = safe_text(path.stem, MAX_SAVE_NAME)
    try:
        data = saves.check_header(saves.read_json(path), stem)
    except SaveError as error:
        return SaveEntry(path, stem, autosave, None, "Unknown", (), "", False, saved_at,
                         str(error))
    name = data.get("name")
    seats = data.get("seats")
    names = [s.get("name") for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []
    round_text = data.get("round")
    info = registry.get(data["game"])
    return SaveEntry(
        path=path,
        name=" ".join(safe_text(name, MAX_SAVE_NAME).split()) if isinstance(name, str) else stem,
        autosave=autosave,
        game=data["game"],
        title=info.title,
        players=tuple(saves.clean_name(n, i) for i, n in enumerate(names[:8])
                      if isinstance(n, str)),
        round=safe_text(round_text, 40) if isinstance(round_text, str) else "",
        finished=data.get("finished") is True,
        saved_at=saved_at,
        variant=_variant(info, data.get("options")),
        lesson=isinstance(data.get("tutorial"), dict),
    )


def _variant(info: GameInfo, options: object) -> str:
    """The chosen options in the setup screen's words ("Egypt", "Sudden Death"): two saves
    of one game set up differently are told apart in a list. Only known choices count (the
    file is not trusted for what is drawn)."""
    if not isinstance(options, dict):
        return ""
    return ", ".join(filter(None, (_option_words(spec, options[spec.key])
                                   for spec in info.options
                                   if options.get(spec.key) in spec.choices)))


def _option_words(spec: OptionSpec, choice: str) -> str:
    """One option as a save list names it: a map always by its name ("Chile"), as every
    game is played on one; any other option only when not left at its default, a switch
    by its own name ("Sudden Death"), a choice as "Option: choice"."""
    if spec.key == "map":
        return spec.label_of(choice)
    if choice == spec.default:
        return ""
    if spec.choices == ("off", "on"):
        return spec.label
    return f"{spec.label}: {spec.label_of(choice)}"


def _json_files(folder: Path) -> tuple[list[Path], list[str]]:
    """The `*.json` files of a folder that may be opened, and a note for each one skipped."""
    found: list[Path] = []
    notes: list[str] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as error:
        return [], [f"The saves folder cannot be read: {error.strerror or error}."]
    for entry in entries:
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        path = Path(entry.path)
        try:
            real = saves.inside(path, folder)
            if not real.is_file():
                raise SaveError(f"{safe_text(entry.name)} is not a save file.")
        except SaveError as error:
            notes.append(f"Not listed: {error}")
            continue
        except OSError:
            notes.append(f"Not listed: {safe_text(entry.name)} cannot be read.")
            continue
        found.append(path)
    return found, notes


def list_saves() -> tuple[list[SaveEntry], list[str]]:
    """Every save (named ones and autosaves), newest first, and notes on files skipped."""
    named, notes = _json_files(paths.saves_dir())
    auto, auto_notes = _json_files(paths.autosaves_dir())
    entries = [summarize(p) for p in named] + [summarize(p, autosave=True) for p in auto]
    entries.sort(key=lambda e: e.saved_at, reverse=True)
    return entries, notes + auto_notes


def unfinished() -> list[SaveEntry]:
    """The autosaves of games not yet over and the games this app hosted that are not
    over, newest first: what Continue offers."""
    files, _ = _json_files(paths.autosaves_dir())
    hosted, _ = _json_files(hosted_matches_dir())
    entries = [summarize(p, autosave=True) for p in files]
    entries += [replace(summarize(p, autosave=True), hosted=True) for p in hosted]
    live = [e for e in entries if e.problem is None and not e.finished]
    return sorted(live, key=lambda e: e.saved_at, reverse=True)


def hosted_matches_dir() -> Path:
    """Where the app's hosted games are kept (the hub's `matches/` under `hosted_dir`)."""
    return paths.hosted_dir() / "matches"


def games_in_progress() -> list[SaveEntry]:
    """The unfinished games that are real games, newest first: the launcher's Continue
    (a lesson is resumed from its game's Learn to play, never listed as a game)."""
    return [e for e in unfinished() if not e.lesson]


# Housekeeping at start --------------------------------------------------------------------------

def tidy(now: float | None = None) -> list[str]:
    """Start-up care of the saves folder; best effort, never an error. Returns what it did.

    Removes temporary files left by a write that was interrupted (a crash, a kill), moves
    the single autosave of older versions into `autosaves/`, and prunes finished games
    beyond the newest `KEEP_FINISHED` (of the autosaves, and of the games hosted here).
    """
    now = time.time() if now is None else now
    done: list[str] = []
    for folder in (paths.saves_dir(), paths.autosaves_dir(), paths.config_dir(),
                   paths.data_dir()):
        done += _remove_orphans(folder, now)
    done += _remove_stale_owners(paths.autosaves_dir())
    legacy = paths.legacy_autosave_path()
    with contextlib.suppress(OSError):
        if legacy.is_file() and not legacy.is_symlink():
            os.replace(legacy, new_autosave_path(summarize(legacy).game or "game"))
            done.append("moved the old autosave into autosaves/")
    done += _prune_finished(_autosave_entries())
    hosted, _ = _json_files(hosted_matches_dir())
    done += _prune_finished([summarize(p, autosave=True) for p in hosted])
    return done


def _prune_finished(entries: list[SaveEntry]) -> list[str]:
    """Remove the finished games of `entries` beyond the newest `KEEP_FINISHED`, so a
    folder kept after every move (the autosaves, the games this app hosted) does not grow
    for ever. A game another window holds now (a hosted match still on its results) is
    left to it."""
    done = []
    finished = sorted((e for e in entries if e.finished), key=lambda e: e.saved_at,
                      reverse=True)
    for entry in finished[KEEP_FINISHED:]:
        claim = owner.claim(entry.path)
        if claim is None:
            continue
        try:
            entry.path.unlink()
            done.append(f"removed the old finished game {entry.path.name}")
        except OSError:
            pass
        finally:
            claim.release()
    return done


def _autosave_entries() -> list[SaveEntry]:
    files, _ = _json_files(paths.autosaves_dir())
    return [summarize(p, autosave=True) for p in files]


def _remove_stale_owners(folder: Path) -> list[str]:
    """The owner files (`nile.core.owner`) of games no longer there, that no window holds
    (a window that crashed leaves its file; the lock itself died with it)."""
    done = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if not (entry.name.startswith(".") and entry.name.endswith(owner.SUFFIX)):
                continue
            game = folder / entry.name[1:-len(owner.SUFFIX)]
            stale = None if game.exists() else owner.claim(game)
            if stale is not None:
                stale.release()  # which removes the file
                done.append(f"removed {entry.name}, the owner of a game no longer there")
    return done


def _remove_orphans(folder: Path, now: float) -> list[str]:
    done = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if not (entry.name.startswith(".") and entry.name.endswith(saves.TEMP_SUFFIX)):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False) and \
                        now - entry.stat(follow_symlinks=False).st_mtime > ORPHAN_AGE:
                    os.unlink(entry.path)
                    done.append(f"removed the unfinished write {entry.name}")
    return done
