"""Stepping forward and back through a finished (or saved) game.

A replay is the action list re-applied to a fresh game. States are rebuilt on demand
from checkpoints every `CHECKPOINT_EVERY` plies, so stepping is cheap in both
directions without holding a copy of every state.

Its stops are the players' moves: the set-up (with the chance steps that deal it), then
each player's move together with the chance steps that follow it (the cards it turns
up), so "Move 3 of 40" counts what players did, not shuffles and draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nile.core.game import CHANCE, Event, GameInfo, GameState
from nile.core.session import SeatConfig

CHECKPOINT_EVERY = 25


@dataclass
class Replay:
    """The states of a recorded game, ply by ply; `position` 0 is the state before any
    chance step, and a replay starts at `setup` (the set-up dealt)."""

    info: GameInfo
    seats: tuple[SeatConfig, ...]
    seed: int
    options: dict[str, str]
    actions: list[str]
    position: int = 0
    _checkpoints: dict[int, GameState] = field(default_factory=dict)
    _state: GameState | None = None
    _events: list[Event] = field(default_factory=list)
    _history: list[list[Event]] = field(default_factory=list)
    """What each ply caused, ply 1 first, as far as the replay has stepped (for the log)."""
    _movers: list[int | None] = field(default_factory=list)
    """Who made each ply (`CHANCE` for a chance step), as far as the replay has stepped."""
    stops: list[int] = field(default_factory=list)
    """The positions a step rests at: the set-up, then after each player's move and the
    chance steps that follow it."""
    _moves_upto: list[int] = field(default_factory=list)
    """Players' moves before each position (drawn every frame of a replay: counted once)."""

    def __post_init__(self) -> None:
        start = self.info.create(len(self.seats), self.seed, self.options)
        self._checkpoints[0] = start
        self._state = start.clone()
        self.seek(self.length)  # one pass: who made each ply, checkpoints, the log
        self.stops = self._find_stops()
        self._moves_upto = [0]
        for mover in self._movers:
            self._moves_upto.append(self._moves_upto[-1] + (mover != CHANCE))
        self.seek(self.setup)

    def _find_stops(self) -> list[int]:
        position, stops = 0, []
        while True:
            while position < self.length and self._movers[position] == CHANCE:
                position += 1
            stops.append(position)
            if position >= self.length:
                return stops
            position += 1

    @property
    def setup(self) -> int:
        """The first stop: the set-up dealt, before the first player's move."""
        return self.stops[0]

    @property
    def move_count(self) -> int:
        """How many moves the players made in the whole game."""
        return self.moves_before(self.length)

    def moves_before(self, position: int) -> int:
        """How many players' moves come before `position` (chance steps do not count)."""
        return self._moves_upto[max(0, min(position, len(self._moves_upto) - 1))]

    def stop_from(self, position: int, step: int) -> int:
        """The stop `step` moves on from `position` (back if negative), within the game."""
        for _ in range(abs(step)):
            if step > 0:
                position = next((p for p in self.stops if p > position), self.stops[-1])
            else:
                position = next((p for p in reversed(self.stops) if p < position),
                                self.stops[0])
        return position

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def state(self) -> GameState:
        assert self._state is not None
        return self._state

    @property
    def last_events(self) -> list[Event]:
        """What the action that led to `position` caused (empty at the start)."""
        return self._events

    def history(self) -> list[list[Event]]:
        """What every ply up to `position` caused, oldest first: the log so far.

        Every ply below `position` was stepped through to get there (a checkpoint is only
        made by stepping), so each has its events remembered.
        """
        return self._history[: self.position]

    def seek(self, position: int) -> GameState:
        """Move to `position` (clamped to the game) and return that state."""
        position = max(0, min(self.length, position))
        if position < self.position or self._state is None:
            base = max(p for p in self._checkpoints if p <= position)
            self._state, self.position = self._checkpoints[base].clone(), base
            self._events = []
        while self.position < position:
            self._step()
        return self.state

    def forward(self) -> GameState:
        return self.seek(self.position + 1)

    def back(self) -> GameState:
        return self.seek(self.position - 1)

    def _step(self) -> None:
        state = self.state
        mover = state.current_player
        self._events = state.apply(state.parse_action(self.actions[self.position]))
        if self.position == len(self._history):
            self._history.append(self._events)
            self._movers.append(mover)
        self.position += 1
        if self.position % CHECKPOINT_EVERY == 0 and self.position not in self._checkpoints:
            self._checkpoints[self.position] = state.clone()
