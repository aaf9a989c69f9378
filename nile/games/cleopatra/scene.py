"""Cleopatra's Caboose on screen: the Nile map, the market, gods, displays and your hand.

Playing is clicking what an action acts on. Cards in your hand (a Train, a Building, a
City card, a face-up Fruit card) narrow the choice and light up where they can go: the
tracks a Train card may build on, the cities a Building can rise in with the routes its
fruit would travel, the cities a City card can ship from. Clicking a track, a city or a
display card plays the action if only one fits, or lists the variants cheapest (or best
paying) first, the first one proposed. The auction has − / Bid / + / Pass in the bottom
bar (Up/Down, Enter, P); gods and Auction cards are taken by clicking them. Anything the
rules refuse is refused by the engine, whose reason is shown.

Keys: Esc clears a choice, Enter plays the proposal, O lists every option, E ends the
turn. The endgame is scored city by city on the table, then money, building types and
fruit types; the results screen has the whole breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.cleopatra.rules import CleopatraState, game_data
from nile.games.cleopatra.rules.actions import (
    Bid,
    EndTurn,
    Pass,
    ShipFruit,
    SourceFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.view import animate, choices, intent, layout, mapview, panel, pieces
from nile.games.cleopatra.view.choices import HAND_KINDS, Target
from nile.games.cleopatra.view.popup import VariantPopup
from nile.ui import keys, sound, text, theme
from nile.ui.chrome.game_scene import GameScene
from nile.ui.kit import tooltip
from nile.ui.kit.button import BarButton
from nile.ui.kit.hits import HitMap
from nile.ui.kit.number import NumberEntry

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

D = game_data()
TABLE: Target = ("table", 0)
"""The table's bare surface, under everything in the hit map: a click there is the
table's (it puts the picked cards back) but acts on nothing."""
MAP_KINDS = ("city", "track")
KIND_WORDS = {
    "track": "track",
    "city": "city",
    "hand_city": "City card",
    "hand_auction": "Train or Building card",
    "fruit_card": "Fruit card",
    "auction_display": "Auction card",
    "city_display": "City card",
    "deck": "deck",
    "god": "god",
}


