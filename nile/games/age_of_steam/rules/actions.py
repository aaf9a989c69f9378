"""Every decision and chance outcome of Age of Steam, with its stable text form.

Hexes are named 'column,row'; directions N, NE, SE, S, SW, NW. A delivery names the good,
the hex it leaves and, for every stop on the way, the hex and the edge it leaves by, so
two routes over different owners' track read differently:

    deliver red 3,10 via 3,10>SE 4,12>S
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nile.core.game import Action
from nile.games.age_of_steam.rules.hexes import DIRECTION_NAMES

PHASE_ACTIONS = ("first_move", "first_build", "engineer", "locomotive", "urbanization",
                 "turn_order")
"""The action tiles every map has; each map adds one (production, communism or ferry)."""

ACTION_TITLES = {
    "first_move": "First Move", "first_build": "First Build", "engineer": "Engineer",
    "locomotive": "Locomotive", "urbanization": "Urbanization", "turn_order": "Turn Order",
    "production": "Production", "communism": "Communism", "ferry": "Ferry",
}


# Chance ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: one good drawn from the bag (an unordered pool)."""

    colour: str

    def to_str(self) -> str:
        return f"draw {self.colour}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: one die for goods growth."""

    value: int

    def to_str(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class FirstSeat(Action):
    """Chance: the seat that takes the next place of the first turn order."""

    seat: int

    def to_str(self) -> str:
        return f"order p{self.seat}"


# Shares, auction, actions ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class IssueShares(Action):
    count: int

    def to_str(self) -> str:
        return f"issue {self.count}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def to_str(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class DropOut(Action):
    def to_str(self) -> str:
        return "drop out"


@dataclass(frozen=True, slots=True)
class FreePass(Action):
    """The Turn Order holder's one pass that keeps them in the auction."""

    def to_str(self) -> str:
        return "free pass"


@dataclass(frozen=True, slots=True)
class TakeAction(Action):
    name: str

    def to_str(self) -> str:
        return f"take {self.name}"


@dataclass(frozen=True, slots=True)
class CommunismExchange(Action):
    """CCCP: swap one kept black good for a red good from the reserve."""

    def to_str(self) -> str:
        return "communism exchange"


@dataclass(frozen=True, slots=True)
class CommunismPlace(Action):
    """CCCP: put a red good from the reserve on a city."""

    hex_label: str

    def to_str(self) -> str:
        return f"communism red {self.hex_label}"


# Building -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Build(Action):
    """One tile action: 'lay' (empty hex), 'upgrade', 'town' (town tile) or 'redirect'.

    The tile and rotation give every track on the hex afterwards.
    """

    kind: str
    hex_label: str
    tile: str
    rotation: int
    _hash: int = field(init=False, repr=False, compare=False)
    """The dataclass's own hash of the four fields, worked out once: listing the builds
    puts every tile option of every frontier hex in a dictionary (issue 33 item 6)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash",
                           hash((self.kind, self.hex_label, self.tile, self.rotation)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Build], tuple[str, str, str, int]]:
        """Copied or pickled as its four fields: a string's hash differs between
        processes, so the stored one must be worked out again."""
        return Build, (self.kind, self.hex_label, self.tile, self.rotation)

    def to_str(self) -> str:
        return f"{self.kind} {self.hex_label} {self.tile}/{self.rotation}"


@dataclass(frozen=True, slots=True)
class Urbanize(Action):
    hex_label: str
    letter: str

    def to_str(self) -> str:
        return f"urbanize {self.hex_label} {self.letter}"


@dataclass(frozen=True, slots=True)
class EndBuild(Action):
    def to_str(self) -> str:
        return "end build"


# Moving goods ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """Move one good from `source` over the links leaving each stop by the given edge."""

    colour: str
    source: str
    steps: tuple[tuple[str, int], ...]

    def to_str(self) -> str:
        via = " ".join(f"{h}>{DIRECTION_NAMES[d]}" for h, d in self.steps)
        return f"deliver {self.colour} {self.source} via {via}"


@dataclass(frozen=True, slots=True)
class RaiseLocomotive(Action):
    def to_str(self) -> str:
        return "locomotive"


@dataclass(frozen=True, slots=True)
class PassMove(Action):
    def to_str(self) -> str:
        return "pass"


# Goods growth ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceGood(Action):
    """Production: put a drawn good on an empty space of a display row."""

    colour: str
    row: str

    def to_str(self) -> str:
        return f"place {self.colour} {self.row}"
