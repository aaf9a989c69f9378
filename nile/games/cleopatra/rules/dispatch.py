"""The top floor of the rules: the game's flow, routing every move to its phase's module.

The rules stand on three floors. At the bottom, data and what is true of it, importing no
phase: `phases` (the phase names, `Step`), `data`, `actions` (the moves), `events`,
`state` (`CleopatraState`), the pure queries (`transport`, `powers`, `scoring`, `endgame`'s
score rows and ranking, `hidden`, `checks`) and the effects every phase shares (`setup`'s
layout, `common`, and the action phase's own actions, `action_rules` and `building`).
Above it one module per phase, each importing only the bottom floor: chance (`draws`), the
auction, the gods and the action phase (`turns`). A phase that ends returns the next phase
as a value (`phases.Step`), and this module, the only one that knows every phase, enters
it; no phase calls into another. The state answers the game protocol (`legal_actions`,
`apply`, …) by asking `RULES`, which this module installs on it: the state names no phase.
"""

from __future__ import annotations

from nile.core.errors import IllegalAction
from nile.core.game import Action, Event, Status
from nile.games.cleopatra.rules import (
    auction,
    checks,
    draws,
    endgame,
    gods,
    hidden,
    powers,
    setup,
    turns,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import (
    ACTIONS,
    AUCTION,
    GODS,
    OVER,
    PHASE_NAMES,
    SETUP,
    Phase,
    Step,
)
from nile.games.cleopatra.rules.state import CleopatraState, Rules

PHASE_MODULES = ("draws", "auction", "gods", "turns")
"""The phase modules, in the order a game meets them (chance first: it deals the setup)."""

D = game_data()


def legal_actions(state: CleopatraState) -> list[Action]:
    """The moves of the seat to act, asked of its phase (none while chance is to move)."""
    if state.phase == OVER or state.chance_queue:
        return []
    if state.phase == AUCTION:
        return auction.legal(state)
    if state.phase == GODS:
        return gods.legal(state)
    return turns.legal(state)


def chance_outcomes(state: CleopatraState) -> list[tuple[Action, float]]:
    if not state.chance_queue or state.phase == OVER:
        return []
    return draws.outcomes(state)


def apply(state: CleopatraState, action: Action) -> list[Event]:
    """Play `action` in its phase, enter the phase it hands over to, and move the game on
    once no chance is pending (a refilled display, a finished setup)."""
    if state.phase == OVER:
        raise IllegalAction("The game is over.")
    if state.chance_queue:
        events = draws.apply(state, action)
    elif state.phase == AUCTION:
        events = _go(state, auction.apply(state, action))
    elif state.phase == GODS:
        events = _go(state, gods.apply(state, action))
    else:
        events = turns.apply(state, action)
    draws.skip_impossible(state)
    if not state.chance_queue and not _over(state):
        events += _after_chance(state)
        draws.skip_impossible(state)
    return events


def _over(state: CleopatraState) -> bool:
    """The game has ended; a call, so the checker does not keep a phase narrowed before a
    phase module ran (that module may have ended the game)."""
    return state.phase == OVER


def _after_chance(state: CleopatraState) -> list[Event]:
    """No chance is pending: a finished setup opens the first auction, a finished player's
    turn hands on (`turns.next_player`)."""
    if state.phase == SETUP:
        return _enter(state, AUCTION)
    if state.phase == ACTIONS and state.player_done:
        return _go(state, turns.next_player(state))
    return []


def _go(state: CleopatraState, step: Step) -> list[Event]:
    """A phase's events, then those of entering the phase it names next."""
    if step.next is None:
        return step.events
    return step.events + _enter(state, step.next)


def _enter(state: CleopatraState, phase: Phase) -> list[Event]:
    if phase == AUCTION:
        return auction.begin(state)
    if phase == GODS:
        return gods.begin(state)
    if phase == ACTIONS:
        return turns.begin(state)
    return endgame.final_scoring(state)


def status(state: CleopatraState) -> Status:
    """The top bar's turn and phase."""
    line = D.turn_line
    round_text = f"Turn {state.turn + 1} of {line.index(state.players) + 1}"
    phase = PHASE_NAMES[state.phase]
    if state.phase == ACTIONS and not state.chance_queue:
        seat = state.acting_seat
        if state.pending:
            phase = "Actions: choose the building's fruit"
        elif state.picks_left:
            phase = "Actions: take an Auction card"
        else:
            allowed = powers.actions_allowed(state, seat)
            phase = f"Actions: {state.actions_used} of {allowed} done"
    return Status(round_text, phase)


RULES = Rules(
    initialise=setup.initialise,
    legal_actions=legal_actions,
    chance_outcomes=chance_outcomes,
    apply=apply,
    actions_allowed=powers.actions_allowed,
    status=status,
    ranking=endgame.ranking,
    score_sheet=endgame.score_sheet,
    observe=hidden.observe,
    determinize=hidden.determinize,
    violations=checks.violations,
)
CleopatraState.rules = RULES
