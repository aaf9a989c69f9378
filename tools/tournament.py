"""Play bot levels against each other and rate them: a table, then one JSON line.

    nice -n 10 .venv/bin/python tools/tournament.py --game kap_kairo --games 40 \
        --levels random,easy,normal,hard --results /tmp/kap.jsonl

Every pair of levels meets in turn (two-player games: one seat each; larger tables:
one seat of one level against the rest of the other, then the other way round), and each
lineup moves round the table game after game so no level keeps the first seat. Game `i`
has its own seed, so a run is reproducible, and with `--results` every finished game is
appended to a JSONL file: a rerun with the same settings skips games already there
(resume after an interrupt, or raise `--games` to extend a run). `--jobs N` plays games
in N processes. `--one-way` (tables of three or more) plays only the tables with one seat
of the first level of each pair against the rest of the other, e.g. one hard against three
normal. Hard bots run on their shipped iteration budget without a time cap
(reproducible on any machine); `--time-cap` adds the shipped seconds as in the app.

Ratings are Bradley–Terry on the Elo scale (the first level at 0) with 95 % bootstrap
intervals, from the pairwise results inside each game (nile/ai/rating.py); the gap between
neighbouring levels gets its own interval (from the same resamples), which separates two
levels more sharply than two overlapping intervals measured from the first level.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from _common import BOT_NAMES, Player, finished_records, parse_options, play_game

from nile.ai.bots import hooks_of
from nile.ai.rating import GameResult, bootstrap, gaps, rate, separated
from nile.core import registry


@dataclass(frozen=True)
class Settings:
    """What makes two runs comparable (a results file only resumes the same settings)."""

    game: str
    players: int
    levels: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, str], ...]
    hard_iterations: int | None
    time_cap: bool
    expert_iterations: int | None = None
    one_way: bool = False

    def key(self) -> str:
        fields: list[Any] = [self.game, self.players, list(self.levels), self.seed,
                             [list(o) for o in self.options], self.hard_iterations,
                             self.time_cap]
        if self.expert_iterations is not None:  # older results files stay readable
            fields.append(self.expert_iterations)
        if self.one_way:  # likewise
            fields.append("one-way")
        return json.dumps(fields)


def lineups(levels: tuple[str, ...], players: int,
            one_way: bool = False) -> list[tuple[str, ...]]:
    """The tables to play, one per pair of levels (two per pair above two players, unless
    `one_way`: then only one seat of the pair's first level against the other)."""
    tables: list[tuple[str, ...]] = []
    for a, b in combinations(levels, 2):
        tables.append((a, b) + (b,) * (players - 2))
        if players > 2 and not one_way:
            tables.append((b, a) + (a,) * (players - 2))
    return tables


def schedule(settings: Settings, games: int) -> list[tuple[int, tuple[str, ...]]]:
    """Game index -> seat levels: lineups in turn, each rotated one seat per cycle."""
    tables = lineups(settings.levels, settings.players, settings.one_way)
    plan = []
    for index in range(games):
        table = tables[index % len(tables)]
        shift = (index // len(tables)) % settings.players
        plan.append((index, table[-shift:] + table[:-shift] if shift else table))
    return plan


def play_one(job: tuple[Settings, int, tuple[str, ...]]) -> dict[str, Any]:
    """One game, as a JSON-safe record (or an error record: a tool reports and goes on)."""
    settings, index, seats = job
    info = registry.get(settings.game)
    seed = settings.seed * 1_000_003 + index
    record: dict[str, Any] = {"key": settings.key(), "index": index, "seed": seed,
                              "seats": list(seats)}
    started = time.process_time()
    try:
        iterations, expert = settings.hard_iterations, settings.expert_iterations
        if not settings.time_cap:
            iterations = iterations or hooks_of(info).budget("hard")[0]
            expert = expert or hooks_of(info).budget("expert")[0]
        players = [Player(info, name, seat, seed, iterations, expert_iterations=expert)
                   for seat, name in enumerate(seats)]
        state, length = play_game(info, players, seed, dict(settings.options))
    except Exception:  # a tool reports every failure and carries on
        record["error"] = traceback.format_exc(limit=3)
        traceback.print_exc(file=sys.stderr)
        return record
    record.update(cpu=round(time.process_time() - started, 3), actions=length,
                  finished=state.is_terminal)
    if state.is_terminal:
        extra = info.selfplay_stats
        record.update(scores=list(state.scores()), ranking=list(state.ranking()),
                      lower_is_better=state.score_sheet().lower_is_better,
                      extra=dict(extra(state, list(seats))) if extra else {})
    return record


def load(path: Path | None, key: str) -> dict[int, dict[str, Any]]:
    """Finished records of these settings already in the results file, by game index."""
    return finished_records(
        path, lambda record: record.get("key") == key and "error" not in record)


def play_all(settings: Settings, games: int, jobs: int,
             path: Path | None) -> list[dict[str, Any]]:
    """Every scheduled game, reusing the results file and appending new games to it."""
    done = load(path, settings.key())
    todo = [(settings, i, seats) for i, seats in schedule(settings, games) if i not in done]
    out = path.open("a", encoding="utf-8") if path is not None else None
    try:
        for record in _run(todo, jobs):
            if out is not None and "error" not in record:
                out.write(json.dumps(record, sort_keys=True) + "\n")
                out.flush()
            done[record["index"]] = record
    finally:
        if out is not None:
            out.close()
    return [done[i] for i in sorted(done) if i < games]


def _run(todo: list[tuple[Settings, int, tuple[str, ...]]],
         jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1 or len(todo) <= 1:
        yield from map(play_one, todo)
        return
    with Pool(jobs) as pool:
        yield from pool.imap_unordered(play_one, todo)


# The report ------------------------------------------------------------------------


def margin(record: dict[str, Any], a: str, b: str) -> float:
    """a's mean score minus b's mean score in one game, signed so positive favours a."""
    seats, scores = record["seats"], record["scores"]
    mean_a = _mean(s for s, name in zip(scores, seats, strict=True) if name == a)
    mean_b = _mean(s for s, name in zip(scores, seats, strict=True) if name == b)
    sign = -1.0 if record["lower_is_better"] else 1.0
    return sign * (mean_a - mean_b)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


def pairings(records: list[dict[str, Any]], levels: tuple[str, ...]) -> list[dict[str, Any]]:
    """Per pair of levels: games, the first level's points (a win 1, a shared win 1/2
    against the best seat of the other level) and the mean score margin."""
    rows = []
    for a, b in combinations(levels, 2):
        met = [r for r in records if a in r["seats"] and b in r["seats"]]
        points = 0.0
        for r in met:
            best_a = min(p for p, n in zip(r["ranking"], r["seats"], strict=True) if n == a)
            best_b = min(p for p, n in zip(r["ranking"], r["seats"], strict=True) if n == b)
            points += 1.0 if best_a < best_b else 0.5 if best_a == best_b else 0.0
        rows.append({"a": a, "b": b, "games": len(met), "points_a": points,
                     "share_a": round(points / len(met), 3) if met else None,
                     "margin_a": round(_mean(margin(r, a, b) for r in met), 2)})
    return rows


def level_stats(records: list[dict[str, Any]], levels: tuple[str, ...]) -> dict[str, Any]:
    """Seats, wins (first place, shared counts) and the game's own extras per level; Age of
    Steam's extras give bankruptcies (`bankrupt_<level>` out of `seats_<level>`)."""
    seats, wins = Counter[str](), Counter[str]()
    extras: Counter[str] = Counter()
    for r in records:
        for name, place in zip(r["seats"], r["ranking"], strict=True):
            seats[name] += 1
            wins[name] += place == 1
        extras.update(r.get("extra", {}))
    stats: dict[str, Any] = {}
    for level in levels:
        row: dict[str, Any] = {"seats": seats[level], "wins": wins[level]}
        if f"seats_{level}" in extras:
            row["bankrupt"] = extras[f"bankrupt_{level}"]
        stats[level] = row
    other = {k: v for k, v in extras.items()
             if not any(k.endswith(f"_{lvl}") for lvl in levels)}
    if other:
        stats["extra"] = dict(sorted(other.items()))
    return stats


def summary(settings: Settings, records: list[dict[str, Any]], samples: int) -> dict[str, Any]:
    """The JSON line: ratings with intervals, pairings, per-level stats, cost."""
    finished = [r for r in records if r.get("finished")]
    results = [GameResult(tuple(r["seats"]), tuple(r["ranking"])) for r in finished]
    ratings = rate(results, settings.levels, samples=samples, seed=settings.seed)
    draws = bootstrap(results, settings.levels, samples=samples, seed=settings.seed)
    steps = gaps(draws, settings.levels, {r.level: r.elo for r in ratings})
    return {
        "game": settings.game, "players": settings.players,
        "options": dict(settings.options), "levels": list(settings.levels),
        "games": len(records), "finished": len(finished),
        "ratings": {r.level: {"elo": round(r.elo), "low": round(r.low), "high": round(r.high),
                              "games": r.games} for r in ratings},
        "separated": separated(ratings),
        "gaps": [{"lower": lo, "upper": up, "elo": round(gap), "low": round(a),
                  "high": round(b)} for lo, up, gap, a, b in steps],
        "gaps_above_zero": all(step[3] > 0 for step in steps),
        "pairings": pairings(finished, settings.levels),
        "levels_stats": level_stats(finished, settings.levels),
        "cpu_seconds": round(sum(r.get("cpu", 0.0) for r in records), 1),
    }


def table(report: dict[str, Any]) -> str:
    """The human-readable part: ratings, then each pairing."""
    lines = [f"{report['game']} · {report['players']} players · {report['finished']} of "
             f"{report['games']} games finished · {report['cpu_seconds']} s CPU",
             f"{'level':<8} {'Elo':>6} {'95% interval':>16} {'games':>6} {'seats':>6} "
             f"{'wins':>5}{' bankrupt' if _has_bankrupt(report) else ''}"]
    stats = report["levels_stats"]
    for level, r in report["ratings"].items():
        row = stats[level]
        extra = f" {row['bankrupt']:>8}" if "bankrupt" in row else ""
        interval = f"[{r['low']}, {r['high']}]"
        lines.append(f"{level:<8} {r['elo']:>6} {interval:>16} "
                     f"{r['games']:>6} {row['seats']:>6} {row['wins']:>5}{extra}")
    lines.append(f"intervals separated in this order: {'yes' if report['separated'] else 'no'}"
                 " (each level's interval, measured from the first level)")
    lines.append(f"every neighbour's gap above zero: "
                 f"{'yes' if report['gaps_above_zero'] else 'no'} (the figure the targets use)")
    for g in report["gaps"]:
        lines.append(f"  {g['upper']} over {g['lower']}: {g['elo']:+} Elo, 95% interval "
                     f"[{g['low']}, {g['high']}]")
    for p in report["pairings"]:
        if p["games"]:
            lines.append(f"  {p['a']} vs {p['b']}: {p['points_a']:g}/{p['games']} "
                         f"({100 * p['share_a']:.0f}%), mean margin {p['margin_a']:+g}")
    return "\n".join(lines)


def _has_bankrupt(report: dict[str, Any]) -> bool:
    return any("bankrupt" in v for k, v in report["levels_stats"].items() if k != "extra")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=None,
                        help="default: the game's smallest table")
    parser.add_argument("--levels", default="random,easy,normal,hard")
    parser.add_argument("--games", type=int, default=24, help="games in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="key=value")
    parser.add_argument("--hard-iterations", type=int, default=None)
    parser.add_argument("--expert-iterations", type=int, default=None,
                        help="default: the game's expert budget")
    parser.add_argument("--time-cap", action="store_true",
                        help="hard bots keep the shipped time cap (not reproducible)")
    parser.add_argument("--one-way", action="store_true",
                        help="tables of 3+: only one seat of each pair's first level "
                             "against the rest of the second")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--results", type=Path, default=None, help="JSONL file to resume")
    parser.add_argument("--bootstrap", type=int, default=200, help="resamples for intervals")
    args = parser.parse_args(argv)

    info = registry.get(args.game)
    options = info.resolve_options(parse_options(args.option))
    levels = tuple(args.levels.split(","))
    unknown = [name for name in levels if name not in BOT_NAMES]
    if unknown or len(levels) < 2 or len(set(levels)) != len(levels):
        raise SystemExit(f"--levels needs two or more of {', '.join(BOT_NAMES)}")
    players = args.players or info.player_range(options)[0]
    info.check_players(players, options)
    settings = Settings(info.id, players, levels, args.seed, tuple(sorted(options.items())),
                        args.hard_iterations, args.time_cap, args.expert_iterations,
                        args.one_way)
    records = play_all(settings, args.games, args.jobs, args.results)
    report = summary(settings, records, args.bootstrap)
    print(table(report))
    print(json.dumps(report, sort_keys=True))
    return 0 if report["finished"] == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
