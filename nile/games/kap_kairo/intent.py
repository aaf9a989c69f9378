"""Vom Kap bis Kairo's click-to-move rules (no pygame): what the table's targets mean.

Only one move is picked on the table: a card for sale (`CardTarget`), taken at once. The
other two are written, not picked: a secret bid (an amount typed or stepped) and a build
(how many bonus cards to spend and rails to buy, starting from the cheapest way). Their
numbers are the `Draft` of the move being written, set by the table's buttons (`Control`)
and the keys; the bar offers the drafted move (Bid £17, Build £20) and Pass. This module is
the one place a click, a key or a bar button becomes a move; the scene only wires it
(`nile/ui/chrome/picker.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nile.core.game import Action, GameState, Seat
from nile.core.intent import BarChoice, Offer, complete, narrow
from nile.core.intent import Target as Picked
from nile.core.text import count
from nile.games.kap_kairo.rules import (
    PASS,
    RULES,
    Bid,
    Build,
    KapState,
    Pass,
    Phase,
    Take,
    bid_limit,
    can_build,
    card_title,
    describe_card,
    proposed_build,
    shortfall,
)
from nile.ui.kit.number import NumberEntry

MAX_BID_DIGITS = 4

# What the table draws that can be clicked ------------------------------------------------


@dataclass(frozen=True)
class CardTarget:
    """A card for sale in the land purchase."""

    card: int


@dataclass(frozen=True)
class TileTarget:
    """A card in a player's line (crossed or still to cross)."""

    card: int
    crossed: bool


@dataclass(frozen=True)
class SeatTarget:
    """A player's box at the Cape (opens the capital ledger)."""

    seat: int


@dataclass(frozen=True)
class Control:
    """A button of the table: "bid-10", "bid-1", "bid+1", "bid+10", "bidall", "bonus-",
    "bonus+", "buy-", "buy+", "cheapest" or "ledger"."""

    name: str


Target = CardTarget | TileTarget | SeatTarget | Control

BID_STEPS = {"bid-10": -10, "bid-1": -1, "bid+1": 1, "bid+10": 10}
BUILD_STEPS = {"bonus-": ("bonus", -1), "bonus+": ("bonus", 1), "buy-": ("buy", -1),
               "buy+": ("buy", 1)}


# The move being written ------------------------------------------------------------------


@dataclass
class Draft:
    """The numbers of the move the person at the screen is writing: the secret bid, and the
    bonus cards to spend and rails to buy for a build. A new decision starts afresh (an
    empty bid, the cheapest build); steps stay within what the player holds, while a typed
    bid may go beyond it, so that the rules refuse it with their reason."""

    bid: NumberEntry = field(default_factory=lambda: NumberEntry(digits=MAX_BID_DIGITS))
    bonus: int = 0
    buy: int = 0
    bid_for: tuple[int, int] | None = None
    """(seat, auction) the bid was prepared for: a new bid starts from nothing."""
    build_for: tuple[int, int, int] | None = None
    """(seat, crossed, row length) the build was prepared for."""

    def prepare(self, view: KapState, seat: int) -> None:
        """Start afresh when a new decision comes up for `seat` (not on every redraw, so
        what the player wrote stays while the screen changes hands or animates)."""
        if view.step == Phase.BID and self.bid_for != (seat, view.auction):
            self.bid_for = (seat, view.auction)
            self.bid.reset()
            self.bid.high = view.capital[seat]  # the buttons' and keys' steps stop there
        if view.step == Phase.DECIDE:
            key = (seat, len(view.crossed[seat]), len(view.row))
            if self.build_for != key:
                self.build_for = key
                self.cheapest(view)

    def set_bid(self, view: KapState, amount: int) -> None:
        """A bid from a button or a step, within nothing and the bidder's capital."""
        self.bid.high = bid_limit(view)
        self.bid.set(amount)

    def cheapest(self, view: KapState) -> None:
        """The build the controls propose: the cheapest, or the nearest when none is possible."""
        best = proposed_build(view)
        self.bonus, self.buy = best.bonus, best.buy

    def change_bonus(self, view: KapState, step: int) -> None:
        """One bonus card more or less; the rails bought make up the rest of the shortfall."""
        held = len(view.bonus[view.turn])
        self.bonus = max(0, min(held, self.bonus + step))
        self.buy = max(0, shortfall(view, view.turn) - self.bonus)

    def change_buy(self, step: int) -> None:
        self.buy = max(0, min(99, self.buy + step))

    def press(self, view: KapState, name: str) -> bool:
        """A button of the table (`Control.name`); whether it means something in this step."""
        step = view.step
        if step == Phase.BID and name in BID_STEPS:
            self.set_bid(view, self.bid.value + BID_STEPS[name])
        elif step == Phase.BID and name == "bidall":
            self.set_bid(view, bid_limit(view))
        elif step == Phase.DECIDE and name == "cheapest":
            self.cheapest(view)
        elif step == Phase.DECIDE and name in BUILD_STEPS:
            what, amount = BUILD_STEPS[name]
            if what == "bonus":
                self.change_bonus(view, amount)
            else:
                self.change_buy(amount)
        else:
            return False
        return True

    def written_bid(self) -> Bid:
        """The bid as written (the rules refuse one beyond the capital, with the reason)."""
        return Bid(self.bid.value)

    def build(self) -> Build:
        return Build(self.bonus, self.buy)

    def show(self, action: Action, view: KapState) -> None:
        """A hint's move, shown in the draft (a hinted bid is still replaced by the first
        digit typed, as the player has not chosen it)."""
        if isinstance(action, Bid):
            self.bid.high = bid_limit(view)
            self.bid.propose(action.amount)
        elif isinstance(action, Build):
            self.bonus, self.buy = action.bonus, action.buy


