"""Render scripted screens to PNG, headless.

    python tools/screenshot.py --list
    python tools/screenshot.py --scene launcher --out shots/
    python tools/screenshot.py --all --out shots/
    python tools/screenshot.py --all --text-size 150 --window 1024x768 --out shots/

`--text-size` draws at a Settings text size (100-150 %); `--window` also saves the picture
as a window of that size would show it (the canvas scaled to fit, as the app does).

Shots come from `nile.ui.shots` (shared screens) and each game's `shots.py`.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Scripted games must never touch the player's own autosave and settings.
os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-tools-"))

import _common  # noqa: F401  (puts the project on sys.path)

FRAMES = 90


def render(name: str, out: Path, frames: int = FRAMES, text_size: int = 100,
           windows: tuple[tuple[int, int], ...] = ()) -> Path:
    """Build the shot, run `frames` frames at 60 fps, save the canvas (and, per window
    size, the canvas scaled as that window shows it, next to it)."""
    import pygame

    from nile.app import App
    from nile.ui import settings
    from nile.ui.shots import all_shots

    app = App(settings=settings.Settings(text_size=text_size))
    app.bots_paused = True  # a still picture: bots would think against the clock
    all_shots()[name](app)
    for _ in range(frames):
        app.tick(1 / 60, [])
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name.replace('/', '__')}.png"
    pygame.image.save(app.screen, str(path))
    for window in windows:
        scaled = pygame.transform.smoothscale(app.screen, window_view(window))
        pygame.image.save(scaled, str(path.with_name(f"{path.stem}@{window[0]}x{window[1]}.png")))
    return path


def window_view(window: tuple[int, int]) -> tuple[int, int]:
    """The size the canvas is shown at in a window of `window` desktop pixels (app.py's
    own rule: the largest scale that fits, keeping the canvas's proportions)."""
    from nile.app import window_size

    return window_size(window)


def _window(value: str) -> tuple[int, int]:
    width, _, height = value.partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--scene", action="append", default=[])
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--out", type=Path, default=Path("shots"))
    parser.add_argument("--frames", type=int, default=FRAMES)
    parser.add_argument("--text-size", type=int, default=100, help="per cent, 100-150")
    parser.add_argument("--window", type=_window, action="append", default=[],
                        help="also save as seen in a WxH desktop, e.g. 1024x768")
    args = parser.parse_args(argv)
    from nile.ui.shots import all_shots

    names = sorted(all_shots())
    if args.list:
        print("\n".join(names))
        return 0
    chosen = names if args.all else args.scene
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"unknown scene(s): {', '.join(unknown)}; see --list", file=sys.stderr)
        return 2
    for name in chosen:
        print(render(name, args.out, args.frames, args.text_size, tuple(args.window)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
