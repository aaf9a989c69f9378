"""Cairo's tuning data, read once from `data.toml` (all of it invented: CA-1, CA-4, CA-5).

The physics, pieces, finger profiles and jitter live in data so they can be tuned without
touching code; `load()` returns them as frozen dataclasses. The board itself is turned into
geometry by `board.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from nile.core import data as data_files

KINDS = ("small", "large", "die")
"""Block kinds in the order the supply lists them."""


@dataclass(frozen=True)
class PieceSpec:
    """One kind of block: square footprint, mass, how many each player has, influence."""

    kind: str
    side: float
    mass: float
    count: int
    influence: float


@dataclass(frozen=True)
class ShipSpec:
    length: float
    width: float
    mass: float


@dataclass(frozen=True)
class PhysicsConfig:
    """The numbers of CA-5; see data.toml for what each one means."""

    hz: int
    iterations: int
    gravity: float
    mu_floor: float
    mu_stone: float
    mu_contact: float
    elasticity: float
    spin_arm: float
    idle_speed: float
    sleep_time: float
    max_seconds: float
    check_every: int
    check_most: int
    check_reach: float
    support_every: int
    wake_margin: float
    min_speed: float
    speed_cap: float
    max_travel: float
    spin_per_speed: float
    support_overlap: float
    support_margin: float
    tumble: float
    pyramid_gap: float
    impact_min: float
    deck_collides: bool = True
    knock_per_tick: bool = True
    resubstep: bool = True

    @property
    def dt(self) -> float:
        return 1.0 / self.hz

    @property
    def max_steps(self) -> int:
        return round(self.max_seconds * self.hz)


@dataclass(frozen=True)
class KnockoverConfig:
    """CA-7 thresholds: one contact impulse, or the shove/turn measured at rest."""

    impulse: float
    shift: float
    turn: float


@dataclass(frozen=True)
class Finger:
    """A CA-4 finger profile: how hard it can flick and how much it wobbles."""

    id: int
    name: str
    max_speed: float
    aim_jitter: float
    power_jitter: float


@dataclass(frozen=True)
class Jitter:
    """The discretised normal used for both aim and power jitter (z-values and weights)."""

    points: tuple[float, ...]
    weights: tuple[float, ...]

    @property
    def half(self) -> int:
        """Outcome indices run from -half to +half."""
        return len(self.points) // 2

    @cached_property
    def probabilities(self) -> tuple[float, ...]:
        """Each point's probability, computed once: every flick lists all 121 wobbles
        (11 aims by 11 powers), two probabilities each."""
        total = sum(self.weights)
        return tuple(weight / total for weight in self.weights)

    def probability(self, index: int) -> float:
        return self.probabilities[index + self.half]

    def z(self, index: int) -> float:
        return self.points[index + self.half]


@dataclass(frozen=True)
class FlickGrid:
    """The representative flicks offered by `legal_actions()`."""

    angles: int
    powers: tuple[float, ...]
    angles_on_six: int


@dataclass(frozen=True)
class CairoData:
    pieces: dict[str, PieceSpec]
    ship: ShipSpec
    physics: PhysicsConfig
    knockover: KnockoverConfig
    fingers: tuple[Finger, ...]
    jitter: Jitter
    grid: FlickGrid
    reroll_widths: float
    raw: dict[str, Any]

    def finger(self, finger_id: int) -> Finger:
        return self.fingers[finger_id - 1]


@cache
def load() -> CairoData:
    """The game data (cached: the file is read once per process)."""
    raw = data_files.load("nile.games.cairo")
    return from_raw(raw)


EDITION = 2
"""The physics and wobble of games begun now (1: before issue 15; see data.toml)."""


@cache
def edition(number: int) -> CairoData:
    """The data a game of this edition plays with: the current data, or for edition 1 the
    current data with the `[edition_1]` table laid over it."""
    if number == EDITION:
        return load()
    if number != 1:
        raise ValueError(f"There is no Cairo edition {number}.")
    raw = data_files.load("nile.games.cairo")
    for table, values in raw["edition_1"].items():
        raw[table] = {**raw[table], **values}
    return from_raw(raw)


def from_raw(raw: dict[str, Any]) -> CairoData:
    """Build the data objects from a parsed TOML table (tests may pass a modified copy)."""
    pieces = {kind: PieceSpec(kind, float(raw["pieces"][kind]["side"]),
                              float(raw["pieces"][kind]["mass"]),
                              int(raw["pieces"][kind]["count"]),
                              float(raw["pieces"][kind]["influence"])) for kind in KINDS}
    ships = raw["ships"]
    fingers = tuple(Finger(int(f["id"]), str(f["name"]), float(f["max_speed"]),
                           float(f["aim_jitter"]), float(f["power_jitter"]))
                    for f in raw["fingers"])
    assert [f.id for f in fingers] == [1, 2, 3, 4, 5], "finger profiles 1..5 in order"
    jitter = raw["jitter"]
    grid = raw["flick_grid"]
    return CairoData(
        pieces=pieces,
        ship=ShipSpec(float(ships["length"]), float(ships["width"]), float(ships["mass"])),
        physics=PhysicsConfig(**raw["physics"]),
        knockover=KnockoverConfig(**raw["knockover"]),
        fingers=fingers,
        jitter=Jitter(tuple(float(p) for p in jitter["points"]),
                      tuple(float(w) for w in jitter["weights"])),
        grid=FlickGrid(int(grid["angles"]), tuple(float(p) for p in grid["powers"]),
                       int(grid["angles_on_six"])),
        reroll_widths=float(raw["die_block"]["reroll_widths"]),
        raw=raw,
    )
