"""What a builder did this build turn (AS-16), in words: its tiles, what they cost, the links
they completed and the unfinished track that Done would leave unowned (no pygame: the
action bar's words and the review card's lines).

The tiles come from the match's log (the actions since the builder's turn began), so the
review survives undo (the log shrinks with it) and a resumed game (the log is replayed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nile.core.game import Event
from nile.core.session import LogEntry
from nile.games.age_of_steam.rules import AgeOfSteamState, tile_phrase, unextended
from nile.games.age_of_steam.rules.actions import Build, Urbanize
from nile.games.age_of_steam.rules.events import CityFounded, TrackBuilt

VERBS = {"lay": "Laid", "upgrade": "Upgraded to", "town": "Built", "redirect": "Redirected with"}


@dataclass(frozen=True)
class Review:
    """What a builder did this turn, in words and hexes."""

    tiles: tuple[TrackBuilt, ...]
    founded: tuple[CityFounded, ...]
    links: tuple[str, ...]
    """'Santiago – Valparaiso' for each complete link of theirs this turn's track is on."""
    losing: tuple[str, ...]
    """Where their unfinished track not extended this turn lies ('next to Yaroslavl')."""

    @property
    def cost(self) -> int:
        return sum(t.cost for t in self.tiles)

    @property
    def empty(self) -> bool:
        return not self.tiles and not self.founded


def this_turn(log: Sequence[LogEntry], seat: int) -> list[Event]:
    """`seat`'s tiles and new city since its build turn began: the log's last entries that
    are `seat`'s builds (any other entry, e.g. the previous builder's end, starts it)."""
    found: list[Event] = []
    for entry in reversed(log):
        if entry.seat != seat or not isinstance(entry.action, Build | Urbanize):
            break
        found[:0] = [e for e in entry.events if isinstance(e, TrackBuilt | CityFounded)]
    return found


def review(view: AgeOfSteamState, seat: int, built: Sequence[Event]) -> Review:
    tiles = tuple(e for e in built if isinstance(e, TrackBuilt))
    hexes = {view.map.hex_at(e.hex_label) for e in tiles}
    links = sorted({" – ".join(sorted(view.place_name(end.stop) for end in seg.ends))
                    for seg in view.network().segments
                    if seg.owner == seat and seg.complete and hexes & set(seg.hexes)})
    losing = [view.map.whereabouts(seg.tracks[0][0]) for seg in unextended(view, seat)]
    return Review(tiles, tuple(e for e in built if isinstance(e, CityFounded)), tuple(links),
                  tuple(dict.fromkeys(losing)))


def summary(r: Review) -> str:
    """One line for the action bar: '3 tiles for $8, completing Santiago – Valparaiso.'"""
    count = len(r.tiles)
    words = f"{count} tile{'s' if count != 1 else ''} for ${r.cost}"
    if r.founded:
        words = f"{words} and a new city" if count else "a new city"
    if r.links:
        words += ", completing " + ", ".join(r.links)
    return words + "."


def lines(r: Review, left: int) -> list[tuple[str, str]]:
    """The review card's lines as (style, text): 'title', 'tile', 'good', 'warn', 'muted'."""
    rows: list[tuple[str, str]] = [("title", "This turn's building")]
    for event in r.tiles:
        where = event.where or f"on {event.hex_label}"
        rows.append(("tile", f"{VERBS[event.kind]} {tile_phrase(event.tile)} {where} · "
                             f"${event.cost}"))
    for city in r.founded:
        rows.append(("tile", f"Founded city {city.letter} in {city.town or city.hex_label}"))
    rows.append(("muted", f"Spent ${r.cost}" + (f"; {left} tile{'s' if left != 1 else ''} "
                                                 "left" if left > 0 else "; no tiles left")))
    for link in r.links:
        rows.append(("good", f"Completes {link}"))
    for place in r.losing:
        rows.append(("warn", f"Done leaves your unfinished track {place} unowned"))
    rows.append(("muted", "Done (E) ends your build" if left <= 0 else
                 "Build on, or Done (E) to end your build"))
    return rows
