"""Start Nile: `python -m nile` (or the `nile` command).

    nile --version             the version
    nile --scene cairo         a new Cairo game at once (you and normal bots)
    nile --scene cairo:start   one scripted screen (the names `tools/screenshot.py --list` shows)
    nile --scene practice      Flick Practice; `settings` the settings
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nile", description="Five tabletop games along the Nile.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--scene", metavar="GAME[:SHOT]",
                        help="open one scene directly: a game, a game's scripted shot, "
                             "practice, settings or launcher")
    args = parser.parse_args(argv)
    from nile import __version__

    if args.version:
        print(f"nile {__version__}")
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.scene and ":" in args.scene:
        # a scripted screen plays made-up games: keep them out of the player's saves
        home = tempfile.mkdtemp(prefix="nile-scene-")
        os.environ["NILE_HOME"] = home
        atexit.register(shutil.rmtree, home, ignore_errors=True)
    from nile.app import App
    from nile.core import library
    from nile.ui.direct import open_scene

    library.tidy()
    app = App()
    app.go_home()
    if args.scene and not open_scene(app, args.scene):
        return 2
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
