"""A resolved flick replayed frame by frame, for the eye (shared by the game and practice).

The rules resolve a flick headless; the screen re-runs the very same simulation from the
board as it was before the flick (`FlickSimulation(specs, launch)`, the launch from
`FlickStarted.launch()`) and steps it in real time: 240 Hz physics, so four steps per
frame at 60 fps, scaled by the animation speed. What it shows is what the rules judged.

Besides poses it reports what a scene turns into sound and effects: impacts since the last
frame, blocks that left the board, and blocks that came to rest in the Nile (a splash).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from nile.games.cairo.config import CairoData
from nile.games.cairo.physics import BodySpec, FlickSimulation, Impact, Launch, Pose
from nile.games.cairo.view.mapview import PieceDraw, ShipDraw, pieces_from_poses, ship_poses


@dataclass
class Splash:
    """A block settling in the river: ripples for a moment, then it sinks."""

    block: str
    x: float
    y: float
    age: float = 0.0


@dataclass
class FlickPlayback:
    """One flick in flight. `advance(seconds)` steps the physics; read `pieces()`/`ships()`."""

    specs: Sequence[BodySpec]
    launch: Launch
    data: CairoData
    faces: Mapping[str, int] = field(default_factory=dict)
    sinking: frozenset[str] = frozenset()
    """Blocks the rules sent to the box while still on the board (in the Nile): they splash
    when they settle."""
    sim: FlickSimulation = field(init=False)
    poses: dict[str, Pose] = field(init=False)
    impacts: list[Impact] = field(default_factory=list)
    """Impacts since the last `advance`."""
    gone: set[str] = field(default_factory=set)
    splashes: list[Splash] = field(default_factory=list)
    started: bool = False
    _carry: float = 0.0
    _still: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sim = FlickSimulation(self.specs, self.launch, data=self.data, record_impacts=True)
        self.poses = self.sim.poses()

    @property
    def done(self) -> bool:
        return self.sim.done

    @property
    def seconds(self) -> float:
        return self.sim.time

    def advance(self, seconds: float) -> None:
        """Step the physics by `seconds` of simulated time (whole 240 Hz steps)."""
        self.started = True
        self.impacts = []
        steps = self._carry + seconds * self.data.physics.hz
        whole = int(steps)
        self._carry = steps - whole
        for splash in self.splashes:
            splash.age += seconds
        if whole <= 0 or self.sim.done:
            return
        frame = self.sim.step_frame(whole)
        before = self.poses
        self.poses = frame.poses
        self.impacts = list(frame.impacts)
        self.gone.update(frame.fell_off)
        self._watch_sinking(before, frame.done)

    def finish(self) -> None:
        """Jump to rest (skipping, or the scene's timer ran out)."""
        while not self.sim.done:
            self.advance(1.0)

    def _watch_sinking(self, before: Mapping[str, Pose], done: bool) -> None:
        settled = {s.block for s in self.splashes}
        for block in self.sinking:
            if block in settled or block in self.gone or block not in self.poses:
                continue
            now, was = self.poses[block], before.get(block)
            still = was is not None and abs(now.x - was.x) + abs(now.y - was.y) < 0.05
            self._still[block] = self._still.get(block, 0) + 1 if still else 0
            if done or self._still[block] >= 3:
                self.splashes.append(Splash(block, now.x, now.y))

    def new_splashes(self) -> list[Splash]:
        """Splashes that began during the last `advance` (for a sound)."""
        return [s for s in self.splashes if s.age == 0.0]

    # What to draw ----------------------------------------------------------------------------

    def pieces(self, sunk_after: float = 0.5) -> list[PieceDraw]:
        """Blocks as they are now: fallen-off ones hidden, sunk ones hidden after a moment,
        the flicked block raised while it is still on the deck."""
        hidden: set[str] = set(self.gone)
        hidden.update(s.block for s in self.splashes if s.age > sunk_after)
        raised = self.launch.block if self.sim.block_on_deck else ""
        return pieces_from_poses(self.poses, self.faces, hidden, raised)

    def ships(self, alert: Iterable[int] = (), active: int | None = None) -> list[ShipDraw]:
        warn = set(alert)
        return [ShipDraw(seat, x, y, angle, seat in warn, seat == active)
                for seat, (x, y, angle) in sorted(ship_poses(self.poses).items())]

