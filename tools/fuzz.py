"""Long random playouts with invariants, and hostile save files, for one game or all.

    python tools/fuzz.py --game loose_caboose --games 200
    python tools/fuzz.py --games 20            # every registered game

Playouts: after every action the state's invariants hold, clone and dict round-trips
agree, and the acting seat's observation offers the true legal moves. Saves: a real save
is mutated many ways (bytes flipped, cut short, fields swapped for wrong types, huge
numbers, illegal or foreign moves); every mutant must load or be refused with SaveError,
never crash. Prints one JSON summary line; exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

from _common import parse_options

from nile.core import chance, registry, saves
from nile.core.errors import SaveError
from nile.core.game import CHANCE, GameInfo
from nile.core.session import Match, SeatConfig


def check(state: Any) -> None:
    problems = state.invariant_violations()
    if problems:
        raise AssertionError(f"invariants: {problems}")
    if type(state).from_dict(json.loads(json.dumps(state.to_dict()))) != state:
        raise AssertionError("to_dict/from_dict round trip differs")
    if state.clone() != state:
        raise AssertionError("clone differs")
    seat = state.current_player
    if (
        seat is not None
        and seat >= 0
        and state.observation(seat).legal_actions() != state.legal_actions()
    ):
        raise AssertionError("observation offers other moves than the state")


def playout(info: GameInfo, players: int, seed: int, options: dict[str, str]) -> int:
    state = info.create(players, seed, options)
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal:
        check(state)
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            if not legal:
                raise AssertionError("no legal action for a player to move")
            state.apply(rng.choice(legal))
        count += 1
    check(state)
    return count


def sample_save(info: GameInfo, players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    seats = [SeatConfig(f"P{i}", "human", "normal", i) for i in range(players)]
    match = Match.new(info, seats, seed, options)
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 40)):
        if match.state.is_terminal:
            break
        match.play(rng.choice(match.state.legal_actions()))
        match.resolve_chance()
    return match.to_save()


def mutants(save: dict[str, Any], rng: random.Random, count: int) -> list[bytes]:
    text = json.dumps(save).encode()
    weird: list[Any] = [None, True, -1, 10**30, 1e308, "x" * 5000, [], {}, [[[]]], "🐍", 3.5]
    out = [text[: rng.randrange(len(text))] for _ in range(count // 4)]
    for _ in range(count // 4):
        data = bytearray(text)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out.append(bytes(data))
    for _ in range(count // 4):
        mutant = copy.deepcopy(save)
        key = rng.choice(list(mutant))
        mutant[key] = rng.choice(weird)
        out.append(json.dumps(mutant).encode())
    for _ in range(count - len(out)):
        mutant = copy.deepcopy(save)
        actions = mutant["actions"]
        if actions:
            i = rng.randrange(len(actions))
            actions[i] = rng.choice(
                [
                    actions[rng.randrange(len(actions))],
                    "pass",
                    "",
                    actions[i][::-1],
                    actions[i] + " 9999",
                    "\x00",
                ]
            )
        out.append(json.dumps(mutant).encode())
    return out


def fuzz_saves(
    info: GameInfo, players: int, options: dict[str, str], count: int, seed: int
) -> tuple[int, int]:
    rng = random.Random(seed)
    refused = loaded = 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.json"
        for blob in mutants(sample_save(info, players, seed, options), rng, count):
            path.write_bytes(blob)
            try:
                saves.load(path)
                loaded += 1
            except SaveError:
                refused += 1
    return loaded, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args(argv)
    infos = [registry.get(args.game)] if args.game else registry.all_games()
    summary: dict[str, Any] = {"failures": 0}
    for info in infos:
        options = info.resolve_options(parse_options(args.option) if args.game else {})
        low, high = info.player_range(options)
        actions = failures = 0
        for number in range(args.games):
            players = low + number % (high - low + 1)
            try:
                actions += playout(info, players, args.seed * 100_003 + number, options)
            except Exception:  # the fuzzer reports every failure and carries on
                failures += 1
                traceback.print_exc(file=sys.stderr)
        try:
            loaded, refused = fuzz_saves(info, low, options, args.saves, args.seed)
        except Exception:  # a crash while loading a mutant is exactly what we look for
            failures += 1
            loaded = refused = -1
            traceback.print_exc(file=sys.stderr)
        summary[info.id] = {
            "games": args.games,
            "actions": actions,
            "failures": failures,
            "saves_loaded": loaded,
            "saves_refused": refused,
        }
        summary["failures"] += failures
    print(json.dumps(summary, sort_keys=True))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
