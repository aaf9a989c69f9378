"""The benchmark tools report what issue 33 item 6 asks: heavy frames and the frames that
play a move (tools/frame_probe.py), and an interleaved comparison with another commit that
leaves no worktree behind (tools/bench_against.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
sys.path.insert(0, str(TOOLS))

import bench_against  # noqa: E402
import frame_probe  # noqa: E402


def test_heavy_frames_and_move_frames_are_reported_apart() -> None:
    cpu = [1.0] * 94 + [6.0, 8.0, 20.0, 2.0, 30.0, 4.0]
    moved = [False] * 94 + [False, True, True, True, False, False]
    figures = frame_probe.figures(frame_probe.FrameTimes(wall=list(cpu), cpu=cpu, moved=moved))
    assert figures["frame_cpu_heavy_pct"] == 4.0  # 6, 8, 20 and 30 ms of 100 frames
    assert figures["frame_cpu_heavy_mean_ms"] == 16.0
    assert figures["frame_cpu_worst_ms"] == 30.0
    assert figures["move_frames"] == 3.0
    assert figures["move_frame_cpu_median_ms"] == 8.0
    assert figures["move_frame_cpu_worst_ms"] == 20.0
    assert figures["move_frames_over_16ms"] == 1.0
    assert figures["other_frame_cpu_worst_ms"] == 30.0


def test_no_heavy_frame_reads_zero_not_nan() -> None:
    figures = frame_probe.figures(frame_probe.FrameTimes([1.0, 2.0], [1.0, 2.0], [False] * 2))
    assert figures["frame_cpu_heavy_pct"] == 0.0 and figures["frame_cpu_heavy_mean_ms"] == 0.0
    assert figures["move_frames"] == 0.0


def test_table_gives_quartiles_and_the_ratio_of_medians() -> None:
    samples = {
        "abc123": {"cairo": {"random_games_per_s": [20.0, 22.0, 24.0, 26.0, 28.0]}},
        "this": {"cairo": {"random_games_per_s": [30.0, 33.0, 36.0, 39.0, 42.0]}},
    }
    rows = bench_against.table("abc123", samples)  # type: ignore[arg-type]
    assert len(rows) == 1
    row = rows[0]
    assert row["rev"] == (22.0, 24.0, 26.0) and row["this"] == (33.0, 36.0, 39.0)
    assert row["ratio"] == 1.5 and row["better"] == "higher"


def test_the_compared_commit_is_checked_out_clean_and_removed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison alternates the sides and removes its worktree (the benchmarks
    themselves are stubbed: a real run takes minutes)."""
    seen: list[tuple[Path, str]] = []

    def fake(root: Path, game: str, args: object) -> dict[str, float]:
        seen.append((root, game))
        assert (root / "tools" / "bench.py").exists()
        return {"random_games_per_s": 1.0}

    monkeypatch.setattr(bench_against, "measure_side", fake)
    args = bench_against.argparse.Namespace(rev="HEAD", runs=2, games=["cairo"])
    samples = bench_against.compare(args)
    assert [root == bench_against.ROOT for root, _ in seen] == [False, True, True, False]
    assert samples["this"]["cairo"]["random_games_per_s"] == [1.0, 1.0]
    listed = subprocess.run(["git", "worktree", "list"], cwd=bench_against.ROOT,
                            capture_output=True, text=True, check=True).stdout
    assert str(seen[0][0]) not in listed and not seen[0][0].exists()
