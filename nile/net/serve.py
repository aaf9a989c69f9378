"""`nile serve`: the host without a window, for a computer that is always on.

    nile serve                                  listen on 127.0.0.1:8765, data in Nile's folder
    nile serve --host 0.0.0.0 --port 9000       reachable from other computers
    nile serve --data DIR                       keep the matches (and the admin token) in DIR
    nile serve --new loose_caboose --player Ann --player Bo --player Cy:bot:hard
                                                also start a match and print its codes

Every match is a save in `DIR/matches/`, written after every move and resumed at the next
start. More matches can be created while it runs with a `create` message carrying the
admin token (`DIR/admin-token`), as tools/net_bench.py does. No pygame is imported.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import sys
from pathlib import Path

from nile.core import paths
from nile.net.hub import Hub
from nile.net.protocol import PORT, PlayerSpec
from nile.net.server import Server
from nile.net.table import Refused

DEFAULT_PORT = PORT
SWITCH_INTERVAL = 0.001
"""Seconds a thread may keep Python's lock while another waits for it (Python's default:
0.005). The event loop then waits at most 1 ms, not 5, each time it wakes while the bots'
thread or the journal's holds the lock: a person's move is not held up by a bot's search."""


def main(argv: list[str]) -> int:
    """Run the server until Ctrl+C or SIGTERM; 0 then, 2 for bad arguments or a bad match."""
    args = _parser().parse_args(argv)
    folder = Path(args.data) if args.data else paths.data_dir() / "server"
    hub = Hub(folder)
    resumed = hub.load_all()
    say(f"resumed {resumed} matches from {folder}")
    for problem in hub.problems:
        say(f"could not resume: {problem}")
    token = admin_token(folder)
    say(f"admin token in {folder / 'admin-token'}")
    if args.new:
        try:
            players = [player_spec(text) for text in args.player]
            options = dict(option.split("=", 1) for option in args.option)
            table = hub.create(args.new, players, options)
        except (Refused, ValueError) as error:
            say(f"cannot start that match: {error}")
            return 2
        codes = "; ".join(f"{name}: {code}" for name, code in zip(table.names, table.codes,
                                                                   strict=True) if code)
        say(f"new match {table.id}: host code {table.host_code}; {codes}")
    server = Server(hub, token)
    sys.setswitchinterval(SWITCH_INTERVAL)
    asyncio.run(_serve(server, args.host, args.port))
    if args.stats:
        server.stats.write(Path(args.stats))
    return 0


async def _serve(server: Server, host: str, port: int) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            loop.add_signal_handler(signum, stop.set)
    await server.run(host, port, stop, lambda p: say(f"listening on ws://{host}:{p}"))
    say("stopped")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nile serve", description="Host Nile matches.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (127.0.0.1: this computer only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0: any free port")
    parser.add_argument("--data", help="folder for the matches (default: Nile's data folder)")
    parser.add_argument("--new", metavar="GAME", help="start a match of GAME (e.g. cairo)")
    parser.add_argument("--player", action="append", default=[], metavar="NAME[:bot[:LEVEL]]",
                        help="a seat of the new match, in order (repeat)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option of the new match (repeat)")
    parser.add_argument("--stats", metavar="FILE",
                        help="at the end, write where the time went (JSON) to FILE")
    return parser


def player_spec(text: str) -> PlayerSpec:
    """'Ann' -> a person; 'Cy:bot' or 'Cy:bot:hard' -> a bot."""
    name, _, rest = text.partition(":")
    kind, _, level = rest.partition(":")
    return PlayerSpec(name, kind or "human", level or "normal")


def admin_token(folder: Path) -> str:
    """The server's admin token, made (readable by its owner only) at the first start."""
    path = folder / "admin-token"
    if path.is_file():
        return path.read_text(encoding="utf-8").strip()
    folder.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(16)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(token + "\n")
    return token


def say(text: str) -> None:
    print(f"nile serve: {text}", flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
