"""The one data loader: every game's numbers come through `nile.core.data.load`."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from nile.core import data

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", ["nile.games.age_of_steam", "nile.games.cairo",
                                     "nile.games.cleopatra", "nile.games.kap_kairo",
                                     "nile.games.loose_caboose", "nile.practice"])
def test_every_games_data_file_loads(package: str) -> None:
    assert data.load(package)


def test_a_map_file_loads_from_its_folder() -> None:
    assert data.load("nile.games.age_of_steam", "maps/chile.toml")


def test_a_broken_file_names_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "broken_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "data.toml").write_text("[deck]\ncards = {1 = \n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(data.DataError, match=r"broken_game/data.toml: .*line 2"):
        data.load("broken_game")
    with pytest.raises(data.DataError, match="cannot be read"):
        data.load("broken_game", "missing.toml")
    assert data.has("broken_game") and not data.has("broken_game", "missing.toml")
    assert not data.has("no_such_package_here")
    sys.modules.pop("broken_game", None)


def test_no_module_parses_toml_itself() -> None:
    """One loader: nothing else under nile/ calls tomllib."""
    for path in (ROOT / "nile").rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "nile/core/data.py":
            continue
        assert not re.search(r"\btomllib\b", path.read_text(encoding="utf-8")), relative
