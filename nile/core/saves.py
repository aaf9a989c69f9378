"""Save files: JSON, versioned, written atomically, checked before anything is trusted.

A save holds the game id, options, seats, seed and the action list; loading replays the
actions through the rules, so every action of a save is checked for legality on the way.
A file that is truncated, garbled, oversized, of another version, or hostile (unknown
game, illegal action, absurd numbers, wrong types) raises `SaveError` with a message for
the player. Nothing in a save is ever executed, and a refused file never replaces a
good one: writing goes to a temporary file that atomically replaces the old save.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nile.core import registry
from nile.core.errors import IllegalAction, SaveError
from nile.core.game import CHANCE
from nile.core.session import BOT_LEVELS, SEAT_KINDS, Match, SeatConfig

FORMAT = "nile-save"
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
MAX_ACTIONS = 200_000
MAX_ACTION_CHARS = 2_000
MAX_NAME_CHARS = 40
MAX_SEED = 2**63 - 1
MAX_COLOR = 63


def write_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write JSON so that a crash at any moment leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """Parse a JSON file, refusing huge, non-UTF-8, garbled or pathologically deep input."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise SaveError(f"Cannot open {path.name}: {error.strerror or error}.") from None
    if size > max_bytes:
        raise SaveError(f"{path.name} is too large to be a save ({size // 1024} KB).")
    try:
        raw = path.read_bytes()
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a text file.") from None
    except (json.JSONDecodeError, RecursionError):
        raise SaveError(f"{path.name} is damaged (not valid JSON).") from None
    except (OSError, ValueError) as error:
        raise SaveError(f"{path.name} cannot be read: {error}.") from None


def load(path: Path) -> Match:
    """Read and replay a save file; SaveError with a readable reason if it is unusable."""
    return match_from_save(read_json(path), path.name)


def match_from_save(data: Any, label: str = "The save") -> Match:
    """Rebuild a match from parsed save data, checking every field and every action."""
    header = _check_header(data, label)
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
        raise SaveError(f"{label} cannot be set up: {error}") from None
    match = Match(info, seats, seed, resolved, state)
    _replay(match, actions, label)
    return match


def _check_header(data: Any, label: str) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{label} is not a Nile save.")
    version = data.get("version")
    if version != VERSION:
        raise SaveError(f"{label} was written by another version of Nile "
                        f"(save version {version!r}, this Nile reads {VERSION}).")
    game = data.get("game")
    if not isinstance(game, str) or not registry.is_registered(game):
        raise SaveError(f"{label} is for a game this Nile does not have ({str(game)[:40]!r}).")
    return data


def _check_seats(raw: Any, label: str) -> tuple[SeatConfig, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        raise SaveError(f"{label} has an invalid list of players.")
    seats = []
    for entry in raw:
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
        seats.append(SeatConfig(name, kind, level, color))
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
            raise SaveError(f"{label} has an illegal move {number} ('{text[:60]}'): "
                            f"{error}") from None
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as error:
            raise SaveError(f"{label} has a move that cannot be read (move {number}): "
                            f"{type(error).__name__}.") from None
    match.resolve_chance()
