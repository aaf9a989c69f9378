"""Age of Steam: count the move-goods passes made while a paying delivery was open.

    PYTHONPATH=$PWD nice -n 10 python tools/aos_passes.py --games 100 --seed 40 \
        --results /tmp/aos_passes.jsonl

Issue 33 item 3: a seat that has fallen behind (income below expenses) must keep
delivering. A delivery *pays more than it costs* when the income it brings this seat is
above its ferry fee (the income is paid every turn from this one on, the fee once, so such
a delivery leaves the seat richer already at this turn's income phase). For every
Move Goods decision of the watched levels this tool notes whether the seat passed while
such a delivery was legal, and whether its income was below its expenses then.

Games go round the three maps and a few mixed tables (`TABLES`: hard with normal, with
easy, two hards), the table turning one seat a game; game `i` has seed
`seed * 1_000_003 + i`, hard bots play their shipped iterations without a time cap
(reproducible). `--results` keeps one JSON line a game and resumes. The report gives, per
level: Move Goods decisions, passes, passes with a paying delivery open (all, and with
income below expenses), bankruptcies, seats, and the CPU seconds a decision (median, p95,
max) of every decision the level took with a choice.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _common import Player, finished_records, p95, play_game

from nile.ai.bots import hooks_of
from nile.core import registry
from nile.core.game import Action, GameInfo, GameState
from nile.games.age_of_steam.ai import paying_deliveries
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import PassMove
from nile.games.age_of_steam.rules.phases import Phase

MAPS = ("egypt", "chile", "cccp")
TABLES = (("hard", "normal", "normal", "normal"),
          ("hard", "easy", "easy", "easy"),
          ("hard", "hard", "normal", "easy"))
"""Mixed four-seat tables with hard seats (the table turns one seat a game)."""


COUNTS = ("moves", "passes", "passes_paying", "passes_paying_behind")
"""What each seat counts of its Move Goods decisions (with a choice)."""


class Watched(Player):
    """A seat that notes its Move Goods decisions and its CPU a decision."""

    def __init__(self, info: GameInfo, name: str, seat: int, seed: int,
                 iterations: int | None) -> None:
        super().__init__(info, name, seat, seed, iterations)
        self.counts: Counter[str] = Counter(dict.fromkeys(COUNTS, 0))
        self.cpu: list[float] = []
        self.misses: list[dict[str, Any]] = []

    def act(self, state: GameState) -> Action:
        assert isinstance(state, AgeOfSteamState)
        choice = len(state.legal_actions()) > 1
        started = time.process_time()
        action = super().act(state)
        if choice:
            self.cpu.append(time.process_time() - started)
        if state.phase == Phase.MOVE and choice:
            self._note_move(state, action)
        return action

    def _note_move(self, state: AgeOfSteamState, action: Action) -> None:
        seat = state.current_player
        assert seat is not None
        self.counts["moves"] += 1
        if not isinstance(action, PassMove):
            return
        self.counts["passes"] += 1
        paying = paying_deliveries(state, seat, state.legal_actions())
        if not paying:
            return
        behind = state.income[seat] < state.shares[seat] + state.loco[seat]
        self.counts["passes_paying"] += 1
        self.counts["passes_paying_behind"] += behind
        best = max(paying, key=lambda r: r.income.get(seat, 0) - r.fee)
        self.misses.append({"round": state.round, "income": state.income[seat],
                            "expenses": state.shares[seat] + state.loco[seat],
                            "cash": state.cash[seat], "gain": best.income.get(seat, 0),
                            "fee": best.fee, "others": sum(
                                v for s, v in best.income.items() if s != seat)})


def play_one(seed: int, index: int, games_seed: int) -> dict[str, Any]:
    """Game `index`: its map, its table turned, every seat watched."""
    info = registry.get("age_of_steam")
    game_map = MAPS[index % len(MAPS)]
    table = TABLES[(index // len(MAPS)) % len(TABLES)]
    shift = (index // (len(MAPS) * len(TABLES))) % len(table)
    seats = table[-shift:] + table[:-shift] if shift else table
    iterations = hooks_of(info).budget("hard")[0]
    players = [Watched(info, name, seat, games_seed, iterations)
               for seat, name in enumerate(seats)]
    options = info.resolve_options({"map": game_map})
    state, _ = play_game(info, list[Player](players), games_seed, options)
    assert isinstance(state, AgeOfSteamState)
    return {"seed": seed, "index": index, "map": game_map, "seats": list(seats),
            "finished": state.is_terminal, "ranking": list(state.ranking()),
            "alive": list(state.alive),
            "counts": [dict(p.counts) for p in players],
            "cpu": [[round(c, 4) for c in p.cpu] for p in players],
            "misses": [p.misses for p in players]}


def load(path: Path | None, seed: int) -> dict[int, dict[str, Any]]:
    """The games of this seed already in the results file."""
    return finished_records(path, lambda record: record.get("seed") == seed)


def report(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per level: the counts summed, seats, bankruptcies, wins, CPU a decision."""
    levels: dict[str, Counter[str]] = {}
    cpu: dict[str, list[float]] = {}
    for r in records:
        for seat, name in enumerate(r["seats"]):
            row = levels.setdefault(name, Counter(dict.fromkeys(COUNTS, 0)))
            row.update(r["counts"][seat])
            row["seats"] += 1
            row["bankrupt"] += not r["alive"][seat]
            row["wins"] += r["ranking"][seat] == 1
            cpu.setdefault(name, []).extend(r["cpu"][seat])
    out: dict[str, Any] = {"games": len(records),
                           "maps": dict(Counter(r["map"] for r in records)),
                           "tables": tables(records)}
    for name, row in sorted(levels.items()):
        times = cpu[name]
        out[name] = {**dict(sorted(row.items())),
                     "decisions": len(times),
                     "cpu_median": round(statistics.median(times), 3) if times else None,
                     "cpu_p95": p95(times), "cpu_max": round(max(times, default=0.0), 3)}
    return out


def tables(records: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per table (its levels, e.g. "hard+normal*3"): games and the first places of each
    level (a shared first place counts for each)."""
    out: dict[str, Counter[str]] = {}
    for r in records:
        names = Counter(r["seats"])
        key = "+".join(f"{n}*{c}" if c > 1 else n for n, c in sorted(names.items()))
        row = out.setdefault(key, Counter())
        row["games"] += 1
        row.update(f"wins_{n}" for n, place in zip(r["seats"], r["ranking"], strict=True)
                   if place == 1)
    return {key: dict(sorted(row.items())) for key, row in sorted(out.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--results", type=Path, default=None, help="JSONL file to resume")
    parser.add_argument("--show", type=int, default=10, help="passes to list in detail")
    args = parser.parse_args(argv)
    done = load(args.results, args.seed)
    out = args.results.open("a", encoding="utf-8") if args.results else None
    try:
        for index in range(args.games):
            if index in done:
                continue
            record = play_one(args.seed, index, args.seed * 1_000_003 + index)
            done[index] = record
            if out is not None:
                out.write(json.dumps(record, sort_keys=True) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    records = [done[i] for i in sorted(done) if i < args.games]
    summary = report(records)
    shown = 0
    for r in records:
        for seat, misses in enumerate(r["misses"]):
            for miss in misses:
                if shown < args.show:
                    print(f"game {r['index']} {r['map']} seat {seat} ({r['seats'][seat]}):"
                          f" {miss}")
                    shown += 1
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
