"""Where a host's time goes: per-move phase timings and the event loop's lag.

`tools/net_bench.py` asks `nile serve --stats FILE` for these so that a slow round trip
can be pinned on a phase (waiting for the match's lock, judging, writing to disk,
building the views, sending) or on the event loop being late (another match's work,
or the machine's other processes), instead of being guessed at. Samples are kept in
bounded windows, so a server that runs for weeks keeps only the latest ones.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict, deque
from pathlib import Path
from typing import Any

WINDOW = 200_000
"""Samples kept per phase (the most recent)."""
LAG_TICK = 0.05
"""Seconds between two looks at the event loop's lag."""


class Stats:
    """Named series of durations in milliseconds (and a few counts); thread-safe for
    `add` and `count` (a deque's append is atomic)."""

    def __init__(self) -> None:
        self._series: dict[str, deque[float]] = defaultdict(lambda: deque(maxlen=WINDOW))

    def add(self, name: str, seconds: float) -> None:
        self._series[name].append(1000 * seconds)

    def count(self, name: str, value: float) -> None:
        """A sample that is not a duration (how many changes one sync confirmed)."""
        self._series[name].append(value)

    def summary(self) -> dict[str, dict[str, float]]:
        """Per series: count, p50, p95, p99 and max, in ms."""
        return {name: _summary(list(values)) for name, values in sorted(self._series.items())
                if values}

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.summary(), indent=1), encoding="utf-8")

    async def watch_loop(self, stop: asyncio.Event) -> None:
        """Sample how late the loop runs a callback due now (`loop_lag`) until `stop`."""
        while not stop.is_set():
            due = time.perf_counter() + LAG_TICK
            await asyncio.sleep(LAG_TICK)
            self.add("loop_lag", max(0.0, time.perf_counter() - due))


def _summary(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))], 2)

    return {"count": len(ordered), "p50": at(0.5), "p95": at(0.95), "p99": at(0.99),
            "max": round(ordered[-1], 2)}
