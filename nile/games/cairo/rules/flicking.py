"""D. Flicking: the flick decision, its jitter (chance), the physics, and what follows.

A phase module: it stands on the state and the pure modules beside it and never calls
another phase; where the turn goes on after a flick (the next flick, the end of the turn)
it returns a `Handoff` that `dispatch.py` follows.

A flick's text form holds what the player means; the finger's wobble is drawn afterwards
as chance from a discretised normal (CA-4), then the physics resolves it (CA-5). The
resolved board is canonical: blocks entirely off the board or in the Nile go to the box
(CA-6), a shoved or struck ship means a knock-over (CA-7), a die-block gets a new face when
it was flicked or moved more than its width (CA-9), pyramid stones knocked loose are free
again (CA-8, CA-R4).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.core.game import Action, Event
from nile.games.cairo import config
from nile.games.cairo.bodies import BodySpec, FlickOutcome, Launch
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import narration, scoring
from nile.games.cairo.rules.events import (
    DieFaceRolled,
    FlickResolved,
    FlickStarted,
    PenaltyPaid,
    PoseRow,
    ShipKnockedOver,
)
from nile.games.cairo.rules.phases import (
    FACE,
    JITTER,
    NEXT_FLICK,
    OFFER,
    PENALTY,
    Handoff,
    Step,
)
from nile.games.cairo.rules.pieces import BOARD, BOX, ship_id

if TYPE_CHECKING:
    from nile.games.cairo.board import Placement
    from nile.games.cairo.physics import FlickSimulation
    from nile.games.cairo.rules.pieces import Piece
    from nile.games.cairo.rules.state import CairoState


# The decision ---------------------------------------------------------------------------

def flick_actions(state: CairoState) -> list[A.Flick]:
    """A representative grid of flicks (any in-range flick is legal; see `validate`)."""
    return list(_flick_grid(state.data.grid, state.chosen, tuple(state.finger_options())))


@cache
def _flick_grid(grid: config.FlickGrid, kind: str, fingers: tuple[int, ...]
                ) -> tuple[A.Flick, ...]:
    """The grid for a kind of block and the fingers allowed, built once: every flick
    decision of a random game or a bot's rollout lists it (up to a few hundred flicks)."""
    count = grid.angles if len(fingers) == 1 else grid.angles_on_six
    return tuple(A.Flick.of(kind, 360.0 * i / count, power, 0.0, finger)
                 for finger in fingers for i in range(count) for power in grid.powers)


def validate(state: CairoState, flick: A.Flick) -> None:
    problem = flick.problem()
    if problem:
        raise IllegalAction(problem)
    if flick.kind != state.chosen:
        raise IllegalAction(f"This turn's flicks are {state.chosen} blocks.")
    if flick.finger not in state.finger_options():
        raise IllegalAction(f"The die says: flick with the {state.data.finger(state.die).name}.")


def flick(state: CairoState, action: A.Flick) -> list[Event]:
    state.pending = action
    state.phase = JITTER
    return []


def jitter_outcomes(state: CairoState) -> list[tuple[Action, float]]:
    return list(_wobbles(state.data.jitter, state.edition != 1))


def is_jitter_outcome(state: CairoState, action: A.Jitter) -> bool:
    """Whether `action` is one of the listed wobbles (a set lookup, not 121 comparisons)."""
    return action in _wobble_set(state.data.jitter, state.edition != 1)


@cache
def _wobbles(jitter: config.Jitter, fine: bool) -> tuple[tuple[A.Jitter, float], ...]:
    """Every (aim, power) wobble with its probability: the same for every flick of an
    edition, so listed once (a random game or a bot's rollout flicks hundreds of times)."""
    span = range(-jitter.half, jitter.half + 1)
    return tuple((A.Jitter(a, p, fine), jitter.probability(a) * jitter.probability(p))
                 for a in span for p in span)


@cache
def _wobble_set(jitter: config.Jitter, fine: bool) -> frozenset[A.Jitter]:
    return frozenset(action for action, _ in _wobbles(jitter, fine))


# From the decision to the physics ---------------------------------------------------------

