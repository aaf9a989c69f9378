"""One hosted match and its rules of engagement, without any networking.

A `Table` wraps the app's own `Match` (so the undo policy, chance resolution and the save
format are exactly those of one screen) and adds what a remote table needs: a code per
person's seat (the seat's key), the host's code, and a sequence number `seq` counted up
by every change, which every move must answer so that a replayed, reordered or
overtaken move is refused instead of being played twice. It is plain, synchronous code:
the server calls it from its event loop, tests call it directly.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from nile.core import library, saves
from nile.core.errors import IllegalAction, SaveError
from nile.core.game import Action, GameState, Seat
from nile.core.session import BOT_LEVELS, Match, SeatConfig
from nile.core.text import safe_text
from nile.net.codec import encode_state, steps_for
from nile.net.protocol import Over, View

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another when read out (no I, O, 0, 1)."""
CODE_LENGTH = 8
"""40 bits: guessing a code at the rate limit takes longer than any game."""


class Refused(ValueError):
    """A request the table turns down; `str()` is the reason the sender reads."""


def new_code() -> str:
    """A fresh seat or host code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class Table:
    """A match with its seats' codes and its change counter."""

    id: str
    match: Match
    codes: list[str | None]
    host_code: str
    seq: int = 0
    ended: bool = False
    """The host ended the game before its end (it stays a save)."""
    started: bool = False
    """The host started the game (its waiting rooms go to the table)."""
    local: tuple[int, ...] = ()
    """The seats played at the hosting app itself: hosting it again from Continue seats
    its people there again (`nile serve` has none)."""
    _public: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._public = not self.match.info.hides_information(self.match.options)

    @classmethod
    def create(cls, table_id: str, match: Match) -> Table:
        """A new table: every person's seat gets a code, bots none."""
        codes = [new_code() if seat.is_human else None for seat in match.seats]
        return cls(table_id, match, codes, new_code())

    @property
    def over(self) -> bool:
        return self.ended or self.match.state.is_terminal

    @property
    def begun(self) -> bool:
        """The game is under way: started by the host, or a move was made."""
        return self.started or self.seq > 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.match.names)

    # Changes --------------------------------------------------------------------------

    def move(self, seat: Seat, seq: int, text: str) -> int:
        """Play `text` for `seat`, answering view `seq`; returns the log length before,
        so the caller can send the new steps. Refused (nothing changed) otherwise."""
        self._check_turn(seat, seq)
        if len(text) > saves.MAX_ACTION_CHARS:
            raise Refused("That move is too long to be a move.")
        state = self.match.state
        try:
            action = state.parse_action(text)
        except IllegalAction as error:
            raise Refused(error.reason) from None
        except (ValueError, TypeError, KeyError, IndexError, OverflowError):
            raise Refused(f"'{safe_text(text, 60)}' is not a move of this game.") from None
        return self._play(action)

    def play_bot(self, seat: Seat, seq: int, action: Action) -> int:
        """Play a bot's move, decided on view `seq` (Refused if the table moved since)."""
        if self.match.seats[seat].is_human:
            raise Refused("That seat is no longer a bot's.")
        self._check_turn(seat, seq)
        return self._play(action)

    def _play(self, action: Action) -> int:
        before = len(self.match.log)
        try:
            self.match.play(action)
        except IllegalAction as error:
            raise Refused(error.reason) from None
        self.match.resolve_chance()
        self.seq += 1
        return before

    def undo(self, seat: Seat, seq: int) -> None:
        """Take back `seat`'s last decision under the one-screen policy."""
        self._check_open(seq)
        if self.match.undo_seat() != seat:
            raise Refused("Nothing to undo: the last move was chance, hidden information "
                          "was revealed, or another player moved.")
        self.match.undo()
        self.seq += 1

    def hand_to_bot(self, seat: Seat, level: str) -> None:
        """The seat is a bot's from now on. Its code is kept (in the save too): the person
        coming back with it takes the seat back (`take_back`), even after the host
        restarted."""
        if not 0 <= seat < len(self.match.seats):
            raise Refused("There is no such seat.")
        if level not in BOT_LEVELS:
            raise Refused(f"A bot's level is one of {', '.join(BOT_LEVELS)}.")
        if self.over:
            raise Refused("The game is over.")
        self._seat_kind(seat, "bot", level)

    def handed(self, seat: Seat) -> bool:
        """Whether a bot plays a person's seat (handed over by the host): a bot's seat with
        a code (a seat that was a bot's from the start has none)."""
        return self.match.seats[seat].kind == "bot" and self.codes[seat] is not None

    def take_back(self, seat: Seat) -> None:
        """The seat's person came back with its code: the seat is theirs again and the bot
        stops (a bot's move decided before answers an older view and is dropped)."""
        if not self.handed(seat):
            raise Refused("No bot plays that seat in a person's place.")
        if self.over:
            raise Refused("The game is over.")
        self._seat_kind(seat, "human", self.match.seats[seat].level)

    def _seat_kind(self, seat: Seat, kind: str, level: str) -> None:
        old = self.match.seats[seat]
        seats = list(self.match.seats)
        seats[seat] = SeatConfig(old.name, kind, level, old.color)
        self.match.seats = tuple(seats)
        self.seq += 1

    def start(self) -> None:
        """The host starts the game (before, waiting rooms wait for everybody)."""
        if self.over:
            raise Refused("The game is over.")
        self.started = True

    def end(self) -> None:
        """The host stops the game; it stays on disk as a save."""
        if self.over:
            raise Refused("The game is over already.")
        self.ended = True
        self.seq += 1

    def _check_open(self, seq: int) -> None:
        if self.over:
            raise Refused("The game is over.")
        if seq != self.seq:
            raise Refused(f"That answers an older view of the table (view {seq}, "
                          f"the table is at {self.seq}); nothing was changed.")

    def _check_turn(self, seat: Seat, seq: int) -> None:
        self._check_open(seq)
        mover = self.match.state.current_player
        if mover != seat:
            who = self.names[mover] if mover is not None and mover >= 0 else "nobody"
            raise Refused(f"It is not your turn: {who} is to move.")

    # What is sent ---------------------------------------------------------------------

    def bot_to_move(self) -> tuple[Seat, GameState] | None:
        """The bot seat to move and its observation, if a bot is to move."""
        seat = self.match.state.current_player
        if self.over or seat is None or seat < 0 or self.match.seats[seat].is_human:
            return None
        return seat, self.match.state.observation(seat)

    def view(self, seat: Seat, first: int) -> View:
        """What `seat` sees now, with the log from entry `first` on."""
        match = self.match
        first = min(first, len(match.log))
        can_undo = not self.over and match.undo_seat() == seat
        return View(self.id, seat, self.seq, encode_state(match.state, seat), first,
                    steps_for(match.log, first, seat, self._public), can_undo)

    def over_message(self) -> Over:
        """The whole save, once the game is over (never before)."""
        assert self.over
        return Over(self.id, self.match.to_save(), self.ended)

    # Saving ---------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """The app's save of the match with the table's own fields beside it."""
        return {**library.save_data(self.match), "finished": self.over,
                "net": {"id": self.id, "codes": list(self.codes), "host_code": self.host_code,
                        "seq": self.seq, "ended": self.ended, "started": self.begun,
                        "local": list(self.local)}}

    @classmethod
    def from_save(cls, data: Any, label: str) -> Table:
        """The table a `to_save` wrote (every move replayed and checked by `saves`)."""
        match = saves.match_from_save(data, label)
        net = data.get("net")
        if not isinstance(net, dict):
            raise SaveError(f"{label} is not a hosted match.")
        table_id, codes, host = net.get("id"), net.get("codes"), net.get("host_code")
        seq, ended, started = net.get("seq"), net.get("ended"), net.get("started", False)
        local = net.get("local", [])
        if (not isinstance(table_id, str) or not isinstance(host, str)
                or not isinstance(codes, list) or len(codes) != len(match.seats)
                or not all(c is None or isinstance(c, str) for c in codes)
                or not isinstance(seq, int) or not isinstance(ended, bool)
                or not isinstance(started, bool) or not isinstance(local, list)
                or not all(isinstance(s, int) and 0 <= s < len(codes) for s in local)):
            raise SaveError(f"{label} has damaged table fields.")
        return cls(table_id, match, list(codes), host, seq, ended, started, tuple(local))
