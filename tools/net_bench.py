"""How many matches one `nile serve` carries: measured over the real protocol on loopback.

    python tools/net_bench.py --matches 200            people at a brisk pace (2 s a move)
    python tools/net_bench.py --matches 200 --bots     a bot seat in every match
    python tools/net_bench.py --matches 200 --think 0  stress: everybody answers at once

Starts `nile serve` on 127.0.0.1 (a free port, a temporary data folder), creates the
matches with the admin token (the five games in turn), and plays them all at once to
their ends with scripted remote players (asyncio WebSocket clients, random legal moves of
their own seat's observation, kept under the host's rate limit), spread over `--procs`
client processes of their own so that their CPU is measured apart from the server's.
The server and each client process start a session of their own: where Linux groups
CPU time by session (autogroup), the server then competes with its clients as it would
with other computers' (not at all), rather than sharing one group's slice with them.
Afterwards every message each connection received goes through the privacy audit
(`nile.net.audit`). The server is stopped at the end, or after `--seconds`. The last line
is JSON: matches, finished, moves, errors, leaks, rtt_ms_p50, rtt_ms_p95 (a move sent to
the sender's next view received), server_cpu_ms_per_move, rss_mb (the server's peak),
moves_per_s, the clients' CPU and event-loop lag, and `server_phases_ms`: where the
server's time went per move (`nile serve --stats`: lock_wait, judge, views, save = the
journal's sync, send, move = all of them), its event loop's lag, and bot_moves_ahead
(bot moves played after a person's move was read and before it was judged).
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
from nile.net.stats import Stats  # noqa: E402

THINK = 2.0
"""The default pace: a person takes 1 to 3 s a move (2 s on average). People at a board
game take seconds for a move, often tens of seconds; 2 s is a brisk player who knows the
game, so the bench asks more of the host than real tables do. `--think 0` answers at
once: a stress test of throughput (`moves_per_s`), not of round trips."""

GAMES = (("loose_caboose", 3, {}), ("cleopatra", 3, {}), ("kap_kairo", 3, {}),
         ("age_of_steam", 3, {"map": "egypt"}), ("cairo", 2, {}))


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    saves: dict[str, dict[str, object]] = field(default_factory=dict)
    last_seq: dict[str, int] = field(default_factory=dict)
    received: list[tuple[list[object], dict[str, object]]] = field(default_factory=list)


async def play_seat(url: str, code: str, rng: random.Random, tally: Tally,
                    think: float) -> None:
    """One remote person: join with `code`, answer every own turn, stop at the end, and
    keep every message the seat received for the audit."""
    received: list[object] = []
    bucket = Bucket(RATE * 0.9, BURST / 2)
    game, answered, sent = "", -1, (-1, 0.0)
    async with connect(url, proxy=None, compression=None, max_size=16 * 2**20,
                       open_timeout=60) as ws:
        await ws.send(wire.encode(p.Hello(__version__, p.PROTOCOL)))
        await ws.send(wire.encode(p.Join(code)))
        async for raw in ws:
            arrived = time.perf_counter()
            message = wire.decode(raw, p.SERVER_MESSAGES)
            received.append(message)
            if isinstance(message, p.Joined):
                game = message.game
            elif isinstance(message, p.Refusal):
                tally.errors.append(message.reason)
            elif isinstance(message, p.Over):
                tally.saves[message.match] = message.save
                tally.received.append((received, message.save))
                break
            elif isinstance(message, p.View):
                tally.last_seq[message.match] = max(message.seq,
                                                    tally.last_seq.get(message.match, 0))
                if message.seq > sent[0] >= 0:
                    tally.round_trips.append(arrived - sent[1])
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


async def play_all(url: str, codes: list[str], seed: float, think: float,
                   seconds: float) -> dict[str, object]:
    """Every seat of `codes` at once (one client process); its tally as plain data."""
    tally, rng = Tally(), random.Random(seed)
    own = time.process_time()
    lag, stop_lag = Stats(), asyncio.Event()
    watcher = asyncio.create_task(lag.watch_loop(stop_lag))
    tasks = [asyncio.create_task(play_seat(url, code, random.Random(rng.random()), tally,
                                             think)) for code in codes]
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    for task in pending:
        task.cancel()
    stop_lag.set()
    await watcher
    tally.errors += [repr(t.exception()) for t in done if t.exception() is not None]
    leaks = sum(len(audit(received, save)) for received, save in tally.received)
    return {"round_trips": tally.round_trips, "errors": len(tally.errors) + len(pending),
            "error_samples": tally.errors[:5], "finished": sorted(tally.saves),
            "last_seq": tally.last_seq, "leaks": leaks,
            "cpu_s": time.process_time() - own,
            "loop_lag_ms": lag.summary().get("loop_lag", {})}


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


def waited_seconds(pid: int) -> float:
    """How long the process's threads have waited for a CPU while ready to run (the
    machine's other work, not ours: /proc/PID/task/*/schedstat, second field)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return total / 1e9


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
    codes = [code for c in created for code in c.codes if code]
    print(f"{len(created)} matches, {len(codes)} remote seats in {args.procs} client "
          f"processes; playing…", flush=True)
    cpu0, waited0, start = cpu_seconds(pid), waited_seconds(pid), time.perf_counter()
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", "--url", url, "--think", str(args.think),
        "--seed", str(args.seed + n), "--seconds", str(args.seconds),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        start_new_session=True)
        for n in range(args.procs)]
    outputs = await asyncio.gather(*(worker.communicate(json.dumps(codes[n::args.procs])
                                                        .encode())
                                     for n, worker in enumerate(workers)))
    cpu, wall = cpu_seconds(pid) - cpu0, time.perf_counter() - start
    waited = waited_seconds(pid) - waited0
    parts = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
    last_seq: dict[str, int] = {}
    for part in parts:
        for match, seq in part["last_seq"].items():
            last_seq[match] = max(seq, last_seq.get(match, 0))
    moves = sum(last_seq.values())
    round_trips = [rtt for part in parts for rtt in part["round_trips"]]
    print(f"played in {wall:.1f} s", flush=True)
    return {"matches": len(created),
            "finished": len({m for part in parts for m in part["finished"]}),
            "moves": moves, "errors": sum(part["errors"] for part in parts),
            "leaks": sum(part["leaks"] for part in parts),
            "rtt_ms_p50": percentile(round_trips, 0.5),
            "rtt_ms_p95": percentile(round_trips, 0.95),
            "server_cpu_ms_per_move": round(1000 * cpu / max(moves, 1), 3),
            "rss_mb": peak_rss_mb(pid), "bots": args.bots, "seconds": round(wall, 1),
            "think_s": args.think, "moves_per_s": round(moves / wall, 1),
            "rtt_ms_p99": percentile(round_trips, 0.99),
            "server_cpu_s": round(cpu, 1), "server_waited_for_cpu_s": round(waited, 1),
            "clients_cpu_s": round(sum(part["cpu_s"] for part in parts), 1),
            "clients_loop_lag_ms_p95": [part["loop_lag_ms"].get("p95") for part in parts],
            "error_samples": [e for part in parts for e in part["error_samples"]][:5]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--bots", action="store_true", help="a bot seat in every match")
    parser.add_argument("--seconds", type=float, default=600, help="give up after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=THINK,
                        help="mean seconds a scripted person takes for a move, drawn "
                             "evenly from half to one and a half times it (0: at once, "
                             "a stress test: see moves_per_s)")
    parser.add_argument("--procs", type=int, default=2,
                        help="client processes the scripted people are spread over")
    parser.add_argument("--worker", action="store_true",
                        help="(internal) play the codes read from stdin against --url")
    parser.add_argument("--server-pid", type=int,
                        help="bench a server already running (with --url, --token)")
    parser.add_argument("--url", help="its address, ws://127.0.0.1:PORT")
    parser.add_argument("--token", help="its admin token")
    args = parser.parse_args()
    if args.worker:
        codes = json.loads(sys.stdin.read())
        print(json.dumps(asyncio.run(play_all(args.url, codes, args.seed, args.think,
                                              args.seconds))))
        return 0
    if args.server_pid:
        result = asyncio.run(bench(args, args.url, args.token, args.server_pid))
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory(prefix="nile-net-bench-") as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "nile", "serve", "--port", "0", "--data", data,
             "--stats", str(Path(data) / "stats.json")],
            cwd=ROOT, stdout=subprocess.PIPE, text=True, start_new_session=True,
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
            stats = Path(data) / "stats.json"
            if stats.is_file():
                result["server_phases_ms"] = json.loads(stats.read_text())
    print(json.dumps(result))
    return 0 if result["errors"] == 0 and result["leaks"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
