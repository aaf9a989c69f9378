"""What the rules report, played out over time: the Nile die tumbling, ships sailing space
by space, flicks replayed by the physics, stones flying into pyramids or back to the supply,
announcements, and the end scored site by site.

The scene always holds the state after the events; the stage says where things are drawn
meanwhile (a ship still sailing, blocks still sliding) and adds the effects on top. Timing
is a running clock per batch of events; `Animations.later` keeps the scene busy (no input,
no bot moves) until the show is over. With animations off, nothing is staged.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from nile.core.game import Event
from nile.games.cairo.board import board
from nile.games.cairo.config import CairoData
from nile.games.cairo.rules import CairoState, body_specs
from nile.games.cairo.rules.events import (
    BlocksRetrieved,
    DieFaceRolled,
    DieRolled,
    FlickResolved,
    FlickStarted,
    LastTurn,
    PenaltyPaid,
    PlayerLeft,
    PyramidBuilt,
    ShipKnockedOver,
    ShipMoved,
    SiteScored,
)
from nile.games.cairo.rules.phases import START, Phase
from nile.games.cairo.view import panel as H
from nile.games.cairo.view.flick_input import Aim, draw_arrow
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw, ShipDraw, ships_of
from nile.games.cairo.view.playback import FlickPlayback
from nile.ui import sound, theme
from nile.ui.anim import Animations, Tween, ease_in_out
from nile.ui.table.dice import Die
from nile.ui.theme import PlayerColor

WINDUP = 0.6
"""Seconds a bot's (or a replayed) aim is shown before its block flies."""
HOP = 0.17
"""Seconds per space a ship sails."""
SCORE_STEP = 0.9
"""Seconds per scoring site at the end."""


@dataclass(frozen=True)
class StageCalls:
    """What the stage asks of its scene."""

    announce: Callable[[str, str], None]
    """Show the engine's words (`{pN}` for a player) as a message of a kind ("info",
    "error", "ok")."""
    plate_center: Callable[[int], tuple[float, float]]
    """Where a seat's plate is on screen (retrieved blocks fly there)."""
    flicker_is_watching: Callable[[int], bool]
    """True if the flick was made by the human looking now (no wind-up needed)."""
    scoring_changed: Callable[[], None]
    """The end's site-by-site scoring has started or ended."""


@dataclass
class FlickShow:
    """A flick on screen: the aim shown for a moment (`windup`), then the physics."""

    playback: FlickPlayback
    seat: int
    aim: Aim
    windup: float
    windup_total: float
    hit_cooldown: float = 0.0


@dataclass
class Hop:
    """A ship sailing one space."""

    key: object
    tween: Tween
    start_angle: float
    end_angle: float


@dataclass
class Flight:
    """A block seen moving after the state has already moved it (retrieved, built in)."""

    key: object
    piece: PieceDraw
    tween: Tween


@dataclass
class ScoringShow:
    """The end: sites scored one by one."""

    results: list[SiteScored]
    base: list[float]
    """Points banked before the final scoring (Sudden Death)."""
    index: int = -1


