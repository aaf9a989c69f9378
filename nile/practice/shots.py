"""Scripted Flick Practice screens for screenshots, snapshot tests and the frame benchmark.

Each shot opens practice over the launcher with a fixed session (seed, date and a made-up
history of earlier sessions), plays a few flicks instantly with aims computed from the
board (Cairo's slide formula plus a human-sized error) and leaves the screen as a player
would see it after them. `busy` is the benchmark table: a cluttered board and a flick after
every flick.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from nile.core import paths
from nile.games.cairo import ai
from nile.games.cairo.board import board
from nile.games.cairo.rules import by_hand
from nile.games.cairo.view.flick_input import Aim
from nile.practice.drill_scene import DrillScene
from nile.practice.history import DrillRun, Session
from nile.practice.scene import PracticeScene
from nile.practice.session import PracticeSession
from nile.practice.stats import FlickRow
from nile.practice.stats_scene import StatsScene
from nile.practice.table import PracticeTable
from nile.ui.launcher import LauncherScene

if TYPE_CHECKING:
    from nile.ui.scene import Shell

STARTED = 1_767_000_000
"""A fixed date for the scripted session (late December 2025)."""
DAY = 86_400


def past_history(session: PracticeSession, sessions: int = 8, seed: int = 3) -> None:
    """Earlier sessions whose error shrinks slowly, with drill results and bests."""
    rng = random.Random(f"practice-shots/{seed}")
    for k in range(sessions):
        past = Session(STARTED - (sessions - k) * DAY)
        spread = 34.0 - 2.6 * k
        for _ in range(24 + 3 * k):
            finger = rng.choice((2, 2, 2, 3, 1, 4, 5))
            tx, ty = rng.choice(((256.0, 330.0), (448.0, 325.0), (410.0, 385.0),
                                 (352.0, 165.0)))
            along = rng.gauss(4.0, spread * 0.7)
            across = rng.gauss(-0.6, spread / 14.0)
            error = math.hypot(along, across * 2.2)
            past.flicks.append(FlickRow("landing", finger, "small", rng.uniform(40, 160),
                                        rng.uniform(0.2, 0.5), 0.0,
                                        tx + rng.gauss(0, spread * 0.6),
                                        ty + rng.gauss(0, spread * 0.6), error, along, across,
                                        error < 16, 10.0 if error < 16 else 0.0))
        past.runs.append(DrillRun("landing", float(40 + 5 * k), 10))
        past.runs.append(DrillRun("pyramid", float(max(3, 9 - k)), max(3, 9 - k)))
        past.refresh_summary()
        session.history.sessions.append(past)
        session.history.offer_best("landing", float(40 + 5 * k))
        session.history.offer_best("pyramid", float(max(3, 9 - k)))
    session.history.offer_best("rings", 14.0)
    session.history.offer_best("knock", 20.0)


def new_session(history: bool = True) -> PracticeSession:
    session = PracticeSession(seed=11, started=STARTED, path=paths.data_dir() / "shots.json")
    if history:
        past_history(session)
    return session


def open_home(app: Shell, session: PracticeSession | None = None) -> PracticeScene:
    app.reset(LauncherScene(app))
    home = PracticeScene(app, session or new_session())
    app.push(home)
    return home


def open_drill(app: Shell, drill_id: str, session: PracticeSession | None = None,
               scene_class: type[DrillScene] = DrillScene) -> DrillScene:
    home = open_home(app, session)
    scene = scene_class(app, home.session, drill_id)
    app.push(scene)
    return scene


def aim_at(table: PracticeTable, x: float, y: float, finger: int, kind: str = "small",
           stretch: float = 1.0, turn: float = 0.0) -> Aim:
    """The slingshot aim that slides a block from the ship to (x, y), a little off."""
    state = table.state
    by_hand.pick_up(state, kind)
    physics = state.data.physics
    x0, y0 = table.ship_point()
    flick = ai.aim_flick(state, x0, y0, x, y, stretch, finger, physics.mu_floor * physics.gravity)
    if flick is None:
        return Aim(math.degrees(math.atan2(y - y0, x - x0)) % 360.0 + turn, 1.0, 0.0)
    return Aim((flick.degrees + turn) % 360.0, flick.power_share, 0.0)


def play(scene: DrillScene, aims: list[Aim]) -> None:
    """Flick each aim and show it to the end at once."""
    for aim in aims:
        scene.fire(aim)
        scene.skip()


def _target_point(scene: DrillScene) -> tuple[float, float]:
    target = scene.drill.target()
    assert target is not None
    return (target.x, target.y)


def _plan(scene: DrillScene, errors: list[tuple[float, float]]) -> None:
    """One flick per (stretch, turn) at the drill's current target."""
    for stretch, turn in errors:
        x, y = _target_point(scene)
        play(scene, [aim_at(scene.table, x, y, scene.finger, scene.knobs.kind, stretch, turn)])


# The shots ------------------------------------------------------------------------------------

def home(app: Shell) -> None:
    open_home(app)


