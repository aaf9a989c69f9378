"""The auction's bid in the bottom bar: − / Bid n / + (Up/Down, typed digits, Enter).

The bid being written is the kit's `NumberEntry`: typed (the first digit replaces it) or
stepped, proposed again at the least raise whenever the high bid changes. A typed bid may
go beyond the bidder's Florin: the rules refuse it with their reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nile.ui.kit.button import BarButton
from nile.ui.kit.number import NumberEntry


@dataclass(frozen=True)
class BidCalls:
    """What the bid asks of its scene: play a bid of so many Florin, show the bar again."""

    bid: Callable[[int], object]
    changed: Callable[[], None]


class Bidding:
    """The amount about to be bid, and its buttons."""

    def __init__(self, calls: BidCalls) -> None:
        self.calls = calls
        self.entry = NumberEntry(value=1, digits=3)
        self._floor = 0

    @property
    def value(self) -> int:
        return self.entry.value

    def sync(self, high_bid: int, money: int) -> None:
        """Bids go from one above the high bid to the bidder's Florin; a new high bid
        proposes the least raise again."""
        low = high_bid + 1
        self.entry.low, self.entry.high = low, max(low, money)
        if low != self._floor:
            self.entry.reset(low)
            self._floor = low

    def step(self, delta: int) -> None:
        self.entry.step(delta)
        self.calls.changed()

    def type_digit(self, digit: int) -> None:
        self.entry.type_digit(digit)
        self.calls.changed()

    def erase(self) -> None:
        self.entry.erase()
        self.calls.changed()

    def propose(self, amount: int) -> None:
        """A hint's bid, shown for the player to play."""
        self.entry.propose(amount)

    def _bid(self) -> None:
        self.calls.bid(self.value)

    def buttons(self, can_bid: bool) -> list[BarButton]:
        """− / Bid n / +, greyed out when the bidder cannot raise."""
        return [
            BarButton("less", "−", lambda: self.step(-1), can_bid, "Lower your bid (Down)"),
            BarButton(f"bid{self.value}", f"Bid {self.value}", self._bid, can_bid,
                      "Bid this many Florin (Enter)", accent=True),
            BarButton("more", "+", lambda: self.step(1), can_bid, "Raise your bid (Up)"),
        ]
