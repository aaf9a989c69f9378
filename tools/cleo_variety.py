"""How varied Cleopatra's bots play: each seat's gods and the first auction (issue 33 item 4).

    nice -n 10 .venv/bin/python tools/cleo_variety.py --levels easy,normal,hard --games 30

Plays `--games` seeded all-`level` games (seat levels equal, seeds as `tournament.py`:
`seed * 1_000_003 + index`) and counts, for every seat, how often it chose each god and
how it acted in the game's first auction (the turn where every seat's money is equal, so
any pattern there is the bot's, not the position's; the last seat left in an auction
makes no move there: "-"). "All-pass" counts first auctions without a bid. The target:
no god in more than half of a seat's turns. One JSON line per level follows the table (`--json`).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from typing import Any

from _common import Player

from nile.core import chance, registry
from nile.core.game import CHANCE
from nile.games.cleopatra import rules
from nile.games.cleopatra.rules.actions import Bid, ChooseGod
from nile.games.cleopatra.rules.phases import Phase

GODS = [god.name for god in rules.game_data().gods]


def play(level: str, players: int, seed: int,
         hard_iterations: int | None) -> tuple[list[Counter[str]], list[str]]:
    """One all-`level` game: each seat's god counts and its first-auction moves
    ("pass", or "bid N" for each bid, in the order made)."""
    info = registry.get("cleopatra")
    seats = [Player(info, level, seat, seed, hard_iterations) for seat in range(players)]
    state = info.create(players, seed, {})
    rng = random.Random(f"selfplay/chance/{seed}")
    gods: list[Counter[str]] = [Counter() for _ in range(players)]
    first: list[list[str]] = [[] for _ in range(players)]
    first_auction = True
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert isinstance(state, rules.CleopatraState)
        phase = state.phase
        action = seats[seat].act(state)
        if phase == Phase.GODS:
            first_auction = False
            assert isinstance(action, ChooseGod)
            gods[seat][GODS[action.god]] += 1
        elif phase == Phase.AUCTION and first_auction:
            first[seat].append(f"bid {action.amount}" if isinstance(action, Bid) else "pass")
        state.apply(action)
    return gods, [", ".join(moves) for moves in first]


def measure(level: str, games: int, players: int, seed: int,
            hard_iterations: int | None, log: bool = False) -> dict[str, Any]:
    """Every seat's god shares and first-auction patterns over `games` games (`log`:
    also one JSON line a game as it ends, so a run cut short still tells something)."""
    per_seat: list[Counter[str]] = [Counter() for _ in range(players)]
    openings: list[Counter[str]] = [Counter() for _ in range(players)]
    all_pass = 0
    started = time.process_time()
    for index in range(games):
        gods, first = play(level, players, seed * 1_000_003 + index, hard_iterations)
        if log:
            print(json.dumps({"level": level, "index": index, "gods": [dict(g) for g in gods],
                              "first_auction": first}), flush=True)
        for seat in range(players):
            per_seat[seat].update(gods[seat])
            openings[seat][first[seat]] += 1
        all_pass += not any("bid" in moves for moves in first)
    shares = []
    for counts in per_seat:
        total = sum(counts.values())
        god, top = counts.most_common(1)[0]
        shares.append({"turns": total, "top_god": god, "top_share": round(top / total, 3),
                       "gods": dict(counts.most_common())})
    return {"level": level, "games": games, "players": players, "seed": seed,
            "max_share": max(s["top_share"] for s in shares), "seats": shares,
            "first_auction_all_pass": all_pass,
            "first_auction": [dict(c.most_common(4)) for c in openings],
            "cpu": round(time.process_time() - started, 1)}


def table(report: dict[str, Any]) -> str:
    lines = [f"{report['level']}: {report['games']} games, {report['cpu']} s CPU, "
             f"largest god share {report['max_share']:.0%}, first auction all-pass in "
             f"{report['first_auction_all_pass']}/{report['games']}"]
    for seat, (share, first) in enumerate(zip(report["seats"], report["first_auction"],
                                              strict=True)):
        gods = ", ".join(f"{g} {n}" for g, n in share["gods"].items())
        moves = "; ".join(f"{m or '-'} ×{n}" for m, n in first.items())
        lines.append(f"  seat {seat}: {gods}  | first auction: {moves}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hard-iterations", type=int, default=None,
                        help="hard's budget (default: shipped, without a time cap)")
    parser.add_argument("--json", action="store_true", help="also one JSON line a game and a level")
    args = parser.parse_args(argv)
    info = registry.get("cleopatra")
    from nile.ai.bots import hooks_of
    iterations = args.hard_iterations or hooks_of(info).budget("hard")[0]
    worst = 0.0
    for level in args.levels.split(","):
        report = measure(level, args.games, args.players, args.seed, iterations, args.json)
        print(table(report), flush=True)
        if args.json:
            print(json.dumps(report), flush=True)
        worst = max(worst, report["max_share"])
    return 0 if worst <= 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
