"""The drill screen: the board, the goal, the finger, the report after each flick.

Flicking is Cairo's slingshot (`flick_input.py`): press on the block waiting on your ship,
pull back, let go. The flick is Cairo's own simulation (the same launch, physics and
judgement as the game), stepped frame by frame on screen (`FlickPlayback`); when the block
has come to rest the table settles its outcome, and the report, the score and the
statistics follow. "Show me" lets Cairo's planner play the next flick on a copy of the
board (a wind-up arrow, then the flick), after which the board is put back. Drawing is in
`drill_painter.py`.

Keys: Esc back (or cancel an aim, or skip a flick in flight), R reset the board or restart
the drill, F next finger (1-5 pick one), Space replay the last flick (while aiming with the
arrow keys, Enter flicks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from nile.games.cairo import config as cairo_config
from nile.games.cairo.board import board
from nile.games.cairo.rules.events import PyramidBuilt
from nile.games.cairo.view import flick_input
from nile.games.cairo.view.flick_input import Aim, FlickInput
from nile.games.cairo.view.mapview import PieceDraw
from nile.games.cairo.view.playback import FlickPlayback
from nile.practice import panels
from nile.practice.coach import DrillCoach
from nile.practice.dialogs import DoneChoices, DrillDoneDialog, RunOutcome
from nile.practice.drill_frame import (
    ClutterBox,
    DrillFrame,
    FingerChoice,
    Flight,
    KindChoice,
    Knobs,
    OnBoard,
    Show,
)
from nile.practice.drill_painter import (
    BOARD_AREA,
    BUTTONS_TOP,
    CLUTTER,
    GOAL,
    DrillPainter,
    finger_rect,
    report_rect,
)
from nile.practice.drills import (
    Drill,
    FreePractice,
    PyramidDrill,
    Verdict,
    make_drill,
)
from nile.practice.panels import Report
from nile.practice.session import PracticeSession
from nile.practice.stats_scene import StatsScene
from nile.practice.table import PLAYER, FlickResult, PracticeTable, Prepared, Shot
from nile.practice.view import BoardView
from nile.ui import anim, keys, sound
from nile.ui.chrome.dialogs import RulesScene
from nile.ui.chrome.panels import Toasts
from nile.ui.scene import Scene
from nile.ui.table.dice import Die

if TYPE_CHECKING:
    from nile.ui.scene import Shell

END_PAUSE = 1.4
"""Seconds to look at the board after the last flick of a drill, before its result."""
WINDUP = 0.6
"""Seconds the bot's aim grows from the ship before its block flies (as in Cairo)."""
THINK_SLICE = 0.006
"""Seconds of planning per frame while the bot thinks."""
HELP = """Cairo's flick on its own, with no game around it.

How to flick: press on the block on your ship, pull back like a slingshot (the arrow and
the power bar show the aim and the strength) and let go. The arrow keys fine-tune an aim
(hold Shift for fine steps), Enter flicks it, Esc or a right-click cancels it.

Fingers: the thumb is strong and coarse, the little finger weak and shaky; each shows its
wobble and reach under the finger buttons. Press 1-5 or F, or click a finger.

Show me: the coach flicks it for you. Space watches the last flick again; R puts the
blocks back. After each flick the panel says where the block stopped and how far from
the target; Statistics keep your numbers, a heat map and your history."""
"""What F1 shows in a drill (the keys follow it, from the key table)."""


