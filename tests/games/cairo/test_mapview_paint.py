"""The board's painted sand: the pyramid window paints its corner of it quickly and exactly.

Issue 33 item 6: the first pyramid offer's frame took 20-25 ms, about 3 ms of it the
window's magnified board, whose grains of sand were each worked out and placed for the
whole board though the window shows a few percent of it."""

from __future__ import annotations

import pygame

from nile.games.cairo.board import board
from nile.games.cairo.view import mapview
from nile.games.cairo.view.mapview import BoardRenderer


class Pixels:
    """Stands for a surface: records where grains are set (the last colour wins)."""

    def __init__(self, width: int, height: int) -> None:
        self.size, self.set = (width, height), {}  # type: ignore[var-annotated]

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def set_at(self, pos: tuple[int, int], color: tuple[int, int, int]) -> None:
        self.set[pos] = color


def every_grain(renderer: BoardRenderer, surface: Pixels) -> None:
    """The pattern as it was painted before: every grain of the board, in order."""
    b = renderer.board
    seed = 12345
    for _ in range(int(b.width * b.height / 90)):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = (seed % 10000) / 10000 * b.width
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = (seed % 10000) / 10000 * b.height
        if b.south_bank - 2 < y < b.north_bank + 2:
            continue
        px, py = renderer.to_screen(x, y)
        if 0 <= px < surface.get_width() and 0 <= py < surface.get_height():
            surface.set_at((int(px), int(py)), mapview.SAND_DARK if seed % 3 else (236, 216, 170))


def test_the_window_paints_the_grains_of_its_corner_exactly_and_only_those(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    total = int(board().width * board().height / 90)  # grains tried for the whole board
    for site in board().sites:
        inset = BoardRenderer(pygame.Rect(0, 0, 10, 10))
        inset.focus(pygame.Rect(100, 100, 262, 240), (site.x, site.y),
                    240 / (max(site.w, site.h) + 32))
        fast, slow = Pixels(262, 240), Pixels(262, 240)
        every_grain(inset, slow)
        visited: list[float] = []
        real = inset.to_screen
        monkeypatch.setattr(inset, "to_screen", lambda x, y, real=real, visited=visited:
                            (visited.append(x), real(x, y))[1])
        inset._speckle(fast)  # type: ignore[arg-type]
        assert fast.set == slow.set and fast.set, site.id
        assert len(visited) < total / 4, site.id
    whole = BoardRenderer(pygame.Rect(0, 0, 10, 10))
    whole.fit(pygame.Rect(0, 0, 1100, 620))
    fast, slow = Pixels(*whole.rect.size), Pixels(*whole.rect.size)
    every_grain(whole, slow)
    whole._speckle(fast)  # type: ignore[arg-type]
    assert fast.set == slow.set
