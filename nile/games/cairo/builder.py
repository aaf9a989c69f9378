"""Build exact Cairo positions for tests, examples and scenes.

    from nile.games.cairo.builder import Builder

    b = Builder(4)
    b.ship(0, "D3")                                  # ships on spaces (default: start)
    b.on_site("0s00", "giza", 0.0, 0.0)               # block at an offset from a site's centre
    b.at("1L", 300.0, 120.0, degrees=30.0)            # block at board coordinates (mm)
    b.at("2D", 310.0, 150.0, face=5)                  # a die-block shows a face
    b.pyramid("saqqara", ["0s01", "1s00", "0s02"])    # stones laid top first, centred on site
    b.box("3s14")                                     # in the box
    b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3)
    state = b.build()

Blocks not mentioned stay in their owner's supply. `build()` returns a new, normal
`CairoState` on each call; it checks the invariants, so an impossible position fails
loudly (ValueError).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from nile.games.cairo import config
from nile.games.cairo.board import board
from nile.games.cairo.bodies import BodySpec
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import building
from nile.games.cairo.rules.building import LAYOUTS
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.pieces import BOARD, BOX, Pyramid
from nile.games.cairo.rules.state import CairoState


@dataclass(frozen=True)
class _Turn:
    """Whose turn it is and where in it (see `Builder.to_move`)."""

    seat: int = 0
    phase: Phase = Phase.ROLL
    die: int = 0
    chosen: str = ""
    flicks_left: int = 0
    offer_site: str = ""
    last_block: str = ""


class Builder:
    """A fluent way to lay out a Cairo board exactly (seat 0 to roll unless `to_move`)."""

    def __init__(self, players: int, *, sudden_death: bool = False) -> None:
        self._state = CairoState(players, sudden_death)
        self._turn = _Turn()

    # Ships ------------------------------------------------------------------------------

    def ship(self, seat: int, space: str) -> Builder:
        """Put a ship on a Nile space ("U1".."U12", "D1".."D6"), "start" or "out"."""
        self._state.ships[seat] = space
        return self

    # Blocks -----------------------------------------------------------------------------

    def at(self, block: str, x: float, y: float, *, degrees: float = 0.0,
           face: int | None = None, level: int = 1) -> Builder:
        """Lay a block on the board at (x, y) mm, turned by `degrees`."""
        piece = self._state.pieces[block]
        piece.where = BOARD
        piece.set_pose(x, y, math.radians(degrees), level)
        if piece.kind == "die":
            piece.face = face if face is not None else 1
        self._state.forget(block)
        return self

    def on_site(self, block: str, site: str, dx: float = 0.0, dy: float = 0.0, *,
                degrees: float = 0.0, face: int | None = None) -> Builder:
        """Lay a block at (dx, dy) mm from a site's centre, in the site's own frame."""
        s = board().site(site)
        x, y = s.world((dx, dy))
        return self.at(block, x, y, degrees=math.degrees(s.angle) + degrees, face=face)

    def box(self, *blocks: str) -> Builder:
        for block in blocks:
            self._state.pieces[block].take_off_board(BOX)
            self._state.forget(block)
        return self

    def pyramid(self, site: str, stones: Sequence[str], *, dx: float = 0.0, dy: float = 0.0,
                degrees: float = 0.0) -> Builder:
        """Build a pyramid of len(stones) stones, listed from the top level down, centred
        at (dx, dy) from the site's centre and turned by `degrees` from the site's axes."""
        state = self._state
        s = board().site(site)
        x, y = s.world((dx, dy))
        place = A.Place.of(x, y, math.degrees(s.angle) + degrees)
        saved = (state.pyramid_size, state.offer_site)
        state.pyramid_size, state.offer_site = len(stones), site
        poses = building.stone_poses(state, place)
        state.pyramid_size, state.offer_site = saved
        state.pyramid_count += 1
        pyramid = Pyramid(f"p{state.pyramid_count}", site, [])
        for block, (px, py, angle, level) in zip(stones, poses, strict=True):
            piece = state.pieces[block]
            piece.where = BOARD
            piece.set_pose(px, py, angle, level)
            piece.pyramid = pyramid.id
            pyramid.stones.append(block)
            pyramid.home[block] = (piece.x, piece.y)
            state.forget(block)
        state.pyramids[pyramid.id] = pyramid
        return self

    def face(self, block: str, value: int) -> Builder:
        self._state.pieces[block].face = value
        return self

    # The state ------------------------------------------------------------------------------

    def to_move(self, seat: int, phase: Phase = Phase.ROLL, *, die: int = 0, chosen: str = "",
                flicks_left: int = 0, offer_site: str = "", last_block: str = "") -> Builder:
        """`seat` to act in `phase`, with the turn's die, chosen kind, flicks left, the
        site a pyramid is offered at and the last block flicked."""
        self._turn = _Turn(seat, phase, die, chosen, flicks_left, offer_site, last_block)
        return self

    def build(self) -> CairoState:
        """The finished state (a new one on each call); ValueError if impossible."""
        state, turn = self._state.clone(), self._turn
        state.turn, state.phase, state.die = turn.seat, turn.phase, turn.die
        state.chosen, state.flicks_left = turn.chosen, turn.flicks_left
        state.offer_site, state.last_block = turn.offer_site, turn.last_block
        problems = state.invariant_violations()
        if problems:
            raise ValueError("impossible position: " + "; ".join(problems))
        return state


# A crowded board for the physics benchmarks, the stress runs and their tests ------------------

def full_board(seed: int = 1) -> list[BodySpec]:
    """A crowded board: 5 ships, 3 pyramids and the other 70 blocks spread around."""
    rng = random.Random(f"cairo-bench/{seed}")
    data = config.load()
    b = board()
    specs = [BodySpec(f"ship{i}", "ship", b.space(s).x, b.space(s).y, b.space(s).heading)
             for i, s in enumerate(("U2", "U6", "U10", "D2", "D5"))]
    taken = [(s.x, s.y, 21.0) for s in specs]
    pitch = data.pieces["small"].side + data.physics.pyramid_gap
    smalls = {seat: [f"{seat}s{n:02d}" for n in range(15)] for seat in range(5)}
    for number, (site_id, size) in enumerate((("saqqara", 14), ("seila", 10), ("lahun", 6))):
        site = b.site(site_id)
        for k, (u, v, level) in enumerate(LAYOUTS[size]):
            x, y = site.world((u * pitch, v * pitch))
            specs.append(BodySpec(smalls[k % 5].pop(), "small", x, y, site.angle, level,
                                  f"p{number}"))
        taken.append((site.x, site.y, 0.5 * math.hypot(site.w, site.h)))
    rest = [(block, "small") for seat in range(5) for block in smalls[seat]]
    rest += [(f"{seat}{k}", kind) for seat in range(5) for k, kind in (("L", "large"),
                                                                        ("D", "die"))]
    for block, kind in rest:
        r = 0.75 * data.pieces[kind].side
        for _ in range(2000):
            if rng.random() < 0.55:
                site = rng.choice(b.sites)
                x, y = site.world((rng.uniform(-site.w / 2, site.w / 2),
                                   rng.uniform(-site.h / 2, site.h / 2)))
            else:
                x = rng.uniform(10.0, b.width - 10.0)
                y = rng.choice((rng.uniform(10.0, b.south_bank - 10.0),
                                rng.uniform(b.north_bank + 10.0, b.height - 10.0)))
            if all(math.hypot(x - tx, y - ty) > r + tr + 0.5 for tx, ty, tr in taken):
                taken.append((x, y, r))
                specs.append(BodySpec(block, kind, x, y, rng.uniform(-math.pi, math.pi)))
                break
    ships, blocks = specs[:5], sorted(specs[5:], key=lambda s: s.id)
    return ships + blocks


def example() -> Builder:
    """A position with something of everything, set through the setters and `to_move`
    but not built (`GAME_INFO.builder_example`: tests/test_builders.py builds it)."""
    return (Builder(3).ship(0, "D3").ship(1, "U5")
            .on_site("0s00", "giza").at("1L", 300.0, 120.0, degrees=30.0)
            .pyramid("saqqara", ["0s01", "1s00", "0s02"])
            .to_move(1, Phase.CHOOSE, die=2))
