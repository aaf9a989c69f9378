"""Whose view a remote table shows: the host's view of each seat held here.

At one screen the table shows `state.observation(viewer)` of the true state. A remote
table has no true state, only each held seat's view from the host, so the person looking
sees their own seat's view as the host sent it, and while the screen may change hands
(two people at this computer, `viewer` None) everyone's public view: where a game cannot
mask a view further (Loose Caboose! refuses to turn one seat's view into another's), a
state that fits the view is dealt (`determinize`) and masked for nobody, so only what is
public survives, whatever was guessed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from nile.core.game import GameState
from nile.ui.chrome.handover import HandOver

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


class RemoteHandOver(HandOver):
    """`HandOver` whose views are the host's (`view_for(seat)`: the held seat's view)."""

    def __init__(self, scene: TableScene, shared_screen: bool,
                 view_for: Callable[[int], GameState | None]) -> None:
        self.view_for = view_for
        super().__init__(scene, shared_screen)

    def view_of(self, state: GameState) -> GameState:
        if state.is_terminal:
            return state
        viewer = self.viewer
        own = self.view_for(viewer) if viewer is not None else None
        if own is not None:
            return own
        return public_view(state)


def public_view(state: GameState) -> GameState:
    """What everyone may see of a seat's view (see the module's note)."""
    try:
        return state.observation(None)
    except ValueError:
        return state.determinize(random.Random(0)).observation(None)
