"""Cairo's tutorial pictures: magnified corners of the board drawn with the table's own
renderer (`BoardRenderer.focus`), so a picture looks exactly like the game.

- "burning": Zawyet's west edge with one block lying wholly on the site and one across
  the edge, glowing as burning blocks do on the table;
- "pyramid": a three-stone pyramid (2 + 1) and a six-stone one (3 + 2 + 1) on Zawyet, each
  stone with the influence its level gives.

`paint(name, size, colors)` returns the picture (None for a name it does not know);
`Pictures` keeps each one painted, since the step's card is drawn every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from nile.games.cairo.board import board
from nile.games.cairo.config import load
from nile.games.cairo.rules import pyramid_layout
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw
from nile.ui import text, theme
from nile.ui.theme import PlayerColor

CAPTION = 22
"""Pixels at the bottom of a picture for its caption."""


def paint(name: str, size: tuple[int, int],
          colors: Sequence[PlayerColor]) -> pygame.Surface | None:
    """The picture `name` at `size`, in the seats' colours; None if there is no such picture."""
    painter = PAINTERS.get(name)
    if painter is None:
        return None
    surface = pygame.Surface(size)
    surface.fill(theme.TABLE_DARK)
    painter(surface, colors)
    return surface


class Pictures:
    """The pictures a table has painted, by name and size."""

    def __init__(self) -> None:
        self._painted: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, name: str,
             colors: Sequence[PlayerColor]) -> bool:
        """Draw the picture `name` into `rect`, painted once per size; False if there is
        no such picture."""
        key = (name, rect.size)
        image = self._painted.get(key)
        if image is None:
            painted = paint(name, rect.size, colors)
            if painted is None:
                return False
            image = self._painted[key] = painted
        surface.blit(image, rect)
        return True


def _view(surface: pygame.Surface, center: tuple[float, float], scale: float) -> BoardRenderer:
    """A renderer showing the board around `center` at `scale` px/mm above the caption."""
    area = pygame.Rect(0, 0, surface.get_width(), surface.get_height() - CAPTION)
    renderer = BoardRenderer(area)
    renderer.focus(area, center, scale)
    renderer.draw_board(surface)
    return renderer


def _caption(surface: pygame.Surface, words: str) -> None:
    area = surface.get_rect()
    text.draw(surface, words, (area.centerx, area.bottom - 4), 14, theme.TEXT,
              anchor="midbottom", max_width=area.width - 12)


def _label(surface: pygame.Surface, renderer: BoardRenderer, at: tuple[float, float],
           words: str, lift: float = 0.0) -> None:
    """A short dark tag just above a block (or a stone, lifted by its level)."""
    x, y = renderer.to_screen(*at)
    image = text.render(words, 13, theme.TEXT, "bold")
    rect = image.get_rect(midbottom=(round(x), round(y - renderer.px(7.5) - lift)))
    pygame.draw.rect(surface, theme.darken(theme.PANEL, 0.3), rect.inflate(8, 2),
                     border_radius=4)
    surface.blit(image, rect)


def _burning(surface: pygame.Surface, colors: Sequence[PlayerColor]) -> None:
    site = board().site("zawyet")
    edge = site.x - site.w / 2
    renderer = _view(surface, (edge + 12.0, site.y + 2.0), 3.4)
    on_site = PieceDraw("on", "small", 0, edge + 27.0, site.y + 3.0, 0.15)
    across = PieceDraw("across", "small", 0, edge, site.y - 7.0, -0.3, burning=True)
    renderer.draw_pieces(surface, [on_site, across], colors)
    _label(surface, renderer, (on_site.x, on_site.y), "on the site: 1")
    _label(surface, renderer, (across.x, across.y), "burning: ½")
    _caption(surface, "A block across a boundary line burns: on a site's edge it counts half.")


def _pyramid(surface: pygame.Surface, colors: Sequence[PlayerColor]) -> None:
    data = load()
    pitch = data.pieces["small"].side + data.physics.pyramid_gap
    lift = 0.0
    half = surface.get_width() // 2
    for panel, (site_id, size, owners) in enumerate(
            (("zawyet", 3, (0, 0, 0)), ("saqqara", 6, (1, 0, 1, 0, 1, 0)))):
        part = surface.subsurface(pygame.Rect(panel * half, 0, half - 2 * (1 - panel),
                                              surface.get_height()))
        site = board().site(site_id)
        renderer = _view(part, (site.x, site.y + 4.0), 2.9)
        stones = [PieceDraw(f"{size}-{n}", "small", owners[n], site.x + u * pitch,
                            site.y - 2.0, 0.0, level)
                  for n, (u, _v, level) in enumerate(pyramid_layout(size))]
        renderer.draw_pieces(part, stones, colors)
        lift = renderer.px(data.pieces["small"].side) * 0.45
        top = max(stones, key=lambda stone: stone.level)
        _label(part, renderer, (top.x, top.y), f"{size} stones", lift * (top.level - 1))
    pygame.draw.line(surface, theme.TABLE_DARK, (half - 1, 0),
                     (half - 1, surface.get_height() - CAPTION), 3)
    _caption(surface, "Stones count their level: 1 + 1 + 2 = 4, and 1 + 1 + 1 + 2 + 2 + 3 = 10.")


PAINTERS: dict[str, Callable[[pygame.Surface, Sequence[PlayerColor]], None]] = {
    "burning": _burning,
    "pyramid": _pyramid,
}
