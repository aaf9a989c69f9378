"""Frame times of the Cairo scene in CPU time as well as wall time.

    python tools/cairo_scene_bench.py            prints one JSON line

On a shared machine the wall-clock frame time mostly measures the other processes (a
2-core box at load 8 stretches a 2 ms frame to 15 ms); the CPU time of the drawing thread
is what the scene itself costs. Tables measured over 300 frames after 30 warm-up frames:
- `flicks`: the bench shot (85 blocks, 5 ships, one flick after another), split into the
  frames with a flick in the air and the others;
- `idle`: all 85 blocks and 5 ships at rest, the player choosing what to flick;
- `idle_influence`: the same with the influence overlay on.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable

from _common import p95  # also puts the project on sys.path

from nile.games.cairo.rules.phases import Phase

FRAMES = 300
WARMUP = 30



def _run(setup: Callable[[object], object]) -> dict[str, list[float]]:
    import pygame

    from nile.app import App

    app = App()
    scene = setup(app)
    for _ in range(WARMUP):
        app.tick(1 / 60, pygame.event.get())
    out: dict[str, list[float]] = {"wall": [], "cpu": [], "cpu_flying": [], "cpu_other": []}
    for _ in range(FRAMES):
        wall, cpu = time.perf_counter(), time.thread_time()
        app.tick(1 / 60, pygame.event.get())
        spent = (time.thread_time() - cpu) * 1000
        out["wall"].append((time.perf_counter() - wall) * 1000)
        out["cpu"].append(spent)
        flying = getattr(getattr(scene, "stage", None), "show", None) is not None
        out["cpu_flying" if flying else "cpu_other"].append(spent)
    return out


def _idle(influence: bool) -> Callable[[object], object]:
    def setup(app: object) -> object:
        from nile.games.cairo.shots import crowded, match_of, open_scene

        state = crowded(5, seed=1).to_move(0, Phase.CHOOSE, die=3).build()
        scene = open_scene(app, match_of(state, 5, humans=5))  # type: ignore[arg-type]
        if influence:
            scene.toggle_influence()
        return scene

    return setup


def _flicks(app: object) -> object:
    from nile.games.cairo.shots import flicks

    flicks(app)  # type: ignore[arg-type]
    return app.top  # type: ignore[attr-defined]


def figures() -> dict[str, float]:
    out: dict[str, float] = {}
    for name, setup in (("flicks", _flicks), ("idle", _idle(False)),
                        ("idle_influence", _idle(True))):
        times = _run(setup)
        out[f"{name}_wall_ms_p95"] = p95(times["wall"])
        out[f"{name}_cpu_ms_p95"] = p95(times["cpu"])
        if name == "flicks":
            out["flicks_cpu_ms_p95_in_flight"] = p95(times["cpu_flying"])
            out["flicks_cpu_ms_p95_other"] = p95(times["cpu_other"])
            out["flicks_frames_in_flight"] = float(len(times["cpu_flying"]))
    out["load_average_1min"] = round(os.getloadavg()[0], 2)
    return out


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-bench-"))
    print(json.dumps(figures(), sort_keys=True))
