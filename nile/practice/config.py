"""Flick Practice's tuning data, read once from `data.toml` (all of it invented for Nile).

Drill layouts, points and the history file's limits live in data so they can be tuned
without touching code; `load()` returns them as frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nile.core import data as data_files


@dataclass(frozen=True)
class HistoryLimits:
    max_bytes: int
    max_sessions: int
    max_flicks_per_session: int
    max_runs_per_session: int
    max_flicks_kept: int


@dataclass(frozen=True)
class Landing:
    title: str
    space: str
    site: str
    flicks: int
    points_on: float
    points_burning: float


@dataclass(frozen=True)
class Rings:
    title: str
    space: str
    x: float
    y: float
    radii: tuple[float, ...]
    flicks: int


@dataclass(frozen=True)
class PyramidDrill:
    title: str
    space: str
    site: str
    limit: int
    par: int


@dataclass(frozen=True)
class KnockLayout:
    space: str
    site: str
    dx: float
    dy: float
    neighbour: str


@dataclass(frozen=True)
class Knock:
    title: str
    points_off: float
    points_burning: float
    points_capsized: float
    layouts: tuple[KnockLayout, ...]


@dataclass(frozen=True)
class Timed:
    title: str
    space: str
    flicks: int
    seconds: float
    points_on: float
    points_burning: float
    sites: tuple[str, ...]


@dataclass(frozen=True)
class PracticeData:
    history: HistoryLimits
    free_space: str
    landing: Landing
    rings: Rings
    pyramid: PyramidDrill
    knock: Knock
    timed: Timed


@cache
def load() -> PracticeData:
    """The practice data (read once per process)."""
    return from_raw(data_files.load("nile.practice"))


def from_raw(raw: dict[str, Any]) -> PracticeData:
    landing, rings, pyramid = raw["landing"], raw["rings"], raw["pyramid"]
    knock, timed = raw["knock"], raw["timed"]
    return PracticeData(
        history=HistoryLimits(**{k: int(v) for k, v in raw["history"].items()}),
        free_space=str(raw["free"]["space"]),
        landing=Landing(str(landing["title"]), str(landing["space"]), str(landing["site"]),
                        int(landing["flicks"]), float(landing["points_on"]),
                        float(landing["points_burning"])),
        rings=Rings(str(rings["title"]), str(rings["space"]), float(rings["x"]),
                    float(rings["y"]), tuple(float(r) for r in rings["radii"]),
                    int(rings["flicks"])),
        pyramid=PyramidDrill(str(pyramid["title"]), str(pyramid["space"]),
                             str(pyramid["site"]), int(pyramid["limit"]), int(pyramid["par"])),
        knock=Knock(str(knock["title"]), float(knock["points_off"]),
                    float(knock["points_burning"]), float(knock["points_capsized"]),
                    tuple(KnockLayout(str(k["space"]), str(k["site"]), float(k["dx"]),
                                      float(k["dy"]), str(k["neighbour"]))
                          for k in knock["layouts"])),
        timed=Timed(str(timed["title"]), str(timed["space"]), int(timed["flicks"]),
                    float(timed["seconds"]), float(timed["points_on"]),
                    float(timed["points_burning"]), tuple(str(s) for s in timed["sites"])),
    )
