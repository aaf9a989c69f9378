"""Every game's `builder.py` has one shape: `Builder(players, **options)`, fluent setters
that return the builder, `to_move(seat, phase, ...)`, and `build()` returning the state.

Each game's example (`GAME_INFO.builder_example`) is built through that shape and must pass
the conformance suite's own state checks (invariants, dict round trip, clone equality, the
seat to move has the true moves in its observation); two `build()` calls give equal,
independent states. The games are the registry's (`tests/per_game.py`), never a list here.
"""

from __future__ import annotations

import inspect
import json
import textwrap
from collections.abc import Callable
from typing import Any

import pytest

from nile.core.game import GameState
from tests import per_game

from .test_conformance import check_state

GAMES = per_game.ids()


def builder_of(game: str) -> type:
    """The game's Builder class, as its `GAME_INFO.builder` names it."""
    cls: type = per_game.named(game, "builder")
    return cls


def example_of(game: str) -> Any:
    """The game's example position (`GAME_INFO.builder_example`), set up and not built."""
    return per_game.named(game, "builder_example")()


@pytest.mark.parametrize("game", GAMES)
def test_a_built_state_passes_the_games_own_checks(game: str) -> None:
    state = example_of(game).build()
    assert isinstance(state, GameState) and state.game_id == game
    check_state(state)


@pytest.mark.parametrize("game", GAMES)
def test_building_twice_gives_equal_independent_states(game: str) -> None:
    builder = example_of(game)
    first, second = builder.build(), builder.build()
    assert first == second and first is not second
    before = json.dumps(second.to_dict(), sort_keys=True)
    seat = first.current_player
    assert seat is not None
    first.apply(first.legal_actions()[0] if seat >= 0 else first.chance_outcomes()[0][0])
    assert json.dumps(second.to_dict(), sort_keys=True) == before
    assert builder.build() == second


@pytest.mark.parametrize("game", GAMES)
def test_every_builder_has_the_same_shape(game: str) -> None:
    cls = builder_of(game)
    parameters = list(inspect.signature(cls).parameters.values())
    assert parameters[0].name == "players"
    assert all(p.kind == p.KEYWORD_ONLY for p in parameters[1:]), "options are keywords"
    assert callable(cls.build) and callable(cls.to_move)
    module = inspect.getmodule(cls)
    assert "Builder(" in (module.__doc__ or ""), "the module docstring shows an example"
    for name, function in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith("_") or name == "build":
            continue
        returns = inspect.signature(function).return_annotation
        assert returns in ("Builder", cls), f"{game} Builder.{name} returns {returns}"


@pytest.mark.parametrize("game", GAMES)
def test_every_setter_returns_its_builder(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each setter the example calls (to_move among them) hands back the very builder it
    was called on, so a chain never continues on a copy or on None."""
    cls = builder_of(game)
    called: list[str] = []
    for name, function in _setters(cls):
        monkeypatch.setattr(cls, name, _spy(name, function, called))
    example_of(game)
    assert "to_move" in called, f"{game}'s example never says whose turn it is"


def _setters(cls: type) -> list[tuple[str, Callable[..., Any]]]:
    return [(name, function) for name, function in inspect.getmembers(cls, inspect.isfunction)
            if not name.startswith("_") and name != "build"]


def _spy(name: str, function: Callable[..., Any], called: list[str]) -> Callable[..., Any]:
    def spy(self: object, *args: Any, **kwargs: Any) -> Any:
        result = function(self, *args, **kwargs)
        assert result is self, f"Builder.{name} returns {result!r}, not its builder"
        called.append(name)
        return result
    return spy


@pytest.mark.parametrize("game", GAMES)
def test_the_module_docstring_example_runs(game: str) -> None:
    """The example at the top of each builder.py builds a state that keeps its invariants."""
    module = inspect.getmodule(builder_of(game))
    assert module is not None and module.__doc__
    namespace = dict(vars(module))
    example = textwrap.dedent(_first_code_block(module.__doc__))
    exec(example, namespace)
    state = namespace["state"]
    assert isinstance(state, GameState) and state.invariant_violations() == []


def _first_code_block(doc: str) -> str:
    """The first indented block of a docstring (blank lines inside it kept)."""
    block: list[str] = []
    for line in doc.split("\n"):
        if line.startswith("    ") or (block and not line.strip()):
            block.append(line)
        elif block:
            break
    return "\n".join(block)
