"""The records of finished games (issue 29 item 6): kept newest first and capped, read back
exactly, a damaged file moved aside and never overwritten, a damaged record skipped, and
what they add up to per game and bot level."""

from __future__ import annotations

import json
import random

import pytest

from nile.core import paths, records, registry, saves
from nile.core.session import Match, SeatConfig


def finished(game: str = "loose_caboose", seed: int = 1, level: str = "hard") -> Match:
    """A game played to its end with random moves."""
    info = registry.get(game)
    match = Match.new(info, (SeatConfig("Ann"), SeatConfig("Bastet", "bot", level, 1)), seed)
    rng = random.Random(seed)
    while not match.state.is_terminal:
        match.play(rng.choice(match.state.legal_actions()))
        match.resolve_chance()
    return match


def test_a_record_says_who_played_how_they_scored_and_who_won() -> None:
    match = finished()
    record = records.record_of(match, 1_800_000_000)
    scores = match.state.scores()
    assert [s.name for s in record.seats] == ["Ann", "Bastet"]
    assert [s.score for s in record.seats] == scores
    assert [s.won for s in record.seats] == [p == 1 for p in match.state.ranking()]
    assert record.lower_is_better  # Loose Caboose counts penalty points
    assert record.seats[1].kind == "bot" and record.seats[1].level == "hard"
    replayed = saves.match_from_save(record.save)
    assert replayed.state.scores() == scores  # the save watches the same game again


def test_records_come_back_newest_first_and_the_oldest_go() -> None:
    for seed in range(3):
        records.add(records.record_of(finished(seed=seed), 1_800_000_000 + seed))
    history = records.load()
    assert history.problem is None
    assert [r.save["seed"] for r in history.records] == [2, 1, 0]
    first = history.records[0]
    assert records.load().records[0] == first


def test_the_history_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "MAX_RECORDS", 2)
    record = records.record_of(finished())
    for _ in range(3):
        records.add(record)
    assert len(records.load().records) == 2


def test_a_damaged_history_is_moved_aside_and_the_player_told() -> None:
    path = records.history_path()
    path.write_text("{not json", encoding="utf-8")
    history = records.load()
    assert history.records == () and "damaged" in (history.problem or "")
    kept = list(paths.data_dir().glob("records-damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    records.add(records.record_of(finished()))
    assert len(records.load().records) == 1  # a new history, the old one still aside


def test_a_damaged_record_is_skipped_the_rest_read() -> None:
    records.add(records.record_of(finished()))
    path = records.history_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    good = data["records"][0]
    hostile = [dict(good, seats=[{"name": "x", "kind": "bot", "level": "god", "score": 1}]),
               dict(good, seats="everyone"), dict(good, finished=3), "a string",
               dict(good, seats=[{"name": "x", "kind": "human", "level": "", "score": "NaN"}])]
    data["records"] = [*hostile, good]
    path.write_text(json.dumps(data), encoding="utf-8")
    history = records.load()
    assert len(history.records) == 1
    assert history.problem == "5 damaged records could not be read."


def test_the_summary_counts_the_people_here_per_game_and_bot_level() -> None:
    games = [finished(seed=s, level=level) for s, level in enumerate(["easy", "hard", "hard"])]
    history = [records.record_of(m) for m in games]
    (summary,) = records.summarize(history)
    wins = sum(m.state.ranking()[0] == 1 for m in games)
    assert (summary.overall.games, summary.overall.wins, summary.overall.losses) == (
        3, wins, 3 - wins)
    assert summary.against["easy"].games == 1 and summary.against["hard"].games == 2
    best = min(m.state.scores()[0] for m in games)  # the fewest penalty points
    assert summary.best is not None and summary.best[:2] == (best, "Ann")
    assert "(easy bot)" in records.seats_line(history[0].seats)
