"""The rules' top floor: a phase module ends its phase by naming the next one
(`phases.Step.then`), never by beginning it, and `dispatch` begins it (issue 28 item 4)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules import build, dispatch, maprules, upkeep
from nile.games.age_of_steam.rules.actions import EndBuild, Roll
from nile.games.age_of_steam.rules.events import BuildEnded, RoundStarted
from nile.games.age_of_steam.rules.phases import Phase, Step
from nile.games.age_of_steam.rules.state import AgeOfSteamState

RULES = Path(dispatch.__file__).parent


def test_the_last_builder_ending_names_the_move_phase_and_dispatch_begins_it() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    state.qpos = 3
    step = build.apply(state.clone(), EndBuild())
    assert step.then == Phase.MOVE
    assert [type(e) for e in step.events] == [BuildEnded]
    events = state.apply(EndBuild())
    assert [type(e) for e in events] == [BuildEnded]
    assert state.phase == Phase.MOVE and state.queue[:4] == [0, 1, 2, 3]


def test_a_phase_module_leaves_the_phase_to_dispatch() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.BUILD).build()
    state.qpos = 3
    build.apply(state, EndBuild())
    assert state.phase == Phase.BUILD     # the move phase is not begun by build.py


def test_the_last_growth_die_hands_over_to_a_new_turn() -> None:
    state = Builder(4, map="chile").build()
    state.phase, state.dice_left = Phase.GROWTH, ["dark"]
    step = upkeep.apply(state.clone(), Roll(6))
    assert step.then == Phase.SHARES and state.round == 1
    events = state.apply(Roll(6))
    assert isinstance(events[-1], RoundStarted) and events[-1].round == 2
    assert state.phase == Phase.SHARES


def _handovers(path: Path) -> set[str]:
    """The phases `path` hands over to: the second argument of each `Step(...)` or the
    `Phase.X` a function typed `-> Phase | None` returns."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Step" \
                and len(node.args) == 2 and isinstance(node.args[1], ast.Attribute):
            found.add(node.args[1].attr)
        if isinstance(node, ast.FunctionDef) and node.returns is not None \
                and ast.unparse(node.returns) == "Phase | None":
            found.update(r.value.attr for r in ast.walk(node)
                         if isinstance(r, ast.Return) and isinstance(r.value, ast.Attribute))
    return found


@pytest.mark.parametrize("module", dispatch.PHASE_MODULES)
def test_dispatch_begins_every_phase_a_phase_module_hands_over_to(module: str) -> None:
    handovers = _handovers(RULES / f"{module}.py")
    assert handovers <= {phase.name for phase in dispatch.BEGIN}, handovers


def test_the_handovers_are_found() -> None:
    everything = set().union(*(_handovers(RULES / f"{m}.py") for m in dispatch.PHASE_MODULES))
    assert everything == {"SHARES", "BUILD", "MOVE", "PRODUCTION"}


def test_the_state_alone_is_data_the_game_adds_the_moves() -> None:
    with pytest.raises(TypeError):
        AgeOfSteamState("chile", 4)  # type: ignore[abstract]
    game = dispatch.AgeOfSteamGame("egypt", 3)
    assert isinstance(game.rules, maprules.EgyptRules)
    assert isinstance(dispatch.AgeOfSteamGame.from_dict(game.to_dict()), dispatch.AgeOfSteamGame)
    assert Step([]).then is None
