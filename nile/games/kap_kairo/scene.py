"""Vom Kap bis Kairo on screen: land for sale, secret bids, the track row, the railways.

The table, top to bottom: the draw and discard piles, the cards for sale (in a land
purchase) or the shared track row (in track laying), and a side panel that follows the
phase (the secret bids, the choosing order with its tie-breaks, or the rails breakdown
of a build); the rails each terrain needs; then one lane per player, a railway heading
north from the Cape (the player's box at the bottom) towards Cairo (8 crossings).

Playing:
- a secret bid: type the amount (or − / + and −10 / +10, arrow keys), then Bid (Enter);
  with several humans the pass-the-screen cover keeps each bid private;
- choosing land: click a card for sale (or press 1–9);
- track laying: the panel adds up the rails (row + own cards + bonus cards + bought rails
  at £10) against what the next card needs; − / + change the bonus cards spent and the
  rails bought (default: the cheapest way); Build (B) or Pass (P); Enter presses the
  highlighted one (Pass when no build is possible).
The capital ledger (C, or click a player's box) shows everyone's sheet at any time; only
the viewer's own bid shows before the reveal. Only `view.legal_actions()` says what is
offered; refusals come from the rules.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.kap_kairo.intent import (
    CardTarget,
    Control,
    Draft,
    KapIntent,
    SeatTarget,
    Target,
    describe,
)
from nile.games.kap_kairo.rules import PASS, Bid, KapState, Phase, Take
from nile.games.kap_kairo.view import board
from nile.games.kap_kairo.view.animate import Motion
from nile.games.kap_kairo.view.ledger import LedgerScene, RailwaysChart
from nile.games.kap_kairo.view.pieces import (
    CARD_STYLE,
    SMALL_STYLE,
    paint_bonus,
    paint_card,
    paint_counting,
)
from nile.games.kap_kairo.view.reveal import Reveal, last_reveal
from nile.games.kap_kairo.view.table import Images, Seat, TableView
from nile.ui import keys, sound
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.chrome.results import ResultsScene
from nile.ui.kit.number import NumberEntry
from nile.ui.table.card import CardImages

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver
    from nile.ui.scene import Scene


class KapKairoScene(GameScene):
    """The Vom Kap bis Kairo table: wires the components of `view/` to the intent
    (`intent.py`: what a click, a key or a bar button means) and animates events
    (`view/animate.py`)."""

    KEYS = (
        keys.Binding("c", "open_ledger", "everyone's capital ledger", anytime=True),
        keys.Binding("0-9, kp0-kp9", "type_bid_digit", "bidding: type your bid (the first "
                     "digit replaces the amount shown)", when="bidding"),
        keys.Binding("backspace", "erase_bid_digit", "bidding: take back the last digit",
                     when="bidding"),
        keys.Binding("up", "bid_step", "bidding: £1 more", when="bidding",
                     args=(1,)),
        keys.Binding("down", "bid_step", "bidding: £1 less", when="bidding",
                     args=(-1,)),
        keys.Binding("pageup", "bid_step", "bidding: £10 more", when="bidding",
                     args=(10,)),
        keys.Binding("pagedown", "bid_step", "bidding: £10 less", when="bidding",
                     args=(-10,)),
        keys.Binding("return, kp_enter", "submit_bid", "bidding: bid", when="bidding"),
        keys.Binding("1-9", "choose_card", "choosing land: take that card",
                     when="choosing"),
        keys.Binding("b", "submit_build", "laying track: build", when="deciding"),
        keys.Binding("p", "submit_pass", "laying track: pass", when="deciding"),
        keys.Binding("right", "change_bonus", "laying track: one more bonus card",
                     when="deciding", args=(1,)),
        keys.Binding("left", "change_bonus", "laying track: one bonus card less",
                     when="deciding", args=(-1,)),
        keys.Binding("up", "change_buy", "laying track: buy one more rail",
                     when="deciding", args=(1,)),
        keys.Binding("down", "change_buy", "laying track: buy one rail less",
                     when="deciding", args=(-1,)),
    )

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        self.images = Images(
            CardImages(paint_card, CARD_STYLE),
            CardImages(paint_card, SMALL_STYLE),
            CardImages(paint_bonus, SMALL_STYLE),
        )
        self.painter = board.Painter()
        """The table's painting component and its hit map."""
        self.mouse = (0, 0)
        self.draft = Draft()
        """The numbers of the move being written (the secret bid, the build)."""
        self.intent = KapIntent(self.draft)
        self.picker = Picker(self.intent, PickerCalls(
            view=lambda: self.kap, seat=self._seat_here, submit=self._play,
            set_bar=self.set_action_bar))
        self.revealed_to: set[tuple[int | None, int]] = set()
        """(viewer, auction) pairs that have seen the bids revealed."""
        self.version = 0
        """Counts view changes: the cached table layer is redrawn after one."""
        super().__init__(app, match, replay, autosaver)

    @cached_property
    def motion(self) -> Motion:
        """What moves on the table (made once the scene's animations exist)."""
        return Motion(self.anims, self._tell)

    # Views and layout ----------------------------------------------------------------

    @property
    def kap(self) -> KapState:
        assert isinstance(self.view, KapState)
        return self.view

    def areas(self) -> dict[str, pygame.Rect]:
        return board.areas(self.board_rect, self.match.state.num_players)

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the lanes (all, and each seat's: "lane 1"),
        the market, the side panel, the piles and the terrain legend."""
        areas = self.areas()
        lanes = board.lane_regions(areas["lanes"], self.match.state.num_players)
        return {**super().regions(), **areas, **lanes}

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The tutorial's pictures: "counting" (the row's rails and yours against a need)."""
        if name != "counting":
            return False
        paint_counting(surface, rect)
        return True

    def reveal(self) -> Reveal | None:
        """The latest auction's reveal (duel cards included) while it is still shown."""
        if not self.live_game():
            return None
        return last_reveal([entry.events for entry in self.match.log])

    def private_now(self) -> bool:
        """Only a bid is private: the cover goes up before a human writes one, not when
        the turn passes between humans in choosing land or laying track."""
        return getattr(self.state, "step", Phase.BID) == Phase.BID

    def on_view_changed(self) -> None:
        self.version += 1
        self._maybe_reveal()
        areas = self.areas()
        self.toasts.top = areas["market"].bottom + 4
        self.toasts.center_x = areas["lanes"].centerx
        seat = self.kap.current_player
        if self.my_turn and seat is not None:
            self.draft.prepare(self.kap, seat)
        self.update_action_bar()

    def _maybe_reveal(self) -> None:
        """Show the bids being revealed once to each viewer (after the cover, too)."""
        view = self.kap
        if not self.live_game() or self.handover.blocking or view.step != Phase.CHOOSE:
            return
        key = (self.viewer, view.auction)
        if key not in self.revealed_to:
            self.revealed_to.add(key)
            self.motion.reveal()

    # The move being made: the intent decides, the picker holds it ----------------------

    def _seat_here(self) -> int | None:
        """The seat that may act at this screen (for the bar: animations may still run)."""
        return self.kap.current_player if self.my_turn else None

    def _play(self, action: Action) -> bool:
        played = self.submit(action)
        if played and isinstance(action, Bid):
            sound.play("place", 0.6)
        return played

    def update_action_bar(self) -> None:
        if not self.my_turn:
            self.set_action_bar("")
            return
        self.picker.refresh()

    @property
    def bid(self) -> NumberEntry:
        """The secret bid being written."""
        return self.draft.bid

    @property
    def bid_amount(self) -> int:
        return self.draft.bid.value

    @property
    def bonus_spend(self) -> int:
        return self.draft.bonus

    @property
    def buy_rails(self) -> int:
        return self.draft.buy

    def submit_bid(self) -> None:
        self._play(self.draft.written_bid())

    def submit_build(self) -> None:
        self._play(self.draft.build())

    def submit_pass(self) -> None:
        self._play(PASS)

    def set_bid(self, amount: int) -> None:
        self.draft.set_bid(self.kap, amount)
        self.update_action_bar()

    def bid_step(self, amount: int) -> None:
        self.set_bid(self.bid.value + amount)

    def type_bid_digit(self, digit: int) -> None:
        self.bid.type_digit(digit)  # may exceed the capital: the rules refuse with a reason
        self.update_action_bar()

    def erase_bid_digit(self) -> None:
        self.bid.erase()
        self.update_action_bar()

    def change_bonus(self, step: int) -> None:
        self.draft.change_bonus(self.kap, step)
        self.update_action_bar()

    def change_buy(self, step: int) -> None:
        self.draft.change_buy(step)
        self.update_action_bar()

    def choose_card(self, number: int) -> None:
        """Keys 1–9: the card at that place in the display."""
        take = self.intent.numbered(self.kap, number)
        if take is not None:
            self._play(take)
        else:
            self.toast(f"There is no card {number} for sale.", "error")

    def bidding(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.BID

    def choosing(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.CHOOSE

    def deciding(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.DECIDE

    # Input ---------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self.handle_view_event(event)
        # The ledger opens on release: it closes on a click, so it must not see this one.
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self._opens_ledger(self.painter.hits.at(event.pos))
        ):
            self.open_ledger()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.painter.hits.at(event.pos)
            if self._opens_ledger(hit):
                return True
            if not self.accepting_input:
                return False
            return self._click(hit)
        return False

    @staticmethod
    def _opens_ledger(hit: Target | None) -> bool:
        return isinstance(hit, SeatTarget) or hit == Control("ledger")

    def _click(self, hit: Target | None) -> bool:
        if isinstance(hit, Control):
            if not self.draft.press(self.kap, hit.name):
                return False
            self.update_action_bar()
            return True
        if hit is None or self.picker.click(hit):
            return hit is not None
        if isinstance(hit, CardTarget):
            self.toast("These cards are not for the taking now.")
            return True
        return False

    def open_ledger(self) -> None:
        view = self.kap
        seats = range(len(view.ledger))
        self.app.push(LedgerScene(self.app, view.ledger, [self.name(s) for s in seats],
                                  [self.color(s) for s in seats],
                                  self.viewer))

    # Hints and words -------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def show_hint(self, action: Action) -> None:
        if isinstance(action, Take):
            self.motion.hint(action.card)
        self.draft.show(action, self.kap)
        self.update_action_bar()

    # Animation -----------------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        self.motion.play(events, self.kap, self.geometry())
        self.on_view_changed()

    def _tell(self, event: Event, kind: str) -> None:
        """A toast saying `event` to whoever looks now."""
        self.toast(self.words(event.describe(self.viewer)), kind)

    def hidden_cards(self) -> set[tuple[str, int]]:
        """Cards still in flight: not yet drawn at their destination."""
        return set(self.motion.hidden_cards())

    def is_idle(self) -> bool:
        return super().is_idle() and not self.motion.busy

    def update_table(self, dt: float) -> None:
        self.motion.update(dt)

    # Drawing -------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, KapState)
        self.painter.draw(surface, self.table_view(view), self.version)

    def table_view(self, view: KapState) -> TableView:
        """What the table shows this frame (the painting components get this, not the
        scene)."""
        you = self.viewer
        seats = tuple(Seat(self.name(s), self.color(s), self.color_index(s), s == you)
                      for s in range(view.num_players))
        motion = self.motion
        return TableView(
            view=view, viewer=self.viewer, seats=seats, table_rect=self.table_rect,
            areas=self.areas(), images=self.images, accepting_input=self.accepting_input,
            bid_amount=self.bid_amount, bonus_spend=self.bonus_spend, buy_rails=self.buy_rails,
            reveal=self.reveal(), reveal_progress=motion.reveal_progress,
            hidden=motion.hidden_cards(), mouse=self.mouse,
            tooltip_ready=self.hover_timer.ready, ghosts=tuple(motion.ghosts),
            floaters=tuple(motion.floaters), loco_moves=tuple(motion.loco_moves.items()),
            hint_card=motion.hint_card)

    def geometry(self) -> board.Geometry:
        """Where things are on the table now (for flights and rising figures)."""
        return board.Geometry(self.kap, self.areas(), self.images.cards)

    # The end -------------------------------------------------------------------------

    def make_results(self) -> Scene:
        state = self.match.state  # the end, even when opened from a replay
        assert isinstance(state, KapState)
        seats = range(state.num_players)
        chart = RailwaysChart(state, [self.name(s) for s in seats], [self.color(s) for s in seats])
        return ResultsScene(self.app, self, chart)
