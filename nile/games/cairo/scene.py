"""Cairo on screen: the board from above, flicks by slingshot, and everything the rules report.

Playing: the Nile die rolls by itself (it also picks your finger, CA-4; on a 6 you pick one
in the bottom bar or with keys 1-5) and your ship sails. On the downstream lane you may take
blocks back (click them, or Take all). Choose what to flick (buttons or S / L / D), then
press on the block waiting on your ship, pull back and let go (`flick_input.py`). After a
small block lands on a site you may build a pyramid (`pyramid_ui.py`). I shows each site's
influence; H shows where the normal bot would aim.

The pieces: `view/table.py` draws the table (the board and blocks of `mapview.py`, the
panels of `panel.py`), `view/stage.py` plays out what the rules report (flicks re-run by the
physics frame by frame, ships sailing, the final scoring), `intent.py` says what a click or
a bar button means, `words.py` says things. This module wires them: it keeps the views
shown, fills the bottom bar through the `Picker` and turns input into actions.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, TypeVar

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.cairo import config
from nile.games.cairo.intent import CairoIntent, Kind, flicks_chosen
from nile.games.cairo.rules import CairoState
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.events import KindChosen
from nile.games.cairo.rules.phases import FINGER_ANY, Phase
from nile.games.cairo.view import keymap, pictures, words
from nile.games.cairo.view import panel as H
from nile.games.cairo.view.ahead import FlickAhead
from nile.games.cairo.view.flick_input import Aim, FlickInput
from nile.games.cairo.view.mapview import BoardRenderer
from nile.games.cairo.view.pyramid_ui import PyramidUI
from nile.games.cairo.view.stage import Stage, StageCalls
from nile.games.cairo.view.table import Table, TableView, seat_lines
from nile.games.cairo.view.targets import OnBoard
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton

if TYPE_CHECKING:
    from collections.abc import Sequence

    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

T = TypeVar("T")


class CairoScene(GameScene):
    """The Cairo table."""

    KEYS = keymap.KEYS

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
        self.table = Table(self.renderer, self.stage, self.pyramid, self.flick, self.data)
        self.picker = Picker(CairoIntent(lambda: self.flick_total), PickerCalls(
            lambda: self.view, self._acting_seat, self.submit, self._set_bar,
            lambda a: self.tutorial is not None and self.tutorial.progress.asks(a.to_str())))
        self.finger = 2
        """The finger chosen on a 6."""
        self.flick_total = 0
        self._bar_waiting, self._strip_stale = False, True
        """The bottom bar (and the seats' strip) waits for the table to be still."""
        self.hint_block: tuple[str, float] | None = None
        self.hint_place: tuple[A.Place, float] | None = None
        self._views: list[CairoState] = []
        self._turn_key: tuple[int, int] | None = None
        self._token = 0
        """Counts view changes: caches of what the view shows are keyed by it."""
        self.pictures = pictures.Pictures()
        super().__init__(app, match, replay, autosaver)
        self.ahead = FlickAhead(lambda: self.match, partial(GameScene.after_action, self))
        self.layers.insert(0, self.ahead)
        self.stage.timeline = self.anims

    @property
    def cairo(self) -> CairoState:
        assert isinstance(self.view, CairoState)
        return self.view

    # For the stage and the picker --------------------------------------------------------------

    def _announce(self, engine_text: str, kind: str) -> None:
        self.toast(self.words(engine_text), kind)

    def plate_center(self, seat: int) -> tuple[float, float]:
        return self.table.plate_center(seat, self.cairo.num_players)

    def flicker_is_watching(self, seat: int) -> bool:
        return self.replay is None and self.match.seats[seat].is_human and seat == self.viewer

    def scoring_changed(self) -> None:
        self.table.influence_on = False
        self.update_action_bar()

    def _acting_seat(self) -> int | None:
        """The seat whose clicks make moves here now: the human to act, at the screen, once
        the table is still (until then the bar waits, `update_action_bar`)."""
        return self.cairo.turn if self.accepting_input else None

    # Layout and tutorials ---------------------------------------------------------------------

    def layout_now(self) -> None:
        """Place the strip, the die panel and the board inside `board_rect`."""
        self.table.layout(self.board_rect)
        self.toasts.top = self.table.strip_rect.bottom + 12
        self.table.anchor_flick(self.cairo, self._finger())

    def _finger(self) -> int:
        view = self.cairo
        return self.finger if view.die == FINGER_ANY else max(1, min(5, view.die or 2))

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at (`Table.regions`: the board, the strip, the
        die, the river, the ship to move, every site, each site with that ship)."""
        return {**super().regions(), **self.table.regions(self.cairo)}

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The pictures of `pictures.py` ("burning", "pyramid"), painted once per size."""
        colors = [self.color(s) for s in range(self.cairo.num_players)]
        return self.pictures.draw(surface, rect, name, colors)

    # Views and the bottom bar ----------------------------------------------------------------

    def on_view_changed(self) -> None:
        view = self.cairo
        self._token += 1
        if not self._views or self._views[-1] is not view or self.replay is not None:
            # a replay moves one state object along: keep copies of what was shown
            kept = view if self.replay is None else view.clone()
            self._views = [*self._views[-1:], kept]
            # Cairo hides nothing, so the state behind the view has the same board; asked
            # there, its caches (each block's placement, the last projection) last from
            # move to move, where the view is a fresh copy after every move (issue 33)
            self._strip_stale = True
        key = (view.turn, view.turns_taken)
        if key != self._turn_key:
            self._turn_key = key
            self.finger, self.pyramid.turn = 2, 0.0
            self.flick_total = flicks_chosen(view, (
                e for entry in reversed(self.match.log) for e in entry.events)) \
                if view.phase == Phase.FLICK else 0
            self.flick.new_turn()
        self.table.new_view()
        self.stage.set_die(view.die)
        self.layout_now()
        self.pyramid.sync(view)
        self._show_strip()
        self.update_action_bar()

    def update_action_bar(self) -> None:
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
        if not self.my_turn:
            self.set_action_bar("")
        self.picker.refresh()  # the intent's words and buttons, through `_set_bar`

    def _set_bar(self, prompt: str, buttons: Sequence[BarButton]) -> None:
        """The intent's bar with the table's own buttons after its: the fingers on a 6, the
        pyramid window's "Confirm order" and "Best spot"."""
        own = H.own_buttons(self.cairo, self.data, self.finger, self._pick_finger,
                            self._confirm_order, self._place_default)
        self.set_action_bar(prompt, [*buttons, *own])

    # Bar and key actions -----------------------------------------------------------------------

    def _pick_finger(self, finger: int) -> None:
        self.finger = finger
        self.table.anchor_flick(self.cairo, self._finger())
        self.update_action_bar()

    def _confirm_order(self) -> None:
        self.submit(A.Arrange(tuple(self.pyramid.order)))

    def _place_default(self) -> None:
        places = [a for a in self.cairo.legal_actions() if isinstance(a, A.Place)]
        if not places:
            self.toast("There is no free spot for this pyramid on the site.", "error")
            return
        self.submit(places[0])

    def toggle_influence(self) -> None:
        self.table.toggle_influence()

    def _phase_is(self, phase: Phase) -> bool:
        return self.accepting_input and self.cairo.phase == phase

    def choose_small(self) -> None:
        self.picker.click(Kind("small"))

    def choose_large(self) -> None:
        self.picker.click(Kind("large"))

    def choose_die(self) -> None:
        self.picker.click(Kind("die"))

    def may_pick_finger(self) -> bool:
        return (self._phase_is(Phase.FLICK) and self.cairo.die == FINGER_ANY
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

    def placing(self) -> bool:
        return self._phase_is(Phase.PLACE)

    def take_all_back(self) -> None:
        self.submit(A.RETRIEVE_ALL)

    def turn_pyramid(self) -> None:
        self.pyramid.rotate(15.0)

    # Input --------------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.table.moved(event.pos)
        if self.table.on_switch(event):
            self.toggle_influence()
            return True
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if self.stage.scoring is not None and _is_skip(event):
            self.anims.finish()
            return True
        if self.handle_view_event(event):  # the pointer followed, the influence switch
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
        """The slingshot's drag; a released aim is the flick, submitted as it is."""
        used = self.flick.handle_event(event)
        aim = self.flick.take_fired()
        if aim is not None:
            self.submit(A.Flick.of(self.cairo.chosen, aim.degrees, aim.power, aim.offset,
                                   self._finger()))
            return True
        if not used and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.table.hits.find(event.pos, OnBoard) is not None:
            self.toast("Press on the block waiting on your ship, then pull back.")
            return True
        return used

    def _click(self, pos: tuple[int, int], phase: Phase) -> bool:
        """A click on the table: a ringed stone goes to the picker (taken back, picked for
        the pyramid); the pyramid window orders the colours and places the pyramid."""
        if phase in (Phase.RETRIEVE, Phase.PICK):
            stone = self.table.ringed_at(pos) if phase == Phase.RETRIEVE else \
                self.pyramid.stone_at(pos)
            return stone is not None and self.picker.click(stone)
        if phase == Phase.ARRANGE:
            return self.pyramid.click_arrange(pos)
        if phase == Phase.PLACE:
            place = self.pyramid.place_at(pos)
            if place is not None:
                self.submit(place)
            return place is not None or self.pyramid.covers(pos)
        return False

    # Hints and words ---------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return words.describe(action, self.cairo, self.names)

    def show_hint(self, action: Action) -> None:
        if isinstance(action, A.Flick):
            if self.cairo.die == FINGER_ANY:
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
        shown = self._views[:-1] if self.replay is not None else self._views
        before = shown[-1] if shown else None
        self.flick_total = next((e.count for e in reversed(events)
                                 if isinstance(e, KindChosen)), self.flick_total)
        state = self.state
        assert isinstance(state, CairoState)
        self.stage.play(events, before, state)

    @property
    def landing(self) -> bool:
        return self.ahead.waiting

    def land(self) -> None:
        self.ahead.land_now()

    def after_action(self, events: list[Event], actor: int | None = None) -> None:
        """A flick whose stones fall lands once its physics rests (`ahead.py`)."""
        if self.ahead.begin(events, actor):
            self.top_bar.refresh()
            self.set_action_bar("")
            return
        super().after_action(events, actor)

    def exit(self) -> None:
        try:
            self.land()
        finally:
            super().exit()

    def update_table(self, dt: float) -> None:
        self.stage.update(dt, self.anims.speed if self.anims.speed > 0 else 100.0)
        self.table.work_ahead(self._token, self.state.scores if self._strip_stale else None)
        self._show_strip()
        if self._bar_waiting and not self.anims.busy:
            self.update_action_bar()
        self.flick.enabled = self.accepting_input and self.cairo.phase == Phase.FLICK
        if not self.flick.enabled and (self.flick.active or self.flick.dragging):
            self.flick.reset()
        self.flick.update(dt)
        self.hint_block = _tick(self.hint_block, dt)
        self.hint_place = _tick(self.hint_place, dt)

    def _show_strip(self) -> None:
        """The seats' points and "Game over" once the table has shown the move they follow."""
        if self._strip_stale and (not self.anims.busy or self.replay is not None):
            self._strip_stale = False
            self.table.seats = seat_lines(self.cairo, self.state.scores(), self.names,
                                          [self.color(s) for s in range(self.cairo.num_players)],
                                          self.viewer if self.replay is None else None)

    def frame(self, view: CairoState) -> TableView:
        """What the table shows of `view` this frame."""
        return TableView(view, self.table_rect, self.board_rect, self._token,
                         [self.color(s) for s in range(view.num_players)], self.names,
                         self.my_turn, self.anims.busy, self.finger, self.hover_timer.ready,
                         self.hint_block, self.hint_place[0] if self.hint_place else None)

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, CairoState)
        self.table.draw(surface, self.frame(view))


def _is_skip(event: pygame.event.Event) -> bool:
    """A click, Space or Enter skips the final scoring show."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))


def _tick(item: tuple[T, float] | None, dt: float) -> tuple[T, float] | None:
    """Count a timed highlight down; None when it is over."""
    return (item[0], item[1] - dt) if item is not None and item[1] > dt else None
