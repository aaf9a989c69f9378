"""Measure Nile's performance figures (DESIGN.md targets) and print a table.

    python tools/bench.py --game loose_caboose            # table
    python tools/bench.py --game loose_caboose --json     # ... and a JSON last line

Figures (medians of several runs where it makes sense):
- random_games_per_s   full games with uniformly random moves, headless, per CPU second
                       (wall time on a shared machine mostly measures the other processes)
- bot_decision_p95_s   the hard bot's decision time (its real budget) over sampled states
- frame_ms_p95         update + draw of the game's busiest table (its BENCH_SHOT), wall clock
- frame_cpu_ms_p95     the same frames in this process's CPU time (steady on a busy machine)
- frame_cpu_heavy_pct, frame_cpu_heavy_mean_ms, frame_cpu_worst_ms: the frames above 5 ms
                       CPU (their share, their mean) and the worst, since a p95 hides them;
  move_frames, move_frame_cpu_median_ms / _worst_ms, move_frames_over_16ms: the frames
                       that played a move, apart (tools/frame_probe.py says more)
- startup_s            process start to the first launcher frame, in a fresh process
- rss_mb               peak memory of that process after rendering the busy table
- idle_cpu_pct         CPU of the app's own main loop while nothing moves and no input comes
                       (the launcher, or the game's busy table once its moves have played
                       out), in percent of one core, over IDLE_SECONDS after settling
A game may add figures through `GameInfo(bench="module:function")`.

    python tools/bench.py --against REV [--games a,b] [--runs 5]   # this tree against REV

compares this tree with another commit in alternating runs (tools/bench_against.py).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Scripted games must never touch the player's own autosave and settings.
os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-tools-"))

import bench_against
import frame_probe
from _common import ROOT

from nile.ai.bots import choose, make_bot
from nile.core import chance, registry
from nile.core.game import CHANCE, GameInfo, GameState

TARGETS = {
    "random_games_per_s": None,
    "bot_decision_p95_s": "<= 1.0",
    "frame_ms_p95": "<= 8.0",
    "startup_s": "<= 1.0",
    "rss_mb": "<= 250",
    "idle_cpu_pct": "< 2",
}

IDLE_SETTLE, IDLE_SECONDS = 3.0, 8.0


percentile = frame_probe.percentile


def random_game(info: GameInfo, players: int, seed: int, options: dict[str, str]) -> GameState:
    state = info.create(players, seed, options)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def random_games_per_s(
    info: GameInfo, players: int, options: dict[str, str], seconds: float, runs: int
) -> float:
    """Random games per CPU second of this process, the median of `runs` runs."""
    info.create(players, 0, options)  # loads the engine (`GameInfo` names it) before timing
    rates = []
    seed = 0
    for _ in range(runs):
        count, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            random_game(info, players, seed, options)
            count, seed = count + 1, seed + 1
        rates.append(count / (time.process_time() - started))
    return statistics.median(rates)


def sample_states(
    info: GameInfo, players: int, options: dict[str, str], count: int
) -> list[GameState]:
    """Decision points spread over a few random games."""
    rng = random.Random(99)
    states: list[GameState] = []
    seed = 1000
    while len(states) < count:
        state = info.create(players, seed, options)
        seed += 1
        while not state.is_terminal and len(states) < count:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.08:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return states


def bot_decision_p95(
    info: GameInfo, players: int, options: dict[str, str], decisions: int
) -> float:
    times = []
    for i, state in enumerate(sample_states(info, players, options, decisions)):
        seat = state.current_player
        assert seat is not None
        bot = make_bot(info, "hard", seat, seed=i)
        started = time.perf_counter()
        choose(bot, state.observation(seat))
        times.append(time.perf_counter() - started)
    return percentile(times, 0.95)


def frame_figures(game_id: str | None, frames: int) -> dict[str, float]:
    """Update + draw of the busiest table: p95s, heavy frames, frames that played a move."""
    return frame_probe.figures(frame_probe.measure(game_id, frames))


STARTUP_PROBE = """
import os, sys, time, resource
launched = float(sys.argv[1])
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, {root!r})
from nile.app import App
from nile.ui.launcher import LauncherScene
app = App(); app.push(LauncherScene(app)); app.tick(1 / 60, [])
import pygame; pygame.display.flip()
startup = time.time() - launched
game = {game!r}
if game:
    from nile.ui import shots
    shot = shots.bench_shot(game)
    if shot:
        shot(app)
        for _ in range(120):
            app.tick(1 / 60, [])
