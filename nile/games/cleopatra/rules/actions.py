"""The actions of Cleopatra's Caboose, players' and chance's, with their stable text forms.

Cards are named by their printed description (`Thebes (raspberry 9, lemon 7)`, `3-train`,
`City Hall (coconut+raspberry, 7 VP, +2)`, `Fruit raspberry+lime`), cities and tracks by
name (`Edfu-Thebes`), so saved games and test scripts read like a table talk.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.core.game import Action
from nile.games.cleopatra.rules.data import game_data

D = game_data()

# Sources of a fruit for a building.
FROM_CITY, FROM_CARD = 0, 1


def city_card_name(card: int) -> str:
    return D.city_cards[card].name


def auction_name(kind: int) -> str:
    return D.auction[kind].name


# Chance ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PickStartPlayer(Action):
    seat: int

    def to_str(self) -> str:
        return f"start player {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class PickLightCity(Action):
    """The first prestige marker's city; it shows the light side (then alternate, CC-1)."""

    city: int

    def to_str(self) -> str:
        return f"light city {D.cities[self.city]}"


@dataclass(frozen=True, slots=True)
class DrawMarker(Action):
    city: int
    marker: int

    def to_str(self) -> str:
        light, dark = D.prestige_markers[self.marker]
        return f"prestige {D.cities[self.city]} {light}/{dark}"


@dataclass(frozen=True, slots=True)
class DrawFruit(Action):
    city: int
    fruit: int

    def to_str(self) -> str:
        return f"fruit {D.fruits[self.fruit]} to {D.cities[self.city]}"


@dataclass(frozen=True, slots=True)
class DealAuction(Action):
    """Setup: an Auction card dealt face down to a seat (Fruit cards go face up)."""

    seat: int
    kind: int

    def to_str(self) -> str:
        return f"deal player {self.seat + 1} {auction_name(self.kind)}"


@dataclass(frozen=True, slots=True)
class RevealAuction(Action):
    kind: int

    def to_str(self) -> str:
        return f"reveal {auction_name(self.kind)}"


@dataclass(frozen=True, slots=True)
class DealCity(Action):
    """A City card from the deck to a seat's hand, face down (deal or blind draw)."""

    seat: int
    card: int

    def to_str(self) -> str:
        return f"deal player {self.seat + 1} {city_card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class RevealCity(Action):
    card: int

    def to_str(self) -> str:
        return f"reveal {city_card_name(self.card)}"


# Auction and gods -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def to_str(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def to_str(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseGod(Action):
    god: int

    def to_str(self) -> str:
        return f"god {D.gods[self.god].name}"


# Action phase ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """CC-11: an Auction card taken by choice from the display."""

    kind: int

    def to_str(self) -> str:
        return f"take {auction_name(self.kind)}"


@dataclass(frozen=True, slots=True)
class ConstructTrack(Action):
    train: int
    city_card: int
    track: int

    def to_str(self) -> str:
        return (f"track {auction_name(self.train)} {D.track_name(self.track)}"
                f" with {city_card_name(self.city_card)}")


@dataclass(frozen=True, slots=True)
class StartBuilding(Action):
    """First step of Construct a Building; the fruit sources follow as `SourceFruit`."""

    building: int
    city_card: int

    def to_str(self) -> str:
        return f"build {auction_name(self.building)} with {city_card_name(self.city_card)}"


@dataclass(frozen=True, slots=True)
class SourceFruit(Action):
    """Where one fruit of the building's cost comes from: a city or a face-up Fruit card."""

    fruit: int
    source: int
    where: int
    """A city (FROM_CITY) or a Fruit card kind (FROM_CARD)."""

    def to_str(self) -> str:
        place = (D.cities[self.where] if self.source == FROM_CITY
                 else "card " + auction_name(self.where))
        return f"use {D.fruits[self.fruit]} from {place}"


@dataclass(frozen=True, slots=True)
class ShipFruit(Action):
    fruit: int
    source: int
    city_card: int

    def to_str(self) -> str:
        card = D.city_cards[self.city_card]
        return (f"ship {D.fruits[self.fruit]} {D.cities[self.source]}->{D.cities[card.city]}"
                f" with {card.name}")


@dataclass(frozen=True, slots=True)
class ProduceFruit(Action):
    fruit_card: int
    city_card: int

    def to_str(self) -> str:
        return f"produce {auction_name(self.fruit_card)} with {city_card_name(self.city_card)}"


@dataclass(frozen=True, slots=True)
class BuildPyramid(Action):
    bonus: int
    city: int

    def to_str(self) -> str:
        return f"pyramid +{self.bonus} in {D.cities[self.city]}"


@dataclass(frozen=True, slots=True)
class DrawCityCards(Action):
    """The face-up card chosen (-1: none left face up, only the deck card)."""

    card: int

    def to_str(self) -> str:
        return "draw blind" if self.card < 0 else f"draw {city_card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def to_str(self) -> str:
        return "end turn"
