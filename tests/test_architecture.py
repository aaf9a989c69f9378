"""Architecture rules: engines stay pure (no pygame, no global random, no pickle)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = [ROOT / "nile" / "core", ROOT / "nile" / "ai"]
GLOBAL_RANDOM = re.compile(
    r"(^|[^.\w])random\.(random|randint|randrange|choice|choices|shuffle|sample|uniform|gauss|seed)\("
)


def pure_modules() -> list[Path]:
    files = [f for folder in PURE for f in folder.rglob("*.py")]
    for game in (ROOT / "nile" / "games").iterdir():
        for name in ("rules", "physics", "ai", "board", "scoring", "maps", "hexmap", "data"):
            files += list(game.glob(f"{name}*.py"))
            files += list((game / name).rglob("*.py")) if (game / name).is_dir() else []
    return sorted(set(files))


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
