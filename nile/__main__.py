"""Start Nile: `python -m nile` (or the `nile` command).

    nile --version             the version
    nile --scene cairo         a new Cairo game at once (you and normal bots)
    nile --scene cairo:start   one scripted screen (the names `tools/screenshot.py --list` shows)
    nile --scene practice      Flick Practice; `settings` the settings
    nile serve --help          host matches without a window (docs/network.md)
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import signal
import sys
import tempfile


def main(argv: list[str] | None = None) -> int:
    """Run Nile; the exit status is 0 after Quit, 128 + the signal after a stop signal,
    1 if it could not start or gave up after repeated errors, 2 for an unknown scene.
    Ctrl+C before the window is up ends quietly too (no traceback). An error the app's
    own net did not catch still leaves a crash report and a line saying where it is."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Exception as error:
        from nile.ui import crash

        report = crash.write_report(error, [])
        where = f"; a report for the developers is in {report}" if report else ""
        print(f"Nile stopped ({type(error).__name__}: {error}){where}.", file=sys.stderr)
        return 1


def _main(argv: list[str] | None) -> int:
    args_list = sys.argv[1:] if argv is None else argv
    if args_list[:1] == ["serve"]:  # the headless host: no pygame is imported on this path
        from nile.net.serve import main as serve

        return serve(args_list[1:])
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
    from nile.app import start_app
    from nile.core import library, paths
    from nile.net.hub import settle_at_start
    from nile.ui.direct import open_scene

    settle_at_start(paths.hosted_dir())  # first: a game it writes is then pruned if over
    library.tidy()
    app = start_app()
    if app is None:
        return 1
    scene = args.scene
    if scene and app.guarded(lambda: open_scene(app, scene)) is False:
        return 2
    app.run()
    if app.stopped_by is not None:
        return 128 + app.stopped_by
    return 1 if app.gave_up else 0


if __name__ == "__main__":
    sys.exit(main())
