"""Why an action is not allowed now, in words a player can read (None: it is allowed).

`refusal` agrees exactly with `KapState.legal_actions` (and `chance_outcomes` for chance);
the tests check that on many random positions. It is separate so that `apply` can refuse
with a precise reason instead of "not a legal move".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from nile.core.game import Action
from nile.core.text import count
from nile.games.kap_kairo.rules.actions import Bid, Build, CardDraw, Pass, Take
from nile.games.kap_kairo.rules.common import BID, CHANCE_VERBS, CHOOSE, DECIDE
from nile.games.kap_kairo.rules.deck import NAMES, NEED, RULES, card_title

if TYPE_CHECKING:
    from nile.games.kap_kairo.rules.state import KapState

_WAITING = {
    BID: "Now {who} writes a secret bid.",
    CHOOSE: "Now {who} takes one of the face-up auction cards.",
    DECIDE: "Now {who} builds or passes.",
}


def refusal(state: KapState, action: Action) -> str | None:
    """The reason `action` may not be applied to `state`, or None if it may."""
    step = state.step
    kind = type(action)  # exact types: isinstance on ABC subclasses is slow here
    verb = CHANCE_VERBS.get(step)
    if verb is not None:
        if kind is CardDraw:
            draw = cast(CardDraw, action)
            if draw.verb == verb and draw.card in state.pool:
                return None
        return _chance_refusal(state, action, verb)
    if step == DECIDE:
        if kind is Pass:
            return None
        if kind is Build:
            return _build_refusal(state, cast(Build, action))
    elif step == BID:
        if kind is Bid:
            return _bid_refusal(state, cast(Bid, action).amount)
    elif step == CHOOSE:
        if kind is Take:
            card = cast(Take, action).card
            if card not in state.display:
                return f"{_name(card)} is not among the face-up auction cards."
            return None
    else:
        return "The game is over."
    return _WAITING[step].format(who=f"{{p{state.current_player}}}")


def _name(card: int) -> str:
    return NAMES[card] if 0 <= card < len(NAMES) else f"card {card}"


def _chance_refusal(state: KapState, action: Action, verb: str) -> str | None:
    if not isinstance(action, CardDraw) or action.verb != verb:
        return f"Waiting for a card from the draw pile ({verb})."
    if action.card not in state.pool:
        return f"{_name(action.card)} is not in the draw pile."
    return None


def _bid_refusal(state: KapState, amount: int) -> str | None:
    capital = state.capital[state.bids.index(None)]
    if amount < 0:
        return "A bid cannot be negative."
    if amount > capital:
        return f"You cannot bid more than your capital of £{capital}."
    return None


def _build_refusal(state: KapState, action: Build) -> str | None:
    seat = state.turn
    column = state.columns[seat]
    if not column:
        return "You have no terrain card in front of your locomotive to cross."
    if action.bonus < 0 or action.buy < 0:
        return "Bonus cards spent and rails bought cannot be negative."
    held = len(state.bonus[seat])
    if action.bonus > held:
        return f"You hold only {held} bonus card{'s' if held != 1 else ''}."
    card = column[0]
    need = NEED[card]
    free = state.row_rails() + state.column_rails(seat)
    short = max(0, need - free)
    total = action.bonus + action.buy
    if total < short:
        terrain = f"the {card_title(card)}"
        return (
            f"Not enough rails: {free} free + {action.bonus} bonus + {action.buy} "
            f"bought = {free + total}, but {terrain} needs {need}."
        )
    if total > short:
        if short == 0:
            return "That spends more than needed: no rail is missing."
        return f"That spends more than needed: only {count(short, 'missing rail')} to cover."
    cost = action.buy * RULES.rail_price
    if cost > state.capital[seat]:
        return (
            f"Buying {count(action.buy, 'rail')} costs £{cost}, but your capital is "
            f"£{state.capital[seat]}; it can never go below £0."
        )
    return None
