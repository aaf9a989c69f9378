"""What `apply` reports: one frozen record per thing the scene animates or logs.

Players are named `{p0}`, `{p1}`, ... in `describe`; the UI fills in names. The only
secret an event carries is a bid before the reveal: `BidPlaced.describe` shows the amount
to its bidder alone (the scene must do the same with the field).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from nile.core.game import Event
from nile.core.text import count
from nile.games.kap_kairo.rules.deck import NAMES, describe_card


def _who(seat: int) -> str:
    return f"{{p{seat}}}"


def _seats(seats: tuple[int, ...]) -> str:
    names = [_who(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(NAMES[c] for c in cards) if cards else "no cards"


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """A land purchase (auction) or a track-laying phase begins."""

    phase: str
    """"auction" or "track laying"."""
    auction: int
    starter: int | None = None
    """For track laying: the highest bidder of the last auction, who starts (VK-5)."""

    def describe(self, viewer: int | None) -> str:
        if self.phase == "auction":
            return f"Land purchase {self.auction} begins."
        return f"Track laying begins; {_who(self.starter or 0)} starts."


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The draw pile ran out: the discards became the new (shuffled) pile."""

    count: int

    def describe(self, viewer: int | None) -> str:
        return f"The draw pile is empty: {self.count} discards are shuffled into a new pile."


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card is turned face up for the auction."""

    card: int

    def describe(self, viewer: int | None) -> str:
        return f"Up for auction: {describe_card(self.card)}."


@dataclass(frozen=True, slots=True)
class AuctionSkipped(Event):
    """No card could be turned up: there is no land to buy (house ruling VK-9)."""

    def describe(self, viewer: int | None) -> str:
        return "No card is left to auction; track laying goes on."


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A secret bid was written down. `amount` is for the bidder's eyes only."""

    seat: int
    amount: int

    def visible_amount(self, viewer: int | None) -> int | None:
        """The amount if `viewer` may see it (the bidder only), else None."""
        return self.amount if viewer == self.seat else None

    def describe(self, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"{_who(self.seat)} secretly bids £{self.amount}."
        return f"{_who(self.seat)} has written a secret bid."


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """All bids are shown at once and paid (VK-3)."""

    bids: tuple[int, ...]
    capitals: tuple[int, ...]
    """Each seat's capital after paying its bid."""

    def describe(self, viewer: int | None) -> str:
        parts = [f"{_who(s)} £{b}" for s, b in enumerate(self.bids)]
        return "Bids revealed: " + ", ".join(parts) + "."


@dataclass(frozen=True, slots=True)
class TieByCapital(Event):
    """Equal bids: the smaller capital after paying chooses first (VK-4)."""

    seats: tuple[int, ...]
    """The tied bidders, in their new order."""

    def describe(self, viewer: int | None) -> str:
        return f"{_seats(self.seats)} bid the same; smaller capital chooses first."


@dataclass(frozen=True, slots=True)
class DuelStarted(Event):
    """Equal bids and equal capital: each tied player draws a card (VK-4)."""

    seats: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return f"{_seats(self.seats)} are still tied: each draws a card, higher coin first."


@dataclass(frozen=True, slots=True)
class DuelDraw(Event):
    """One card drawn in a tie-break duel."""

    seat: int
    card: int

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} draws {describe_card(self.card)}."


@dataclass(frozen=True, slots=True)
class DuelRound(Event):
    """A duel round is over: its cards are discarded; `tied` seats draw again."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    order: tuple[int, ...]
    tied: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        if self.tied:
            return f"{_seats(self.tied)} drew the same coin and draw again."
        return f"Duel decided: {_seats(self.order)} in that order."


@dataclass(frozen=True, slots=True)
class TieBySeat(Event):
    """No card left for a duel: the tie goes in seat order (house ruling VK-9)."""

    seats: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return f"No card is left for a duel: {_seats(self.seats)} choose in seat order."


@dataclass(frozen=True, slots=True)
class ChoosingOrder(Event):
    """The order in which the players take the auction cards."""

    order: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return "Choosing order: " + ", then ".join(_who(s) for s in self.order) + "."


@dataclass(frozen=True, slots=True)
class CardChosen(Event):
    """A player took an auction card; it lies at `position` (1 = next) of the column."""

    seat: int
    card: int
    position: int
    forced: bool = False
    """True when it was the only card left (taken without asking)."""

    def describe(self, viewer: int | None) -> str:
        verb = "gets the last card," if self.forced else "takes"
        return f"{_who(self.seat)} {verb} {describe_card(self.card)}."


@dataclass(frozen=True, slots=True)
class NoCardLeft(Event):
    """The display ran out before this player's pick (house ruling VK-9)."""

    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"No auction card is left for {_who(self.seat)}."


