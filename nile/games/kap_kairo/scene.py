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

from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.kap_kairo.rules import (
    PASS,
    RULES,
    Bid,
    Build,
    KapState,
    Pass,
    Phase,
    Take,
    card_title,
    cheapest_build,
    describe_card,
    shortfall,
)
from nile.games.kap_kairo.rules.events import (
    BidsRevealed,
    BonusDealt,
    BonusMissed,
    Built,
    CardChosen,
    CardRevealed,
    CoinsGained,
    DuelDraw,
    GameWon,
    Reshuffled,
    RowCardDrawn,
    RowDiscarded,
)
from nile.games.kap_kairo.view import board
from nile.games.kap_kairo.view.ledger import LedgerScene, RailwaysChart
from nile.games.kap_kairo.view.pieces import (
    CARD_STYLE,
    SMALL_STYLE,
    paint_bonus,
    paint_card,
    paint_counting,
)
from nile.games.kap_kairo.view.reveal import Reveal, last_reveal
from nile.games.kap_kairo.view.table import (
    CardTarget,
    Control,
    Floater,
    Ghost,
    Images,
    Seat,
    SeatTarget,
    TableView,
    Target,
)
from nile.ui import keys, sound
from nile.ui.anim import Tween, ease_in_out
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.results import ResultsScene
from nile.ui.kit.button import BarButton
from nile.ui.kit.number import NumberEntry
from nile.ui.table.card import CardImages

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver
    from nile.ui.scene import Scene

HINT_TIME = 2.5
MAX_BID_DIGITS = 4


