"""Scripted Loose Caboose! screens for screenshots, snapshot tests and the frame benchmark.

Each shot plays a seeded game with the normal bot's moves up to an interesting moment,
then shows it from the first seat's chair (a human), exactly as a player would see it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nile.ai.bots import choose, make_bot
from nile.core.game import Event
from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.rules import LooseCabooseState
from nile.games.loose_caboose.rules.actions import Lay, Pass, Roll
from nile.games.loose_caboose.rules.events import Derailed
from nile.games.loose_caboose.scene import LooseCabooseScene
from nile.ui.shots import on_table, tutorial_at

if TYPE_CHECKING:
    from nile.app import App
    from nile.games.loose_caboose.scene import LooseCabooseScene

SEATS = (
    SeatConfig("Ann", "human", color=0),
    SeatConfig("Amun", "bot", "normal", 1),
    SeatConfig("Bastet", "bot", "hard", 2),
)


def _advance(match: Match, stop: Callable[[Match, list[Event]], bool], limit: int = 2000) -> None:
    """Play normal-bot moves for every seat until `stop` says so (at a human decision)."""
    for _ in range(limit):
        seat = match.state.current_player
        if seat is None:
            return
        if seat == 0 and match.seats[0].is_human and stop(match, []):
            return
        bot = make_bot(GAME_INFO, "normal", seat, match.ply)
        events = match.play(choose(bot, match.state.observation(seat)))
        events += match.resolve_chance()
        if stop(match, events):
            return


def _open(app: App, match: Match, events: list[Event] | None = None) -> None:
    scene = on_table(app, LooseCabooseScene(app, match))
    if events:
        scene.on_events(events)


def start(app: App) -> None:
    _open(app, Match.new(GAME_INFO, SEATS, seed=11))


def long_railway(app: App) -> None:
    match = Match.new(GAME_INFO, SEATS, seed=5)

    def long_enough(m: Match, _: list[Event]) -> bool:
        state = m.state
        assert isinstance(state, LooseCabooseState)
        return len(state.railway) >= 11 and state.current_player == 0

    _advance(match, long_enough)
    _open(app, match)


def derail(app: App) -> None:
    match = Match.new(GAME_INFO, SEATS, seed=3)
    seen: list[Event] = []

    def derailed(_: Match, events: list[Event]) -> bool:
        if any(isinstance(e, Derailed) for e in events):
            seen.extend(events)
            return True
        return False

    _advance(match, derailed)
    _open(app, match, seen)


def end(app: App) -> None:
    match = Match.new(GAME_INFO, SEATS, seed=8)
    _advance(match, lambda m, _: m.state.is_terminal, limit=5000)
    _open(app, match)


HOT_SEATS = (
    SeatConfig("Ann", "human", color=0),
    SeatConfig("Amun", "bot", "normal", 1),
    SeatConfig("Cy", "human", color=2),
)
"""Two humans share the screen with a bot between them (issue 12)."""


def _hot_seat_after_roll(app: App) -> LooseCabooseScene:
    """Ann (first to act with seed 2) lays what she can and rolls, in her own view."""
    match = Match.new(GAME_INFO, HOT_SEATS, seed=2)
    scene = on_table(app, LooseCabooseScene(app, match))
    scene.show_view()
    state = match.state
    lays = [a for a in state.legal_actions() if isinstance(a, Lay)]
    scene.submit(lays[0] if lays else Pass())
    if Roll() in match.state.legal_actions():
        scene.submit(Roll())
    return scene


def hot_seat_done(app: App) -> None:
    """The roll has played out in Ann's view; she passes the screen on with Done."""
    _hot_seat_after_roll(app)


def hot_seat_bot_turn(app: App) -> None:
    """After Ann's Done the bot plays: only public facts, no hand, no own penalty pile."""
    scene = _hot_seat_after_roll(app)
    scene.anims.finish()
    scene.pass_screen()


def replay(app: App) -> None:
    """A finished game's replay a third of the way in: the log up to that move."""
    match = Match.new(GAME_INFO, SEATS, seed=8)
    _advance(match, lambda m, _: m.state.is_terminal, limit=5000)
    recorded = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    scene = on_table(app, LooseCabooseScene(app, match, replay=recorded))
    scene.seek(len(match.actions) // 3)


def tutorial_welcome(app: App) -> None:
    """The first step of Learn to play: the railway picked out, the step's card."""
    tutorial_at(app, "loose_caboose", 0)


def tutorial_lay(app: App) -> None:
    """The step that asks for the first card laid: the front of the railway picked out."""
    tutorial_at(app, "loose_caboose", 2)


def tutorial_refused(app: App) -> None:
    """A wrong action in the tutorial (Pass where a 3 should be laid): the step's line."""
    scene = tutorial_at(app, "loose_caboose", 2)
    scene.submit(Pass())


def tutorial_derail(app: App) -> None:
    """The derail explained, with the two 1s that cancelled in the discards."""
    tutorial_at(app, "loose_caboose", 10)


SHOTS = {
    "tutorial_welcome": tutorial_welcome,
    "tutorial_lay": tutorial_lay,
    "tutorial_refused": tutorial_refused,
    "tutorial_derail": tutorial_derail,
    "start": start,
    "long_railway": long_railway,
    "derail": derail,
    "end": end,
    "hot_seat_done": hot_seat_done,
    "hot_seat_bot_turn": hot_seat_bot_turn,
    "replay": replay,
}
BENCH_SHOT = "long_railway"