def damaged(app: Shell) -> None:
    """A garbled history file: set aside with a message, practice starts fresh."""
    (paths.data_dir() / "practice.json").write_text('{"format": "nile-practice", "vers',
                                                    encoding="utf-8")
    app.reset(LauncherScene(app))
    app.push(PracticeScene(app))


def free(app: Shell) -> None:
    """Free practice with the clutter of a few flicks and a target site."""
    scene = open_drill(app, "free")
    scene.drill.pick_site("saqqara")
    _plan(scene, [(1.12, 4.0), (0.9, -3.0), (1.0, 1.5), (1.05, -1.0), (0.97, 0.5)])


def landing(app: Shell) -> None:
    scene = open_drill(app, "landing")
    _plan(scene, [(1.15, 3.0), (0.92, -2.0), (1.03, 0.8), (0.99, 0.2)])


def rings(app: Shell) -> None:
    scene = open_drill(app, "rings")
    _plan(scene, [(1.02, 0.5), (0.96, -1.0), (1.0, 0.3), (1.06, 1.5)])


def pyramid(app: Shell) -> None:
    scene = open_drill(app, "pyramid")
    _plan(scene, [(1.0, 0.0), (1.22, 5.0)])


def knock(app: Shell) -> None:
    scene = open_drill(app, "knock")
    _plan(scene, [(2.0, 0.2)])


def timed(app: Shell) -> None:
    scene = open_drill(app, "timed")
    _plan(scene, [(1.0, 0.5), (0.9, -2.0), (1.04, 1.0)])
    scene.drill.tick(23.4)


def demo(app: Shell) -> None:
    """Show me: the bot's aim grows from the ship before its block flies."""
    scene = open_drill(app, "landing")
    _plan(scene, [(1.1, 2.0)])
    scene.demonstrate()
    assert scene.coach is not None
    scene.coach.budget = math.inf  # the same choice on a busy machine
    while not scene.coach.think(1.0):
        pass
    scene.start_demo(scene.coach)
    if scene.show is not None:
        scene.show.windup_total = scene.show.windup = 2.2  # caught mid wind-up at 1.5 s


def statistics(app: Shell) -> None:
    """All time: the numbers per finger, the heat map, the trends and the grouping."""
    session = new_session()
    scene = open_drill(app, "landing", session)
    _plan(scene, [(1.1, 2.0), (0.95, -1.0), (1.0, 0.4)])
    app.pop()  # back to the home, then the statistics
    app.push(StatsScene(app, session, scope=1))


class BusyScene(DrillScene):
    """The benchmark table: free practice on a cluttered board, a flick after every flick
    (fired the frame after the previous one settled, as a player could at best)."""

    step = 0
    idle_frames = 0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle_frames = 0 if self.busy else self.idle_frames + 1
        if self.idle_frames >= 2 and self.app.top is self:
            self.step += 1
            sites = ("saqqara", "zawyet", "abusir", "abydos", "dahshur", "seila")
            site = board().site(sites[self.step % len(sites)])
            self.fire(aim_at(self.table, site.x, site.y, self.finger, "small",
                             1.0 + 0.06 * math.sin(self.step), 2.0 * math.cos(self.step)))


def clutter(table: PracticeTable) -> None:
    """The rival's 15 small blocks spread over the sites (never overlapping), the rival
    ship on D4."""
    table.set_rival_ship("D4")
    rng = random.Random("practice-busy")
    taken: list[tuple[float, float]] = []
    sites = board().sites
    n = 0
    while n < 15:
        site = sites[rng.randrange(len(sites))]
        dx, dy = rng.uniform(-site.w / 3, site.w / 3), rng.uniform(-site.h / 3, site.h / 3)
        x, y = site.world((dx, dy))
        if all(math.hypot(x - tx, y - ty) > 16.0 for tx, ty in taken):
            table.place_block(f"1s{n:02d}", site.id, dx, dy)
            taken.append((x, y))
            n += 1


def busy(app: Shell) -> None:
    """The benchmark table: a cluttered board and a flick after every flick from U6 (your
    blocks pile up as clutter too)."""
    scene = open_drill(app, "free", scene_class=BusyScene)
    clutter(scene.table)


def aiming(app: Shell) -> None:
    """Mid-drag on the cluttered board after a few flicks: band, arrow, power bar, the last
    flick's path and the ghost of the one before."""
    import pygame

    scene = open_drill(app, "free")
    clutter(scene.table)
    scene.drill.pick_site("saqqara")
    _plan(scene, [(1.1, 3.0), (0.95, -2.0), (1.0, 0.5)])
    scene.flick.enabled = True
    ax, ay = scene.flick.anchor
    scene.flick.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(ax, ay), button=1))
    for step in range(1, 6):
        scene.flick.handle_event(pygame.event.Event(
            pygame.MOUSEMOTION, pos=(ax - 12 * step, ay + 13 * step), rel=(0, 0),
            buttons=(1, 0, 0)))


SHOTS = {
    "home": home,
    "damaged": damaged,
    "free": free,
    "landing": landing,
    "rings": rings,
    "pyramid": pyramid,
    "knock": knock,
    "timed": timed,
    "demo": demo,
    "statistics": statistics,
    "aiming": aiming,
    "busy": busy,
}
BENCH_SHOT = "busy"
