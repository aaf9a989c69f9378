"""Turning the mouse into actions, phase by phase, and the action bar for each phase.

`Controls` keeps the half-made choices (shares to issue, the bid, the hex being built
on and its tile, the good being moved) and clears them whenever a move is made. What
may be chosen always comes from the view's `legal_actions()`; refusals come from the
rules through `SceneCalls.submit`.

The component never holds its scene: the scene hands it a `ControlsView` (what it knows of
the table now) whenever the view, the viewer or the turn may have changed, and the
`SceneCalls` it may make (play an action, say something, fill the action bar).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nile.core.game import Action
from nile.core.session import LogEntry
from nile.core.text import fill_names
from nile.games.age_of_steam.rules import build, move
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
from nile.games.age_of_steam.rules.move import Route
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.view import bar, choices, intent, palette, review
from nile.games.age_of_steam.view.choices import place_title
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.panel import RowTarget, Target, TileTarget
from nile.games.age_of_steam.view.popup import CyclePopup, GroupChip, ListPopup, Part, PopupTarget
from nile.ui.kit.button import BarButton
from nile.ui.kit.number import NumberEntry


@dataclass(frozen=True)
class ControlsView:
    """What the controls know of the table now (the scene builds a new one in
    `on_view_changed` and after each action it plays for them)."""

    view: AgeOfSteamState
    """The observation drawn (the viewer's)."""
    ply: int
    viewer: int | None
    covered_for: int | None
    my_turn: bool
    """The human to act is the one looking (no cover, no replay, no tutorial watch step)."""
    names: tuple[str, ...]
    log: tuple[LogEntry, ...]
    """The match log (this build turn's tiles are read from it)."""

    def name(self, seat: int) -> str:
        return self.names[seat]

    def words(self, engine_text: str) -> str:
        """Engine text with `{pN}` replaced by the players' names."""
        return fill_names(engine_text, self.names)


@dataclass(frozen=True)
class SceneCalls:
    """What the controls ask of their scene."""

    submit: Callable[[Action], bool]
    """Play the human's action; False if it was refused (the scene has said why)."""
    toast: Callable[[str, str], None]
    """Show a message of a kind ("info", "error")."""
    set_action_bar: Callable[[str, Sequence[BarButton]], None]
    """What the action bar says and offers."""


class Controls:
    """The half-made choice of the human to act, and what their clicks mean."""

    def __init__(self, mv: MapView, calls: SceneCalls) -> None:
        self.mv = mv
        """The map on screen: where a click lands (a hex, a cube)."""
        self.calls = calls
        self.seen: ControlsView | None = None
        """What the controls know of the table (`see`); None before the first view."""
        self._synced: tuple[object, ...] | None = None
        self._derived_key: tuple[object, ...] | None = None
        self._derived_cache: dict[str, object] = {}
        self.share_entry = NumberEntry(digits=2)
        """Shares to issue: typed (the first digit replaces the count) or stepped."""
        self.bid_entry = NumberEntry(digits=3)
        """The turn-order bid: typed or stepped (steps stay within the legal bids)."""
        self.reset()

    @property
    def shares(self) -> int:
        return self.share_entry.value

    @shares.setter
    def shares(self, count: int) -> None:
        self.share_entry.value = count

    @property
    def bid(self) -> int:
        return self.bid_entry.value

    @bid.setter
    def bid(self, amount: int) -> None:
        self.bid_entry.value = amount

    def reset(self) -> None:
        self.share_entry.reset(0)
        self.bid_entry.reset(0)
        self.build_hex = -1
        self.build_options: list[choices.BuildChoice] = []
        self.build_effects: list[choices.BuildEffect] = []
        """What each open option does (from `choices.by_use`), for aiming at a hex."""
        self.build_popup: CyclePopup | None = None
        self.start = -1
        """Building by intent: where the track starts (a place or own track), or -1."""
        self.target = -1
        """Where it should go (a place or any hex), or -1 while none is chosen."""
        self.dragged: list[int] = []
        """The hexes a drag from the start passed over (preferred by the plan)."""
        self.plan: intent.Plan | None = None
        self.good: tuple[int, str] | None = None
        self.dests: list[choices.Destination] = []
        self.dest_popup: ListPopup | None = None
        self.dest_routes: list[Route] = []
        self.preview: Route | None = None

    def see(self, table: ControlsView) -> None:
        """The table as it is now (a new view, viewer or turn)."""
        self.seen = table

    @property
    def now(self) -> ControlsView:
        assert self.seen is not None, "the scene shows the controls a view first"
        return self.seen

    @property
    def view(self) -> AgeOfSteamState:
        return self.now.view

    @property
    def my_turn(self) -> bool:
        return self.now.my_turn

    @property
    def seat(self) -> int:
        seat = self.view.current_player
        return seat if seat is not None and seat >= 0 else 0

    def legal(self) -> list[Action]:
        return self.view.legal_actions() if self.my_turn else []

    def sync(self) -> None:
        """A new position or viewer: forget half-made choices; start from sensible values."""
        now = self.now
        key = (now.ply, now.viewer, now.covered_for)
        if key == self._synced:
            return
        self._synced = key
        self.reset()
        legal = self.legal()
        bids = [a.amount for a in legal if isinstance(a, Bid)]
        self.bid_entry.reset(min(bids) if bids else 0)

    def cancel(self) -> bool:
        """Esc: drop the half-made choice; True if there was one."""
        if self.dest_popup is not None:
            self.dest_popup, self.dest_routes = None, []
            self.refresh_bar()
            return True
        if self.good is not None:
            self.good, self.dests, self.preview = None, [], None
            self.refresh_bar()
            return True
        if self.build_popup is not None or self.start >= 0:
            self.close_build()
            return True
        return False

    def play(self, action: Action) -> bool:
        done = self.calls.submit(action)
        if not done:
            self.refresh_bar()
        return done

    # The action bar ----------------------------------------------------------------

    def refresh_bar(self) -> None:
        calls = self.calls
        if not self.my_turn:
            calls.set_action_bar("", ())
            return
        phase = self.view.phase
        handler = bar.PHASES.get(phase)
        if handler is None:
            calls.set_action_bar("", ())
            return
        prompt, buttons = handler(self)
        calls.set_action_bar(prompt, buttons)

    def fewer_shares(self) -> None:
        self.share_entry.step(-1)
        self.refresh_bar()

    def more_shares(self) -> None:
        self.share_entry.step(1)
        self.refresh_bar()

    def issue(self) -> None:
        self.play(IssueShares(self.shares))

    def lower_bid(self) -> None:
        self.bid_entry.step(-1)
        self.refresh_bar()

    def raise_bid(self) -> None:
        self.bid_entry.step(1)
        self.refresh_bar()

    def type_digit(self, digit: int) -> None:
        """A digit typed for the shares or the bid (whichever is asked): the first replaces
        the number shown. A count beyond what the rules allow is refused with their reason
        when confirmed, not silently cut."""
        (self.share_entry if self.issuing() else self.bid_entry).type_digit(digit)
        self.refresh_bar()

    def erase_digit(self) -> None:
        (self.share_entry if self.issuing() else self.bid_entry).erase()
        self.refresh_bar()

    def place_bid(self) -> None:
        self.play(Bid(self.bid))

    def free_pass(self) -> None:
        self.play(FreePass())

    def drop_out(self) -> None:
        self.play(DropOut())

    def exchange(self) -> None:
        self.play(CommunismExchange())

    def end_build(self) -> None:
        self.close_build()
        self.play(EndBuild())

    def raise_loco(self) -> None:
        self.play(RaiseLocomotive())

    def pass_move(self) -> None:
        self.play(PassMove())

    def to_bag(self) -> None:
        colour = self.view.production_hand[0]
        self.play(PlaceGood(colour, "bag"))

    # What is clickable --------------------------------------------------------------

    def _derived(self, name: str, work: Callable[[], object]) -> Any:
        """`work()` computed once per drawn position (the frame loop asks every frame)."""
        now = self.now
        key = (id(now.view), now.ply, now.my_turn)
        if key != self._derived_key:
            self._derived_key, self._derived_cache = key, {}
        if name not in self._derived_cache:
            self._derived_cache[name] = work()
        return self._derived_cache[name]

    def pickable_tiles(self) -> frozenset[str]:
        tiles: frozenset[str] = self._derived("tiles", lambda: frozenset(
            a.name for a in self.legal() if isinstance(a, TakeAction)))
        return tiles

    def pickable_rows(self) -> frozenset[str]:
        rows: frozenset[str] = self._derived("rows", lambda: frozenset(
            a.row for a in self.legal() if isinstance(a, PlaceGood) and a.row != "bag"))
        return rows

    def red_cities(self) -> dict[int, CommunismPlace]:
        return self._derived("red", lambda: {  # type: ignore[no-any-return]
            self.view.map.hex_at(a.hex_label): a for a in self.legal()
            if isinstance(a, CommunismPlace)})

    def buildable(self) -> dict[int, list[choices.BuildChoice]]:
        if not self.my_turn or self.view.phase != Phase.BUILD:
            return {}
        return self._derived("build", lambda: choices.build_choices(self.view))  # type: ignore[no-any-return]

    def build_review(self) -> review.Review | None:
        """This build turn's tiles so far (None when it is not the human's build)."""
        if not self.my_turn or self.view.phase != Phase.BUILD:
            return None
        return self._derived("review", lambda: review.review(  # type: ignore[no-any-return]
            self.view, self.seat, review.this_turn(self.now.log, self.seat)))

    def movable(self) -> set[tuple[int, str]]:
        if not self.my_turn or self.view.phase != Phase.MOVE:
            return set()
        return self._derived("move", lambda: choices.movable_goods(self.view))  # type: ignore[no-any-return]

    # Clicks ------------------------------------------------------------------------

    def click_panel(self, hit: Target) -> bool:
        if isinstance(hit, TileTarget) and hit.name in self.pickable_tiles():
            return self.play(TakeAction(hit.name)) or True
        if isinstance(hit, TileTarget) and self.view.phase == Phase.SELECT and self.my_turn:
            self.calls.toast(f"{palette.action_title(hit.name)} is taken this turn.", "error")
            return True
        if isinstance(hit, RowTarget) and hit.row in self.pickable_rows():
            return self.play(PlaceGood(self.view.production_hand[0], hit.row)) or True
        return False

    def click_map(self, pos: tuple[int, int]) -> bool:
        h = self.mv.hex_at(pos)
        phase = self.view.phase
        if phase == Phase.BUILD:
            return self._click_build(h, pos)
        if phase == Phase.MOVE:
            return self._click_move(h, pos)
        if phase == Phase.COMMUNISM:
            places = self.red_cities()
            if h in places:
                return self.play(places[h]) or True
        return False

    def _click_build(self, h: int, pos: tuple[int, int]) -> bool:
        if self.start >= 0 and h >= 0:
            if h == self.start and self.target < 0:
                self.close_build()
            else:
                self.intend(self.start, h)
            return True
        options = self.buildable().get(h)
        if not options and intent.is_start(self.view, h, self.seat) and (
                self.build_popup is None or not self.build_effects):
            self.close_build()
            self.start = h
            self.refresh_bar()
            return True
        if not options:
            if self.build_popup is not None and h >= 0 and self.build_effects:
                self.aim_build(h)  # building by intent: where the track should head
            elif self.build_popup is not None:
                self.close_build()
            elif h >= 0:
                self.calls.toast(self.now.words(self._hex_refusal(h)), "info")
            return True
        ordered, effects = choices.by_use(self.view, options)
        self.open_build(h, ordered, self._toward(h, ordered, pos), effects)
        return True

    def _hex_refusal(self, h: int) -> str:
        """The engine's reason nothing can be built on `h` now (or why it is not yours)."""
        view = self.view
        if view.phase == Phase.BUILD and not self.my_turn:
            return f"{{p{view.queue[view.qpos]}}} is building now."
        return build.hex_refusal(view, h) or "Nothing you can afford fits there now."

    def _toward(self, h: int, options: list[choices.BuildChoice],
                pos: tuple[int, int]) -> int:
        """The option whose new track heads most toward where the hex was clicked."""
        mv = self.mv
        cx, cy = mv.hex_centre(h)
        dx, dy = pos[0] - cx, pos[1] - cy
        if math.hypot(dx, dy) < mv.zoom * 0.25:
            return 0
        best, best_score = 0, -9.0
        for i, action in enumerate(options):
            if not isinstance(action, Build):
                continue
            score = -9.0
            for t in choices.new_tracks(self.view, action):
                for port in t:
                    if port < 6:
                        ux, uy = mv.geo.direction(port)
                        score = max(score, (ux * dx + uy * dy) / math.hypot(dx, dy))
            if score > best_score + 1e-6:
                best, best_score = i, score
        return best

    def open_build(self, h: int, options: list[choices.BuildChoice], index: int,
                   effects: list[choices.BuildEffect] | None = None) -> None:
        """The picker for hex `h`: each option with its price and what it does (the most
        useful first when `effects` come from `choices.by_use`); a town's options are
        grouped by exits (each group by use), unless a target orders them."""
        if effects and self.target < 0 and self.view.is_town(h):
            chosen = options[index]
            order = sorted(range(len(options)), key=lambda i: (choices.exits_of(options[i]), i))
            options = [options[i] for i in order]
            effects = [effects[i] for i in order]
            index = options.index(chosen)
        self.build_hex, self.build_options = h, options
        self.build_effects = list(effects or [])
        words = [choices.describe_build(self.view, a) for a in options]
        details = [e.words for e in effects] if effects else []
        title = place_title(self.view, h)
        confirm = "Found" if isinstance(options[index], Urbanize) else "Build"
        groups = [choices.exits_group(a) for a in options] if self.view.is_town(h) else []
        self.build_popup = CyclePopup(title, words, index, confirm, "wheel or arrow keys",
                                      details=details, groups=groups)
        self.refresh_bar()

    def intend(self, start: int, target: int, dragged: list[int] | None = None) -> None:
        """Building by intent: plan the tiles from `start` toward `target` and open the
        picker on the first, its options toward the target first; the rest of the plan
        shows on the map as ghost tiles."""
        view = self.view
        self.start, self.target = start, target
        if dragged is not None:
            self.dragged = dragged
        self.plan = intent.plan(view, start, target, self.dragged)
        if not self.plan.builds:
            self.plan = None
            self.build_hex, self.build_options, self.build_popup = -1, [], None
            self.calls.toast(f"No tile you can build now takes the track from "
                             f"{self.where(start)} nearer {self.where(target)}.", "info")
            self.target = -1
            self.refresh_bar()
            return
        first = self.plan.builds[0]
        h = view.map.hex_at(first.hex_label)
        options, effects = choices.by_use(view, self.buildable().get(h, []))
        lookup = dict(zip(options, effects, strict=True))
        ordered = [options[i] for i in intent.first_toward(view, options, target)]
        ordered.remove(first)
        ordered.insert(0, first)
        self.open_build(h, ordered, 0, [lookup[a] for a in ordered])

    def where(self, h: int) -> str:
        """A place by name, or where a plain hex lies ('Moskva', 'Gorkiy')."""
        view = self.view
        if h in view.stop_hexes() or h in view.town_hexes():
            return view.place_name(h)
        return view.map.whereabouts(h).removeprefix("next to ").removeprefix("near ")

    def build_all(self) -> None:
        """Lay every tile of the plan, in order (each one a legal action of its own)."""
        plan = self.plan
        if plan is None:
            return
        self.build_hex, self.build_options, self.build_popup = -1, [], None
        for action in plan.builds:
            if not self.play(action):
                break
        self.start, self.target, self.dragged, self.plan = -1, -1, [], None
        self.refresh_bar()

    def aim_build(self, target: int) -> None:
        """With the picker open, a click on a hex where nothing can be built picks the
        option whose track gets nearest it (a city to reach, a hex to head for)."""
        popup = self.build_popup
        if popup is None:
            return
        popup.index = choices.aim(self.view, self.build_effects, target)
        action = self.chosen_build()
        popup.confirm = "Found" if isinstance(action, Urbanize) else "Build"
        self.refresh_bar()

    def close_build(self) -> None:
        self.build_hex, self.build_options, self.build_popup = -1, [], None
        self.start, self.target, self.dragged, self.plan = -1, -1, [], None
        self.refresh_bar()

    def chosen_build(self) -> choices.BuildChoice | None:
        if self.build_popup is None or not self.build_options:
            return None
        return self.build_options[self.build_popup.index]

    def step_build(self, delta: int) -> None:
        if self.build_popup is not None:
            self.build_popup.step(delta)
            action = self.chosen_build()
            self.build_popup.confirm = "Found" if isinstance(action, Urbanize) else "Build"
            self.refresh_bar()

    def confirm_build(self) -> None:
        action = self.chosen_build()
        planned = self.plan is not None and action == self.plan.builds[0]
        start, target, dragged = self.start, self.target, self.dragged
        if action is not None and self.play(action):
            self.build_hex, self.build_options, self.build_popup = -1, [], None
            self.start, self.target, self.dragged, self.plan = -1, -1, [], None
            if planned and target >= 0 and isinstance(action, Build) and self.my_turn \
                    and self.view.phase == Phase.BUILD and not self._arrived(action, start, target):
                self.intend(self.view.map.hex_at(action.hex_label), target, dragged)
            self.refresh_bar()

    def _arrived(self, action: Build, start: int, target: int) -> bool:
        """Did the tile just laid complete a link (into the target or anywhere)?"""
        view = self.view
        h = view.map.hex_at(action.hex_label)
        net = view.network()
        return any(seg.complete for seg in net.segments if h in seg.hexes)

    def click_build_popup(self, hit: PopupTarget) -> None:
        """A click on the picker: a chip jumps to its group, the arrows step, Confirm
        lays the tile, Cancel closes it (its frame takes the click and does nothing)."""
        if isinstance(hit, GroupChip):
            if self.build_popup is not None:
                self.build_popup.jump(hit.name)
                self.step_build(0)
        elif hit == Part.PREV:
            self.step_build(-1)
        elif hit == Part.NEXT:
            self.step_build(1)
        elif hit == Part.OK:
            self.confirm_build()
        elif hit == Part.CANCEL:
            self.close_build()

    def _click_move(self, h: int, pos: tuple[int, int]) -> bool:
        movable = self.movable()
        if self.good is not None:
            for dest in self.dests:
                if h in dest.hexes:
                    self.choose_destination(dest)
                    return True
        cube = self.mv.cube_at(pos)
        if cube is not None and (cube.hex, cube.colour) in movable:
            self.choose_good(cube.hex, cube.colour)
            return True
        here = sorted(c for hx, c in movable if hx == h)
        if here:
            self.choose_good(h, here[0])
            return True
        if self.good is not None:
            self.good, self.dests, self.preview = None, [], None
            self.refresh_bar()
            return True
        refusal = move.source_refusal(self.view, h) if h >= 0 else None
        if refusal is not None:  # a city with no ringed good: say why (not just its tooltip)
            self.calls.toast(refusal, "info")
            return True
        return False

    def choose_good(self, h: int, colour: str) -> None:
        self.good = (h, colour)
        self.dests = choices.destinations(self.view, h, colour)
        self.dest_popup, self.preview = None, None
        self.refresh_bar()

    def choose_destination(self, dest: choices.Destination) -> None:
        if len(dest.routes) == 1:
            self.deliver(dest.routes[0])
            return
        names = list(self.now.names)
        items = [choices.describe_route(self.view, r, names, self.seat) for r in dest.routes]
        place = self.view.place_name(dest.hexes[0])
        self.dest_popup = ListPopup(f"Ways to {place}: pick one", items)
        self.dest_routes = list(dest.routes)
        self.refresh_bar()

    def deliver(self, route: Route) -> None:
        if self.play(route.action):
            self.good, self.dests, self.dest_popup, self.preview = None, [], None, None

    def click_dest_popup(self, index: int) -> None:
        if 0 <= index < len(self.dest_routes):
            self.deliver(self.dest_routes[index])

    def ways_open(self) -> bool:
        """The list of ways to deliver a good is open (its keys answer)."""
        return self.dest_popup is not None

    def step_way(self, delta: int) -> None:
        """Up / Down: the way above or below in the list."""
        assert self.dest_popup is not None
        self.dest_popup.move(delta)

    def take_way(self) -> None:
        """Enter: deliver by the way selected (the first, the best paying, until another
        is pointed at), as a click on it would."""
        assert self.dest_popup is not None
        self.click_dest_popup(self.dest_popup.selected)

    # Keys (the scene's KEYS table calls these) ---------------------------------------

    def picker_open(self) -> bool:
        return self.build_popup is not None

    def picker_group(self, delta: int) -> None:
        """Page Up / Page Down / Tab: the town options with fewer or more exits."""
        assert self.build_popup is not None
        self.build_popup.step_group(delta)
        self.step_build(0)

    def issuing(self) -> bool:
        return self.view.phase == Phase.SHARES

    def bidding(self) -> bool:
        return self.view.phase == Phase.AUCTION and any(isinstance(a, Bid) for a in self.legal())

    def may_drop_out(self) -> bool:
        """In the auction, dropping out is open (also when no higher bid is affordable)."""
        return self.view.phase == Phase.AUCTION and any(
            isinstance(a, DropOut) for a in self.legal())


def deliver_of(view: AgeOfSteamState, action: Deliver) -> Route | None:
    for route in choices.offered_routes(view):
        if route.action == action:
            return route
    return None
