"""Track topology derived from the tiles: segments, links and loose ends.

A *segment* is a maximal chain of tracks joined edge to edge. It ends at a stop (a city,
a new city, a pyramid, or the centre of a town tile) or dangles at an edge with nothing
beyond. A segment with a stop at each end is a complete *link*; the rest is incomplete
track. All tracks of a segment share one owner (or none).

The network is rebuilt from the tiles whenever they change and is never mutated, so
states can share it between clones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from nile.games.age_of_steam.rules.hexes import CENTRE, opposite
from nile.games.age_of_steam.rules.mapdata import MapData
from nile.games.age_of_steam.rules.tiles import Track, catalogue

Placed = tuple[str, int, tuple[int, ...]]
"""A tile on the map: (type, rotation, owner of each track in `tracks_of` order; -1 none)."""

NO_OWNER = -1


@cache
def tracks_of(tile: str, rotation: int) -> tuple[Track, ...]:
    """The tracks of a placed tile in a fixed order (owners are listed in this order)."""
    return tuple(sorted(catalogue().tracks_of(tile, rotation)))


@dataclass(frozen=True)
class End:
    """One end of a segment: at a stop (hex, the stop's edge toward the track), or loose."""

    stop: int
    """The stop's hex, or -1 if the track dangles."""
    edge: int
    """At a stop: the stop's edge the link leaves by. Loose: the edge the track ends at."""
    hex: int
    """The hex holding the last track at this end."""


_end = cache(End)
"""Segment ends made once per value: the network is traced again after every tile laid
(issue 33 item 6). Equal to new ones."""


@dataclass(frozen=True)
class Segment:
    tracks: tuple[tuple[int, Track], ...]
    ends: tuple[End, End]
    owner: int

    @property
    def complete(self) -> bool:
        return self.ends[0].stop >= 0 and self.ends[1].stop >= 0

    @property
    def hexes(self) -> tuple[int, ...]:
        return tuple(h for h, _ in self.tracks)


@dataclass(frozen=True)
class Network:
    segments: tuple[Segment, ...]
    segment_at: dict[tuple[int, Track], int]
    exits: dict[int, tuple[tuple[int, int, int], ...]]
    """exits[stop]: (edge, segment index, far stop) for each complete link at the stop."""

    def loose_ends(self) -> list[tuple[int, End, End]]:
        """(segment, loose end, other end) for every incomplete segment's loose ends."""
        result = []
        for i, seg in enumerate(self.segments):
            a, b = seg.ends
            if a.stop < 0:
                result.append((i, a, b))
            if b.stop < 0:
                result.append((i, b, a))
        return result


def is_stop_hex(mp: MapData, new_cities: dict[int, str], h: int) -> bool:
    """Cities, new cities and pyramids: tracks end at their edges."""
    kind = mp.terrain[h]
    return kind in ("city", "pyramid") or h in new_cities


def build_network(mp: MapData, tiles: dict[int, Placed], new_cities: dict[int, str]) -> Network:
    """Trace every track once into segments, and index the complete links by stop."""
    segments: list[Segment] = []
    segment_at: dict[tuple[int, Track], int] = {}
    for h in sorted(tiles):
        name, rotation, _ = tiles[h]
        for t in tracks_of(name, rotation):
            if (h, t) in segment_at:
                continue
            pieces, ends = _trace(mp, tiles, new_cities, h, t)
            index = len(segments)
            segments.append(Segment(pieces, ends, _owner(tiles, pieces)))
            for piece in pieces:
                segment_at[piece] = index
    exits: dict[int, list[tuple[int, int, int]]] = {}
    for i, segment in enumerate(segments):
        a, b = segment.ends
        if a.stop >= 0 and b.stop >= 0:
            exits.setdefault(a.stop, []).append((a.edge, i, b.stop))
            exits.setdefault(b.stop, []).append((b.edge, i, a.stop))
    return Network(tuple(segments), segment_at,
                   {k: tuple(sorted(v)) for k, v in exits.items()})


def _owner(tiles: dict[int, Placed], pieces: tuple[tuple[int, Track], ...]) -> int:
    h, t = pieces[0]
    name, rotation, owners = tiles[h]
    return owners[tracks_of(name, rotation).index(t)]


def _trace(mp: MapData, tiles: dict[int, Placed], new_cities: dict[int, str], h: int,
           t: Track) -> tuple[tuple[tuple[int, Track], ...], tuple[End, End]]:
    back, end_a = _walk(mp, tiles, new_cities, h, t, t[0])
    ahead, end_b = _walk(mp, tiles, new_cities, h, t, t[1])
    pieces = (*reversed(back), (h, t), *ahead)
    return pieces, (end_a, end_b)


def _walk(mp: MapData, tiles: dict[int, Placed], new_cities: dict[int, str], h: int,
          t: Track, port: int) -> tuple[list[tuple[int, Track]], End]:
    """Follow the track `t` on `h` out through `port` until a stop or a loose end."""
    path: list[tuple[int, Track]] = []
    while True:
        if port == CENTRE:
            edge = t[0] if t[1] == CENTRE else t[1]
            return path, _end(h, edge, h)
        n = mp.neighbours[h][port]
        if n < 0:
            return path, _end(-1, port, h)
        if is_stop_hex(mp, new_cities, n):
            return path, _end(n, opposite(port), h)
        placed = tiles.get(n)
        entry = opposite(port)
        following = None
        if placed is not None:
            for candidate in tracks_of(placed[0], placed[1]):
                if entry in candidate:
                    following = candidate
                    break
        if following is None:
            return path, _end(-1, port, h)
        path.append((n, following))
        h, t = n, following
        port = following[1] if following[0] == entry else following[0]


def ports_used(tiles: dict[int, Placed], h: int) -> set[int]:
    """Every port (edge or centre) some track on `h` uses."""
    placed = tiles.get(h)
    if placed is None:
        return set()
    return {p for t in tracks_of(placed[0], placed[1]) for p in t}


def track_with_port(tiles: dict[int, Placed], h: int, port: int) -> Track | None:
    placed = tiles.get(h)
    if placed is None:
        return None
    for t in tracks_of(placed[0], placed[1]):
        if port in t:
            return t
    return None
