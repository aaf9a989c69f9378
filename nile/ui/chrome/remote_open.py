"""Opening a remote table: the mirror match the game's scene opens on, and the wiring that
makes that scene a remote table (`RemoteTable` in the place of the bots, the host's views
and log in the place of the match's own). The waiting room calls both (issue 31).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core import registry
from nile.core.session import Match, SeatConfig
from nile.net import protocol as p
from nile.net.client import Client, Incoming
from nile.ui.chrome.remote import REMOTE, RemoteTable
from nile.ui.chrome.remote_log import RemoteLog
from nile.ui.chrome.remote_view import RemoteHandOver

if TYPE_CHECKING:
    from nile.net.hosting import HostThread
    from nile.ui.chrome.face import TableScene


def mirror_match(client: Client, joined: p.Joined, views: dict[int, p.View],
                 kinds: dict[int, str] | None = None) -> Match:
    """The scene's match for a remote table: the seats as the host named them (the others
    remote or bots) and the first held seat's view. Only that seat is a person yet, so the
    scene opens on its view; `attach` seats the other people here (a shared screen)."""
    info = registry.get(joined.game)
    bots = {seat for seat, kind in (kinds or {}).items() if kind == "bot"}
    seats = tuple(
        SeatConfig(name, "human" if seat == min(views) else "bot" if seat in bots else REMOTE,
                   "normal", color)
        for seat, (name, color) in enumerate(zip(joined.names, joined.colors, strict=True)))
    state = client.decode(views[min(views)])
    return Match(info, seats, 0, dict(joined.options), state)


def attach(scene: TableScene, client: Client, held: list[int], backlog: list[Incoming],
           host: HostThread | None = None, is_host: bool = False) -> RemoteTable:
    """Make `scene` (opened on a `mirror_match`) a remote table: the remote layer in the
    place of the bots, the host's lines in the log, no saving here (the host saves).
    `backlog` is what the client received before the table opened (the waiting room)."""
    remote = RemoteTable(scene, client, held, host, is_host)
    layers = scene.layers
    match = scene.match
    match.seats = tuple(SeatConfig(s.name, "human", s.level, s.color) if i in held else s
                        for i, s in enumerate(match.seats))
    shared = len(held) > 1 and match.info.hides_information(match.options)
    handover = RemoteHandOver(scene, shared, remote.view_for)
    layers[layers.index(scene.handover)] = handover  # type: ignore[arg-type]
    scene.handover = handover
    layers[layers.index(scene.autoplay)] = remote  # type: ignore[arg-type]
    scene.autoplay = remote
    log = RemoteLog(scene, remote.steps)
    log.open = scene.log.open
    layers[layers.index(scene.log)] = log  # type: ignore[arg-type]
    scene.log = log
    scene.autosaver = None
    remote.catch_up(backlog)
    return remote
