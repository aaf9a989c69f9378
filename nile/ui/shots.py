"""Scripted screen states for screenshots, snapshot tests and frame benchmarks.

A shot is a function that puts scenes on an app's stack. The shared screens live here;
each game adds its own in the module its `GAME_INFO.shots` names (`nile/games/<id>/shots.py`)
as `SHOTS = {"name": function}` and may name its busiest table as `BENCH_SHOT` (the
frame-time benchmark renders it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from nile.ai.bots import choose, make_bot
from nile.ai.hooks import Bot
from nile.core import library, owner, registry, saves
from nile.core.game import GameInfo
from nile.core.records import History, Record, SeatRecord
from nile.core.session import BOT_LEVELS, Match, SeatConfig
from nile.ui import joined_games, reference_shots
from nile.ui.chrome.dialogs import open_save
from nile.ui.games import is_playable, start_tutorial
from nile.ui.launcher import LauncherScene
from nile.ui.online import OnlineScene
from nile.ui.records_scene import RecordsScene
from nile.ui.settings_scene import SettingsScene
from nile.ui.setup_scene import SetupScene

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene
    from nile.ui.scene import Scene, Shell

Shot = Callable[["Shell"], None]
S = TypeVar("S", bound="Scene")
PRACTICE_SHOTS = "nile.practice.shots"
"""Flick Practice is not a game in the registry; its shots module is named here."""


def play_bots_until(match: Match, stop: Callable[[Any], bool], *, me: int = 0,
                    limit: int = 5000, bot: Callable[[Match, int], Bot] | None = None) -> None:
    """The normal bot (or `bot(match, seat)`, a game's own choice) plays every seat, `me`
    included, until `stop(state)` holds at `me`'s decision (or the game ends): how a game's
    shots reach a moment worth seeing."""
    for _ in range(limit):
        state = match.state
        seat = state.current_player
        if seat is None or (seat == me and stop(state)):
            return
        player = bot(match, seat) if bot is not None else make_bot(
            match.info, "normal", seat, match.ply)
        match.play(choose(player, state.observation(seat)))
        match.resolve_chance()


def on_table(app: Shell, scene: S) -> S:
    """`scene` over the launcher, as a player who started it from there sees it."""
    launcher(app)
    app.push(scene)
    return scene


def launcher(app: Shell) -> None:
    app.reset(LauncherScene(app))


def settings(app: Shell) -> None:
    launcher(app)
    app.push(SettingsScene(app))


def setup_first_game(app: Shell) -> None:
    """The setup screen of the launcher's first game (a game a test registers has no tile,
    so it is never this one)."""
    launcher(app)
    games = [g for g in registry.listed_games() if is_playable(g)]
    if games:
        app.push(SetupScene(app, games[0]))


def records_screen(app: Shell) -> None:
    """The Records over the launcher, with a scripted history of every game against each
    bot level (the screen only lays it out: nothing is written to the player's records)."""
    launcher(app)
    scene = RecordsScene(app)
    app.push(scene)
    games = [(g.id, g.title) for g in registry.listed_games()]
    made = []
    for i in range(14):
        game, title = games[i % len(games)]
        level = BOT_LEVELS[i % len(BOT_LEVELS)]
        seats = (SeatRecord("Ann", "human", "", 40.0 + i, i % 3 != 1),
                 SeatRecord("Bastet", "bot", level, 38.5 + i % 4, i % 3 == 1),
                 SeatRecord("Chephren", "bot", BOT_LEVELS[(i + 1) % len(BOT_LEVELS)], 20, False))
        made.append(Record(f"2026-11-{28 - i:02d} 2{i % 4}:15", game, title, {}, seats,
                           False, {}))
    scene.show(History(tuple(made)))


def tutorial_at(app: Shell, game_id: str, step: int) -> TableScene:
    """The game's tutorial, played up to its step `step` (0-based), over the launcher."""
    scene = start_tutorial(app, registry.get(game_id))
    assert scene.tutorial is not None
    scene.tutorial.fast_forward(step)
    return scene


_OTHER_WINDOW: list[object] = []
"""The claim the shot's pretended other window holds on its game (kept alive here)."""


def second_window(app: Shell) -> None:
    """What a second Nile window shows when it continues a game another window has open:
    the question, with a copy, watching or nothing on offer."""
    launcher(app)
    info = registry.get("loose_caboose")
    seats = [SeatConfig("Ann", "human", color=0), SeatConfig("Bastet", "bot", "normal", 1)]
    match = Match.new(info, seats, 7)
    play_bots_until(match, lambda state: False, limit=6)
    path = library.new_autosave_path(info.id)
    saves.write_atomic(path, library.save_data(match))
    _OTHER_WINDOW[:] = [owner.claim(path)]
    open_save(app, path)


def online_join(app: Shell) -> None:
    """Play online with two games joined before (Join offers the last address and code
    and lists them); it does not listen for games on the network."""
    launcher(app)
    when = 1796620200.0  # 7 Dec 2026, in the morning (shown in local time)
    joined_games.remember_game("ws://192.168.1.20:8765", ["K7QM4ZXA"], "cleopatra", when)
    joined_games.remember_game("ws://nile.example.org:8765", ["BT3HW9PD", "RM2XY6FN"],
                               "loose_caboose", when + 3600)
    joined_games.remember_typed("nile.example.org", "BT3HW9PD, RM2XY6FN")
    app.push(OnlineScene(app, browse=False))


SHARED: dict[str, Shot] = {"launcher": launcher, "settings": settings, "setup": setup_first_game,
                           "second_window": second_window, "records": records_screen,
                           "online_join": online_join}


def game_shots(info: GameInfo) -> dict[str, Shot]:
    """The shots of the module a game names in `GAME_INFO.shots` (none if it names none)."""
    if info.shots is None:
        return {}
    shots: dict[str, Shot] = getattr(importlib.import_module(info.shots), "SHOTS", {})
    return shots


def all_shots() -> dict[str, Shot]:
    """Every shot: the shared ones, `<game>/<name>` from each listed game's shots module and
    `practice/<name>` from Flick Practice's."""
    shots = dict(SHARED)
    for info in registry.listed_games():
        shots.update({f"{info.id}/{name}": shot for name, shot in game_shots(info).items()})
    shots.update(reference_shots.shots())
    practice = importlib.import_module(PRACTICE_SHOTS)
    shots.update({f"practice/{k}": v for k, v in getattr(practice, "SHOTS", {}).items()})
    return shots


def bench_shot(game_id: str) -> Shot | None:
    """The game's busiest table for frame timing, if it names one."""
    if game_id == "practice":
        name: str | None = PRACTICE_SHOTS
    else:
        name = registry.get(game_id).shots if registry.is_registered(game_id) else None
    if name is None:
        return None
    module = importlib.import_module(name)
    bench = getattr(module, "BENCH_SHOT", None)
    shot: Shot | None = getattr(module, "SHOTS", {}).get(bench) if bench else None
    return shot
