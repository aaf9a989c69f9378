"""Frame times of the Flick Practice screens, in CPU time as well as wall time.

    python tools/practice_bench.py            prints one JSON line

`tools/bench.py` times a game's `BENCH_SHOT` (`nile.games.<id>.shots`); practice is not a
game, so this module follows the same conventions for its own shots (`App.tick` at 1/60 s,
30 warm-up frames, then 300 frames, p95 in milliseconds). As in Cairo's scene bench, the
CPU time of the drawing thread is reported beside the wall time (on a loaded machine the
wall clock mostly measures the other processes).
- `busy` (BENCH_SHOT): free practice on a cluttered board (the rival's 15 blocks on the
  sites, your blocks piling up), a flick after every flick; its frames are also split into
  those that start a flick (the flick is resolved headless in that frame, as the game
  does) and the others;
- `aiming`: the same board held mid-drag (band, arrow, power bar, path and ghost);
- `statistics`: the statistics screen over a made-up history of eight sessions.
"""

from __future__ import annotations

import json
import os
import tempfile
import time

from _common import p95  # also puts the project on sys.path

FRAMES = 300
WARMUP = 30



def _run(shot: str) -> dict[str, list[float]]:
    import pygame

    from nile.app import App
    from nile.practice.shots import SHOTS

    app = App()
    SHOTS[shot](app)
    for _ in range(WARMUP):
        app.tick(1 / 60, pygame.event.get())
    scene = app.top
    out: dict[str, list[float]] = {"wall": [], "cpu": [], "cpu_firing": [], "cpu_settling": [],
                                   "cpu_other": []}
    for _ in range(FRAMES):
        showing = getattr(scene, "show", None)
        wall, cpu = time.perf_counter(), time.thread_time()
        app.tick(1 / 60, pygame.event.get())
        spent = (time.thread_time() - cpu) * 1000
        out["wall"].append((time.perf_counter() - wall) * 1000)
        out["cpu"].append(spent)
        now = getattr(scene, "show", None)
        kind = "cpu_firing" if now is not None and now is not showing else \
            "cpu_settling" if showing is not None and now is None else "cpu_other"
        out[kind].append(spent)
    return out


def figures() -> dict[str, float]:
    out: dict[str, float] = {}
    for name in ("busy", "aiming", "statistics"):
        times = _run(name)
        out[f"{name}_wall_ms_p95"] = p95(times["wall"])
        out[f"{name}_cpu_ms_p95"] = p95(times["cpu"])
        if name == "busy":
            for part in ("firing", "settling", "other"):
                out[f"busy_cpu_ms_p95_{part}"] = p95(times[f"cpu_{part}"])
                out[f"busy_cpu_ms_max_{part}"] = round(max(times[f"cpu_{part}"], default=0), 2)
            out["busy_flicks"] = float(len(times["cpu_firing"]))
    out["load_average_1min"] = round(os.getloadavg()[0], 2)
    return out


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-bench-"))
    print(json.dumps(figures(), sort_keys=True))
