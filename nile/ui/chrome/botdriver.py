"""Drives bot seats from the frame loop: a little thinking each frame, then the move.

Thinking is sliced (`think(seconds)`) so the window stays responsive; the move is
played once the bot has decided and the bot-speed delay has passed, so people can follow.
"""

from __future__ import annotations

from nile.ai.bots import Bot, explanation, make_bot
from nile.core.game import Action
from nile.core.session import Match

THINK_SLICE = 0.008
"""Seconds of bot thinking per frame: the frame stays near 60 fps."""


class BotDriver:
    """The bot of the current seat, if it is a bot's turn."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._bot: Bot | None = None
        self._choice: Action | None = None
        self._waited = 0.0
        self.reason: str | None = None
        """Why the bot chose the move it just returned, when it says (a passed free build)."""

    @property
    def thinking(self) -> bool:
        return self._bot is not None and self._choice is None

    def reset(self) -> None:
        self._key, self._bot, self._choice = None, None, None

    def update(self, match: Match, dt: float, delay: float) -> Action | None:
        """Advance the current bot; returns its move when it should be played."""
        seat = match.state.current_player
        if seat is None or seat < 0 or match.seats[seat].is_human:
            self.reset()
            return None
        key = (seat, match.ply)
        if key != self._key:
            self._key, self._choice, self._waited = key, None, 0.0
            level = match.seats[seat].level
            self._bot = make_bot(match.info, level, seat, seed=match.seed * 7919 + match.ply)
            self._bot.start(match.state.observation(seat))
        self._waited += dt
        assert self._bot is not None
        if self._choice is None and self._bot.think(THINK_SLICE):
            self._choice = self._bot.action()
        if self._choice is not None and self._waited >= delay:
            choice = self._choice
            self.reason = explanation(self._bot)
            self.reset()
            return choice
        return None
