"""Cairo on screen: the board from above, flicks by slingshot, and everything the rules report.

Playing: the Nile die rolls by itself (it also picks your finger, CA-4; on a 6 you pick one
in the bottom bar or with keys 1-5) and your ship sails. On the downstream lane you may take
blocks back (click them, or Take all). Choose what to flick (buttons or S / L / D), then
press on the block waiting on your ship, pull back and let go (see `flick_input.py`). After
a small block lands on a site you may build a pyramid: choose its size, pick the stones (or
Auto), order the colours (own highest is the default) and place it on the site (wheel or R
turns it). I shows each site's influence; H shows where the normal bot would aim.

Flicks are animated by re-running the physics from the board before the flick
(`playback.py`), frame by frame; bots' flicks first show their aim for a moment. The end is
scored site by site. The drawn state is `self.view` except where an animation still shows
the past (a flick in flight, a ship sailing, stones flying to a pyramid).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.cairo import config
from nile.games.cairo import hud as H
from nile.games.cairo.board import board
from nile.games.cairo.flick_input import Aim, FlickInput, draw_arrow
from nile.games.cairo.playback import FlickPlayback
from nile.games.cairo.render import (
    BoardRenderer,
    PieceDraw,
    ShipDraw,
    pieces_of,
    ships_of,
)
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import building, flicking, scoring
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import (
    BlocksRetrieved,
    DieFaceRolled,
    DieRolled,
    FlickResolved,
    FlickStarted,
    KindChosen,
    LastTurn,
    PenaltyPaid,
    PlayerLeft,
    PyramidBuilt,
    ShipKnockedOver,
    ShipMoved,
    SiteScored,
)
from nile.games.cairo.rules.pieces import BOX, kind_of, owner_of
from nile.games.cairo.rules.state import CairoState
from nile.ui import sound, text, theme
from nile.ui.anim import Tween, ease_in_out
from nile.ui.chrome.game_scene import BarButton, GameScene
from nile.ui.table.dice import Die

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

STRIP_HEIGHT = 48
DIE_WIDTH = 200
WINDUP = 0.6
"""Seconds a bot's (or replayed) aim is shown before its block flies."""
HOP = 0.17
"""Seconds per space a ship sails."""
SCORE_STEP = 0.9
"""Seconds per scoring site at the end."""
KIND_LABEL = {"small": "small block", "large": "large block", "die": "die-block"}
FINGER_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_4: 4, pygame.K_5: 5}
DIRECTIONS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
              "south-east")


@dataclass
class FlickShow:
    """A flick on screen: the aim shown for a moment (`windup`), then the physics."""

    playback: FlickPlayback
    seat: int
    aim: Aim
    windup: float
    windup_total: float
    knocked: tuple[int, ...]
    hit_cooldown: float = 0.0


@dataclass
class Hop:
    """A ship sailing one space."""

    tween: Tween
    start_angle: float
    end_angle: float


@dataclass
class Flight:
    """A block seen moving after the state has already moved it (retrieved, built in)."""

    piece: PieceDraw
    tween: Tween
    end_angle: float = 0.0


@dataclass
class ScoringShow:
    """The end: sites scored one by one."""

    results: list[SiteScored]
    index: int = -1
    base: list[float] = field(default_factory=list)
    """Points banked before the final scoring (Sudden Death)."""


