"""The actions of Vom Kap bis Kairo and their stable text forms.

Player decisions:
- `Bid(amount)`          "bid 12"               a secret bid in whole pounds (VK-3)
- `Take(card)`           "take R3"              pick a face-up auction card (VK-4)
- `Build(bonus, buy)`    "build bonus 1 buy 2"  cross the first card, spending that many
                                                bonus cards and buying that many rails (VK-5)
- `Pass()`               "pass"
Chance (a card leaves the unordered draw pile):
- `CardDraw(card, verb)` "reveal R3" (auction display), "draw R3" (track-laying row),
                         "duel R3" (tie-break duel), "bonus R3" (river bonus from the pile)

Instances are interned in tables (`BIDS`, `TAKES`, `DRAWS`) so the hot paths of the bots
build no new objects; equality is by value, so fresh instances work everywhere too.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.core.game import Action
from nile.games.kap_kairo.rules.deck import CARDS, NAMES

REVEAL, DRAW, DUEL, BONUS = "reveal", "draw", "duel", "bonus"
DRAW_VERBS = (REVEAL, DRAW, DUEL, BONUS)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A secret bid for the choosing order of the auction."""

    amount: int

    def to_str(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one face-up auction card; it joins the end of the column."""

    card: int

    def to_str(self) -> str:
        return f"take {NAMES[self.card]}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Cross the first card in front of the locomotive.

    `bonus` bonus cards are spent and `buy` rails bought; together with the free rails
    (face-up row and own column) they cover exactly what the terrain needs.
    """

    bonus: int
    buy: int

    def to_str(self) -> str:
        return f"build bonus {self.bonus} buy {self.buy}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do not build; the player to the left takes a turn."""

    def to_str(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class CardDraw(Action):
    """Chance: `card` is the one that comes off the draw pile, for the purpose `verb`."""

    card: int
    verb: str

    def to_str(self) -> str:
        return f"{self.verb} {NAMES[self.card]}"


PASS = Pass()
TAKES: tuple[Take, ...] = tuple(Take(card) for card in CARDS)
DRAWS: dict[str, tuple[CardDraw, ...]] = {
    verb: tuple(CardDraw(card, verb) for card in CARDS) for verb in DRAW_VERBS
}
_BIDS: list[Bid] = []


def bids_up_to(capital: int) -> list[Bid]:
    """`Bid(0)` .. `Bid(capital)` from the interned table (grown on demand)."""
    while len(_BIDS) <= capital:
        _BIDS.append(Bid(len(_BIDS)))
    return _BIDS[: capital + 1]
