"""The registry of games: every package under `nile.games` that exposes `GAME_INFO`.

Discovery means adding a game never touches a shared list: a new package with a
`GAME_INFO` appears in the launcher, the tools and the conformance suite at once.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache

from nile.core.game import GameInfo


@dataclass(frozen=True)
class CatalogEntry:
    """A launcher tile: every Nile game is listed, playable or not yet."""

    id: str
    title: str
    players: str
    length: str
    pitch: str


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("cairo", "Cairo", "2–5", "30 min",
                 "Flick blocks from your ship onto pyramid sites along the river."),
    CatalogEntry("cleopatra", "Cleopatra's Caboose", "3–5", "90 min",
                 "Lay rails, ship fruit and court the gods from Alexandria to Thebes."),
    CatalogEntry("kap_kairo", "Vom Kap bis Kairo", "2–4", "45 min",
                 "Bid in secret for land and race your railway across Africa."),
    CatalogEntry("age_of_steam", "Age of Steam", "3–6", "120 min",
                 "Build track and deliver goods in Chile, Egypt and the CCCP."),
    CatalogEntry("loose_caboose", "Loose Caboose!", "2–4", "20 min",
                 "Lay track in front of a runaway caboose and dodge the penalties."),
)


_REGISTERED: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game that does not live under `nile.games` (tests, experiments)."""
    _REGISTERED[info.id] = info


def _games() -> dict[str, GameInfo]:
    return {**_discover(), **_REGISTERED}


@cache
def _discover() -> dict[str, GameInfo]:
    import nile.games

    found: dict[str, GameInfo] = {}
    for module in pkgutil.iter_modules(nile.games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"nile.games.{module.name}")
        info = getattr(package, "GAME_INFO", None)
        if isinstance(info, GameInfo):
            found[info.id] = info
    return found


def all_games() -> list[GameInfo]:
    """Every registered game, in catalog order, then any others by id."""
    games = _games()
    order = [entry.id for entry in CATALOG]
    return sorted(games.values(), key=lambda g: (order.index(g.id) if g.id in order
                                                  else len(order), g.id))


def get(game_id: str) -> GameInfo:
    """The game registered as `game_id`; KeyError with a readable message otherwise."""
    games = _games()
    if game_id not in games:
        raise KeyError(f"Unknown game '{game_id}'.")
    return games[game_id]


def is_registered(game_id: str) -> bool:
    """True if a game with this id is installed."""
    return game_id in _games()
