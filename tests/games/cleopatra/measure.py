"""Measurements of Cleopatra's Caboose (a script, not a test: performance is measured,
never asserted). From the tree root:

    python tests/games/cleopatra/measure.py speed --games 200
    python tests/games/cleopatra/measure.py hard --games 6 --bots hard,normal,normal

`speed` times random full games (3 players) and `clone()`; `hard` plays games and times
every decision of the hard bot at its default budget (iterations and time cap as the app
uses them; `--no-cap`: iterations only, reproducible), printing the median, p95 and
maximum, in wall-clock and in CPU seconds (the CPU figures hold on a busy machine too),
and who won (seats rotate game by game, as `tools/selfplay.py --rotate`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from nile.ai.bots import choose, hooks_of, make_bot  # noqa: E402
from nile.core import chance  # noqa: E402
from nile.core.game import CHANCE, GameState  # noqa: E402
from nile.games.cleopatra import GAME_INFO, ai  # noqa: E402


def random_game(seed: int, players: int) -> GameState:
    state = GAME_INFO.create(players, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def speed(games: int, players: int) -> dict[str, float]:
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = random_game(seed, players)
    elapsed = time.perf_counter() - started
    cpu_elapsed = time.process_time() - cpu
    clones = 2000
    started = time.perf_counter()
    for _ in range(clones):
        state.clone()
    clone_us = (time.perf_counter() - started) / clones * 1e6
    return {"random_games_per_s": round(games / elapsed, 1),
            "random_games_per_cpu_s": round(games / cpu_elapsed, 1),
            "clone_us": round(clone_us, 1)}


def hard(games: int, bots: list[str], seed: int, no_cap: bool) -> dict[str, object]:
    hooks = hooks_of(GAME_INFO)
    times: list[float] = []
    cpu_times: list[float] = []
    wins: dict[str, int] = {}
    players = len(bots)
    for number in range(games):
        game_seed = seed * 1000 + number
        shift = number % players
        seats = bots[-shift:] + bots[:-shift] if shift else list(bots)
        if no_cap:
            ai.SEARCH_TIME_CAP = None
        made = [make_bot(GAME_INFO, name, s, game_seed) if name != "random" else None
                for s, name in enumerate(seats)]
        state = GAME_INFO.create(players, game_seed, {})
        rng = random.Random(game_seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            bot = made[seat]
            if bot is None:
                state.apply(rng.choice(state.legal_actions()))
                continue
            started, cpu = time.perf_counter(), time.process_time()
            action = choose(bot, state.observation(seat))
            if seats[seat] == "hard" and len(state.legal_actions()) > 1:
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu)
            state.apply(action)
        for place_seat, place in enumerate(state.ranking()):
            if place == 1:
                wins[seats[place_seat]] = wins.get(seats[place_seat], 0) + 1
    times.sort()
    cpu_times.sort()
    return {"decisions": len(times),
            "median_s": round(times[len(times) // 2], 3),
            "p95_s": round(times[int(len(times) * 0.95)], 3),
            "max_s": round(times[-1], 3),
            "cpu_median_s": round(cpu_times[len(cpu_times) // 2], 3),
            "cpu_p95_s": round(cpu_times[int(len(cpu_times) * 0.95)], 3),
            "iterations": hooks.hard_iterations, "cap_s": ai.SEARCH_TIME_CAP,
            "games": games, "wins_by_bot": wins}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "hard"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="hard,random,random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-cap", action="store_true", help="iterations only, no time cap")
    args = parser.parse_args()
    if args.what == "speed":
        result: dict[str, object] = dict(speed(args.games, args.players))
    else:
        result = hard(args.games, args.bots.split(","), args.seed, args.no_cap)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
