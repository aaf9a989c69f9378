"""The practice table: Cairo's board with your ship and blocks, and sometimes a rival's.

A flick here is a Cairo flick: the launch comes from the game's own `launch_for` (the
finger's speed and its CA-4 wobble, drawn from the game's discretised jitter with the
practice session's generator), the physics is Cairo's `FlickSimulation` (CA-5), and the
board judges where things lie with the game's classification (CA-6) and the CA-7
knock-over thresholds from Cairo's data. The table keeps the board as a `CairoState`
(seat 0 is you, seat 1 the rival of some drills) but never runs the game's turn order:
practice has no turns, no penalties and no scoring.

Practice rulings (the rulebook does not cover practice):
- P-1 There is no box for your own blocks: a block of yours that ends in the Nile or off the
  board is back in your hand at once. A rival block that leaves stays gone until the next
  layout.
- P-2 When every block of the kind you flick is already on the board, the oldest of them is
  picked up again (you have 15 small blocks, one large, one die-block, as in the game).
- P-3 A knocked-over ship is reported and stands up again at once (CA-7); no block is paid.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from nile.core import chance
from nile.games.cairo import config as cairo_config
from nile.games.cairo.board import board
from nile.games.cairo.builder import BoardBuilder
from nile.games.cairo.physics import BodySpec, FlickOutcome, FlickSimulation, Launch
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import flicking
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import PyramidBuilt
from nile.games.cairo.rules.pieces import BOARD, BOX, SUPPLY, ship_id
from nile.games.cairo.rules.state import CairoState

PLAYER, RIVAL = 0, 1
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Shot:
    """A flick as the player means it (the same three numbers as Cairo's slingshot)."""

    degrees: float
    """Direction of travel, counter-clockwise from east."""
    power: float
    """0 .. 1 of the finger's strength."""
    offset: float = 0.0
    """-1 .. 1: where the finger strikes across the block (spin)."""


@dataclass(frozen=True)
class Prepared:
    """A flick about to fly: the launch and the board it flies over."""

    shot: Shot
    finger: int
    kind: str
    jitter: tuple[int, int]
    launch: Launch
    start: Point
    specs: tuple[BodySpec, ...]
    faces: dict[str, int]
    picked: str = ""


@dataclass(frozen=True)
class FlickResult:
    """One flick, resolved: what was meant, what flew, where everything came to rest."""

    shot: Shot
    finger: int
    kind: str
    block: str
    jitter: tuple[int, int]
    """The CA-4 wobble drawn: (aim, power) outcome indices, -1 .. 1."""
    launch: Launch
    start: Point
    """The ship's centre (where the block left from)."""
    specs: tuple[BodySpec, ...]
    """The board before the flick, as the physics saw it (to replay it)."""
    faces: dict[str, int]
    path: tuple[Point, ...]
    """The flicked block's centre, once per 60 fps frame, from the deck to rest."""
    end: Point
    """Where the block stopped (or where it left the board)."""
    end_angle: float
    landing: str
    """Cairo's words: a site id, 'burning:<site>', 'burning', 'desert', 'nile' or 'off'."""
    knocked: tuple[str, ...]
    """Ships knocked over (CA-7)."""
    to_box: tuple[str, ...]
    """Blocks that left the board or sank in the Nile (CA-6)."""
    seconds: float
    picked_up: str = ""
    """A block taken back from the board to make this flick (P-2)."""

    @property
    def wobble_degrees(self) -> float:
        """How far the finger's wobble turned the flick from the aim."""
        return math.degrees(self.launch.angle) - self.shot.degrees

    @property
    def on_board(self) -> bool:
        return self.landing != "off"


@dataclass
class PracticeTable:
    """The board of one practice screen (see the module docstring)."""

    state: CairoState = field(default_factory=lambda: new_state("U6"))
    flicked: list[str] = field(default_factory=list)
    """Your blocks on the board, oldest flick first (P-2)."""
    version: int = 0
    """Bumped by every change (screens cache what they draw by it)."""

    # Layout -----------------------------------------------------------------------------

    @classmethod
    def at(cls, space: str) -> PracticeTable:
        return cls(new_state(space))

    def clone(self) -> PracticeTable:
        return PracticeTable(self.state.clone(), list(self.flicked), self.version)

    @property
    def space(self) -> str:
        return self.state.ships[PLAYER]

    def ship_point(self, seat: int = PLAYER) -> Point:
        x, y, _ = self.state.ship_pose(seat)
        return (x, y)

    def move_ship(self, space: str) -> bool:
        """Sail your ship to another space; False if there is no such free space."""
        if space not in board().track_set or self.state.ships[RIVAL] == space:
            return False
        self.state.ships[PLAYER] = space
        self._changed()
        return True

    def set_rival_ship(self, space: str | None) -> None:
        """A rival ship on a space (None: no rival ship)."""
        self.state.ships[RIVAL] = space if space is not None else S.OUT
        self._changed()

    def place_block(self, block: str, site: str, dx: float, dy: float) -> None:
        """Lay a block at (dx, dy) mm from a site's centre, in the site's frame."""
        s = board().site(site)
        x, y = s.world((dx, dy))
        piece = self.state.pieces[block]
        piece.where = BOARD
        piece.set_pose(x, y, s.angle, 1)
        piece.pyramid = ""
        if piece.kind == "die":
            piece.face = piece.face or 1
        self.state.forget(block)
        self.flicked = [b for b in self.flicked if b != block]
        self._changed()

    def clear(self) -> None:
        """Every block back in its owner's hand, no pyramids."""
        for piece in self.state.pieces.values():
            if piece.where != SUPPLY:
                piece.take_off_board(SUPPLY)
                self.state.forget(piece.id)
        self.state.pyramids.clear()
        self.flicked.clear()
        self._changed()

    def blocks_on_board(self) -> int:
        return sum(1 for p in self.state.pieces.values() if p.where == BOARD)

    def _changed(self) -> None:
        self.version += 1

    # Flicking ---------------------------------------------------------------------------

    def flick(self, shot: Shot, finger: int, kind: str, rng: random.Random) -> FlickResult:
        """Flick with the finger's wobble drawn from `rng` as the game draws it (CA-4)."""
        return self.flick_with(shot, finger, kind, self.draw_jitter(rng), rng)

    def draw_jitter(self, rng: random.Random) -> tuple[int, int]:
        """The finger's wobble for one flick: one of the game's jitter outcomes (CA-4)."""
        jitter = chance.pick(flicking.jitter_outcomes(self.state), rng)
        assert isinstance(jitter, A.Jitter)
        return (jitter.aim, jitter.power)

    def flick_with(self, shot: Shot, finger: int, kind: str, jitter: tuple[int, int],
                   rng: random.Random | None = None) -> FlickResult:
        """Flick with a given wobble, resolved at once (the planner tries them one by one)."""
        prepared = self.prepare(shot, finger, kind, jitter)
        sim = self.simulation(prepared)
        path = [prepared.start]
        while not sim.done:
            pose = sim.step_frame(4).poses[prepared.launch.block]
            path.append((pose.x, pose.y))
        return self.settle(prepared, sim.result(), path, rng)

    def prepare(self, shot: Shot, finger: int, kind: str, jitter: tuple[int, int]) -> Prepared:
        """Put a block on the deck (P-2) and work out its launch with the game's rules; the
        board is not changed until `settle`. A screen steps `simulation(prepared)` frame
        by frame and settles with its outcome."""
        picked = self._prepare(kind)
        action = A.Flick.of(kind, shot.degrees % 360.0, min(1.0, max(0.0, shot.power)),
                            min(1.0, max(-1.0, shot.offset)), finger)
        launch = flicking.launch_for(self.state, action, *jitter)
        specs = tuple(flicking.body_specs(self.state))
        faces = {p.id: p.face for p in self.state.on_board() if p.kind == "die"}
        return Prepared(Shot(action.degrees, action.power_share, action.offset_share), finger,
                        kind, jitter, launch, self.ship_point(), specs, faces, picked)

    def simulation(self, prepared: Prepared, record_impacts: bool = False) -> FlickSimulation:
        return FlickSimulation(prepared.specs, prepared.launch, data=self.state.data,
                               record_impacts=record_impacts)

    def settle(self, prepared: Prepared, outcome: FlickOutcome, path: list[Point],
               rng: random.Random | None = None) -> FlickResult:
        """Put the outcome of the prepared flick on the board and judge it."""
        launch = prepared.launch
        end = outcome.poses[launch.block]
        if not path or path[-1] != (end.x, end.y):
            path = [*path, (end.x, end.y)]
        landing, knocked, to_box = self._settle(launch, outcome, rng)
        return FlickResult(prepared.shot, prepared.finger, prepared.kind, launch.block,
                           prepared.jitter, launch, prepared.start, prepared.specs,
                           prepared.faces, tuple(path), (end.x, end.y), end.angle, landing,
                           knocked, to_box, outcome.seconds, prepared.picked)

    def _prepare(self, kind: str) -> str:
        """A block of `kind` in your hand (P-2); returns the one picked up, if any."""
        state = self.state
        if state.supply(PLAYER, kind):
            return ""
        on_board = [b for b in self.flicked if state.pieces[b].kind == kind]
        loose = [b for b in on_board if not state.pieces[b].pyramid] or on_board
        if not loose:
            loose = [p.id for p in state.pieces.values() if p.owner == PLAYER and p.kind == kind]
        block = loose[0]
        piece = state.pieces[block]
        if piece.pyramid:
            pyramid = state.pyramids.get(piece.pyramid)
            if pyramid is not None and block in pyramid.stones:
                pyramid.stones.remove(block)
        piece.take_off_board(SUPPLY)
        state.forget(block)
        self.flicked = [b for b in self.flicked if b != block]
        return block

    def _settle(self, launch: Launch, outcome: FlickOutcome, rng: random.Random | None
                ) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """Put the physics result on the board and judge it (CA-6, CA-7, CA-8, CA-9)."""
        state = self.state
        before = {p.id: (p.x, p.y) for p in state.on_board()}
        state.pieces[launch.block].where = BOARD
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
        state.classify(moved)
        landing = flicking.landing_of(state, launch.block, outcome)
        to_box = tuple(b for b in moved
                       if b in outcome.fell_off or state.placement(b).to_box)
        for block in to_box:
            piece = state.pieces[block]
            piece.take_off_board(SUPPLY if piece.owner == PLAYER else BOX)  # P-1
            state.forget(block)
        if state.pyramids:
            flicking.update_pyramids(state)  # CA-8 / CA-R4: loose stones are free again
        self._roll_dice(launch.block, moved, before, rng)
        self.flicked = [b for b in self.flicked if state.pieces[b].where == BOARD]
        if state.pieces[launch.block].where == BOARD:
            self.flicked.append(launch.block)
        self._changed()
        return landing, self._knocked(outcome), to_box

    def _roll_dice(self, flicked: str, moved: list[str], before: dict[str, Point],
                   rng: random.Random | None) -> None:
        """CA-9: a flicked die-block, or one moved more than its width, shows a new face."""
        state = self.state
        width = state.data.pieces["die"].side * state.data.reroll_widths
        for block in moved:
            piece = state.pieces[block]
            if piece.kind != "die" or piece.where != BOARD:
                continue
            x0, y0 = before.get(block, (math.inf, math.inf))
            if block == flicked or math.hypot(piece.x - x0, piece.y - y0) > width:
                piece.face = rng.randint(1, 6) if rng is not None else 1

    def _knocked(self, outcome: FlickOutcome) -> tuple[str, ...]:
        """CA-7 with Cairo's thresholds: one hard knock, or shoved or turned too far."""
        rules = self.state.data.knockover
        out = []
        for seat in self.state.active_seats():
            ship = ship_id(seat)
            x, y, angle = self.state.ship_pose(seat)
            pose = outcome.poses[ship]
            turned = abs(math.degrees(math.remainder(pose.angle - angle, 2 * math.pi)))
            if outcome.ship_impulse.get(ship, 0.0) > rules.impulse or \
                    math.hypot(pose.x - x, pose.y - y) > rules.shift or turned > rules.turn:
                out.append(ship)
        return tuple(out)

    # Pyramids (CA-8) ----------------------------------------------------------------------

    def build_pyramid(self, site: str) -> PyramidBuilt | None:
        """Build a 3-stone pyramid on `site` the game's way (CA-8: free small blocks on or
        burning on the site, the game's auto-pick, the free spot nearest the centre,
        CA-R5); None if there are too few stones or no room."""
        trial = self.state.clone()
        if len(trial.free_small_on(site)) < 3:
            return None
        trial.phase, trial.offer_site, trial.flicks_left = S.OFFER, site, 99
        trial.apply(A.BuildPyramid(3))
        trial.apply(A.PICK_AUTO)
        if trial.phase == S.ARRANGE:
            trial.apply(trial.legal_actions()[0])
        places = [a for a in trial.legal_actions() if isinstance(a, A.Place)]
        if not places:
            return None
        events = trial.apply(places[0])
        built = next(e for e in events if isinstance(e, PyramidBuilt))
        _back_to_practice(trial, self.state.ships)
        self.state = trial
        self._changed()
        return built


def new_state(space: str) -> CairoState:
    """An empty board: your ship on `space`, no rival ship, every block in hand."""
    builder = BoardBuilder(2).ship(PLAYER, space).ship(RIVAL, S.OUT)
    return builder.state(turn=PLAYER, phase=S.FLICK, die=2, chosen="small", flicks_left=99)


def _back_to_practice(state: CairoState, ships: list[str]) -> None:
    """Undo whatever the game's turn order did after a build (practice has no turns)."""
    state.ships = list(ships)
    state.turn, state.phase, state.die, state.chosen, state.flicks_left = \
        PLAYER, S.FLICK, 2, "small", 99
    state.offer_site, state.pyramid_size, state.picked, state.order = "", 0, [], ()
    state.last_turn_seat, state.knocked, state.pending = -1, False, None
    state.banked = [0] * state.players


def finger_reach(finger: int) -> float:
    """How far (mm) the finger can slide a block on the board at full power."""
    data = cairo_config.load()
    physics = data.physics
    speed = data.finger(finger).max_speed
    return speed * speed / (2.0 * physics.mu_floor * physics.gravity)
