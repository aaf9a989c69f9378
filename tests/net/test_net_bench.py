"""tools/net_bench.py plays its matches to the end over loopback and reports the figures
issue 31 item 9 names, as JSON on its last line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_bench_finishes_every_match_without_errors_or_leaks() -> None:
    result = subprocess.run([sys.executable, "tools/net_bench.py", "--matches", "5", "--bots",
                             "--seconds", "120", "--think", "0.05"],  # quick: 50 ms a move
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["matches"] == figures["finished"] == 5
    assert figures["errors"] == 0 and figures["leaks"] == 0 and figures["moves"] > 50
    for key in ("rtt_ms_p50", "rtt_ms_p95", "server_cpu_ms_per_move", "rss_mb",
                "moves_per_s"):
        assert figures[key] > 0
    phases = figures["server_phases_ms"]  # where the server's time went (nile serve --stats)
    for phase in ("judge", "views", "save", "send", "move", "journal_sync", "loop_lag"):
        assert phases[phase]["count"] > 0 and phases[phase]["p95"] >= phases[phase]["p50"]
    assert phases["bot_moves_ahead"]["count"] == phases["move"]["count"]
    assert phases["journal_batch"]["count"] <= phases["move"]["count"] + figures["moves"]
