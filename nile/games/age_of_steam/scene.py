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
Hover anything on the map or the boards for what it is. Only `view.legal_actions()` says
what is offered; refusals come from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.age_of_steam.rules.actions import (
    Bid,
    Build,
    CommunismExchange,
    CommunismPlace,
    Deliver,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    PlaceGood,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.build import max_builds
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.view import choices, glance, intent, overlay, palette, review, tips
from nile.games.age_of_steam.view.animate import Animator
from nile.games.age_of_steam.view.choices import place_title
from nile.games.age_of_steam.view.controls import Controls, ControlsView, SceneCalls, deliver_of
from nile.games.age_of_steam.view.geometry import TURNED_MAPS
from nile.games.age_of_steam.view.glance import Glance
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.panel import (
    Panel,
    PanelInfo,
    RowTarget,
    SeatTarget,
    TileTarget,
    layout,
    needed_height,
)
from nile.ui import keys, text, theme
from nile.ui.chrome.game_scene import GameScene
from nile.ui.kit import tooltip
from nile.ui.kit.button import Button
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

SIDE_WIDTH = 292
HINT_TIME = 2.5


@dataclass(frozen=True)
class MapButton:
    """A button on the map (Fit, +, −, Track): a tooltip leaves the hex under it alone."""

    label: str


@dataclass(frozen=True)
class ReviewCard:
    """The build's review card: pointed at, it steps aside (the hexes under it stay
    clickable)."""


MapTarget = MapButton | ReviewCard


class AgeOfSteamScene(GameScene):
    """The Age of Steam table."""

    KEYS = (
        keys.Binding("escape", "controls.cancel", "close the picker or drop the good picked up",
                     when="accepting_input"),
        keys.Binding("left, up", "controls.step_build", "the picker: the option before",
                     when="picker_open", args=(-1,)),
        keys.Binding("right, down", "controls.step_build", "the picker: the next option",
                     when="picker_open", args=(1,)),
        keys.Binding("return, kp_enter, space", "controls.confirm_build",
                     "the picker: lay that tile", when="picker_open"),
        keys.Binding("pageup", "controls.picker_group", "the picker: town tiles with fewer exits",
                     when="picker_open", args=(-1,)),
        keys.Binding("pagedown, tab", "controls.picker_group", "the picker: town tiles with more "
                     "exits", when="picker_open", args=(1,)),
        keys.Binding("up", "controls.step_way", "the ways to deliver: the one above",
                     when="ways_open", args=(-1,)),
        keys.Binding("down", "controls.step_way", "the ways to deliver: the one below",
                     when="ways_open", args=(1,)),
        keys.Binding("return, kp_enter", "controls.take_way",
                     "the ways to deliver: deliver by the one selected", when="ways_open"),
        keys.Binding("e", "controls.end_build", "building: done (after the review)",
                     when="building"),
        keys.Binding("0-9, kp0-kp9", "controls.type_digit", "shares or bid: type the number (the "
                     "first digit replaces the one shown)", when="typing_number"),
        keys.Binding("backspace", "controls.erase_digit", "shares or bid: take back the last digit",
                     when="typing_number"),
        keys.Binding("up, plus, equals, kp_plus", "controls.more_shares", "shares: one more",
                     when="issuing"),
        keys.Binding("down, minus, kp_minus", "controls.fewer_shares", "shares: one fewer",
                     when="issuing"),
        keys.Binding("return, kp_enter", "controls.issue", "shares: issue them",
                     when="issuing"),
        keys.Binding("up, plus, equals, kp_plus", "controls.raise_bid", "auction: bid $1 more",
                     when="bidding"),
        keys.Binding("down, minus, kp_minus", "controls.lower_bid", "auction: bid $1 less",
                     when="bidding"),
        keys.Binding("return, kp_enter", "controls.place_bid", "auction: bid the amount shown",
                     when="bidding"),
        keys.Binding("p", "controls.drop_out", "auction: drop out", when="may_drop_out"),
        keys.Binding("p", "controls.pass_move", "moving goods: pass this move (or raise "
                     "the locomotive with its button)", when="moving"),
        keys.Binding("f", "fit", "fit the map to the table", anytime=True),
    )

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        map_name = match.options.get("map", "chile")
        self.mv = MapView(map_name)
        self.mode = "bottom" if map_name in TURNED_MAPS else "side"
        self.panel = Panel()
        self.controls = Controls(self.mv, SceneCalls(self._submit_for_controls, self.toast,
                                                     self.set_action_bar))
        self.auto_fit = True
        self.mouse = (0, 0)
        self.hint_tile: tuple[str, float] | None = None
        self.hint_hex: tuple[int, float] | None = None
        self._map_buttons: list[Button] = []
        self.hits: HitMap[MapTarget] = HitMap()
        """The map's buttons and the review card as drawn this frame (the boards, the
        strip and the picker keep their own maps)."""
        self._links_at: tuple[object, pygame.Rect] | None = None
        """The Track button's spot and the view it was found for (cached)."""
        self.trail: list[int] = []
        """The hexes a left-drag has passed over while building (its start first)."""
        self.review_rect: pygame.Rect | None = None
        """Where the build review card goes (it steps aside while the mouse is on it)."""
        self.tag_rects: list[pygame.Rect] = []
        """Where the destinations' '+N' tags were drawn last (clear of every name)."""
        self.links_of: int | None = None
        """Whose track the map picks out (the Links button cycles the players), or None."""
        self.version = 0
        """Counts the views drawn: the map recomposes its board only after a change."""
        self.glance = Glance()
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

    def areas(self) -> dict[str, pygame.Rect]:
        board = self.board_rect
        players = self.match.state.num_players
        if self.mode == "side":
            panel = pygame.Rect(board.right - SIDE_WIDTH - 6, board.top + 6, SIDE_WIDTH,
                                board.height - 12)
            area = pygame.Rect(board.left, board.top, panel.left - 6 - board.left,
                               board.height)
        else:
            height = needed_height("bottom", players)
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
        areas = self.areas()
        panel = areas["panel"]
        blocks = {name: rect.move(panel.topleft) for name, rect in
                  layout(pygame.Rect(0, 0, *panel.size), self.mode,
                         self.match.state.num_players).items()}
        found = {**super().regions(), "map": areas["map"], "panel": panel,
                 "turn": blocks["turn"], "players": blocks["players"],
                 "auction": blocks["players"], "actions": blocks["actions"],
                 "display": blocks["display"]}
        popup = self.controls.build_popup
        framed = popup.frame_rect if popup is not None else None
        if framed is not None:
            found["build_picker"] = framed
        if self.review_rect is not None:
            found["review"] = self.review_rect
        view = self.aos
        for city in view.map.cities:
            found[f"place:{city.name}"] = self._hexes_rect(city.hexes)
        for h, name in view.map.town_names.items():
            found[f"place:{name}"] = self._hexes_rect([h])
        for h in range(view.map.size):
            found[f"hex:{view.map.label(h)}"] = self._hexes_rect([h])
        route = self.tutorial_route()
        if route is not None:
            hexes = [h for link in choices.route_links(view, route) for h in link.hexes]
            found["route"] = self._hexes_rect(hexes or [view.map.hex_at(route.source)])
        return found

    def _hexes_rect(self, hexes: list[int] | tuple[int, ...]) -> pygame.Rect:
        """The screen box round these hexes (clipped to the map)."""
        r = self.mv.zoom
        boxes = [pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
                 for x, y in (self.mv.hex_centre(h) for h in hexes)]
        return boxes[0].unionall(boxes[1:]).clip(self.areas()["map"])

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
        self._show_controls()
        self.controls.sync()
        self.controls.refresh_bar()

    def _show_controls(self) -> None:
        """Hand the controls the table as it is now (the view, the viewer, whose turn)."""
        self.controls.see(ControlsView(self.aos, self.match.ply, self.viewer, self.covered_for,
                                       self.my_turn, tuple(self.names),
                                       tuple(self.match.log)))

    def _submit_for_controls(self, action: Action) -> bool:
        """Play the controls' action; they then see the table after it (a tutorial step
        may have moved on since the refresh)."""
        done = self.submit(action)
        self._show_controls()
        return done

    def fit(self) -> None:
        self.auto_fit = True
        self.mv.fit()

    # Keys: when the table's keys are live (the controls component does the work) ----------

    def floating_rects(self) -> list[pygame.Rect]:
        controls = self.controls
        found = []
        framed = controls.build_popup.frame_rect if controls.build_popup is not None else None
        if framed is not None:
            found.append(framed)
        if controls.dest_popup is not None:
            found.append(controls.dest_popup.rect)
        return found

    def picker_open(self) -> bool:
        return self.accepting_input and self.controls.picker_open()

    def building(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.BUILD

    def issuing(self) -> bool:
        return self.accepting_input and self.controls.issuing()

    def bidding(self) -> bool:
        return self.accepting_input and self.controls.bidding()

    def may_drop_out(self) -> bool:
        return self.accepting_input and self.controls.may_drop_out()

    def typing_number(self) -> bool:
        return self.issuing() or self.bidding()

    def moving(self) -> bool:
        return self.accepting_input and self.aos.phase == Phase.MOVE

    def ways_open(self) -> bool:
        return self.accepting_input and self.controls.ways_open()

    # Input ---------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if any(map_button.handle_event(event) for map_button in self._map_buttons):
            return True
        if self.mv.camera.handle_event(event):
            self.auto_fit = False
            self.mv.settle_zoom()
            return True
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.handle_view_event(event)
            self._drag_over(event.pos, bool(getattr(event, "buttons", (0,))[0]))
            if self.controls.dest_popup is not None:
                self.controls.dest_popup.hover(event.pos)
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
            if h >= 0 and intent.is_start(self.aos, h, self.controls.seat):
                self.trail = [h]

    def _drag_over(self, pos: tuple[int, int], held: bool) -> None:
        if self.trail and held:
            h = self.mv.hex_at(pos)
            if h >= 0 and h != self.trail[-1]:
                self.trail.append(h)

    def _drag_end(self) -> bool:
        """Released after passing over hexes: build from where the drag began toward
        where it ended, by the hexes it passed."""
        trail, self.trail = self.trail, []
        if len(trail) < 2 or not self.accepting_input:
            return False
        self.controls.intend(trail[0], trail[-1], trail[1:])
        return True

    def _wheel_on_popup(self, event: pygame.event.Event) -> bool:
        """The wheel over the hex being built on (or its popup) cycles its tiles."""
        popup = self.controls.build_popup
        if popup is None or not self.accepting_input:
            return False
        pos = pygame.mouse.get_pos()
        if popup.hit(pos) is not None or self.mv.hex_at(pos) == self.controls.build_hex:
            self.controls.step_build(-1 if event.y > 0 else 1)
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        controls = self.controls
        if controls.dest_popup is not None:
            index = controls.dest_popup.hit(pos)
            if index >= 0:
                controls.click_dest_popup(index)
                return True
            if index == -2:
                return True
            controls.dest_popup, controls.dest_routes = None, []
            controls.refresh_bar()
        if controls.build_popup is not None:
            hit = controls.build_popup.hit(pos)
            if hit is not None:
                controls.click_build_popup(hit)
                return True
        on_panel = self.panel.hit(pos)
        if on_panel is not None:
            return controls.click_panel(on_panel)
        if self.mv.camera.covers(pos):  # a gate: anywhere else on the table is nothing
            return controls.click_map(pos)
        return False

    def zoom_in(self) -> None:
        self._zoom(1.25)

    def zoom_out(self) -> None:
        self._zoom(0.8)

    def _zoom(self, factor: float) -> None:
        self.auto_fit = False
        self.mv.camera.zoom_at(self.mv.camera.viewport.center, factor)
        self.mv.settle_zoom()

    def cycle_links(self) -> None:
        """Pick out the next player's track on the map (all, then each seat, then all)."""
        players = self.match.state.num_players
        if self.links_of is None:
            self.links_of = 0
        elif self.links_of + 1 < players:
            self.links_of += 1
        else:
            self.links_of = None

    # Hints and words -------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        view = self.aos
        if isinstance(action, IssueShares):
            if action.count == 0:
                return "issue no shares"
            return f"issue {action.count} share{'s' if action.count != 1 else ''}"
        if isinstance(action, Bid):
            return f"bid ${action.amount}"
        if isinstance(action, DropOut):
            return "drop out of the auction"
        if isinstance(action, FreePass):
            return "use your Turn Order pass"
        if isinstance(action, TakeAction):
            return f"take {palette.action_title(action.name)}"
        if isinstance(action, Build | Urbanize):
            h = view.map.hex_at(action.hex_label)
            return f"{choices.describe_build(view, action).lower()} on {place_title(view, h)}"
        if isinstance(action, EndBuild):
            return "end your build"
        if isinstance(action, Deliver):
            route = deliver_of(view, action)
            source = view.place_name(view.map.hex_at(action.source))
            if route is None:
                return f"move {action.colour} from {source}"
            seat = view.current_player or 0
            where = choices.describe_route(view, route, self.names, seat)
            return f"move {action.colour} from {source} to {where}"
        if isinstance(action, RaiseLocomotive):
            return "raise your locomotive"
        if isinstance(action, PassMove):
            return "pass"
        if isinstance(action, CommunismExchange):
            return "swap a kept black good for a red one"
        if isinstance(action, CommunismPlace):
            return f"put a red good on {view.place_name(view.map.hex_at(action.hex_label))}"
        if isinstance(action, PlaceGood):
            return f"put the {action.colour} good on display row {action.row}"
        return action.to_str()

    def show_hint(self, action: Action) -> None:
        controls, view = self.controls, self.aos
        if isinstance(action, IssueShares):
            controls.shares = action.count
        elif isinstance(action, Bid):
            controls.bid = action.amount
        elif isinstance(action, TakeAction):
            self.hint_tile = (action.name, HINT_TIME)
        elif isinstance(action, Build | Urbanize):
            h = view.map.hex_at(action.hex_label)
            options, effects = choices.by_use(view, controls.buildable().get(h, []))
            if action in options:
                controls.open_build(h, options, options.index(action), effects)
        elif isinstance(action, Deliver):
            route = deliver_of(view, action)
            if route is not None:
                controls.choose_good(view.map.hex_at(action.source), action.colour)
                controls.preview = route
                self.hint_hex = (route.destination, HINT_TIME)
        elif isinstance(action, CommunismPlace):
            self.hint_hex = (view.map.hex_at(action.hex_label), HINT_TIME)
        controls.refresh_bar()

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
        self._show_controls()  # a tutorial step or a bot may have moved on this frame
        self.hits.clear()
        areas = self.areas()
        self.mv.draw(surface, view, self.version)
        clip = surface.get_clip()
        surface.set_clip(areas["map"].clip(clip))
        if self.links_of is not None:
            overlay.pick_out_track(surface, self.mv, view, self.links_of,
                                   self.color(self.links_of))
        self.animator.draw_board(surface)
        route = self.tutorial_route()
        if route is not None:  # a tutorial step shows the delivery's real route
            overlay.route(surface, self.mv, choices.route_links(view, route), self.mv.colors)
        self._draw_choices(surface, view)
        surface.set_clip(clip)
        self.panel.draw(surface, areas["panel"], self.mode, view, self._panel_info())
        beside = areas.get("beside")
        if beside is None:
            self.glance.draw(surface, areas["glance"], "below", view, self.mv.colors,
                             list(self.names))
            self._draw_map_buttons(surface, areas["map"])
        else:  # the buttons head and foot the column beside the map, off its hexes
            self.glance.draw(surface, beside.inflate(0, -80).move(0, 2), "beside", view,
                             self.mv.colors, list(self.names))
            self._draw_map_buttons(surface, beside.inflate(0, 4))
        self._draw_hint_tile(surface)
        self.animator.draw_top(surface, self.mode == "side")
        self._draw_popups(surface, areas["map"])
        self._draw_tooltip(surface, view)

    def _panel_info(self) -> PanelInfo:
        controls = self.controls
        ready = self.accepting_input
        hover = self.panel.hit(self.mouse)
        return PanelInfo(
            names=list(self.names),
            colors=list(self.mv.colors),
            viewer=self.viewer,
            pickable_tiles=controls.pickable_tiles() if ready else frozenset(),
            pickable_rows=controls.pickable_rows() if ready else frozenset(),
            hover=hover if isinstance(hover, TileTarget | RowTarget) else None,
        )

    def _draw_choices(self, surface: pygame.Surface, view: AgeOfSteamState) -> None:
        if self.accepting_input:
            phase = view.phase
            if phase == Phase.BUILD:
                self._draw_build_choices(surface, view)
            elif phase == Phase.MOVE:
                self._draw_move_choices(surface, view)
            elif phase == Phase.COMMUNISM:
                for h in self.controls.red_cities():
                    overlay.hex_ring(surface, self.mv, h, palette.GOODS["red"], 3)
        if self.hint_hex is not None and int(self.hint_hex[1] * 4) % 2 == 0:
            overlay.hex_ring(surface, self.mv, self.hint_hex[0], theme.GOOD, 5, 1.0)

    def _draw_build_choices(self, surface: pygame.Surface, view: AgeOfSteamState) -> None:
        controls = self.controls
        hover = self.mv.hex_at(self.mouse)
        for h in controls.buildable():
            if h == controls.build_hex:
                continue
            if h == hover:
                overlay.hex_fill(surface, self.mv, h, theme.HIGHLIGHT, 70)
                self.mv.names_over(surface, h)
            overlay.hex_ring(surface, self.mv, h, theme.HIGHLIGHT, 2, 0.86)
        self._draw_intent(surface, view)
        done = controls.build_review()
        for event in done.tiles if done is not None else ():
            overlay.hex_ring(surface, self.mv, view.map.hex_at(event.hex_label), theme.GOOD,
                             3, 0.78)
        action = controls.chosen_build()
        if controls.build_hex >= 0:
            seat = view.current_player or 0
            if isinstance(action, Build):
                overlay.ghost_tile(surface, self.mv, action, self.mv.colors[seat].rgb)
            elif isinstance(action, Urbanize):
                overlay.hex_fill(surface, self.mv, controls.build_hex,
                                 palette.GOODS[config().new_cities[action.letter][0]],
                                 150)
            overlay.hex_ring(surface, self.mv, controls.build_hex, theme.ACCENT, 3, 1.0)

    def _draw_intent(self, surface: pygame.Surface, view: AgeOfSteamState) -> None:
        """The start and target of building by intent, the hexes dragged over and the
        planned tiles after the picker's (ghosts in the builder's colour)."""
        controls = self.controls
        for h in self.trail[1:]:
            overlay.hex_fill(surface, self.mv, h, theme.HIGHLIGHT, 60)
        plan = controls.plan
        seat = view.current_player or 0
        if plan is not None:
            for action in plan.builds[1:]:
                overlay.ghost_tile(surface, self.mv, action, self.mv.colors[seat].rgb)
                overlay.hex_ring(surface, self.mv, view.map.hex_at(action.hex_label),
                                 theme.ACCENT, 2, 1.0)
        if controls.start >= 0:
            overlay.hex_ring(surface, self.mv, controls.start, theme.ACCENT, 4, 1.0)
        if controls.target >= 0:
            overlay.hex_ring(surface, self.mv, controls.target, theme.GOOD, 4, 1.0)

    def _draw_move_choices(self, surface: pygame.Surface, view: AgeOfSteamState) -> None:
        controls = self.controls
        movable = controls.movable()
        for h in sorted({h for h, _ in movable}):
            if controls.good is None or controls.good[0] == h:
                overlay.hex_ring(surface, self.mv, h, (250, 250, 250), 2, 1.0)
        for cube in self.mv.cubes:
            if (cube.hex, cube.colour) in movable:
                chosen = controls.good == (cube.hex, cube.colour)
                rect = self.mv.cube_rect(cube)
                ring = rect.inflate(6, 6) if not chosen else rect.inflate(10, 10)
                pygame.draw.rect(surface, theme.ACCENT if chosen else (250, 250, 250), ring,
                                 3 if chosen else 2, border_radius=3)
        if controls.good is None:
            return
        hover = self.mv.hex_at(self.mouse)
        seat = view.current_player or 0
        shown = controls.preview
        for dest in controls.dests:
            best = dest.routes[0]
            overlay.route(surface, self.mv, choices.route_links(view, best.action),
                          self.mv.colors, bold=False)
            if hover in dest.hexes and controls.dest_popup is None:
                shown = best
        if controls.dest_popup is not None and 0 <= controls.dest_popup.selected < len(
                controls.dest_routes):  # the way Enter takes, picked by pointer or keys
            shown = controls.dest_routes[controls.dest_popup.selected]
        if shown is not None:
            overlay.route(surface, self.mv, choices.route_links(view, shown.action),
                          self.mv.colors)
        colour = controls.good[1]
        for dest in controls.dests:  # names stay readable over the lines just drawn
            for route in dest.routes[:1]:
                for h in {view.map.hex_at(route.action.source), *route.entered}:
                    self.mv.names_over(surface, h)
        taken = self.mv.name_rects()
        self.tag_rects = []
        for dest in controls.dests:
            for h in dest.hexes:
                overlay.hex_ring(surface, self.mv, h, theme.HIGHLIGHT, 4, 1.0)
            best = dest.routes[0]
            gain = best.income.get(seat, 0)
            label = f"+{gain}" + (f" · {len(dest.routes)} ways" if len(dest.routes) > 1 else "")
            at = self._tag_spot(label, dest.hexes[0],
                                taken + self.mv.mark_rects(leave_out=dest.hexes[0]))
            drawn = overlay.tag(surface, label, at, palette.GOODS[colour],
                                (250, 250, 250) if colour != "yellow" else (20, 20, 20))
            taken.append(drawn)
            self.tag_rects.append(drawn)

    def _tag_spot(self, label: str, h: int, taken: list[pygame.Rect]) -> tuple[float, float]:
        """Where a destination's '+N' tag goes: above the city, else below, right or left
        of it, the first spot that covers no name and no other tag."""
        x, y = self.mv.hex_centre(h)
        z = self.mv.zoom
        width = overlay.tag_width(label)
        side = z * 0.9 + width / 2
        spots = [(x, y - z * 0.95), (x, y + z * 0.95), (x + side, y), (x - side, y),
                 (x + side, y - z * 0.8), (x + side, y + z * 0.8), (x - side, y - z * 0.8),
                 (x - side, y + z * 0.8), (x, y - z * 1.5), (x, y + z * 1.5)]
        boxes = []
        for spot in spots:
            box = pygame.Rect(0, 0, width, 22)
            box.center = (round(spot[0]), round(spot[1]))
            if box.collidelist(taken) < 0:
                return spot
            boxes.append(box)

        def covered(i: int) -> int:
            return sum(boxes[i].clip(r).width * boxes[i].clip(r).height for r in taken)

        return spots[min(range(len(spots)), key=covered)]

    def _draw_map_buttons(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        x, y = area.left + 8, area.top + 8
        whose = "all" if self.links_of is None else self.names[self.links_of]
        self._map_buttons = [
            Button(pygame.Rect(x, y, 44, 26), "Fit", self.fit),
            Button(pygame.Rect(x + 48, y, 26, 26), "+", self.zoom_in),
            Button(pygame.Rect(x + 78, y, 26, 26), "−", self.zoom_out),
            Button(self._links_spot(area), f"Track: {whose}", self.cycle_links),
        ]
        for map_button in self._map_buttons:
            map_button.draw(surface, self.mouse)
            self.hits.add(map_button.rect, MapButton(map_button.label))
        if self.mv.geo.turned:
            at = (x + 130, y + 13)
            pygame.draw.polygon(surface, theme.TEXT, [(at[0] - 10, at[1]), (at[0], at[1] - 6),
                                                      (at[0], at[1] + 6)])
            text.draw(surface, "N", (at[0] + 4, at[1]), 14, theme.TEXT, "bold", "midleft")

    def _links_spot(self, area: pygame.Rect) -> pygame.Rect:
        """Where the Track button goes: a corner of the map covering no name and no
        city's letter or number (bottom left, else bottom right, else top right)."""
        key = (tuple(area), self.mv.zoom, self.mv.camera.center)
        if self._links_at is not None and self._links_at[0] == key:
            return self._links_at[1]
        spot = self._find_links_spot(area)
        self._links_at = (key, spot)
        return spot

    def _find_links_spot(self, area: pygame.Rect) -> pygame.Rect:
        if "beside" in self.areas():
            return pygame.Rect(area.left + 8, area.bottom - 34, min(150, area.width - 16), 26)
        spots = [pygame.Rect(area.left + 8, area.bottom - 34, 150, 26),
                 pygame.Rect(area.right - 158, area.bottom - 34, 150, 26),
                 pygame.Rect(area.right - 158, area.top + 8, 150, 26)]
        taken = self.mv.name_rects() + self.mv.mark_rects()
        for spot in spots:
            if spot.collidelist(taken) < 0:
                return spot
        return spots[0]

    def _draw_hint_tile(self, surface: pygame.Surface) -> None:
        if self.hint_tile is None or int(self.hint_tile[1] * 4) % 2:
            return
        rect = self.panel.rect_of(TileTarget(self.hint_tile[0]))
        if rect is not None:
            pygame.draw.rect(surface, theme.GOOD, rect.inflate(6, 6), 3, border_radius=7)

    def _draw_popups(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if not self.accepting_input:
            return
        self._draw_review(surface, area)
        self._draw_pickers(surface, area)

    def draw_floating(self, surface: pygame.Surface) -> None:
        if self.accepting_input:
            self._draw_pickers(surface, self.areas()["map"])

    def _draw_pickers(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        controls = self.controls
        if controls.build_popup is not None and controls.build_hex >= 0:
            anchor = self.mv.hex_centre(controls.build_hex)
            # names and cities' marks are kept clear too where a spot is
            controls.build_popup.draw(surface, anchor, area, self.mv.zoom * 1.1,
                                      self._plan_rects(), self.board_rect,
                                      self.mv.name_rects() + self.mv.mark_rects())
        if controls.dest_popup is not None and controls.dest_routes:
            anchor = self.mv.hex_centre(controls.dest_routes[0].destination)
            controls.dest_popup.draw_at(surface, anchor, area, self.mv.zoom * 1.1)

    def _plan_rects(self) -> list[pygame.Rect]:
        """The hexes the picker should leave in sight: the plan's tiles and the target
        (with its whole place, Al Qahirah has two hexes) and their names."""
        controls, view = self.controls, self.aos
        hexes = [view.map.hex_at(a.hex_label) for a in controls.plan.builds] \
            if controls.plan is not None else []
        if controls.target >= 0:
            hexes.append(controls.target)
        return [self._hex_box(h) for h in hexes]

    def _hex_box(self, h: int) -> pygame.Rect:
        points = self.mv.hex_polygon(h, 1.0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys) + 16)

    def _draw_review(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Before Done (AS-16): this turn's tiles, cost, links and losses, in a corner of
        the map clear of the tiles it lists and of the hexes still open (hidden while the
        picker is open or the mouse is over it, so it never blocks a click)."""
        controls = self.controls
        done = controls.build_review()
        if done is None or done.empty or controls.build_popup is not None:
            self.review_rect = None
            return
        left = max_builds(self.aos, controls.seat) - self.aos.builds_done
        rows = review.lines(done, left)
        hexes = [self.aos.map.hex_at(e.hex_label) for e in done.tiles]
        hexes += list(controls.buildable())
        rect = review.corner_for(area, review.card_size(rows),
                                 [self._hex_box(h) for h in hexes],
                                 names=self.mv.name_rects() + self.mv.mark_rects(),
                                 buttons=[b.rect for b in self._map_buttons])
        self.review_rect = rect
        self.hits.add(rect, ReviewCard())
        if self.hits.at(self.mouse) == ReviewCard():
            return  # pointed at: it steps aside, so the hexes under it can be clicked
        review.draw_card(surface, rect, [(style, self.words(line)) for style, line in rows])

    def _draw_tooltip(self, surface: pygame.Surface, view: AgeOfSteamState) -> None:
        if not self.hover_timer.ready or self.mv.camera.dragging:
            return
        tooltip.draw(surface, self._tip_lines(view), self.mouse, self.table_rect, heading=True)

    def _tip_lines(self, view: AgeOfSteamState) -> list[str]:
        controls = self.controls
        if self.hits.find(self.mouse, MapButton) is not None:
            return []  # a button says what it is; the hex under it is not what is pointed at
        if controls.dest_popup is not None or (
            controls.build_popup is not None and controls.build_popup.hit(self.mouse) is not None
        ):
            return []
        marks = self.glance.tip(self.mouse)
        if marks:
            return marks
        hit = self.panel.hit(self.mouse)
        if isinstance(hit, TileTarget):
            return tips.tile_lines(view, hit.name, self.names)
        if isinstance(hit, RowTarget):
            return tips.row_lines(view, hit.row)
        if isinstance(hit, SeatTarget):
            return tips.player_lines(view, hit.seat, self.names)
        h = self.mv.hex_at(self.mouse)
        if h < 0 or controls.build_hex == h:
            return []
        for dest in controls.dests if controls.good is not None else []:
            if h in dest.hexes:
                seat = view.current_player or 0
                ways = [choices.describe_route(view, r, self.names, seat) for r in dest.routes]
                more = "Click to deliver." if len(ways) == 1 else "Click to pick one of these."
                colour = controls.good[1] if controls.good is not None else "chosen"
                return [f"Deliver the {colour} good here", *ways, more]
        return tips.hex_lines(view, h, self.names, tips.segment_at(view, h, self._near_edge(h)))

    def _near_edge(self, h: int) -> int | None:
        cx, cy = self.mv.hex_centre(h)
        dx, dy = self.mouse[0] - cx, self.mouse[1] - cy
        if abs(dx) + abs(dy) < 2:
            return None
        scores = []
        for edge in range(6):
            ux, uy = self.mv.geo.direction(edge)
            scores.append((ux * dx + uy * dy, edge))
        return max(scores)[1]

