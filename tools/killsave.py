"""Kill -9 a process in the middle of autosaving, again and again; count good saves lost.

    python tools/killsave.py --kills 200

A child process plays a game and autosaves after every move through the app's own
`Autosaver` (background thread, atomic write). The parent kills it with SIGKILL at a
random moment, then checks that the autosave on the disk still loads as a real game
with at least as many moves as the last good one seen. Any missing, damaged or older
file is a good save lost (the target is 0). Temporary files left by the killed writes
are counted and then cleaned the way the app does at start (`library.tidy`). The last
line is a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (puts the project on sys.path)

from nile.core import library, registry, saves
from nile.core.errors import SaveError
from nile.core.session import Match, SeatConfig


def child(path: Path, seed: int) -> None:
    """Play random games forever, autosaving after every move (until killed)."""
    from nile.ui.chrome.autosave import Autosaver

    info = registry.get("loose_caboose")
    rng = random.Random(seed)
    saver = Autosaver(path)
    match = None
    if path.exists():  # go on from the game on the disk, as Continue would
        try:
            match = saves.load(path)
        except SaveError:
            match = None
    while True:
        if match is None or match.state.is_terminal:  # the next game, another seed
            seats = (SeatConfig("Ann"), SeatConfig("Bo", color=1))
            match = Match.new(info, seats, rng.randrange(10**9))
        match.play(rng.choice(match.state.legal_actions()))
        match.resolve_chance()
        saver.save(match)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seed)
        return 0
    home = Path(tempfile.mkdtemp(prefix="nile-kill-"))
    os.environ["NILE_HOME"] = str(home)
    path = library.new_autosave_path("loose_caboose")
    rng = random.Random(args.seed)
    kills = lost = checked = 0
    best = (-1, 0)  # (seed, moves) of the last good save seen
    for number in range(args.kills):
        process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(path), "--seed", str(number)],
            env={**os.environ, "NILE_HOME": str(home)},
        )
        first = path.stat().st_mtime_ns if path.exists() else None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None:
            if path.exists() and path.stat().st_mtime_ns != first:
                break  # it is saving now: strike at a random moment of its writing
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.3))
        process.send_signal(signal.SIGKILL)
        process.wait()
        kills += 1
        if not path.exists():
            continue  # killed before its first save
        checked += 1
        try:
            match = saves.load(path)
        except SaveError:
            lost += 1
            continue
        seen = (match.seed, len(match.actions))
        if seen[0] == best[0] and seen[1] < best[1]:
            lost += 1  # the same game went back in time: a newer good save was lost
        best = seen
    temp_files = sum(1 for p in path.parent.iterdir() if p.name.endswith(saves.TEMP_SUFFIX))
    library.tidy(now=time.time() + 3600)
    left = sum(1 for p in path.parent.iterdir() if p.name.endswith(saves.TEMP_SUFFIX))
    summary = {"kills": kills, "saves_checked": checked, "good_saves_lost": lost,
               "temp_files_left_by_kills": temp_files, "temp_files_left_after_tidy": left}
    print(json.dumps(summary, sort_keys=True))
    return 1 if lost or left else 0


if __name__ == "__main__":
    sys.exit(main())
