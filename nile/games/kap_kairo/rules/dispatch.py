"""The top floor of the rules: the only module that knows every phase.

`DISPATCH`, installed on `KapState` below (so the state imports no phase), tells the state
which phase's function answers each move: the land purchase (`auction.py`) takes bids and
cards, track laying (`track.py`) builds and passes, and each answers the card draws of its
own steps. A phase that is over returns the next one as a value (`common.Begin`), and
`begin` starts it, so the phases never import each other. Refusals come from the bottom
floor (`refusals.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from nile.core.game import Action, Event
from nile.games.kap_kairo.rules import auction, track
from nile.games.kap_kairo.rules.actions import Bid, Build, Pass, Take
from nile.games.kap_kairo.rules.common import BONUS, CHANCE_VERBS, DRAW, DUEL, REVEAL, Begin
from nile.games.kap_kairo.rules.refusals import refusal
from nile.games.kap_kairo.rules.state import KapState, Move, Phases

PHASE_MODULES = ("auction", "track")
"""The phase modules: the bottom floor below them, this module above."""


def begin(state: KapState, then: Begin | None) -> list[Event]:
    """Begin the phase `then` names, and every phase that one hands over to in turn."""
    events: list[Event] = []
    while then is not None:
        if then.phase == "auction":
            more, then = auction.start_auction(state)
        else:
            more, then = track.start_track_laying(state, then.starter)
        events += more
    return events


class Dispatch:
    """The phases as the state sees them (`state.Phases`)."""

    def __init__(self) -> None:
        self.moves: Mapping[type[Action], Move] = {
            Bid: auction.place_bid,
            Take: auction.take_card,
            Build: track.build,
            Pass: track.pass_turn,
        }
        self.draws: Mapping[str, Move] = {
            CHANCE_VERBS[REVEAL]: auction.reveal_card,
            CHANCE_VERBS[DUEL]: auction.duel_draw,
            CHANCE_VERBS[DRAW]: track.draw_row_card,
            CHANCE_VERBS[BONUS]: track.bonus_from_pile,
        }
        self.refusal: Callable[[KapState, Action], str | None] = refusal
        self.begin: Callable[[KapState, Begin], list[Event]] = begin


DISPATCH: Phases = Dispatch()
KapState.phases = DISPATCH
