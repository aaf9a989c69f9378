"""The top floor of Cairo's rules: the one module that knows every phase module.

Each query and each action goes to the module of the current phase (`PHASE_MODULES`):
`turn.py` (roll, sail, take back, choose, the end of a turn), `flicking.py` (the flick, its
wobble, the physics, die faces, the knock-over penalty) and `building.py` (pyramids). They
stand on the state and never call each other: where flicking or building is done with the
turn they return a `Handoff`, and `follow` takes it to `turn.py`. The state reaches this
module through the `Rules` plugged in at the bottom (`CairoState.rules`): the state names
no phase.
"""

from __future__ import annotations

from nile.core.errors import IllegalAction
from nile.core.game import Action, Event
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import building, flicking, turn
from nile.games.cairo.rules.phases import (
    CHOOSE,
    FACE,
    FLICK,
    JITTER,
    PENALTY,
    PLACE,
    RETRIEVE,
    ROLL,
    Step,
)
from nile.games.cairo.rules.state import CairoState, Rules

PHASE_MODULES = ("turn", "flicking", "building")
"""The phase modules, in the order of a turn (the floors test reads this)."""


def legal_actions(state: CairoState) -> list[Action]:
    """The moves listed for the player to act (a flick grid stands for every flick)."""
    if state.phase == RETRIEVE:
        return turn.retrieve_actions(state)
    if state.phase == CHOOSE:
        return [A.Choose(k) for k in turn.choosable_kinds(state)]
    if state.phase == FLICK:
        return list(flicking.flick_actions(state))
    if state.phase == PENALTY:
        return [A.Penalty(k) for k in state.supply_kinds(state.turn)]
    return building.actions(state)


def chance_outcomes(state: CairoState) -> list[tuple[Action, float]]:
    """The Nile die, a flick's wobble, a die-block's new face."""
    if state.phase == ROLL:
        return [(A.Roll(v), 1.0 / 6.0) for v in range(1, 7)]
    if state.phase == JITTER:
        return flicking.jitter_outcomes(state)
    if state.phase == FACE:
        return [(A.Face(state.rolls[0], v), 1.0 / 6.0) for v in range(1, 7)]
    return []


def judge(state: CairoState, action: Action) -> bool:
    """The phases' own checks of the moves no list holds exactly: any flick in range, any
    wobble outcome (a set lookup), any spot the pyramid fits. False: look it up."""
    if isinstance(action, A.Flick) and state.phase == FLICK:
        flicking.validate(state, action)
        return True
    if isinstance(action, A.Jitter) and state.phase == JITTER:
        if not flicking.is_jitter_outcome(state, action):  # as GameState.check_legal says
            raise IllegalAction(f"'{action.to_str()}' is not a possible outcome.")
        return True
    if isinstance(action, A.Place) and state.phase == PLACE:
        building.validate_place(state, action)
        return True
    return False


def apply(state: CairoState, action: Action) -> list[Event]:
    """Play a checked action in the module of its phase, and follow where it hands on."""
    if state.phase == ROLL:
        assert isinstance(action, A.Roll)
        return turn.roll(state, action.value)
    if state.phase == RETRIEVE:
        assert isinstance(action, A.Retrieve)
        return turn.retrieve(state, action.block)
    if state.phase == CHOOSE:
        assert isinstance(action, A.Choose)
        return turn.choose(state, action.kind)
    if state.phase == FLICK:
        assert isinstance(action, A.Flick)
        return flicking.flick(state, action)
    if state.phase == JITTER:
        assert isinstance(action, A.Jitter)
        return follow(state, flicking.resolve(state, action))
    if state.phase == FACE:
        assert isinstance(action, A.Face)
        return follow(state, flicking.face(state, action))
    if state.phase == PENALTY:
        assert isinstance(action, A.Penalty)
        return follow(state, flicking.penalty(state, action.kind))
    return follow(state, building.apply(state, action))


def follow(state: CairoState, step: Step) -> list[Event]:
    """A phase's events, then the turn going on as its `Handoff` says: the player leaving
    the Nile first if they must, then the end of the turn or the next flick."""
    events, then = step
    if then is None:
        return events
    if then.leaving:
        events = events + turn.leave(state, state.turn, then.leaving)
    return events + (turn.end_turn(state) if then.end_turn else turn.next_flick_or_end(state))


CairoState.rules = Rules(legal_actions, chance_outcomes, judge, apply)
