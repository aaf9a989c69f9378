"""Start Nile: `python -m nile` (or the `nile` command). `--version` prints the version."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nile", description="Five tabletop games along the Nile.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    args = parser.parse_args(argv)
    from nile import __version__

    if args.version:
        print(f"nile {__version__}")
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from nile.app import App
    from nile.core import library
    from nile.ui.launcher import LauncherScene

    library.tidy()
    app = App(home=LauncherScene)
    app.go_home()
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
