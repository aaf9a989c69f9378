"""Save files: JSON, versioned, written atomically, checked before anything is trusted.

A save holds the game id, options, seats, seed and the action list; loading replays the
actions through the rules, so every action of a save is checked for legality on the way.
A file that is truncated, garbled, oversized, of another version, or hostile (unknown
game, illegal action, absurd numbers, wrong types) raises `SaveError` with a message for
the player. Nothing in a save is ever executed, and a refused file never replaces a
good one: writing goes to a temporary file that atomically replaces the old save.

Reading is as careful as parsing: only regular files are opened (a FIFO, a device or a
folder named `*.json` is refused without blocking), never more than the size cap is
read, and inside a saves folder a link counts only if it leads to a file in that folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nile.core import registry
from nile.core.errors import IllegalAction, SaveError
from nile.core.game import CHANCE
from nile.core.session import BOT_LEVELS, FORMAT, SEAT_KINDS, VERSION, Match, SeatConfig
from nile.core.text import safe_text

__all__ = ["FORMAT", "VERSION", "SaveError", "load", "match_from_save", "read_json",
           "write_atomic"]

MAX_BYTES = 8 * 1024 * 1024
MAX_ACTIONS = 200_000
MAX_ACTION_CHARS = 2_000
MAX_NAME_CHARS = 40
MAX_SEED = 2**63 - 1
MAX_COLOR = 63
TEMP_SUFFIX = ".tmp"


# Writing -----------------------------------------------------------------------------------

def write_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write JSON so that a crash at any moment leaves either the old or the new file.

    The data goes to a temporary file in the same folder, is flushed to the disk, then
    renamed over the old file; the folder itself is synced after the rename so the new
    name survives a power cut. OSError (full or read-only disk) reaches the caller."""
    write_atomic_bytes(path, encode_save(data))


def write_atomic_bytes(path: Path, blob: bytes) -> None:
    """`write_atomic` for data already encoded (by `encode_save`, on another thread)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def encode_save(data: Mapping[str, Any]) -> bytes:
    """UTF-8 JSON; a lone surrogate (which UTF-8 cannot hold) is written escaped instead."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def sync_folder(folder: Path) -> None:
    """fsync a folder after a rename (POSIX; Windows cannot open folders, and needs not)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# Reading -----------------------------------------------------------------------------------

def inside(path: Path, folder: Path) -> Path:
    """The real file behind `path`, which must stay inside `folder`; SaveError otherwise.

    Dangling links, link loops and links leading out of the folder are refused."""
    try:
        real = path.resolve(strict=True)
        home = folder.resolve(strict=True)
    except FileNotFoundError:
        raise SaveError(f"{safe_text(path.name)} points to a file that does not exist.") from None
    except (OSError, RuntimeError):
        raise SaveError(f"{safe_text(path.name)} is a link that goes round in a loop.") from None
    if real.parent != home:
        raise SaveError(f"{safe_text(path.name)} points outside the saves folder.")
    return real


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; SaveError for anything else.

    Opened non-blocking (a FIFO never hangs the app) and checked with fstat before a byte
    is read (a device such as /dev/zero is refused); never reads past the cap."""
    name = safe_text(path.name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise SaveError(f"Cannot open {name}: {error.strerror or error}.") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{name} is not a save file (it is not a regular file).")
        if info.st_size > max_bytes:
            raise SaveError(f"{name} is too large to be a save ({info.st_size // 1024} KB).")
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise SaveError(f"{name} cannot be read: {error.strerror or error}.") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        raise SaveError(f"{name} is too large to be a save.")
    return raw


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """Parse a JSON file, refusing huge, non-UTF-8, garbled or pathologically deep input.

    A UTF-8 byte-order mark (some editors add one) is accepted."""
    raw = read_bytes(path, max_bytes)
    name = safe_text(path.name)
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a text file.") from None
    except (json.JSONDecodeError, RecursionError):
        raise SaveError(f"{name} is damaged (not valid JSON).") from None
    except ValueError as error:  # numbers too long to convert, say
        raise SaveError(f"{name} cannot be read: {safe_text(error, 80)}.") from None


def load(path: Path) -> Match:
    """Read and replay a save file; SaveError with a readable reason if it is unusable."""
    return match_from_save(read_json(path), safe_text(path.name, 60))


# Checking ----------------------------------------------------------------------------------

def match_from_save(data: Any, label: str = "The save") -> Match:
    """Rebuild a match from parsed save data, checking every field and every action."""
    header = check_header(data, label)
    info = registry.get(header["game"])
    seats = _check_seats(data.get("seats"), label)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SaveError(f"{label} has an invalid seed.")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in options.items()
    ):
        raise SaveError(f"{label} has invalid game options.")
    actions = _check_actions(data.get("actions"), label)
    try:
        resolved = info.resolve_options(options)
        state = info.create(len(seats), seed, resolved)
    except ValueError as error:
        raise SaveError(f"{label} cannot be set up: {safe_text(error, 200)}") from None
    match = Match(info, seats, seed, resolved, state)
    _replay(match, actions, label)
    return match


