"""Events of Cleopatra's Caboose: everything a scene animates and the log tells.

Seats are written `{pN}` (the UI fills in names). Cards dealt face down name the card only
to their owner.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.core.game import Event
from nile.core.text import count
from nile.games.cleopatra.rules.data import game_data

D = game_data()


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def _route(route: tuple[int, ...]) -> str:
    return "–".join(D.cities[c] for c in route)


# Setup ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} holds the Start Player figure."


@dataclass(frozen=True, slots=True)
class PrestigePlaced(Event):
    city: int
    value: int
    light: bool

    def describe(self, viewer: int | None) -> str:
        side = "light" if self.light else "dark"
        return f"{D.cities[self.city]} gets prestige {self.value} ({side} side)."


@dataclass(frozen=True, slots=True)
class FruitPlaced(Event):
    """A fruit cube from the bag or the supply appears in a city (setup, production)."""

    city: int
    fruit: int

    def describe(self, viewer: int | None) -> str:
        return f"A {D.fruits[self.fruit]} appears in {D.cities[self.city]}."


@dataclass(frozen=True, slots=True)
class FruitRemoved(Event):
    """A fruit cube leaves a city for the general supply (used for a building)."""

    city: int
    fruit: int

    def describe(self, viewer: int | None) -> str:
        return f"A {D.fruits[self.fruit]} leaves {D.cities[self.city]} for the supply."


@dataclass(frozen=True, slots=True)
class FruitMoved(Event):
    """A fruit cube travels along `route` (source first, destination last)."""

    fruit: int
    route: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return f"A {D.fruits[self.fruit]} travels {_route(self.route)}."


@dataclass(frozen=True, slots=True)
class MarketMoved(Event):
    fruit: int
    old: int
    new: int

    def describe(self, viewer: int | None) -> str:
        name = D.fruits[self.fruit].capitalize()
        return f"{name} moves on the market: {self.old:+d} to {self.new:+d}."


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card to a seat's hand from a deck, face down (only the owner learns it)."""

    seat: int
    name: str
    deck: str

    def describe(self, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"{_p(self.seat)} gets {self.name}."
        article = "an" if self.deck[:1] in "AEIOU" else "a"
        return f"{_p(self.seat)} gets {article} {self.deck} card."


@dataclass(frozen=True, slots=True)
class FruitCardShown(Event):
    """A Fruit card goes face up in front of a seat."""

    seat: int
    name: str

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} lays {self.name} face up."


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card turned face up into a display ('auction' or 'city')."""

    display: str
    name: str

    def describe(self, viewer: int | None) -> str:
        return f"{self.name} joins the {self.display} display."


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    cards: int

    def describe(self, viewer: int | None) -> str:
        return f"The City discard pile ({count(self.cards, 'card')}) becomes the new City deck."


# Auction and gods -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    seat: int
    amount: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} bids {self.amount} Florin."


@dataclass(frozen=True, slots=True)
class AuctionPassed(Event):
    """A seat drops out and takes turn-order space `position` (1 = first)."""

    seat: int
    position: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} passes and takes turn-order space {self.position}."


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    seat: int
    bid: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} wins the auction with {self.bid} Florin and chooses first."


@dataclass(frozen=True, slots=True)
class MoneyChanged(Event):
    """Florin to or from the bank; `reason` says why (bid, track, pyramid, train, ...)."""

    seat: int
    amount: int
    reason: str

    def describe(self, viewer: int | None) -> str:
        verb = "gains" if self.amount >= 0 else "pays"
        return f"{_p(self.seat)} {verb} {abs(self.amount)} Florin ({self.reason})."


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    seat: int
    amount: int
    reason: str

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} scores {self.amount} VP ({self.reason})."


@dataclass(frozen=True, slots=True)
class GodChosen(Event):
    seat: int
    god: int

    def describe(self, viewer: int | None) -> str:
        god = D.gods[self.god]
        return f"{_p(self.seat)} chooses {god.number} {god.name}: {god.power}"


# Action phase ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerTurnStarted(Event):
    seat: int
    god: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} acts under {D.gods[self.god].name}."


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A face-up card taken from a display ('auction' or 'city') into a seat's hand."""

    seat: int
    display: str
    name: str

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} takes {self.name} from the {self.display} display."


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    """Cards a seat plays and discards (the building card is kept: `BuildingBuilt`)."""

    seat: int
    names: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} plays {', '.join(self.names)}."


@dataclass(frozen=True, slots=True)
class TrainsPlaced(Event):
    seat: int
    track: int
    count: int

    def describe(self, viewer: int | None) -> str:
        return f"{_p(self.seat)} places {count(self.count, 'train')} on {D.track_name(self.track)}."


@dataclass(frozen=True, slots=True)
class BuildingBuilt(Event):
    seat: int
    building: str
    city: int
    vp: int
    bonus: int

    def describe(self, viewer: int | None) -> str:
        extra = f", +{self.bonus} prestige marker" if self.bonus else ""
        return f"{_p(self.seat)} builds {self.building} in {D.cities[self.city]}{extra}."


@dataclass(frozen=True, slots=True)
class FruitShipped(Event):
    seat: int
    fruit: int
    route: tuple[int, ...]
    income: int

    def describe(self, viewer: int | None) -> str:
        return (f"{_p(self.seat)} ships {D.fruits[self.fruit]} {_route(self.route)} for"
                f" {self.income} Florin.")


@dataclass(frozen=True, slots=True)
class PyramidBuilt(Event):
    seat: int
    city: int
    bonus: int
    cost: int

    def describe(self, viewer: int | None) -> str:
        return (f"{_p(self.seat)} builds a +{self.bonus} pyramid in {D.cities[self.city]}"
                f" for {self.cost} Florin.")


@dataclass(frozen=True, slots=True)
class AuctionDiscarded(Event):
    names: tuple[str, ...]

    def describe(self, viewer: int | None) -> str:
        return f"Unclaimed Auction cards discarded: {', '.join(self.names)}."


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    turn: int
    next_start: int

    def describe(self, viewer: int | None) -> str:
        return f"Turn {self.turn} ends; {_p(self.next_start)} takes the Start Player figure."


# Endgame --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CityScored(Event):
    city: int
    prestige: int
    trains: tuple[int, ...]
    points: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        parts = [f"{_p(s)} {pts}" for s, pts in enumerate(self.points) if pts]
        scored = ", ".join(parts) if parts else "nobody"
        return f"{D.cities[self.city]} (prestige {self.prestige}) scores: {scored}."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    ranking: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        winners = [_p(s) for s, place in enumerate(self.ranking) if place == 1]
        return f"Game over: {' and '.join(winners)} wins."
