"""A match: one game with its seats, seed, options and the list of actions taken.

The match is what the app holds, saves and replays. It applies actions, resolves chance
with a generator derived from (seed, ply) so that a resumed game draws exactly what the
uninterrupted one would have, keeps the log of events, and knows what may be undone.

Undo (DESIGN.md): back to before a human's last own decision, never across chance or
revealed hidden information, never another player's move. The match keeps snapshots
only for the run of consecutive decisions by one seat since the last barrier; anything
else (chance, a barrier action, another seat acting) empties that stack.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nile.core import chance
from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action, Event, GameInfo, GameState, Seat

FORMAT = "nile-save"
VERSION = 1
"""The save format this Nile writes and reads (`nile.core.saves` checks it)."""

SEAT_KINDS = ("human", "bot")
BOT_LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: a person or a bot (with its level), a name and a colour."""

    name: str
    kind: str = "human"
    level: str = "normal"
    color: int = 0

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "color": self.color}


@dataclass(frozen=True)
class LogEntry:
    """One applied action and what it caused."""

    ply: int
    seat: Seat
    action: Action
    events: tuple[Event, ...]


@dataclass
class _Snapshot:
    state: GameState
    seat: Seat
    log_length: int


@dataclass
class Match:
    """A game in progress with everything needed to save, undo and replay it."""

    info: GameInfo
    seats: tuple[SeatConfig, ...]
    seed: int
    options: dict[str, str]
    state: GameState
    actions: list[str] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    _undo: list[_Snapshot] = field(default_factory=list)
    chance_script: Callable[[list[str]], str | None] | None = field(
        default=None, repr=False, compare=False)
    """A tutorial's scripted chance: given the possible outcomes' texts, the one to take
    (None: draw from the seed as usual). The outcomes taken are in `actions` like any."""
    _next: tuple[GameState, int, Action] | None = field(default=None, repr=False,
                                                        compare=False)
    """The chance outcome looked up for (state, ply) by `next_chance`."""

    @classmethod
    def new(cls, info: GameInfo, seats: Sequence[SeatConfig], seed: int,
            options: Mapping[str, str] | None = None) -> Match:
        """Start a game; setup chance is resolved so the first decision is ready."""
        resolved = info.resolve_options(options or {})
        state = info.create(len(seats), seed, resolved)
        match = cls(info, tuple(seats), seed, resolved, state)
        match.resolve_chance()
        return match

    @property
    def ply(self) -> int:
        """How many actions (chance included) have been applied."""
        return len(self.actions)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def play(self, action: Action) -> list[Event]:
        """Apply a decision (or chance outcome) for the current player; IllegalAction if not."""
        state = self.state
        seat = state.current_player
        if seat is None:
            raise IllegalAction("The game is over.")
        barrier = state.is_undo_barrier(action)
        before = state.clone() if not barrier else None
        events = state.apply(action)
        self._remember(seat, action, events, before)
        return events

    def play_text(self, text: str) -> list[Event]:
        """Apply an action given in its text form (saves, tests, tools)."""
        return self.play(self.state.parse_action(text))

    def resolve_chance(self) -> list[Event]:
        """Apply chance outcomes until a player (or the end) is to move."""
        events: list[Event] = []
        while self.state.current_player == CHANCE:
            events += self.play(self.next_chance())
        return events

    def next_chance(self) -> Action:
        """The chance outcome `resolve_chance` takes now (the state waits for chance): the
        tutorial's script, or the seed's draw for this ply. A scene may look ahead with it
        (Cairo runs the physics of the flick's wobble over several frames); it is kept for
        this state and ply, so a script that counts what it gave is asked once."""
        ahead = self._next
        if ahead is not None and ahead[0] is self.state and ahead[1] == self.ply:
            return ahead[2]
        outcomes = self.state.chance_outcomes()
        chosen = self._scripted(outcomes)
        if chosen is None:
            chosen = chance.pick(outcomes, chance.ply_rng(self.seed, self.ply))
        self._next = (self.state, self.ply, chosen)
        return chosen

    def _scripted(self, outcomes: list[tuple[Action, float]]) -> Action | None:
        if self.chance_script is None:
            return None
        texts = [action.to_str() for action, _ in outcomes]
        wanted = self.chance_script(texts)
        return outcomes[texts.index(wanted)][0] if wanted in texts else None

    def _remember(self, seat: Seat, action: Action, events: list[Event],
                  before: GameState | None) -> None:
        if before is None or seat == CHANCE or (self._undo and self._undo[-1].seat != seat):
            self._undo.clear()
        if before is not None and seat != CHANCE:
            self._undo.append(_Snapshot(before, seat, len(self.log)))
        self.actions.append(action.to_str())
        self.log.append(LogEntry(len(self.actions) - 1, seat, action, tuple(events)))

    # Undo --------------------------------------------------------------------------

    def undo_seat(self) -> Seat | None:
        """The human seat whose last decision can be taken back now, if any.

        Only the player to move may take back, and only their own decision: once the
        turn has passed to someone else, that player must not undo it for them."""
        if not self._undo:
            return None
        seat = self._undo[-1].seat
        mine = seat == self.state.current_player
        return seat if mine and self.seats[seat].is_human else None

    def undo(self) -> Seat:
        """Take back the last undoable decision; returns whose it was."""
        seat = self.undo_seat()
        if seat is None:
            raise IllegalAction("Nothing to undo: the last move was chance, hidden "
                                "information was revealed, or another player moved.")
        snapshot = self._undo.pop()
        self.state = snapshot.state
        del self.log[snapshot.log_length:]
        del self.actions[snapshot.log_length:]
        return seat

    # Saving ------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """The JSON-safe save: everything needed to rebuild this exact game."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.info.id,
            "options": dict(self.options),
            "seats": [seat.to_dict() for seat in self.seats],
            "seed": self.seed,
            "actions": list(self.actions),
        }
