"""The top floor of the rules: the only module that knows every phase.

`DISPATCH` is what `KapState.apply` hands an action to (installed on the class below, so the
state imports no phase): it refuses an illegal action with the rules' reason
(`refusals.py`), routes a legal one to its phase and, when the phase returns the next phase
as a value (`common.Begin`), begins that one. So the land purchase (`auction.py`) and track
laying (`track.py`) never import each other, and the state below them imports neither.
"""

from __future__ import annotations

from typing import cast

from nile.core.game import Action, Event
from nile.games.kap_kairo.rules import auction, track
from nile.games.kap_kairo.rules.actions import Bid, Build, CardDraw, Pass, Take
from nile.games.kap_kairo.rules.common import DRAW, DUEL, REVEAL, Begin, Step
from nile.games.kap_kairo.rules.refusals import refusal
from nile.games.kap_kairo.rules.state import KapState, Phases

PHASE_MODULES = ("auction", "track")
"""The phase modules: the bottom floor below them, this module above."""


class Dispatch:
    """The phases as the state sees them (`state.Phases`)."""

    def play(self, state: KapState, action: Action) -> list[Event]:
        return _played_out(state, _route(state, action))

    def refusal(self, state: KapState, action: Action) -> str | None:
        return refusal(state, action)

    def start(self, state: KapState) -> list[Event]:
        return _played_out(state, auction.start_auction(state))


def _route(state: KapState, action: Action) -> Step:
    """The phase's answer to a legal `action` (exact types: isinstance on ABC subclasses is
    slow here, and this is the bots' hot path)."""
    kind = type(action)
    if kind is CardDraw:
        card = cast(CardDraw, action).card
        step = state.step
        if step == DRAW:
            return track.draw_row_card(state, card)
        if step == REVEAL:
            return auction.reveal_card(state, card)
        if step == DUEL:
            return auction.duel_draw(state, card)
        return track.bonus_from_pile(state, card)
    if kind is Build:
        build = cast(Build, action)
        return track.build(state, build.bonus, build.buy)
    if kind is Pass:
        return track.pass_turn(state)
    if kind is Bid:
        return auction.place_bid(state, state.bids.index(None), cast(Bid, action).amount)
    return auction.take_card(state, cast(Take, action).card)


def _played_out(state: KapState, step: Step) -> list[Event]:
    """The events of `step`, then those of every phase it hands over to, in turn."""
    events, then = step
    while then is not None:
        more, then = _begin(state, then)
        events += more
    return events


def _begin(state: KapState, then: Begin) -> Step:
    if then.phase == "auction":
        return auction.start_auction(state)
    return track.start_track_laying(state, then.starter)


DISPATCH: Phases = Dispatch()
KapState.phases = DISPATCH
