"""Names shared by the phase modules: the steps of a turn, masks, ledger entries, and how
a phase hands over to the next (`Begin`, returned as a value: phases never call each other)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from nile.core.game import Event


class Phase(StrEnum):
    """The step the game waits on (`KapState.step`); values are the strings saves hold.

    Chance steps take a `CardDraw` with the matching verb.
    """

    REVEAL = "reveal"
    """Chance turns auction cards face up, one by one (as many as players)."""
    BID = "bid"
    """Players write secret bids, in seat order; nobody sees another's bid until all bid."""
    DUEL = "duel"
    """Chance draws a card for each player of a tie-break duel (VK-4)."""
    CHOOSE = "choose"
    """Players take one auction card each, in choosing order."""
    DRAW = "draw"
    """Chance turns the top card onto the shared track-laying row (VK-5)."""
    DECIDE = "decide"
    """The player to move builds or passes."""
    BONUS = "bonus"
    """Chance gives a river bonus card from the draw pile (the discards were empty, VK-6)."""
    OVER = "over"


# The members as module names, which the rules' hot paths (current_player, legal_actions,
# apply) read: on Python 3.11 every `Phase.X` read goes through EnumType.__getattr__
# (about 0.1 µs, eight times a global's), paid millions of times by random playouts and
# the bots' rollouts (issue 33 item 6).
REVEAL, BID, DUEL, CHOOSE, DRAW, DECIDE, BONUS, OVER = Phase

CHANCE_VERBS: dict[Phase, str] = {
    Phase.REVEAL: "reveal",
    Phase.DUEL: "duel",
    Phase.DRAW: "draw",
    Phase.BONUS: "bonus",
}
"""The `CardDraw.verb` each chance step expects."""

UNKNOWN = -1
"""In an observation: a bonus card that came from the draw pile (nobody saw it)."""
MASKED = -1
"""In an observation: another player's bid that is not revealed yet."""

LedgerEntry = tuple[str, int | None, int | None]
"""One line of a player's capital sheet: (kind, amount, capital after).

Kinds: "start" (starting capital), "bid" (pounds bid), "income" (coins of a crossed
card), "rails" (pounds paid for bought rails). An unrevealed bid of another player shows
as ("bid", None, None) in an observation.
"""

LEDGER_KINDS = ("start", "bid", "income", "rails")


@dataclass(frozen=True, slots=True)
class Begin:
    """What a phase returns when it is over: the phase to begin next. `dispatch` begins it
    (so a phase never imports another); `starter` is who opens track laying."""

    phase: Literal["auction", "track laying"]
    starter: int = 0


BEGIN_AUCTION = Begin("auction")
BEGIN_TRACK_LAYING = tuple(Begin("track laying", seat) for seat in range(4))
"""Track laying opened by each seat (made once: a frozen dataclass is slow to make, and a
land purchase ends in every bot rollout)."""

Step = tuple[list[Event], Begin | None]
"""What a move does in its phase: the events, and the phase to begin next (None: the same
phase goes on, or the game is over)."""


def chain(events: list[Event], step: Step) -> Step:
    """`events`, then what `step` did (and where it leads)."""
    return events + step[0], step[1]