class CleopatraScene(GameScene):
    """The table of Cleopatra's Caboose."""

    KEYS = (
        keys.Binding("escape", "clear_choice", "put back the cards you picked, or close the "
                     "list", when="accepting_input"),
        keys.Binding("up", "_move_option", "the list: the option above",
                     when="has_popup", args=(-1,)),
        keys.Binding("down", "_move_option", "the list: the option below",
                     when="has_popup", args=(1,)),
        keys.Binding("return, kp_enter", "confirm", "take the proposed option, or bid",
                     when="accepting_input"),
        keys.Binding("0-9, kp0-kp9", "type_bid_digit", "auction: type your bid (the first "
                     "digit replaces the amount shown)", when="auctioning"),
        keys.Binding("backspace", "erase_bid_digit", "auction: take back the last digit",
                     when="auctioning"),
        keys.Binding("up", "_change_bid", "auction: one Florin more", when="auctioning",
                     args=(1,)),
        keys.Binding("down", "_change_bid", "auction: one Florin less", when="auctioning",
                     args=(-1,)),
        keys.Binding("p", "pass_auction", "auction: pass", when="auctioning"),
        keys.Binding("o", "open_options", "actions: list every choice", when="acting"),
        keys.Binding("e", "end_turn", "actions: end your turn", when="acting"),
    )

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        self.picked: list[Target] = []
        self._popup_serial = 0
        self._popup: VariantPopup | None = None
        self.bid_entry = NumberEntry(value=1, digits=3)
        """The bid being written: typed (the first digit replaces it) or stepped."""
        self._bid_floor = 0
        self.hover: Target | None = None
        self.legal: list[Action] = []
        self._marks_key: tuple[object, ...] = ()
        self._layer: pygame.Surface | None = None
        self._serial = 0
        """Counts view changes and popups: object ids may be reused, counters are not."""
        self._layer_drawn: tuple[object, ...] = ()
        self.hits: HitMap[Target] = HitMap()
        """What can be clicked where on the table last painted (filled while painting)."""
        self.hand = panel.make_hand()
        """The viewer's cards: the table kit's Hand."""
        self._ready = False
        self._marks: tuple[mapview.Marks, set[Target], set[Target]] = (
            mapview.Marks(),
            set(),
            set(),
        )
        super().__init__(app, match, replay, autosaver)
        self.motion = animate.Motion(self.anims)
        """Fruit, cards and figures in motion, and the marks that fade (a component)."""
        self._ready = True
        self.hover = self.target_at(pygame.mouse.get_pos())

    # Basics --------------------------------------------------------------------------

    @property
    def popup(self) -> VariantPopup | None:
        """The open list of variants, if any."""
        return self._popup

    @popup.setter
    def popup(self, popup: VariantPopup | None) -> None:
        self._popup = popup
        self._popup_serial += 1

    @property
    def cs(self) -> CleopatraState:
        assert isinstance(self.view, CleopatraState)
        return self.view

    @property
    def areas(self) -> layout.Areas:
        return layout.areas(self.board_rect)

    @property
    def colors(self) -> list[int]:
        return [self.color_index(s) for s in range(len(self.match.seats))]

    def _seat(self) -> int:
        state = self.cs
        seat = state.current_player
        if seat is not None and seat >= 0:
            return seat
        return state.acting_seat if state.phase == Phase.ACTIONS else 0

    def _options(self) -> list[Action]:
        """The legal actions the current picks still allow (without End turn)."""
        return [a for a in choices.matching(self.legal, self.picked) if not isinstance(a, EndTurn)]

    # Where things are ----------------------------------------------------------------

    def table_hits(self) -> HitMap[Target]:
        """The hit map of the table as it is now: the layer is painted first if anything it
        shows changed since it was last painted (a click may come before the next frame)."""
        self._fresh_layer(None)
        return self.hits

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """What a click at `pos` acts on: the city, track, god or card drawn there."""
        if not self._ready:
            return None
        found = self.table_hits().at(pos)
        return None if found == TABLE else found

    def on_table(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on the table at all (not the log, the bar or the top strip)."""
        return self._ready and self.table_hits().at(pos) is not None

    def target_center(self, target: Target) -> tuple[int, int]:
        """Where a target is on screen (for tests, hints and popups)."""
        rect = self.table_hits().rect_of(target) if self._ready else None
        return rect.center if rect is not None else self.board_rect.center

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the players' strip and each player's row
        (`player 1` is the first seat), the map, every `city X` and `track X-Y`, the market,
        the turn line, the gods and each `god X`, the Auction and City displays, the cards
        in your hand and, at the end, the final scoring."""
        a = self.areas
        found = {
            **super().regions(),
            "players": a.players,
            "map": a.map,
            "market": a.market,
            "turnline": a.turnline,
            "gods": a.gods,
            "auction": a.auction,
            "city_display": a.city,
            "hand": self._hand_region(),
            "scoring": pygame.Rect(a.gods.left, a.gods.top, a.gods.width,
                                   a.city.bottom - a.gods.top),
        }
        for seat, box in enumerate(panel.player_boxes(self.cs, a.players)):
            found[f"player {seat + 1}"] = box
        for rect, (_, god) in panel.god_slots(a.gods):
            found[f"god {D.gods[god].name}"] = rect
        for city, rect in enumerate(layout.city_rects(tuple(a.map))):
            found[f"city {D.cities[city]}"] = rect
        for track, geometry in enumerate(layout.track_geometry(tuple(a.map))):
            found[f"track {D.track_name(track)}"] = geometry.hit.union(geometry.chips[0]).union(
                geometry.chips[1])
        return found

    def _hand_region(self) -> pygame.Rect:
        """The cards in the viewer's hand with their headings (not the empty rest of the
        strip, so a tutorial card can sit beside them)."""
        hand = self.areas.hand
        hits = self.table_hits() if self._ready else HitMap()
        cards = [r for t in panel.hand_keys(self.cs, self.viewer) if (r := hits.rect_of(t))]
        if not cards:
            return hand
        box = cards[0].unionall(cards[1:])
        return pygame.Rect(hand.left, hand.top, max(box.right + 8, hand.left + 260) - hand.left,
                           hand.height)

    # View changes and the bar ------------------------------------------------------------

    def on_view_changed(self) -> None:
        self._serial += 1
        self.toasts.top = self.areas.map.top + 8
        self.legal = list(self.cs.legal_actions()) if self.my_turn else []
        if self.picked and not choices.matching(self.legal, self.picked):
            self.picked = []
        if self.popup is not None and not all(a in self.legal for a in self.popup.actions):
            self.popup = None
        state = self.cs
        if state.phase == Phase.AUCTION and self.my_turn:
            low = state.high_bid + 1
            entry = self.bid_entry
            entry.low, entry.high = low, max(low, state.money[self._seat()])
            if low != self._bid_floor:  # a new high bid: propose the least raise again
                entry.reset(low)
                self._bid_floor = low
        if self.my_turn and state.pending and self.popup is None:
            self._open_sources()
        self._marks_key = ()
        self.update_action_bar()
        self.hover = self.target_at(pygame.mouse.get_pos())  # what is under it may change

    def _open_sources(self) -> None:
        state = self.cs
        options = choices.order(state, self._seat(), self.legal)
        fruit = D.fruits[state.pending_need[0]]
        city = state.pending[2]
        self.popup = VariantPopup(
            title=f"Where does the {fruit} for {D.cities[city]} come from? "
            "(first: the cheapest)",
            rows=[choices.describe(state, self._seat(), a) for a in options],
            actions=options,
            anchor=self.target_center(("city", city)),
            beside=self.areas.map.right,
        )

    def update_action_bar(self) -> None:
        if not self.my_turn:
            self.set_action_bar("")
            return
        state = self.cs
        if state.phase == Phase.AUCTION:
            self._auction_bar()
        elif state.phase == Phase.GODS:
            self.set_action_bar("Choose a god: click it above (lower numbers act first).")
        elif state.picks_left:
            self.set_action_bar("Take an Auction card: click one in the display.")
        elif state.pending:
            fruit = D.fruits[state.pending_need[0]]
            self.set_action_bar(
                f"Building: pick where the {fruit} comes from "
                "(a lit city or Fruit card; Enter takes the first; Ctrl+Z takes the building back)."
            )
        else:
            self._action_bar()

    def _auction_bar(self) -> None:
        state = self.cs
        money = state.money[self._seat()]
        can_bid = state.high_bid < money
        prompt = (
            f"Auction for turn order: high bid {state.high_bid}. You have {money} Florin."
            if can_bid
            else f"High bid {state.high_bid}: you can only pass."
        )
        buttons = [
            BarButton("less", "−", lambda: self._change_bid(-1), can_bid, "Lower your bid (Down)"),
            BarButton(
                f"bid{self.bid}",
                f"Bid {self.bid}",
                lambda: self._play(Bid(self.bid)),
                can_bid,
                "Bid this many Florin (Enter)",
                accent=True,
            ),
            BarButton("more", "+", lambda: self._change_bid(1), can_bid, "Raise your bid (Up)"),
            BarButton(
                "pass",
                "Pass",
                lambda: self._play(Pass()),
                tooltip="Pass: take the last free turn-order space (P)",
            ),
        ]
        self.set_action_bar(prompt, buttons)

    @property
    def bid(self) -> int:
        return self.bid_entry.value

    def _change_bid(self, delta: int) -> None:
        self.bid_entry.step(delta)
        self.update_action_bar()

    def type_bid_digit(self, digit: int) -> None:
        """A typed bid may go beyond your Florin: the rules refuse it with their reason."""
        self.bid_entry.type_digit(digit)
        self.update_action_bar()

    def erase_bid_digit(self) -> None:
        self.bid_entry.erase()
        self.update_action_bar()

    def _action_bar(self) -> None:
        state = self.cs
        seat = self._seat()
        options = self._options()
        buttons: list[BarButton] = []
        end_legal = EndTurn() in self.legal
        if self.picked:
            buttons.append(BarButton("cancel", "Cancel", self._clear, tooltip="Clear (Esc)"))
        if len(options) == 1 and self.picked:
            only = options[0]
            buttons.append(
                BarButton(
                    "confirm",
                    "Confirm",
                    lambda: self._play(only),
                    accent=True,
                    tooltip="Play it (Enter)",
                )
            )
            prompt = choices.describe(state, seat, only) + "?"
        elif options:
            buttons.append(
                BarButton(
                    "options",
                    f"Options ({len(options)})",
                    self.open_options,
                    tooltip="List every choice (O)",
                )
            )
            prompt = self._prompt(options)
        else:
            prompt = "No action is possible: end your turn."
        if self.popup is not None:
            prompt = "Pick one in the list: click it, or Up / Down and Enter; Esc closes it."
        buttons.append(
            BarButton(
                "end",
                "End turn",
                lambda: self._play(EndTurn()),
                accent=end_legal,
                tooltip="Finish your turn (E)",
            )
        )
        self.set_action_bar(prompt, buttons)

    def _prompt(self, options: list[Action]) -> str:
        state = self.cs
        used, allowed = state.actions_used, state.actions_allowed(self._seat())
        if not self.picked:
            return (
                f"Action {used + 1} of {allowed}: click a card in your hand, a track, "
                "a city or a face-up City card."
            )
        kinds = []
        for action in options:
            for kind, _ in choices.targets(action):
                if kind not in kinds and (kind, _) not in self.picked:
                    kinds.append(kind)
        wanted = " or ".join(KIND_WORDS[k] for k in kinds[:2] if k not in HAND_KINDS[:1])
        return f"Now click a lit {wanted or 'choice'} (Esc clears)."

    # Input -----------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.target_at(event.pos)
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.handle_view_event(event)
            if self.popup is not None:
                self.popup.hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.popup is not None:
            self.popup.wheel(event.y)
            return True
        if not self.accepting_input:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self._escape()
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.on_table(pos):
            return False
        if self.popup is not None:
            row = self.popup.hit(pos)
            if row >= 0:
                self._play(self.popup.actions[row])
                return True
            if row == -2:
                return True
            if not self.cs.pending:
                self.popup = None
                self.update_action_bar()
        target = self.target_at(pos)
        if target is None:
            if self.picked:
                self._clear()
            return True
        if target[0] in HAND_KINDS and not (self.cs.pending and target[0] == "fruit_card"):
            self._pick(target)
        else:
            self.choose_target(target, pos)
        return True

    def _pick(self, target: Target) -> None:
        if target in self.picked:
            self.picked.remove(target)
        elif choices.matching(self._without_end(), [*self.picked, target]):
            self.picked.append(target)
        elif choices.matching(self._without_end(), [target]):
            self.picked = [target]
        else:
            self._refuse(target)
            return
        sound.play("card", 0.5)
        self._marks_key = ()
        self.update_action_bar()

    def _without_end(self) -> list[Action]:
        return [a for a in self.legal if not isinstance(a, EndTurn)]

    def choose_target(self, target: Target, pos: tuple[int, int]) -> None:
        options = choices.matching(self._without_end(), [*self.picked, target])
        if not options and self.picked:
            options = choices.matching(self._without_end(), [target])
            if options:
                self.picked = []
        if not options:
            self._refuse(target)
        elif len(options) == 1:
            self._play(options[0])
        else:
            self._open_popup(options, pos, self._title(target), target[0] in MAP_KINDS)

    def _title(self, target: Target) -> str:
        kind, value = target
        if kind == "city":
            return f"{D.cities[value]}: choose (first: the cheapest or best paying)"
        if kind == "track":
            return f"{D.track_name(value)}: choose a Train and City card (first: the cheapest)"
        return "Choose"

    def _open_popup(
        self, options: list[Action], pos: tuple[int, int], title: str, on_map: bool
    ) -> None:
        """The list of variants at `pos`; for a city or track, beside the map (not over
        the routes it lights)."""
        state, seat = self.cs, self._seat()
        ordered = choices.order(state, seat, options)
        beside = self.areas.map.right if on_map else None
        self.popup = VariantPopup(
            title=title, rows=[choices.describe(state, seat, a) for a in ordered],
            actions=ordered, anchor=pos, beside=beside,
        )
        self._marks_key = ()
        self.update_action_bar()

    def open_options(self) -> None:
        options = self._options()
        if options:
            self._open_popup(options, self.areas.map.center, "Every choice (first: the cheapest)",
                             True)

    def _clear(self) -> None:
        self.picked = []
        if not self.cs.pending:
            self.popup = None
        self._marks_key = ()
        self.update_action_bar()

    def _escape(self) -> bool:
        if (self.popup is not None and not self.cs.pending) or self.picked:
            self._clear()
            return True
        return False

    def draw_floating(self, surface: pygame.Surface) -> None:
        if self.popup is not None:
            self.popup.draw_in(surface, self.board_rect)

    def floating_rects(self) -> list[pygame.Rect]:
        return [self.popup.rect] if self.popup is not None else []

    def has_popup(self) -> bool:
        return self.accepting_input and self.popup is not None

    def auctioning(self) -> bool:
        return self.accepting_input and self.cs.phase == Phase.AUCTION

    def acting(self) -> bool:
        return self.accepting_input and self.cs.phase == Phase.ACTIONS

    def clear_choice(self) -> bool:
        """Esc: put back the picked cards or close the list; else Esc opens the menu."""
        return self._escape()

    def _move_option(self, step: int) -> None:
        assert self.popup is not None
        self.popup.move(step)
        self._marks_key = ()

    def confirm(self) -> None:
        """Enter: the proposed option of the list, the bid shown, or the one move the picked
        cards allow."""
        if self.popup is not None:
            self._play(self.popup.action)
        elif self.cs.phase == Phase.AUCTION:
            self._play(Bid(self.bid))
        elif len(self._options()) == 1 and self.picked:
            self._play(self._options()[0])



    def pass_auction(self) -> None:
        self._play(Pass())

    def end_turn(self) -> None:
        self._play(EndTurn())

    def _play(self, action: Action) -> None:
        if self.submit(action):
            self.picked = []
            self.popup = None
            self._marks_key = ()
            self.on_view_changed()

    def _refuse(self, target: Target) -> None:
        """Let the engine say why: submit the action this click most plausibly meant."""
        missing = intent.no_card_for_track(self.cs, self._seat(), target, self.picked)
        if missing is not None:
            self.toast(missing, "error")
            sound.play("error")
            return
        action = intent.meant_action(self.cs, self._seat(), target, self.picked)
        if action is None or action in self.legal:
            self.toast("That does not go with the cards you picked: Esc clears them.", "error")
            sound.play("error")
            return
        self.submit(action)

    # Hints and words -----------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Bid):
            return f"bid {action.amount} Florin"
        if isinstance(action, Pass):
            return "pass in the auction"
        return choices.describe(self.cs, self._seat(), action)

    def show_hint(self, action: Action) -> None:
        found = choices.targets(action)
        self.picked = [t for t in found if t[0] in HAND_KINDS]
        for target in found:
            if target[0] not in HAND_KINDS:
                self.motion.flashes[target] = 2.5
        if isinstance(action, Bid):
            self.bid_entry.propose(action.amount)
        self._marks_key = ()
        self.update_action_bar()

    # Events and animation ------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        where = animate.Where(self.areas, self.cs, self.viewer,
                              len(self.match.seats))
        clock = 0.0
        for event in events:
            clock = self.motion.show(event, clock, where)
        self._marks_key = ()

    def update_table(self, dt: float) -> None:
        self.motion.update(dt)

    def is_idle(self) -> bool:
        return super().is_idle() and not self.motion.busy

    # Drawing -----------------------------------------------------------------------------

    def _compute_marks(self) -> tuple[mapview.Marks, set[Target], set[Target]]:
        """Board marks, lit targets off the map, and the usable hand cards (cached)."""
        popup = self.popup
        key = (
            self._serial,
            tuple(self.picked),
            self._popup_serial,
            (popup.selected, popup.scroll) if popup else -1,
            tuple(sorted(self.motion.flashes)),
            self.hover,
        )
        if key == self._marks_key:
            return self._marks
        marks = mapview.Marks()
        state, seat = self.cs, self._seat()
        options = self._options()
        lit: set[Target] = set()
        usable: set[Target] = set()
        free = state.phase == Phase.ACTIONS and not state.picks_left and not state.pending
        for action in self._without_end():
            usable.update(t for t in choices.targets(action) if t[0] in HAND_KINDS)
        for action in options:
            found = choices.targets(action)
            if self.picked or not free:
                lit.update(t for t in found if t not in self.picked)
            elif found and found[0][0] in ("city_display", "deck"):
                lit.add(found[0])
        marks.cities = {v for k, v in lit if k == "city"}
        marks.tracks = {v for k, v in lit if k == "track"}
        marks.picked_cities = {D.city_cards[v].city for k, v in self.picked if k == "hand_city"}
        if state.pending:  # the building's city, where its fruit is gathered
            marks.picked_cities.add(state.pending[2])
        if self.picked or state.pending:
            marks.routes = [route for a in options[:40] for route in self._route(a)]
        proposal = (
            popup.action
            if popup is not None
            else (
                choices.order(state, seat, options)[0]
                if options and (self.picked or state.pending)
                else None
            )
        )
        if proposal is not None:
            marks.proposal = self._route(proposal)
            marks.proposal_cities = {r[0] for r in marks.proposal if r}
        marks.flash_cities = {v for k, v in self.motion.flashes if k == "city"}
        marks.flash_tracks = {v for k, v in self.motion.flashes if k == "track"}
        if self.hover is not None and self.hover in lit:
            if self.hover[0] == "city":
                marks.hover_city = self.hover[1]
            elif self.hover[0] == "track":
                marks.hover_track = self.hover[1]
        lit.update(t for t in self.motion.flashes if t[0] not in ("city", "track"))
        self._marks_key, self._marks = key, (marks, lit, usable)
        return self._marks

    def _route(self, action: Action) -> list[tuple[int, ...]]:
        state = self.cs
        if isinstance(action, ShipFruit):
            return [choices.ship_route(state, action)]
        if isinstance(action, SourceFruit):
            return [choices.source_route(state, action)]
        if isinstance(action, StartBuilding):
            return choices.building_plan(state, self._seat(), action)
        return []

    def _layer_key(self, view: CleopatraState) -> tuple[object, ...]:
        popup = self.popup
        return (
            self._serial,
            tuple(self.picked),
            self._popup_serial,
            (popup.selected, popup.scroll) if popup else -1,
            tuple(sorted(self.motion.flashes)),
            self.hover,
            self.motion.scoring_shown,
            tuple(self.table_rect),
            self.viewer,
            self.my_turn,
            self.replay.position if self.replay else -1,
            theme.palette()[0],
        )

    def _fresh_layer(self, like: pygame.Surface | None) -> pygame.Surface:
        """The table without moving things (and its hit map), painted again only when
        something on it changed (a frame then costs one blit). `like`: the surface it is
        blitted to (None: a click asks before any frame)."""
        if like is not None and (self._layer is None or self._layer.get_size() != like.get_size()):
            self._layer = pygame.Surface(like.get_size(), 0, like)  # same pixel format
            self._layer_drawn = ()
        elif self._layer is None:
            self._layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            self._layer_drawn = ()
        key = self._layer_key(self.cs)
        if key != self._layer_drawn:
            self._layer_drawn = key
            self._paint_table(self._layer, self.cs)
        return self._layer

    def _paint_table(self, surface: pygame.Surface, view: CleopatraState) -> None:
        a = self.areas
        hits = self.hits
        hits.clear()
        surface.fill(theme.TABLE, self.table_rect)
        hits.add(self.board_rect, TABLE)
        marks, lit, usable = self._compute_marks()
        viewer = self.viewer
        names = self.names
        panel.draw_players(surface, view, a.players, names, self.colors, viewer)
        mapview.draw_map(surface, view, a.map, self.colors, marks, 0.0, hits)
        panel.draw_market(surface, view, a.market)
        panel.draw_turnline(surface, view, a.turnline)
        if view.final_rows:
            rect = pygame.Rect(a.gods.left, a.gods.top, a.gods.width, a.city.bottom - a.gods.top)
            shown = self.motion.scoring_shown
            shown = len(view.final_rows) if shown is None else shown
            panel.draw_scoring(surface, view, rect, names, self.colors, shown)
        else:
            panel.draw_gods(surface, view, a.gods, names, self.colors, lit, hits)
            panel.draw_auction_display(surface, view, a.auction, lit, hits)
            panel.draw_city_display(surface, view, a.city, lit, hits)
        if self.replay is None:
            lift = self.hover if self.hover and self.hover[0] in HAND_KINDS else None
            usable_now = usable if self.my_turn and view.phase == Phase.ACTIONS else set()
            hand_marks = panel.HandMarks(lit, self.picked, usable_now, lift)
            panel.lay_hand(self.hand, view, viewer, a.hand, hand_marks)
            panel.draw_hand(surface, view, viewer, a.hand, self.hand, hits)
        if self.popup is not None and self.my_turn:
            self.popup.draw_in(surface, self.board_rect)

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, CleopatraState)
        surface.blit(self._fresh_layer(surface), self.table_rect, self.table_rect)
        for card in self.motion.flying:
            if not card.tween.waiting:
                surface.blit(card.face, card.face.get_rect(center=card.tween.value()))
        for moving in self.motion.cubes:
            if not moving.tween.waiting:
                pieces.cube(surface, moving.fruit, moving.tween.value(), 18)
        self._draw_changes(surface)
        if (self.popup is None or not self.my_turn) and self.hover is not None:
            self._draw_tooltip(surface, self.hover)

    def _draw_changes(self, surface: pygame.Surface) -> None:
        """Florin and VP just gained or lost, in each player's status line for a moment
        (in the line's place, never over the panel's other text)."""
        by_seat: dict[int, list[animate.Floater]] = {}
        for floater in self.motion.floaters:
            by_seat.setdefault(floater.seat, []).append(floater)
        boxes = panel.player_boxes(self.cs, self.areas.players)
        for seat, floaters in by_seat.items():
            if not 0 <= seat < len(boxes):
                continue
            rect = panel.change_rect(boxes[seat])
            pygame.draw.rect(surface, (16, 20, 26), rect, border_radius=5)
            x = rect.left + 5
            for floater in floaters:
                image = text.render(floater.label, 13, floater.color, "bold")
                if x + image.get_width() > rect.right - 4:
                    break
                surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
                x += image.get_width() + 10

    def _draw_tooltip(self, surface: pygame.Surface, target: Target) -> None:
        if self.hover_timer.ready:
            words = intent.tooltip(self.cs, target, self.names)
            tooltip.draw(surface, [words] if words else [], self.hover_timer.pos, self.board_rect)
