"""Everything that happens in Loose Caboose!, as events for the scene and the game log.

A scene animates these one by one and never compares states. Events about a card only
one player may see (a dealt or drawn card) carry the card, but `card_for(viewer)` is the
only way a scene should read it: it gives None to everyone else, and `describe` follows
the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from nile.core.game import Event
from nile.core.text import player_ref
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.railway import Cell


def _count(number: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _names(seats: list[int]) -> str:
    """'{p0}', '{p0} and {p2}', '{p0}, {p1} and {p2}'."""
    refs = [player_ref(seat) for seat in seats]
    return refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " and " + refs[-1]


# Setup ------------------------------------------------------------------------------

_STARTING_PLACES = {-1: " at the back", 0: " in the middle", 1: " at the front"}
"""Where each card of the starting railway (laid back to front along row 0) sits."""


@dataclass(frozen=True, slots=True)
class StartingCardLaid(Event):
    """One of the three cards of the starting railway, turned face up (LC-3)."""

    card: Card
    cell: Cell

    def describe(self, viewer: int | None) -> str:
        place = _STARTING_PLACES.get(self.cell[0], "")
        return f"The railway starts with {self.card.name}{place}."


@dataclass(frozen=True, slots=True)
class CabooseSetOff(Event):
    """The caboose is put on the middle card, heading toward the front (LC-3, LC-12)."""

    cell: Cell
    front_cell: Cell

    def describe(self, viewer: int | None) -> str:
        return "The caboose stands on the middle card, heading for the front."


@dataclass(frozen=True, slots=True)
class CardSetAside(Event):
    """A card removed face down, unseen by anyone (LC-9). Logged once, at the last."""

    number: int
    total: int

    def describe(self, viewer: int | None) -> str:
        if self.number < self.total:
            return ""
        return f"{_count(self.total, 'card')} are set aside unseen."


@dataclass(frozen=True, slots=True)
class PrivateCardEvent(Event):
    """A card that only `seat` may see."""

    seat: int
    card: Card

    def card_for(self, viewer: int | None) -> Card | None:
        """The card if `viewer` may see it, else None."""
        return self.card if viewer == self.seat else None

    def _card_name(self, viewer: int | None) -> str:
        card = self.card_for(viewer)
        return card.name if card is not None else "a card"


@dataclass(frozen=True, slots=True)
class CardDealt(PrivateCardEvent):
    """One card of the starting hand (LC-9)."""

    def describe(self, viewer: int | None) -> str:
        return f"{player_ref(self.seat)} is dealt {self._card_name(viewer)}."


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{player_ref(self.seat)} goes first."


# A turn -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn(PrivateCardEvent):
    """The card drawn at the start of a turn."""

    cards_left: int

    def describe(self, viewer: int | None) -> str:
        return (f"{player_ref(self.seat)} draws {self._card_name(viewer)} "
                f"({_count(self.cards_left, 'card')} left).")


@dataclass(frozen=True, slots=True)
class LastTurn(Event):
    """The draw pile ran out: the current turn is the game's last (LC-8, LC-10)."""

    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"The draw pile is empty: this is the last turn, {player_ref(self.seat)}'s."


@dataclass(frozen=True, slots=True)
class CardLaid(Event):
    seat: int
    card: Card
    cell: Cell

    def describe(self, viewer: int | None) -> str:
        return f"{player_ref(self.seat)} lays {self.card.name} at the front."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{player_ref(self.seat)} passes."


