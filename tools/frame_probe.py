"""Frame times of a game's busiest table, the heavy frames and the frames that carry a move.

    python tools/frame_probe.py --game cairo [--frames 900] [--root PATH] [--json]

tools/bench.py takes its frame figures from here. A p95 alone hides the frames that stutter:
on Cairo's table the frames where a flick is played are about 5 % of all, so the p95 flips
between runs as a few of them fall either side of it. So this reports the heavy frames
themselves (issue 33 item 6):
- frame_ms_p95 / frame_cpu_ms_p95       update + draw, wall clock / this process's CPU
- frame_cpu_heavy_pct                   share of frames above 5 ms CPU, in percent
- frame_cpu_heavy_mean_ms               their mean CPU time
- frame_cpu_worst_ms                    the worst frame
- move_frames                           frames in which the table played a move (the
                                        match's ply changed: the move applied, the scene's
                                        after_action and refresh ran)
- move_frame_cpu_median_ms / _worst_ms  those frames' CPU times
- move_frames_over_16ms                 how many of them missed a 60 fps frame (16.7 ms)
- other_frame_cpu_worst_ms              the worst frame without a move

The module imports nothing of the project at load time: `--root` (tools/bench_against.py
uses it) measures another checkout's `nile` with this same probe, so two commits are timed
by the same harness even where an older tools/bench.py had no heavy-frame figures.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HEAVY_MS = 5.0
"""A frame above this much CPU is a heavy one (a 60 fps frame has 16.7 ms in all)."""
FRAME_BUDGET_MS = 1000 / 60
WARMUP = 30


@dataclass
class FrameTimes:
    """Per-frame times in ms after the warm-up, and which frames played a move."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    moved: list[bool] = field(default_factory=list)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (nan for no values), as tools/bench.py has always used."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _ply(app: object) -> int | None:
    """The ply of the match on top of the app, if the top scene plays one."""
    match = getattr(getattr(app, "top", None), "match", None)
    ply = getattr(match, "ply", None)
    return ply if isinstance(ply, int) else None


def measure(game_id: str | None, frames: int) -> FrameTimes:
    """Tick the game's bench shot (the launcher without one) `frames` times after a warm-up."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-tools-"))
    pygame = importlib.import_module("pygame")
    app = importlib.import_module("nile.app").App()
    shots = importlib.import_module("nile.ui.shots")
    shot = shots.bench_shot(game_id) if game_id else None
    (shot or shots.launcher)(app)
    out = FrameTimes()
    for frame in range(frames + WARMUP):
        before = _ply(app)
        started, used = time.perf_counter(), time.process_time()
        app.tick(1 / 60, pygame.event.get())
        cpu = (time.process_time() - used) * 1000
        wall = (time.perf_counter() - started) * 1000
        if frame >= WARMUP:
            out.wall.append(wall)
            out.cpu.append(cpu)
            out.moved.append(before is not None and _ply(app) != before)
    return out


def figures(times: FrameTimes) -> dict[str, float]:
    """The frame figures named in the module docstring, rounded to 0.01 ms."""
    heavy = [c for c in times.cpu if c > HEAVY_MS]
    moves = [c for c, m in zip(times.cpu, times.moved, strict=True) if m]
    others = [c for c, m in zip(times.cpu, times.moved, strict=True) if not m]
    out = {
        "frame_ms_p95": percentile(times.wall, 0.95),
        "frame_cpu_ms_p95": percentile(times.cpu, 0.95),
        "frame_cpu_heavy_pct": 100 * len(heavy) / len(times.cpu) if times.cpu else float("nan"),
        "frame_cpu_heavy_mean_ms": statistics.fmean(heavy) if heavy else 0.0,
        "frame_cpu_worst_ms": max(times.cpu, default=float("nan")),
        "move_frames": float(len(moves)),
        "move_frame_cpu_median_ms": statistics.median(moves) if moves else float("nan"),
        "move_frame_cpu_worst_ms": max(moves, default=float("nan")),
        "move_frames_over_16ms": float(sum(1 for c in moves if c > FRAME_BUDGET_MS)),
        "other_frame_cpu_worst_ms": max(others, default=float("nan")),
    }
    return {key: round(value, 2) for key, value in out.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose nile package is measured")
    parser.add_argument("--json", action="store_true", help="one JSON line only")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root.resolve()))
    result = figures(measure(args.game, args.frames))
    if args.json:
        print(json.dumps({"game": args.game, **result}, sort_keys=True))
    else:
        for key, value in result.items():
            print(f"{key:<26}  {value:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
