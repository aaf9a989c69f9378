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
    HexTarget,
    OptionTarget,
    TileTarget,
    WayTarget,
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
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.view import choices, glance, offered, overlay, plan, table
from nile.games.age_of_steam.view.animate import Animator
from nile.games.age_of_steam.view.geometry import TURNED_MAPS
from nile.games.age_of_steam.view.glance import Glance
from nile.games.age_of_steam.view.mapbuttons import MapButton, MapButtons, MapCalls
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.panel import Panel, PanelInfo, needed_height
from nile.games.age_of_steam.view.pickers import Pickers, toward_pointer
from nile.ui import keys
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


def _bind(names: str, action: str, words: str, when: str, *args: int) -> keys.Binding:
    return keys.Binding(names, action, words, when=when, args=args)


class AgeOfSteamScene(GameScene):
    """The Age of Steam table."""

    KEYS = (
        _bind("escape", "cancel", "close the picker or drop the good picked up",
              "accepting_input"),
        _bind("left, up", "step_build", "the picker: the option before", "picker_open", -1),
        _bind("right, down", "step_build", "the picker: the next option", "picker_open", 1),
        _bind("return, kp_enter, space", "confirm_build", "the picker: lay that tile",
              "picker_open"),
        _bind("pageup", "picker_group", "the picker: town tiles with fewer exits",
              "picker_open", -1),
        _bind("pagedown, tab", "picker_group", "the picker: town tiles with more exits",
              "picker_open", 1),
        _bind("up", "step_way", "the ways to deliver: the one above", "ways_open", -1),
        _bind("down", "step_way", "the ways to deliver: the one below", "ways_open", 1),
        _bind("return, kp_enter", "take_way", "the ways to deliver: deliver by the one "
              "selected", "ways_open"),
        _bind("e", "press", "building: done (after the review)", "building", 0),
        _bind("0-9, kp0-kp9", "type_digit", "shares or bid: type the number (the first "
              "digit replaces the one shown)", "typing_number"),
        _bind("backspace", "erase_digit", "shares or bid: take back the last digit",
              "typing_number"),
        _bind("up, plus, equals, kp_plus", "press", "shares: one more", "issuing", 1),
        _bind("down, minus, kp_minus", "press", "shares: one fewer", "issuing", 2),
        _bind("return, kp_enter", "press", "shares: issue them", "issuing", 3),
        _bind("up, plus, equals, kp_plus", "press", "auction: bid $1 more", "bidding", 1),
        _bind("down, minus, kp_minus", "press", "auction: bid $1 less", "bidding", 2),
        _bind("return, kp_enter", "press", "auction: bid the amount shown", "bidding", 4),
        _bind("p", "press", "auction: drop out", "may_drop_out", 5),
        _bind("p", "press", "moving goods: pass this move (or raise the locomotive with its "
              "button)", "moving", 6),
        keys.Binding("f", "fit", "fit the map to the table", anytime=True),
    )
    PRESSED = ("end", "more", "less", "issue", "bid", "drop", "pass")
    """The bar's buttons the keys press (by their key in the offer)."""

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
        self.trail: list[int] = []
        """The hexes a left-drag has passed over while building (its start first)."""
        self.review_rect: pygame.Rect | None = None
        """Where the build review card goes (it steps aside while the mouse is on it)."""
        self.tag_rects: list[pygame.Rect] = []
        """Where the destinations' '+N' tags were drawn last (clear of every name)."""
        self.version = 0
        """Counts the views drawn: the map recomposes its board only after a change."""
        self._synced: tuple[object, ...] | None = None
        self.glance = Glance()
        self.draft = table.DraftCache(self.intent)
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
        if self._seat() is None:
            self.set_action_bar("", ())
            self.pickers.sync(self.aos, (), {}, self.names)
        elif self.picker.offer is None:
            self.picker.refresh()
        else:
            self.picker.show(self.intent.offer(self.aos, self._seat() or 0, self.picked))

    def pick(self, picks: tuple[Target, ...]) -> None:
        """Set the picks (a step of the half-made move that no single click narrows to)."""
        seat = self._seat()
        if seat is not None:
            self.picker.show(self.intent.offer(self.aos, seat, picks))

    def show_option(self, option: choices.BuildChoice | None) -> None:
        """The build picker shows `option` now."""
        if option is not None:
            kept = tuple(p for p in self.picked if not isinstance(p, HexTarget | OptionTarget))
            h = self.aos.map.hex_at(option.hex_label)
            self.pick((*kept, HexTarget(h), OptionTarget(option)))

    def press(self, index: int) -> bool:
        """A key pressing one of the bar's buttons (E: Done, P: drop out or pass, ...)."""
        wanted = self.PRESSED[index]
        offer = self.picker.offer
        for choice in offer.choices if offer is not None else ():
            if choice.key == wanted and choice.enabled:
                self.picker.choose(choice)
                return True
        return wanted == "end"

    # Keys (KEYS: when they are live, and what they do) -----------------------------------

    def picker_open(self) -> bool:
        return self.accepting_input and self.pickers.build_popup is not None

    def building(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.BUILD

    def issuing(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.SHARES

    def bidding(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.AUCTION and any(
            isinstance(a, Bid) for a in self.aos.legal_actions())

    def may_drop_out(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.AUCTION and any(
            c.key == "drop" for c in (self.picker.offer.choices if self.picker.offer else ()))

    def typing_number(self) -> bool:
        return self.issuing() or self.bidding()

    def moving(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.MOVE

    def ways_open(self) -> bool:
        return self.accepting_input and self.pickers.dest_popup is not None

    def cancel(self) -> bool:
        """Esc: back out of the ways list, else drop the half-made move (not a number)."""
        if self.pickers.dest_popup is not None:
            self.pick(tuple(p for p in self.picked if isinstance(p, GoodTarget)))
            return True
        if all(isinstance(p, Count) for p in self.picked):
            return False
        return self.picker.cancel()

    def step_build(self, delta: int) -> None:
        self.show_option(self.pickers.stepped(delta))

    def picker_group(self, delta: int) -> None:
        self.show_option(self.pickers.of_group(delta))

    def confirm_build(self) -> None:
        """Lay the picker's tile; a planned one goes on toward the target."""
        action, picked = self.pickers.chosen_build(), self.picked
        planned = self.intent.planned(self.aos, picked)
        if action is not None and self.submit(action):
            after = self.intent.after_build(self.aos, picked, action, planned)
            if after and self._seat() is not None:
                self.pick(after)

    def step_way(self, delta: int) -> None:
        assert self.pickers.dest_popup is not None
        self.pickers.dest_popup.move(delta)

    def take_way(self) -> None:
        """Enter: deliver by the way selected, as a click on it would."""
        assert self.pickers.dest_popup is not None
        self._take_way(self.pickers.dest_popup.selected)

    def _take_way(self, index: int) -> None:
        route = self.pickers.way(index)
        if route is not None:
            self.picker.click(WayTarget(route.action))

    def type_digit(self, digit: int) -> None:
        self.pick(self.intent.typed(self.aos, self.picked, digit))

    def erase_digit(self) -> None:
        self.pick(self.intent.typed(self.aos, self.picked, None))

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
        if event.type == pygame.MOUSEMOTION:
            self.handle_view_event(event)
            if self.trail and getattr(event, "buttons", (0,))[0]:
                h = self.mv.hex_at(event.pos)
                if h >= 0 and h != self.trail[-1]:
                    self.trail.append(h)
            if self.pickers.dest_popup is not None:
                self.pickers.dest_popup.hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.trail:
            return self._drag_end()
        if event.type == pygame.MOUSEWHEEL and self._wheel_on_popup(event):
            return True
        if self.handle_view_event(event):
            return True
        if not self.accepting_input:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            used = self._click(event.pos)
            self._drag_start(event.pos)
            return used
        return False

    def _drag_start(self, pos: tuple[int, int]) -> None:
        """A press on the map while building may start a drag along the hexes."""
        self.trail = []
        if self.aos.phase == Phase.BUILD and self.my_turn and self.mv.camera.covers(pos):
            h = self.mv.hex_at(pos)
            if h >= 0 and plan.is_start(self.aos, h, self._seat() or 0):
                self.trail = [h]

    def _drag_end(self) -> bool:
        """Released after passing over hexes: build from where the drag began toward
        where it ended, by the hexes it passed."""
        trail, self.trail = self.trail, []
        if len(trail) < 2 or not self.accepting_input:
            return False
        picks, notice = self.intent.intend(self.aos, trail[0], trail[-1], tuple(trail[1:]))
        self._notice(notice)
        self.pick(picks)
        return True

    def _wheel_on_popup(self, event: pygame.event.Event) -> bool:
        """The wheel over the hex being built on (or its popup) cycles its tiles."""
        popup = self.pickers.build_popup
        if popup is None or not self.accepting_input:
            return False
        pos = pygame.mouse.get_pos()
        if popup.hit(pos) is not None or self.mv.hex_at(pos) == self.pickers.build_hex:
            self.step_build(-1 if event.y > 0 else 1)
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        pickers = self.pickers
        if pickers.dest_popup is not None:
            index = pickers.dest_popup.hit(pos)
            if index >= 0 or index == -2:
                self._take_way(index)
                return True
            self.pick(tuple(p for p in self.picked if isinstance(p, GoodTarget)))
        hit = pickers.build_popup.hit(pos) if pickers.build_popup is not None else None
        if hit is not None:
            table.click_popup(hit, pickers, self.show_option, self.confirm_build,
                              self.picker.cancel)
            return True
        on_panel = self.panel.hit(pos)
        if on_panel is not None:
            notice = self.intent.notice(self.aos, on_panel)
            self._notice(notice or "", "error")
            return bool(notice) or self.picker.click(on_panel)
        if self.mv.camera.covers(pos):  # a gate: anywhere else on the table is nothing
            return self._click_map(pos)
        return False

    def _click_map(self, pos: tuple[int, int]) -> bool:
        h, cube = self.mv.hex_at(pos), self.mv.cube_at(pos)
        step = self.intent.map_click(self.aos, self._seat() or 0, self.picked, h,
                                     (cube.hex, cube.colour) if cube is not None else None)
        self._notice(step.notice)
        if step.picks is not None:
            self.pick(step.picks)
        if step.target is not None:
            self.picker.click(step.target)
        if step.open >= 0:
            ordered, _ = choices.by_use(self.aos, self.draft.by_hex(self.aos)[step.open])
            self.show_option(ordered[toward_pointer(self.aos, self.mv, step.open, ordered, pos)])
        if step.aim >= 0:
            self.show_option(self.pickers.aimed(self.aos, step.aim))
        return step.used

    def _notice(self, words: str, kind: str = "info") -> None:
        if words:
            self.toast(self.words(words), kind)

    # Hints and words -------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return choices.describe_action(self.aos, action, self.names)

    def show_hint(self, action: Action) -> None:
        view = self.aos
        if isinstance(action, IssueShares | Bid):
            self.pick((Count(action.count if isinstance(action, IssueShares)
                             else action.amount),))
        elif isinstance(action, TakeAction):
            self.hint_tile = (action.name, HINT_TIME)
        elif isinstance(action, Build | Urbanize):
            self.show_option(action)
        elif isinstance(action, Deliver):
            route = choices.deliver_of(view, action)
            if route is not None:
                self.pick((GoodTarget(view.map.hex_at(action.source), action.colour),))
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
        draft = self.draft.of(view, live, self.picked, self.pickers, self.trail,
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