@dataclass(frozen=True, slots=True)
class RollStarted(Event):
    """The player stopped laying and rolls one die per point of value (LC-2)."""

    seat: int
    dice: int

    def describe(self, viewer: int | None) -> str:
        dice = "1 die" if self.dice == 1 else f"{self.dice} dice"
        return f"{player_ref(self.seat)} rolls {dice}."


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The wheels on each die thrown; the caboose will move `sum(rolled)` cards (LC-4)."""

    seat: int
    rolled: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.rolled)

    def describe(self, viewer: int | None) -> str:
        total = sum(self.rolled)
        if len(self.rolled) == 1:
            return f"The die shows {_count(total, 'wheel')}."
        sums = " + ".join(str(wheels) for wheels in self.rolled)
        return f"The dice show {sums} = {_count(total, 'wheel')}."


@dataclass(frozen=True, slots=True)
class CabooseMoved(Event):
    """The caboose rolls onto the next card, `card` (LC-4); one event per card. `stops`
    marks the card it comes to rest on, so the log says "stops on" a Broken Track rather
    than "runs over" it (both bank a card, LC-4)."""

    from_cell: Cell
    to_cell: Cell
    card: Card
    stops: bool = False

    def describe(self, viewer: int | None) -> str:
        if not self.card.broken:
            return ""
        verb = "stops on" if self.stops else "runs over"
        return f"The caboose {verb} {self.card.name}."


@dataclass(frozen=True, slots=True)
class Derailed(Event):
    """Movement was left over past the front card (LC-5)."""

    seat: int
    cell: Cell
    missing: int

    def describe(self, viewer: int | None) -> str:
        return (f"The caboose runs off the front, "
                f"{_count(self.missing, 'card')} short: {player_ref(self.seat)} takes "
                f"{_count(self.missing, 'penalty card')}.")


# Penalties --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PenaltyTaken(Event):
    """A face-up penalty card, from the back of the railway (`from_cell`) or the pile."""

    seat: int
    card: Card
    from_cell: Cell | None

    def describe(self, viewer: int | None) -> str:
        where = ("from the back of the railway" if self.from_cell is not None
                 else "from the draw pile")
        return f"{player_ref(self.seat)} takes {self.card.name} {where}."


@dataclass(frozen=True, slots=True)
class CardBanked(Event):
    """A Broken Track penalty from the back of the railway, banked face down (LC-6).
    Everyone saw it on the railway, so it is no secret (LC-11)."""

    seat: int
    card: Card
    from_cell: Cell

    def describe(self, viewer: int | None) -> str:
        return (f"{player_ref(self.seat)} banks {self.card.name} from the back of the "
                "railway, face down.")


@dataclass(frozen=True, slots=True)
class PenaltiesCancelled(Event):
    """Two face-up penalty cards of `value` went to the discard pile (LC-6)."""

    seat: int
    value: int

    def describe(self, viewer: int | None) -> str:
        return f"{player_ref(self.seat)}'s two {self.value}s cancel out."


@dataclass(frozen=True, slots=True)
class PenaltyWaived(Event):
    """No card was left anywhere to take (LC-6)."""

    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"No card is left to take: {player_ref(self.seat)}'s penalty is waived."


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled(Event):
    """The discard pile became the new draw pile (LC-6)."""

    count: int

    def describe(self, viewer: int | None) -> str:
        return f"The {_count(self.count, 'discarded card')} become the new draw pile."


# The end ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandCounted(Event):
    """A hand added to its owner's penalty pile at the end, without cancelling (LC-8)."""

    seat: int
    cards: tuple[Card, ...]

    def describe(self, viewer: int | None) -> str:
        if not self.cards:
            return f"{player_ref(self.seat)} has no cards left in hand."
        values = " + ".join(str(card.value) for card in self.cards)
        return f"{player_ref(self.seat)} adds the hand to the penalty pile: {values}."


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """Final penalty points and cards per seat, and the places (1 = winner)."""

    points: tuple[int, ...]
    cards: tuple[int, ...]
    ranking: tuple[int, ...]

    @property
    def winners(self) -> list[int]:
        return [seat for seat, place in enumerate(self.ranking) if place == 1]

    def describe(self, viewer: int | None) -> str:
        totals = ", ".join(f"{player_ref(seat)} {points}"
                           for seat, points in enumerate(self.points))
        winners = self.winners
        verdict = (f"{_names(winners)} wins." if len(winners) == 1
                   else f"{_names(winners)} share the victory.")
        return f"Game over. Penalty points: {totals}. {verdict}"


# The events of nearly every move of a playout or a bot's rollout, each made once per value
# (a frozen dataclass is slow to make, and these are a tenth of a random playout, issue 33
# item 6). They are equal to new ones, and frozen, so sharing them is safe. Those naming
# a cell of the railway keep the last few thousand (the cells are many over many games).
card_drawn = cache(CardDrawn)
dice_rolled = cache(DiceRolled)
roll_started = cache(RollStarted)
card_laid = lru_cache(maxsize=4096)(CardLaid)
caboose_moved = lru_cache(maxsize=4096)(CabooseMoved)
penalty_taken = lru_cache(maxsize=4096)(PenaltyTaken)
card_banked = lru_cache(maxsize=4096)(CardBanked)
