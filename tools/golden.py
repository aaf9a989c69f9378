"""Record a golden playthrough: an action list and the final state it must reach.

    python tools/golden.py --game loose_caboose --players 3 --seed 7 \
        --bots normal,easy,random --out tests/games/loose_caboose/golden/3p_seed7.json

`tests/test_golden.py` replays every file under `tests/games/*/golden/` and compares the
final state. Regenerate only on purpose, after a rules change you meant to make, and
read the diff of the final state before committing it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from _common import Player, parse_options

from nile.core import chance, registry
from nile.core.game import CHANCE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--hard-iterations", type=int, default=100)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)

    info = registry.get(args.game)
    options = info.resolve_options(parse_options(args.option))
    names = (args.bots.split(",") * args.players)[: args.players]
    players = [Player(info, n, s, args.seed, args.hard_iterations) for s, n in enumerate(names)]
    state = info.create(args.players, args.seed, options)
    rng = chance.ply_rng(args.seed, 0, "golden")
    actions = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = (chance.pick(state.chance_outcomes(), rng) if seat == CHANCE
                  else players[seat].act(state))
        actions.append(action.to_str())
        state.apply(action)
    record = {"game": info.id, "players": args.players, "seed": args.seed,
              "options": options, "bots": names, "actions": actions,
              "final": state.to_dict(), "ranking": state.ranking()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"{len(actions)} actions, ranking {state.ranking()} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
