"""How many matches one `nile serve` carries: measured over the real protocol on loopback.

    python tools/net_bench.py --matches 200            people only
    python tools/net_bench.py --matches 50 --bots      a bot seat in every match

Starts `nile serve` on 127.0.0.1 (a free port, a temporary data folder), creates the
matches with the admin token (the five games in turn), and plays them all at once to
their ends with scripted remote players (asyncio WebSocket clients, random legal moves of
their own seat's observation, kept under the host's rate limit). Afterwards every
message each connection received goes through the privacy audit (`nile.net.audit`).
The server is stopped at the end, or after `--seconds`. The last line is JSON:
matches, finished, moves, errors, leaks, rtt_ms_p50, rtt_ms_p95 (a move sent to the
sender's next view), server_cpu_ms_per_move, rss_mb (the server's peak).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from nile import __version__  # noqa: E402
from nile.core import registry  # noqa: E402
from nile.net import protocol as p  # noqa: E402
from nile.net import wire  # noqa: E402
from nile.net.audit import audit  # noqa: E402
from nile.net.codec import decode_state  # noqa: E402
from nile.net.peer import BURST, RATE, Bucket  # noqa: E402

GAMES = (("loose_caboose", 3, {}), ("cleopatra", 3, {}), ("kap_kairo", 3, {}),
         ("age_of_steam", 3, {"map": "egypt"}), ("cairo", 2, {}))


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    saves: dict[str, dict[str, object]] = field(default_factory=dict)
    last_seq: dict[str, int] = field(default_factory=dict)
    received: list[tuple[str, list[object]]] = field(default_factory=list)


async def play_seat(url: str, code: str, rng: random.Random, tally: Tally,
                    think: float) -> None:
    """One remote person: join with `code`, answer every own turn, stop at the end."""
    received: list[object] = []
    bucket = Bucket(RATE * 0.9, BURST / 2)
    game, answered, sent = "", -1, (-1, 0.0)
    async with connect(url, proxy=None, compression=None, max_size=16 * 2**20,
                       open_timeout=60) as ws:
        await ws.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        await ws.send(wire.encode(p.Join(code)))
        async for raw in ws:
            message = wire.decode(raw, p.SERVER_MESSAGES)
            received.append(message)
            if isinstance(message, p.Joined):
                game = message.game
            elif isinstance(message, p.Refusal):
                tally.errors.append(message.reason)
            elif isinstance(message, p.Over):
                tally.saves[message.match] = message.save
                break
            elif isinstance(message, p.View):
                tally.last_seq[message.match] = max(message.seq,
                                                    tally.last_seq.get(message.match, 0))
                if message.seq > sent[0] >= 0:
                    tally.round_trips.append(time.perf_counter() - sent[1])
                    sent = (-1, 0.0)
                state = decode_state(registry.get(game), message.state, message.seat)
                if state.current_player != message.seat or message.seq == answered:
                    continue
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                while not bucket.take():
                    await asyncio.sleep(0.01)
                action = rng.choice(state.legal_actions()).to_str()
                answered, sent = message.seq, (message.seq, time.perf_counter())
                await ws.send(wire.encode(p.Move(message.seat, message.seq, action)))
    tally.received.append((code, received))


async def create_all(url: str, token: str, count: int, bots: bool) -> list[p.Created]:
    """The matches, made over a few admin connections (each within the rate limit)."""
    async def maker(numbers: list[int]) -> list[p.Created]:
        made = []
        async with connect(url, proxy=None, compression=None) as ws:
            await ws.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
            wire.decode(await ws.recv(), p.SERVER_MESSAGES)
            for number in numbers:
                game, players, options = GAMES[number % len(GAMES)]
                specs = tuple(p.PlayerSpec(f"P{s}", "bot" if bots and s == players - 1
                                           else "human") for s in range(players))
                await ws.send(wire.encode(p.Create(token, game, specs, options)))
                answer = wire.decode(await ws.recv(), p.SERVER_MESSAGES)
                if not isinstance(answer, p.Created):
                    raise SystemExit(f"could not create a match: {answer}")
                made.append(answer)
                await asyncio.sleep(0.06)
        return made

    groups = [list(range(i, count, 10)) for i in range(min(10, count))]
    return [c for group in await asyncio.gather(*(maker(g) for g in groups)) for c in group]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    found = re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return round(int(found.group(1)) / 1024, 1) if found else float("nan")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return round(1000 * ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))], 2)


async def bench(args: argparse.Namespace, url: str, token: str, pid: int) -> dict[str, object]:
    created = await create_all(url, token, args.matches, args.bots)
    tally, rng = Tally(), random.Random(args.seed)
    codes = [code for c in created for code in c.codes if code]
    print(f"{len(created)} matches, {len(codes)} remote seats; playing…", flush=True)
    cpu0, start, own = cpu_seconds(pid), time.perf_counter(), time.process_time()
    tasks = [asyncio.create_task(play_seat(url, code, random.Random(rng.random()), tally,
                                             args.think))
             for code in codes]
    done, pending = await asyncio.wait(tasks, timeout=args.seconds)
    for task in pending:
        task.cancel()
    tally.errors += [repr(t.exception()) for t in done if t.exception() is not None]
    cpu, wall = cpu_seconds(pid) - cpu0, time.perf_counter() - start
    own = time.process_time() - own
    moves = sum(tally.last_seq.values())
    leaks = sum(len(audit(received, tally.saves[_match_of(created, code)]))
                for code, received in tally.received if _match_of(created, code) in tally.saves)
    print(f"played in {wall:.1f} s", flush=True)
    return {"matches": len(created), "finished": len(tally.saves), "moves": moves,
            "errors": len(tally.errors) + len(pending), "leaks": leaks,
            "rtt_ms_p50": percentile(tally.round_trips, 0.5),
            "rtt_ms_p95": percentile(tally.round_trips, 0.95),
            "server_cpu_ms_per_move": round(1000 * cpu / max(moves, 1), 3),
            "rss_mb": peak_rss_mb(pid), "bots": args.bots, "seconds": round(wall, 1),
            "think_s": args.think, "server_cpu_s": round(cpu, 1), "clients_cpu_s": round(own, 1)}


def _match_of(created: list[p.Created], code: str) -> str:
    return next(c.match for c in created if code in c.codes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--bots", action="store_true", help="a bot seat in every match")
    parser.add_argument("--seconds", type=float, default=600, help="give up after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a scripted person waits before each move (0: at once)")
    parser.add_argument("--server-pid", type=int,
                        help="bench a server already running (with --url, --token)")
    parser.add_argument("--url", help="its address, ws://127.0.0.1:PORT")
    parser.add_argument("--token", help="its admin token")
    args = parser.parse_args()
    if args.server_pid:
        result = asyncio.run(bench(args, args.url, args.token, args.server_pid))
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory(prefix="nile-net-bench-") as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "nile", "serve", "--port", "0", "--data", data],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            assert server.stdout is not None
            port = None
            for _ in range(10):
                found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)",
                                  server.stdout.readline())
                if found:
                    port = int(found.group(1))
                    break
            if port is None:
                raise SystemExit("nile serve did not start")
            token = (Path(data) / "admin-token").read_text().strip()
            result = asyncio.run(bench(args, f"ws://127.0.0.1:{port}", token, server.pid))
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
    print(json.dumps(result))
    return 0 if result["errors"] == 0 and result["leaks"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
