"""Cairo on screen: the board from above, flicks by slingshot, and everything the rules report.

Playing: the Nile die rolls by itself (it also picks your finger, CA-4; on a 6 you pick one
in the bottom bar or with keys 1-5) and your ship sails. On the downstream lane you may take
blocks back (click them, or Take all). Choose what to flick (buttons or S / L / D), then
press on the block waiting on your ship, pull back and let go (`flick_input.py`). After a
small block lands on a site you may build a pyramid (`pyramid_ui.py`). I shows each site's
influence; H shows where the normal bot would aim.

The pieces: `mapview.py` draws the board and blocks, `stage.py` plays out what the rules
report (flicks re-run by the physics frame by frame, ships sailing, the final scoring),
`panel.py` draws the panels, `words.py` says things. This module lays them out, keeps the
bottom bar and turns input into actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.cairo import config
from nile.games.cairo.board import board
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import scoring
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import KindChosen
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.pieces import BOX
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.view import flick_input, pictures, words
from nile.games.cairo.view import panel as H
from nile.games.cairo.view.flick_input import Aim, FlickInput
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw, pieces_of
from nile.games.cairo.view.pyramid_ui import PyramidUI
from nile.games.cairo.view.stage import Stage, StageCalls
from nile.games.cairo.view.targets import Block, InfluenceSwitch, OnBoard, Stone, TableHits
from nile.ui import keys, text, theme
from nile.ui.chrome.game_scene import GameScene
from nile.ui.kit import button, tooltip
from nile.ui.kit.button import BarButton
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

STRIP_HEIGHT = 48
DIE_WIDTH = 200
Timed = tuple[object, float]


class CairoScene(GameScene):
    """The Cairo table."""

    KEYS = (
        keys.Binding("s", "choose_small", "choosing: flick small blocks",
                     when="choosing"),
        keys.Binding("l", "choose_large", "choosing: flick your large block (L is the "
                     "log otherwise)", when="may_choose_large"),
        keys.Binding("d", "choose_die", "choosing: flick your die-block",
                     when="choosing"),
        keys.Binding("1-5", "_pick_finger", "choose the finger (when the die leaves it to "
                     "you)", when="may_pick_finger"),
        *flick_input.KEYS,
        keys.Binding("a", "take_all_back", "taking blocks back: take every ringed one",
                     when="retrieving"),
        keys.Binding("return, kp_enter", "_confirm_order",
                     "building a pyramid: stack the stones in this order", when="arranging"),
        keys.Binding("r", "turn_pyramid", "building a pyramid: turn it (or the wheel)",
                     when="placing"),
        keys.Binding("i", "toggle_influence", "show or hide who leads each site",
                     anytime=True),
    )

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
        self.pyramid = PyramidUI(self.renderer)
        self.stage = Stage(self.renderer, self.data, StageCalls(
            self._announce, self.plate_center, self.flicker_is_watching, self.scoring_changed))
        self.finger = 2
        """The finger chosen on a 6."""
        self.flick_total = 0
        self._bar_waiting = False
        """The bottom bar waits for the animations to finish before it prompts."""
        self.influence_on = False
        self.hover: PieceDraw | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.hint_block: Timed | None = None
        self.hint_place: Timed | None = None
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.influence_rect = pygame.Rect(0, 0, 0, 0)
        """Where the influence switch is drawn (in the board's corner)."""
        self.hits: TableHits = HitMap()
        """What lies where on the table in the frame last drawn (filled while drawing)."""
        self._layer_hits: TableHits = HitMap()
        """The blocks drawn on the cached layer (added to `hits` each frame)."""
        self._over_switch = False
        """The mouse rests on the influence switch (it lights up)."""
        self._views: list[CairoState] = []
        self._turn_key: tuple[int, int] | None = None
        self._seats: list[H.SeatLine] = []
        self._panels: list[tuple[pygame.Surface, pygame.Rect]] | None = None
        self._pieces: tuple[int, list[PieceDraw]] | None = None
        self._token = 0
        """Counts view changes: caches of what the view shows are keyed by it."""
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] = ()
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        super().__init__(app, match, replay, autosaver)
        self.stage.timeline = self.anims

    @property
    def cairo(self) -> CairoState:
        assert isinstance(self.view, CairoState)
        return self.view

    # For the stage ------------------------------------------------------------------------

    def _announce(self, engine_text: str, kind: str) -> None:
        self.toast(self.words(engine_text), kind)

    def plate_center(self, seat: int) -> tuple[float, float]:
        width = self.strip_rect.width / max(1, self.cairo.num_players)
        return (self.strip_rect.left + width * (seat + 0.5), self.strip_rect.centery)

    def flicker_is_watching(self, seat: int) -> bool:
        return self.replay is None and self.match.seats[seat].is_human and seat == self.viewer

    def scoring_changed(self) -> None:
        self.influence_on = False
        self.update_action_bar()

    # Layout -------------------------------------------------------------------------------

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
        self.influence_rect = pygame.Rect(self.renderer.rect.left + 6,
                                          self.renderer.rect.top + 6, 108, 22)
        self._panels = None
        self._anchor_flick()

    def _anchor_flick(self) -> None:
        """The slingshot sits on the ship of the player to move, sized to the block."""
        view = self.cairo
        if view.phase == Phase.OVER or view.ships[view.turn] == S.OUT:
            return
        x, y, _ = view.ship_pose(view.turn)
        kind = view.chosen or "small"
        self.flick.set_anchor(self.renderer.to_screen(x, y),
                              self.renderer.px(self.data.ship.length) / 2 + 8,
                              self.renderer.px(self.data.pieces[kind].side) / 2)
        self.flick.default_degrees = 270.0 if view.ships[view.turn].startswith("D") else 90.0
        strongest = max(f.max_speed for f in self.data.fingers)
        low = self.data.physics.min_speed
        self.flick.set_reach((self.data.finger(self._finger()).max_speed - low) /
                             (strongest - low))

    def _finger(self) -> int:
        view = self.cairo
        return self.finger if view.die == S.FINGER_ANY else max(1, min(5, view.die or 2))

    # Tutorials -------------------------------------------------------------------------------

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the board, the seat strip, the die, the river,
        the ship of the player to move ("ship"), every site by its id, and "aim_<site>":
        that ship and the site together (the flick and its target in one frame)."""
        found = {**super().regions(), "board": self.renderer.rect.copy(),
                 "strip": self.strip_rect.copy(), "die": self.die_rect.copy()}
        b = board()
        left, top = self.renderer.to_screen(0.0, b.north_bank)
        right, bottom = self.renderer.to_screen(b.width, b.south_bank)
        found["river"] = pygame.Rect(round(left), round(top), round(right - left),
                                     round(bottom - top))
        view = self.cairo
        ship = None
        if view.phase != Phase.OVER and view.ships[view.turn] != S.OUT:
            x, y = self.renderer.to_screen(*view.ship_pose(view.turn)[:2])
            reach = round(self.renderer.px(self.data.ship.length) / 2 + 14)
            ship = pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach)
            found["ship"] = ship
        for site in b.sites:
            rect = H.site_rect(self.renderer, site, 8)
            found[site.id] = rect
            if ship is not None:
                found[f"aim_{site.id}"] = rect.union(ship)
        return found

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The pictures of `pictures.py` ("burning", "pyramid"), painted once per size."""
        key = (name, rect.size)
        image = self._pictures.get(key)
        if image is None:
            painted = pictures.paint(name, rect.size, [self.color(s) for s in
                                                       range(self.cairo.num_players)])
            if painted is None:
                return False
            image = self._pictures[key] = painted
        surface.blit(image, rect)
        return True

    # Views and the bottom bar ----------------------------------------------------------------

    def on_view_changed(self) -> None:
        view = self.cairo
        self._token += 1
        if not self._views or self._views[-1] is not view or self.replay is not None:
            # a replay moves one state object along: keep copies of what was shown
            kept = view if self.replay is None else view.clone()
            self._views = [*self._views[-1:], kept]
            self._seats = self._seat_lines(view)
        key = (view.turn, view.turns_taken)
        if key != self._turn_key:
            self._turn_key = key
            self.finger, self.pyramid.turn = 2, 0.0
            self.flick_total = self._chosen_count(view) if view.phase == Phase.FLICK else 0
            self.flick.new_turn()
        self.hover = None
        self.stage.set_die(view.die)
        self.layout_now()
        self.pyramid.sync(view)
        self.update_action_bar()

    def _chosen_count(self, view: CairoState) -> int:
        """How many blocks this turn's choice flicks: told by the turn's KindChosen event,
        which a resumed game has in its log too (flicks_left alone would make "Flick 2 of
        3" read "Flick 1 of 2" after Quit and Continue)."""
        for entry in reversed(self.match.log):
            for event in entry.events:
                if isinstance(event, KindChosen) and event.seat == view.turn:
                    return max(event.count, view.flicks_left)
        return view.flicks_left

    def _seat_lines(self, view: CairoState) -> list[H.SeatLine]:
        # Cairo hides nothing, so the state behind the view has the same board; asked
        # there, its caches (each block's placement, the last projection) last from move
        # to move, where the view is a fresh copy after every move (issue 33 item 6)
        points = self.state.scores()
        out = []
        for seat in range(view.num_players):
            boxed = sum(1 for p in view.pieces.values() if p.owner == seat and p.where == BOX)
            out.append(H.SeatLine(
                self.name(seat), self.color(seat), len(view.supply(seat, "small")),
                bool(view.supply(seat, "large")), bool(view.supply(seat, "die")), boxed,
                points[seat], view.ships[seat] != S.OUT,
                view.phase != Phase.OVER and view.turn == seat,
                seat == self.viewer and self.replay is None))
        return out

    def update_action_bar(self) -> None:
        view = self.cairo
        if self.stage.scoring is not None:
            self.set_action_bar("Scoring the sites one by one (click to skip)")
            return
        if self.anims.busy and self.replay is None:
            # the die still rolls, a ship still sails, a block still slides: the next prompt
            # waits for the table to show what it follows from
            self._bar_waiting = True
            self.set_action_bar("")
            return
        self._bar_waiting = False
        handlers = {
            Phase.RETRIEVE: self._bar_retrieve,
            Phase.CHOOSE: self._bar_choose,
            Phase.FLICK: self._bar_flick,
            Phase.PENALTY: self._bar_penalty,
            Phase.OFFER: self._bar_offer,
            Phase.PICK: self._bar_pick,
            Phase.ARRANGE: self._bar_arrange,
            Phase.PLACE: self._bar_place,
        }
        handler = handlers.get(view.phase)
        if not self.my_turn or handler is None:
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
             BarButton("all", f"Take all {count}", self._send(A.RETRIEVE_ALL), accent=True,
                       tooltip="Take every ringed block back into your supply (A)")],
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
                [BarButton(f"choose-{k}", labels[k], self._send(A.Choose(k)), tooltip=tips[k],
                           accent=k == "small") for k in kinds])

    def _bar_flick(self, view: CairoState) -> tuple[str, list[BarButton]]:
        total = max(self.flick_total, view.flicks_left)
        count = f"Flick {total - view.flicks_left + 1} of {total}: " if total > 1 else ""
        prompt = (f"{count}press the block on your ship, pull back, let go "
                  "(arrow keys fine-tune, Enter flicks, Esc cancels).")
        buttons = []
        if view.die == S.FINGER_ANY:
            for finger, name in H.FINGER_NAMES.items():
                profile = self.data.finger(finger)
                tip = (f"{name} finger (key {finger}): up to {profile.max_speed / 1000:.1f} m/s,"
                       f" wobble {profile.aim_jitter:g}\u00b0")
                buttons.append(BarButton(f"finger-{finger}", name,
                                         partial(self._pick_finger, finger), tooltip=tip,
                                         accent=finger == self.finger))
            prompt = f"{count}a 6: choose your finger (1-5), then press, pull back, let go."
        return prompt[0].upper() + prompt[1:], buttons

    def _bar_penalty(self, view: CairoState) -> tuple[str, list[BarButton]]:
        kinds = [a.kind for a in view.legal_actions() if isinstance(a, A.Penalty)]
        return ("A ship was knocked over: your turn ends. Which block of your supply goes "
                "in the box?",
                [BarButton(f"penalty-{k}", words.KIND_LABEL[k].capitalize(),
                           self._send(A.Penalty(k))) for k in kinds])

    def _bar_offer(self, view: CairoState) -> tuple[str, list[BarButton]]:
        site = board().site(view.offer_site)
        free = len(view.free_small_on(site.id))
        sizes = [a.size for a in view.legal_actions()
                 if isinstance(a, A.BuildPyramid) and a.size]
        levels = {3: "2 + 1", 5: "4 + 1", 6: "3 + 2 + 1", 10: "4 + 3 + 2 + 1", 14: "9 + 4 + 1"}
        buttons = [BarButton(f"size-{n}", f"{n} stones", self._send(A.BuildPyramid(n)),
                             tooltip=f"{n} stones, from the ground up {levels[n]}",
                             accent=n == max(sizes)) for n in sizes]
        buttons.append(BarButton("no", "No pyramid", self._send(A.NO_PYRAMID)))
        return f"Build a pyramid on {site.name}? {free} free small blocks there.", buttons

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
        return ("Place the pyramid: point at the site (here or in the window) and click; "
                "wheel or R turns it.",
                [BarButton("cancel", "No pyramid", self._send(A.CancelPyramid()),
                           tooltip="Give up this pyramid; the blocks stay where they are"),
                 BarButton("centre", "Best spot", self._place_default, accent=True,
                           tooltip="The free spot nearest the site's centre")])

    # Bar and key actions -----------------------------------------------------------------------

    def _send(self, action: Action) -> Callable[[], None]:
        """A button's callback that plays `action`."""

        def send() -> None:
            self.submit(action)

        return send

    def _pick_finger(self, finger: int) -> None:
        self.finger = finger
        self._anchor_flick()
        self.update_action_bar()

    def _confirm_order(self) -> None:
        self.submit(A.Arrange(tuple(self.pyramid.order)))

    def _place_default(self) -> None:
        places = [a for a in self.cairo.legal_actions() if isinstance(a, A.Place)]
        if not places:
            self.toast("There is no free spot for this pyramid on the site.", "error")
            return
        self.submit(places[0])

    def _block_at(self, pos: tuple[int, int]) -> PieceDraw | None:
        """The block under the mouse: in the pyramid window when it is over the board
        there, else on the board (the top block, through its ring)."""
        if self.pyramid.hits.at(pos) is not None:
            return self.pyramid.block_at(pos)
        block = self.hits.find(pos, Block)
        return block.piece if block is not None else None

    def toggle_influence(self) -> None:
        self.influence_on = not self.influence_on
        self._panels = None

    # Input --------------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self._block_at(event.pos)
            self._over_switch = isinstance(self.hits.at(event.pos), InfluenceSwitch)
        if self._on_switch(event):
            self.toggle_influence()
            return True
        return False

    def _on_switch(self, event: pygame.event.Event) -> bool:
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and isinstance(self.hits.at(event.pos), InfluenceSwitch)
                and not self.flick.dragging)

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.handle_view_event(event)
        if self.stage.scoring is not None and _is_skip(event):
            self.anims.finish()
            return True
        if self._on_switch(event):
            self.toggle_influence()
            return True
        if not self.accepting_input:
            return False
        phase = self.cairo.phase
        if phase == Phase.FLICK:
            return self._flick_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos, phase)
        if event.type == pygame.MOUSEWHEEL and phase == Phase.PLACE:
            self.pyramid.rotate(15.0 * event.y)
            return True
        return False

    def _flick_event(self, event: pygame.event.Event) -> bool:
        used = self.flick.handle_event(event)
        aim = self.flick.take_fired()
        if aim is not None:
            view = self.cairo
            self.submit(A.Flick.of(view.chosen, aim.degrees, aim.power, aim.offset,
                                   self._finger()))
            return True
        if not used and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.hits.find(event.pos, OnBoard) is not None:
            self.toast("Press on the block waiting on your ship, then pull back.")
            return True
        return used

    def _click(self, pos: tuple[int, int], phase: Phase) -> bool:
        view = self.cairo
        if phase in (Phase.RETRIEVE, Phase.PICK):
            allowed = {a.block for a in view.legal_actions()
                       if isinstance(a, A.Retrieve | A.Pick)}
            if phase == Phase.PICK:
                block = self.pyramid.stone_at(pos)
            else:
                ringed = self.hits.nearest(pos, Stone)
                block = ringed.block if ringed is not None else None
            if block not in allowed:
                block = None
            if block:
                self.submit(A.Retrieve(block) if phase == Phase.RETRIEVE else A.Pick(block))
            return block is not None
        if phase == Phase.ARRANGE:
            return self.pyramid.click_arrange(pos)
        if phase == Phase.PLACE:
            place = self.pyramid.place_at(pos)
            if place is not None:
                self.submit(place)
            return place is not None or self.pyramid.covers(pos)
        return False

    def _phase_is(self, phase: Phase) -> bool:
        return self.accepting_input and self.cairo.phase == phase

    def choose_small(self) -> None:
        self.submit(A.Choose("small"))

    def choose_large(self) -> None:
        self.submit(A.Choose("large"))

    def choose_die(self) -> None:
        self.submit(A.Choose("die"))

    def may_pick_finger(self) -> bool:
        return (self._phase_is(Phase.FLICK) and self.cairo.die == S.FINGER_ANY
                and not self.flick.active)

    def choosing(self) -> bool:
        """What to flick is being chosen: S and D answer (a kind the supply has run out of
        is refused with the reason, not ignored)."""
        return self._phase_is(Phase.CHOOSE)

    def may_choose_large(self) -> bool:
        """L flicks the large block only while it may be chosen: otherwise L is the chrome's
        game log, as the keys text says."""
        return self.choosing() and A.Choose("large") in self.cairo.legal_actions()

    def retrieving(self) -> bool:
        return self._phase_is(Phase.RETRIEVE)

    def arranging(self) -> bool:
        return self._phase_is(Phase.ARRANGE)

    def placing(self) -> bool:
        return self._phase_is(Phase.PLACE)

    def take_all_back(self) -> None:
        self.submit(A.RETRIEVE_ALL)

    def turn_pyramid(self) -> None:
        self.pyramid.rotate(15.0)

    # Hints and words ---------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return words.describe(action, self.cairo, self.names)

    def show_hint(self, action: Action) -> None:
        if isinstance(action, A.Flick):
            if self.cairo.die == S.FINGER_ANY:
                self._pick_finger(action.finger)
            self.flick.show_hint(Aim(action.degrees, action.power_share, action.offset_share))
        elif isinstance(action, A.Retrieve | A.Pick) and action.block not in ("all", "done",
                                                                                "auto"):
            self.hint_block = (action.block, 5.0)
        elif isinstance(action, A.Place):
            self.hint_place = (action, 5.0)

    # Events and frames ---------------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        """Stage what happened. The board before it: in play the last view drawn (the scene
        is told before it refreshes); in a replay the view before the last one."""
        if self.replay is not None:
            before = self._views[-2] if len(self._views) > 1 else None
        else:
            before = self._views[-1] if self._views else None
        for event in events:
            if isinstance(event, KindChosen):
                self.flick_total = event.count
        self.stage.play(events, before, self._after_state())
        self.update_action_bar()

    def _after_state(self) -> CairoState:
        state = self.state
        assert isinstance(state, CairoState)
        return state

    def update_table(self, dt: float) -> None:
        self.stage.update(dt, self.anims.speed if self.anims.speed > 0 else 100.0)
        if self._bar_waiting and not self.anims.busy:
            self.update_action_bar()
        self.flick.enabled = self.accepting_input and self.cairo.phase == Phase.FLICK
        if not self.flick.enabled and (self.flick.active or self.flick.dragging):
            self.flick.reset()
        self.flick.update(dt)
        self.hint_block = _tick(self.hint_block, dt)
        self.hint_place = _tick(self.hint_place, dt)

    # Drawing ------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, CairoState)
        colors = [self.color(s) for s in range(view.num_players)]
        stage, renderer = self.stage, self.renderer
        moving = stage.moves_pieces
        table = self.table_rect
        hits = self.hits
        hits.clear()
        surface.blit(self._table_layer(view, colors, not moving), table.topleft, table)
        hits.add(renderer.rect, OnBoard())
        hits.extend(self._layer_hits)
        if stage.die.rolling > 0:
            self._draw_die_panel(surface)
        self._draw_site_marks(surface, view)
        renderer.draw_ships(surface, stage.ships(view), colors)
        if moving:
            clip = surface.get_clip()
            surface.set_clip(self.pieces_rect.clip(clip))
            renderer.draw_pieces(surface, stage.pieces(self._view_pieces()), colors)
            surface.set_clip(clip)  # blocks in motion are not where the state has them:
            # not targets (no tooltip, nothing to take) until they come to rest
        if stage.show is None:
            self._draw_waiting_block(surface, view, colors)
        stage.draw_effects(surface, colors)
        self._draw_retrievable(surface, view)
        stage.draw_scoring(surface, colors, self.names)
        self._draw_influence(surface, view, colors)
        self._draw_influence_toggle(surface)
        if view.phase == Phase.FLICK and self.my_turn and stage.show is None:
            self.flick.draw(surface, renderer.rect)
        if PyramidUI.active(view) and stage.show is None:
            hint = self.hint_place[0] if self.hint_place is not None else None
            assert hint is None or isinstance(hint, A.Place)
            self.pyramid.draw(surface, view, stage.pieces(self._view_pieces()), colors,
                              self.names, self.mouse, hint, self.my_turn and not self.anims.busy)
        else:
            self.pyramid.hits.clear()
        self._draw_tooltip(surface, view)

    def _add_blocks(self, hits: TableHits, drawn: list[PieceDraw]) -> None:
        """Each block drawn on the board, where its top face is (the last drawn on top)."""
        board_rect = self.renderer.rect
        for piece in drawn:
            box = self.renderer.top_box(piece)
            hits.add(box, Block(piece), board_rect)

    def _table_layer(self, view: CairoState, colors: list[theme.PlayerColor],
                     with_pieces: bool) -> pygame.Surface:
        """The still part of the table in one surface: backdrop, strip, die panel, board and
        (when nothing moves) the blocks. Rebuilt only when what it shows changes."""
        stage = self.stage
        key = (self._token, with_pieces, stage.scoring.index if stage.scoring else -2,
               stage.die_value, stage.die.shown, stage.die.rolling > 0, self._die_finger(),
               self.my_turn, tuple(self.table_rect),
               tuple(self.renderer.rect), id(colors[0]))
        if self._layer is None or self._layer_key != key:
            if self._layer is None:
                self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            layer = self._layer
            layer.fill(theme.TABLE, self.table_rect)
            points = stage.totals([s.points for s in self._seats])
            H.draw_strip(layer, self.strip_rect, [
                H.SeatLine(s.name, s.color, s.small, s.large, s.die, s.boxed, points[i],
                           s.sailing, s.active, s.you) for i, s in enumerate(self._seats)])
            self._draw_die_panel(layer)
            self.renderer.draw_board(layer)
            self._layer_hits.clear()
            if with_pieces:
                layer.set_clip(self.pieces_rect)
                drawn = self.renderer.draw_pieces(layer, self._view_pieces(), colors)
                layer.set_clip(None)
                self._add_blocks(self._layer_hits, drawn)
            self._layer_key = key
        return self._layer

    def _die_finger(self) -> int | None:
        value = self.stage.die_value
        if value == S.FINGER_ANY:
            return self.finger if self.my_turn else self.stage.finger_shown
        return value or None

    def _draw_die_panel(self, surface: pygame.Surface) -> None:
        finger = self._die_finger()
        value = self.stage.die_value
        traits = words.traits(self.data.finger(finger)) if finger else "rolls by itself"
        H.draw_die_panel(surface, self.die_rect, self.stage.die, value, finger,
                         value == S.FINGER_ANY, traits, self.cairo.phase == Phase.OVER)

    def _view_pieces(self) -> list[PieceDraw]:
        view = self.cairo
        if self._pieces is None or self._pieces[0] != self._token:
            self._pieces = (self._token, pieces_of(view))
        return self._pieces[1]

    def _draw_waiting_block(self, surface: pygame.Surface, view: CairoState,
                            colors: list[theme.PlayerColor]) -> None:
        """The block to flick next, on its ship's deck (with how many are left)."""
        if view.phase not in (Phase.FLICK, Phase.JITTER) or not view.chosen or \
                self.stage.sailing(view.turn):
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
        if PyramidUI.active(view):
            self.renderer.outline_site(surface, board().site(view.offer_site), theme.HIGHLIGHT)
        for site_id in view.closed:
            self.renderer.outline_site(surface, board().site(site_id), (90, 90, 90), 2, 1.5)
        self.stage.draw_marks(surface)

    def _draw_retrievable(self, surface: pygame.Surface, view: CairoState) -> None:
        """Rings on blocks that may be taken back, and on a hinted block."""
        by_id = {p.id: p for p in self._view_pieces()}
        renderer = self.renderer
        if self.my_turn and not self.anims.busy and view.phase == Phase.RETRIEVE:
            for action in view.legal_actions():
                if isinstance(action, A.Retrieve) and action.block in by_id:
                    piece = by_id[action.block]
                    renderer.ring(surface, piece, theme.HIGHLIGHT, 2)
                    self.hits.add_circle(renderer.to_screen(piece.x, piece.y),
                                         renderer.reach(piece), Stone(piece.id), renderer.rect)
        hinted = self.hint_block
        if hinted is not None and int(hinted[1] * 4) % 2 == 0 and hinted[0] in by_id:
            self.renderer.ring(surface, by_id[str(hinted[0])], theme.GOOD, 4)

    def _draw_influence(self, surface: pygame.Surface, view: CairoState,
                        colors: list[theme.PlayerColor]) -> None:
        """Each site's influence per colour and who would score (I)."""
        if not self.influence_on or self.stage.scoring is not None:
            return
        if self._panels is None:
            influence = scoring.influence_by_site(view)
            self._panels = []
            avoid = self._piece_rects(view) + [H.site_rect(self.renderer, site, 14)
                                               for site in board().sites]
            for site in board().sites:
                points = view.site_points.get(site.id) or list(
                    scoring.site_result(view, site.id, influence[site.id]).points)
                panel = H.influence_panel(site, influence[site.id], points, colors)
                if panel is not None:
                    rect = H.place_panel(self.renderer, site, panel, self.renderer.rect, avoid)
                    avoid.append(rect)
                    self._panels.append((panel, rect))
        for panel, rect in self._panels:
            surface.blit(panel, rect)

    @property
    def pieces_rect(self) -> pygame.Rect:
        """Where blocks may be drawn: the table between the seat strip and the bottom bar
        (a block hanging over the board's edge must not be drawn over either)."""
        table = self.table_rect
        top = self.strip_rect.bottom + 1
        return pygame.Rect(table.left, top, table.width, self.board_rect.bottom - top)

    def _piece_rects(self, view: CairoState) -> list[pygame.Rect]:
        """Where the blocks on the board and the ships are drawn (what badges keep off)."""
        out = []
        for piece in view.on_board():
            x, y = self.renderer.to_screen(piece.x, piece.y)
            half = self.renderer.px(self.data.pieces[piece.kind].side) * 0.75
            out.append(pygame.Rect(round(x - half), round(y - half), round(2 * half),
                                   round(2 * half)))
        for seat in view.active_seats():
            x, y, _ = view.ship_pose(seat)
            sx, sy = self.renderer.to_screen(x, y)
            half = self.renderer.px(self.data.ship.length) / 2
            out.append(pygame.Rect(round(sx - half), round(sy - half / 2), round(2 * half),
                                   round(half)))
        return out

    def _draw_influence_toggle(self, surface: pygame.Surface) -> None:
        """A small switch in the board's corner for the influence overlay (also key I)."""
        rect = self.influence_rect
        on = self.influence_on
        label = "Influence: on" if on else "Influence (I)"
        button.draw(surface, rect, label, hover=self._over_switch, selected=on, size=13)
        self.hits.add(rect, InfluenceSwitch())

    def _draw_tooltip(self, surface: pygame.Surface, view: CairoState) -> None:
        piece = self.hover
        if piece is None or self.stage.show is not None or self.flick.active:
            return
        if self.hover_timer.ready:
            tooltip.draw(surface, [words.piece_words(view, piece, self.names)], self.mouse,
                         self.renderer.rect)


def _is_skip(event: pygame.event.Event) -> bool:
    """A click, Space or Enter skips the final scoring show."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))


def _tick(item: Timed | None, dt: float) -> Timed | None:
    """Count a timed highlight down; None when it is over."""
    if item is None:
        return None
    value, left = item
    return (value, left - dt) if left > dt else None