def launch_for(state: CairoState, action: A.Flick, aim: int = 0, power: int = 0) -> Launch:
    """The launch a flick becomes with the jitter outcome (aim, power) (CA-4)."""
    data = state.data
    finger = data.finger(action.finger)
    cfg = data.physics
    speed = cfg.min_speed + action.power_share * (finger.max_speed - cfg.min_speed)
    speed *= 1.0 + data.jitter.z(power) * finger.power_jitter
    speed = min(cfg.speed_cap, max(cfg.min_speed, speed))
    degrees = action.degrees + data.jitter.z(aim) * finger.aim_jitter
    spin = action.offset_share * cfg.spin_per_speed * speed
    block = state.supply(state.turn, action.kind)[0]
    return Launch(block, action.kind, ship_id(state.turn), math.radians(degrees), speed, spin)


def body_specs(state: CairoState) -> list[BodySpec]:
    """The at-rest board for the physics, in a fixed order: ships by seat, blocks by id."""
    specs = []
    for seat in state.active_seats():
        x, y, angle = state.ship_pose(seat)
        specs.append(BodySpec(ship_id(seat), "ship", x, y, angle))
    for piece in sorted(state.on_board(), key=lambda p: p.id):
        specs.append(BodySpec(piece.id, piece.kind, piece.x, piece.y, piece.angle, piece.level,
                              piece.pyramid))
    return specs


def simulation(state: CairoState, aim: int = 0, power: int = 0, *,
               record_impacts: bool = False) -> FlickSimulation:
    """The simulation the pending flick will run with this jitter (the rules run the very
    same steps)."""
    assert state.pending is not None, "no flick is pending"
    launch = launch_for(state, state.pending, aim, power)
    return _simulation_class()(body_specs(state), launch, data=state.data,
                               record_impacts=record_impacts)


@dataclass(frozen=True)
class _Ahead:
    """A simulation started ahead of `resolve` and what it was started from."""

    specs: list[BodySpec]
    launch: Launch
    data: config.CairoData
    sim: FlickSimulation


class _Running(threading.local):
    """Per thread (a host's thread plays guests' moves too), the one flick whose
    simulation a scene is stepping ahead (`run_ahead`)."""

    ahead: _Ahead | None = None


_RUNNING = _Running()


def run_ahead(state: CairoState, jitter: A.Jitter) -> FlickSimulation:
    """The simulation `resolve(state, jitter)` will need, for a scene to step a slice a
    frame, so that no single frame carries a whole pyramid's fall (issue 33 item 6).

    `resolve` takes it over when it runs on the same inputs in the same thread: at rest it
    reads the outcome, part-way it steps the rest. A pure function's memo: the outcome is
    the one `resolve` would reach itself, bit for bit, whoever stepped how far."""
    assert state.pending is not None, "no flick is pending"
    launch = launch_for(state, state.pending, jitter.aim, jitter.power)
    specs = body_specs(state)
    sim = _simulation_class()(specs, launch, data=state.data)
    _RUNNING.ahead = _Ahead(specs, launch, state.data, sim)
    return sim


def _taken_over(specs: list[BodySpec], launch: Launch,
                data: config.CairoData) -> FlickSimulation | None:
    """The simulation run ahead on exactly these inputs, if any (then forgotten)."""
    ahead = _RUNNING.ahead
    if ahead is None or ahead.launch != launch or ahead.data is not data or ahead.specs != specs:
        return None
    _RUNNING.ahead = None
    return ahead.sim


def _simulation_class() -> type[FlickSimulation]:
    """The physics, imported at the first flick rather than with the rules: it loads pymunk,
    and every game's rules are imported when the launcher lists the games (c0db2de's
    launcher started without pymunk; issue 33 item 6)."""
    from nile.games.cairo.physics import FlickSimulation

    return FlickSimulation


def resolve(state: CairoState, jitter: A.Jitter) -> Step:
    """Run the flick to rest (or finish the run a scene began, `run_ahead`) and apply the
    result."""
    action = state.pending
    assert action is not None
    launch = launch_for(state, action, jitter.aim, jitter.power)
    specs = body_specs(state)
    sim = _taken_over(specs, launch, state.data) or _simulation_class()(specs, launch,
                                                                          data=state.data)
    outcome = sim.resolve()
    started = FlickStarted(state.turn, launch.block, launch.ship, action.finger, action.degrees,
                           action.power_share, action.offset_share,
                           math.degrees(launch.angle), launch.speed, launch.spin)
    state.pending = None
    state.flicks_left -= 1
    state.last_block = launch.block
    events, then = apply_outcome(state, launch, outcome)
    return [started, *events], then