@dataclass
class Stage:
    """The running animations of one scene, handed the scene's board renderer, Cairo's data
    and what it may ask of the scene (`StageCalls`); the scene's animation timeline is
    attached once the scene has one (`timeline`)."""

    renderer: BoardRenderer
    data: CairoData
    calls: StageCalls
    timeline: Animations | None = None
    die: Die = field(default_factory=lambda: Die((0, 0), 36))
    die_value: int = 0
    die_pending: bool = False
    finger_shown: int | None = None
    """The finger of the last flick (shown for another player's 6)."""
    show: FlickShow | None = None
    hops: dict[int, list[Hop]] = field(default_factory=dict)
    flights: list[Flight] = field(default_factory=list)
    moving: dict[str, Flight] = field(default_factory=dict)
    alerts: dict[int, float] = field(default_factory=dict)
    rolling: dict[str, float] = field(default_factory=dict)
    flash_site: tuple[str, float] | None = None
    scoring: ScoringShow | None = None

    @property
    def anims(self) -> Animations:
        """The scene's animation timeline (what is staged keeps the scene busy)."""
        assert self.timeline is not None, "the scene attaches its timeline first"
        return self.timeline

    @property
    def moves_pieces(self) -> bool:
        """True while some block is drawn elsewhere than the state has it."""
        return self.show is not None or bool(self.moving) or bool(self.rolling)

    def set_die(self, value: int) -> None:
        """Show the state's die (unless a roll is on its way)."""
        if not self.die_pending:
            self.die_value = value
            self.die.set_face(max(1, value))

    # Scheduling ---------------------------------------------------------------------------

    def play(self, events: Sequence[Event], before: CairoState | None,
             after: CairoState) -> None:
        """Stage a batch of events, one after the other; `before` is the board they started
        from, `after` the state they led to."""
        clock = 0.0
        for index, event in enumerate(events):
            clock = self._stage(event, events[index + 1:], before, clock)
        finals = [e for e in events if isinstance(e, SiteScored) and not e.sudden_death]
        if finals:
            self._start_scoring(finals, after, clock)

    def _stage(self, event: Event, later: Sequence[Event], before: CairoState | None,
               t: float) -> float:
        anims = self.anims
        if isinstance(event, DieRolled):
            return self._roll(event, t)
        if isinstance(event, ShipMoved):
            return self._sail(event, t)
        if isinstance(event, FlickStarted):
            self.finger_shown = event.finger
            resolved = next((e for e in later if isinstance(e, FlickResolved)), None)
            if before is not None and resolved is not None:
                return self._launch(event, resolved, before, t)
            return t
        if isinstance(event, BlocksRetrieved) and before is not None:
            return self._fly_home(event, before, t)
        if isinstance(event, PyramidBuilt) and before is not None:
            return self._build(event, before, t)
        if isinstance(event, DieFaceRolled):
            anims.later(t, partial(self._tumble, event.block))
            return t + 0.5
        if isinstance(event, ShipKnockedOver):
            anims.later(t, partial(self._announce, event, "penalty", "error"))
            return t + 0.5
        if isinstance(event, PenaltyPaid | PlayerLeft | LastTurn):
            anims.later(t, partial(self._announce, event, "cancel", "info"))
            return t + 0.6
        if isinstance(event, SiteScored) and event.sudden_death:
            anims.later(t, partial(self._flash, event))
            return t + 1.0
        return t

    def _announce(self, event: Event, effect: str, kind: str) -> None:
        sound.play(effect, 0.7)
        self.calls.announce(event.describe(None), kind)

    def _roll(self, event: DieRolled, t: float) -> float:
        self.die_pending = True

        def start() -> None:
            sound.play("dice")
            self.die_value = event.value
            self.die.roll(event.value)

        def end() -> None:
            self.die_pending = False
            self.die_value = event.value

        self.anims.later(t, start)
        self.anims.later(t + Die.ROLL_TIME, end)
        return t + Die.ROLL_TIME + 0.15

    def _sail(self, event: ShipMoved, t: float) -> float:
        b, renderer, anims = board(), self.renderer, self.anims
        seat = event.seat
        if event.start == START:
            x, y = b.start_slots[seat]
            previous = (x, y, math.pi / 2)
        else:
            space = b.space(event.start)
            previous = (space.x, space.y, space.heading)
        hops: list[Hop] = []
        for i, space_id in enumerate(event.path):
            space = b.space(space_id)
            start = renderer.to_screen(previous[0], previous[1])
            end = renderer.to_screen(space.x, space.y)
            tween = Tween(start, end, HOP, t + i * HOP, ease_in_out)
            key = ("hop", seat, i, id(tween))
            anims.add(key, tween)
            hops.append(Hop(key, tween, previous[2], space.heading))
            previous = (space.x, space.y, space.heading)
            anims.later(t + i * HOP, partial(sound.play, "move", 0.35))
        self.hops[seat] = hops
        return t + len(event.path) * HOP + 0.1

    def _launch(self, started: FlickStarted, resolved: FlickResolved, before: CairoState,
                t: float) -> float:
        """Replay the flick from the board before it (CA-5), after showing the aim."""
        windup = 0.0 if self.calls.flicker_is_watching(started.seat) else WINDUP
        seconds = resolved.steps / self.data.physics.hz
        if self.anims.speed <= 0:
            return t
        specs = body_specs(before)
        faces = {p.id: p.face for p in before.on_board() if p.kind == "die"}
        sinking = frozenset(resolved.to_box)
        knocked = tuple(int(s[4:]) for s in resolved.knocked)
        aim = Aim(started.intended_angle, started.intended_power, started.offset)

        def begin() -> None:
            playback = FlickPlayback(specs, started.launch(), before.data, faces, sinking)
            self.show = FlickShow(playback, started.seat, aim, windup, windup)
            if windup <= 0:
                sound.play("flick")

        def end() -> None:
            self.show = None
            for seat in knocked:
                self.alerts[seat] = 1.6

        self.anims.later(t, begin)
        self.anims.later(t + windup + seconds + 0.25, end)
        return t + windup + seconds + 0.3

    def _fly_home(self, event: BlocksRetrieved, before: CairoState, t: float) -> float:
        target = self.calls.plate_center(event.seat)
        for i, block in enumerate(event.blocks):
            piece = before.pieces[block]
            draw = PieceDraw(block, piece.kind, piece.owner, piece.x, piece.y, piece.angle,
                             face=piece.face)
            start = self.renderer.to_screen(piece.x, piece.y)
            tween = Tween(start, target, 0.45, t + 0.06 * i, ease_in_out, arc=30)
            key = ("home", block, id(tween))
            self.anims.add(key, tween)
            self.flights.append(Flight(key, draw, tween))
        self.anims.later(t, partial(sound.play, "place", 0.6))
        return t + 0.45 + 0.06 * len(event.blocks)

    def _build(self, event: PyramidBuilt, before: CairoState, t: float) -> float:
        """Stones slide into their places, the ground level first."""
        top = max(row[4] for row in event.stones)
        renderer = self.renderer
        for block, x, y, _, level in event.stones:
            old = before.pieces[block]
            start = renderer.to_screen(old.x, old.y)
            end = renderer.to_screen(x, y)
            tween = Tween(start, end, 0.3, t + 0.28 * (level - 1), ease_in_out, arc=8 * level)
            key = ("stone", block, id(tween))
            self.anims.add(key, tween)
            self.moving[block] = Flight(key, PieceDraw(block, "small", old.owner, old.x, old.y,
                                                       old.angle), tween)
        for level in range(1, top + 1):
            self.anims.later(t + 0.28 * level + 0.02, partial(sound.play, "place", 0.7))
        return t + 0.28 * top + 0.35

    def _tumble(self, block: str) -> None:
        sound.play("dice", 0.6)
        self.rolling[block] = 0.5

    def _flash(self, event: SiteScored) -> None:
        sound.play("win", 0.4)
        self.flash_site = (event.site, 2.0)
        self.calls.announce(event.describe(None), "ok")

    def _start_scoring(self, finals: list[SiteScored], after: CairoState, t: float) -> None:
        shown = [e for e in finals if any(e.points)]
        totals = [float(p) for p in after.banked]
        for event in finals:
            for seat, p in enumerate(event.points):
                totals[seat] -= p
        show = ScoringShow(shown, totals)
        anims = self.anims
        anims.later(t, partial(self._set_scoring, show))
        for i in range(len(shown)):
            anims.later(t + 0.3 + i * SCORE_STEP, partial(self._score_step, i))
        anims.later(t + 0.3 + len(shown) * SCORE_STEP + 0.4, partial(self._set_scoring, None))

    def _set_scoring(self, show: ScoringShow | None) -> None:
        self.scoring = show
        self.calls.scoring_changed()

    def _score_step(self, index: int) -> None:
        if self.scoring is not None:
            self.scoring.index = index
            sound.play("place", 0.8)

    # Per frame ---------------------------------------------------------------------------

    def update(self, dt: float, speed: float) -> None:
        """Advance by `dt` real seconds at animation `speed`."""
        self.die.update(dt * speed)
        if self.show is not None:
            self._advance_show(self.show, dt * speed)
        for seat in list(self.alerts):
            self.alerts[seat] -= dt
            if self.alerts[seat] <= 0:
                del self.alerts[seat]
        for block in list(self.rolling):
            self.rolling[block] -= dt * speed
            if self.rolling[block] <= 0:
                del self.rolling[block]
        # a tween is over when the animations dropped it (done, or skipped by `finish`)
        running = self.anims.active
        self.flights = [f for f in self.flights if running(f.key)]
        self.moving = {k: f for k, f in self.moving.items() if running(f.key)}
        for seat in [s for s, hops in self.hops.items() if not any(running(h.key)
                                                                   for h in hops)]:
            del self.hops[seat]
        if self.flash_site is not None:
            site, left = self.flash_site
            self.flash_site = (site, left - dt) if left > dt else None

    def _advance_show(self, show: FlickShow, dt: float) -> None:
        if show.windup > 0:
            show.windup -= dt
            if show.windup <= 0:
                sound.play("flick")
            return
        playback = show.playback
        playback.advance(dt)
        show.hit_cooldown -= dt
        if playback.impacts and show.hit_cooldown <= 0:
            strongest = max(i.impulse for i in playback.impacts)
            sound.play("hit", min(1.0, 0.25 + strongest / 3000.0))
            show.hit_cooldown = 0.06
        if playback.new_splashes():
            sound.play("splash", 0.8)

    # Where things are drawn ------------------------------------------------------------------

    def ships(self, view: CairoState) -> list[ShipDraw]:
        active = view.turn if view.phase != Phase.OVER else None
        alerts = set(self.alerts)
        if self.show is not None:
            return self.show.playback.ships(alerts, self.show.seat)
        out = []
        for ship in ships_of(view, active):
            hops = self.hops.get(ship.seat)
            if hops:
                ship = self._sailing(ship, hops)
            out.append(ShipDraw(ship.seat, ship.x, ship.y, ship.angle,
                                ship.seat in alerts, ship.active))
        return out

    def _sailing(self, ship: ShipDraw, hops: list[Hop]) -> ShipDraw:
        running = [h for h in hops if not h.tween.waiting and not h.tween.done]
        if running:
            hop, (px, py), k = running[0], running[0].tween.value(), running[0].tween.progress
        elif hops[0].tween.waiting:
            hop, (px, py), k = hops[0], hops[0].tween.start, 0.0
        else:
            hop, (px, py), k = hops[-1], hops[-1].tween.end, 1.0
        turn = math.remainder(hop.end_angle - hop.start_angle, 2 * math.pi)
        x, y = self.renderer.to_board(px, py)
        return ShipDraw(ship.seat, x, y, hop.start_angle + turn * k, ship.alert, ship.active)

    def sailing(self, seat: int) -> bool:
        return bool(self.hops.get(seat))

    def pieces(self, resting: list[PieceDraw]) -> list[PieceDraw]:
        """The view's blocks with those still moving drawn where they are now."""
        if self.show is not None:
            return self.show.playback.pieces()
        if not self.moving and not self.rolling:
            return resting
        out = []
        renderer = self.renderer
        for piece in resting:
            flight = self.moving.get(piece.id)
            if flight is not None:
                tween = flight.tween
                x, y = renderer.to_board(*(tween.start if tween.waiting else tween.value()))
                angle = flight.piece.angle if tween.waiting else piece.angle
                level = 1 if tween.waiting else piece.level
                piece = PieceDraw(piece.id, piece.kind, piece.owner, x, y, angle, level,
                                  piece.face)
            if piece.id in self.rolling:
                face = 1 + int(self.rolling[piece.id] * 20) % 6
                piece = PieceDraw(piece.id, piece.kind, piece.owner, piece.x, piece.y,
                                  piece.angle, piece.level, face, piece.burning)
            out.append(piece)
        return out

    def totals(self, points: Sequence[float]) -> list[float]:
        """Points shown on the strip: during the final scoring, only the sites shown yet."""
        if self.scoring is None:
            return list(points)
        totals = list(self.scoring.base)
        for event in self.scoring.results[:self.scoring.index + 1]:
            for seat, p in enumerate(event.points):
                totals[seat] += p
        return totals

    # Effects --------------------------------------------------------------------------------

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Site outlines: one just scored in Sudden Death, the one being scored at the end."""
        renderer = self.renderer
        if self.flash_site is not None and int(self.flash_site[1] * 5) % 2 == 0:
            renderer.outline_site(surface, board().site(self.flash_site[0]), theme.GOOD, 4)
        if self.scoring is not None and 0 <= self.scoring.index < len(self.scoring.results):
            site = board().site(self.scoring.results[self.scoring.index].site)
            renderer.outline_site(surface, site, theme.ACCENT, 4, 5.0)

    def draw_effects(self, surface: pygame.Surface, colors: Sequence[PlayerColor]) -> None:
        """Splashes, blocks flying home, and a bot's aim before its flick."""
        renderer = self.renderer
        show = self.show
        if show is not None:
            self._draw_splashes(surface, show)
            if show.windup > 0 and show.windup_total > 0:
                grow = min(1.0, 1.4 * (1.0 - show.windup / show.windup_total))
                pose = show.playback.poses[show.playback.launch.block]
                aim = Aim(show.aim.degrees, show.aim.power * grow, show.aim.offset)
                draw_arrow(surface, renderer.to_screen(pose.x, pose.y), aim,
                           theme.lighten(colors[show.seat].rgb, 0.35))
        for flight in self.flights:
            if not flight.tween.waiting:
                x, y = renderer.to_board(*flight.tween.value())
                piece = flight.piece
                renderer.draw_piece(surface, PieceDraw(piece.id, piece.kind, piece.owner, x, y,
                                                       piece.angle, 1, piece.face),
                                    colors[piece.owner])

    def _draw_splashes(self, surface: pygame.Surface, show: FlickShow) -> None:
        for splash in show.playback.splashes:
            if splash.age > 0.9:
                continue
            x, y = self.renderer.to_screen(splash.x, splash.y)
            for k in range(3):
                radius = 4 + splash.age * 40 + k * 7
                if 220 - splash.age * 260 - k * 50 > 0:
                    pygame.draw.circle(surface, (200, 230, 250), (x, y), radius, 1 if k else 2)

    def draw_scoring(self, surface: pygame.Surface, colors: Sequence[PlayerColor],
                     names: Sequence[str]) -> None:
        """The site being scored: its influence per player and the points they get."""
        if self.scoring is None or not 0 <= self.scoring.index < len(self.scoring.results):
            return
        event = self.scoring.results[self.scoring.index]
        site = board().site(event.site)
        panel = H.influence_panel(site, event.influence, event.points, colors, names, big=True)
        if panel is not None:
            renderer = self.renderer
            surface.blit(panel, H.beside_site(renderer, site, panel, renderer.rect))