class DrillScene(Scene):
    """One drill (or free practice) on the Cairo board."""

    keyboard_focus = False  # Space and Enter flick; the arrows aim

    KEYS = (
        keys.Binding("escape", "escape", "cancel the aim, stop the coach, or leave the drill"),
        keys.Binding("1-5", "pick_finger", "choose the finger", when="may_pick_finger"),
        keys.Binding("f", "cycle_finger", "the next finger"),
        keys.Binding("r", "reset", "put the blocks back and start again"),
        keys.Binding("space", "replay", "watch the last flick again", when="may_replay"),
        keys.Binding("f1", "show_help", "how to flick, and the keys"),
        *flick_input.KEYS,
    )

    def __init__(self, app: Shell, session: PracticeSession, drill_id: str) -> None:
        super().__init__(app)
        self.session = session
        self.data = cairo_config.load()
        self.drill: Drill = make_drill(drill_id, session.rng, session.data)
        self.table = PracticeTable()
        self.drill.start(self.table)
        self.view = BoardView(BOARD_AREA)
        self.flick = FlickInput()
        self.knobs = Knobs()
        self.die = Die((0, 0), 30)
        self.show: Show | None = None
        self.coach: DrillCoach | None = None
        self.last: FlickResult | None = None
        self.ghost: FlickResult | None = None
        self.report: Report | None = None
        self.verdict: Verdict | None = None
        self.toasts = Toasts(BOARD_AREA.centerx, BOARD_AREA.top + 10)
        self.clock = 0.0
        self.mouse: tuple[int, int] = (0, 0)
        self.flicks_shown = 0
        self.pause = 0.0
        """Seconds the board is held before `pause_then` (the next layout, the result)."""
        self.pause_then: Callable[[], None] | None = None
        self.pause_label = ""
        self.painter = DrillPainter()
        self.aimed = False
        """The player has taken aim in this run (the timed drill's clock starts then)."""
        self._space = self.table.space
        self._make_buttons()
        self.knobs.finger = session.finger
        if session.die_mode:
            self._die_mode()
        self._anchor()

    # Layout and buttons ----------------------------------------------------------------------

    @property
    def finger_rect(self) -> pygame.Rect:
        return finger_rect(self.drill.id)

    @property
    def report_rect(self) -> pygame.Rect:
        return report_rect(self.drill.id)

    def _make_buttons(self) -> None:
        right = 1280 - 8
        self.button(pygame.Rect(right - 100, 4, 100, 36), "Back", self.back, "Back to the "
                    "practice home (Esc)")
        self.button(pygame.Rect(right - 230, 4, 122, 36), "Statistics", self.open_stats,
                    "Your numbers, heat map and trends")
        x, w = GOAL.left, GOAL.width
        self.button(pygame.Rect(x, BUTTONS_TOP, w, 44), "Show me", self.demonstrate,
                    "A Cairo bot plays the next flick with your finger; the board goes back "
                    "afterwards", "@accent")
        half = (w - 8) // 2
        self.button(pygame.Rect(x, BUTTONS_TOP + 52, half, 40), "Replay (Space)", self.replay,
                    "Watch the last flick again, frame by frame")
        reset = "Clear board (R)" if self.drill.id == "free" else "Restart (R)"
        tip = "Every block back in your hand" if self.drill.id == "free" else \
            "Start this drill again from the beginning"
        self.button(pygame.Rect(x + half + 8, BUTTONS_TOP + 52, half, 40), reset, self.reset,
                    tip)

    @property
    def clutter_rect(self) -> pygame.Rect:
        return CLUTTER

    def _anchor(self) -> None:
        """The slingshot sits on your ship, sized to the block, with the finger's reach.
        After the ship has moved, the previous aim's arrow means nothing: it goes."""
        if self.table.space != self._space:
            self._space = self.table.space
            self.flick.new_turn()
        self.session.finger, self.session.die_mode = self.knobs.finger, self.knobs.die_mode
        renderer = self.view.renderer
        x, y = self.table.ship_point()
        self.flick.set_anchor(renderer.to_screen(x, y), renderer.px(self.data.ship.length) / 2 + 8,
                              renderer.px(self.data.pieces[self.knobs.kind].side) / 2)
        self.flick.default_degrees = 270.0 if self.table.space.startswith("D") else 90.0
        strongest = max(f.max_speed for f in self.data.fingers)
        low = self.data.physics.min_speed
        self.flick.set_reach((self.data.finger(self.finger).max_speed - low) / (strongest - low))

    @property
    def finger(self) -> int:
        """The finger of the next flick: the die's, or yours (fixed, or on a rolled 6)."""
        knobs = self.knobs
        if knobs.die_mode and 1 <= knobs.rolled <= 5:
            return knobs.rolled
        return knobs.finger

    @property
    def speed(self) -> float:
        return self.app.settings.animation_factor()

    @property
    def busy(self) -> bool:
        return self.show is not None or self.coach is not None or self.pause > 0

    # Actions ---------------------------------------------------------------------------------

    def back(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def open_stats(self) -> None:
        self._finish_show()
        self.app.push(StatsScene(self.app, self.session))

    def reset(self) -> None:
        """R: clear the board (free practice) or start the drill again."""
        self._finish_show()
        self.pause, self.pause_then = 0.0, None
        self.coach = None
        self.flick.reset()
        if self.drill.id == "free":
            self.table.clear()
            self.toasts.show("The board is clear.", "info", 1.5)
        else:
            self.drill.start(self.table)
            self.knobs.flights.clear()
            self.aimed = False
            self.toasts.show("Drill restarted.", "info", 1.5)
        self._anchor()

    def replay(self) -> None:
        """Space: the last flick again, re-run by the physics frame by frame."""
        if self.busy or self.last is None:
            return
        if self.speed <= 0:
            self.toasts.show("Animations are off (Settings).", "info", 2.0)
            return
        last = self.last
        playback = FlickPlayback(last.specs, last.launch, self.data, last.faces,
                                 frozenset(last.to_box))
        self.show = Show(playback, "replay", last.shot, hold=0.6)
        sound.play("flick")

    def demonstrate(self) -> None:
        """Show me: the planner picks a flick for this drill with your finger."""
        if self.busy or self.drill.finished:
            return
        if self.drill.target() is None:
            self.toasts.show("Click a site first: the bot needs a target.", "info", 2.5)
            return
        self.flick.reset()
        self.coach = DrillCoach(self.table, self.drill, self.finger, self.knobs.kind)

    def cycle_finger(self) -> None:
        """F: thumb, index, middle, ring, little finger, the die, thumb..."""
        knobs = self.knobs
        if knobs.die_mode:
            knobs.die_mode, knobs.finger = False, 1
        elif knobs.finger == 5:
            self._die_mode()
        else:
            knobs.finger += 1
        self._anchor()

    def pick_finger(self, finger: int) -> None:
        """A finger button or key 1-5: on a rolled 6 it is your pick for this flick; else
        it leaves the die."""
        knobs = self.knobs
        knobs.finger = finger
        if not (knobs.die_mode and knobs.rolled == 6):
            knobs.die_mode = False
        self._anchor()

    def _die_mode(self) -> None:
        self.knobs.die_mode = True
        self._roll()

    def _roll(self) -> None:
        """Roll the Nile die for the next flick (CA-4; the session's generator)."""
        value = self.session.roll_die()
        self.knobs.rolled = value
        if self.speed > 0:
            self.die.roll(value)
            sound.play("dice", 0.6)
        else:
            self.die.face = value
        self._anchor()

    def pick_kind(self, kind: str) -> None:
        if kind in self.drill.kinds:
            self.knobs.kind = kind
            self._anchor()

    # Flicks ----------------------------------------------------------------------------------

    def fire(self, aim: Aim) -> None:
        """A released slingshot: the flick plays frame by frame and is judged at rest."""
        if self.busy or self.drill.finished:
            return
        self.drill.before_fire(self.table)
        shot = Shot(aim.degrees, aim.power, aim.offset)
        sound.play("flick")
        if self.speed <= 0:
            result = self.table.flick(shot, self.finger, self.knobs.kind, self.session.rng)
            self._finish_flick(result)
            return
        jitter = self.table.draw_jitter(self.session.rng)
        prepared = self.table.prepare(shot, self.finger, self.knobs.kind, jitter)
        self.show = self._show_of(prepared, self.table, "flick")

    def _show_of(self, prepared: Prepared, table: PracticeTable, kind: str,
                 windup: float = 0.0, hold: float = 0.3) -> Show:
        playback = FlickPlayback(prepared.specs, prepared.launch, self.data, prepared.faces)
        return Show(playback, kind, prepared.shot, windup, windup, hold, prepared=prepared,
                    table=table, path=[prepared.start])

    def _finish_flick(self, result: FlickResult) -> None:
        verdict = self.drill.assess(result, self.table)
        drill = self.drill
        before = {p.id: (p.x, p.y) for p in self.table.state.on_board()}
        drill.record(verdict, self.table)
        self.session.add_flick(drill.id, result, verdict)
        self.flicks_shown += 1
        self.ghost, self.last = self.last, result
        self.report = Report(self.flicks_shown, result, verdict, self.verdict)
        self.verdict = verdict
        sound.play("penalty" if verdict.capsized else "place" if verdict.hit else "hit", 0.6)
        if isinstance(drill, PyramidDrill) and isinstance(drill.built, PyramidBuilt):
            self._fly_stones(drill.built, before)
        if drill.finished:
            # a moment to see the last flick (and the pyramid rise) before the result
            self._wait(END_PAUSE, self._run_over, f"{drill.result_text()}  Click to go on.")
        else:
            self.session.save(background=True)
            self._wait(drill.pause_after, self._next_attempt,
                       "Next layout in a moment. Click to go on.")

    def _wait(self, seconds: float, then: Callable[[], None], label: str) -> None:
        """Hold the board as it is for `seconds` (animation time), then go on."""
        if seconds <= 0 or self.speed <= 0:
            then()
            return
        self.pause, self.pause_then, self.pause_label = seconds, then, label

    def _go_on(self) -> None:
        self.pause = 0.0
        then, self.pause_then = self.pause_then, None
        if then is not None:
            then()

    def _next_attempt(self) -> None:
        self.drill.after_show(self.table)
        if self.knobs.die_mode:
            self._roll()
        self._anchor()

    def _fly_stones(self, built: PyramidBuilt, before: dict[str, tuple[float, float]]) -> None:
        """The three stones slide into their pyramid, the ground level first."""
        if self.speed <= 0:
            return
        renderer = self.view.renderer
        for block, x, y, angle, level in built.stones:
            start = before.get(block)
            if start is None:
                continue
            tween = anim.Tween(renderer.to_screen(*start), renderer.to_screen(x, y), 0.3,
                               0.3 * (level - 1), anim.ease_in_out, arc=8 * level)
            self.knobs.flights[block] = Flight(PieceDraw(block, "small", PLAYER, x, y, angle,
                                                         level), tween, level)
        sound.play("place", 0.7)

    def _run_over(self) -> None:
        drill = self.drill
        before = self.session.best(drill.id)
        new_best = self.session.add_run(drill.id, drill.score, drill.flicks)
        problem = self._save()
        outcome = RunOutcome(drill.title, drill.result_text(), new_best, before,
                             drill.score is not None, problem)
        self.app.push(DrillDoneDialog(self.app, outcome,
                                      DoneChoices(self.reset, self.open_stats, self.back)))

    def _save(self) -> str:
        problem = self.session.save()
        if problem:
            self.toasts.show(problem, "error", 4.0)
        return problem

    def _finish_show(self) -> None:
        """Jump to the end of a flick on screen (a flick is still judged)."""
        show = self.show
        if show is not None:
            while not show.playback.done:
                show.playback.advance(1 / 60)
                show.record_path()
            self._end_show()

    def skip(self) -> None:
        """A click or a key: finish the flick on screen and stop holding the board."""
        self._finish_show()
        if self.pause > 0:
            self._go_on()

    def _end_show(self) -> None:
        show = self.show
        self.show = None
        if show is None or show.prepared is None or show.table is None:
            return
        result = show.table.settle(show.prepared, show.playback.sim.result(), show.path,
                                   self.session.rng)
        if show.kind == "flick":
            self._finish_flick(result)
            return
        verdict = self.drill.assess(result, show.table)
        self.report = Report(self.flicks_shown, result, verdict, None, demo=True)
        self.flick.show_hint(Aim(show.aim.degrees, show.aim.power, show.aim.offset), 8.0)

    def start_demo(self, coach: DrillCoach) -> None:
        """The planner has chosen: play its flick on a copy of the board."""
        self.coach = None
        choice = coach.best()
        if choice is None:
            self.toasts.show("The bot found nothing to aim at from here.", "info", 2.5)
            return
        trial = self.table.clone()
        self.drill.before_fire(trial)
        if self.speed <= 0:
            result = trial.flick(choice.shot, coach.finger, coach.kind, self.session.rng)
            verdict = self.drill.assess(result, trial)
            self.report = Report(self.flicks_shown, result, verdict, None, demo=True)
            self.flick.show_hint(Aim(choice.shot.degrees, choice.shot.power, 0.0), 8.0)
            return
        jitter = trial.draw_jitter(self.session.rng)
        prepared = trial.prepare(choice.shot, coach.finger, coach.kind, jitter)
        self.show = self._show_of(prepared, trial, "demo", WINDUP, hold=1.4)

    # Input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.show is not None or self.pause > 0:
            if _is_skip(event):
                self.skip()
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self._panel_click(event.pos):
            return
        if self.coach is not None:
            return
        used = self.flick.handle_event(event)
        aim = self.flick.take_fired()
        if aim is not None:
            self.fire(aim)
            return
        if not used and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                isinstance(self.painter.hits.at(event.pos), OnBoard):
            self._board_click(event.pos)

    def _key(self, event: pygame.event.Event) -> bool:
        return keys.dispatch(self, self.KEYS, event)

    def show_help(self) -> None:
        """F1, as in every game: how to flick and every key of the drill."""
        self.app.push(RulesScene(self.app, "Flick Practice", HELP, keys.describe(self.KEYS)))

    def escape(self) -> None:
        """Esc: cancel the aim, else stop the coach's demonstration, else leave the drill."""
        if self.flick.active or self.flick.dragging:
            self.flick.reset()
        elif self.coach is not None:
            self.coach = None
        else:
            self.back()

    def may_replay(self) -> bool:
        return not self.flick.active  # with an aim standing, Space flicks it

    def may_pick_finger(self) -> bool:
        return not self.flick.dragging

    def _panel_click(self, pos: tuple[int, int]) -> bool:
        """A click on the finger or block picker or the clutter box, as last drawn."""
        target = self.painter.hits.at(pos)
        if isinstance(target, FingerChoice):
            if target.index == len(panels.FINGER_LABELS) - 1:  # the die
                if not self.knobs.die_mode:
                    self._die_mode()
            else:
                self.pick_finger(target.index + 1)
            return True
        if isinstance(target, KindChoice):
            self.pick_kind(target.kind)
            return True
        if isinstance(target, ClutterBox) and isinstance(self.drill, FreePractice):
            self.drill.keep_clutter = not self.drill.keep_clutter
            return True
        return False

    def _board_click(self, pos: tuple[int, int]) -> None:
        """Click a Nile space to sail there, a site to aim at it (drills that allow it)."""
        renderer = self.view.renderer
        if self.drill.ship_movable:
            space = space_at(renderer.to_board(*pos))
            if space is not None and space != self.table.space:
                if self.table.move_ship(space):
                    self._anchor()
                    sound.play("move", 0.5)
                return
        site = renderer.site_at(pos)
        if self.drill.site_pickable and site is not None:
            self.drill.pick_site(site.id)
            sound.play("click", 0.5)
            return
        self.toasts.show("Press on the block waiting on your ship, then pull back.", "info",
                         2.0)

    # Frames -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        speed = self.speed
        self.clock += dt
        self.toasts.update(dt)
        problem = self.session.take_save_problem()
        if problem:
            self.toasts.show(problem, "error", 4.0)
        self.die.update(dt * max(speed, 1.0))
        if self.coach is not None and self.coach.think(THINK_SLICE):
            self.start_demo(self.coach)
        if self.show is not None:
            self._advance(self.show, dt * (speed if speed > 0 else 100.0))
        elif self.pause > 0:
            self.pause -= dt * speed
            if self.pause <= 0:
                self._go_on()
        for block, flight in list(self.knobs.flights.items()):
            flight.tween.update(dt * max(speed, 0.01))
            if flight.tween.done:
                del self.knobs.flights[block]
        aiming = not self.busy and not self.drill.finished and self.app.top is self
        self.flick.enabled = aiming
        if not aiming and (self.flick.active or self.flick.dragging):
            self.flick.reset()
        self.flick.update(dt)
        self.aimed = self.aimed or self.flick.dragging or self.flick.active
        if aiming and self.aimed:
            self.drill.tick(dt)
            if self.drill.finished:
                self.toasts.show("Time is up.", "error", 2.0)
                self._run_over()

    def _advance(self, show: Show, dt: float) -> None:
        if show.windup > 0:
            show.windup -= dt
            if show.windup <= 0:
                sound.play("flick")
            return
        playback = show.playback
        if not playback.done:
            playback.advance(dt)
            show.record_path()
            show.hit_cooldown -= dt
            if playback.impacts and show.hit_cooldown <= 0:
                strongest = max(i.impulse for i in playback.impacts)
                sound.play("hit", min(1.0, 0.25 + strongest / 3000.0))
                show.hit_cooldown = 0.06
            if playback.new_splashes():
                sound.play("splash", 0.8)
            return
        show.hold -= dt
        if show.hold <= 0:
            self._end_show()

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.frame())

    def frame(self) -> DrillFrame:
        """What the painter draws this frame."""
        return DrillFrame(
            drill=self.drill, table=self.table, board=self.view, flick=self.flick,
            toasts=self.toasts, die=self.die, knobs=self.knobs, finger=self.finger,
            show=self.show, last=self.last, ghost=self.ghost,
            held=self.pause_label if self.pause > 0 else None, clock=self.clock,
            coaching=self.coach is not None, rows=self.session.session_rows(),
            best=self.session.best(self.drill.id), report=self.report, mouse=self.mouse)


def space_at(point: tuple[float, float]) -> str | None:
    """The Nile space under a board point."""
    b = board()
    x, y = point
    for space in b.spaces:
        half = 48.0 if space.downstream else 24.0
        low, high = (b.south_bank, b.lane_split) if space.downstream else \
            (b.lane_split, b.north_bank)
        if abs(x - space.x) <= half and low <= y <= high:
            return space.id
    return None


def _is_skip(event: pygame.event.Event) -> bool:
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE,
                                                       pygame.K_RETURN))
