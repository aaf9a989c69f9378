"""Record the moves of a tutorial's fast watch steps: the rest of the game, bots at every seat.

    python tools/tutorial_moves.py --game cleopatra --from-step 53 --level easy

Plays the game's tutorial file (its scripted chance, each act step's first pattern, each
watch step's moves) up to step `--from-step` (0-based), then lets the bot of `--level`
play every seat, the learner's too, to the end of the game, and prints the moves as a
TOML list to split into `fast = true` watch steps. Same file, same output: the seed, the
chance script and the bots are all seeded. Re-run it after a change to the game's rules
or data has made the recorded moves illegal (the tutorial's test says so).
"""

from __future__ import annotations

import argparse
import json
import sys

from _common import choose, make_bot

from nile.core import registry, tutorial
from nile.core.session import Match


def replay(game: str, upto: int) -> Match:
    """The tutorial's game as its file plays it, up to (not including) step `upto`."""
    lesson = tutorial.load(game)
    if lesson is None:
        raise SystemExit(f"{game} has no tutorial")
    info = registry.get(game)
    progress = tutorial.Progress(lesson)
    options = info.resolve_options(dict(lesson.options))
    match = Match(info, (), lesson.seed, options,
                  info.create(len(lesson.seats), lesson.seed, options))
    match.chance_script = progress.scripted_chance
    match.resolve_chance()
    for step in lesson.steps[:upto]:
        moves = step.expect[:1] if step.kind == "act" else step.moves
        for move in moves:
            match.play_text(move)
            match.resolve_chance()
    return match


def record(game: str, from_step: int, level: str = "easy") -> list[str]:
    """The moves the bots make, every seat, from step `from_step` to the end of the game."""
    match = replay(game, from_step)
    moves = []
    while not match.state.is_terminal:
        seat = match.state.current_player
        assert seat is not None and seat >= 0
        action = choose(make_bot(match.info, level, seat, match.ply),
                        match.state.observation(seat))
        moves.append(action.to_str())
        match.play(action)
        match.resolve_chance()
    return moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--from-step", type=int, required=True)
    parser.add_argument("--level", default="easy", choices=("easy", "normal"))
    args = parser.parse_args(argv)
    moves = record(args.game, args.from_step, args.level)
    print(f"# {len(moves)} moves")
    print("moves = [")
    for move in moves:
        print(f"  {json.dumps(move)},")
    print("]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
