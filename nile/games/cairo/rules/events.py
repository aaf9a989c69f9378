"""What happened, for the log and the scene (events drive animation; scenes never diff)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from nile.core.game import Event, Seat
from nile.core.text import count
from nile.games.cairo.board import board
from nile.games.cairo.bodies import Launch
from nile.games.cairo.rules.pieces import kind_of

PoseRow = tuple[str, float, float, float, int]
"""(piece id, x mm, y mm, angle rad, level)"""


def _who(seat: int) -> str:
    return f"{{p{seat}}}"


def _owners(seats: tuple[int, ...]) -> str:
    """ "{p0}'s", "{p0}'s and {p2}'s", "{p0}'s, {p1}'s and {p2}'s" (each seat once)."""
    names = [f"{_who(s)}'s" for s in sorted(set(seats))]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _by_owner(seats: tuple[int, ...]) -> str:
    """'2 of {p0}'s, 1 of {p1}'s' for stones listed by their owners' seats."""
    return ", ".join(f"{seats.count(s)} of {_who(s)}'s" for s in sorted(set(seats)))


def _space(space_id: str) -> str:
    """A Nile space as the board labels it: upstream 5, downstream 3."""
    if space_id == "start":
        return "the starting area"
    lane = "upstream" if space_id.startswith("U") else "downstream"
    return f"{lane} space {space_id[1:]}"


def _site(site_id: str) -> str:
    """A site's name as printed on the board (log lines never show raw ids)."""
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
        return f"{_who(self.seat)} sails to {_space(self.path[-1])}{extra}."


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
        """Where the flicked block ended; what it did to other pieces follows in the
        `FlickConsequence` lines after this one."""
        where = {"desert": "in the desert", "burning": "burning on a boundary line",
                 "nile": "in the Nile", "off": "off the board"}.get(self.landing)
        if where is None:
            site = _site(self.landing.removeprefix("burning:"))
            where = f"burning on the edge of {site}" if self.landing.startswith("burning:") \
                else f"on {site}"
        kind = {"s": "block", "L": "large block", "D": "die-block"}[self.block[1]]
        text = f"{_who(self.seat)}'s {kind} lands {where}"
        if self.block in self.to_box:
            closed = self.landing not in ("nile", "off")
            text += ", already scored, and goes to the box" if closed else \
                " and goes to the box"
        return text + "."


@dataclass(frozen=True, slots=True)
class FlickConsequence(Event):
    """One thing a flick did to other pieces, for the log (CA-6, CA-7, CA-8).

    `what` says which: "ruined" / "collapsed" (a pyramid on `site`, of stones owned by
    `owners`, `standing` of `total` stones still up), "freed" (stones of `owners` free
    again), "off_site" / "to_edge" / "onto_site" (blocks of `owners` knocked off, onto the
    edge of, or onto `site`), "nile" / "off_board" / "scored_site" (blocks of `owners` to
    the box), "shoved" (the ship of `owners[0]` moved `total` mm and turned `standing`
    degrees, then set back on its space).
    """

    seat: int
    what: str
    owners: tuple[int, ...]
    site: str = ""
    standing: int = 0
    total: int = 0

    def describe(self, viewer: Seat | None) -> str:
        n = len(self.owners)
        whose = _owners(self.owners)
        blocks = f"{whose} block" if n == 1 else f"{n} of {whose} blocks" \
            if len(set(self.owners)) == 1 else f"{n} blocks ({_by_owner(self.owners)})"
        verb = "is" if n == 1 else "are"
        if self.what in ("ruined", "collapsed"):
            pyramid = f"The pyramid on {_site(self.site)} ({whose} stones)"
            if self.what == "collapsed":
                return f"{pyramid} collapses: nothing of it still stands."
            return f"{pyramid} is ruined: {self.standing} of its {self.total} stones " \
                f"still stand."
        if self.what == "freed":
            stones = count(n, "stone")
            owners = whose if len(set(self.owners)) == 1 else _by_owner(self.owners)
            return f"{stones} {verb} free again ({owners})."
        if self.what == "shoved":
            parts = ([f"shoved {self.total} mm"] if self.total else []) + \
                ([f"turned {self.standing}\u00b0"] if self.standing else [])
            how = " and ".join(parts) if parts else "nudged"
            return f"{whose} ship is {how}, then set back on its space."
        where = {"off_site": f"knocked off {_site(self.site)}" if self.site else "",
                 "to_edge": f"pushed onto the edge of {_site(self.site)} and " +
                            ("burns" if n == 1 else "burn") if self.site else "",
                 "onto_site": f"pushed onto {_site(self.site)}" if self.site else "",
                 "nile": "knocked into the Nile and " + ("goes" if n == 1 else "go") +
                         " to the box",
                 "off_board": "knocked off the board and " + ("goes" if n == 1 else "go") +
                              " to the box",
                 "scored_site": f"pushed onto {_site(self.site)}, already scored, and " +
                                ("goes" if n == 1 else "go") + " to the box"
                 if self.site else ""}[self.what]
        return f"{blocks[0].upper()}{blocks[1:]} {verb} {where}."


@dataclass(frozen=True, slots=True)
class DieFaceRolled(Event):
    block: str
    face: int

    def describe(self, viewer: Seat | None) -> str:
        return f"{_who(int(self.block[0]))}'s die-block shows {self.face}."


@dataclass(frozen=True, slots=True)
class ShipKnockedOver(Event):
    seat: int
    ships: tuple[str, ...]

    def describe(self, viewer: Seat | None) -> str:
        owners = tuple(int(ship.removeprefix("ship")) for ship in self.ships)
        whose = "their own ship" if owners == (self.seat,) else \
            f"{_owners(owners)} {'ship' if len(owners) == 1 else 'ships'}"
        return f"{_who(self.seat)} knocks over {whose}: the turn ends."


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