print(startup, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


IDLE_PROBE = """
import os, sys, time, resource, threading
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, {root!r})
from nile.app import App
from nile.ui.launcher import LauncherScene
app = App(); app.push(LauncherScene(app))
game = {game!r}
if game:
    from nile.ui import shots
    shot = shots.bench_shot(game)
    if shot:
        shot(app)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
marks = []
def mark():
    marks.append((time.monotonic(), cpu()))
def stop():
    mark(); app.running = False
threading.Timer({settle}, mark).start()
threading.Timer({settle} + {seconds}, stop).start()
app.run()
(t0, c0), (t1, c1) = marks
print(100 * (c1 - c0) / (t1 - t0))
"""


def idle_cpu_pct(game_id: str | None) -> float:
    """The app's own loop (`App.run`) with no input: a fresh process, one run (it is long)."""
    code = IDLE_PROBE.format(root=str(ROOT), game=game_id, settle=IDLE_SETTLE,
                             seconds=IDLE_SECONDS)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return float(out.stdout.split()[-1])


def startup_and_rss(game_id: str | None, runs: int) -> tuple[float, float]:
    """Wall time from launching Python to the first launcher frame; peak RSS in MB."""
    startups, rss = [], []
    code = STARTUP_PROBE.format(root=str(ROOT), game=game_id)
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code, repr(time.time())],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
        if out.returncode != 0:
            raise RuntimeError(out.stderr[-2000:])
        startup, peak = (float(x) for x in out.stdout.split()[-2:])
        startups.append(startup)
        rss.append(peak)
    return statistics.median(startups), max(rss)


def extra_figures(info: GameInfo) -> dict[str, float]:
    target = info.bench
    if not target:
        return {}
    module, _, attr = str(target).partition(":")
    figures: dict[str, float] = getattr(importlib.import_module(module), attr)()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=3.0, help="per random-games run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--frames", type=int, default=900,
                        help="timed frames (heavy ones are a few percent: enough of them)")
    parser.add_argument("--against", metavar="REV",
                        help="compare with commit REV instead (tools/bench_against.py --help)")
    parser.add_argument("--skip", default="", help="comma list of figures to skip")
    if argv is None:
        argv = sys.argv[1:]
    if "--against" in argv:  # the interleaved comparison has its own options
        at = argv.index("--against")
        return bench_against.main([*argv[at + 1:at + 2], *argv[:at], *argv[at + 2:]])
    args = parser.parse_args(argv)
    from _common import parse_options

    skip = set(filter(None, args.skip.split(",")))
    figures: dict[str, float] = {}
    # "practice" has frames to time but no rules engine
    info = registry.get(args.game) if args.game and registry.is_registered(args.game) else None
    if info is not None:
        options = info.resolve_options(parse_options(args.option))
        players = args.players or info.player_range(options)[0]
        if "random_games_per_s" not in skip:
            figures["random_games_per_s"] = round(
                random_games_per_s(info, players, options, args.seconds, args.runs), 1
            )
        if "bot_decision_p95_s" not in skip:
            figures["bot_decision_p95_s"] = round(
                bot_decision_p95(info, players, options, args.decisions), 3
            )
        figures.update(extra_figures(info))
    if "frame_ms_p95" not in skip:
        figures.update(frame_figures(args.game, args.frames))
    if "startup_s" not in skip:
        startup, rss = startup_and_rss(args.game, args.runs)
        figures["startup_s"], figures["rss_mb"] = round(startup, 3), round(rss, 1)
    if "idle_cpu_pct" not in skip:
        figures["idle_cpu_pct"] = round(idle_cpu_pct(args.game), 2)
    width = max(len(k) for k in figures) if figures else 10
    print(f"{'figure':<{width}}  {'value':>10}  target")
    for key, value in figures.items():
        print(f"{key:<{width}}  {value:>10}  {TARGETS.get(key) or ''}")
    if args.json:
        print(json.dumps({"game": args.game, **figures}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
