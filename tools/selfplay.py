"""Play whole games headless and print one JSON summary line.

    python tools/selfplay.py --game loose_caboose --players 2 --games 200 --seed 1 \
        --bots hard,random --rotate

Same arguments, same output: chance and bots are seeded, and the hard bot runs on an
iteration budget (no time cap) here. `--rotate` moves the bots round the table game by
game so no bot keeps the first seat; `wins_by_bot` then says who won (a shared victory
counts for each winner) and `mean_score_by_bot` how each bot scored per seat.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections import Counter

from _common import Player, parse_options, play_game

from nile.core import registry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="random", help="comma list, one per seat")
    parser.add_argument("--option", action="append", default=[], help="key=value")
    parser.add_argument("--rotate", action="store_true")
    parser.add_argument("--hard-iterations", type=int, default=None)
    parser.add_argument("--max-actions", type=int, default=1_000_000)
    args = parser.parse_args(argv)

    info = registry.get(args.game)
    options = info.resolve_options(parse_options(args.option))
    names = args.bots.split(",")
    names = (names * args.players)[: args.players]
    summary = run(info, args, options, names)
    print(json.dumps(summary, sort_keys=True))
    return 0 if summary["errors"] == 0 else 1


def run(info, args, options, names):  # type: ignore[no-untyped-def]
    finished = errors = total_actions = 0
    wins_by_seat, wins_by_bot = Counter[int](), Counter[str]()
    score_sums = [0.0] * args.players
    bot_scores: Counter[str] = Counter()
    bot_seats: Counter[str] = Counter()
    extra_stats = info.selfplay_stats
    extras: Counter[str] = Counter()
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        shift = number % args.players if args.rotate else 0
        seat_names = names[-shift:] + names[:-shift] if shift else list(names)
        try:
            players = [Player(info, name, seat, seed, args.hard_iterations)
                       for seat, name in enumerate(seat_names)]
            state, length = play_game(info, players, seed, options, args.max_actions)
        except Exception:  # a tool reports every failure and carries on
            errors += 1
            traceback.print_exc(file=sys.stderr)
            continue
        total_actions += length
        if not state.is_terminal:
            continue
        finished += 1
        for seat, place in enumerate(state.ranking()):
            score_sums[seat] += state.scores()[seat]
            bot_scores[seat_names[seat]] += state.scores()[seat]
            bot_seats[seat_names[seat]] += 1
            if place == 1:
                wins_by_seat[seat] += 1
                wins_by_bot[seat_names[seat]] += 1
        if extra_stats is not None:
            extras.update(extra_stats(state, seat_names))
    played = max(1, args.games - errors)
    return {
        "game": info.id, "players": args.players, "bots": names, "games": args.games,
        "finished": finished, "errors": errors, "mean_actions": round(total_actions / played, 2),
        "wins_by_seat": {str(s): wins_by_seat[s] for s in range(args.players)},
        "wins_by_bot": dict(sorted(wins_by_bot.items())),
        "mean_scores": [round(s / max(1, finished), 3) for s in score_sums],
        "mean_score_by_bot": {b: round(bot_scores[b] / bot_seats[b], 3) for b in sorted(bot_seats)},
        **({"extra": dict(sorted(extras.items()))} if extras else {}),
    }


if __name__ == "__main__":
    sys.exit(main())
