"""What the last bid reveal showed: bids, the choosing order and how its ties were broken.

The state keeps the revealed bids and the order; the duel cards are discarded once a duel
round is settled, so the scene reads them back from the match log (the events the rules
reported). Nothing here can hold a secret: bids are only in `BidsRevealed`, which the
rules send once every bid is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nile.core.game import Event
from nile.games.kap_kairo.rules.events import (
    BidsRevealed,
    ChoosingOrder,
    DuelRound,
    PhaseChanged,
    TieByCapital,
    TieBySeat,
)


@dataclass
class Reveal:
    """The reveal of one auction, as far as the events have told it."""

    bids: tuple[int, ...]
    capitals: tuple[int, ...]
    order: tuple[int, ...] = ()
    by_capital: set[int] = field(default_factory=set)
    """Seats whose tie was broken by smaller capital."""
    duels: dict[int, list[int]] = field(default_factory=dict)
    """Seat -> the cards it drew in the duel rounds (redraws when tied again)."""
    by_seat: set[int] = field(default_factory=set)
    """Seats ordered by seat because no duel card could be drawn (VK-9)."""

    def note(self, seat: int) -> str:
        """Why `seat` stands where it stands among equal bids ("" if not tied)."""
        if seat in self.duels:
            return "tie: card duel"
        if seat in self.by_capital:
            return f"tie: £{self.capitals[seat]} left"
        if seat in self.by_seat:
            return "tie: seat order"
        return ""


def last_reveal(entries: Sequence[Sequence[Event]]) -> Reveal | None:
    """The latest auction's reveal from the events of each log entry (oldest first).

    None when the latest auction has not revealed its bids yet.
    """
    reveal: Reveal | None = None
    for events in entries:
        for event in events:
            if isinstance(event, PhaseChanged) and event.phase == "auction":
                reveal = None
            elif isinstance(event, BidsRevealed):
                reveal = Reveal(event.bids, event.capitals)
            elif reveal is not None:
                _add(reveal, event)
    return reveal


def _add(reveal: Reveal, event: Event) -> None:
    if isinstance(event, TieByCapital):
        reveal.by_capital.update(event.seats)
    elif isinstance(event, DuelRound):
        for seat, card in zip(event.seats, event.cards, strict=True):
            reveal.duels.setdefault(seat, []).append(card)
    elif isinstance(event, TieBySeat):
        reveal.by_seat.update(event.seats)
    elif isinstance(event, ChoosingOrder):
        reveal.order = event.order
