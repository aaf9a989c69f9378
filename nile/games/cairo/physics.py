"""Cairo's flick physics: a top-down pymunk world in mm, g and s (CA-5).

A flick is a pure function of (at-rest board, launch): `FlickSimulation` builds a fresh
pymunk space from the board, steps it at a fixed rate until every body sleeps (or the cap
forces rest) and reports the final poses. The same stepping drives the scene frame by frame
(`step_frame`) and the headless rules (`resolve`), so what players see is what the rules
judge.

How it works, and why:
- Floor friction is a pivot joint plus a gear joint from each body to the static body with
  no position correction and a force cap of mu*m*g: exact Coulomb sliding, and bodies stop
  dead instead of creeping (see the flick-physics research note).
- The world ticks at 240 Hz with sleeping on and an idle speed threshold (zero gravity needs
  one). While something moves fast a tick is split into equal substeps so that no piece
  moves more than `max_travel` mm per pymunk step: a 10 mm cube at the strongest flick
  would otherwise sink deep enough into another to be pushed out of its far side
  (`stress.py` checks this over a thousand flicks at the speed cap).
- Pieces join the space lazily. Building a pymunk body with its joints costs about 60 us,
  so building the whole board for every flick would cost more than the flick itself. A
  piece is created, asleep, the moment an awake body could reach it before the next
  bookkeeping pass (a capsule along the mover's velocity; a piece it may hit can deflect it
  or be set moving at most as fast as an elastic hit allows, and both are followed in
  turn). Until then a piece is at rest and nothing touches it, so it could not have moved.
  The order of additions is a fixed function of the board and the flick, so results are
  the same in every process.
- Stones of a pyramid (CA-8) live on levels: each level collides only with itself, a stone
  at level >= 2 takes its friction from the stones it rests on, and it falls when its
  centre is no longer over what carries it (by `support_margin`) or too little of it is
  carried. A falling stone tumbles aside (up to `tumble` mm) if it would land on a piece;
  with no room it lies on top of those pieces as rubble (a ruin, CA-8).
- The flicked block starts on its ship's deck and collides with every other piece from its
  first step (a block lying beside the ship is struck, never passed through:
  `tools/tunnel_sweep.py` checks this around every ship and pyramid); it counts as on the
  board once its centre passes the deck's edge and ignores its own ship until fully clear
  of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import pymunk

from nile.games.cairo import config, geometry

# the values it takes and gives, named here too for the code that runs a simulation
from nile.games.cairo.bodies import BodySpec as BodySpec
from nile.games.cairo.bodies import FlickOutcome as FlickOutcome
from nile.games.cairo.bodies import Frame as Frame
from nile.games.cairo.bodies import Impact as Impact
from nile.games.cairo.bodies import Launch as Launch
from nile.games.cairo.bodies import Pose as Pose
from nile.games.cairo.config import CairoData

BLOCK, SHIP = 1, 2
"""pymunk collision types."""
NO_COLLISION = pymunk.ShapeFilter(categories=1 << 30, mask=0)
LAUNCH_GROUP = 1
"""The flicked block and its own ship do not collide until the block is clear of the deck."""
MAX_LEVEL = 4
"""Rubble never piles higher than the tallest pyramid (10 stones: 4 levels)."""
CELL = 40.0
"""Size of the lazy-addition grid cells (mm)."""
CHIPMUNK = pymunk.cp
"""Chipmunk's C functions as pymunk calls them, for the two things a flick does every tick
(issue 33 item 6):
- `_step_space` calls `cpSpaceStep` as `pymunk.Space.step` does, without the wrapper's own
  work around it (about 1 us a call, as much as a quiet step itself), which is all empty
  here: the contact handlers only read, so nothing is added, removed or scheduled for after
  the step while it runs, and every body has been checked when it was built;
- `_resubstep` reads every body's speed, and pymunk's properties (`Body.kinetic_energy`,
  `.is_sleeping`, `.velocity`) are Python functions around one C call each; calling the C
  function on the body's Chipmunk handle (`chipmunk_body`) reads the very same value.
tests/games/cairo/test_physics_shortcuts.py checks both against pymunk's own calls."""


def chipmunk_body(body: pymunk.Body) -> object:
    """The Chipmunk body under a pymunk body (pymunk keeps it as `_body`)."""
    return body._body


def chipmunk_space(space: pymunk.Space) -> object:
    """The Chipmunk space under a pymunk space (pymunk keeps it as `_space`)."""
    return space._space


@dataclass(eq=False)
class _Rec:
    """One piece inside the simulation."""

    spec: BodySpec
    body: pymunk.Body
    shape: pymunk.Poly
    side: float
    mass: float
    radius: float
    level: int
    joints: list[pymunk.Constraint] = field(default_factory=list)
    supporters: list[_Rec] = field(default_factory=list)
    signature: tuple[float, ...] = ()
    removed: bool = False
    on_deck: bool = False
    rubble: bool = False
    """A fallen stone with no room on the level below: it lies on the pieces it fell on."""
    queried: tuple[float, float] | None = None
    """Where the body stood still at its last wake query (nothing new can be in reach)."""
    leaving: bool = False
    """Off the deck but still overlapping its own ship's outline: no collision with it."""


