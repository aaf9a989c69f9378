"""The messages of Nile's network protocol: typed, JSON on the wire, checked on the way in.

Every message is a frozen dataclass below; on the wire it is one WebSocket text frame
holding a JSON object whose `type` names the class (`Move` -> "move") and whose other keys
are the fields; `nile.net.wire` encodes them and checks every incoming one (issue 31,
item 8).

The protocol has its own version (`PROTOCOL`), checked with the Nile version in the
`Hello` handshake: a peer of another Nile version is refused with both versions named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PROTOCOL = 3
"""Bumped whenever a message changes meaning; both ends must agree exactly."""
PORT = 8765
"""Where a host listens unless told otherwise (`nile serve`, an app hosting a game)."""
MAX_MESSAGE_BYTES = 64 * 1024
"""The cap on a message a server accepts (WebSocket `max_size`): bigger ones close the
connection with code 1009 before they are parsed."""
MAX_TEXT = 4000
MAX_ITEMS = 20_000
MAX_INT = 2**53


class ProtocolError(ValueError):
    """A message that is not one of ours, or not well formed; `str()` says why."""


# Client -> server ---------------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    """The first message of either side: who speaks, in which versions."""

    nile: str
    protocol: int


@dataclass(frozen=True)
class Join:
    """Take the seat whose code this is (a seat's key), or a match's host code."""

    code: str


@dataclass(frozen=True)
class Move:
    """A decision for `seat`, in its text form (`Action.to_str`), answering view `seq`:
    a move for an older view (replayed, out of order, or overtaken) is refused."""

    seat: int
    seq: int
    action: str


@dataclass(frozen=True)
class Undo:
    """Take back `seat`'s last decision (the one-screen policy), answering view `seq`."""

    seat: int
    seq: int


@dataclass(frozen=True)
class Chat:
    """A line for the table (through the text gate, rate-limited)."""

    text: str


@dataclass(frozen=True)
class PlayerSpec:
    """A seat of a new match: a person (who gets a code) or a bot."""

    name: str
    kind: str = "human"
    level: str = "normal"
    color: int = 0


@dataclass(frozen=True)
class Create:
    """Start a match (needs the server's admin token, see `nile serve`)."""

    admin: str
    game: str
    players: tuple[PlayerSpec, ...]
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class HandToBot:
    """The host gives a seat (a missing person's) to a bot of `level`."""

    seat: int
    level: str = "normal"


@dataclass(frozen=True)
class Start:
    """The host starts the game: every waiting room goes to the table (`Seats.started`)."""


@dataclass(frozen=True)
class EndGame:
    """The host ends the match; it stays on the server as a save."""


# Server -> client ---------------------------------------------------------------------

@dataclass(frozen=True)
class Welcome:
    """The server's answer to a `Hello` it accepts."""

    nile: str
    protocol: int


@dataclass(frozen=True)
class Refusal:
    """A message was refused and changed nothing; `about` is its type ('move')."""

    reason: str
    about: str = ""


@dataclass(frozen=True)
class Created:
    """A new match: its id, the host code and one code per seat (None for bots)."""

    match: str
    host_code: str
    codes: tuple[str | None, ...]


@dataclass(frozen=True)
class Joined:
    """A seat (or, with `seat` None, the host's rights) of a match is now this connection's."""

    match: str
    seat: int | None
    game: str
    names: tuple[str, ...]
    colors: tuple[int, ...]
    options: dict[str, str]


@dataclass(frozen=True)
class Step:
    """One applied action as `seat`'s viewer may know it: who acted (-1: chance), the
    action text where the viewer may see it (their own, or any in a game that hides
    nothing; never chance's) and the events described for the viewer (`{p0}` for names)."""

    seat: int
    action: str | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class View:
    """What `seat` sees now: `observation(seat).to_dict()` (see `nile.net.codec`), the
    match's sequence number to answer, and the log from step `first` on (the client drops
    what it has from `first` and appends `steps`: an undo sends fewer, a rejoin all)."""

    match: str
    seat: int
    seq: int
    state: dict[str, Any]
    first: int
    steps: tuple[Step, ...]
    can_undo: bool


@dataclass(frozen=True)
class SeatInfo:
    """A seat's name, kind ('human' or 'bot'), and whether its person is connected; if not,
    for how many seconds they have been away (None: never came). `handed`: a bot plays a
    person's seat (the host handed it over); the seat's code takes it back."""

    seat: int
    name: str
    kind: str
    connected: bool
    away_for: float | None
    handed: bool = False


@dataclass(frozen=True)
class Seats:
    """Who is at the table: sent to everybody whenever it changes."""

    match: str
    seats: tuple[SeatInfo, ...]
    started: bool = False
    """The host started the game (or a move was made): waiting rooms go to the table."""


@dataclass(frozen=True)
class ChatLine:
    """A chat line from `name` (seat None: the host)."""

    match: str
    seat: int | None
    name: str
    text: str


@dataclass(frozen=True)
class Over:
    """The game ended (`ended_by_host`: the host stopped it): the whole save, chance and
    seed included, so everybody can replay and keep it."""

    match: str
    save: dict[str, Any]
    ended_by_host: bool = False


CLIENT_MESSAGES: tuple[type, ...] = (Hello, Join, Move, Undo, Chat, Create, HandToBot, Start,
                                     EndGame)
SERVER_MESSAGES: tuple[type, ...] = (Welcome, Refusal, Created, Joined, View, Seats, ChatLine,
                                     Over)
Message = Any
"""Any of the message classes above (a dataclass instance)."""


def type_name(cls: type) -> str:
    """The wire name of a message class: `HandToBot` -> 'hand_to_bot'."""
    name = cls.__name__
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower()
                   for i, c in enumerate(name))


BY_NAME = {type_name(c): c for c in (*CLIENT_MESSAGES, *SERVER_MESSAGES)}
