"""Opening games: from a setup, from a save, or again with the same seats."""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nile.core import library
from nile.core.game import GameInfo
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.autosave import Autosaver

if TYPE_CHECKING:
    from nile.app import App
    from nile.ui.chrome.game_scene import GameScene

SceneFactory = Callable[..., "GameScene"]


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


def open_match(app: App, match: Match, autosave: Path | None = None) -> None:
    """Show a match (new or loaded) on top of the launcher.

    `autosave` is the file the game continues in (Continue gives the game's own); without
    it the game gets a new one, so it never replaces another unfinished game."""
    path = autosave if autosave is not None else library.new_autosave_path(match.info.id)
    scene = scene_for(match.info)(app, match, autosaver=Autosaver(path))
    app.go_home()
    app.push(scene)
    if not match.state.is_terminal and scene.autosaver is not None:
        scene.autosaver.save(match)


def start_new(
    app: App,
    info: GameInfo,
    seats: Sequence[SeatConfig],
    options: Mapping[str, str],
    seed: int | None,
) -> None:
    """A fresh match; no seed given means a random one (recorded in the save)."""
    chosen = seed if seed is not None else secrets.randbelow(2**31)
    open_match(app, Match.new(info, seats, chosen, options))