KE_MARGIN = 1.0 + 1e-9
"""Widens the speed bound read from a body's kinetic energy far beyond any rounding."""
SURE_MM = 1e-6
"""Pieces whose inscribed circles overlap by more than this overlap for certain: rounding
in the polygon test is about 1e-12 mm on a board a metre wide."""


def level_filter(level: int, group: int = 0) -> pymunk.ShapeFilter:
    """Stones collide only with pieces on their own level."""
    bit = 1 << (level - 1)
    return pymunk.ShapeFilter(group=group, categories=bit, mask=bit)


class FlickSimulation:
    """One flick, stepped to rest.

    `pieces` is every piece on the board at rest (ships included) in a fixed order; `launch`
    names the flicked block, which must not be among `pieces`. Step it with `step_frame`
    (the scene's replay), `step_tick` (the scene running a flick ahead of the rules) or
    `resolve` (the rules): all run the identical sequence of steps.
    """

    def __init__(self, pieces: Sequence[BodySpec], launch: Launch, *,
                 data: CairoData | None = None, board_size: tuple[float, float] | None = None,
                 record_impacts: bool = False) -> None:
        self.data = data or config.load()
        self.cfg = self.data.physics
        raw_board = self.data.raw["board"]
        self.board_size = board_size or (float(raw_board["width"]), float(raw_board["height"]))
        self._dt = self.cfg.dt
        self._max_steps = self.cfg.max_steps
        self._one_step_speed = 0.5 * self.cfg.max_travel / (1.6 * self._dt)
        """Half the speed at which a tick starts to need a second step (`_resubstep`)."""
        """The config's derived values, read every step: computed once (issue 33 item 6)."""
        self._resubstep_on = self.cfg.resubstep
        self._speed_checks: list[tuple[object, float]] = []
        """Each piece in the space (its Chipmunk body) with the kinetic energy at or below
        which it cannot change a tick's split (`_resubstep`); a piece that leaves the board
        leaves this list."""
        self.steps = 0
        self.physics_steps = 0
        """pymunk steps taken: one per tick, more while something moves fast."""
        self._next_check = 0
        self._substeps = 1
        self.done = False
        self.forced = False
        self.impacts: list[Impact] = []
        self.fell_off: list[str] = []
        self.dropped: set[str] = set()
        """Stones that fell a level during the last step (they may have tumbled aside)."""
        self.ship_impulse: dict[str, float] = {}
        self._tick_push: dict[str, pymunk.Vec2d] = {}
        """Contact impulse each ship took during the current tick (all its substeps)."""
        self._frame_impacts = 0
        self._frame_fell = 0
        self._specs = list(pieces)
        self._rest_poses: dict[str, Pose] | None = None
        self._by_id = {spec.id: spec for spec in self._specs}
        self._recs: list[_Rec] = []
        self._stacked: list[_Rec] = []
        self._rec_of_shape: dict[pymunk.Shape, _Rec] = {}
        self._added: dict[str, _Rec] = {}
        self._groups: dict[str, list[int]] = {}
        self._grid: dict[tuple[int, int], list[int]] = {}
        self._radii = {kind: 0.5 * math.hypot(*self._size(kind)[:2])
                       for kind in ("small", "large", "die", "ship")}
        self._max_radius = max(self._radii.values())
        self._space = self._new_space(record_impacts)
        self._chipmunk_space = chipmunk_space(self._space)
        self._index_pending()
        self._launch = launch
        self._deck_ship = self._by_id.get(launch.ship)
        if self._deck_ship is not None:
            self._add_pending(self._specs.index(self._deck_ship))
            self._added[launch.ship].shape.filter = level_filter(1, LAUNCH_GROUP)
        self._block = self._add_launch(launch)

    # Public API -------------------------------------------------------------------------

    def step_frame(self, substeps: int = 4) -> Frame:
        """Advance up to `substeps` steps (stopping early at rest) and report the poses."""
        for _ in range(substeps):
            if self.done:
                break
            self._step()
        impacts = tuple(self.impacts[self._frame_impacts:])
        fell = tuple(self.fell_off[self._frame_fell:])
        self._frame_impacts, self._frame_fell = len(self.impacts), len(self.fell_off)
        return Frame(self.steps * self.cfg.dt, self.poses(), self.done, impacts, fell)

    def step_tick(self) -> bool:
        """One tick (none at rest); True once everything rests. For a caller that spreads
        a flick over frames by its own clock: the ticks are `resolve`'s very steps."""
        if not self.done:
            self._step()
        return self.done

    def resolve(self) -> FlickOutcome:
        """Step to rest and report the outcome."""
        while not self.done:
            self._step()
        return self.result()

    def result(self) -> FlickOutcome:
        """The outcome (stepping to rest first if needed)."""
        if not self.done:
            return self.resolve()
        touched = tuple(rec.spec.id for rec in self._recs)
        return FlickOutcome(self.poses(), tuple(self.fell_off), dict(self.ship_impulse),
                            tuple(self.impacts), self.steps, self.forced, touched,
                            self.physics_steps)

    def poses(self) -> dict[str, Pose]:
        """The current pose of every piece (those never touched keep their rest pose)."""
        if self._rest_poses is None:
            self._rest_poses = {spec.id: Pose(spec.x, spec.y, spec.angle, spec.level)
                                for spec in self._specs}
        out = dict(self._rest_poses)
        for rec in self._recs:
            p = rec.body.position
            out[rec.spec.id] = Pose(p.x, p.y, rec.body.angle, rec.level)
        return out

    @property
    def time(self) -> float:
        return self.steps * self.cfg.dt

    @property
    def block_on_deck(self) -> bool:
        """True while the flicked block still slides on its ship's deck (draw it raised)."""
        return self._block.on_deck

    # Building ---------------------------------------------------------------------------

    def _new_space(self, record_impacts: bool) -> pymunk.Space:
        space = pymunk.Space()
        space.iterations = self.cfg.iterations
        space.gravity = (0.0, 0.0)
        space.idle_speed_threshold = self.cfg.idle_speed
        space.sleep_time_threshold = self.cfg.sleep_time
        space.on_collision(BLOCK, SHIP, post_solve=self._on_ship_contact)
        space.on_collision(SHIP, SHIP, post_solve=self._on_ship_contact)
        if record_impacts:
            space.on_collision(BLOCK, BLOCK, post_solve=self._on_block_contact)
        return space

    def _index_pending(self) -> None:
        """Each resting piece goes in the grid cell of its centre."""
        groups, grid, floor = self._groups, self._grid, math.floor
        for index, spec in enumerate(self._specs):
            if spec.group:
                groups.setdefault(spec.group, []).append(index)
            grid.setdefault((floor(spec.x / CELL), floor(spec.y / CELL)), []).append(index)

    def _size(self, kind: str) -> tuple[float, float, float]:
        """(length, width, mass) of a kind of piece."""
        if kind == "ship":
            ship = self.data.ship
            return ship.length, ship.width, ship.mass
        spec = self.data.pieces[kind]
        return spec.side, spec.side, spec.mass

    def _radius(self, kind: str) -> float:
        return self._radii[kind]

    def _make(self, spec: BodySpec) -> _Rec:
        length, width, mass = self._size(spec.kind)
        body = pymunk.Body(mass, mass * (length * length + width * width) / 12.0)
        body.position = (spec.x, spec.y)
        body.angle = spec.angle
        hl, hw = length / 2.0, width / 2.0
        shape = pymunk.Poly(body, [(-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw)])
        shape.friction = self.cfg.mu_contact
        shape.elasticity = self.cfg.elasticity
        shape.collision_type = SHIP if spec.kind == "ship" else BLOCK
        shape.filter = level_filter(spec.level)
        self._space.add(body, shape)
        rec = _Rec(spec, body, shape, (length + width) / 2.0, mass,
                   0.5 * math.hypot(length, width), spec.level)
        self._recs.append(rec)
        self._rec_of_shape[shape] = rec
        self._speed_checks.append(
            (chipmunk_body(body), self._one_step_speed ** 2 * mass / (4.0 * KE_MARGIN)))
        self._added[spec.id] = rec
        return rec

    def _attach_floor(self, rec: _Rec) -> None:
        """Coulomb friction against the board: velocity-only joints with capped force."""
        force = self.cfg.mu_floor * rec.mass * self.cfg.gravity
        self._attach(rec, [self._space.static_body], force)

    def _attach_stack(self, rec: _Rec, supporters: list[_Rec]) -> None:
        """A stone rides on the stones below it until their friction gives way."""
        rec.supporters = supporters
        if not supporters:
            self._attach_floor(rec)
            return
        force = self.cfg.mu_stone * rec.mass * self.cfg.gravity / len(supporters)
        self._attach(rec, [s.body for s in supporters], force)

    def _attach(self, rec: _Rec, bases: list[pymunk.Body], force: float) -> None:
        for joint in rec.joints:
            self._space.remove(joint)
        rec.joints = []
        body = rec.body
        for base in bases:
            anchor = base.world_to_local(body.position) if base is not self._space.static_body \
                else (0.0, 0.0)
            pivot = pymunk.PivotJoint(base, body, anchor, (0.0, 0.0))
            pivot.max_bias = 0.0
            pivot.max_force = force
            gear = pymunk.GearJoint(base, body, 0.0, 1.0)
            gear.max_bias = 0.0
            gear.max_force = force * self.cfg.spin_arm * rec.side
            pivot.collide_bodies = gear.collide_bodies = False
            self._space.add(pivot, gear)
            rec.joints += [pivot, gear]

    def _add_launch(self, launch: Launch) -> _Rec:
        ship = self._deck_ship
        x, y = (ship.x, ship.y) if ship is not None else (0.0, 0.0)
        rec = self._make(BodySpec(launch.block, launch.kind, x, y, launch.angle))
        # it collides from its very first step with everything but its own ship: a piece
        # lying beside the deck stops it there, instead of being found already inside it
        # when the block drops onto the board
        rec.on_deck = ship is not None
        rec.shape.filter = level_filter(1, LAUNCH_GROUP if rec.on_deck else 0)
        if rec.on_deck and not self.cfg.deck_collides:
            rec.shape.filter = NO_COLLISION  # edition 1: it touched nothing on the deck
        self._attach_floor(rec)
        rec.body.velocity = (launch.speed * math.cos(launch.angle),
                             launch.speed * math.sin(launch.angle))
        rec.body.angular_velocity = launch.spin
        return rec

    def _add_pending(self, index: int) -> list[_Rec]:
        """Bring a resting piece (and the rest of its pyramid) into the space, asleep."""
        spec = self._specs[index]
        indices = self._groups[spec.group] if spec.group else [index]
        new = [self._make(self._specs[i]) for i in indices if self._specs[i].id not in
               self._added]
        by_level = sorted(new, key=lambda r: r.level)
        for rec in by_level:
            if rec.level == 1:
                self._attach_floor(rec)
            else:
                self._attach_stack(rec, self._supporters_of(rec, rec.level - 1))
                self._stacked.append(rec)
        if new:
            first = new[0].body
            first.sleep()
            for rec in new[1:]:
                rec.body.sleep_with_group(first)
        return new

    # Stepping ---------------------------------------------------------------------------

    def _step(self) -> None:
        if self.dropped:  # a fresh set only after a drop: this runs every tick
            self.dropped = set()
        if self.steps >= self._next_check:
            self._bookkeeping()
            if self.done:
                return
        substeps = self._substeps
        self._step_space(self._dt / substeps, substeps)
        self.physics_steps += substeps
        if self._tick_push:
            self._settle_knocks()
        # the next tick's split; a tick that opens with bookkeeping splits itself anew
        # from the same velocities, so it is left to that
        if self._resubstep_on and self.steps + 1 < self._next_check:
            self._resubstep()
        self.steps += 1
        if self._block.on_deck or self._block.leaving:
            self._check_deck()
        if self._stacked and self.steps % self.cfg.support_every == 0:
            self._check_supports()
        if self.steps >= self._max_steps and not self.done:
            self.forced = True
            self.done = True

    def _step_space(self, part: float, substeps: int) -> None:
        """One tick: `substeps` pymunk steps of `part` seconds each (see `CHIPMUNK`)."""
        step, space = CHIPMUNK.cpSpaceStep, self._chipmunk_space
        for _ in range(substeps):
            step(space, part)

    def _resubstep(self) -> None:
        """Split the next tick by the fastest body now, not only at bookkeeping: a block
        squeezed between a pusher and a ship can leave the squeeze several times faster
        than anything moved a tick before, and must not cross the ship in one step."""
        fastest = 0.0
        # Only a body faster than `_one_step_speed` can matter: below twice that speed a
        # tick is one step whatever the maximum, so slower bodies may be left out. This
        # runs every tick, so the cheapest question comes first: the kinetic energy bounds
        # the speed, (|vx| + |vy|)^2 <= 2 |v|^2 <= 4 KE / m, whether KE is m |v|^2
        # (Chipmunk's) or half that, and each piece's bound is worked out once
        # (`_speed_checks`); most bodies lie still or crawl and go no further. The values
        # are read straight from Chipmunk (`CHIPMUNK`): the same numbers as pymunk's.
        energy = CHIPMUNK.cpBodyKineticEnergy
        sleeping = CHIPMUNK.cpBodyIsSleeping
        for body, limit in self._speed_checks:
            if energy(body) <= limit or sleeping(body):
                continue
            velocity = CHIPMUNK.cpBodyGetVelocity(body)
            speed = abs(velocity.x) + abs(velocity.y)
            if speed > fastest:
                fastest = speed
        self._substeps = max(1, math.ceil(1.6 * fastest * self._dt / self.cfg.max_travel))

    def _bookkeeping(self) -> None:
        """Bring nearby pieces in, drop pieces off the board, detect rest.

        Runs every `check_every` steps while something moves fast, less often (up to
        `check_most` steps) while everything crawls: the pass must cover the distance the
        fastest body can travel before the next one.
        """
        cfg = self.cfg
        moving: list[tuple[_Rec, float, float, float, float]] = []
        fastest = 0.0
        for rec in self._recs:
            if rec.removed or rec.body.is_sleeping:
                continue
            pos, vel = rec.body.position, rec.body.velocity
            moving.append((rec, pos.x, pos.y, vel.x, vel.y))
            fastest = max(fastest, abs(vel.x) + abs(vel.y))
        if not moving:
            if self._block.on_deck:
                self._land_block()
            else:
                self.done = True
                return
        per_step = 1.5 * fastest * cfg.dt
        interval = cfg.check_most
        if per_step * cfg.check_most > cfg.check_reach:
            interval = max(cfg.check_every, int(cfg.check_reach / per_step))
        self._next_check = self.steps + interval
        # a fast body is stepped in parts, so no piece travels far enough in one part to
        # pass through another (a hit can pass on up to 1.6 times the speed to a lighter one)
        self._substeps = max(1, math.ceil(1.6 * fastest * cfg.dt / cfg.max_travel))
        horizon = 1.5 * interval * cfg.dt
        for rec, x, y, vx, vy in moving:
            if self._off_board(x, y, rec.radius):
                self._remove(rec)
                continue
            if rec.queried == (x, y) and vx == vy == 0.0:
                continue
            rec.queried = (x, y) if vx == vy == 0.0 else None
            self._wake_along(rec, x, y, vx * horizon, vy * horizon)

    def _wake_along(self, mover: _Rec, x: float, y: float, dx: float, dy: float) -> None:
        """Add every resting piece the mover could touch before the next bookkeeping pass.

        Between collisions a body travels in a straight line and only slows down, so its
        reach is a capsule along its velocity. A piece it may hit can deflect it (it may
        then go anywhere within its remaining travel) and can itself be set moving, at most
        as fast as an elastic hit allows; both are followed in turn with what is left.
        """
        margin = self.cfg.wake_margin
        length = math.hypot(dx, dy) + margin
        hits = self._pending_near(x, y, x + dx, y + dy, mover.radius + margin)
        queue: list[tuple[float, float, float, float, float, float]] = []
        for index, along in hits:
            self._follow(index, length - along, mover.radius, mover.mass, queue)
        while queue:
            cx, cy, start, budget, radius, mass = queue.pop()
            for index, dist in self._pending_near(cx, cy, cx, cy, start + budget + radius):
                spec = self._specs[index]
                if spec.id in self._added:
                    continue
                used = max(0.0, dist - start - radius - self._radius(spec.kind))
                self._follow(index, budget - used, radius, mass, queue)

    def _follow(self, index: int, left: float, radius: float, mass: float,
                queue: list[tuple[float, float, float, float, float, float]]) -> None:
        spec = self._specs[index]
        if left < 0.0 or spec.id in self._added:
            return
        for rec in self._add_pending(index):
            p = rec.body.position
            beta = (1.0 + self.cfg.elasticity) * mass / (mass + rec.mass)
            # the mover deflected off this piece ...
            queue.append((p.x, p.y, rec.radius + radius, left, radius, mass))
            # ... and this piece set moving
            queue.append((p.x, p.y, 0.0, 1.5 * beta * left, rec.radius, rec.mass))

    def _pending_near(self, x0: float, y0: float, x1: float, y1: float,
                      radius: float) -> list[tuple[int, float]]:
        """Resting pieces within `radius` (plus their own size) of the segment, each with
        how far along the segment (or from the point) it is, in a fixed order."""
        reach = radius + self._max_radius
        grid, specs, added, radii = self._grid, self._specs, self._added, self._radii
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy
        out = []
        for i in range(math.floor((min(x0, x1) - reach) / CELL),
                       math.floor((max(x0, x1) + reach) / CELL) + 1):
            for j in range(math.floor((min(y0, y1) - reach) / CELL),
                           math.floor((max(y0, y1) + reach) / CELL) + 1):
                for index in grid.get((i, j), ()):
                    spec = specs[index]
                    if spec.id in added:
                        continue
                    ex, ey = spec.x - x0, spec.y - y0
                    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, (ex * dx + ey * dy) /
                                                                length2))
                    gap = math.hypot(ex - t * dx, ey - t * dy)
                    if gap <= radius + radii[spec.kind]:
                        out.append((index, t * math.sqrt(length2) if length2 else gap))
        out.sort()
        return out

    def _off_board(self, x: float, y: float, radius: float) -> bool:
        width, height = self.board_size
        return x + radius < 0.0 or y + radius < 0.0 or x - radius > width or \
            y - radius > height

    def _remove(self, rec: _Rec) -> None:
        """A piece left the board. Joints to it go first (Chipmunk must never keep a joint
        to a body that has left the space)."""
        for other in self._recs:
            if rec in other.supporters and not other.removed:
                self._attach_stack(other, [s for s in other.supporters if s is not rec])
                other.signature = ()
        for joint in rec.joints:
            self._space.remove(joint)
        rec.joints = []
        self._space.remove(rec.body, rec.shape)
        rec.removed = True
        gone = chipmunk_body(rec.body)
        self._speed_checks = [c for c in self._speed_checks if c[0] is not gone]
        self.fell_off.append(rec.spec.id)

    def _check_deck(self) -> None:
        """The flicked block drops onto the board once its centre is past the deck's edge;
        it ignores its own ship until it is fully clear of it."""
        rec = self._block
        along, across = self._deck_coordinates(rec)
        length, width, _ = self._size("ship")
        if rec.on_deck and (abs(along) > length / 2 or abs(across) > width / 2):
            self._land_block()
        if rec.leaving and (abs(along) > length / 2 + rec.radius or
                            abs(across) > width / 2 + rec.radius):
            rec.leaving = False
            rec.shape.filter = level_filter(rec.level)

    def _deck_coordinates(self, rec: _Rec) -> tuple[float, float]:
        ship = self._added[self._launch.ship].body
        local = ship.world_to_local(rec.body.position)
        return local.x, local.y

    def _land_block(self) -> None:
        rec = self._block
        rec.on_deck = False
        rec.leaving = self._deck_ship is not None
        rec.shape.filter = level_filter(1, LAUNCH_GROUP if rec.leaving else 0)

    # Pyramids (CA-8) ----------------------------------------------------------------------

    def _check_supports(self) -> None:
        if not self._stacked:
            return
        stacked = [r for r in self._stacked if r.level >= 2 and not r.removed and
                   not r.body.is_sleeping]
        for rec in sorted(stacked, key=lambda r: r.level):
            kept = [s for s in rec.supporters if not s.removed and s.level == rec.level - 1]
            if len(kept) != len(rec.supporters):
                self._attach_stack(rec, kept)
                rec.signature = ()
            signature = self._signature(rec)
            if rec.signature and _close(signature, rec.signature):
                continue
            rec.signature = signature
            if not self._supported(rec):
                self._drop(rec)

    def _signature(self, rec: _Rec) -> tuple[float, ...]:
        """The stone's pose relative to its supporters: support can only change with it."""
        out: list[float] = []
        p, a = rec.body.position, rec.body.angle
        for sup in rec.supporters:
            local = sup.body.world_to_local(p)
            out += [local.x, local.y, a - sup.body.angle]
        return tuple(out)

    def _supported(self, rec: _Rec) -> bool:
        """The stone's centre lies inside the hull of the patches where it rests on its
        supporters (by `support_margin`), and enough of it rests on them. Rubble only needs
        to lie on one of them at all."""
        if not rec.supporters:
            return False
        if rec.rubble:
            outline = self._footprint(rec)
            return any(geometry.area(geometry.clip(outline, self._footprint(s))) > 0.5
                       for s in rec.supporters)
        patches: list[geometry.Point] = []
        total = 0.0
        me: geometry.Polygon | None = None
        half = rec.side / 2.0
        body = rec.body
        for sup in rec.supporters:
            turn = math.remainder(sup.body.angle - body.angle, math.pi / 2)
            if abs(turn) < 0.02 and sup.spec.kind == rec.spec.kind:
                # nearly aligned equal squares: the patch is a rectangle in the stone's frame
                c = body.world_to_local(sup.body.position)
                x0, x1 = max(-half, c.x - half), min(half, c.x + half)
                y0, y1 = max(-half, c.y - half), min(half, c.y + half)
                if x1 > x0 and y1 > y0:
                    patches += [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                    total += (x1 - x0) * (y1 - y0)
                continue
            me = me or self._footprint(rec, local=True)
            patch = geometry.clip(me, self._footprint(sup, relative_to=body))
            if len(patch) >= 3:
                patches += patch
                total += geometry.area(patch)
        if total < self.cfg.support_overlap * rec.side * rec.side:
            return False
        hull = geometry.convex_hull(patches)
        return len(hull) >= 3 and geometry.inside_by(hull, (0.0, 0.0)) >= \
            self.cfg.support_margin

    def _footprint(self, rec: _Rec, *, local: bool = False,
                   relative_to: pymunk.Body | None = None) -> geometry.Polygon:
        """The piece's outline in the world, in its own frame (`local`), or in the frame of
        another body."""
        length, width, _ = self._size(rec.spec.kind)
        if local:
            return geometry.rectangle(0.0, 0.0, 0.0, length, width)
        p, angle = rec.body.position, rec.body.angle
        if relative_to is not None:
            p = relative_to.world_to_local(p)
            angle -= relative_to.angle
        return geometry.rectangle(p.x, p.y, angle, length, width)

    def _supporters_of(self, rec: _Rec, level: int) -> list[_Rec]:
        """Stones of the same pyramid on `level` that overlap `rec`."""
        me = self._footprint(rec)
        out = []
        for other in self._recs:
            if other is rec or other.removed or other.level != level or \
                    other.spec.group != rec.spec.group:
                continue
            patch = geometry.clip(me, self._footprint(other))
            if len(patch) >= 3 and geometry.area(patch) > 0.01 * rec.side * rec.side:
                out.append(other)
        return out

    def _drop(self, rec: _Rec) -> None:
        """The stone falls to the highest lower level where the stones of its pyramid carry
        it (by the same test that made it fall), or to the board. If it lands on pieces of
        that level with no room to tumble aside, it lies on top of them as rubble (for as
        long as it lies on any of them at all)."""
        level = rec.level - 1
        supporters: list[_Rec] = []
        rec.rubble = False
        while level > 1:
            rec.supporters = self._supporters_of(rec, level - 1)
            if self._supported(rec):
                supporters = rec.supporters
                break
            level -= 1
        rec.level = level
        self.dropped.add(rec.spec.id)
        under = self._clear_landing(rec)
        while under and rec.level < MAX_LEVEL:
            # no room: it lies on what it fell on, unless that layer is crowded too
            rec.level += 1
            rec.rubble = True
            supporters = under
            under = self._clear_landing(rec)
        rec.shape.filter = level_filter(rec.level)
        if rec.level >= 2 and rec not in self._stacked:
            self._stacked.append(rec)
        self._attach_stack(rec, supporters)
        rec.signature = ()
        for other in self._recs:
            if rec in other.supporters:
                other.signature = ()

    def _clear_landing(self, rec: _Rec) -> list[_Rec]:
        """A falling stone that would land on pieces of its new level tumbles off them: it
        moves out of every overlap the short way, or else to the nearest free spot within
        `tumble` mm. Returns the pieces it still lies on when there is no room."""
        p = rec.body.position
        for index, _ in self._pending_near(p.x, p.y, p.x, p.y, rec.radius + self.cfg.tumble):
            if self._specs[index].level == rec.level:
                self._add_pending(index)
        near = [o for o in self._recs if o is not rec and not o.removed and
                o.level == rec.level and o.body.position.get_distance(p) <=
                rec.radius + o.radius + self.cfg.tumble]
        length, width, _ = self._size(rec.spec.kind)
        key = self._landing_key(rec, near, length, width)
        known = _LANDINGS.get(key)
        if known is None:
            known = self._search_landing(rec, near, length, width)
            if len(_LANDINGS) >= LANDINGS_KEPT:
                _LANDINGS.clear()
            _LANDINGS[key] = known
        spot, under = known
        if under:
            return [near[i] for i in under]
        if spot != (p.x, p.y):
            rec.body.position = spot
            self._space.reindex_shapes_for_body(rec.body)
        return []

    def _landing_key(self, rec: _Rec, near: list[_Rec], length: float,
                     width: float) -> tuple[object, ...]:
        """Everything `_search_landing` reads, exactly: the stone's size and pose, the
        reach, and the size and pose of every piece near it, in order."""
        p = rec.body.position
        return (self.cfg.tumble, length, width, p.x, p.y, rec.body.angle,
                tuple((*self._size(o.spec.kind)[:2], o.body.position.x, o.body.position.y,
                       o.body.angle) for o in near))

    def _search_landing(self, rec: _Rec, near: list[_Rec], length: float, width: float
                        ) -> tuple[tuple[float, float], tuple[int, ...]]:
        """Where the falling stone comes to lie, and (when there is no room) the indices in
        `near` of the pieces it lies on. A pure function of `_landing_key`."""
        p = rec.body.position
        corners = geometry.rectangle_terms(rec.body.angle, length, width)
        reach = rec.radius + SURE_MM
        outlines = []
        for o in near:
            outline = self._footprint(o)
            inner = 0.5 * (min(length, width) + min(self._size(o.spec.kind)[:2])) - SURE_MM
            c = o.body.position
            outlines.append((o, outline, geometry.axes_of(outline), c.x, c.y,
                             (rec.radius + o.radius) ** 2, inner * inner))

        def overlapping(x: float, y: float) -> Iterator[_Rec]:
            # The free-spot search asks this hundreds of times, so the polygon test is
            # left for the pieces it can decide: farther apart than their circumcircles,
            # two pieces cannot overlap; closer than their inscribed circles (by SURE_MM),
            # they overlap by that much along every axis the polygon test tries, far
            # beyond any rounding, so it would find them overlapping too. Nor can they
            # overlap where the stone's circumcircle lies beyond (by SURE_MM) the other's
            # extent along one of that piece's own axes, as the polygon test would find.
            mine: geometry.Polygon | None = None
            for o, outline, axes, cx, cy, reach2, inner2 in outlines:
                gap2 = (x - cx) ** 2 + (y - cy) ** 2
                if gap2 > reach2:
                    continue
                if gap2 < inner2:
                    yield o
                    continue
                if _beyond(axes, x, y, reach):
                    continue
                mine = mine or geometry.rectangle_from(x, y, corners)
                if geometry.overlaps(mine, outline, axes):
                    yield o

        def overlaps(x: float, y: float) -> list[_Rec]:
            return list(overlapping(x, y))

        order = list(outlines)

        def free(x: float, y: float) -> bool:
            # `overlapping` without its generator, asking first the piece that blocked the
            # last spot tried (the spots go round in small steps): whether any piece
            # overlaps does not depend on the order they are asked in
            mine: geometry.Polygon | None = None
            for i, (_, outline, axes, cx, cy, reach2, inner2) in enumerate(order):
                gap2 = (x - cx) ** 2 + (y - cy) ** 2
                if gap2 > reach2:
                    continue
                if gap2 >= inner2:
                    if _beyond(axes, x, y, reach):
                        continue
                    mine = mine or geometry.rectangle_from(x, y, corners)
                    if not geometry.overlaps(mine, outline, axes):
                        continue
                if i:
                    order.insert(0, order.pop(i))
                return False
            return True

        x, y = p.x, p.y
        for _ in range(3):
            hits = overlaps(x, y)
            if not hits:
                break
            push = geometry.separation(geometry.rectangle(x, y, rec.body.angle, length, width),
                                       self._footprint(hits[0]))
            assert push is not None
            x, y = x + push[0], y + push[1]
        else:
            if overlaps(x, y):
                spot = self._free_spot(p.x, p.y, free)
                if spot is None:
                    under = {id(o) for o in overlaps(p.x, p.y)}
                    return (p.x, p.y), tuple(i for i, o in enumerate(near) if id(o) in under)
                x, y = spot
        return (x, y), ()

    def _free_spot(self, x: float, y: float, free: Callable[[float, float], bool]
                   ) -> tuple[float, float] | None:
        """The nearest point around (x, y) (rings 1 mm apart, 16 directions) with no
        overlap, or None if there is none within `tumble`."""
        ring = 1.0
        while ring <= self.cfg.tumble:
            for cos, sin in _DIRECTIONS:
                cx, cy = x + ring * cos, y + ring * sin
                if free(cx, cy):
                    return cx, cy
            ring += 1.0
        return None

    # Contacts ---------------------------------------------------------------------------

    def _on_ship_contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space,
                         data: object) -> None:
        """A knock is the impulse a ship takes within one tick (CA-7), whatever the
        substeps: a fast hit is resolved over several substeps, and judging the first
        alone made the same hit count less the faster the board moved."""
        impulse = arbiter.total_impulse
        a, b = (self._rec_of_shape[s] for s in arbiter.shapes)
        if not self.cfg.knock_per_tick:
            self._first_contact_knock(arbiter, a, b)
            return
        for rec, sign in ((a, -1.0), (b, 1.0)):
            if rec.spec.kind == "ship":
                key = rec.spec.id
                self._tick_push[key] = self._tick_push.get(key, pymunk.Vec2d(0.0, 0.0)) + \
                    impulse * sign
        if arbiter.is_first_contact:
            self._record(arbiter, a, b, impulse.length)

    def _first_contact_knock(self, arbiter: pymunk.Arbiter, a: _Rec, b: _Rec) -> None:
        """Edition 1: a knock was the impulse of the first substep of a contact."""
        if not arbiter.is_first_contact:
            return
        impulse = arbiter.total_impulse.length
        for rec in (a, b):
            if rec.spec.kind == "ship":
                key = rec.spec.id
                self.ship_impulse[key] = max(self.ship_impulse.get(key, 0.0), impulse)
        self._record(arbiter, a, b, impulse)

    def _settle_knocks(self) -> None:
        """The tick is over: keep each ship's hardest knock so far."""
        for key, push in self._tick_push.items():
            self.ship_impulse[key] = max(self.ship_impulse.get(key, 0.0), push.length)
        self._tick_push = {}

    def _on_block_contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space,
                          data: object) -> None:
        if not arbiter.is_first_contact:
            return
        a, b = (self._rec_of_shape[s] for s in arbiter.shapes)
        self._record(arbiter, a, b, arbiter.total_impulse.length)

    def _record(self, arbiter: pymunk.Arbiter, a: _Rec, b: _Rec, impulse: float) -> None:
        if impulse < self.cfg.impact_min:
            return
        points = arbiter.contact_point_set.points
        x, y = (points[0].point_a.x, points[0].point_a.y) if points else (0.0, 0.0)
        self.impacts.append(Impact(self.time, a.spec.id, b.spec.id, impulse, x, y))


