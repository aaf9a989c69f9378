"""One connection as the host sees it: which table and seats it holds, and its rate limits.

Rate limits are token buckets, so a person clicking fast is never refused while a flood
is: `RATE` messages a second on average with bursts of `BURST`, and chat on its own,
slower bucket. A connection that keeps flooding after being told is closed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from nile.core.game import Seat

RATE, BURST = 20.0, 40.0
CHAT_RATE, CHAT_BURST = 0.5, 5.0
MAX_REFUSED_FLOOD = 200
"""Messages refused for flooding after which the connection is closed."""


@dataclass
class Bucket:
    """A token bucket: `take()` is False once the burst is spent faster than the rate."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(eq=False)
class Peer:
    """A connection's standing: greeted, at which table, holding which seats."""

    number: int
    greeted: bool = False
    table: str | None = None
    seats: set[Seat] = field(default_factory=set)
    host: bool = False
    """Joined with the host code: may hand seats to bots and end the game."""
    known: dict[Seat, int] = field(default_factory=dict)
    """Per seat, how many log entries this connection was sent (where the next view starts)."""
    messages: Bucket = field(default_factory=lambda: Bucket(RATE, BURST))
    chat: Bucket = field(default_factory=lambda: Bucket(CHAT_RATE, CHAT_BURST))
    flooded: int = 0
