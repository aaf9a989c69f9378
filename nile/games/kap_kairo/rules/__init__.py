"""The rules engine of Vom Kap bis Kairo (no pygame): state, actions, events, deck.

Rulings VK-1..VK-8 are in the shared RULINGS.md. House rulings added here, where neither
the rulebook nor the rulings decide:
- VK-9  (auction.py) a deck nearly used up: short displays, skipped auctions, ties in
        seat order when no duel card can be drawn;
- VK-10 (state.py) bonus cards from the pile are unknown to everyone, their holder
        included; from the discards the top card is taken, known to all;
- VK-11 (track.py) bought rails are paid from the capital before the crossed card's
        coins come in; a build covers exactly the missing rails.
"""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.kap_kairo.rules.actions import (
    PASS,
    Bid,
    Build,
    CardDraw,
    Pass,
    Take,
)
from nile.games.kap_kairo.rules.common import MASKED, UNKNOWN, LedgerEntry, Phase
from nile.games.kap_kairo.rules.deck import (
    COINS,
    NAMES,
    NEED,
    RAILS,
    RULES,
    TERRAIN,
    TERRAIN_NAMES,
    card_named,
    card_title,
    describe_card,
)
from nile.games.kap_kairo.rules.state import KapState
from nile.games.kap_kairo.rules.track import (
    build_options,
    cheapest_build,
    column_rails,
    row_rails,
    shortfall,
)


def new_game(players: int, seed: int, options: Mapping[str, str]) -> KapState:
    """A new game: the first land purchase is about to turn up its cards.

    The seed is not used here: every card draw is a chance action picked by the driver.
    """
    state = KapState(players)
    state.start()
    return state


__all__ = [
    "COINS",
    "MASKED",
    "NAMES",
    "NEED",
    "PASS",
    "RAILS",
    "RULES",
    "TERRAIN",
    "TERRAIN_NAMES",
    "UNKNOWN",
    "Bid",
    "Build",
    "CardDraw",
    "KapState",
    "LedgerEntry",
    "Pass",
    "Phase",
    "Take",
    "build_options",
    "card_named",
    "card_title",
    "cheapest_build",
    "column_rails",
    "describe_card",
    "new_game",
    "row_rails",
    "shortfall",
]
