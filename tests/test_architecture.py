"""Architecture rules: engines stay pure (no pygame, no global random, no pickle), no import
circles, bots keep to their hooks, and components never reach for their scene."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

from nile.ai.ismcts import ISMCTS
from nile.core.game import GameState

ROOT = Path(__file__).resolve().parents[1]
PURE = [ROOT / "nile" / "core", ROOT / "nile" / "ai", ROOT / "nile" / "net"]
GLOBAL_RANDOM = re.compile(
    r"(^|[^.\w])random\.(random|randint|randrange|choice|choices|shuffle|sample|uniform|gauss|seed)\("
)


PYGAME_ROOMS = ("scene.py", "shots.py", "view")
"""The only rooms of a game that may use pygame; the rest (rules, ai, builder, data, Cairo's
physics and board) is the engine side and must run without it."""


def pure_modules() -> list[Path]:
    files = [f for folder in PURE for f in folder.rglob("*.py")]
    for path in (ROOT / "nile" / "games").rglob("*.py"):
        room = path.relative_to(ROOT / "nile" / "games").parts[1:2]
        if room and room[0] not in PYGAME_ROOMS:
            files.append(path)
    return sorted(set(files))


def imported_from(node: ast.ImportFrom, package: str) -> str:
    """The module a `from … import` names, relative imports resolved against `package`."""
    base = node.module or ""
    if not node.level:
        return base
    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*parts, base] if base else parts)


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_engines_import_without_pygame() -> None:
    names = [module_name(p) for p in pure_modules()]
    code = (
        "import sys, importlib\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'pygame_gui'):\n"
        "            raise ImportError('pygame is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "from nile.core import registry\n"
        "registry.all_games()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_no_global_random_and_no_pickle() -> None:
    for path in (ROOT / "nile").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not GLOBAL_RANDOM.search(text), f"module-level random in {path}"
        assert not re.search(r"^\s*(import|from)\s+(pickle|marshal|shelve)\b", text, re.M), path


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The `nile` modules `path` imports at run time, each with whether it is inside a function.

    Imports under `if TYPE_CHECKING:` never run and are left out; `from P import n` counts
    as an import of the module P.n when that is a module, else of P."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit_else(child, in_function)
                continue
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                found.extend((a.name, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = imported_from(child, package)
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.append((sub if _is_module(sub) else base, in_function))
            visit(child, inner)

    def visit_else(node: ast.If, in_function: bool) -> None:
        for child in node.orelse:
            visit(ast.Module(body=[child], type_ignores=[]), in_function)

    visit(tree, False)
    return [(name, inner) for name, inner in found if name == "nile" or name.startswith("nile.")]


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _lazy_load(path: Path, target: str) -> bool:
    """Function-level imports that are deliberate lazy loading, not a dodged circle: the entry
    point defers the app (so `nile --version` answers at once), and a game's `__init__`
    names its bot modules for the first bot (the launcher never loads a search), and Cairo's
    flicking rules load the physics at the first flick (it imports pymunk, and the launcher
    imports every game's rules to list the games: issue 33 item 6)."""
    relative = path.relative_to(ROOT).as_posix()
    if relative == "nile/__main__.py":
        return True
    if relative == "nile/games/cairo/rules/flicking.py":
        return target == "nile.games.cairo.physics"
    game_init = re.fullmatch(r"nile/games/(\w+)/__init__\.py", relative)
    return bool(game_init) and target.startswith(f"nile.games.{game_init.group(1)}.ai")


def test_no_import_circles_and_no_imports_hidden_in_functions() -> None:
    """A module imported inside a function to dodge a circle still closes it, only later; so
    every run-time import counts for the circles, and imports in functions are only the
    deliberate lazy loads."""
    edges: dict[str, set[str]] = {}
    hidden: list[str] = []
    for path in sorted((ROOT / "nile").rglob("*.py")):
        name = module_name(path)
        for target, in_function in _imports(path):
            if target != name:
                edges.setdefault(name, set()).add(target)
            if in_function and not _lazy_load(path, target):
                hidden.append(f"{path.relative_to(ROOT)} imports {target} inside a function")
    assert not hidden, "\n".join(hidden)
    assert not _circles(edges), _circles(edges)


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def strong(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges.get(node, ()):
            if target not in index:
                strong(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            strong(node)
    return groups


def bot_modules() -> list[Path]:
    """The bot layer: nile/ai and every game's ai*.py."""
    return sorted([*(ROOT / "nile" / "ai").rglob("*.py"),
                   *(ROOT / "nile" / "games").glob("*/ai*.py")])


def test_no_module_imports_another_modules_private_names() -> None:
    for path in (ROOT / "nile").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("nile"):
                private = [a.name for a in node.names
                           if a.name.startswith("_") and not a.name.startswith("__")]
                assert not private, f"{path.relative_to(ROOT)} imports {private}"


def test_bots_neither_subclass_the_state_nor_reach_into_other_objects() -> None:
    """A bot prunes its search through `AiHooks.candidates`, not a state subclass or a
    swapped `__class__`, and reads the search's numbers through its public methods."""
    for path in bot_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases]
                assert not any(b.endswith("State") for b in bases), f"{where}: {node.name}"
            if isinstance(node, ast.Attribute) and node.attr == "__class__":
                assert not isinstance(node.ctx, ast.Store), f"{where}:{node.lineno}"
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                owner = node.value
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), \
                    f"{where}:{node.lineno} reads {ast.unparse(node)}"


def _nile_classes() -> list[type]:
    """Every class defined in a `nile` module (each module imported once)."""
    classes: list[type] = []
    for path in sorted((ROOT / "nile").rglob("*.py")):
        name = module_name(path)
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        classes += [value for value in vars(module).values()
                    if inspect.isclass(value) and value.__module__ == name]
    return classes


def test_no_class_subclasses_the_search_or_an_engine_state() -> None:
    """Games shape the bots through `AiHooks` (candidates, forced moves, chance draws,
    overrule), never by subclassing the generic search or a game's state: the only
    `GameState` subclasses are the engines' own states, straight under `GameState` or on
    the abstract data class of their own `rules/` (issue 28's bottom floor: Loose
    Caboose's `state.Table` under `dispatch.LooseCabooseState`)."""
    classes = _nile_classes()
    assert ISMCTS in classes and len(classes) > 100
    for cls in classes:
        where = f"{cls.__module__}.{cls.__qualname__}"
        assert cls is ISMCTS or not issubclass(cls, ISMCTS), f"{where} subclasses ISMCTS"
        if issubclass(cls, GameState) and cls is not GameState:
            assert cls.__bases__ == (GameState,) or _on_its_floor(cls), \
                f"{where} subclasses {cls.__bases__}"


def _on_its_floor(cls: type) -> bool:
    """`cls` stands on one abstract class of its own rules package, itself straight under
    `GameState` (the data floor a game's `dispatch` adds the moves to)."""
    if len(cls.__bases__) != 1:
        return False
    base = cls.__bases__[0]
    package = cls.__module__.rpartition(".")[0]
    return (package.endswith(".rules") and base.__module__.rpartition(".")[0] == package
            and base.__bases__ == (GameState,) and inspect.isabstract(base))


# Components never hold their scene --------------------------------------------------------

SCENE_MODULE = re.compile(r"nile\.(games\.\w+|practice)\.(\w+_)?scene")
"""A game's or Flick Practice's scene module (`scene`, `drill_scene`, `stats_scene`)."""
SCENE_NAMES = ("scene", "_scene")


def component_modules() -> list[Path]:
    """The components: every game's `view/`, Flick Practice's drawing and logic, and the
    shared table kit. Left out are the scene modules themselves and practice's `shots.py`,
    which puts scripted scenes on the stack (as each game's `shots.py` beside its `view/`)."""
    nile = ROOT / "nile"
    files = [*nile.glob("games/*/view/**/*.py"), *(nile / "practice").rglob("*.py"),
             *(nile / "ui" / "kit").rglob("*.py"), *(nile / "ui" / "table").rglob("*.py")]
    return sorted(f for f in files
                  if not SCENE_MODULE.fullmatch(module_name(f)) and f.name != "shots.py")


def package_of(path: Path) -> str:
    """The package a module's relative imports start from."""
    return module_name(path) if path.name == "__init__.py" else module_name(path.parent)


def scene_reaching(source: str, package: str) -> list[str]:
    """Where `source` (a module of `package`) reaches for a scene, by line: an import of a game's
    or practice's scene module (also for types only, or inside a function), or an attribute
    or class field named `scene`/`_scene` stored or read (`c.scene.name(...)` reaches
    through another component to the scene). A component is handed what it draws
    and what it may call, never the scene."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        found += [(node.lineno, f"imports {t}") for t in targets if SCENE_MODULE.fullmatch(t)]
        if isinstance(node, ast.Attribute) and node.attr in SCENE_NAMES:
            verb = "stores" if isinstance(node.ctx, ast.Store) else "reads"
            found.append((node.lineno, f"{verb} {ast.unparse(node)}"))
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                field = item.target if isinstance(item, ast.AnnAssign) else None
                if isinstance(field, ast.Name) and field.id in SCENE_NAMES:
                    found.append((item.lineno, f"class {node.name} has a field {field.id}"))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def test_the_scene_reaching_check_catches_each_kind() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from nile.practice import drill_scene\n"
        "from ..scene import KapKairoScene\n"
        "if TYPE_CHECKING:\n"
        "    from nile.games.cairo.scene import CairoScene\n"
        "    import nile.practice.stats_scene\n"
        "class Painter:\n"
        "    scene: object\n"
        "    def __init__(self, scene: object) -> None:\n"
        "        self.scene = scene\n"
        "        self._scene = scene\n"
        "from nile.ui.scene import Scene\n"  # the shared base class is not a game's scene
        "from nile.games.cairo.view import stage\n"
        "def bar(c: object) -> str:\n"
        "    return c.scene.name(0)\n"
    )
    found = scene_reaching(source, "nile.games.kap_kairo.view")
    assert [line.split(":")[0] for line in found] == [
        "line 2", "line 3", "line 5", "line 6", "line 8", "line 10", "line 11", "line 15"], found
    assert "imports nile.games.kap_kairo.scene" in found[1]
    assert found[-1] == "line 15: reads c.scene"
    assert scene_reaching("from nile.games.cairo.view import mapview\n", "nile.practice") == []


def test_components_never_hold_or_import_their_scene() -> None:
    modules = component_modules()
    names = {module_name(p) for p in modules}
    assert {"nile.games.age_of_steam.view.pickers", "nile.practice.drill_painter",
            "nile.practice.dialogs", "nile.ui.kit.button", "nile.ui.table.hand"} <= names
    assert not names & {"nile.practice.drill_scene", "nile.practice.scene",
                        "nile.practice.stats_scene"}
    offences = [f"{p.relative_to(ROOT)} {where}" for p in modules
                for where in scene_reaching(p.read_text(encoding="utf-8"), package_of(p))]
    assert not offences, "\n".join(offences)


def scene_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "nile").rglob("*.py")
                  if SCENE_MODULE.fullmatch(module_name(p)))


def handed_self(source: str, package: str, components: set[str]) -> list[str]:
    """Calls in a scene module that hand `self` (the scene) to something imported from a
    component module: the component would hold its scene under another name (a 'host')."""
    tree = ast.parse(source)
    origin: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            origin.update({(a.asname or a.name).split(".")[0]: a.name for a in node.names})
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                origin[alias.asname or alias.name] = sub if sub in components else base
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        arguments = [*node.args, *(k.value for k in node.keywords)]
        if not any(isinstance(a, ast.Name) and a.id == "self" for a in arguments):
            continue
        root = node.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and origin.get(root.id) in components:
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(self...)")
    return found


def test_scenes_hand_their_components_no_self() -> None:
    components = {module_name(p) for p in component_modules()}
    probe = ("from nile.games.cairo.view.stage import Stage\n"
             "from nile.games.cairo.view import panel\n"
             "from nile.ui import keys\n"
             "class S:\n"
             "    def __init__(self):\n"
             "        self.stage = Stage(self)\n"
             "        panel.Panel(host=self)\n"
             "        keys.dispatch(self, (), None)\n")
    assert [f.split(":")[0] for f in handed_self(probe, "nile.games.cairo", components)] == [
        "line 6", "line 7"]
    offences = [f"{p.relative_to(ROOT)} {where}" for p in scene_modules()
                for where in handed_self(p.read_text(encoding="utf-8"), package_of(p),
                                         components)]
    assert len(scene_modules()) >= 8
    assert not offences, "\n".join(offences)


def test_scripted_screens_use_only_public_scene_methods() -> None:
    """A shot drives its scene as a player or the chrome would, so renaming a scene's
    private helper never breaks a screenshot: no `scene._name` in any shots module."""
    for path in sorted((ROOT / "nile").rglob("shots.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")


CHROME = ROOT / "nile" / "ui" / "chrome"
MODE_FLAGS = ("covered_for", "handing_over", "tutorial", "replay", "playing")
"""What says which mode a game screen is in: each is its own layer's to test."""


def _layer_modules() -> list[Path]:
    return [p for p in CHROME.glob("*.py")
            if re.search(r"^class \w+\((\w+, )*(Layer|Autoplay|Ending)\b", p.read_text(),
                         re.M)]


def test_the_game_scene_is_a_stack_of_small_layers() -> None:
    """Issue 28: the game scene keeps the table and routes to its layers (under 400 lines);
    each layer is a unit a newcomer reads at once (under 300)."""
    scene = CHROME / "game_scene.py"
    assert len(scene.read_text().splitlines()) < 400
    layers = _layer_modules()
    assert {p.name for p in layers} >= {"handover.py", "replay_bar.py", "action_bar.py",
                                        "top_bar.py", "game_log.py", "tutorial_layer.py"}
    for path in layers:
        assert len(path.read_text().splitlines()) < 300, path.name


def test_no_mode_flag_is_tested_outside_its_own_layer() -> None:
    """The game scene asks its layers (`handover.blocking`, `autoplay.allows_undo`, ...),
    never `if self.replay is not None` or `if self.tutorial is not None`; the one question
    it answers itself is whether the table holds the live game (`live_game`)."""
    source = (CHROME / "game_scene.py").read_text()
    tests = re.findall(rf"self\.({'|'.join(MODE_FLAGS)}) is (?:not )?None", source)
    assert tests == ["replay"], tests  # live_game
    for path in CHROME.glob("*.py"):
        if path.name in ("game_scene.py", "handover.py"):
            continue
        text = path.read_text()
        assert not re.search(r"\.(covered_for|handing_over) is", text), path.name
