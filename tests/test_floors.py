"""Issue 28, items 2–4: every game's house has the same rooms, read from the bottom up.

- **Three floors in `rules/`**: data and pure queries at the bottom (`state.py` and what it
  stands on), one module per phase above it (named in `dispatch.PHASE_MODULES`), each
  importing only the bottom floor, and `dispatch.py` on top, the only module that knows
  every phase. So `state.py` imports no phase and no phase imports a sibling.
- **A public face**: a game's bots (`ai*.py`), its click-to-move rules (`intent.py`) and its
  components (`view/`) ask the engine only through `rules/__init__.py` (typed, documented
  queries) plus `rules.actions`, `rules.events` and `rules.phases`.
- **One table pipeline**: a pygame-free `intent.py` (nile/core/intent.py's `Intent`), unit
  tested without a window, and a scene class that only wires and animates (under 400 lines).
- **No circle at all**, even counting the imports made only for type checking.

Games come from the registry (`tests/per_game.py`), never listed by hand; a game whose
engine lives elsewhere than a `rules/` package of its own (a test's toy) is skipped, saying so."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import per_game
from tests.test_architecture import ROOT, _circles, imported_from, module_name

GAMES_DIR = ROOT / "nile" / "games"
GAMES = per_game.ids()
FACE_EXTRAS = ("actions", "events", "phases")
"""Besides `rules/__init__`, the modules a bot or a view may import: the moves, what
happened, and the names of the phases."""


def all_imports(path: Path) -> set[str]:
    """Every `nile` module `path` imports, type-only imports and imports in functions too."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if _is_module(sub) else base)
    return {n for n in found if n.startswith("nile.")}


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _needs_rules(game: str) -> None:
    if not (GAMES_DIR / game / "rules" / "__init__.py").is_file():
        pytest.skip(f"{game} has no rules package of its own")


def phase_modules(game: str) -> tuple[str, ...]:
    """The names `rules/dispatch.py` lists in `PHASE_MODULES`."""
    dispatch = GAMES_DIR / game / "rules" / "dispatch.py"
    assert dispatch.is_file(), f"{game}: rules/dispatch.py is the top floor"
    for node in ast.parse(dispatch.read_text()).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        if isinstance(target, ast.Name) and target.id == "PHASE_MODULES" and node.value:
            return tuple(ast.literal_eval(node.value))
    raise AssertionError(f"{game}: rules/dispatch.py names no PHASE_MODULES")


@pytest.mark.parametrize("game", GAMES)
def test_rules_stand_on_three_floors(game: str) -> None:
    _needs_rules(game)
    rules = GAMES_DIR / game / "rules"
    prefix = f"nile.games.{game}.rules"
    phases = {f"{prefix}.{name}" for name in phase_modules(game)}
    assert phases, f"{game}: dispatch lists its phase modules"
    assert all(_is_module(p) for p in phases), f"{game}: PHASE_MODULES names a missing module"
    dispatch = all_imports(rules / "dispatch.py")
    assert phases <= dispatch, f"{game}: dispatch imports every phase: {phases - dispatch}"
    wrong = []
    for path in sorted(rules.glob("*.py")):
        if path.name in ("__init__.py", "dispatch.py"):
            continue
        name = module_name(path)
        reached = (all_imports(path) & phases) - {name}
        if f"{prefix}.dispatch" in all_imports(path):
            wrong.append(f"{path.name} imports dispatch")
        if reached:
            floor = "a phase" if name in phases else "the bottom floor"
            wrong.append(f"{path.name} ({floor}) imports {sorted(reached)}")
    assert not wrong, f"{game}: " + "; ".join(wrong)


def face_users(game: str) -> list[Path]:
    """The bots, the click-to-move rules and the components of `game`."""
    package = GAMES_DIR / game
    return sorted([*package.glob("ai*.py"), *package.glob("intent.py"),
                   *(package / "view").rglob("*.py")])


@pytest.mark.parametrize("game", GAMES)
def test_bots_and_views_ask_only_the_public_face(game: str) -> None:
    _needs_rules(game)
    prefix = f"nile.games.{game}.rules"
    allowed = {prefix, *(f"{prefix}.{name}" for name in FACE_EXTRAS)}
    wrong = [f"{path.relative_to(ROOT)} imports {sorted(reached)}"
             for path in face_users(game)
             if (reached := {n for n in all_imports(path)
                             if n.startswith(prefix) and n not in allowed})]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_turns_clicks_into_moves_in_its_intent(game: str) -> None:
    _needs_rules(game)
    intent = GAMES_DIR / game / "intent.py"
    assert intent.is_file(), f"{game}: intent.py maps picks to moves"
    assert "nile.core.intent" in all_imports(intent), f"{game}: intent.py implements Intent"
    assert (ROOT / "tests" / "games" / game / "test_intent.py").is_file()
    scene = GAMES_DIR / game / "scene.py"
    assert len(scene.read_text().splitlines()) < 400, f"{game}: the scene only wires"


def test_no_circle_even_counting_type_only_imports() -> None:
    edges: dict[str, set[str]] = {}
    for path in sorted((ROOT / "nile").rglob("*.py")):
        name = module_name(path)
        edges[name] = all_imports(path) - {name}
    assert not _circles(edges), _circles(edges)