@dataclass(frozen=True)
class Settled:
    """What a flick's physics result did to the board, as the rules judge it."""

    moved: list[str]
    """Blocks whose pose changed (the flicked block among them)."""
    landing: str
    """Where the flicked block came to rest (`landing_of`)."""
    rest: dict[str, Placement]
    """How each moved block lay, judged before any left the board."""
    left: list[str]
    """Blocks that left the board, sank in the Nile or landed on a closed site (CA-6, CA-12)."""
    freed: list[str]
    gone: list[str]
    """Pyramid stones knocked loose and pyramids ruined (CA-8, CA-R4)."""
    rolls: list[str]
    """Die-blocks that must show a new face (CA-9); their face is 0 until then."""
    knocked: tuple[str, ...]
    """Ships knocked over (CA-7)."""


def settle(state: CairoState, launch: Launch, outcome: FlickOutcome,
           home: Callable[[Piece], str] = lambda piece: BOX) -> Settled:
    """Put the physics result on the board and judge it: poses, where each block lies,
    blocks leaving the board (to `home(piece)`: the box in the game), pyramids, die-blocks
    to roll, ships knocked over. No turn order: the caller says what happens next."""
    before = {p.id: (p.x, p.y) for p in state.on_board()}
    state.pieces[launch.block].where = BOARD
    moved = _move_pieces(state, outcome)
    state.classify(moved)
    landing = landing_of(state, launch.block, outcome)
    rest = {b: state.placement(b) for b in moved}
    left = _leaving(state, moved, outcome)
    for block in left:
        piece = state.pieces[block]
        piece.take_off_board(home(piece))
        state.forget(block)
    freed, gone = update_pyramids(state)
    rolls = _dice_to_roll(state, launch.block, moved, before)
    return Settled(moved, landing, rest, left, freed, gone, rolls,
                   _knocked_ships(state, outcome))


def apply_outcome(state: CairoState, launch: Launch, outcome: FlickOutcome) -> Step:
    """Put the physics result on the board, judge it and say how the turn goes on."""
    was = narration.before(state, outcome)
    done = settle(state, launch, outcome)
    state.rolls = done.rolls
    state.knocked = bool(done.knocked)
    rows: tuple[PoseRow, ...] = tuple(
        (b, state.pieces[b].x, state.pieces[b].y, state.pieces[b].angle, state.pieces[b].level)
        for b in done.moved if state.pieces[b].where == BOARD)
    events: list[Event] = [FlickResolved(state.turn, launch.block, rows, tuple(done.left),
                                         done.landing, done.knocked,
                                         tuple(done.freed), tuple(done.gone), outcome.steps,
                                         outcome.forced)]
    events += narration.consequences(state, was, launch, outcome, done.rest, done.left,
                                     done.freed, done.gone, done.knocked)
    if done.knocked:
        events.append(ShipKnockedOver(state.turn, done.knocked))
    if state.rolls:
        state.phase = FACE
        return events, None
    more, then = after_flick(state)
    return events + more, then


def _move_pieces(state: CairoState, outcome: FlickOutcome) -> list[str]:
    moved = []
    for block in outcome.touched:
        piece = state.pieces.get(block)
        if piece is None:
            continue
        pose = outcome.poses[block]
        if (piece.x, piece.y, piece.angle, piece.level) != (pose.x, pose.y, pose.angle,
                                                            pose.level):
            piece.set_pose(pose.x, pose.y, pose.angle, pose.level)
            state.forget(block)
            moved.append(block)
    return moved


def _leaving(state: CairoState, moved: list[str], outcome: FlickOutcome) -> list[str]:
    """Blocks that left the board, lie entirely in the Nile (CA-6), or landed on a site
    that Sudden Death has closed (CA-12)."""
    out = []
    for block in moved:
        place = state.placement(block)
        closed = [s for s, _ in place.sites if s in state.closed and
                  block not in state.closed[s]]
        if block in outcome.fell_off or place.to_box or closed:
            out.append(block)
    return out


