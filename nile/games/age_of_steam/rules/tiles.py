"""The track tile catalogue: shapes, rotations, supply pools and the lookup by tracks.

A placed tile is a set of *tracks*; a track joins two ports of the hex (edges 0–5, or the
town centre 6). A tile type is one canonical set of tracks; its rotations turn every
edge by the same amount. Every type draws from one supply pool (data.toml), so the box
is conserved: supply + tiles on the map = the starting count of each pool.

Town pieces (AS-7, our ruling; data.toml says which counts are invented): 1- and
3-exit town tiles are their own pieces; 2- and 4-exit towns take a town disc from a pool of
8, as the base game puts a disc on an ordinary tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from nile.core import data as data_files
from nile.games.age_of_steam.rules.hexes import CENTRE, chords_cross

Track = tuple[int, int]
"""Two ports, smaller first."""



def track(a: int, b: int) -> Track:
    """A track between ports `a` and `b`, normalised."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class TileType:
    """One printed tile shape and the pool it comes from."""

    name: str
    tracks: tuple[Track, ...]
    pool: str
    kind: str
    """'simple', 'coexist', 'crossing' or 'town'."""

    def rotated(self, rotation: int) -> frozenset[Track]:
        """The tracks of this tile turned `rotation` sixths clockwise."""
        return frozenset(
            track(_turn(a, rotation), _turn(b, rotation)) for a, b in self.tracks
        )


def _turn(port: int, rotation: int) -> int:
    return port if port == CENTRE else (port + rotation) % 6


@dataclass(frozen=True)
class Catalogue:
    """Every tile type, its starting pools and the lookup from tracks to (type, rotation)."""

    types: dict[str, TileType]
    pools: dict[str, int]
    by_tracks: dict[frozenset[Track], tuple[str, int]]

    def placement(self, tracks: frozenset[Track]) -> tuple[str, int] | None:
        """The (type, rotation) whose tracks are exactly `tracks`, if one is printed."""
        return self.by_tracks.get(tracks)

    def tracks_of(self, name: str, rotation: int) -> frozenset[Track]:
        return self.types[name].rotated(rotation)


@cache
def catalogue() -> Catalogue:
    """The catalogue from data.toml (read once)."""
    data = data_files.load("nile.games.age_of_steam")
    types: dict[str, TileType] = {}
    for name, spec in data["tiles"].items():
        tracks = tuple(track(int(a), int(b)) for a, b in spec["tracks"])
        kind = spec.get("kind") or _kind(tracks)
        types[name] = TileType(name, tracks, str(spec["pool"]), kind)
    pools = {str(k): int(v) for k, v in data["pools"].items()}
    by_tracks: dict[frozenset[Track], tuple[str, int]] = {}
    for name, tile in types.items():
        for rotation in range(6):
            by_tracks.setdefault(tile.rotated(rotation), (name, rotation))
    return Catalogue(types, pools, by_tracks)


def _kind(tracks: tuple[Track, ...]) -> str:
    if any(CENTRE in t for t in tracks):
        return "town"
    if len(tracks) == 1:
        return "simple"
    return "crossing" if chords_cross(tracks[0], tracks[1]) else "coexist"


TILE_WORDS = {
    "straight": "Straight track",
    "gentle": "Gentle curve",
    "sharp": "Sharp curve",
    "x": "Crossing (X)",
    "bow": "Crossing (bow)",
    "curves": "Crossing curves",
    "coexist_ss": "Two sharp curves",
    "coexist_gg": "Two gentle curves",
    "coexist_st": "Straight and sharp",
    "coexist_gs": "Gentle and sharp",
    "town1": "Town, 1 exit",
}
"""How a player names each tile type (the log, the build popup)."""


def tile_words(tile: str) -> str:
    """'Gentle curve', 'Town, 3 exits'."""
    if tile in TILE_WORDS:
        return TILE_WORDS[tile]
    if tile.startswith("town"):
        return f"Town, {tile[4]} exits"
    return tile.replace("_", " ").capitalize()


TILE_PHRASES = {
    "straight": "a straight track",
    "gentle": "a gentle curve",
    "sharp": "a sharp curve",
    "x": "an X crossing",
    "bow": "a bow crossing",
    "curves": "a crossing of two curves",
    "coexist_ss": "two sharp curves",
    "coexist_gg": "two gentle curves",
    "coexist_st": "a straight track and a sharp curve",
    "coexist_gs": "a gentle and a sharp curve",
}
"""Each tile type as running text says it, article included ('upgrades to two gentle
curves', never 'to a two gentle curves')."""


def tile_phrase(tile: str) -> str:
    """'a gentle curve', 'two sharp curves', 'a town tile with 3 exits'."""
    if tile in TILE_PHRASES:
        return TILE_PHRASES[tile]
    if tile.startswith("town") and tile[4:5].isdigit():
        exits = int(tile[4])  # 'town2_gentle': the shape after the count is not said
        return f"a town tile with {exits} exit{'s' if exits != 1 else ''}"
    words = tile_words(tile).lower()
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"
