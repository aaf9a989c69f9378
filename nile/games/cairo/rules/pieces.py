"""Blocks, ships and pyramids as the rules keep them.

Every block has a stable id: `<seat>s<nn>` for the 15 small blocks (`0s00` .. `0s14`),
`<seat>L` for the large block and `<seat>D` for the die-block. Ships are `ship<seat>`.
A block is in its owner's supply, on the board (with a pose, a level and maybe a pyramid)
or in the box; it is on a ship's deck only while it is being flicked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

SUPPLY, BOARD, BOX = "supply", "board", "box"
KIND_LETTER = {"small": "s", "large": "L", "die": "D"}


def block_ids(seat: int, small_count: int) -> list[str]:
    """All block ids of a seat, small blocks first (the supply's order)."""
    return [f"{seat}s{n:02d}" for n in range(small_count)] + [f"{seat}L", f"{seat}D"]


def kind_of(block_id: str) -> str:
    letter = block_id[1]
    return "small" if letter == "s" else "large" if letter == "L" else "die"


def owner_of(block_id: str) -> int:
    return int(block_id[0])


def ship_id(seat: int) -> str:
    return f"ship{seat}"


@dataclass(slots=True)
class Piece:
    """One block: where it is and, on the board, its pose, level, pyramid and face."""

    id: str
    owner: int
    kind: str
    where: str = SUPPLY
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    level: int = 1
    pyramid: str = ""
    face: int = 0
    """The die-block's top face (1-6) while on the board; 0 elsewhere or while unrolled."""

    def copy(self) -> Piece:
        return Piece(self.id, self.owner, self.kind, self.where, self.x, self.y, self.angle,
                     self.level, self.pyramid, self.face)

    def to_list(self) -> list[Any]:
        return [self.id, self.where, self.x, self.y, self.angle, self.level, self.pyramid,
                self.face]

    @classmethod
    def from_list(cls, data: list[Any]) -> Piece:
        block_id = str(data[0])
        return cls(block_id, owner_of(block_id), kind_of(block_id), str(data[1]),
                   float(data[2]), float(data[3]), float(data[4]), int(data[5]), str(data[6]),
                   int(data[7]))

    def set_pose(self, x: float, y: float, angle: float, level: int) -> None:
        self.x, self.y, self.angle, self.level = x, y, _wrap(angle), level

    def take_off_board(self, where: str) -> None:
        """Back to the supply or into the box: no pose, level, pyramid or face."""
        self.where = where
        self.x = self.y = self.angle = 0.0
        self.level, self.pyramid, self.face = 1, "", 0


def _wrap(angle: float) -> float:
    """Angles are kept in (-pi, pi] so equal poses compare equal."""
    wrapped = math.remainder(angle, 2.0 * math.pi)
    return math.pi if wrapped == -math.pi else wrapped


@dataclass
class Pyramid:
    """A pyramid on a site: its stones and where each base stone was built (CA-8)."""

    id: str
    site: str
    stones: list[str]
    home: dict[str, tuple[float, float]] = field(default_factory=dict)

    def copy(self) -> Pyramid:
        return Pyramid(self.id, self.site, list(self.stones), dict(self.home))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "site": self.site, "stones": list(self.stones),
                "home": {k: [x, y] for k, (x, y) in sorted(self.home.items())}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pyramid:
        return cls(str(data["id"]), str(data["site"]), [str(s) for s in data["stones"]],
                   {str(k): (float(v[0]), float(v[1])) for k, v in data["home"].items()})