class KapKairoScene(GameScene):
    """The Vom Kap bis Kairo table."""

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
        keys.Binding("return, kp_enter", "submit_default", "laying track: the highlighted "
                     "button (Build, or Pass when no build is possible)", when="deciding"),
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
        self.bid = NumberEntry(digits=MAX_BID_DIGITS)
        """The secret bid being written."""
        self.bid_for: tuple[int, int] | None = None
        """(seat, auction) the entry was prepared for: a new bid starts from a suggestion."""
        self.bonus_spend = 0
        self.buy_rails = 0
        self.build_for: tuple[int, int, int] | None = None
        """(seat, crossed, row length) the build controls were set for."""
        self.ghosts: list[Ghost] = []
        self.floaters: list[Floater] = []
        self.loco_moves: dict[int, Tween] = {}
        self.reveal_tween: Tween | None = None
        self.revealed_to: set[tuple[int | None, int]] = set()
        """(viewer, auction) pairs that have seen the bids revealed."""
        self.hint_card: tuple[int, float] | None = None
        self.version = 0
        """Counts view changes: the cached table layer is redrawn after one."""
        super().__init__(app, match, replay, autosaver)

    # Views and layout ----------------------------------------------------------------

    @property
    def kap(self) -> KapState:
        assert isinstance(self.view, KapState)
        return self.view

    def areas(self) -> dict[str, pygame.Rect]:
        return board.areas(self.board_rect, self.match.state.num_players)

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the lanes, the market, the side panel, the
        piles and the terrain legend."""
        return {**super().regions(), **self.areas()}

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The tutorial's pictures: "counting" (the row's rails and yours against a need)."""
        if name != "counting":
            return False
        paint_counting(surface, rect)
        return True

    def reveal(self) -> Reveal | None:
        """The latest auction's reveal (duel cards included) while it is still shown."""
        if self.replay is not None:
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
        self._prepare_controls()
        self.update_action_bar()

    def _maybe_reveal(self) -> None:
        """Show the bids being revealed once to each viewer (after the cover, too)."""
        view = self.kap
        if self.replay is not None or self.covered_for is not None or view.step != Phase.CHOOSE:
            return
        key = (self.viewer, view.auction)
        if key in self.revealed_to:
            return
        self.revealed_to.add(key)
        self.reveal_tween = Tween((0.0, 0.0), (1.0, 0.0), 1.4)
        self.anims.add("reveal", self.reveal_tween)
        sound.play("card")

    def _prepare_controls(self) -> None:
        """Reset the bid entry and the build controls when a new decision comes up."""
        view = self.kap
        seat = view.current_player
        if not self.my_turn or seat is None:
            return
        if view.step == Phase.BID and self.bid_for != (seat, view.auction):
            self.bid_for = (seat, view.auction)
            self.bid.reset()
            self.bid.high = view.capital[seat]  # the buttons' and keys' steps stop there
        if view.step == Phase.DECIDE:
            key = (seat, len(view.crossed[seat]), len(view.row))
            if self.build_for != key:
                self.build_for = key
                self._cheapest()

    def _cheapest(self) -> None:
        best = cheapest_build(self.kap)
        if best is None:
            short = shortfall(self.kap, self.kap.turn) if self.kap.columns[self.kap.turn] else 0
            held = len(self.kap.bonus[self.kap.turn])
            self.bonus_spend = min(held, short)
            self.buy_rails = short - self.bonus_spend
        else:
            self.bonus_spend, self.buy_rails = best.bonus, best.buy

    # The action bar ------------------------------------------------------------------

    def update_action_bar(self) -> None:
        view = self.kap
        if not self.my_turn:
            self.set_action_bar("")
            return
        step = view.step
        if step == Phase.BID:
            capital = view.capital[view.current_player or 0]
            self.set_action_bar(
                f"Your secret bid (£0–£{capital}): type it or use − and +. Nobody else sees it.",
                [
                    BarButton(
                        "bid",
                        f"Bid £{self.bid_amount}",
                        self.submit_bid,
                        accent=True,
                        tooltip="Write this bid down (Enter)",
                    )
                ],
            )
        elif step == Phase.CHOOSE:
            place = view.chooser + 1
            self.set_action_bar(
                f"You choose {_ordinal(place)}: click a card for sale (or press 1–"
                f"{len(view.display)}). It joins the end of your line."
            )
        elif step == Phase.DECIDE:
            self._decide_bar(view)
        else:
            self.set_action_bar("")

    def _decide_bar(self, view: KapState) -> None:
        seat = view.turn
        can_build = _can_build(view)
        buttons = [
            BarButton(
                "pass",
                "Pass",
                self.submit_pass,
                accent=not can_build,
                tooltip="Do not build; the player on your left draws (P)",
            )
        ]
        if not view.columns[seat]:
            self.set_action_bar("No card lies in front of your locomotive: pass.", buttons)
            return
        card = view.columns[seat][0]
        cost = self.buy_rails * RULES.rail_price
        label = f"Build (£{cost})" if cost else "Build"
        buttons.append(
            BarButton(
                "build",
                label,
                self.submit_build,
                accent=can_build,
                tooltip="Lay track across your next card (B)",
            )
        )
        if can_build:
            prompt = f"Build across {describe_card(card)}, or pass."
        else:
            prompt = f"You cannot cover the {card_title(card)} now: pass (Build tells you why)."
        self.set_action_bar(prompt, buttons)

    # Submitting ----------------------------------------------------------------------

    def submit_bid(self) -> None:
        if self.submit(Bid(self.bid_amount)):
            sound.play("place", 0.6)

    def submit_take(self, card: int) -> None:
        self.submit(Take(card))

    def submit_build(self) -> None:
        self.submit(Build(self.bonus_spend, self.buy_rails))

    def submit_pass(self) -> None:
        self.submit(PASS)

    def submit_default(self) -> None:
        """Enter presses the highlighted button: Build when a build is possible, else Pass
        (pressing Build then is only refused)."""
        if _can_build(self.kap):
            self.submit_build()
        else:
            self.submit_pass()

    @property
    def bid_amount(self) -> int:
        return self.bid.value

    def set_bid(self, amount: int) -> None:
        self.bid.high = self.kap.capital[self.kap.current_player or 0]
        self.bid.set(amount)
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
        view = self.kap
        held = len(view.bonus[view.turn])
        short = shortfall(view, view.turn) if view.columns[view.turn] else 0
        self.bonus_spend = max(0, min(held, self.bonus_spend + step))
        self.buy_rails = max(0, short - self.bonus_spend)
        self.update_action_bar()

    def change_buy(self, step: int) -> None:
        self.buy_rails = max(0, min(99, self.buy_rails + step))
        self.update_action_bar()

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
        step = self.kap.step
        if isinstance(hit, CardTarget):
            if step == Phase.CHOOSE:
                self.submit_take(hit.card)
            else:
                self.toast("These cards are not for the taking now.")
            return True
        if not isinstance(hit, Control):
            return False
        name = hit.name
        steps = {"bid-10": -10, "bid-1": -1, "bid+1": 1, "bid+10": 10}
        if name in steps and step == Phase.BID:
            self.set_bid(self.bid_amount + steps[name])
            return True
        if name == "bidall" and step == Phase.BID:
            self.set_bid(self.kap.capital[self.kap.current_player or 0])
            return True
        if step == Phase.DECIDE and name in ("bonus-", "bonus+", "buy-", "buy+", "cheapest"):
            if name == "cheapest":
                self._cheapest()
                self.update_action_bar()
            elif name.startswith("bonus"):
                self.change_bonus(1 if name.endswith("+") else -1)
            else:
                self.change_buy(1 if name.endswith("+") else -1)
            return True
        return False

    def bidding(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.BID

    def choosing(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.CHOOSE

    def deciding(self) -> bool:
        return self.accepting_input and self.kap.step == Phase.DECIDE

    def choose_card(self, number: int) -> None:
        """Keys 1–9: the card at that place in the display."""
        if number <= len(self.kap.display):
            self.submit_take(self.kap.display[number - 1])
        else:
            self.toast(f"There is no card {number} for sale.", "error")





    def open_ledger(self) -> None:
        view = self.kap
        seats = range(len(view.ledger))
        self.app.push(LedgerScene(self.app, view.ledger, [self.name(s) for s in seats],
                                  [self.color(s) for s in seats],
                                  self.viewer))

    # Hints and words -------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Bid):
            return f"bid £{action.amount}"
        if isinstance(action, Take):
            return f"take the {describe_card(action.card)}"
        if isinstance(action, Build):
            parts = []
            if action.bonus:
                parts.append(f"spend {action.bonus} bonus card{'s' if action.bonus != 1 else ''}")
            if action.buy:
                parts.append(
                    f"buy {action.buy} rail{'s' if action.buy != 1 else ''} "
                    f"for £{action.buy * RULES.rail_price}"
                )
            how = f" ({' and '.join(parts)})" if parts else " with the free rails"
            return f"build across your next card{how}"
        if isinstance(action, Pass):
            return "pass"
        return action.to_str()

    def show_hint(self, action: Action) -> None:
        if isinstance(action, Bid):
            self.bid.high = self.kap.capital[self.kap.current_player or 0]
            self.bid.propose(action.amount)
        elif isinstance(action, Take):
            self.hint_card = (action.card, HINT_TIME)
        elif isinstance(action, Build):
            self.bonus_spend, self.buy_rails = action.bonus, action.buy
        self.update_action_bar()

    # Animation -----------------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        clock = 0.0
        for event in events:
            clock = self._animate(event, clock)
        self.on_view_changed()

    def _animate(self, event: Event, t: float) -> float:
        geo = self.geometry()
        if isinstance(event, CardRevealed):
            index = self.kap.display.index(event.card) if event.card in self.kap.display else 0
            self._fly(
                None,
                geo.pile("draw"),
                geo.market_card(index),
                t,
                0.3,
                ("market", event.card),
                flip=event.card,
            )
            self.anims.later(t, lambda: sound.play("card", 0.6))
            return t + 0.12
        if isinstance(event, RowCardDrawn):
            index = len(self.kap.row) - 1
            self._fly(
                None,
                geo.pile("draw"),
                geo.market_card(index),
                t,
                0.35,
                ("market", event.card),
                flip=event.card,
            )
            self.anims.later(t, lambda: sound.play("card", 0.7))
            return t + 0.3
        if isinstance(event, CardChosen):
            slot = geo.lane_slot_center(event.seat, self._lane_index(event.seat, event.card))
            self._fly(event.card, geo.market_card(0), slot, t, 0.45, ("lane", event.card))
            self.anims.later(t, lambda: sound.play("place"))
            return t + 0.3
        if isinstance(event, BidsRevealed):
            return t + 0.4  # the reveal itself plays once the chooser looks (_maybe_reveal)
        if isinstance(event, DuelDraw):
            self.anims.later(t, lambda: sound.play("card", 0.6))
            return t + 0.2
        if isinstance(event, Built):
            return self._animate_build(event, geo, t)
        if isinstance(event, CoinsGained):
            self._float(f"+£{event.coins}", event.seat, t)
            return t
        if isinstance(event, RowDiscarded):
            for i, card in enumerate(event.row):
                self._fly(
                    card,
                    geo.market_card(i, len(event.row)),
                    geo.pile("discard"),
                    t + i * 0.04,
                    0.35,
                )
            return t + 0.3 if event.row else t
        if isinstance(event, BonusDealt):
            source = geo.pile("discard" if event.source == "discards" else "draw")
            self._fly(-2, source, geo.lane_box(event.seat).center, t, 0.45)
            self.anims.later(t, lambda: self._announce(event, "card", "ok"))
            return t + 0.45
        if isinstance(event, BonusMissed):
            self.anims.later(t, lambda: self._announce(event))
            return t
        if isinstance(event, Reshuffled):
            self.anims.later(t, lambda: self._announce(event, "cancel"))
            return t + 0.2
        if isinstance(event, GameWon):
            return t + 0.3
        return t

    def _announce(self, event: Event, noise: str | None = None, kind: str = "info") -> None:
        """Say what happened when the table shows it, in words for whoever looks then (the
        screen may have passed on since the move was made)."""
        if noise is not None:
            sound.play(noise)
        self.toast(self.words(event.describe(self.viewer)), kind)

    def _animate_build(self, event: Built, geo: board.Geometry, t: float) -> float:
        crossed = len(self.kap.crossed[event.seat])
        start = geo.loco_center(event.seat, crossed - 1)
        end = geo.loco_center(event.seat, crossed)
        tween = Tween(start, end, 0.6, t, ease_in_out)
        self.loco_moves[event.seat] = tween
        self.anims.add(("loco", event.seat), tween)
        self.anims.later(t, lambda: sound.play("move"))
        if event.cost:
            self._float(f"−£{event.cost}", event.seat, t, good=False)
        return t + 0.65

    def _lane_index(self, seat: int, card: int) -> int:
        view = self.kap
        line = view.crossed[seat] + view.columns[seat]
        return line.index(card) if card in line else len(line)

    def _fly(
        self,
        card: int | None,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        duration: float,
        hides: tuple[str, int] | None = None,
        flip: int | None = None,
    ) -> None:
        tween = Tween(start, end, duration, delay, ease_in_out, arc=24)
        self.anims.add(("ghost", id(tween)), tween)
        self.ghosts.append(Ghost(flip if flip is not None else card, tween, hides))

    def _float(self, label: str, seat: int, t: float, good: bool = True) -> None:
        box = self.geometry().lane_box(seat)
        start = (box.centerx, box.top + 8)
        tween = Tween(start, (start[0], start[1] - 46), 1.0, t)
        self.anims.add(("float", id(tween)), tween)
        self.floaters.append(Floater(label, seat, tween, good))

    def hidden_cards(self) -> set[tuple[str, int]]:
        """Cards still in flight: not yet drawn at their destination."""
        return {g.hides for g in self.ghosts if g.hides is not None and not g.tween.done}

    def is_idle(self) -> bool:
        return super().is_idle() and not self.floaters and self.hint_card is None

    def update_table(self, dt: float) -> None:
        self.ghosts = [g for g in self.ghosts if not g.tween.done]
        self.floaters = [f for f in self.floaters if not f.tween.done]
        self.loco_moves = {s: t for s, t in self.loco_moves.items() if not t.done}
        if self.reveal_tween is not None and self.reveal_tween.done:
            self.reveal_tween = None
        if self.hint_card is not None:
            card, left = self.hint_card
            self.hint_card = (card, left - dt) if left > dt else None

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
        tween = self.reveal_tween
        return TableView(
            view=view, viewer=self.viewer, seats=seats, table_rect=self.table_rect,
            areas=self.areas(), images=self.images, accepting_input=self.accepting_input,
            bid_amount=self.bid_amount, bonus_spend=self.bonus_spend, buy_rails=self.buy_rails,
            reveal=self.reveal(), reveal_progress=None if tween is None else tween.progress,
            hidden=frozenset(self.hidden_cards()), mouse=self.mouse,
            tooltip_ready=self.hover_timer.ready, ghosts=tuple(self.ghosts),
            floaters=tuple(self.floaters), loco_moves=tuple(self.loco_moves.items()),
            hint_card=self.hint_card)

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


def _ordinal(place: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(place, f"#{place}")


def _can_build(view: KapState) -> bool:
    """Whether any build is legal now: it decides which of Build and Pass is highlighted
    (and so what Enter presses)."""
    return any(isinstance(action, Build) for action in view.legal_actions())
