"""Age of Steam figures: random full games per second and bot decision times per map.

    /work/venv/bin/python tests/games/age_of_steam/bench_aos.py --games 20
    /work/venv/bin/python tests/games/age_of_steam/bench_aos.py --decisions --games 1

Not a test (pytest does not collect it): timings are measured, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from nile.ai.bots import choose, make_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam import GAME_INFO, PLAYERS


def random_games(map_name: str, players: int, games: int) -> tuple[float, float, float]:
    """(games per second, mean actions, mean last turn) of uniformly random play."""
    started, actions, turns = time.perf_counter(), 0, 0
    for seed in range(games):
        state = GAME_INFO.create(players, seed, {"map": map_name})
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            actions += 1
        turns += state.round
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / games, turns / games


def decision_times(map_name: str, players: int, seed: int,
                   hard_iterations: int | None) -> dict[str, list[float]]:
    """Seconds per decision of the normal and hard bots over one game (hard in seat 0)."""
    levels = ["hard"] + ["normal"] * (players - 1)
    bots = [make_bot(GAME_INFO, level, s, seed, iterations=hard_iterations)
            for s, level in enumerate(levels)]
    state = GAME_INFO.create(players, seed, {"map": map_name})
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"hard": [], "normal": []}
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        started = time.perf_counter()
        action = choose(bots[seat], state.observation(seat))
        times[levels[seat]].append(time.perf_counter() - started)
        state.apply(action)
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", action="store_true")
    parser.add_argument("--hard-iterations", type=int, default=None)
    args = parser.parse_args()
    for map_name, (low, high) in PLAYERS.items():
        for players in sorted({low, high}):
            if args.decisions:
                for seed in range(args.games):
                    times = decision_times(map_name, players, seed, args.hard_iterations)
                    print(f"{map_name} {players}p seed {seed}: " + ", ".join(
                        f"{k} n={len(v)} p50={statistics.median(v) * 1000:.0f}ms "
                        f"p95={p95(v) * 1000:.0f}ms max={max(v) * 1000:.0f}ms"
                        for k, v in times.items()), flush=True)
                break
            rate, actions, turns = random_games(map_name, players, args.games)
            print(f"{map_name} {players}p: {rate:.1f} random games/s, "
                  f"{actions:.0f} actions, ends in turn {turns:.1f}", flush=True)


if __name__ == "__main__":
    main()
