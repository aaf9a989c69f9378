"""Drives bot seats from the frame loop: a little thinking each frame, then the move.

`Autoplay` is the layer of a game scene that plays the seats no person here plays;
`BotTurns` is the bots' (a lesson's script is `TutorialLayer`).

Thinking is sliced (`think(seconds)`) so the window stays responsive; the move is
played once the bot has decided and the bot-speed delay has passed, so people can follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.ai.bots import explanation, make_bot
from nile.ai.hooks import Bot
from nile.core.game import Action
from nile.core.session import Match
from nile.ui.chrome.layer import Layer

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene

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


class Autoplay(Layer):
    """Who plays the seats no person at this screen plays: nobody (a replay), the bots
    (`BotTurns`) or a lesson's script (`TutorialLayer`). The scene asks it what a person
    may do meanwhile."""

    thinking = False
    """A bot is working out its move (the top bar says so)."""
    watching = False
    """The script plays every seat now, the learner's too: the table offers nothing."""
    skipping = False
    """Moves follow one another without waiting for the table's animations."""
    allows_undo = True
    allows_results = True
    """The results may open once the end has played out (a lesson explains them first)."""
    keeps_records = True
    """A game that ends here goes into the player's records (a lesson is no game)."""
    keeps_saves = True
    """The game is saved here (a remote table's game is the host's to save)."""
    resumed_from = "Continue"
    """The launcher's button that opens this table's save again (a lesson's is Learn to
    play: Continue lists games only)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def ready(self) -> bool:
        """The table may move on by itself: nobody is being waited for, the last move
        has landed and played out (or is skipped), and bots are not paused."""
        scene = self.scene
        return (not scene.handover.waiting and (not scene.anims.busy or self.skipping)
                and not scene.app.bots_paused and not scene.landing)

    @property
    def busy(self) -> bool:
        """A seat no person plays is to move and nobody is waited for."""
        seat = self.scene.state.current_player
        return (seat is not None and seat >= 0 and not self.scene.match.seats[seat].is_human
                and not self.scene.handover.waiting)

    def allows(self, action: Action) -> bool:
        """Whether a person's move may be played (a lesson refuses all but its step's)."""
        return True

    def after(self, action: Action) -> None:
        """A person's move was played."""

    def saved_with_game(self) -> dict[str, object]:
        """Fields the autosave keeps beside the game (a lesson's step), in the same write."""
        return {}

    def hint(self) -> str | None:
        """The hint to give instead of the normal bot's (a lesson's step), if any."""
        return None

    def reset(self) -> None:
        """The position changed under the autoplay (a move, an undo)."""

    def can_undo(self) -> bool:
        """Whether Undo has a move to take back now (the top bar and menu grey it)."""
        return self.allows_undo and self.scene.match.undo_seat() is not None

    def undo_elsewhere(self) -> bool:
        """Undo is answered somewhere else (a remote table asks its host): True if so."""
        return False

    def leaving_question(self) -> str | None:
        """What to ask before the table is left, if leaving ends something for others (a
        hosted table: friends playing at it); None: leave at once."""
        return None

    def close(self) -> None:
        """The table is closed (a remote table leaves its host)."""


class BotTurns(Autoplay):
    """The bots of a live game, thinking a slice each frame, moving when it is their turn."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.driver = BotDriver()

    @property
    def thinking(self) -> bool:  # type: ignore[override]
        return self.driver.thinking

    def reset(self) -> None:
        self.driver.reset()

    def update(self, dt: float) -> None:
        if not self.ready():
            return
        scene = self.scene
        actor = scene.state.current_player
        action = self.driver.update(scene.match, dt, scene.app.settings.bot_delay())
        if action is not None:
            if self.driver.reason:
                scene.log.reasons[scene.match.ply] = self.driver.reason
            scene.after_action(scene.match.play(action), actor)
