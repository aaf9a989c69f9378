"""What happened, for the log and the scene (events drive animation; scenes never diff)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from nile.core.game import Event, Seat
from nile.core.text import count
from nile.games.cairo.physics import Launch
from nile.games.cairo.rules.pieces import kind_of

PoseRow = tuple[str, float, float, float, int]
"""(piece id, x mm, y mm, angle rad, level)"""


def _who(seat: int) -> str:
    return f"{{p{seat}}}"


def _site(site_id: str) -> str:
    """A site's name as printed on the board (log lines never show raw ids)."""
    from nile.games.cairo.board import board

    return board().site(site_id).name


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    seat: int
    value: int
    finger: str
    """The finger the roll imposes, or "any finger" on a 6 (CA-4)."""

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} rolls {self.value}: {self.finger}."


@dataclass(frozen=True, slots=True)
class ShipMoved(Event):
    seat: int
    start: str
    """The space the ship left ("start" for the starting area)."""
    path: tuple[str, ...]
    """Every space entered in order, skipped (occupied) ones included; the last is the end."""
    skipped: tuple[str, ...]
    turned: bool

    def describe(self, viewer: Seat | None) -> str:
        extra = " and turns" if self.turned else ""
        return f"{_who(self.seat)} sails to {self.path[-1]}{extra}."


@dataclass(frozen=True, slots=True)
class BlocksRetrieved(Event):
    seat: int
    blocks: tuple[str, ...]

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} takes back {count(len(self.blocks), 'block')}."


@dataclass(frozen=True, slots=True)
class KindChosen(Event):
    seat: int
    kind: str
    count: int

    def describe(self, viewer: Seat | None) -> str:
        what = count(self.count, "small block") if self.kind == "small" else \
            f"the {self.kind} block" if self.kind == "large" else "the die-block"
        return f"{_who(self.seat)} will flick {what}."


@dataclass(frozen=True, slots=True)
class FlickStarted(Event):
    """The flick as it leaves the finger, jitter included (what the scene launches)."""

    seat: int
    block: str
    ship: str
    finger: int
    intended_angle: float
    """Degrees, as aimed."""
    intended_power: float
    offset: float
    angle: float
    """Degrees, after the aim jitter."""
    speed: float
    """mm/s, after the power jitter."""
    spin: float
    """rad/s"""

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} flicks at {self.speed / 1000:.2f} m/s."

    def launch(self) -> Launch:
        """The physics launch: with the board as it was before the flick,
        `FlickSimulation(body_specs(before), event.launch())` replays it frame by frame."""
        return Launch(self.block, kind_of(self.block), self.ship, math.radians(self.angle),
                      self.speed, self.spin)


@dataclass(frozen=True, slots=True)
class FlickResolved(Event):
    """Everything at rest after a flick (CA-5/CA-6/CA-7)."""

    seat: int
    block: str
    moved: tuple[PoseRow, ...]
    """Final poses of the blocks that moved, the flicked one included if still on the board."""
    to_box: tuple[str, ...]
    """Blocks removed to the box: off the board, entirely in the Nile, or onto a scored
    site in Sudden Death."""
    landing: str
    """Where the flicked block ended: a site id, "burning:<site>", "desert", "burning",
    "nile" or "off"."""
    knocked: tuple[str, ...]
    """Ships knocked over (they are set back on their spaces)."""
    freed: tuple[str, ...]
    """Pyramid stones knocked loose."""
    pyramids_gone: tuple[str, ...]
    steps: int
    forced: bool

    def describe(self, viewer: Seat | None) -> str:
        where = {"desert": "in the desert", "burning": "on a boundary line",
                 "nile": "in the Nile", "off": "off the board"}.get(self.landing)
        if where is None:
            site = _site(self.landing.removeprefix("burning:"))
            where = f"burning on {site}" if self.landing.startswith("burning:") else \
                f"on {site}"
        text = f"{_who(self.seat)}'s block lands {where}."
        if self.to_box:
            goes = "goes" if len(self.to_box) == 1 else "go"
            text += f" {count(len(self.to_box), 'block')} {goes} to the box."
        return text


@dataclass(frozen=True, slots=True)
class DieFaceRolled(Event):
    block: str
    face: int

    def describe(self, viewer: Seat | None) -> str:
        return f"Die-block {self.block} shows {self.face}."


@dataclass(frozen=True, slots=True)
class ShipKnockedOver(Event):
    seat: int
    ships: tuple[str, ...]

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} knocks over a ship: the turn ends."


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Event):
    seat: int
    block: str

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} puts a block from the supply into the box."


@dataclass(frozen=True, slots=True)
class PyramidBuilt(Event):
    seat: int
    site: str
    pyramid: str
    stones: tuple[PoseRow, ...]

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)} builds a pyramid of {len(self.stones)} on {_site(self.site)}."


@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    seat: int
    reason: str

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(self.seat)}'s ship leaves the Nile: {self.reason}."


@dataclass(frozen=True, slots=True)
class LastTurn(Event):
    seat: int

    def describe(self, viewer: Seat | None) -> str:
        return f"Only {_who(self.seat)}'s ship is left: one last turn."


@dataclass(frozen=True, slots=True)
class SiteScored(Event):
    site: str
    influence: tuple[float, ...]
    points: tuple[int, ...]
    sudden_death: bool

    def describe(self, viewer: Seat | None) -> str:
        winners = [f"{_who(s)} {p}" for s, p in enumerate(self.points) if p]
        result = ", ".join(winners) if winners else "nobody"
        return f"{_site(self.site)} scores: {result}."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    totals: tuple[float, ...]
    ranking: tuple[int, ...]

    def describe(self, viewer: Seat | None) -> str:
        best = min(self.ranking)
        winners = " and ".join(_who(s) for s, r in enumerate(self.ranking) if r == best)
        return f"The game ends; {winners} wins."