def update_pyramids(state: CairoState) -> tuple[list[str], list[str]]:
    """CA-8 / CA-R4: loose stones are free; a pyramid with nothing above ground is gone."""
    freed: list[str] = []
    gone: list[str] = []
    for pyramid in list(state.pyramids.values()):
        keep = []
        for stone in pyramid.stones:
            piece = state.pieces[stone]
            if piece.where != BOARD:
                continue
            hx, hy = pyramid.home[stone]
            side = state.data.pieces["small"].side
            if piece.level >= 2 or math.hypot(piece.x - hx, piece.y - hy) <= side / 2:
                keep.append(stone)
            else:
                piece.pyramid = ""
                freed.append(stone)
        pyramid.stones = keep
        if not any(state.pieces[s].level >= 2 for s in keep):
            for stone in keep:
                state.pieces[stone].pyramid = ""
            freed += keep
            gone.append(pyramid.id)
            del state.pyramids[pyramid.id]
    return freed, gone


def _dice_to_roll(state: CairoState, flicked: str, moved: list[str],
                  before: dict[str, tuple[float, float]]) -> list[str]:
    """CA-9: the flicked die-block, and any die-block moved more than its width."""
    out = []
    for block in moved:
        piece = state.pieces[block]
        if piece.kind != "die" or piece.where != BOARD:
            continue
        if block == flicked:
            out.append(block)
            continue
        x0, y0 = before[block]
        width = state.data.pieces["die"].side * state.data.reroll_widths
        if math.hypot(piece.x - x0, piece.y - y0) > width:
            out.append(block)
    for block in out:
        state.pieces[block].face = 0
    return sorted(out)


def _knocked_ships(state: CairoState, outcome: FlickOutcome) -> tuple[str, ...]:
    """CA-7: one hard knock, or shoved or turned too far by the time all rests."""
    rules = state.data.knockover
    out = []
    for seat in state.active_seats():
        ship = ship_id(seat)
        x, y, angle = state.ship_pose(seat)
        pose = outcome.poses[ship]
        turned = abs(math.degrees(math.remainder(pose.angle - angle, 2 * math.pi)))
        if outcome.ship_impulse.get(ship, 0.0) > rules.impulse or \
                math.hypot(pose.x - x, pose.y - y) > rules.shift or turned > rules.turn:
            out.append(ship)
    return tuple(out)


def landing_of(state: CairoState, block: str, outcome: FlickOutcome) -> str:
    """Where the flicked block came to rest, judged before anything goes to the box."""
    place = state.placement(block)
    if block in outcome.fell_off or place.off_board:
        return "off"
    if place.in_nile:
        return "nile"
    for site, whole in place.sites:
        return site if whole else f"burning:{site}"
    return "burning" if place.burning else "desert"


# After the flick ------------------------------------------------------------------------

def face(state: CairoState, action: A.Face) -> Step:
    state.pieces[action.block].face = action.value
    state.forget(action.block)
    state.rolls.pop(0)
    events: list[Event] = [DieFaceRolled(action.block, action.value)]
    if state.rolls:
        return events, None
    more, then = after_flick(state)
    return events + more, then


def after_flick(state: CairoState) -> Step:
    """Sudden Death scoring, then the knock-over penalty, a pyramid offer or the next flick."""
    events: list[Event] = list(scoring.sudden_death(state))
    if state.knocked:
        more, then = _knockover_penalty(state)
        return events + more, then
    site = offer_site(state)
    if site:
        state.offer_site = site
        state.phase = OFFER
        return events, None
    return events, NEXT_FLICK


def offer_site(state: CairoState) -> str:
    """The site a just-flicked small block landed or burns on, if a pyramid could rise."""
    piece = state.pieces[state.last_block]
    if piece.kind != "small" or piece.where != BOARD:
        return ""
    for site, _ in state.placement(piece.id).sites:
        if site not in state.closed and len(state.free_small_on(site)) >= 3:
            return site
    return ""


def _knockover_penalty(state: CairoState) -> Step:
    kinds = state.supply_kinds(state.turn)
    if not kinds:
        return [], Handoff(end_turn=True,
                           leaving="a ship was knocked over and the supply is empty")
    if len(kinds) == 1:
        return penalty(state, kinds[0])
    state.phase = PENALTY
    return [], None


def penalty(state: CairoState, kind: str) -> Step:
    """CA-7: one block of the chosen kind from the supply to the box; the turn ends."""
    block = state.supply(state.turn, kind)[0]
    state.pieces[block].take_off_board(BOX)
    leaving = "" if state.supply(state.turn) else "the knock-over penalty emptied the supply"
    return [PenaltyPaid(state.turn, block)], Handoff(end_turn=True, leaving=leaving)
