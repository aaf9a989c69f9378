"""The rules engine of Vom Kap bis Kairo (no pygame), and its public face.

A bot (`ai.py`, `ai_eval.py`), the click-to-move rules (`intent.py`) and the table's
components (`view/`) ask the engine only what this module names (plus the moves in
`rules.actions` and what happened in `rules.events`): the game and its phases, the facts
printed on the cards, and the questions a player asks at the table (how many rails lie
free, how many are missing, which builds are possible and which is cheapest, how much one
may bid). Inside, the rules stand on three floors: `state.py` (the zones and every query)
with `common.py`, `deck.py`, `actions.py`, `events.py` and `refusals.py` beside it; one
module per phase above (`auction.py`, `track.py`); `dispatch.py` on top.

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

from nile.games.kap_kairo.rules import dispatch  # noqa: F401  (installs the phases on KapState)
from nile.games.kap_kairo.rules.actions import (
    DRAWS,
    PASS,
    Bid,
    Build,
    CardDraw,
    Pass,
    Take,
)
from nile.games.kap_kairo.rules.common import CHANCE_VERBS, MASKED, UNKNOWN, LedgerEntry, Phase
from nile.games.kap_kairo.rules.deck import (
    COINS,
    NAMES,
    NEED,
    RAILS,
    RIVER,
    RULES,
    TERRAIN,
    TERRAIN_NAMES,
    TERRAIN_NEEDS,
    card_named,
    card_title,
    describe_card,
)
from nile.games.kap_kairo.rules.state import KapState


def new_game(players: int, seed: int, options: Mapping[str, str]) -> KapState:
    """A new game: the first land purchase is about to turn up its cards.

    The seed is not used here: every card draw is a chance action picked by the driver.
    """
    state = KapState(players)
    state.start()
    return state


# Rails: what a build needs and what it can use (VK-5) ----------------------------------


def row_rails(view: KapState) -> int:
    """Printed rails on the shared face-up row: free to whoever builds now."""
    return view.row_rails()


def column_rails(view: KapState, seat: int) -> int:
    """Printed rails on every card still in front of `seat`'s locomotive (the next one
    included): free to `seat` only."""
    return view.column_rails(seat)


def shortfall(view: KapState, seat: int) -> int:
    """Rails `seat` still misses to cross its next card after the free rails (0: none, or
    no card to cross): what bonus cards and bought rails must cover."""
    return view.shortfall(seat)


def build_options(view: KapState, seat: int) -> list[Build]:
    """Every build `seat` could make now, cheapest (most bonus cards spent) first."""
    return view.build_options(seat)


def cheapest_build(view: KapState) -> Build | None:
    """The build to propose to the player laying track: the fewest pounds (None: none is
    possible, or nobody is laying track)."""
    return view.cheapest_build()


def can_build(view: KapState) -> bool:
    """Whether the player to move may build now (else only Pass is legal)."""
    return view.step == Phase.DECIDE and bool(view.build_options(view.turn))


def proposed_build(view: KapState) -> Build:
    """The build the track-laying controls start from: the cheapest one, or, when none is
    possible, the missing rails covered by bonus cards first and bought rails for the
    rest (which the rules then refuse with the reason: too few pounds)."""
    best = view.cheapest_build()
    if best is not None:
        return best
    seat = view.turn
    short = view.shortfall(seat)
    bonus = min(len(view.bonus[seat]), short)
    return Build(bonus, short - bonus)


def bid_limit(view: KapState) -> int:
    """The most the player writing a bid may bid: their capital (VK-3)."""
    return view.capital[view.current_player or 0]


def chance_draw(view: KapState, card: int) -> CardDraw:
    """The chance action by which `card` comes off the draw pile in the step now (a card
    turned up for the auction or the row, a duel card, a bonus card): for a bot's
    rollouts, which pick the card themselves."""
    return DRAWS[CHANCE_VERBS[view.step]][card]


__all__ = [
    "COINS",
    "MASKED",
    "NAMES",
    "NEED",
    "PASS",
    "RAILS",
    "RIVER",
    "RULES",
    "TERRAIN",
    "TERRAIN_NAMES",
    "TERRAIN_NEEDS",
    "UNKNOWN",
    "Bid",
    "Build",
    "CardDraw",
    "KapState",
    "LedgerEntry",
    "Pass",
    "Phase",
    "Take",
    "bid_limit",
    "build_options",
    "can_build",
    "card_named",
    "card_title",
    "chance_draw",
    "cheapest_build",
    "column_rails",
    "describe_card",
    "new_game",
    "proposed_build",
    "row_rails",
    "shortfall",
]
