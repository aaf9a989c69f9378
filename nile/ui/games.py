"""Opening games: from a setup, from a save, or again with the same seats."""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nile.core import library, owner, tutorial
from nile.core.game import GameInfo
from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from nile.ui.chrome import watching
from nile.ui.chrome.autosave import Autosaver

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene
    from nile.ui.scene import Shell

SceneFactory = Callable[..., "TableScene"]


def is_playable(info: GameInfo | None) -> bool:
    """A game can be started once it has both an engine and a scene."""
    return info is not None and info.scene is not None


def scene_for(info: GameInfo) -> SceneFactory:
    """The game's scene class or factory, imported on first use."""
    if info.scene is None:
        raise LookupError(f"{info.title} has no scene yet.")
    module, _, attr = info.scene.partition(":")
    factory: Any = getattr(importlib.import_module(module), attr)
    return factory  # type: ignore[no-any-return]


def open_match(app: Shell, match: Match, autosave: Path | None = None,
               lesson: tutorial.Progress | None = None,
               claim: owner.Claim | None = None) -> TableScene:
    """Show a match (new or loaded) on top of the launcher.

    `autosave` is the file the game continues in (Continue gives the game's own, with
    this window's `claim` on it); without it the game gets a new one, so it never
    replaces another unfinished game. A `lesson` (a tutorial's progress) is attached
    before the first autosave, so that save already holds it: a kill right after opening
    leaves the lesson, not a game without it."""
    path = autosave if autosave is not None else library.new_autosave_path(match.info.id)
    saver = Autosaver(path, claim if claim is not None else owner.claim(path))
    scene = scene_for(match.info)(app, match, autosaver=saver)
    app.go_home()
    app.push(scene)
    if lesson is not None:
        scene.attach_tutorial(lesson)  # autosaves the game with its step
    elif not match.state.is_terminal and scene.autosaver is not None:
        scene.autosaver.save(match)
    return scene


def watch_match(app: Shell, match: Match, path: Path) -> TableScene:
    """The game another window is playing, read only: its moves so far as a replay at
    the latest one, following the file as that window saves (`GameScene.follow`)."""
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    scene = scene_for(match.info)(app, match, replay=replay)
    app.go_home()
    app.push(scene)
    watching.follow(scene, path)
    return scene


def has_tutorial(info: GameInfo) -> bool:
    """Whether the game can teach itself ("Learn to play")."""
    return tutorial.load(info.id) is not None


def start_tutorial(app: Shell, info: GameInfo) -> TableScene:
    """The game's guided first game: the learner at seat 0, the script at the others."""
    lesson = tutorial.load(info.id)
    if lesson is None:
        raise LookupError(f"{info.title} has no tutorial yet.")
    progress = tutorial.Progress(lesson)
    seats = [SeatConfig(name, "human" if i == 0 else "bot", "easy", i)
             for i, name in enumerate(lesson.seats)]
    resolved = info.resolve_options(dict(lesson.options))
    match = Match(info, tuple(seats), lesson.seed, resolved,
                  info.create(len(seats), lesson.seed, resolved))
    match.chance_script = progress.scripted_chance
    match.resolve_chance()
    return open_match(app, match, lesson=progress)


def saved_lesson(match: Match, saved: object) -> tutorial.Progress | None:
    """The tutorial a save was left in the middle of (its step is saved beside the game),
    brought in line with the moves the game holds (`Progress.catch_up`); None if the save
    holds no lesson of this game."""
    if not isinstance(saved, dict) or saved.get("game") != match.info.id:
        return None
    lesson = tutorial.load(match.info.id)
    if lesson is None:
        return None
    progress = tutorial.Progress(lesson)
    for key in ("step", "chance_used", "moves_played", "seeded_in_entry"):
        value = saved.get(key, 0)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10_000:
            setattr(progress, key, value)
    progress.step = min(progress.step, len(lesson.steps) - 1)
    progress.catch_up((entry.seat, entry.action.to_str()) for entry in match.log)
    return progress


def start_new(
    app: Shell,
    info: GameInfo,
    seats: Sequence[SeatConfig],
    options: Mapping[str, str],
    seed: int | None,
) -> None:
    """A fresh match; no seed given means a random one (recorded in the save)."""
    chosen = seed if seed is not None else secrets.randbelow(2**31)
    open_match(app, Match.new(info, seats, chosen, options))
