"""Moving fruit over the railway (CC-8).

A fruit may travel along any chain of tracks that each hold at least one train (of any
colour), through any city (pyramid cities too), any distance. Which chain it takes does
not change the rules, so the engine always shows the shortest one.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.data import game_data

if TYPE_CHECKING:
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
CITIES = len(D.cities)


def components(state: CleopatraState) -> list[int]:
    """A label per city; cities with the same label are joined by trained tracks."""
    label = list(range(CITIES))

    def root(city: int) -> int:
        while label[city] != city:
            label[city] = label[label[city]]
            city = label[city]
        return city

    seats = state.track_seat
    for track, (a, b) in enumerate(D.tracks):
        if seats[2 * track] >= 0:
            ra, rb = root(a), root(b)
            if ra != rb:
                label[ra] = rb
    return [root(c) for c in range(CITIES)]


def _walk(state: CleopatraState, start: int) -> tuple[list[int], list[int]]:
    """Breadth-first over trained tracks from `start`: each city's predecessor on a
    shortest chain (-1: unreachable; `start` is its own), and the cities in the order
    reached."""
    previous = [-1] * CITIES
    previous[start] = start
    order = [start]
    queue = deque([start])
    seats = state.track_seat
    while queue:
        city = queue.popleft()
        for track in D.city_tracks[city]:
            if seats[2 * track] < 0:
                continue
            other = D.other_end(track, city)
            if previous[other] < 0:
                previous[other] = city
                order.append(other)
                queue.append(other)
    return previous, order


def distances(state: CleopatraState, start: int) -> list[int]:
    """Tracks to cross from `start` to each city over trained tracks (-1: unreachable)."""
    previous, order = _walk(state, start)
    dist = [-1] * CITIES
    for city in order:
        dist[city] = 0 if city == start else dist[previous[city]] + 1
    return dist


def route(state: CleopatraState, source: int, destination: int) -> tuple[int, ...]:
    """The shortest chain of cities from `source` to `destination` (empty if none)."""
    previous, _ = _walk(state, source)
    if previous[destination] < 0:
        return ()
    path = [destination]
    while path[-1] != source:
        path.append(previous[path[-1]])
    return tuple(reversed(path))
