"""How long one bot level thinks, decision by decision, against its shipped time cap.

    nice -n 10 .venv/bin/python tools/decision_time.py --game age_of_steam --level expert \
        --against hard --players 4 --cycle map=egypt,chile,cccp --games 6 --seed 80

Issue 33 item 5: a level's strength is measured on its iteration budget (reproducible), so
that figure is the shipped strength only if the app's time cap (`AiHooks.budget`: seconds
of wall clock, `time.perf_counter`) never cuts the search. This plays `--games` seeded
games (seeds as `tournament.py`'s) with one seat of `--level` at its shipped iterations and
no cap, moved one seat round the table each game, the other seats `--against`; `--cycle
key=a,b,c` turns an option through its values game by game (e.g. every map). Every decision
of the timed seat with more than one legal move is timed in CPU (`time.process_time`) and
wall seconds; the report gives the median, p95 and max of each and how many decisions
reached the cap or 60 % of it (the margin a slower or busier machine needs). On a machine
shared with other jobs, wall time is longer than CPU time: CPU is what the bot costs.
`--results FILE` keeps every game as a JSON line and a rerun resumes it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from _common import Player, finished_records, p95, parse_options, play_game

from nile.ai.bots import hooks_of
from nile.core import registry
from nile.core.game import Action, GameInfo, GameState

MARGIN = 0.6
"""The share of the cap a decision should stay under on this machine."""


class Timed(Player):
    """A seat that times its decisions with a choice (CPU and wall seconds)."""

    def __init__(self, info: GameInfo, name: str, seat: int, seed: int,
                 hard_iterations: int | None) -> None:
        super().__init__(info, name, seat, seed, hard_iterations)
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def act(self, state: GameState) -> Action:
        if len(state.legal_actions()) <= 1:
            return super().act(state)
        cpu, wall = time.process_time(), time.perf_counter()
        action = super().act(state)
        self.cpu.append(round(time.process_time() - cpu, 4))
        self.wall.append(round(time.perf_counter() - wall, 4))
        return action


def cycled(pairs: list[str], index: int) -> dict[str, str]:
    """Game `index`'s values of the `--cycle` options: `map=a,b,c` gives a, b, c, a, ..."""
    chosen = {}
    for key, values in parse_options(pairs).items():
        options = values.split(",")
        chosen[key] = options[index % len(options)]
    return chosen


def play_one(args: argparse.Namespace, index: int) -> dict[str, Any]:
    """Game `index`: the timed level in seat `index % players`, the others `--against`."""
    info = registry.get(args.game)
    seed = args.seed * 1_000_003 + index
    timed_seat = index % args.players
    hard = hooks_of(info).budget("hard")[0]  # a fixed budget: every level runs uncapped
    options = {**parse_options(args.option), **cycled(args.cycle, index)}
    players = [Timed(info, args.level, seat, seed, hard) if seat == timed_seat
               else Player(info, args.against, seat, seed, hard)
               for seat in range(args.players)]
    state, _ = play_game(info, players, seed, info.resolve_options(options))
    timed = players[timed_seat]
    assert isinstance(timed, Timed)
    return {"key": key(args), "index": index, "seed": seed, "options": options,
            "seat": timed_seat, "finished": state.is_terminal,
            "cpu": timed.cpu, "wall": timed.wall}


def key(args: argparse.Namespace) -> str:
    """What makes two runs' games the same (a results file resumes only these)."""
    return json.dumps([args.game, args.level, args.against, args.players, args.seed,
                       sorted(args.option), args.cycle])


def summary(values: list[float], cap: float) -> dict[str, Any]:
    """Median, p95, max and the decisions at the cap and above `MARGIN` of it."""
    if not values:
        return {"decisions": 0}
    return {"decisions": len(values), "median": round(statistics.median(values), 3),
            "p95": p95(values), "max": round(max(values), 3),
            "at_cap": sum(v >= cap for v in values),
            "above_margin": sum(v >= MARGIN * cap for v in values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--level", default="expert", help="the timed level")
    parser.add_argument("--against", default="hard", help="every other seat's level")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="key=value")
    parser.add_argument("--cycle", action="append", default=[],
                        help="key=a,b,c: the option's value turns game by game")
    parser.add_argument("--results", type=Path, default=None, help="JSONL file to resume")
    args = parser.parse_args(argv)
    info = registry.get(args.game)
    cap = hooks_of(info).budget(args.level)[1]
    done = finished_records(args.results, lambda r: r.get("key") == key(args))
    for index in range(args.games):
        if index in done:
            continue
        record = play_one(args, index)
        done[index] = record
        if args.results is not None:
            with args.results.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record, sort_keys=True) + "\n")
        print(f"game {index} {record['options']} seat {record['seat']}: "
              f"{len(record['cpu'])} decisions, max {max(record['cpu'], default=0):.2f} s CPU",
              flush=True)
    records = [done[i] for i in range(args.games)]
    cpu = [v for r in records for v in r["cpu"]]
    wall = [v for r in records for v in r["wall"]]
    by_option = {}
    for name in {json.dumps(r["options"], sort_keys=True) for r in records}:
        chosen = [v for r in records if json.dumps(r["options"], sort_keys=True) == name
                  for v in r["cpu"]]
        by_option[name] = summary(chosen, cap)
    report = {"game": args.game, "level": args.level, "cap": cap, "margin": MARGIN,
              "games": len(records), "cpu": summary(cpu, cap), "wall": summary(wall, cap),
              "cpu_by_options": by_option}
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
