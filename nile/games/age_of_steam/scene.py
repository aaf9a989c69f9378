"""Age of Steam on screen: the hex map with track and goods, the players' boards, and
every phase played with the mouse.

The map fills the table (wheel zooms at the cursor, right-drag pans, F or the Fit button
shows it whole); the boards sit beside it (below it for Chile, whose long strip is drawn
lying down with north to the left); the income, shares and points tracks run under a wide
map or beside a tall one, and the log gives way to a map bound by the window's width
(Chile, CCCP; L brings it back). Each phase says in the action bar what to do:
- shares and the auction: − and + set the number, the accent button confirms;
- action tiles: click a highlighted tile in the boards;
- building by intent: click a city, town or your track, then where to go (or drag along
  the hexes): the tiles toward it are planned, the first in the popup, the rest ghosted;
  Build all lays them;
- building one hex: click a highlighted hex; the popup cycles the legal tiles there (wheel over
  the hex, the arrow keys or its arrows) with their cost, the tile shows on the hex; Build or Enter;
  the turn ends on Done (E), after a card in a corner of the map has listed this turn's
  tiles, their cost, the links completed and the track Done would leave unowned;
- moving goods: click a ringed cube; every city it can reach lights up with its best
  route and what each owner earns; click one (several ways there: pick one from a list);
- Production, Communism: click the highlighted row or city.
Hover anything on the map or the boards for what it is.

What a click means is `intent.py`'s (the `Picker` holds the picks); what is drawn is the
`view/` components'; this class wires them and animates what the rules report.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.core.intent import Target
from nile.games.age_of_steam.intent import (
    AgeOfSteamIntent,
    Count,
    GoodTarget,
    TileTarget,
)
from nile.games.age_of_steam.rules.actions import (
    Bid,
    Build,
    CommunismPlace,
    Deliver,
    IssueShares,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.view import choices, glance, keymap, offered, overlay, table
from nile.games.age_of_steam.view.animate import Animator
from nile.games.age_of_steam.view.clicks import InputCalls, TableInput
from nile.games.age_of_steam.view.geometry import TURNED_MAPS
from nile.games.age_of_steam.view.glance import Glance
from nile.games.age_of_steam.view.mapbuttons import MapButton, MapButtons, MapCalls
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.panel import Panel, PanelInfo, needed_height
from nile.games.age_of_steam.view.pickers import Pickers
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

__all__ = ["AgeOfSteamScene", "MapButton"]

SIDE_WIDTH = 292
HINT_TIME = 2.5


class AgeOfSteamScene(GameScene):
    """The Age of Steam table."""

    KEYS = keymap.KEYS

    def __init__(self, app: App, match: Match, replay: Replay | None = None,
                 autosaver: Autosaver | None = None) -> None:
        map_name = match.options.get("map", "chile")
        self.mv = MapView(map_name)
        self.mode = "bottom" if map_name in TURNED_MAPS else "side"
        self.panel = Panel()
        self.intent = AgeOfSteamIntent(lambda: self.match.log)
        self.picker = Picker(self.intent, PickerCalls(lambda: self.aos, self._seat,
                                                      self.submit, self._set_bar))
        self.pickers = Pickers()
        """The build picker and the ways list, as the picks say."""
        self.map_buttons = MapButtons(MapCalls(self.fit, self.zoom_in, self.zoom_out),
                                      match.state.num_players)
        self.auto_fit = True
        self.mouse = (0, 0)
        self.hint_tile: tuple[str, float] | None = None
        self.hint_hex: tuple[int, float] | None = None
        self.hits: HitMap[table.MapTarget] = HitMap()
        """The map's buttons and the review card as drawn this frame (the boards, the
        strip and the picker keep their own maps)."""
        self.review_rect: pygame.Rect | None = None
        """Where the build review card goes (it steps aside while the mouse is on it)."""
        self.tag_rects: list[pygame.Rect] = []
        """Where the destinations' '+N' tags were drawn last (clear of every name)."""
        self.version = 0
        """Counts the views drawn: the map recomposes its board only after a change."""
        self._synced: tuple[object, ...] | None = None
        self.glance = Glance()
        self.draft = table.DraftCache(self.intent)
        self.input = TableInput(self.intent, self.picker, self.pickers, self.draft, self.mv,
                                self.panel, InputCalls(
                                    lambda: self.aos, self._seat, lambda: self.accepting_input,
                                    self.submit, lambda w, kind: self.toast(self.words(w), kind),
                                    self.handle_view_event, self._lesson_asks))
        """The mouse and the keys made into picks (`KEYS` name its methods)."""
        super().__init__(app, match, replay, autosaver)
        self.animator = Animator(self.anims, self.mv, self.panel,
                                 lambda words, kind: self.toast(self.words(words), kind))
        """Tiles flashing, goods travelling and figures rising (a component)."""
        if self._log_costs_the_map():
            # A wide map (Chile's strip, CCCP) is bound by the window's width: give it the
            # log's width too (L or the Log button brings the log back).
            self.show_log(False)

    def _log_costs_the_map(self) -> bool:
        """Would the map at Fit be much larger (a fifth or more) with the log closed?"""
        shown = self.log_open
        self.log_open = True
        with_log = glance.fit_zoom(self.mv.geo, self.areas()["map"])
        self.log_open = False
        without = glance.fit_zoom(self.mv.geo, self.areas()["map"])
        self.log_open = shown
        return without > 1.2 * with_log

    # Layout --------------------------------------------------------------------------

    @property
    def aos(self) -> AgeOfSteamState:
        assert isinstance(self.view, AgeOfSteamState)
        return self.view

    @property
    def links_of(self) -> int | None:
        return self.map_buttons.links_of

    def areas(self) -> dict[str, pygame.Rect]:
        board = self.board_rect
        if self.mode == "side":
            panel = pygame.Rect(board.right - SIDE_WIDTH - 6, board.top + 6, SIDE_WIDTH,
                                board.height - 12)
            area = pygame.Rect(board.left, board.top, panel.left - 6 - board.left,
                               board.height)
        else:
            height = needed_height("bottom", self.match.state.num_players)
            panel = pygame.Rect(board.left + 6, board.bottom - height - 6, board.width - 12,
                                height)
            area = pygame.Rect(board.left, board.top, board.width, panel.top - 4 - board.top)
        area, strip, way = glance.place(area, self.mv.geo)
        return {"map": area, "panel": panel, "glance": strip, way: strip}

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step may point at: the map, the boards and their blocks
        ('players' holds the shares, money and the auction's bids), the build picker
        when open, the build's review card before Done ('review', once it is drawn),
        any hex ('hex:3,10'), any city or town by name ('place:Santiago') and
        'route', the delivery the step asks for (or the last one made)."""
        found = {**super().regions(), **table.regions(
            self.aos, self.mv, self.areas(), self.mode, self.match.state.num_players,
            self.tutorial_route())}
        framed = self.pickers.build_popup.frame_rect if self.pickers.build_popup else None
        if framed is not None:
            found["build_picker"] = framed
        if self.review_rect is not None:
            found["review"] = self.review_rect
        return found

    def _lesson_asks(self, options: Sequence[Action]) -> int | None:
        """The option a lesson's act step asks for, for a picker to open on (the card says
        "found new city A": not the town's track listed first)."""
        lesson = self.tutorial.progress if self.tutorial is not None else None
        return next((i for i, a in enumerate(options)
                     if lesson is not None and lesson.asks(a.to_str())), None)

    def tutorial_route(self) -> Deliver | None:
        """The delivery a tutorial step looks at: the one its act step asks for, else the
        last one played (an explain step after it)."""
        if self.tutorial is None or self.tutorial.progress.current.look != "route":
            return None
        step = self.tutorial.progress.current
        if step.kind == "act":
            for action in self.aos.legal_actions():
                if isinstance(action, Deliver) and step.accepts(action.to_str()):
                    return action
        for entry in reversed(self.match.log):
            if isinstance(entry.action, Deliver):
                return entry.action
        return None

    def on_view_changed(self) -> None:
        self.version += 1
        areas = self.areas()
        self.mv.camera.viewport = areas["map"]
        self.mv.colors = [self.color(s) for s in range(self.match.state.num_players)]
        if self.auto_fit:
            self.mv.fit()
        self.toasts.top = areas["map"].top + 10
        self.toasts.center_x = areas["map"].centerx
        key = (self.match.ply, self.viewer, self.covered_for)
        if key != self._synced:  # a new position or viewer: the half-made move is dropped
            self._synced = key
            self.picker.refresh()
        self._show_bar()

    def fit(self) -> None:
        self.auto_fit = True
        self.mv.fit()

    def zoom_in(self) -> None:
        self._zoom(1.25)

    def zoom_out(self) -> None:
        self._zoom(0.8)

    def _zoom(self, factor: float) -> None:
        self.auto_fit = False
        self.mv.camera.zoom_at(self.mv.camera.viewport.center, factor)
        self.mv.settle_zoom()

    # The picks -----------------------------------------------------------------------

    @property
    def picked(self) -> tuple[Target, ...]:
        return self.picker.picked

    def _seat(self) -> int | None:
        seat = self.aos.current_player
        return seat if self.my_turn and seat is not None and seat >= 0 else None

    def _set_bar(self, prompt: str, buttons: Sequence[BarButton]) -> None:
        """The picker's bar, in names; the pickers follow the picks."""
        self.set_action_bar(self.words(prompt), buttons)
        self.pickers.sync(self.aos, self.picked, self.draft.by_hex(self.aos), self.names)

    def _show_bar(self) -> None:
        """The bar and the pickers for the view now: empty unless someone here may act."""
        if self._seat() is None:
            self.set_action_bar("", ())
            self.pickers.sync(self.aos, (), {}, self.names)
        elif self.picker.offer is None:
            self.picker.refresh()
        else:  # the same picks on the view as it is now (never playing a move by itself)
            offer = self.intent.offer(self.aos, self._seat() or 0, self.picked)
            if offer.ready is None:
                self.picker.show(offer)
            else:
                self.picker.refresh()

    # Input ---------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if self.map_buttons.handle_event(event):
            return True
        if self.mv.camera.handle_event(event):
            self.auto_fit = False
            self.mv.settle_zoom()
            return True
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle_event(event)

    # Hints and words -------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return choices.describe_action(self.aos, action, self.names)

    def show_hint(self, action: Action) -> None:
        view = self.aos
        if isinstance(action, IssueShares | Bid):
            self.input.pick((Count(action.count if isinstance(action, IssueShares)
                             else action.amount),))
        elif isinstance(action, TakeAction):
            self.hint_tile = (action.name, HINT_TIME)
        elif isinstance(action, Build | Urbanize):
            self.input.show_option(action)
        elif isinstance(action, Deliver):
            route = choices.deliver_of(view, action)
            if route is not None:
                self.input.pick((GoodTarget(view.map.hex_at(action.source), action.colour),))
                self.pickers.preview = route
                self.hint_hex = (route.destination, HINT_TIME)
        elif isinstance(action, CommunismPlace):
            self.hint_hex = (view.map.hex_at(action.hex_label), HINT_TIME)

    # Animation -----------------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        self.animator.play(events, self.aos)

    def is_idle(self) -> bool:
        """Still: no figures rising from the boards and no hint blinking either."""
        return (super().is_idle() and not self.animator.floaters
                and self.hint_tile is None and self.hint_hex is None)

    def update_table(self, dt: float) -> None:
        self.animator.update(dt)
        if self.hint_tile is not None:
            name, left = self.hint_tile
            self.hint_tile = (name, left - dt) if left > dt else None
        if self.hint_hex is not None:
            h, left = self.hint_hex
            self.hint_hex = (h, left - dt) if left > dt else None

    # Drawing -------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, AgeOfSteamState)
        self.hits.clear()
        areas, live = self.areas(), self.accepting_input
        self.mv.draw(surface, view, self.version)
        draft = self.draft.of(view, live, self.picked, self.pickers, self.input.trail,
                              self._blink(self.hint_hex))
        clip = surface.get_clip()
        surface.set_clip(areas["map"].clip(clip))
        if self.links_of is not None:
            overlay.pick_out_track(surface, self.mv, view, self.links_of,
                                   self.color(self.links_of))
        self.animator.draw_board(surface)
        route = self.tutorial_route()
        if route is not None:  # a tutorial step shows the delivery's real route
            overlay.route(surface, self.mv, choices.route_links(view, route), self.mv.colors)
        self.tag_rects = offered.draw(surface, self.mv, view, draft, self.mouse, live)
        surface.set_clip(clip)
        lit = self.picker.offer.lit if live and self.picker.offer else frozenset()
        self.panel.draw(surface, areas["panel"], self.mode, view, PanelInfo(
            list(self.names), list(self.mv.colors), self.viewer, table.tiles_in(lit),
            table.rows_in(lit), table.hover_of(self.panel.hit(self.mouse))))
        beside = areas.get("beside")
        strip, buttons = (areas["glance"], areas["map"]) if beside is None else (
            beside.inflate(0, -80).move(0, 2), beside.inflate(0, 4))
        self.glance.draw(surface, strip, "below" if beside is None else "beside", view,
                         self.mv.colors, list(self.names))
        self.map_buttons.draw(surface, buttons, self.mv, self.names, self.mouse, self.hits.add,
                              beside is not None)
        if self._blink(self.hint_tile) is not None:
            table.ring_tile(surface, self.panel, TileTarget(self.hint_tile[0]))  # type: ignore[index]
        self.animator.draw_top(surface, self.mode == "side")
        if live:
            self.review_rect = table.draw_review(
                surface, self.mv, view, draft, areas["map"], self.hits, self.mouse,
                [b.rect for b in self.map_buttons.buttons], self.words, self.draft.last.review)
            self.draw_floating(surface)
        else:
            self.review_rect = None
        if self.hover_timer.ready and not self.mv.camera.dragging:
            table.tooltip(surface, self._tip_lines(view), self.mouse, self.table_rect)

    @staticmethod
    def _blink(hint: tuple[object, float] | None) -> object | None:
        """A hint's subject while it shows (it blinks four times a second)."""
        return hint[0] if hint is not None and int(hint[1] * 4) % 2 == 0 else None

    def floating_rects(self) -> list[pygame.Rect]:
        return self.pickers.floating_rects()

    def draw_floating(self, surface: pygame.Surface) -> None:
        if self.accepting_input:
            self.pickers.draw(surface, self.mv, self.areas()["map"], self.board_rect,
                              table.plan_rects(self.mv, self.draft.last))

    def _tip_lines(self, view: AgeOfSteamState) -> list[str]:
        return table.tip_lines(view, self.mv, self.mouse, self.hits, self.glance, self.panel,
                               self.pickers, self.draft.last, list(self.names))

