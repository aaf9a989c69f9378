"""Compare this tree's speed with another commit's, interleaved: `tools/bench.py --against REV`.

    python tools/bench_against.py REV [--games cleopatra,kap_kairo,cairo] [--runs 5]
                                      [--seconds 3] [--frames 900] [--nice 5] [--json]

One run of a benchmark on a shared machine mostly measures the other processes, and two
benchmarks run one after the other measure two different loads. So this checks REV out
into a temporary git worktree (a clean copy, whatever this tree holds), then alternates:
run 1 times REV then this tree, run 2 this tree then REV, and so on, `--runs` times. Each
time, for each game:
- that side's own tools/bench.py, one sample (`--runs 1`), its bot, frame and start-up
  figures skipped, under a shim that makes `time.perf_counter` the process's CPU time (an
  older bench.py timed random games by the wall clock; CPU time is what the engine costs);
  a game's own figures come with it (Cairo's flick median);
- for the games in `--frame-games`, this tree's tools/frame_probe.py pointed at that
  side's `nile` (`--root`), so both sides' frames are timed by one harness, heavy frames
  included, even where REV's bench.py had no heavy-frame figures.
Every child runs under `nice -n NICE` (both sides alike) with a time limit. The table gives
per figure the median and quartiles of each side and the ratio this/REV of the medians.
The worktree is removed at the end, also after an error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD_TIMEOUT_S = 900
MAX_RUNS = 30
SKIPPED = "bot_decision_p95_s,frame_ms_p95,startup_s"
CPU_SHIM = (
    "import os, runpy, sys, time; time.perf_counter = time.process_time; "
    "sys.argv = sys.argv[1:]; sys.path.insert(0, os.path.dirname(sys.argv[0])); "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)
"""Runs a bench.py with `time.perf_counter` reading CPU time: one clock for old and new."""
KEPT = (
    "random_games_per_s", "flick_ms_median", "flick_ms_p95",
    "frame_cpu_ms_p95", "frame_cpu_heavy_pct", "frame_cpu_heavy_mean_ms",
    "frame_cpu_worst_ms", "move_frames", "move_frame_cpu_median_ms",
    "move_frame_cpu_worst_ms", "move_frames_over_16ms", "other_frame_cpu_worst_ms",
)
"""The figures compared (others a bench prints are dropped: bot times depend on budgets)."""
HIGHER_IS_BETTER = {"random_games_per_s"}
COUNTS = {"move_frames"}
"""How many frames played a move: it depends on what the table shows, better neither way."""

Samples = dict[str, dict[str, list[float]]]
"""game -> figure -> one value per run."""


def _child(command: list[str], cwd: Path, nice: int) -> dict[str, float]:
    """Run one benchmark process and read the JSON object on its last line."""
    result = subprocess.run(["nice", "-n", str(nice), *command], cwd=cwd, capture_output=True,
                            text=True, timeout=CHILD_TIMEOUT_S)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed in {cwd}:\n{result.stderr[-3000:]}")
    last = result.stdout.strip().splitlines()[-1]
    parsed: dict[str, object] = json.loads(last)
    return {k: float(v) for k, v in parsed.items()
            if k in KEPT and isinstance(v, (int, float))}


def measure_side(root: Path, game: str, args: argparse.Namespace) -> dict[str, float]:
    """One sample of every figure of one game, on the checkout at `root`."""
    out = _child([sys.executable, "-c", CPU_SHIM, str(root / "tools" / "bench.py"),
                  "--game", game, "--runs", "1", "--seconds", str(args.seconds),
                  "--skip", SKIPPED, "--json"], root, args.nice)
    if game in args.frame_games:
        out.update(_child([sys.executable, str(ROOT / "tools" / "frame_probe.py"),
                           "--root", str(root), "--game", game, "--frames", str(args.frames),
                           "--json"], root, args.nice))
    return out


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """(lower quartile, median, upper quartile); a single value stands for all three."""
    if len(values) < 2:
        return values[0], values[0], values[0]
    low, mid, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, mid, high


def table(rev: str, samples: dict[str, Samples]) -> list[dict[str, object]]:
    """One row per game and figure: both sides' quartiles and the ratio of the medians."""
    rows = []
    for game, figures in samples["this"].items():
        for figure in KEPT:
            ours, theirs = figures.get(figure), samples[rev][game].get(figure)
            if not ours or not theirs:
                continue
            q_ours, q_theirs = quartiles(ours), quartiles(theirs)
            ratio = q_ours[1] / q_theirs[1] if q_theirs[1] else float("nan")
            rows.append({"game": game, "figure": figure, "rev": q_theirs, "this": q_ours,
                         "ratio": round(ratio, 3),
                         "better": "higher" if figure in HIGHER_IS_BETTER else
                         "-" if figure in COUNTS else "lower"})
    return rows


def print_table(rev: str, rows: list[dict[str, object]], runs: int) -> None:
    def span(q: object) -> str:
        low, mid, high = q  # type: ignore[misc]
        return f"{mid:9.2f} [{low:.2f}, {high:.2f}]"

    print(f"{runs} alternating runs; median [quartiles]; ratio = this tree / {rev}")
    print(f"{'game':<11} {'figure':<26} {rev[:22]:>28} {'this tree':>28} {'ratio':>7}  better")
    for row in rows:
        print(f"{row['game']:<11} {row['figure']:<26} {span(row['rev']):>28} "
              f"{span(row['this']):>28} {row['ratio']:>7}  {row['better']}")


def checkout(rev: str) -> tuple[Path, Path]:
    """A detached worktree of `rev` in a fresh temporary folder: (folder, worktree)."""
    folder = Path(tempfile.mkdtemp(prefix="nile-against-"))
    tree = folder / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), rev],
                   cwd=ROOT, check=True, capture_output=True, text=True)
    return folder, tree


def remove(folder: Path, tree: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                   capture_output=True, text=True)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True, text=True)
    shutil.rmtree(folder, ignore_errors=True)


def compare(args: argparse.Namespace) -> dict[str, Samples]:
    """Alternate the two sides `args.runs` times; every sample of every figure."""
    folder, tree = checkout(args.rev)
    sides = {args.rev: tree, "this": ROOT}
    samples: dict[str, Samples] = {side: defaultdict(lambda: defaultdict(list))
                                   for side in sides}
    try:
        for run in range(args.runs):
            order = [args.rev, "this"] if run % 2 == 0 else ["this", args.rev]
            for side in order:
                for game in args.games:
                    figures = measure_side(sides[side], game, args)
                    for key, value in figures.items():
                        samples[side][game][key].append(value)
                    print(f"run {run + 1}/{args.runs} {side} {game}: {figures}",
                          file=sys.stderr, flush=True)
    finally:
        remove(folder, tree)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the commit to compare with (any git revision)")
    parser.add_argument("--games", default="cleopatra,kap_kairo,cairo")
    parser.add_argument("--frame-games", default="cairo",
                        help="games whose busiest table's frames are timed too")
    parser.add_argument("--runs", type=int, default=5, help=f"alternations (at most {MAX_RUNS})")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of random games")
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--nice", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="and the rows as a JSON last line")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= MAX_RUNS:
        raise SystemExit(f"--runs must be 1..{MAX_RUNS}")
    args.games = [g for g in args.games.split(",") if g]
    args.frame_games = {g for g in args.frame_games.split(",") if g}
    samples = compare(args)
    rows = table(args.rev, samples)
    print_table(args.rev, rows, args.runs)
    if args.json:
        print(json.dumps({"rev": args.rev, "runs": args.runs, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
