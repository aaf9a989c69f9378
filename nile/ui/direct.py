"""Opening one scene directly (`nile --scene NAME`), for developers and testers."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from nile.core import registry
from nile.practice.scene import PracticeScene
from nile.ui.games import start_new
from nile.ui.settings_scene import SettingsScene
from nile.ui.setup_scene import default_rows, seats_from_rows
from nile.ui.shots import all_shots

if TYPE_CHECKING:
    from nile.ui.scene import Shell


def open_scene(app: Shell, name: str) -> bool:
    """Put the scene `name` on top of the launcher; False (and a message) if unknown.

    `name` is a game id (a new game: you and normal bots), `game:shot` (a scripted screen
    of `tools/screenshot.py --list`), `practice`, `settings` or `launcher`."""
    shots = all_shots()
    shot = name.replace(":", "/")
    if shot in shots:
        shots[shot](app)
    elif name == "settings":
        app.push(SettingsScene(app))
    elif name == "practice":
        app.push(PracticeScene(app))
    elif name == "launcher":
        pass
    elif registry.is_registered(name):
        info = registry.get(name)
        start_new(app, info, seats_from_rows(default_rows(info)), {}, seed=None)
    else:
        games = ", ".join(g.id for g in registry.listed_games())
        print(f"nile: no scene {name!r}. Games: {games}; also practice, settings, launcher, "
              "or GAME:SHOT (python tools/screenshot.py --list).", file=sys.stderr)
        return False
    return True