LANDINGS_KEPT = 256
"""How many landings `_LANDINGS` keeps before it starts afresh."""
_LANDINGS: dict[tuple[object, ...], tuple[tuple[float, float], tuple[int, ...]]] = {}
"""Where falling stones came to lie, by everything the search reads (`_landing_key`). The
screen replays a flick by running the rules' very simulation again (view/playback.py),
so each stone that falls is searched twice with the same inputs; the second time, in an
animation frame, is answered from here (a search can take several ms). A pure function's
memo: a hit gives exactly what the search would, so results never depend on it."""

_DIRECTIONS = tuple((math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16))
"""The free-spot search's 16 directions (the same values it worked out for every ring)."""


def _beyond(axes: tuple[geometry.Axis, ...], x: float, y: float, reach: float) -> bool:
    """Whether a piece reaching no farther than `reach` from (x, y) lies wholly outside
    another's extent along one of that piece's axes: the polygon test would then find the
    two apart on that axis (`reach` is wider than the piece by far more than rounding)."""
    for nx, ny, low, high in axes:
        along = nx * x + ny * y
        if along - reach > high or along + reach < low:
            return True
    return False


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Relative poses within 0.4 mm / 0.02 rad of each other."""
    if len(a) != len(b):
        return False
    return all(abs(u - v) <= (0.02 if i % 3 == 2 else 0.4) for i, (u, v) in
               enumerate(zip(a, b, strict=True)))


def resolve(pieces: Sequence[BodySpec], launch: Launch, *, data: CairoData | None = None,
            record_impacts: bool = False) -> FlickOutcome:
    """Headless: the board at rest after `launch`."""
    return FlickSimulation(pieces, launch, data=data, record_impacts=record_impacts).resolve()
