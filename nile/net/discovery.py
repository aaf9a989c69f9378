"""Games hosted on this network: announced while hosting, listed while Join is open.

Uses python-zeroconf (multicast DNS service discovery, what Bonjour and Avahi speak; see
docs/network.md for why it earns its place). A hosting app announces one service of
type `_nile._tcp.local.` from its first match until it stops hosting, with the game,
the players' names and the Nile version in its properties; the Join screen browses for
that type only while it is open and offers each game found, so picking one fills the
address. Multicast DNS never leaves the local network (224.0.0.251 is link-local).

Nothing here is needed to play: without zeroconf, or on a network that drops
multicast, the list stays empty (with the reason) and the address and code still work.
Both classes do their network work on threads of their own, so a screen never waits.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nile import __version__
from nile.core.text import safe_text

SERVICE = "_nile._tcp.local."
RESOLVE_MS = 3000
"""How long to wait for a found game's address and properties."""
MAX_LISTED = 20


@dataclass(frozen=True)
class HostedGame:
    """A game announced on this network."""

    name: str
    """The service's instance name (unique on the network)."""
    address: str
    """What the Join screen's address field takes: ws://ip:port."""
    game: str
    players: str
    host: str
    nile: str

    @property
    def label(self) -> str:
        """One line for the list, e.g. "Loose Caboose! · Ann, Bo (on ann-laptop)"."""
        version = "" if self.nile == __version__ else f", Nile {self.nile}"
        return f"{self.game} · {self.players} (on {self.host}{version})"


def _zeroconf(interfaces: Sequence[str] | None) -> Any:
    """A Zeroconf on `interfaces` (None: every interface), IPv4."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf
    chosen: Any = list(interfaces) if interfaces is not None else InterfaceChoice.All
    return Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback (what others can reach)."""
    import ifaddr
    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return sorted(set(found)) or ["127.0.0.1"]


class Announcer:
    """Announces this host's game from `update` until `close` (which says goodbye)."""

    def __init__(self, port: int, interfaces: Sequence[str] | None = None) -> None:
        self.port = port
        self.interfaces = interfaces
        self.problem: str | None = None
        """Why nothing is announced, if it could not be (hosting goes on regardless)."""
        self._wishes: queue.Queue[tuple[str, str] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="nile-announce", daemon=True)
        self._thread.start()

    def update(self, game: str, players: Sequence[str]) -> None:
        """Announce (or re-announce) the game and its players' names."""
        self._wishes.put((game, ", ".join(players)))

    def close(self, timeout: float = 5.0) -> None:
        """Withdraw the announcement and stop."""
        self._wishes.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        zc: Any = None
        info: Any = None
        try:
            while (wish := self._wishes.get()) is not None:
                if zc is None:
                    zc = _zeroconf(self.interfaces)
                fresh = self._info(*wish)
                if info is None:
                    zc.register_service(fresh, allow_name_change=True)
                else:
                    zc.update_service(fresh)
                info = fresh
        except Exception as error:  # no multicast here, no zeroconf: hosting goes on
            self.problem = f"{type(error).__name__}: {error}"
            while self._wishes.get() is not None:
                pass
        finally:
            if zc is not None:
                with contextlib.suppress(Exception):
                    if info is not None:
                        zc.unregister_service(info)
                zc.close()

    def _info(self, game: str, players: str) -> Any:
        from zeroconf import ServiceInfo
        host = safe_text(socket.gethostname(), 40) or "nile"
        addresses = list(self.interfaces) if self.interfaces else local_addresses()
        return ServiceInfo(
            SERVICE, f"Nile on {host} {self.port}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in addresses], port=self.port,
            properties={"nile": __version__, "game": game[:100], "players": players[:200],
                        "host": host})


class Browser:
    """Lists the games announced on this network from `start` until `close`."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self.interfaces = interfaces
        self.problem: str | None = None
        """Why no list can be made (no zeroconf, no multicast); the list stays empty."""
        self._found: dict[str, HostedGame] = {}
        self._lock = threading.Lock()
        self._names: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._zc: Any = None
        self._browser: Any = None
        self._resolver = threading.Thread(target=self._resolve_loop, name="nile-browse",
                                          daemon=True)

    def start(self) -> None:
        """Begin listening (never raises: a failure is kept in `problem`)."""
        try:
            from zeroconf import ServiceBrowser, ServiceStateChange
            self._zc = _zeroconf(self.interfaces)

            def changed(zeroconf: Any, service_type: str, name: str,
                        state_change: ServiceStateChange) -> None:
                self._names.put((name, state_change is not ServiceStateChange.Removed))

            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[changed])
        except Exception as error:
            self.problem = f"{type(error).__name__}: {error}"
            self.close()
            return
        self._resolver.start()

    def games(self) -> list[HostedGame]:
        """The games found so far, by label."""
        with self._lock:
            return sorted(self._found.values(), key=lambda g: (g.label, g.address))

    def close(self) -> None:
        """Stop listening and forget what was found."""
        self._names.put(None)
        if self._resolver.is_alive():
            self._resolver.join(RESOLVE_MS / 1000 + 2)
        if self._browser is not None:
            with contextlib.suppress(Exception):
                self._browser.cancel()
        if self._zc is not None:
            with contextlib.suppress(Exception):
                self._zc.close()
        self._browser = self._zc = None

    def _resolve_loop(self) -> None:
        """Resolve each found name off zeroconf's own thread (its handlers must not wait)."""
        while (item := self._names.get()) is not None:
            name, present = item
            game = self._resolve(name) if present else None
            with self._lock:
                if game is None:
                    self._found.pop(name, None)
                elif name in self._found or len(self._found) < MAX_LISTED:
                    self._found[name] = game

    def _resolve(self, name: str) -> HostedGame | None:
        from zeroconf import ServiceInfo
        info = ServiceInfo(SERVICE, name)
        try:
            if not info.request(self._zc, RESOLVE_MS):
                return None
        except Exception:
            return None
        addresses = info.parsed_addresses()
        if not addresses or not info.port:
            return None
        props = {_text(k): _text(v) for k, v in (info.properties or {}).items()}
        return HostedGame(name, f"ws://{addresses[0]}:{info.port}",
                          props.get("game") or "A Nile game", props.get("players", ""),
                          props.get("host") or addresses[0], props.get("nile", "?"))


def _text(raw: bytes | str | None) -> str:
    """A property from the network as short, printable text (never trusted further)."""
    if raw is None:
        return ""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "replace")
    return safe_text(raw, 200)
