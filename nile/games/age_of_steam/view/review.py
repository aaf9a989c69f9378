"""The review of a build turn before Done (AS-16): this turn's tiles, what they cost, the
links they completed and the unfinished track that Done would leave unowned.

The tiles come from the match's log (the actions since the builder's turn began), so the
review survives undo (the log shrinks with it) and a resumed game (the log is replayed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from nile.core.game import Event
from nile.core.session import LogEntry
from nile.games.age_of_steam.rules import build
from nile.games.age_of_steam.rules.actions import Build, Urbanize
from nile.games.age_of_steam.rules.events import CityFounded, TrackBuilt
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.rules.tiles import tile_phrase
from nile.ui import text, theme
from nile.ui.kit.choices import frame

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
    losing = [view.map.whereabouts(seg.tracks[0][0]) for seg in build.unextended(view, seat)]
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


STYLES = {"title": (14, theme.MUTED, "bold"), "tile": (14, theme.TEXT, "regular"),
          "good": (14, theme.GOOD, "bold"), "warn": (14, theme.BAD, "regular"),
          "muted": (13, theme.MUTED, "regular")}
WIDTH = 330
ROW = 20


def card_size(rows: list[tuple[str, str]]) -> tuple[int, int]:
    return WIDTH, 16 + text.space(ROW, 14) * len(rows)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, rows: list[tuple[str, str]]) -> None:
    """The review card: a framed list, each line whole (smaller type if it must)."""
    frame(surface, rect)
    y = rect.top + 9
    for style, words in rows:
        size, color, weight = STYLES[style]
        text.draw(surface, words, (rect.left + 12, y), size, color, weight,
                  max_width=rect.width - 24)
        y += text.space(ROW, 14)


def corners(area: pygame.Rect, size: tuple[int, int],
            top_margin: int = 42) -> list[pygame.Rect]:
    """The four places the card may take in the map area: top right, bottom right, bottom
    left, top left (below the Fit buttons)."""
    width, height = size
    inner = area.inflate(-16, -16)
    return [pygame.Rect(inner.right - width, inner.top, width, height),
            pygame.Rect(inner.right - width, inner.bottom - height - 34, width, height),
            pygame.Rect(inner.left, inner.bottom - height - 34, width, height),
            pygame.Rect(inner.left, inner.top + top_margin, width, height)]


def corner_for(area: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect],
               top_margin: int = 42, names: Sequence[pygame.Rect] = (),
               buttons: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the card goes: the map area's corner covering the least of `buttons` (the
    map's own buttons: a card over the Track button would hide what it does), then of
    `avoid` (the hexes built this turn), then of `names`, top right first (the Fit buttons
    keep the top left)."""
    spots = corners(area, size, top_margin)

    def over(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
        return sum(rect.clip(r).width * rect.clip(r).height for r in others)

    def covered(rect: pygame.Rect) -> tuple[int, int, int]:
        return over(rect, buttons), over(rect, avoid), over(rect, names)

    return min(spots, key=covered)
