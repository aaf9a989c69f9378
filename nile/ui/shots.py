"""Scripted screen states for screenshots, snapshot tests and frame benchmarks.

A shot is a function that puts scenes on an app's stack. The shared screens live here;
each game adds its own in `nile/games/<id>/shots.py` as `SHOTS = {"name": function}` and
may name its busiest table as `BENCH_SHOT` (the frame-time benchmark renders it).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import nile.games
from nile.ai.bots import choose, make_bot
from nile.core import library, owner, registry, saves
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import open_save
from nile.ui.games import is_playable, start_tutorial
from nile.ui.launcher import LauncherScene
from nile.ui.settings_scene import SettingsScene
from nile.ui.setup_scene import SetupScene

if TYPE_CHECKING:
    from nile.app import App
    from nile.ui.chrome.game_scene import GameScene
    from nile.ui.scene import Scene

Shot = Callable[["App"], None]
S = TypeVar("S", bound="Scene")


def play_bots_until(match: Match, stop: Callable[[Any], bool], *, me: int = 0,
                    limit: int = 5000) -> None:
    """The normal bot plays every seat, `me` included, until `stop(state)` holds at
    `me`'s decision (or the game ends): how a game's shots reach a moment worth seeing."""
    for _ in range(limit):
        state = match.state
        seat = state.current_player
        if seat is None or (seat == me and stop(state)):
            return
        bot = make_bot(match.info, "normal", seat, match.ply)
        match.play(choose(bot, state.observation(seat)))
        match.resolve_chance()


def on_table(app: App, scene: S) -> S:
    """`scene` over the launcher, as a player who started it from there sees it."""
    launcher(app)
    app.push(scene)
    return scene


def launcher(app: App) -> None:
    app.reset(LauncherScene(app))


def settings(app: App) -> None:
    launcher(app)
    app.push(SettingsScene(app))


GAME_PACKAGES = ("cairo", "cleopatra", "kap_kairo", "age_of_steam", "loose_caboose")
"""The games Nile ships (a toy game a test registered gets no screenshot)."""


def setup_first_game(app: App) -> None:
    launcher(app)
    games = [g for g in registry.all_games() if is_playable(g) and g.id in GAME_PACKAGES]
    if games:
        app.push(SetupScene(app, games[0]))


def tutorial_at(app: App, game_id: str, step: int) -> GameScene:
    """The game's tutorial, played up to its step `step` (0-based), over the launcher."""
    scene = start_tutorial(app, registry.get(game_id))
    assert scene.tutorial is not None
    scene.tutorial.fast_forward(step)
    return scene


_OTHER_WINDOW: list[object] = []
"""The claim the shot's pretended other window holds on its game (kept alive here)."""


def second_window(app: App) -> None:
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


SHARED: dict[str, Shot] = {"launcher": launcher, "settings": settings, "setup": setup_first_game,
                           "second_window": second_window}


def all_shots() -> dict[str, Shot]:
    """Every shot: the shared ones and `<game>/<name>` from each game's shots module."""
    shots = dict(SHARED)
    for module in pkgutil.iter_modules(nile.games.__path__):
        try:
            game_shots = importlib.import_module(f"nile.games.{module.name}.shots")
        except ModuleNotFoundError:
            continue
        for name, shot in getattr(game_shots, "SHOTS", {}).items():
            shots[f"{module.name}/{name}"] = shot
    try:
        practice = importlib.import_module("nile.practice.shots")
        shots.update({f"practice/{k}": v for k, v in getattr(practice, "SHOTS", {}).items()})
    except ModuleNotFoundError:
        pass
    return shots


def bench_shot(game_id: str) -> Shot | None:
    """The game's busiest table for frame timing, if it names one."""
    name = "nile.practice.shots" if game_id == "practice" else f"nile.games.{game_id}.shots"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        return None
    bench = getattr(module, "BENCH_SHOT", None)
    shot: Shot | None = getattr(module, "SHOTS", {}).get(bench) if bench else None
    return shot