class CairoScene(GameScene):
    """The Cairo table."""

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        self.data = config.load()
        self.renderer = BoardRenderer(pygame.Rect(0, 0, 700, 500))
        self.flick = FlickInput()
        self.die = Die((0, 0), 36)
        self.die_value = 0
        self.die_pending = False
        self.finger = 2
        self.flick_total = 0
        self.finger_shown: int | None = None
        self.show: FlickShow | None = None
        self.hops: dict[int, list[Hop]] = {}
        self.flights: list[Flight] = []
        self.moving: dict[str, Flight] = {}
        self.alerts: dict[int, float] = {}
        self.rolling: dict[str, float] = {}
        self.flash_site: tuple[str, float] | None = None
        self.scoring: ScoringShow | None = None
        self.influence_on = False
        self.hover: PieceDraw | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.place_turn = 0.0
        self.arrange_order: list[int] = []
        self.hint_block: tuple[str, float] | None = None
        self.hint_place: tuple[A.Place, float] | None = None
        self._views: list[CairoState] = []
        self._turn_key: tuple[int, int] | None = None
        self._seats: list[H.SeatLine] = []
        self._panels: list[tuple[pygame.Surface, pygame.Rect]] | None = None
        self._pieces: tuple[int, list[PieceDraw]] | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] = ()
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, match, replay, autosaver)
        self.die_value = self.cairo.die
        self.die.face = self.die._shown = max(1, self.die_value)

    # Layout ----------------------------------------------------------------------------

    @property
    def cairo(self) -> CairoState:
        assert isinstance(self.view, CairoState)
        return self.view

    def layout_now(self) -> None:
        """Place the strip, the die panel and the board inside `board_rect`."""
        area = self.board_rect
        self.strip_rect = pygame.Rect(area.left + 6, area.top + 6,
                                      area.width - 18 - DIE_WIDTH, STRIP_HEIGHT)
        self.die_rect = pygame.Rect(self.strip_rect.right + 6, self.strip_rect.top, DIE_WIDTH,
                                    STRIP_HEIGHT)
        top = self.strip_rect.bottom + 6
        self.renderer.fit(pygame.Rect(area.left + 4, top, area.width - 8, area.bottom - top - 4))
        self.toasts.top = self.strip_rect.bottom + 12
        self._panels = None
        self._anchor_flick()

    def _anchor_flick(self) -> None:
        view = self.cairo
        if view.phase == S.OVER or view.ships[view.turn] in (S.OUT,):
            return
        x, y, _ = view.ship_pose(view.turn)
        center = self.renderer.to_screen(x, y)
        ship = self.data.ship
        kind = view.chosen or "small"
        self.flick.set_anchor(center, self.renderer.px(ship.length) / 2 + 8,
                              self.renderer.px(self.data.pieces[kind].side) / 2)
        space = view.ships[view.turn]
        self.flick.default_degrees = 270.0 if space.startswith("D") else 90.0
        finger = self._finger()
        strongest = max(f.max_speed for f in self.data.fingers)
        low = self.data.physics.min_speed
        self.flick.set_reach((self.data.finger(finger).max_speed - low) / (strongest - low))

    def _finger(self) -> int:
        view = self.cairo
        return self.finger if view.die == S.FINGER_ANY else max(1, min(5, view.die or 2))

    # Views and the bottom bar -------------------------------------------------------------

    def on_view_changed(self) -> None:
        view = self.cairo
        if not self._views or self._views[-1] is not view:
            self._views = [*self._views[-1:], view]
            self._pieces = None
            self._seats = self._seat_lines(view)
        key = (view.turn, view.turns_taken)
        if key != self._turn_key:
            self._turn_key = key
            self.finger, self.place_turn = 2, 0.0
            self.flick_total = view.flicks_left if view.phase == S.FLICK else 0
            self.flick.reset()
        self.hover = None
        if not self.die_pending:
            self.die_value = view.die
            self.die.face = self.die._shown = max(1, view.die)
        if view.phase != S.ARRANGE:
            self.arrange_order = []
        elif not self.arrange_order:
            first = view.legal_actions()[0]
            assert isinstance(first, A.Arrange)
            self.arrange_order = list(first.order)
        self.layout_now()
        self._update_action_bar()

    def _seat_lines(self, view: CairoState) -> list[H.SeatLine]:
        points = view.scores()
        out = []
        for seat in range(view.num_players):
            boxed = sum(1 for p in view.pieces.values() if p.owner == seat and p.where == BOX)
            out.append(H.SeatLine(
                self.name(seat), self.color(seat), len(view.supply(seat, "small")),
                bool(view.supply(seat, "large")), bool(view.supply(seat, "die")), boxed,
                points[seat], view.ships[seat] != S.OUT,
                view.phase != S.OVER and view.turn == seat,
                seat == self.viewer and self.replay is None))
        return out

    def _update_action_bar(self) -> None:
        view = self.cairo
        if self.scoring is not None:
            self.set_action_bar("Scoring the sites one by one (click to skip)")
            return
        if not self.my_turn:
            self.set_action_bar("")
            return
        phase = view.phase
        handlers = {
            S.RETRIEVE: self._bar_retrieve,
            S.CHOOSE: self._bar_choose,
            S.FLICK: self._bar_flick,
            S.PENALTY: self._bar_penalty,
            S.OFFER: self._bar_offer,
            S.PICK: self._bar_pick,
            S.ARRANGE: self._bar_arrange,
            S.PLACE: self._bar_place,
        }
        handler = handlers.get(phase)
        if handler is None:
            self.set_action_bar("")
            return
        prompt, buttons = handler(view)
        self.set_action_bar(prompt, buttons)

    def _bar_retrieve(self, view: CairoState) -> tuple[str, list[BarButton]]:
        count = sum(1 for a in view.legal_actions() if isinstance(a, A.Retrieve)
                    and a.block not in ("all", "done"))
        return (
            f"Take blocks back? Click your ringed blocks beside the ship, or take all {count}.",
            [BarButton("keep", "Leave them", self._send(A.RETRIEVE_DONE),
                       tooltip="Leave your blocks where they lie"),
             BarButton("all", f"Take all {count}", self._send(A.RETRIEVE_ALL),
                       accent=True, tooltip="Take every ringed block back into your supply (A)")],
        )

    def _bar_choose(self, view: CairoState) -> tuple[str, list[BarButton]]:
        kinds = [a.kind for a in view.legal_actions() if isinstance(a, A.Choose)]
        small = min(3, len(view.supply(view.turn, "small")))
        labels = {"small": f"{small} small", "large": "Large block", "die": "Die-block"}
        tips = {"small": "Flick up to three small blocks, one by one (S)",
                "large": "Flick your large block: 3 influence (L)",
                "die": "Flick your die-block: it counts its top face (D)"}
        who = "any finger" if view.die == S.FINGER_ANY else \
            f"your {self.data.finger(self._finger()).name}"
        return (f"You rolled {view.die}: flick with {who}. What will you flick?",
                [BarButton(f"choose-{k}", labels[k],
                           self._send(A.Choose(k)),
                           tooltip=tips[k], accent=k == "small") for k in kinds])

    def _bar_flick(self, view: CairoState) -> tuple[str, list[BarButton]]:
        total = max(self.flick_total, view.flicks_left)
        done = total - view.flicks_left + 1
        count = f"Flick {done} of {total}: " if total > 1 else ""
        prompt = (f"{count}press the block on your ship, pull back, let go "
                  "(arrow keys fine-tune, Enter flicks, Esc cancels).")
        buttons = []
        if view.die == S.FINGER_ANY:
            for finger, name in H.FINGER_NAMES.items():
                profile = self.data.finger(finger)
                tip = (f"{name} finger (key {finger}): up to {profile.max_speed / 1000:.1f} m/s,"
                       f" wobble {profile.aim_jitter:g}\u00b0")
                buttons.append(BarButton(f"finger-{finger}", name,
                                         partial(self._pick_finger, finger),
                                         tooltip=tip, accent=finger == self.finger))
            prompt = f"{count}a 6: choose your finger (1-5), then press, pull back, let go."
        return prompt, buttons

    def _bar_penalty(self, view: CairoState) -> tuple[str, list[BarButton]]:
        kinds = [a.kind for a in view.legal_actions() if isinstance(a, A.Penalty)]
        return ("A ship was knocked over: your turn ends. Which block of your supply goes "
                "in the box?",
                [BarButton(f"penalty-{k}", KIND_LABEL[k].capitalize(),
                           self._send(A.Penalty(k)))
                 for k in kinds])

    def _bar_offer(self, view: CairoState) -> tuple[str, list[BarButton]]:
        site = board().site(view.offer_site)
        free = len(view.free_small_on(site.id))
        sizes = [a.size for a in view.legal_actions()
                 if isinstance(a, A.BuildPyramid) and a.size]
        buttons = [BarButton(f"size-{n}", f"{n} stones",
                             self._send(A.BuildPyramid(n)),
                             tooltip=self._shape_words(n), accent=n == max(sizes))
                   for n in sizes]
        buttons.append(BarButton("no", "No pyramid", self._send(A.NO_PYRAMID)))
        return f"Build a pyramid on {site.name}? {free} free small blocks there.", buttons

    @staticmethod
    def _shape_words(size: int) -> str:
        levels = {3: "2 + 1", 5: "4 + 1", 6: "3 + 2 + 1", 10: "4 + 3 + 2 + 1", 14: "9 + 4 + 1"}
        return f"{size} stones, from the ground up {levels[size]}"

    def _bar_pick(self, view: CairoState) -> tuple[str, list[BarButton]]:
        left = view.pyramid_size - len(view.picked)
        site = board().site(view.offer_site).name
        return (f"Pick {left} more stone{'s' if left != 1 else ''} on {site}: click ringed "
                "blocks, or let the game pick (your own first).",
                [BarButton("auto", "Auto-pick", self._send(A.PICK_AUTO), accent=True,
                           tooltip="Your own blocks first, then the nearest to the centre")])

    def _bar_arrange(self, view: CairoState) -> tuple[str, list[BarButton]]:
        return ("Which colour goes highest? Click a row to lift it, then confirm.",
                [BarButton("arrange", "Confirm order", self._confirm_order, accent=True,
                           tooltip="Stack the stones in this order (Enter)")])

    def _bar_place(self, view: CairoState) -> tuple[str, list[BarButton]]:
        return ("Place the pyramid on the site: move the mouse there and click (wheel or R "
                "turns it).",
                [BarButton("cancel", "No pyramid", self._send(A.CancelPyramid()),
                           tooltip="Give up this pyramid; the blocks stay where they are"),
                 BarButton("centre", "Best spot", self._place_default, accent=True,
                           tooltip="The free spot nearest the site's centre")])

    # Bar and key actions --------------------------------------------------------------------

    def _send(self, action: Action) -> Callable[[], None]:
        """A button's callback that plays `action`."""

        def send() -> None:
            self.submit(action)

        return send

    def _pick_finger(self, finger: int) -> None:
        self.finger = finger
        self._anchor_flick()
        self._update_action_bar()

    def _confirm_order(self) -> None:
        self.submit(A.Arrange(tuple(self.arrange_order)))

    def _place_default(self) -> None:
        places = [a for a in self.cairo.legal_actions() if isinstance(a, A.Place)]
        if not places:
            self.toast("There is no free spot for this pyramid on the site.", "error")
            return
        self.submit(places[0])

    def toggle_influence(self) -> None:
        self.influence_on = not self.influence_on
        self._panels = None

    # Input --------------------------------------------------------------------------------

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self._piece_at(event.pos)
        if self.scoring is not None and self._skip_event(event):
            self.anims.finish()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_i and not event.mod & \
                pygame.KMOD_CTRL:
            self.toggle_influence()
            return True
        if not self.accepting_input:
            return False
        phase = self.cairo.phase
        if phase == S.FLICK:
            return self._flick_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos, phase)
        if event.type == pygame.MOUSEWHEEL and phase == S.PLACE:
            self.place_turn = (self.place_turn + 15.0 * event.y) % 360.0
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            return self._key(event.key, phase)
        return False

    @staticmethod
    def _skip_event(event: pygame.event.Event) -> bool:
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))

    def _flick_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in FINGER_KEYS and \
                self.cairo.die == S.FINGER_ANY and not self.flick.active:
            self._pick_finger(FINGER_KEYS[event.key])
            return True
        used = self.flick.handle_event(event)
        aim = self.flick.take_fired()
        if aim is not None:
            view = self.cairo
            self.submit(A.Flick.of(view.chosen, aim.degrees, aim.power, aim.offset,
                                   self._finger()))
            return True
        if not used and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.renderer.rect.collidepoint(event.pos):
            self.toast("Press on the block waiting on your ship, then pull back.")
            return True
        return used

    def _click(self, pos: tuple[int, int], phase: str) -> bool:
        view = self.cairo
        if phase == S.RETRIEVE:
            block = self._target_at(pos, {a.block for a in view.legal_actions()
                                          if isinstance(a, A.Retrieve)})
            if block:
                self.submit(A.Retrieve(block))
            return block is not None
        if phase == S.PICK:
            block = self._target_at(pos, {a.block for a in view.legal_actions()
                                          if isinstance(a, A.Pick)})
            if block:
                self.submit(A.Pick(block))
            return block is not None
        if phase == S.ARRANGE:
            return self._click_arrange(pos)
        if phase == S.PLACE and self.renderer.rect.collidepoint(pos):
            self.submit(self._place_at(pos))
            return True
        return False

    def _key(self, key: int, phase: str) -> bool:
        view = self.cairo
        legal = view.legal_actions()
        if phase == S.CHOOSE:
            kinds = {pygame.K_s: "small", pygame.K_l: "large", pygame.K_d: "die"}
            if key in kinds and A.Choose(kinds[key]) in legal:
                self.submit(A.Choose(kinds[key]))
                return True
        if phase == S.RETRIEVE and key == pygame.K_a:
            self.submit(A.RETRIEVE_ALL)
            return True
        if phase == S.ARRANGE and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._confirm_order()
            return True
        if phase == S.PLACE and key == pygame.K_r:
            self.place_turn = (self.place_turn + 15.0) % 360.0
            return True
        return False

    def _piece_at(self, pos: tuple[int, int]) -> PieceDraw | None:
        """The top-most block under the mouse (for the tooltip and clicks)."""
        if not self.renderer.rect.collidepoint(pos):
            return None
        best: PieceDraw | None = None
        for piece in self._view_pieces():
            side = self.renderer.px(self.data.pieces[piece.kind].side)
            x, y = self.renderer.to_screen(piece.x, piece.y)
            lift = round(side * 0.45 * (piece.level - 1))
            hit = abs(pos[0] - x) <= side / 2 + 1 and abs(pos[1] - (y - lift)) <= side / 2 + 1
            if hit and (best is None or piece.level >= best.level):
                best = piece
        return best

    def _target_at(self, pos: tuple[int, int], allowed: set[str]) -> str | None:
        """The allowed block nearest the click (within a little more than its size)."""
        best, best_d = None, 1e9
        for piece in self._view_pieces():
            if piece.id not in allowed:
                continue
            x, y = self.renderer.to_screen(piece.x, piece.y)
            d = math.dist((x, y), pos)
            reach = self.renderer.px(self.data.pieces[piece.kind].side) * 0.75 + 5
            if d <= reach and d < best_d:
                best, best_d = piece.id, d
        return best

    # Pyramids: arranging and placing ---------------------------------------------------------

    def _arrange_rows(self) -> list[H.StackRow]:
        view = self.cairo
        counts = {s: sum(1 for b in view.picked if view.pieces[b].owner == s)
                  for s in self.arrange_order}
        return [H.StackRow(s, self.name(s), self.color(s), counts[s]) for s in self.arrange_order]

    def _arrange_anchor(self) -> pygame.Rect:
        view = self.cairo
        site = board().site(view.offer_site)
        x, y = self.renderer.to_screen(site.x, site.y)
        rect, _ = H.arrange_rects(pygame.Rect(0, 0, 0, 0), len(self.arrange_order))
        side = self.renderer.px(max(site.w, site.h)) / 2 + 16
        rect.midleft = (round(x + side), round(y))
        if rect.right > self.renderer.rect.right - 4:
            rect.midright = (round(x - side), round(y))
        return rect.clamp(self.renderer.rect.inflate(-8, -8))

    def _click_arrange(self, pos: tuple[int, int]) -> bool:
        anchor = self._arrange_anchor()
        _, rows = H.arrange_rects(anchor, len(self.arrange_order))
        for i, row in enumerate(rows):
            if row.collidepoint(pos) and i > 0:
                order = self.arrange_order
                order[i - 1], order[i] = order[i], order[i - 1]
                return True
        return anchor.collidepoint(pos)

    def _levels_preview(self) -> list[list[int]]:
        """Owners of the stones per level, top level first, in the order chosen."""
        view = self.cairo
        rank = {seat: i for i, seat in enumerate(self.arrange_order)}
        stones = sorted(view.picked, key=lambda b: (rank.get(view.pieces[b].owner, 9), b))
        slots = building.slots_top_down(view.pyramid_size)
        top = max(level for _, _, level in slots)
        levels: list[list[int]] = [[] for _ in range(top)]
        for block, (_, _, level) in zip(stones, slots, strict=False):
            levels[top - level].append(view.pieces[block].owner)
        return levels

    def _place_at(self, pos: tuple[int, int]) -> A.Place:
        view = self.cairo
        x, y = self.renderer.to_board(*pos)
        site = board().site(view.offer_site)
        return A.Place.of(x, y, math.degrees(site.angle) + self.place_turn)

    def _ghost_stones(self, place: A.Place) -> list[PieceDraw]:
        """The pyramid as it would stand at `place`, in the chosen colour order."""
        view = self.cairo
        rank = {seat: i for i, seat in enumerate(view.order)}
        stones = sorted(view.picked, key=lambda b: (rank.get(view.pieces[b].owner, 9), b))
        poses = building.stone_poses(view, place)
        return [PieceDraw(b, "small", view.pieces[b].owner, x, y, angle, level)
                for b, (x, y, angle, level) in zip(stones, poses, strict=True)]

    # Hints and words --------------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        view = self.cairo
        if isinstance(action, A.Flick):
            return self._describe_flick(action)
        if isinstance(action, A.Retrieve):
            if action.block == "all":
                return "take back all your blocks beside the ship"
            if action.block == "done":
                return "leave your blocks where they are"
            return f"take back your {KIND_LABEL[kind_of(action.block)]} (ringed in green)"
        if isinstance(action, A.Choose):
            if action.kind == "small":
                return f"flick {min(3, len(view.supply(view.turn, 'small')))} small blocks"
            return f"flick your {KIND_LABEL[action.kind]}"
        if isinstance(action, A.Penalty):
            return f"put a {KIND_LABEL[action.kind]} in the box"
        if isinstance(action, A.BuildPyramid):
            return "build no pyramid" if action.size == 0 else \
                f"build a pyramid of {action.size} stones"
        if isinstance(action, A.Pick):
            return "let the game pick the stones" if action.block == "auto" else \
                f"pick {self.name(owner_of(action.block))}'s block (ringed in green)"
        if isinstance(action, A.Arrange):
            return "stack " + ", then ".join(self.name(s) for s in action.order) + \
                " from the top down"
        if isinstance(action, A.Place):
            return "place the pyramid where the green outline shows"
        if isinstance(action, A.CancelPyramid):
            return "give up this pyramid"
        return action.to_str()

    def _describe_flick(self, flick: A.Flick) -> str:
        view = self.cairo
        heading = DIRECTIONS[round(flick.degrees / 45.0) % 8]
        target = self._aimed_site(view, flick.degrees)
        toward = f"at {target}" if target else f"to the {heading}"
        finger = H.FINGER_NAMES[flick.finger].lower()
        return (f"flick {toward} ({flick.degrees:.0f}\u00b0) at {flick.power_share:.0%} power "
                f"with the {finger} finger: see the green arrow")

    def _aimed_site(self, view: CairoState, degrees: float) -> str:
        """The site nearest the aim line ahead of the ship (for words only)."""
        x0, y0, _ = view.ship_pose(view.turn)
        ux, uy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        best, best_gap = "", 1e9
        for site in board().sites:
            dx, dy = site.x - x0, site.y - y0
            along = dx * ux + dy * uy
            gap = abs(dx * uy - dy * ux)
            if along > 0 and gap < max(site.w, site.h) * 0.7 and gap < best_gap:
                best, best_gap = site.name, gap
        return best

    def show_hint(self, action: Action) -> None:
        if isinstance(action, A.Flick):
            self.flick.show_hint(Aim(action.degrees, action.power_share, action.offset_share))
            if self.cairo.die == S.FINGER_ANY:
                self._pick_finger(action.finger)
        elif isinstance(action, A.Retrieve | A.Pick) and action.block not in ("all", "done",
                                                                                "auto"):
            self.hint_block = (action.block, 5.0)
        elif isinstance(action, A.Place):
            self.hint_place = (action, 5.0)

    # Events into animations -------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        before = self._views[-2] if self.replay is not None and len(self._views) > 1 else \
            self._views[-1] if self._views else None
        clock = 0.0
        finals = [e for e in events if isinstance(e, SiteScored) and not e.sudden_death]
        for index, event in enumerate(events):
            clock = self._animate(event, events[index + 1:], before, clock)
        if finals:
            self._start_scoring(finals, clock)
        self._update_action_bar()

    def _animate(self, event: Event, after: list[Event], before: CairoState | None,
                 t: float) -> float:
        if isinstance(event, DieRolled):
            return self._roll(event, t)
        if isinstance(event, KindChosen):
            self.flick_total = event.count
            return t
        if isinstance(event, ShipMoved):
            return self._sail(event, t)
        if isinstance(event, FlickStarted):
            resolved = next((e for e in after if isinstance(e, FlickResolved)), None)
            if before is not None and resolved is not None:
                return self._launch(event, resolved, before, t)
            return t
        if isinstance(event, BlocksRetrieved) and before is not None:
            return self._fly_home(event, before, t)
        if isinstance(event, PyramidBuilt) and before is not None:
            return self._build(event, before, t)
        if isinstance(event, DieFaceRolled):
            self.anims.later(t, lambda: self._tumble(event.block))
            return t + 0.5
        if isinstance(event, ShipKnockedOver):
            self.anims.later(t, partial(self._announce, event, "penalty", "error"))
            return t + 0.5
        if isinstance(event, PenaltyPaid | PlayerLeft | LastTurn):
            self.anims.later(t, partial(self._announce, event, "cancel", "info"))
            return t + 0.6
        if isinstance(event, SiteScored) and event.sudden_death:
            message = self.words(event.describe(None))
            self.anims.later(t, lambda: self._flash(event.site, message))
            return t + 1.0
        return t

    def _announce(self, event: Event, effect: str, kind: str) -> None:
        sound.play(effect, 0.7)
        self.toast(self.words(event.describe(None)), kind)

    def _roll(self, event: DieRolled, t: float) -> float:
        self.die_pending = True

        def start() -> None:
            sound.play("dice")
            self.die_value = event.value
            self.die.roll(event.value)

        def end() -> None:
            self.die_pending = False
            self.die_value = self.cairo.die or event.value

        self.anims.later(t, start)
        self.anims.later(t + Die.ROLL_TIME, end)
        return t + Die.ROLL_TIME + 0.15

    def _sail(self, event: ShipMoved, t: float) -> float:
        b = board()
        seat = event.seat
        if event.start == S.START:
            x, y = b.start_slots[seat]
            previous = (x, y, math.pi / 2)
        else:
            space = b.space(event.start)
            previous = (space.x, space.y, space.heading)
        hops: list[Hop] = []
        for i, space_id in enumerate(event.path):
            space = b.space(space_id)
            start = self.renderer.to_screen(previous[0], previous[1])
            end = self.renderer.to_screen(space.x, space.y)
            tween = Tween(start, end, HOP, t + i * HOP, ease_in_out)
            self.anims.add(("hop", seat, i, id(tween)), tween)
            hops.append(Hop(tween, previous[2], space.heading))
            previous = (space.x, space.y, space.heading)
            self.anims.later(t + i * HOP, lambda: sound.play("move", 0.35))
        self.hops[seat] = hops
        return t + len(event.path) * HOP + 0.1

    def _launch(self, started: FlickStarted, resolved: FlickResolved, before: CairoState,
                t: float) -> float:
        """Replay the flick from the board before it (CA-5), after showing the aim."""
        human = self.match.seats[started.seat].is_human and self.replay is None
        windup = 0.0 if human else WINDUP
        seconds = resolved.steps / self.data.physics.hz
        self.finger_shown = started.finger
        if self.anims.speed <= 0:
            return t
        specs = flicking.body_specs(before)
        faces = {p.id: p.face for p in before.on_board() if p.kind == "die"}
        sinking = frozenset(b for b in resolved.to_box)
        knocked = tuple(int(s[4:]) for s in resolved.knocked)
        aim = Aim(started.intended_angle, started.intended_power, started.offset)

        def begin() -> None:
            playback = FlickPlayback(specs, started.launch(), self.data, faces, sinking)
            self.show = FlickShow(playback, started.seat, aim, windup, windup, knocked)
            if windup <= 0:
                sound.play("flick")

        def end() -> None:
            if self.show is not None:
                self.show.playback.finish()
            self.show = None
            for seat in knocked:
                self.alerts[seat] = 1.6

        self.anims.later(t, begin)
        self.anims.later(t + windup + seconds + 0.25, end)
        return t + windup + seconds + 0.3

    def _fly_home(self, event: BlocksRetrieved, before: CairoState, t: float) -> float:
        target = self._plate_center(event.seat)
        for i, block in enumerate(event.blocks):
            piece = before.pieces[block]
            draw = PieceDraw(block, piece.kind, piece.owner, piece.x, piece.y, piece.angle,
                             face=piece.face)
            start = self.renderer.to_screen(piece.x, piece.y)
            tween = Tween(start, target, 0.45, t + 0.06 * i, ease_in_out, arc=30)
            self.anims.add(("home", block, id(tween)), tween)
            self.flights.append(Flight(draw, tween))
        self.anims.later(t, lambda: sound.play("place", 0.6))
        return t + 0.45 + 0.06 * len(event.blocks)

    def _build(self, event: PyramidBuilt, before: CairoState, t: float) -> float:
        """Stones slide into their places, the ground level first."""
        top = max(row[4] for row in event.stones)
        for block, x, y, angle, level in event.stones:
            old = before.pieces[block]
            start = self.renderer.to_screen(old.x, old.y)
            end = self.renderer.to_screen(x, y)
            delay = t + 0.28 * (level - 1)
            tween = Tween(start, end, 0.3, delay, ease_in_out, arc=8 * level)
            self.anims.add(("stone", block, id(tween)), tween)
            draw = PieceDraw(block, "small", old.owner, old.x, old.y, old.angle)
            self.moving[block] = Flight(draw, tween, angle)
        for level in range(1, top + 1):
            self.anims.later(t + 0.28 * (level - 1) + 0.3, lambda: sound.play("place", 0.7))
        return t + 0.28 * top + 0.35

    def _tumble(self, block: str) -> None:
        sound.play("dice", 0.6)
        self.rolling[block] = 0.5

    def _flash(self, site: str, message: str) -> None:
        sound.play("win", 0.4)
        self.flash_site = (site, 2.0)
        self.toast(message, "ok")

    def _start_scoring(self, finals: list[SiteScored], t: float) -> None:
        shown = [e for e in finals if any(e.points)]
        view = self.cairo
        totals = list(view.banked)
        for event in finals:
            for seat, p in enumerate(event.points):
                totals[seat] -= p
        show = ScoringShow(shown, -1, [float(p) for p in totals])
        self.anims.later(t, lambda: self._begin_scoring(show))
        for i in range(len(shown)):
            self.anims.later(t + 0.3 + i * SCORE_STEP, partial(self._score_step, i))
        self.anims.later(t + 0.3 + len(shown) * SCORE_STEP + 0.4, self._end_scoring)

    def _begin_scoring(self, show: ScoringShow) -> None:
        self.scoring = show
        self.influence_on = False
        self._update_action_bar()

    def _score_step(self, index: int) -> None:
        if self.scoring is not None:
            self.scoring.index = index
            sound.play("place", 0.8)

    def _end_scoring(self) -> None:
        self.scoring = None
        self._update_action_bar()

    # Per frame -----------------------------------------------------------------------------

    def update_table(self, dt: float) -> None:
        speed = self.anims.speed if self.anims.speed > 0 else 100.0
        self.die.update(dt * speed)
        self.flick.enabled = self.accepting_input and self.cairo.phase == S.FLICK
        if not self.flick.enabled and (self.flick.active or self.flick.dragging):
            self.flick.reset()
        self.flick.update(dt)
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
        self.flights = [f for f in self.flights if not f.tween.done]
        self.moving = {k: f for k, f in self.moving.items() if not f.tween.done}
        for seat in list(self.hops):
            if all(h.tween.done for h in self.hops[seat]):
                del self.hops[seat]
        self.flash_site = _tick(self.flash_site, dt)
        self.hint_block = _tick(self.hint_block, dt)
        self.hint_place = _tick(self.hint_place, dt)

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

    # Drawing ----------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, CairoState)
        colors = [self.color(s) for s in range(view.num_players)]
        animated = self.show is not None or bool(self.moving) or bool(self.rolling)
        table = self.table_rect
        surface.blit(self._table_layer(view, colors, not animated), table.topleft, table)
        if self.die.rolling > 0:
            self._draw_die_panel(surface)
        r = self.renderer
        self._draw_site_marks(surface, view)
        r.draw_ships(surface, self._ships(view), colors)
        if self.show is not None:
            r.draw_pieces(surface, self.show.playback.pieces(), colors)
            self._draw_splashes(surface, self.show)
        else:
            if animated:
                r.draw_pieces(surface, self._pieces_now(view), colors)
            self._draw_waiting_block(surface, view, colors)
        for flight in self.flights:
            if not flight.tween.waiting:
                x, y = flight.tween.value()
                bx, by = r.to_board(x, y)
                r.draw_piece(surface, _moved(flight.piece, bx, by, flight.piece.angle),
                             colors[flight.piece.owner])
        self._draw_targets(surface, view)
        self._draw_overlays(surface, view, colors)
        self._draw_aims(surface, view)
        if view.phase == S.ARRANGE and self.my_turn and self.arrange_order:
            hover = None
            _, rows = H.arrange_rects(self._arrange_anchor(), len(self.arrange_order))
            for i, row in enumerate(rows):
                if row.collidepoint(self.mouse):
                    hover = i
            H.draw_arrange(surface, self._arrange_anchor(), self._arrange_rows(),
                           self._levels_preview(), hover)
        self._draw_tooltip(surface, view)

    def _table_layer(self, view: CairoState, colors: list[theme.PlayerColor],
                     with_pieces: bool) -> pygame.Surface:
        """The still part of the table in one surface: backdrop, strip, die panel, board and
        (when nothing moves) the blocks. Rebuilt only when what it shows changes."""
        key = (id(view), with_pieces, self.scoring.index if self.scoring else -2,
               self.die_value, self._die_finger(), self.my_turn, tuple(self.table_rect),
               tuple(self.renderer.rect), id(colors[0]))
        if self._layer is None or self._layer_key != key:
            if self._layer is None:
                self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            layer = self._layer
            layer.fill(theme.TABLE, self.table_rect)
            H.draw_strip(layer, self.strip_rect, self._strip_lines())
            self._draw_die_panel(layer)
            self.renderer.draw_board(layer)
            if with_pieces:
                self.renderer.draw_pieces(layer, self._view_pieces(), colors)
            self._layer_key = key
        return self._layer

    def _die_finger(self) -> int | None:
        if self.die_value == S.FINGER_ANY:
            return self.finger if self.my_turn else self.finger_shown
        return self.die_value or None

    def _draw_die_panel(self, surface: pygame.Surface) -> None:
        finger = self._die_finger()
        H.draw_die_panel(surface, self.die_rect, self.die, self.die_value, finger,
                         self.die_value == S.FINGER_ANY, self._traits(finger))

    def _traits(self, finger: int | None) -> str:
        """A finger in two words: how strong, how steady (from its CA-4 profile)."""
        if not finger:
            return "" if self.cairo.phase == S.OVER else "rolls by itself"
        profile = self.data.finger(finger)
        strength = "strong" if profile.max_speed >= 2000 else "weak" if \
            profile.max_speed < 1500 else "medium"
        steady = "precise" if profile.aim_jitter <= 2 else "shaky" if \
            profile.aim_jitter >= 5 else "steady"
        return f"{strength}, {steady}"

    def _strip_lines(self) -> list[H.SeatLine]:
        if self.scoring is None:
            return self._seats
        totals = list(self.scoring.base)
        for event in self.scoring.results[:self.scoring.index + 1]:
            for seat, p in enumerate(event.points):
                totals[seat] += p
        return [H.SeatLine(s.name, s.color, s.small, s.large, s.die, s.boxed, totals[i],
                           s.sailing, s.active, s.you) for i, s in enumerate(self._seats)]

    def _plate_center(self, seat: int) -> tuple[float, float]:
        n = max(1, self.cairo.num_players)
        width = self.strip_rect.width / n
        return (self.strip_rect.left + width * (seat + 0.5), self.strip_rect.centery)

    def _ships(self, view: CairoState) -> list[ShipDraw]:
        active = view.turn if view.phase != S.OVER else None
        alerts = set(self.alerts)
        if self.show is not None:
            return self.show.playback.ships(alerts, active)
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
        hop = running[0] if running else hops[0] if hops[0].tween.waiting else hops[-1]
        if running:
            px, py = hop.tween.value()
            k = hop.tween.progress
        elif hop is hops[0]:
            px, py = hop.tween.start
            k = 0.0
        else:
            px, py = hop.tween.end
            k = 1.0
        turn = math.remainder(hop.end_angle - hop.start_angle, 2 * math.pi)
        x, y = self.renderer.to_board(px, py)
        return ShipDraw(ship.seat, x, y, hop.start_angle + turn * k, ship.alert, ship.active)

    def _view_pieces(self) -> list[PieceDraw]:
        view = self.cairo
        if self._pieces is None or self._pieces[0] != id(view):
            self._pieces = (id(view), pieces_of(view))
        return self._pieces[1]

    def _pieces_now(self, view: CairoState) -> list[PieceDraw]:
        pieces = self._view_pieces()
        if not self.moving and not self.rolling:
            return pieces
        out = []
        for piece in pieces:
            flight = self.moving.get(piece.id)
            if flight is not None:
                tween = flight.tween
                x, y = tween.start if tween.waiting else tween.value()
                bx, by = self.renderer.to_board(x, y)
                level = 1 if tween.waiting else piece.level
                piece = PieceDraw(piece.id, piece.kind, piece.owner, bx, by,
                                  flight.piece.angle if tween.waiting else piece.angle, level,
                                  piece.face)
            if piece.id in self.rolling:
                face = 1 + int(self.rolling[piece.id] * 20) % 6
                piece = PieceDraw(piece.id, piece.kind, piece.owner, piece.x, piece.y,
                                  piece.angle, piece.level, face, piece.burning)
            out.append(piece)
        return out

    def _draw_waiting_block(self, surface: pygame.Surface, view: CairoState,
                            colors: list[theme.PlayerColor]) -> None:
        """The block to flick next, on its ship's deck."""
        if view.phase not in (S.FLICK, S.JITTER) or not view.chosen or self.hops.get(view.turn):
            return
        blocks = view.supply(view.turn, view.chosen)
        if not blocks:
            return
        x, y, heading = view.ship_pose(view.turn)
        piece = PieceDraw(blocks[0], view.chosen, view.turn, x, y, heading, raised=True)
        self.renderer.draw_piece(surface, piece, colors[view.turn])
        if view.chosen == "small" and view.flicks_left > 1:
            sx, sy = self.renderer.to_screen(x, y)
            label = text.render(f"\u00d7{view.flicks_left}", 12, theme.TEXT, "bold")
            spot = label.get_rect(midleft=(round(sx + self.renderer.px(self.data.ship.length)
                                                 / 2 + 4), round(sy)))
            pygame.draw.rect(surface, theme.PANEL, spot.inflate(6, 2), border_radius=4)
            surface.blit(label, spot)

    def _draw_site_marks(self, surface: pygame.Surface, view: CairoState) -> None:
        r = self.renderer
        if view.offer_site and view.phase in (S.OFFER, S.PICK, S.ARRANGE, S.PLACE):
            r.outline_site(surface, board().site(view.offer_site), theme.HIGHLIGHT, 3)
        if self.flash_site is not None and int(self.flash_site[1] * 5) % 2 == 0:
            r.outline_site(surface, board().site(self.flash_site[0]), theme.GOOD, 4)
        if self.scoring is not None and 0 <= self.scoring.index < len(self.scoring.results):
            site = board().site(self.scoring.results[self.scoring.index].site)
            r.outline_site(surface, site, theme.ACCENT, 4, 5.0)
        for site_id in view.closed:
            r.outline_site(surface, board().site(site_id), (90, 90, 90), 2, 1.5)

    def _draw_targets(self, surface: pygame.Surface, view: CairoState) -> None:
        """Rings on blocks that may be taken back or picked; picked stones marked."""
        r = self.renderer
        by_id = {p.id: p for p in self._view_pieces()}
        if self.my_turn and not self.anims.busy and view.phase in (S.RETRIEVE, S.PICK):
            for action in view.legal_actions():
                if isinstance(action, A.Retrieve | A.Pick) and action.block in by_id:
                    r.ring(surface, by_id[action.block], theme.HIGHLIGHT, 2)
        if self.my_turn and not self.anims.busy and view.phase == S.OFFER:
            for block in view.free_small_on(view.offer_site):
                if block in by_id:
                    r.ring(surface, by_id[block], theme.HIGHLIGHT, 1)
        if view.phase in (S.PICK, S.ARRANGE):
            for block in view.picked:
                if block in by_id:
                    r.ring(surface, by_id[block], theme.GOOD, 3)
        if self.hint_block is not None and int(self.hint_block[1] * 4) % 2 == 0 and \
                self.hint_block[0] in by_id:
            r.ring(surface, by_id[self.hint_block[0]], theme.GOOD, 4)
        if view.phase == S.PLACE and self.my_turn and not self.anims.busy:
            self._draw_place_ghost(surface, view)

    def _draw_place_ghost(self, surface: pygame.Surface, view: CairoState) -> None:
        colors = [self.color(s) for s in range(view.num_players)]
        if self.hint_place is not None:
            place = self.hint_place[0]
        elif self.renderer.rect.collidepoint(self.mouse):
            place = self._place_at(self.mouse)
        else:
            return
        fits = building.fit_problem(view, place) is None
        for stone in sorted(self._ghost_stones(place), key=lambda p: p.level):
            self.renderer.draw_piece(surface, stone, colors[stone.owner], 170 if fits else 110)
        if not fits:
            x, y = self.renderer.to_screen(place.x / 10, place.y / 10)
            pygame.draw.circle(surface, theme.BAD, (x, y), self.renderer.px(14), 2)

    def _draw_overlays(self, surface: pygame.Surface, view: CairoState,
                       colors: list[theme.PlayerColor]) -> None:
        if self.scoring is not None:
            index = self.scoring.index
            if 0 <= index < len(self.scoring.results):
                event = self.scoring.results[index]
                site = board().site(event.site)
                panel = H.influence_panel(site, event.influence, event.points, colors,
                                          self.names, big=True)
                if panel is not None:
                    surface.blit(panel, H.beside_site(self.renderer, site, panel,
                                                      self.renderer.rect))
            return
        if not self.influence_on:
            return
        if self._panels is None:
            self._panels = self._influence_panels(view, colors)
        for panel, rect in self._panels:
            surface.blit(panel, rect)

    def _influence_panels(self, view: CairoState, colors: list[theme.PlayerColor]
                          ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        influence = scoring.influence_by_site(view)
        out = []
        for site in board().sites:
            if site.id in view.site_points:
                points = view.site_points[site.id]
            else:
                points = list(scoring.site_result(view, site.id, influence[site.id]).points)
            panel = H.influence_panel(site, influence[site.id], points, colors)
            if panel is not None:
                out.append((panel, H.place_panel(self.renderer, site, panel,
                                                 self.renderer.rect)))
        return out

    def _draw_aims(self, surface: pygame.Surface, view: CairoState) -> None:
        bounds = self.renderer.rect
        show = self.show
        if show is not None and show.windup > 0 and show.windup_total > 0:
            grow = 1.0 - show.windup / show.windup_total
            x, y, _ = self._views[-1].ship_pose(show.seat) if self._views else (0, 0, 0)
            pose = show.playback.poses.get(show.playback.launch.block)
            if pose is not None:
                x, y = pose.x, pose.y
            aim = Aim(show.aim.degrees, show.aim.power * min(1.0, grow * 1.4), show.aim.offset)
            draw_arrow(surface, self.renderer.to_screen(x, y), aim, theme.lighten(
                self.color(show.seat).rgb, 0.35))
        if view.phase == S.FLICK and self.my_turn and self.show is None:
            self.flick.draw(surface, bounds)

    def _draw_splashes(self, surface: pygame.Surface, show: FlickShow) -> None:
        for splash in show.playback.splashes:
            if splash.age > 0.9:
                continue
            x, y = self.renderer.to_screen(splash.x, splash.y)
            for k in range(3):
                radius = 4 + (splash.age * 40 + k * 7)
                alpha = max(0, 220 - int(splash.age * 260) - k * 50)
                if alpha > 0:
                    pygame.draw.circle(surface, (200, 230, 250), (x, y), radius,
                                       1 if k else 2)

    def _draw_tooltip(self, surface: pygame.Surface, view: CairoState) -> None:
        piece = self.hover
        if piece is None or self.show is not None or self.flick.active:
            return
        words = self._piece_words(view, piece)
        image = text.render(words, 13, theme.TEXT)
        rect = image.get_rect(bottomleft=(self.mouse[0] + 14, self.mouse[1] - 8))
        rect = rect.clamp(self.renderer.rect)
        pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.3), rect.inflate(10, 6),
                         border_radius=4)
        surface.blit(image, rect)

    def _piece_words(self, view: CairoState, piece: PieceDraw) -> str:
        what = KIND_LABEL[piece.kind]
        if piece.kind == "die" and piece.face:
            what += f" showing {piece.face}"
        real = view.pieces.get(piece.id)
        if real is None or real.where != "board":
            return f"{self.name(piece.owner)}'s {what}"
        place = view.placement(piece.id)
        where = ""
        for site_id, whole in place.sites:
            name = board().site(site_id).name
            where = f" on {name}" if whole else f", burning on {name} (half influence)"
            break
        else:
            if place.burning:
                where = ", burning on a line"
        if real.pyramid:
            where += f", pyramid level {real.level}"
        return f"{self.name(piece.owner)}'s {what}{where}"


def _tick(item: tuple[object, float] | None, dt: float):  # type: ignore[no-untyped-def]
    """Count a timed highlight down; None when it is over."""
    if item is None:
        return None
    value, left = item
    return (value, left - dt) if left > dt else None


def _moved(piece: PieceDraw, x: float, y: float, angle: float) -> PieceDraw:
    return PieceDraw(piece.id, piece.kind, piece.owner, x, y, angle, 1, piece.face)