@dataclass(frozen=True, slots=True)
class RowCardDrawn(Event):
    """The player to move turned a card face up onto the shared row."""

    seat: int
    card: int

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} turns up {describe_card(self.card)}."


@dataclass(frozen=True, slots=True)
class NothingToDraw(Event):
    """Draw pile and discards are both empty: the turn goes on without a draw (VK-7)."""

    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"No card is left to draw for {_who(self.seat)}."


@dataclass(frozen=True, slots=True)
class Built(Event):
    """Track laid across `card`: where the rails came from, against the need."""

    seat: int
    card: int
    need: int
    row_rails: int
    column_rails: int
    bonus_spent: int
    bought: int
    cost: int
    """Pounds paid for the bought rails."""

    @property
    def rails(self) -> int:
        return self.row_rails + self.column_rails + self.bonus_spent + self.bought

    def describe(self, viewer: int | None) -> str:
        parts = [f"row {self.row_rails}", f"own cards {self.column_rails}"]
        if self.bonus_spent:
            parts.append(f"bonus {self.bonus_spent}")
        if self.bought:
            parts.append(f"bought {self.bought} for £{self.cost}")
        return (
            f"{_who(self.seat)} lays track across {describe_card(self.card)}: "
            f"{' + '.join(parts)} = {self.rails} rails for {self.need} needed."
        )


@dataclass(frozen=True, slots=True)
class CoinsGained(Event):
    """The crossed card's coins go to the builder's capital."""

    seat: int
    coins: int
    capital: int

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} earns £{self.coins} (capital £{self.capital})."


@dataclass(frozen=True, slots=True)
class RowDiscarded(Event):
    """After a build the face-up row and the spent bonus cards go to the discards."""

    row: tuple[int, ...]
    bonus: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        text = f"The row ({_cards(self.row)}) is discarded"
        if self.bonus:
            text += f", with {count(len(self.bonus), 'spent bonus card')}"
        return text + "."


@dataclass(frozen=True, slots=True)
class BonusDealt(Event):
    """A bonus card (face down, worth 1 rail) for a player before a river (VK-6)."""

    seat: int
    source: str
    """"discards" or "pile"."""
    reason: str
    held: int
    """Bonus cards the player holds now."""

    def describe(self, viewer: int | None) -> str:
        return (
            f"{_who(self.seat)} gets a bonus card from the {self.source}: {self.reason} "
            f"(now {self.held})."
        )


@dataclass(frozen=True, slots=True)
class BonusMissed(Event):
    """A player before a river gets no bonus card, and why."""

    seat: int
    reason: str

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} gets no bonus card: {self.reason}."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """The player did not build; play moves to the left (VK-7)."""

    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} passes."


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A player crossed the last card needed (VK-8)."""

    seat: int
    crossed: int

    def describe(self, viewer: int | None) -> str:
        return f"{_who(self.seat)} has crossed {self.crossed} cards and wins!"


@dataclass(frozen=True, slots=True)
class Deadlock(Event):
    """Nothing to draw and a full round without a build: the game ends (VK-7)."""

    winners: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return (
            f"Nobody can draw and nobody builds: the game ends. {_seats(self.winners)} "
            f"{'wins' if len(self.winners) == 1 else 'share the win'} "
            "(most cards crossed, then most capital)."
        )


# The events of nearly every move of a playout or a bot's rollout, each made once per value
# (a frozen dataclass is slow to make: a sixth of a random playout went into making
# events, issue 33 item 6). They are equal to new ones, and frozen, so sharing is safe.
phase_changed = cache(PhaseChanged)
card_revealed = cache(CardRevealed)
bid_placed = cache(BidPlaced)
card_chosen = cache(CardChosen)
row_card_drawn = cache(RowCardDrawn)
nothing_to_draw = cache(NothingToDraw)
passed = cache(Passed)
