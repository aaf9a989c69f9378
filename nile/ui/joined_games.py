"""The games this computer joined (issue 31): Join offers the last address and code again,
and lists the games joined lately so one click joins again (a guest's Continue).

A guest keeps no save of a joined game (the host holds it); what it needs to come back is
the host's address and the seat's code. They are kept in one small JSON file in the config
folder, as the setup's seating is (`nile.ui.seating`), read as carefully as a save: an
entry that does not fit is dropped, a damaged file is an empty memory. A game is listed
once the host let this computer join it (`Joined`), newest first, and forgotten when it
is over.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nile.core import paths, registry, saves
from nile.core.errors import SaveError
from nile.core.text import safe_text
from nile.net.protocol import PORT

MAX_BYTES = 64 * 1024
KEPT = 3
"""Joined games listed at most (the Join screen's room)."""
LATEST = 253_402_300_799
"""The last second of the year 9999: a later (or NaN) `when` in a damaged file would make
`time.localtime` raise when the Join screen draws the game's label."""


@dataclass(frozen=True)
class JoinedGame:
    """A game this computer joined: where, with which codes, which game and when."""

    address: str
    """The host's address as the client used it (`ws://192.168.1.20:8765`)."""
    codes: tuple[str, ...]
    game: str
    """The game's id."""
    when: float
    """Seconds since the epoch (the wall clock: when it was joined, for the person)."""

    @property
    def label(self) -> str:
        """What the Join screen's button says: the game, the host, the day and time."""
        title = registry.get(self.game).title if registry.is_registered(self.game) else self.game
        host = self.address.split("://", 1)[-1].rstrip("/").removesuffix(f":{PORT}")
        moment = time.localtime(self.when)
        return f"{title} · {host} · {moment.tm_mday} {time.strftime('%b %H:%M', moment)}"


def memory_path() -> Path:
    return paths.config_dir() / "joined.json"


def _read() -> dict[str, Any]:
    try:
        data = saves.read_json(memory_path(), MAX_BYTES) if memory_path().exists() else {}
    except SaveError:
        return {}
    return data if isinstance(data, dict) else {}


def last_typed() -> tuple[str, str]:
    """The address and code text last joined with ('' for none), to offer again."""
    last = _read().get("last")
    if (isinstance(last, dict) and isinstance(last.get("address"), str)
            and isinstance(last.get("code"), str)):
        return safe_text(last["address"], 120), safe_text(last["code"], 40)
    return "", ""


def recent() -> list[JoinedGame]:
    """The games joined lately, newest first (those that do not fit are left out)."""
    raw = _read().get("recent")
    games = [game for item in (raw if isinstance(raw, list) else [])
             if (game := _game(item)) is not None]
    return games[:KEPT]


def _game(item: Any) -> JoinedGame | None:
    if not isinstance(item, dict):
        return None
    address, codes, game, when = (item.get(k) for k in ("address", "codes", "game", "when"))
    if (not isinstance(address, str) or not address or not isinstance(game, str)
            or not isinstance(codes, list) or not codes
            or not all(isinstance(c, str) and c for c in codes)
            or not isinstance(when, int | float) or isinstance(when, bool)
            or not 0 <= when <= LATEST):
        return None
    return JoinedGame(safe_text(address, 120), tuple(safe_text(c, 20) for c in codes),
                      safe_text(game, 40), float(when))


def remember_typed(address: str, code: str) -> None:
    """Keep what was typed in Join for next time; OSError reaches the caller."""
    data = _read()
    data["last"] = {"address": address, "code": code}
    saves.write_atomic(memory_path(), data)


def remember_game(address: str, codes: Sequence[str], game: str,
                  when: float | None = None) -> None:
    """List a game this computer joined first (once: joining it again moves it up);
    OSError reaches the caller."""
    entry = JoinedGame(address, tuple(codes), game, time.time() if when is None else when)
    _write_recent([entry, *(g for g in recent() if not _same(g, address, codes))])


def forget(address: str, codes: Sequence[str]) -> None:
    """Drop a game from the list (it is over); OSError reaches the caller."""
    games = recent()
    if any(_same(g, address, codes) for g in games):
        _write_recent([g for g in games if not _same(g, address, codes)])


def _same(game: JoinedGame, address: str, codes: Sequence[str]) -> bool:
    return game.address == address and game.codes == tuple(codes)


def _write_recent(games: list[JoinedGame]) -> None:
    data = _read()
    data["recent"] = [{"address": g.address, "codes": list(g.codes), "game": g.game,
                       "when": g.when} for g in games[:KEPT]]
    saves.write_atomic(memory_path(), data)
