"""Every game's `builder.py` has one shape: `Builder(players, **options)`, fluent setters
that return the builder, `to_move(seat, phase, ...)`, and `build()` returning the state.

Each example below is built through that shape and must pass the conformance suite's
own state checks (invariants, dict round trip, clone equality, the seat to move has the
true moves in its observation); two `build()` calls give equal, independent states.
"""

from __future__ import annotations

import inspect
import json
import textwrap
from collections.abc import Callable
from typing import Any

import pytest

from nile.core.game import GameState
from nile.games.age_of_steam import builder as aos
from nile.games.age_of_steam.rules.phases import Phase as AosPhase
from nile.games.cairo import builder as cairo
from nile.games.cairo.rules.phases import Phase as CairoPhase
from nile.games.cleopatra import builder as cleopatra
from nile.games.kap_kairo import builder as kap
from nile.games.kap_kairo.rules import Phase as KapPhase
from nile.games.loose_caboose import builder as loose
from nile.games.loose_caboose.rules import Phase

from .test_conformance import check_state

BUILDERS = {"age_of_steam": aos.Builder, "cairo": cairo.Builder,
            "cleopatra": cleopatra.Builder, "kap_kairo": kap.Builder,
            "loose_caboose": loose.Builder}

EXAMPLES: dict[str, Callable[[], Any]] = {
    "age_of_steam": lambda: (aos.Builder(4, map="cccp").round(2)
                             .path(0, ["Kiev", "3,7", "4,7", "Kharkov"])
                             .goods("Kiev", ["black", "red"]).player(0, loco=2, cash=5)
                             .to_move(0, AosPhase.MOVE)),
    "cairo": lambda: (cairo.Builder(3).ship(0, "D3").ship(1, "U5")
                      .on_site("0s00", "giza").at("1L", 300.0, 120.0, degrees=30.0)
                      .pyramid("saqqara", ["0s01", "1s00", "0s02"])
                      .to_move(1, CairoPhase.CHOOSE, die=2)),
    "cleopatra": lambda: (cleopatra.Builder(4).fruit("Lisht", "coconut")
                          .track("Edfu-Thebes", seat=1, trains=3)
                          .hand(0, city=["Edfu (lime 8, lemon 8)"], auction=["3-train"])
                          .money(2, 12).to_move(2)),
    "kap_kairo": lambda: (kap.Builder(3).column(0, "S3", "R1").crossed(0, "D2")
                          .bonus(1, 2).capital(1, 40).row("M4", "V2").to_move(1, KapPhase.DRAW)),
    "loose_caboose": lambda: (loose.Builder(3).railway([2, 4, 1, 3], caboose=1)
                              .hand(0, 3, "broken 2").hand(2, 1).penalty(1, 4)
                              .banked(1, 2).discard(3).to_move(2, Phase.PLAY)),
}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_a_built_state_passes_the_games_own_checks(game: str) -> None:
    state = EXAMPLES[game]().build()
    assert isinstance(state, GameState) and state.game_id == game
    check_state(state)


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_building_twice_gives_equal_independent_states(game: str) -> None:
    builder = EXAMPLES[game]()
    first, second = builder.build(), builder.build()
    assert first == second and first is not second
    before = json.dumps(second.to_dict(), sort_keys=True)
    seat = first.current_player
    assert seat is not None
    first.apply(first.legal_actions()[0] if seat >= 0 else first.chance_outcomes()[0][0])
    assert json.dumps(second.to_dict(), sort_keys=True) == before
    assert builder.build() == second


@pytest.mark.parametrize("game", sorted(BUILDERS))
def test_every_builder_has_the_same_shape(game: str) -> None:
    cls = BUILDERS[game]
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


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_every_setter_returns_its_builder(game: str) -> None:
    builder = EXAMPLES[game]()
    assert builder.to_move(0, *_first_phase(game)) is builder


def _first_phase(game: str) -> tuple[object, ...]:
    """A valid phase argument for `to_move(0, ...)` in each game."""
    return {"age_of_steam": (AosPhase.BUILD,), "cairo": (CairoPhase.ROLL,), "cleopatra": (),
            "kap_kairo": (), "loose_caboose": (Phase.PLAY,)}[game]


@pytest.mark.parametrize("game", sorted(BUILDERS))
def test_the_module_docstring_example_runs(game: str) -> None:
    """The example at the top of each builder.py builds a state that keeps its invariants."""
    module = inspect.getmodule(BUILDERS[game])
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
