"""Cairo's rules engine: what a bot, the click-to-move rules or a view may ask of it.

This is the engine's public face. A bot (`ai.py`), the table's intent (`intent.py`) and the
components of `view/` import from the rules only this module, `actions` (the moves),
`events` (what happened) and `phases` (the phases and places, as names); they read a
`CairoState`'s public attributes and queries (`supply`, `ship_pose`, `placement`,
`free_small_on`, `finger_options`, …) and call the functions below. Everything else in
the package is the engine's own and may change shape.

Inside, the rules stand on three floors (see `state.py` for the turn and the rulings): the
state with the modules beside it that name no phase (`pieces`, `scoring`, `narration`, and
`by_hand` for Flick Practice), one module per phase above it (`turn`, `flicking`,
`building`: they hand the turn on as a value, `phases.Handoff`), and `dispatch.py` on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from nile.games.cairo.bodies import BodySpec
from nile.games.cairo.rules import actions as A

# dispatch, the top floor, plugs the phase modules into the state as it is imported: every
# import of the rules passes here first, so no state is ever without them
from nile.games.cairo.rules import building, dispatch, flicking, scoring  # noqa: F401
from nile.games.cairo.rules.pieces import BOARD, BOX, kind_of, owner_of
from nile.games.cairo.rules.state import CairoState

if TYPE_CHECKING:
    from nile.games.cairo.physics import FlickSimulation

Slot = tuple[float, float, int]
"""(u, v, level): a stone's place in a pyramid, in stone pitches from its centre."""


def new_game(players: int, seed: int, options: Mapping[str, str]) -> CairoState:
    """A new game: every block in its owner's supply, every ship in the starting area.

    Seat 0 starts (the youngest flicker); the seed is not needed: all chance is drawn by
    whoever drives the game.
    """
    return CairoState(players, sudden_death=options.get("sudden_death", "off") == "on")


# Blocks ----------------------------------------------------------------------------------

def block_kind(block: str) -> str:
    """A block's kind from its id: "small" (`0s03`), "large" (`1L`) or "die" (`2D`)."""
    return kind_of(block)


def block_owner(block: str) -> int:
    """The seat a block belongs to, from its id (`2s07` is seat 2's)."""
    return owner_of(block)


def lies_on_board(view: CairoState, block: str) -> bool:
    """Whether a block lies on the board now (not in a supply, not in the box)."""
    piece = view.pieces.get(block)
    return piece is not None and piece.where == BOARD


def blocks_in_box(view: CairoState, seat: int) -> int:
    """How many of `seat`'s blocks are lost to the box (off the board, sunk, penalties)."""
    return sum(1 for p in view.pieces.values() if p.owner == seat and p.where == BOX)


# Influence and points ---------------------------------------------------------------------

def projected_points(view: CairoState) -> list[int]:
    """Each seat's points if the game were scored now: banked points (Sudden Death) plus
    what every open site would pay (CA-10), computed afresh (`scores()` keeps the last)."""
    return scoring.projected_points(view)


def influence_by_site(view: CairoState) -> dict[str, list[float]]:
    """Each site's influence per seat (small 1, large 3, a die-block its face, a pyramid
    stone its level; half on the site's edge)."""
    return scoring.influence_by_site(view)


def site_payout(view: CairoState, site: str, influence: list[float]) -> tuple[int, ...]:
    """What `site` would pay each seat with this influence (one entry of
    `influence_by_site`): first and second place, ties broken by the nearest block, then
    shared (CA-10)."""
    return scoring.site_result(view, site, influence).points


# Pyramids ----------------------------------------------------------------------------------

def pyramid_layout(size: int) -> list[Slot]:
    """The stones of a pyramid of `size` (3, 5, 6, 10, 14), ground level first."""
    return list(building.LAYOUTS[size])


def slots_top_down(size: int) -> list[Slot]:
    """The stones of a pyramid of `size` from the top down: the order the colours are
    stacked in (the first colour of `Arrange` goes highest)."""
    return building.slots_top_down(size)


def stone_poses(view: CairoState, place: A.Place) -> list[tuple[float, float, float, int]]:
    """Where each stone of the pyramid being built would stand at `place`: (x, y, angle,
    level) top level first, for the stones `view.picked` in `view.order`."""
    return building.stone_poses(view, place)


def pyramid_problem(view: CairoState, place: A.Place) -> str | None:
    """Why the pyramid being built cannot stand at `place` (CA-R5), or None if it fits."""
    return building.fit_problem(view, place)


# Flicks --------------------------------------------------------------------------------------

def body_specs(view: CairoState) -> list[BodySpec]:
    """The board at rest as the physics takes it (ships by seat, blocks by id): a view
    replays a flick from it exactly as the rules ran it."""
    return flicking.body_specs(view)


def run_ahead(view: CairoState, jitter: A.Jitter) -> FlickSimulation:
    """The physics the pending flick will run with this wobble, for a scene to step over
    several frames before the move lands: the rules then take the run over, bit for bit
    (`flicking.run_ahead`)."""
    return flicking.run_ahead(view, jitter)


__all__ = [
    "CairoState",
    "Slot",
    "block_kind",
    "block_owner",
    "blocks_in_box",
    "body_specs",
    "influence_by_site",
    "lies_on_board",
    "new_game",
    "projected_points",
    "pyramid_layout",
    "pyramid_problem",
    "run_ahead",
    "site_payout",
    "slots_top_down",
    "stone_poses",
]
