"""Changing a Cairo board by hand, outside the turn order: what Flick Practice does.

Practice lays blocks out for a drill, sails the ship anywhere, takes blocks back into the
hand and has no turns. It does all of that through these functions, so the engine's own
bookkeeping (the placement caches, pyramids, die faces) stays right and nothing outside
the rules edits a `CairoState`. Every change here is one a person could make to the wooden
board between two flicks; none is a game move (a game never calls them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.games.cairo.board import board
from nile.games.cairo.rules import phases as S
from nile.games.cairo.rules.phases import FLICK, OFFER
from nile.games.cairo.rules.pieces import BOARD, SUPPLY

if TYPE_CHECKING:
    from nile.games.cairo.rules.state import CairoState


def sail(state: CairoState, seat: int, space: str) -> None:
    """Put `seat`'s ship on a space of the Nile (or `S.OUT`: off the river)."""
    if space != S.OUT and space not in board().track_set:
        raise IllegalAction(f"There is no such space on the Nile: {space}.")
    if space != S.OUT and space in (s for i, s in enumerate(state.ships) if i != seat):
        raise IllegalAction("Another ship is on that space.")
    state.ships[seat] = space


def lay(state: CairoState, block: str, x: float, y: float, angle: float) -> None:
    """Lay a block flat on the board at (x, y) mm; out of any pyramid, a die-block showing
    its face (1 if it had none)."""
    piece = state.pieces[block]
    _leave_pyramid(state, block)
    piece.where = BOARD
    piece.set_pose(x, y, angle, 1)
    if piece.kind == "die":
        piece.face = piece.face or 1
    state.forget(block)


def take_back(state: CairoState, block: str, where: str = SUPPLY) -> None:
    """A block off the board (into the hand unless `where` says the box), and out of the
    pyramid it was a stone of."""
    _leave_pyramid(state, block)
    state.pieces[block].take_off_board(where)
    state.forget(block)


def _leave_pyramid(state: CairoState, block: str) -> None:
    piece = state.pieces[block]
    pyramid = state.pyramids.get(piece.pyramid) if piece.pyramid else None
    if pyramid is not None and block in pyramid.stones:
        pyramid.stones.remove(block)
    piece.pyramid = ""


def clear(state: CairoState) -> None:
    """Every block back in its owner's hand, no pyramids."""
    for piece in state.pieces.values():
        if piece.where != SUPPLY:
            take_back(state, piece.id)
    state.pyramids.clear()


def show_face(state: CairoState, block: str, face: int) -> None:
    """A die-block on the board shows `face` (1-6): the roll CA-9 asks for."""
    if not 1 <= face <= 6:
        raise IllegalAction("A die-block shows 1 to 6.")
    state.pieces[block].face = face


def free_play(state: CairoState, ships: list[str]) -> None:
    """Back to flicking with no turn order after a rules step ran one (a pyramid built):
    seat 0 flicks small blocks, nobody owes a penalty, nothing is pending."""
    state.ships = list(ships)
    state.turn, state.phase, state.die, state.chosen, state.flicks_left = \
        0, FLICK, 2, "small", 99
    state.offer_site, state.pyramid_size, state.picked, state.order = "", 0, [], ()
    state.last_turn_seat, state.knocked, state.pending = -1, False, None
    state.banked = [0] * state.players


def pick_up(state: CairoState, kind: str) -> None:
    """The kind of block about to be flicked ("small", "large", "die")."""
    if kind not in ("small", "large", "die"):
        raise IllegalAction(f"There is no {kind} block.")
    state.chosen = kind


def offer_pyramid(state: CairoState, site: str) -> None:
    """Ask, as the game does after a flick, whether to build a pyramid on `site` (the
    build itself then runs through the game's own actions)."""
    state.phase, state.offer_site, state.flicks_left = OFFER, site, 99
