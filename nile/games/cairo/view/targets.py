"""What can be clicked on the Cairo table, as the hit maps' typed targets.

The scene's table map holds the board, each block drawn on it (for the tooltip), the rings
of blocks that may be taken back and the influence switch; the pyramid window's map (its
own component, `pyramid_ui.py`) holds the views a pyramid may be placed in, the blocks the
window magnifies (for the tooltip), the stones that may be picked and the rows of the colour
order. Both are filled while those things are
drawn, so a click acts on what the player saw there. A ringed block is the intent's own
target (`intent.Stone`): the picker turns a click on it into the move. Flicks are drags
on the table, not targets: `flick_input.py` reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from nile.games.cairo.intent import Stone
from nile.games.cairo.view.mapview import BoardRenderer, PieceDraw
from nile.ui.kit.hits import HitMap


@dataclass(frozen=True)
class OnBoard:
    """The board itself (a click there that hits nothing else)."""


@dataclass(frozen=True)
class Block:
    """A block as drawn on the board (the tooltip under the mouse)."""

    piece: PieceDraw


@dataclass(frozen=True)
class InfluenceSwitch:
    """The influence overlay's switch in the board's corner."""


TableTarget = OnBoard | Block | Stone | InfluenceSwitch
TableHits = HitMap[TableTarget]


@dataclass(frozen=True)
class SiteView:
    """A view a pyramid may be placed in: the board or the magnified window onto the site
    (two are equal when they are the same renderer)."""

    renderer: BoardRenderer


@dataclass(frozen=True)
class WindowFrame:
    """The magnified window's frame and title (it hides the board under it)."""


@dataclass(frozen=True)
class OrderRow:
    """A row of the colour-order dialog (0 is the top of the pyramid)."""

    index: int


@dataclass(frozen=True)
class OrderDialog:
    """The colour-order dialog around its rows."""


PyramidTarget = SiteView | WindowFrame | Block | Stone | OrderRow | OrderDialog
PyramidHits = HitMap[PyramidTarget]


__all__ = ["Block", "InfluenceSwitch", "OnBoard", "OrderDialog", "OrderRow", "PyramidHits",
           "PyramidTarget", "SiteView", "Stone", "TableHits", "TableTarget", "WindowFrame"]
