"""Timing figures for Vom Kap bis Kairo (a tool, not a test: pytest does not collect it).

    python -m tests.games.kap_kairo.perf random --players 2 --games 300
    python -m tests.games.kap_kairo.perf clone
    python -m tests.games.kap_kairo.perf hard --games 4

Figures are wall clock; `random` also gives games per CPU second of this process,
which stays meaningful when other jobs share the machine.
`random`: whole games with uniformly random moves and chance picked as a session does
(`chance.pick` over `chance_outcomes`), like the conformance playouts. `clone`: mean
time of `clone()` on mid-game states. `hard`: decision times of the hard bot at its
default budget (iterations and time cap from `ai.SEARCH`), playing the normal bot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nile.ai.bots import choose, make_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.kap_kairo import GAME_INFO


def random_games(players: int, games: int) -> str:
    started, cpu_started = time.perf_counter(), time.process_time()
    actions = 0
    for seed in range(games):
        state = GAME_INFO.create(players, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return (f"{players} players: {games / elapsed:.0f} random games/s wall clock, "
            f"{games / cpu:.0f} per CPU second ({actions / games:.0f} actions a game)")


def clone_time() -> str:
    state = GAME_INFO.create(4, 1, {})
    rng = random.Random(1)
    samples = []
    for _ in range(120):
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        elif not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        started = time.perf_counter()
        for _ in range(200):
            state.clone()
        samples.append((time.perf_counter() - started) / 200)
    return f"clone(): mean {statistics.mean(samples) * 1e6:.1f} µs (4 players, mid-game)"


def hard_decisions(games: int, players: int) -> str:
    times: list[float] = []
    wins = 0
    for seed in range(games):
        state = GAME_INFO.create(players, seed, {})
        rng = random.Random(seed)
        bots = [make_bot(GAME_INFO, "hard" if s == 0 else "normal", s, seed)
                for s in range(players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            started = time.perf_counter()
            action = choose(bots[seat], state.observation(seat))
            if seat == 0 and len(state.legal_actions()) > 1:
                times.append(time.perf_counter() - started)
            state.apply(action)
        wins += state.ranking()[0] == 1
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return (f"hard bot, {len(times)} decisions with a choice: median "
            f"{statistics.median(times):.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s "
            f"(won {wins}/{games} against normal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("random", "clone", "hard"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    if args.what == "random":
        print(random_games(args.players, args.games))
    elif args.what == "clone":
        print(clone_time())
    else:
        print(hard_decisions(args.games, args.players))


if __name__ == "__main__":
    main()
