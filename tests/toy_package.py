"""A toy game as a complete package, `nile.games.nile_toy_full`: everything a game names in
its `GAME_INFO` (scene, art, shots, builder and its example, bot hooks, rules summary) and its
rules reference, so
it shows that a new package under `nile/games/` needs nothing edited anywhere else.

`write(folder)` makes the package; `tests/toy_plugin.py` adds it to the games before
pytest collects, and `tests/test_game_packages.py` sees every per-game test run for it.
"""

from __future__ import annotations

from pathlib import Path

TOY_ID = "nile_toy_full"

SOURCE = '''"""The toy as a game package, made by tests/toy_package.py. Its builder:

    state = (Builder(3)
             .hand(0, 2, 5)
             .played(1, 6)
             .to_move(0)
             .build())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from tests.core import toy_builder
from tests.core.toy_game import TOY_INFO, ToyState


class State(ToyState):
    game_id = "nile_toy_full"


class Builder(toy_builder.Builder):
    state_class = State


def example() -> Builder:
    return toy_builder.example(Builder)  # type: ignore[return-value]


def new_game(players: int, seed: int, options: Mapping[str, str]) -> State:
    return State(players)


GAME_INFO = dataclasses.replace(
    TOY_INFO, id="nile_toy_full", title="Toy Package", new_game=new_game, state_class=State,
    pitch="A toy that is a whole package.", length="5 min", tile_order=60,
    rules_summary="Pick a card, confirm it, score it.",
    scene="tests.ui.toy_scene:ToyScene", art="tests.ui.toy_scene:tile",
    shots="tests.ui.toy_shots", builder="nile.games.nile_toy_full:Builder",
    builder_example="nile.games.nile_toy_full:example", ai_hooks="tests.core.toy_ai:hooks",
)
'''


REFERENCE = """title = "Toy Package"
default = "play"
[[section]]
id = "play"
title = "Playing"
text = "Pick a card, confirm it, score it."
explains = ["not allowed"]
phases = ["pick a card"]
[[term]]
name = "Card"
meaning = "What you pick."
"""


def write(folder: Path) -> Path:
    """The package `nile_toy_full/` written in `folder` (put `folder` on the games' path)."""
    package = folder / TOY_ID
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(SOURCE, encoding="utf-8")
    (package / "reference.toml").write_text(REFERENCE, encoding="utf-8")
    return package