# The intent ------------------------------------------------------------------------------


class KapIntent:
    """The targets of each move, and what the bar offers in each step (`nile.core.intent`)."""

    def __init__(self, draft: Draft | None = None) -> None:
        self.draft = draft or Draft()

    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        """A card for sale is taken by clicking it; the other moves are written, not picked."""
        return (CardTarget(action.card),) if isinstance(action, Take) else ()

    def offer(self, view: GameState, seat: Seat, picked: tuple[Picked, ...]) -> Offer:
        assert isinstance(view, KapState)
        legal = view.legal_actions()
        if view.step == Phase.CHOOSE:
            return self._choose(view, legal, picked)
        if view.step == Phase.BID:
            return self._bid(view)
        if view.step == Phase.DECIDE:
            return self._decide(view, legal)
        return Offer(picked, (), "")

    def meant(self, view: GameState, seat: Seat, picked: tuple[Picked, ...],
              target: Picked) -> Action | None:
        """A card that is no longer for sale, while cards are chosen: taking it (the rules
        say why not). Outside choosing a card means nothing (the scene says so)."""
        assert isinstance(view, KapState)
        if isinstance(target, CardTarget) and view.step == Phase.CHOOSE:
            return Take(target.card)
        return None

    def _choose(self, view: KapState, legal: list[Action],
                picked: tuple[Picked, ...]) -> Offer:
        def of(action: Action) -> Sequence[Target]:
            return self.targets(view, action)

        candidates = tuple(narrow(legal, picked, of))
        place = view.chooser + 1
        prompt = (f"You choose {_ordinal(place)}: click a card for sale (or press 1–"
                  f"{len(view.display)}). It joins the end of your line.")
        lit = frozenset(t for a in candidates for t in of(a))
        return Offer(picked, candidates, prompt, lit=lit,
                     ready=complete(candidates, picked, of) if picked else None)

    def _bid(self, view: KapState) -> Offer:
        bid = self.draft.written_bid()
        prompt = (f"Your secret bid (£0–£{bid_limit(view)}): type it or use − and +. "
                  "Nobody else sees it.")
        choice = BarChoice("bid", f"Bid £{bid.amount}", bid, accent=True,
                           tooltip="Write this bid down (Enter)")
        return Offer((), (bid,), prompt, (choice,))

    def _decide(self, view: KapState, legal: list[Action]) -> Offer:
        buildable = can_build(view)
        pass_choice = BarChoice("pass", "Pass", PASS, accent=not buildable,
                                tooltip="Do not build; the player on your left draws (P)")
        column = view.columns[view.turn]
        if not column:
            return Offer((), (PASS,), "No card lies in front of your locomotive: pass.",
                         (pass_choice,))
        build = self.draft.build()
        cost = build.buy * RULES.rail_price
        build_choice = BarChoice("build", f"Build (£{cost})" if cost else "Build", build,
                                 accent=buildable, tooltip="Lay track across your next card (B)")
        if buildable:
            prompt = f"Build across {describe_card(column[0])}, or pass."
        else:
            prompt = (f"You cannot cover the {card_title(column[0])} now: pass "
                      "(Build tells you why).")
        return Offer((), tuple(legal), prompt, (pass_choice, build_choice))

    def numbered(self, view: KapState, number: int) -> Take | None:
        """Keys 1–9 while choosing: the card at that place among those for sale (None: there
        are fewer)."""
        return Take(view.display[number - 1]) if number <= len(view.display) else None

    def default(self, view: KapState) -> Action:
        """Enter while laying track: the highlighted button, Build when a build is possible,
        else Pass (pressing Build then is only refused)."""
        return self.draft.build() if can_build(view) else PASS


def describe(action: Action) -> str:
    """A move in words, for hints ("build across your next card (spend 1 bonus card)")."""
    if isinstance(action, Bid):
        return f"bid £{action.amount}"
    if isinstance(action, Take):
        return f"take the {describe_card(action.card)}"
    if isinstance(action, Build):
        parts = []
        if action.bonus:
            parts.append(f"spend {count(action.bonus, 'bonus card')}")
        if action.buy:
            parts.append(f"buy {count(action.buy, 'rail')} for £{action.buy * RULES.rail_price}")
        how = f" ({' and '.join(parts)})" if parts else " with the free rails"
        return f"build across your next card{how}"
    if isinstance(action, Pass):
        return "pass"
    return action.to_str()


def _ordinal(place: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(place, f"#{place}")
