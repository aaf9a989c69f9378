"""tools/tournament.py end to end: a two-game tournament on the fastest game, resumed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from tournament import Settings, lineups, schedule  # noqa: E402


def tournament(*args: str) -> tuple[str, dict[str, object]]:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "tournament.py"), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.strip().splitlines()
    return "\n".join(lines[:-1]), json.loads(lines[-1])


@pytest.mark.slow
def test_two_games_of_random_against_easy_rate_both_and_resume(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    args = ("--game", "loose_caboose", "--levels", "random,easy", "--games", "2",
            "--seed", "5", "--bootstrap", "20", "--results", str(results))
    text, report = tournament(*args)
    assert report["games"] == report["finished"] == 2
    assert set(report["ratings"]) == {"random", "easy"}  # type: ignore[arg-type]
    pairing = report["pairings"][0]  # type: ignore[index]
    assert pairing["games"] == 2
    stats = report["levels_stats"]
    # Seats rotate: each level sat once in each seat.
    assert stats["random"]["seats"] == stats["easy"]["seats"] == 2  # type: ignore[index]
    records = [json.loads(line) for line in results.read_text().splitlines()]
    assert [r["seats"] for r in sorted(records, key=lambda r: r["index"])] == [
        ["random", "easy"], ["easy", "random"]]
    assert "random vs easy" in text
    gap = report["gaps"][0]  # type: ignore[index]
    assert ("every neighbour's gap above zero: " + ("yes" if gap["low"] > 0 else "no")) in text

    # Same settings again: nothing is replayed, the report is the same.
    again_text, again = tournament(*args)
    assert len(results.read_text().splitlines()) == 2
    assert again == {**report, "cpu_seconds": again["cpu_seconds"]}
    assert again_text.splitlines()[1:] == text.splitlines()[1:]


def test_one_way_tables_seat_one_of_the_first_level_against_the_rest() -> None:
    """`--one-way`: one seat of each pair's first level, rotating, never the reverse table."""
    assert lineups(("hard", "normal"), 4, one_way=True) == [
        ("hard", "normal", "normal", "normal")]
    assert len(lineups(("hard", "normal"), 4)) == 2
    settings = Settings("age_of_steam", 4, ("hard", "normal"), 0, (), None, False,
                        one_way=True)
    seats = [s for _, s in schedule(settings, 4)]
    assert [s.index("hard") for s in seats] == [0, 1, 2, 3]
    assert all(s.count("hard") == 1 for s in seats)
    assert settings.key() != Settings("age_of_steam", 4, ("hard", "normal"), 0, (), None,
                                      False).key()
