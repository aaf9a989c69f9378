"""A flick's physics run over several frames before the move lands (issue 33 item 6).

The rules resolve a flick in one call, and a flick that brings a pyramid down runs 10 ms
and more of physics: each stone that falls searches where it lands (1 to 5 ms a tick,
against some 10 us for a tick without a fall). Played in one frame beside the move's
refresh and draw, that frame missed 60 fps. So the scene takes the wobble the match will
draw (`Match.next_chance`), steps the very simulation the rules will need
(`flicking.run_ahead`), ending each frame's slice with the first tick in which a stone
fell, and lands the move (`after_action`, which resolves the chance) in the first frame
with no fall once the flick rests: the rules then read its outcome instead of running it
again. A flick in which no stone falls lands in the frame it is played, as before. The
slices are counted in ticks, not time, so every machine lands a move in the same frame
(screenshots and tests stay the same), and the outcome is bit for bit the rules' own.

Until then the table still shows the board before the flick and takes no input (the
flick's chance is to move, so no person's turn), bots and a lesson's script wait
(`TableScene.landing`), the app keeps drawing frames (the layer is busy), and leaving the
game or a lesson played ahead lands it at once (`land_now`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from nile.core.game import CHANCE, Event
from nile.games.cairo.rules import CairoState, run_ahead
from nile.games.cairo.rules import actions as A
from nile.ui.chrome.layer import Layer

if TYPE_CHECKING:
    from nile.core.session import Match
    from nile.games.cairo.physics import FlickSimulation


class Waiting(NamedTuple):
    """A move played whose flick has yet to rest."""

    events: list[Event]
    actor: int | None
    ply: int
    """The match's ply it waits at (another ply: the move was taken back)."""


class FlickAhead(Layer):
    """At most one move waiting for its flick to come to rest: a layer of the game scene,
    busy while a move waits (the app keeps drawing frames) and landing it when it rests."""

    def __init__(self, match: Callable[[], Match],
                 land: Callable[[list[Event], int | None], None]) -> None:
        self._match, self._land = match, land
        """The scene's match now, and the scene's landing of a move (`after_action`)."""
        self._sim: FlickSimulation | None = None
        self._move: Waiting | None = None
        self._rested = False

    @property
    def busy(self) -> bool:
        return self.waiting

    def update(self, dt: float) -> None:
        self._hand_on(self._due())

    def land_now(self) -> None:
        """Land a waiting move at once (leaving the game, a lesson played ahead): the rules
        step whatever is left of its flick."""
        self._hand_on(self._take() if self._still_waits() else None)

    @property
    def waiting(self) -> bool:
        return self._move is not None

    def begin(self, events: list[Event], actor: int | None) -> bool:
        """Whether the move just played must wait for its flick (the match's next chance is
        a flick's wobble); the first slice runs now, and a flick that rests within it does
        not wait."""
        match = self._match()
        state = match.state
        if not (isinstance(state, CairoState) and state.current_player == CHANCE
                and state.pending is not None):
            return False
        jitter = match.next_chance()
        assert isinstance(jitter, A.Jitter)
        self._sim = run_ahead(state, jitter)
        self._move, self._rested = Waiting(events, actor, match.ply), False
        return self._due() is None

    def _due(self) -> Waiting | None:
        """The waiting move, once its flick rests after this frame's slice."""
        if not self._still_waits() or not self._slice():
            return None
        return self._take()

    def _hand_on(self, move: Waiting | None) -> None:
        if move is not None:
            self._land(move.events, move.actor)

    def _still_waits(self) -> bool:
        """A move waits at the match's ply (one taken back meanwhile is dropped)."""
        if self._move is not None and self._match().ply != self._move.ply:
            self._move = self._sim = None
        return self._move is not None

    def _take(self) -> Waiting:
        move = self._move
        assert move is not None
        self._move = self._sim = None
        return move

    def _slice(self) -> bool:
        """Step until the flick rests or through the first tick in which a stone fell (the
        search for its landing is the dear part: 1 to 5 ms a tick, against some 10 us for
        a tick without one); True when it rests and the move may land in this frame, that
        is when no stone fell in this frame's slice."""
        if self._rested:
            return True
        sim = self._sim
        assert sim is not None
        while True:
            rested = sim.step_tick()
            fell = bool(sim.dropped)
            if rested:
                self._rested = True
                return not fell
            if fell:
                return False
