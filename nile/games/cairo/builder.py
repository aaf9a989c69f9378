"""Build exact Cairo positions for tests, examples and scenes.

    from nile.games.cairo.builder import BoardBuilder

    b = BoardBuilder(players=4)
    b.ship(0, "D3")                                  # ships on spaces (default: start)
    b.on_site("0s00", "giza", 0.0, 0.0)               # block at an offset from a site's centre
    b.at("1L", 300.0, 120.0, degrees=30.0)            # block at board coordinates (mm)
    b.at("2D", 310.0, 150.0, face=5)                  # a die-block shows a face
    b.pyramid("saqqara", ["0s01", "1s00", "0s02"])    # stones laid top first, centred on site
    b.box("3s14")                                     # in the box
    state = b.state(turn=0, phase="flick", die=2, chosen="small", flicks_left=3)

Blocks not mentioned stay in their owner's supply. `state()` returns a normal
`CairoState`; it checks the invariants, so an impossible position fails loudly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from nile.games.cairo.board import board
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import building
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.pieces import BOARD, BOX, Pyramid
from nile.games.cairo.rules.state import CairoState


class BoardBuilder:
    """A fluent way to lay out a Cairo board exactly."""

    def __init__(self, players: int, *, sudden_death: bool = False) -> None:
        self._state = CairoState(players, sudden_death)

    # Ships ------------------------------------------------------------------------------

    def ship(self, seat: int, space: str) -> BoardBuilder:
        """Put a ship on a Nile space ("U1".."U12", "D1".."D6"), "start" or "out"."""
        self._state.ships[seat] = space
        return self

    # Blocks -----------------------------------------------------------------------------

    def at(self, block: str, x: float, y: float, *, degrees: float = 0.0,
           face: int | None = None, level: int = 1) -> BoardBuilder:
        """Lay a block on the board at (x, y) mm, turned by `degrees`."""
        piece = self._state.pieces[block]
        piece.where = BOARD
        piece.set_pose(x, y, math.radians(degrees), level)
        if piece.kind == "die":
            piece.face = face if face is not None else 1
        self._state.forget(block)
        return self

    def on_site(self, block: str, site: str, dx: float = 0.0, dy: float = 0.0, *,
                degrees: float = 0.0, face: int | None = None) -> BoardBuilder:
        """Lay a block at (dx, dy) mm from a site's centre, in the site's own frame."""
        s = board().site(site)
        x, y = s.world((dx, dy))
        return self.at(block, x, y, degrees=math.degrees(s.angle) + degrees, face=face)

    def box(self, *blocks: str) -> BoardBuilder:
        for block in blocks:
            self._state.pieces[block].take_off_board(BOX)
            self._state.forget(block)
        return self

    def pyramid(self, site: str, stones: Sequence[str], *, dx: float = 0.0, dy: float = 0.0,
                degrees: float = 0.0) -> BoardBuilder:
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

    def face(self, block: str, value: int) -> BoardBuilder:
        self._state.pieces[block].face = value
        return self

    # The state ------------------------------------------------------------------------------

    def state(self, *, turn: int = 0, phase: str = S.ROLL, die: int = 0, chosen: str = "",
              flicks_left: int = 0, offer_site: str = "", last_block: str = "",
              check: bool = True) -> CairoState:
        """The finished state, with the given seat to move in the given phase."""
        state = self._state.clone()
        state.turn, state.phase, state.die = turn, phase, die
        state.chosen, state.flicks_left = chosen, flicks_left
        state.offer_site, state.last_block = offer_site, last_block
        if check:
            problems = state.invariant_violations()
            assert not problems, problems
        return state
