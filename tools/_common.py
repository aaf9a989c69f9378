"""Shared bits of the command-line tools: import path, option parsing, playing a game."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from nile.ai.bots import choose, hooks_of, make_bot  # noqa: E402
from nile.ai.hooks import Bot  # noqa: E402
from nile.core import chance  # noqa: E402
from nile.core.game import CHANCE, Action, GameInfo, GameState  # noqa: E402

BOT_NAMES = ("random", "easy", "normal", "hard", "expert")


def p95(values: list[float]) -> float:
    """The 95th percentile, rounded to 0.01 (nan for no values): the benchmarks' figure."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 2)


def finished_records(path: Path | None,
                     keep: Callable[[dict[str, Any]], bool]) -> dict[int, dict[str, Any]]:
    """The records of a results file (JSON lines) that `keep` accepts, by game index: what a
    resumed run need not play again. A line cut short by an interrupt is skipped."""
    found: dict[int, dict[str, Any]] = {}
    if path is None or not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if keep(record):
            found[int(record["index"])] = record
    return found


def parse_options(pairs: list[str]) -> dict[str, str]:
    """`["map=chile", ...]` -> `{"map": "chile"}`."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option needs key=value, not {pair!r}")
        options[key] = value
    return options


class Player:
    """One seat in a headless game: a bot level, or 'random'."""

    def __init__(self, info: GameInfo, name: str, seat: int, seed: int,
                 hard_iterations: int | None, *, expert_iterations: int | None = None) -> None:
        """`hard_iterations` is the budget of every searching level but the expert, whose
        own is `expert_iterations`; without it the expert keeps its shipped iterations when
        the hard bot has a fixed budget (reproducible), else the shipped time cap too."""
        if name not in BOT_NAMES:
            raise SystemExit(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
        self.name = name
        self.rng = random.Random(f"selfplay/{seed}/{seat}")
        self.bot: Bot | None = None
        if name != "random":
            iterations = hard_iterations
            if name == "expert":
                shipped = hooks_of(info).budget("expert")[0] if hard_iterations else None
                iterations = expert_iterations or shipped
            self.bot = make_bot(info, name, seat, seed, iterations=iterations)

    def act(self, state: GameState) -> Action:
        if self.bot is None:
            return self.rng.choice(state.legal_actions())
        seat = state.current_player
        assert seat is not None
        return choose(self.bot, state.observation(seat))


def play_game(info: GameInfo, players: list[Player], seed: int, options: dict[str, str],
              max_actions: int = 1_000_000) -> tuple[GameState, int]:
    """Play one game to the end (or `max_actions`); returns the state and its length."""
    state = info.create(len(players), seed, options)
    rng = random.Random(f"selfplay/chance/{seed}")
    count = 0
    while not state.is_terminal and count < max_actions:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            action = chance.pick(state.chance_outcomes(), rng)
        else:
            action = players[seat].act(state)
        state.apply(action)
        count += 1
    return state, count
