"""What happened, for the log and for the screen's animations (a scene never diffs states).

Players appear as {p0}, {p1}, …; hexes by their map names where they have one.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.core.game import Event
from nile.core.text import count
from nile.games.age_of_steam.rules.actions import ACTION_TITLES
from nile.games.age_of_steam.rules.tiles import tile_phrase


@dataclass(frozen=True, slots=True)
class GoodDrawn(Event):
    """Setup or production: a good left the bag for `place` (a city, row or pyramid)."""

    colour: str
    place: str

    def describe(self, viewer: int | None) -> str:
        return f"A {self.colour} good is drawn for {self.place}."


@dataclass(frozen=True, slots=True)
class TurnOrderSet(Event):
    order: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        return "Turn order: " + ", ".join(f"{{p{s}}}" for s in self.order) + "."


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    flooded_side: str

    def describe(self, viewer: int | None) -> str:
        flood = f" The {self.flooded_side} bank of the Nile floods." if self.flooded_side else ""
        return f"Turn {self.round} begins.{flood}"


@dataclass(frozen=True, slots=True)
class SharesIssued(Event):
    seat: int
    count: int
    cash: int

    def describe(self, viewer: int | None) -> str:
        if self.count == 0:
            return f"{{p{self.seat}}} issues no shares."
        return f"{{p{self.seat}}} issues {count(self.count, 'share')} for ${self.cash}."


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    amount: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} bids ${self.amount}."


@dataclass(frozen=True, slots=True)
class FreePassUsed(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} uses the Turn Order pass."


@dataclass(frozen=True, slots=True)
class DroppedOut(Event):
    seat: int
    position: int
    paid: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} drops out, takes place {self.position} and pays ${self.paid}."


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    seat: int
    name: str

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} takes {ACTION_TITLES.get(self.name, self.name)}."


@dataclass(frozen=True, slots=True)
class LocomotiveRaised(Event):
    seat: int
    level: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} raises the locomotive to {self.level}."


@dataclass(frozen=True, slots=True)
class RedGoodPlaced(Event):
    seat: int
    place: str

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} puts a red good on {self.place} (Communism)."


@dataclass(frozen=True, slots=True)
class GoodExchanged(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} exchanges a black good for a red one (Communism)."


@dataclass(frozen=True, slots=True)
class TrackBuilt(Event):
    """A tile laid, upgraded or redirected: every track on `hex_label` after it."""

    seat: int
    kind: str
    hex_label: str
    tile: str
    rotation: int
    cost: int
    where: str = ""
    """'next to La Serena' (MapData.whereabouts); the log falls back on the hex label."""

    def describe(self, viewer: int | None) -> str:
        verb = {"lay": "lays", "upgrade": "upgrades to", "town": "builds",
                "redirect": "redirects with"}[self.kind]
        where = self.where or f"on {self.hex_label}"
        return f"{{p{self.seat}}} {verb} {tile_phrase(self.tile)} {where} for ${self.cost}."


@dataclass(frozen=True, slots=True)
class TrackAbandoned(Event):
    seat: int
    hexes: tuple[str, ...]
    places: tuple[str, ...] = ()
    """Where those hexes are, in words (MapData.whereabouts), duplicates dropped."""

    def describe(self, viewer: int | None) -> str:
        places = self.places or tuple(f"on {h}" for h in self.hexes)
        return f"{{p{self.seat}}} loses unfinished track {_where_all(places)}."


def _where_all(places: tuple[str, ...]) -> str:
    """'next to La Serena', 'near Al Qahirah and Al Fayyum': each place named once
    ('next to X, near X' says X twice), under one word if they share it, else 'near'."""
    prefixes = ("next to ", "near ", "in ", "at ", "on ")
    split = []
    for place in places:
        prefix = next((p for p in prefixes if place.startswith(p)), "")
        split.append((prefix, place[len(prefix):]))
    names = list(dict.fromkeys(name for _, name in split))
    words = {prefix for prefix, _ in split}
    prefix = words.pop() if len(words) == 1 else "near "
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return prefix + listed


@dataclass(frozen=True, slots=True)
class CityFounded(Event):
    seat: int
    hex_label: str
    letter: str
    colour: str
    town: str = ""
    """The town's name, if the map gives it one."""

    def describe(self, viewer: int | None) -> str:
        town = self.town or self.hex_label
        return f"{{p{self.seat}}} urbanizes {town}: new {self.colour} city {self.letter}."


@dataclass(frozen=True, slots=True)
class BuildEnded(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} ends building."


@dataclass(frozen=True, slots=True)
class GoodDelivered(Event):
    """A good's journey: the hexes it passes, who earns and the ferry fee."""

    seat: int
    colour: str
    source: str
    destination: str
    path: tuple[str, ...]
    income: tuple[tuple[int, int], ...]
    fee: int
    kept: bool = False
    """CCCP: the deliverer keeps the good hidden (AS-4), so only they read its colour;
    the public (`viewer` None: whoever may be at a shared screen) reads it as hidden."""

    def describe(self, viewer: int | None) -> str:
        earned = ", ".join(f"{{p{s}}} +{n}" for s, n in self.income) or "nobody"
        fee = f", ferry ${self.fee}" if self.fee else ""
        what = self.colour
        if self.kept:
            what = (f"{self.colour} (kept)" if viewer == self.seat
                    else "a good they keep hidden")
        return (f"{{p{self.seat}}} moves {what} from {self.source} to "
                f"{self.destination} ({earned}{fee}).")


@dataclass(frozen=True, slots=True)
class SharesReturned(Event):
    """Chile: a yellow delivery moves the share marker back."""

    seat: int
    shares: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} now has {count(self.shares, 'share')} issued (yellow good)."


@dataclass(frozen=True, slots=True)
class MovePassed(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} passes."


@dataclass(frozen=True, slots=True)
class IncomePaid(Event):
    seat: int
    income: int
    expenses: int
    shortfall: int

    def describe(self, viewer: int | None) -> str:
        short = f", ${self.shortfall} short" if self.shortfall else ""
        return f"{{p{self.seat}}} earns ${self.income} and pays ${self.expenses}{short}."


@dataclass(frozen=True, slots=True)
class WentBankrupt(Event):
    seat: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} is bankrupt and leaves the game."


@dataclass(frozen=True, slots=True)
class IncomeReduced(Event):
    seat: int
    lost: int
    income: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} loses {self.lost} income (now {self.income})."


@dataclass(frozen=True, slots=True)
class GoodPlaced(Event):
    seat: int
    colour: str
    row: str

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} puts {self.colour} on display row {self.row}."


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    group: str
    value: int

    def describe(self, viewer: int | None) -> str:
        return f"Goods growth: {self.group} die shows {self.value}."


@dataclass(frozen=True, slots=True)
class GoodsGrew(Event):
    row: str
    colour: str
    place: str

    def describe(self, viewer: int | None) -> str:
        return f"{self.colour.capitalize()} good from row {self.row} goes to {self.place}."


@dataclass(frozen=True, slots=True)
class NothingGrew(Event):
    """A growth die picked a city that gets nothing, and why (flooded, empty row)."""

    row: str
    place: str
    reason: str

    def describe(self, viewer: int | None) -> str:
        return f"Nothing grows in {self.place} from row {self.row}: {self.reason}."


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    losers: tuple[int, ...]

    def describe(self, viewer: int | None) -> str:
        lost = " Loser: " + ", ".join(f"{{p{s}}}" for s in self.losers) + "." if self.losers \
            else ""
        return "The game ends." + lost
