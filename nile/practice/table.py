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
from nile.core.errors import IllegalAction
from nile.games.cairo import config as cairo_config
from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.physics import BodySpec, FlickOutcome, FlickSimulation, Launch
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import by_hand, flicking
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import PyramidBuilt
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.pieces import BOARD, BOX, SUPPLY
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
        try:
            by_hand.sail(self.state, PLAYER, space)
        except IllegalAction:
            return False
        self._changed()
        return True

    def set_rival_ship(self, space: str | None) -> None:
        """A rival ship on a space (None: no rival ship)."""
        by_hand.sail(self.state, RIVAL, space if space is not None else S.OUT)
        self._changed()

    def place_block(self, block: str, site: str, dx: float, dy: float) -> None:
        """Lay a block at (dx, dy) mm from a site's centre, in the site's frame."""
        s = board().site(site)
        x, y = s.world((dx, dy))
        by_hand.lay(self.state, block, x, y, s.angle)
        self.flicked = [b for b in self.flicked if b != block]
        self._changed()

    def clear(self) -> None:
        """Every block back in its owner's hand, no pyramids."""
        by_hand.clear(self.state)
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
        by_hand.take_back(state, block)
        self.flicked = [b for b in self.flicked if b != block]
        return block

    def _settle(self, launch: Launch, outcome: FlickOutcome, rng: random.Random | None
                ) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """Put the physics result on the board and judge it the game's way (CA-6 to CA-9),
        except that your blocks leaving the board come back to your hand (P-1) and a
        die-block to roll is rolled at once with the session's generator."""
        state = self.state
        done = flicking.settle(state, launch, outcome,
                               home=lambda piece: SUPPLY if piece.owner == PLAYER else BOX)
        for block in done.rolls:
            by_hand.show_face(state, block, rng.randint(1, 6) if rng is not None else 1)
        self.flicked = [b for b in self.flicked if state.pieces[b].where == BOARD]
        if state.pieces[launch.block].where == BOARD:
            self.flicked.append(launch.block)
        self._changed()
        return done.landing, done.knocked, tuple(done.left)

    # Pyramids (CA-8) ----------------------------------------------------------------------

    def build_pyramid(self, site: str) -> PyramidBuilt | None:
        """Build a 3-stone pyramid on `site` the game's way (CA-8: free small blocks on or
        burning on the site, the game's auto-pick, the free spot nearest the centre,
        CA-R5); None if there are too few stones or no room."""
        trial = self.state.clone()
        if len(trial.free_small_on(site)) < 3:
            return None
        by_hand.offer_pyramid(trial, site)
        trial.apply(A.BuildPyramid(3))
        trial.apply(A.PICK_AUTO)
        if trial.phase == Phase.ARRANGE:
            trial.apply(trial.legal_actions()[0])
        places = [a for a in trial.legal_actions() if isinstance(a, A.Place)]
        if not places:
            return None
        events = trial.apply(places[0])
        built = next(e for e in events if isinstance(e, PyramidBuilt))
        by_hand.free_play(trial, self.state.ships)
        self.state = trial
        self._changed()
        return built


def new_state(space: str) -> CairoState:
    """An empty board: your ship on `space`, no rival ship, every block in hand."""
    builder = Builder(2).ship(PLAYER, space).ship(RIVAL, S.OUT)
    return builder.to_move(PLAYER, Phase.FLICK, die=2, chosen="small", flicks_left=99).build()


def finger_reach(finger: int) -> float:
    """How far (mm) the finger can slide a block on the board at full power."""
    data = cairo_config.load()
    physics = data.physics
    speed = data.finger(finger).max_speed
    return speed * speed / (2.0 * physics.mu_floor * physics.gravity)
