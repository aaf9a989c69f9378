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
(`TableScene.landing`), and leaving the game lands it at once (`due(now=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nile.core.game import CHANCE, Event
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import flicking
from nile.games.cairo.rules.state import CairoState

if TYPE_CHECKING:
    from nile.core.session import Match
    from nile.games.cairo.physics import FlickSimulation

@dataclass
class FlickAhead:
    """At most one move waiting for its flick to come to rest."""

    _sim: FlickSimulation | None = None
    _move: tuple[list[Event], int | None, int] | None = None
    """The move's events, who made it, and the match's ply it waits at."""
    _rested: bool = False

    @property
    def waiting(self) -> bool:
        return self._move is not None

    def begin(self, match: Match, events: list[Event], actor: int | None) -> bool:
        """Whether the move just played must wait for its flick (the match's next chance is
        a flick's wobble); the first slice runs now, and a flick that rests within it does
        not wait."""
        state = match.state
        if not (isinstance(state, CairoState) and state.current_player == CHANCE
                and state.pending is not None):
            return False
        jitter = match.next_chance()
        assert isinstance(jitter, A.Jitter)
        self._sim = flicking.run_ahead(state, jitter)
        self._move, self._rested = (events, actor, match.ply), False
        return self.due(match) is None

    def due(self, match: Match, now: bool = False) -> tuple[list[Event], int | None] | None:
        """The waiting move, once its flick rests (after this frame's slice) or `now`; it
        is dropped if the match moved meanwhile (an undo)."""
        if self._move is None:
            return None
        events, actor, ply = self._move
        if match.ply != ply:
            self._move = self._sim = None
            return None
        if not now and not self._slice():
            return None
        self._move = self._sim = None
        return events, actor

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
