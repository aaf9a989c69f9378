"""A game is its package: everything the app, the tools and the tests need of a game is
named in its `GAME_INFO`, and every per-game test runs over the registry. So a sixth game
is a new folder under `nile/games/` and nothing else (docs/adding-a-game.md): these tests
check each listed game provides everything, and that a toy package dropped in is picked
up by the launcher art, the shots and every per-game test."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

import nile.games
from nile.ai.bots import hooks_of
from nile.ai.hooks import AiHooks
from nile.core import data, registry, tutorial
from nile.ui import art, shots
from nile.ui.chrome.game_scene import GameScene
from tests import per_game, toy_package

ROOT = Path(__file__).resolve().parents[1]
TOY = toy_package.TOY_ID


@pytest.mark.parametrize("game", per_game.ids())
def test_every_listed_game_provides_everything(game: str) -> None:
    info = registry.get(game)
    package = importlib.import_module(f"nile.games.{game}")
    # the id is the package's name: tutorials, shots and saves find the game by it
    assert package.GAME_INFO is info
    assert info.title and info.pitch and info.length and info.rules_summary.strip()
    scene = per_game.named(game, "scene")
    assert isinstance(scene, type) and issubclass(scene, GameScene)
    assert _colours(per_game.named(game, "art")) >= 3, "the tile art draws a picture"
    assert isinstance(per_game.named(game, "builder_example")(), per_game.named(game, "builder"))
    game_shots = shots.game_shots(info)
    assert game_shots and all(callable(shot) for shot in game_shots.values())
    bench = getattr(importlib.import_module(info.shots or ""), "BENCH_SHOT", None)
    assert bench in game_shots, "BENCH_SHOT names the busiest of its shots"
    assert info.ai_hooks is not None
    hooks = hooks_of(info)
    assert isinstance(hooks, AiHooks) and hooks.policy and hooks.explain, "bots and hints"
    if data.has(package.__name__, "tutorial.toml"):  # a game that claims a tutorial has one
        lesson = tutorial.load(game)
        assert lesson is not None and lesson.steps[-1].kind == "end"
    state = info.create(info.player_range(info.resolve_options({}))[0], 0, {})
    assert isinstance(state, info.state_type()), "new_game and state_class name one engine"


def test_listing_the_games_loads_no_rules_engine() -> None:
    """The launcher lists every game: the engines (and numpy, pymunk) wait for a game (issue
    33 item 6: with them, start-up had grown by a third)."""
    code = ("import sys\n"
            "from nile.core import registry\n"
            "assert len(registry.all_games()) >= 5\n"
            "print(sorted(m for m in sys.modules if '.rules' in m or m in ('numpy', 'pymunk')))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    assert result.stdout.strip() == "[]"


def _colours(draw: art.Painter) -> int:
    surface = pygame.Surface((240, 120))
    draw(surface)
    return len(np.unique(pygame.surfarray.array2d(surface)))


@pytest.fixture
def toy_package_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The complete toy package of tests/toy_package.py, found among the games."""
    toy_package.write(tmp_path)
    monkeypatch.setattr(nile.games, "__path__", [*nile.games.__path__, str(tmp_path)])
    registry._discover.cache_clear()
    yield
    registry._discover.cache_clear()
    sys.modules.pop(f"nile.games.{TOY}", None)


def test_a_new_package_brings_its_art_and_shots_with_no_list_edited(
        toy_package_installed: None) -> None:
    from tests.ui.toy_scene import tile
    from tests.ui.toy_shots import table

    assert TOY in per_game.ids()
    assert art.painter(TOY) is tile
    assert shots.all_shots()[f"{TOY}/table"] is table and shots.bench_shot(TOY) is table


def test_a_game_without_art_gets_a_blank_tile_not_another_games(
        toy_package_installed: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    package = importlib.import_module(f"nile.games.{TOY}")
    monkeypatch.setattr(package, "GAME_INFO", dataclasses.replace(package.GAME_INFO, art=None))
    registry._discover.cache_clear()
    assert art.painter(TOY) is art.blank
    assert art.painter("practice") is art.practice


@pytest.mark.slow
def test_every_per_game_test_runs_for_a_new_package() -> None:
    """Collect the whole suite with the toy package among the games: each test that runs
    for a shipped game (a parameter is its id) runs for the toy too, and passes."""
    collected = _pytest("--collect-only", "tests/")
    ids = set(per_game.ids())
    per_game_tests = {node.split("[")[0] for node in collected
                      if "[" in node and ids & set(re.split(r"[-\]]", node.split("[")[1]))}
    for_toy = {node.split("[")[0] for node in collected if f"[{TOY}" in node}
    assert per_game_tests and per_game_tests <= for_toy, sorted(per_game_tests - for_toy)
    # every one of them passes for the toy (a snapshot needs a reference picture: none)
    files = sorted({test.split("::")[0] for test in for_toy})
    ran = _pytest("-vv", "-rA", "-k", f"{TOY} and not test_snapshot", *files)
    # a test of what some games have (a lesson) skips a game without it, saying so
    said_why = {line.split()[2].split(":")[0] for line in ran
                if line.startswith("SKIPPED") and f"{TOY} has no" in line}
    passed = {line.split("[")[0] for line in ran if line.startswith("tests/") and (
        " PASSED" in line or (" SKIPPED" in line and line.split("::")[0] in said_why))}
    assert for_toy - {"tests/ui/test_snapshots.py::test_snapshot"} <= passed, ran[-30:]


def _pytest(*args: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.toy_plugin", *args], cwd=ROOT,
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    return result.stdout.splitlines()