def check_header(data: Any, label: str) -> dict[str, Any]:
    """The parsed save if its format, version and game are right; SaveError otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{label} is not a Nile save.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{label} has no valid version number.")
    if version != VERSION:
        raise SaveError(f"{label} was written by another version of Nile "
                        f"(save version {version}, this Nile reads {VERSION}).")
    game = data.get("game")
    if not isinstance(game, str) or not registry.is_registered(game):
        raise SaveError(f"{label} is for a game this Nile does not have "
                        f"({safe_text(game, 40)!r}).")
    return data


def clean_name(raw: str, seat: int) -> str:
    """A player name as it may be drawn: through the text gate, never empty."""
    name = " ".join(safe_text(raw, MAX_NAME_CHARS).split())
    return name or f"Player {seat + 1}"


def _check_seats(raw: Any, label: str) -> tuple[SeatConfig, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        raise SaveError(f"{label} has an invalid list of players.")
    seats = []
    for number, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise SaveError(f"{label} has an invalid player entry.")
        name, kind = entry.get("name"), entry.get("kind")
        level, color = entry.get("level", "normal"), entry.get("color", 0)
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_CHARS:
            raise SaveError(f"{label} has an invalid player name.")
        if kind not in SEAT_KINDS or level not in BOT_LEVELS:
            raise SaveError(f"{label} has an invalid player type.")
        if not isinstance(color, int) or isinstance(color, bool) or not 0 <= color <= MAX_COLOR:
            raise SaveError(f"{label} has an invalid player colour.")
        seats.append(SeatConfig(clean_name(name, number), kind, level, color))
    return tuple(seats)


def _check_actions(raw: Any, label: str) -> list[str]:
    if not isinstance(raw, list) or len(raw) > MAX_ACTIONS:
        raise SaveError(f"{label} has an invalid list of moves.")
    if not all(isinstance(a, str) and len(a) <= MAX_ACTION_CHARS for a in raw):
        raise SaveError(f"{label} has a move that is not valid text.")
    return raw


def _replay(match: Match, actions: list[str], label: str) -> None:
    for number, text in enumerate(actions, start=1):
        state = match.state
        if state.current_player is None:
            raise SaveError(f"{label} has moves after the end of the game (move {number}).")
        try:
            action = state.parse_action(text)
            if state.current_player == CHANCE:
                state.check_legal(action)
            match.play(action)
        except IllegalAction as error:
            raise SaveError(f"{label} has an illegal move {number} ('{safe_text(text, 60)}'): "
                            f"{safe_text(error.reason, 200)}") from None
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as error:
            raise SaveError(f"{label} has a move that cannot be read (move {number}): "
                            f"{type(error).__name__}.") from None
    match.resolve_chance()
