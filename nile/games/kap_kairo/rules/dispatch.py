"""The top floor of the rules: the only module that knows every phase.

`DISPATCH` is what `KapState.apply` hands an action to (installed on the class below, so the
state imports no phase): it refuses an illegal action with the rules' reason
(`refusals.py`), routes a legal one to its phase and, when the phase returns the next phase
as a value (`common.Begin`), begins that one. So the land purchase (`auction.py`) and track
laying (`track.py`) never import each other, and the state below them imports neither.
"""

from __future__ import annotations

from typing import cast

from nile.core.errors import IllegalAction
from nile.core.game import Action, Event
from nile.games.kap_kairo.rules import auction, track
from nile.games.kap_kairo.rules.actions import Bid, Build, CardDraw, Pass, Take
from nile.games.kap_kairo.rules.common import DRAW, DUEL, REVEAL, Begin, Step
from nile.games.kap_kairo.rules.refusals import refusal
from nile.games.kap_kairo.rules.state import KapState, Phases

PHASE_MODULES = ("auction", "track")
"""The phase modules: the bottom floor below them, this module above."""


def play(state: KapState, action: Action) -> list[Event]:
    """Apply `action` if the rules allow it (else IllegalAction with their reason), through
    every phase it leads to. (The bots' hot path: the routing is inline, by exact types, as
    isinstance on ABC subclasses is slow here.)"""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    kind = type(action)
    step: Step
    if kind is CardDraw:
        card = cast(CardDraw, action).card
        phase = state.step
        if phase == DRAW:
            step = track.draw_row_card(state, card)
        elif phase == REVEAL:
            step = auction.reveal_card(state, card)
        elif phase == DUEL:
            step = auction.duel_draw(state, card)
        else:
            step = track.bonus_from_pile(state, card)
    elif kind is Build:
        build = cast(Build, action)
        step = track.build(state, build.bonus, build.buy)
    elif kind is Pass:
        step = track.pass_turn(state)
    elif kind is Bid:
        step = auction.place_bid(state, state.bids.index(None), cast(Bid, action).amount)
    else:
        step = auction.take_card(state, cast(Take, action).card)
    events, then = step
    return events if then is None else events + _played_out(state, then)


def start(state: KapState) -> list[Event]:
    """Open the first land purchase."""
    events, then = auction.start_auction(state)
    return events if then is None else events + _played_out(state, then)


def _played_out(state: KapState, then: Begin | None) -> list[Event]:
    """The events of the phase `then` begins, and of every phase that one hands over to."""
    events: list[Event] = []
    while then is not None:
        more, then = _begin(state, then)
        events += more
    return events


def _begin(state: KapState, then: Begin) -> Step:
    if then.phase == "auction":
        return auction.start_auction(state)
    return track.start_track_laying(state, then.starter)


class Dispatch:
    """The phases as the state sees them (`state.Phases`): this module's functions, called
    straight (`apply` is the bots' hot path)."""

    play = staticmethod(play)
    refusal = staticmethod(refusal)
    start = staticmethod(start)


DISPATCH: Phases = Dispatch()
KapState.phases = DISPATCH
