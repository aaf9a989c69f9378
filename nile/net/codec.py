"""What crosses the wire of a game: a seat's observation and the log as that seat knows it.

The engines already promise what the network needs (nile/core/game.py): `to_dict()` is
JSON-safe, `from_dict(to_dict())` equals the original, and `observation(seat)` is a state
of the same class with what the seat may not see masked by the engine itself (the
hot-seat test checks those masks). So a view is `observation(seat).to_dict()`: the client
rebuilds a state of the game's own class and the existing scene draws it, and nothing the
seat may not see is in the bytes, because it was never in the observation. The true
state, the seed and the chance actions stay on the host; tests/net check this message by
message for every game with hidden information.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nile.core.game import CHANCE, Event, GameInfo, GameState, Seat
from nile.core.session import LogEntry
from nile.net.protocol import ProtocolError, Step


def encode_state(state: GameState, seat: Seat) -> dict[str, Any]:
    """The JSON-safe picture of what `seat` sees of the true `state`."""
    return state.observation(seat).to_dict()


def decode_state(info: GameInfo, data: Mapping[str, Any], seat: Seat) -> GameState:
    """The observation a `View` carries, as a state of the game's class, seen by `seat`.

    A picture the game cannot read raises ProtocolError (a server of another build)."""
    try:
        state = info.state_type().from_dict(data)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as error:
        raise ProtocolError(f"The table sent a view this {info.title} cannot read "
                            f"({type(error).__name__}).") from None
    state.viewer = seat
    return state


def step_for(entry: LogEntry, viewer: Seat, public_actions: bool) -> Step:
    """`entry` as `viewer` may know it: the events described for them, and the action's
    text only where they may see it (their own decision, or any decision in a game that
    hides nothing, such as Cairo's flicks, which clients re-simulate for the motion);
    chance's outcome only through the events, which hide what the viewer may not see."""
    mine = entry.seat == viewer
    shown = entry.seat != CHANCE and (mine or public_actions)
    return Step(entry.seat, entry.action.to_str() if shown else None,
                lines_for(entry.events, viewer))


def lines_for(events: Sequence[Event], viewer: Seat) -> tuple[str, ...]:
    """The log lines `events` make for `viewer` (a step's `lines`; a client re-enacting
    a step checks its guess against them)."""
    return tuple(line for line in (e.describe(viewer) for e in events) if line)


def steps_for(log: list[LogEntry], first: int, viewer: Seat,
              public_actions: bool) -> tuple[Step, ...]:
    """The log from entry `first` on, for `viewer`."""
    return tuple(step_for(entry, viewer, public_actions) for entry in log[first:])
