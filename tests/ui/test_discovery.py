"""A new game package appears on the launcher with no list to edit, and the grid grows."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import nile.games
from nile.core import registry
from nile.ui.launcher import build_tiles, grid

PACKAGE = '''
import dataclasses
from tests.core.toy_game import TOY_INFO

GAME_INFO = dataclasses.replace(
    TOY_INFO, id="nile_toy_tile", title="Toy Tile", pitch="A toy found by discovery.",
    length="5 min", tile_order=60, scene="tests.ui.toy_scene:ToyScene",
)
'''


@pytest.fixture
def toy_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`nile.games.nile_toy_tile`, made on the fly in a folder added to the games path."""
    folder = tmp_path / "nile_toy_tile"
    folder.mkdir()
    (folder / "__init__.py").write_text(PACKAGE)
    monkeypatch.setattr(nile.games, "__path__", [*nile.games.__path__, str(tmp_path)])
    registry._discover.cache_clear()
    yield
    registry._discover.cache_clear()
    sys.modules.pop("nile.games.nile_toy_tile", None)


def test_a_new_game_package_gets_a_launcher_tile(toy_package: None) -> None:
    tiles = build_tiles()
    titles = [t.title for t in tiles]
    assert titles[:5] == ["Cairo", "Cleopatra's Caboose", "Vom Kap bis Kairo", "Age of Steam",
                          "Loose Caboose!"]
    assert titles[5:] == ["Toy Tile", "Flick Practice"]
    toy = tiles[5]
    assert toy.playable and toy.players == "2–3" and toy.length == "5 min"
    assert registry.get("nile_toy_tile").title == "Toy Tile"
    rects = [t.rect for t in tiles]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert max(r.bottom for r in rects) <= 770


def test_the_grid_grows_without_overlap_or_spilling() -> None:
    for count in range(1, 17):
        rects = grid(count)
        assert len(rects) == count
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert all(r.left >= 0 and r.right <= 1280 and r.bottom <= 770 for r in rects)
