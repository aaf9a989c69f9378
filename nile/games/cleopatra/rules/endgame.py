"""Endgame scoring, the final ranking with its tie-breaks, and the score sheet.

Final scoring, in the rulebook's order: every city by its trains (`scoring.city_majority`,
CC-10), then 1 VP per 3 Florin, then the Building types and the Fruit types in front of
each player. Ties for the win go to the most Florin, then the most cards in hand, then the
lowest-numbered god held in the last turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import ScoreSheet
from nile.games.cleopatra.rules import scoring
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import CityScored, GameOver, PointsScored
from nile.games.cleopatra.rules.phases import OVER

if TYPE_CHECKING:
    from nile.core.game import Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
CATEGORIES = ("VP during play", *D.cities, "Florin (1 VP per 3)", "Building types",
              "Fruit types")


def city_points(state: CleopatraState, city: int) -> list[int]:
    """What each seat scores at `city` now (CC-10)."""
    trains = state.trains_around(city)
    result = scoring.city_majority(state.prestige(city), dict(enumerate(trains)),
                                   state.players)
    return [result[s] for s in range(state.players)]  # the pure function, as specified


def building_types(state: CleopatraState, seat: int) -> int:
    return len({D.auction[k].building_type for k in state.buildings[seat]})


def fruit_types(state: CleopatraState, seat: int) -> int:
    return len({f for k in state.fruit_cards[seat] for f in D.auction[k].fruits})


def score_rows(state: CleopatraState) -> list[list[int]]:
    """The rows of the final scoring if the game ended now, in `CATEGORIES` order."""
    seats = range(state.players)
    rows = [list(state.vp)]
    rows += [city_points(state, city) for city in range(len(D.cities))]
    rows.append([scoring.money_vp(state.money[s], D.florin_per_vp) for s in seats])
    rows.append([scoring.types_vp(building_types(state, s), D.building_type_vp)
                 for s in seats])
    rows.append([scoring.types_vp(fruit_types(state, s), D.fruit_type_vp) for s in seats])
    return rows


def final_scoring(state: CleopatraState) -> list[Event]:
    """The game is over: score it and record the rows (entering the last phase)."""
    state.phase = OVER
    rows = score_rows(state)
    state.final_rows = rows
    events: list[Event] = []
    for city in range(len(D.cities)):
        events.append(CityScored(city, state.prestige(city),
                                 tuple(state.trains_around(city)), tuple(rows[1 + city])))
    for label, row in zip(CATEGORIES[-3:], rows[-3:], strict=True):
        events += [PointsScored(s, pts, label) for s, pts in enumerate(row) if pts]
    events.append(GameOver(tuple(ranking(state))))
    return events


def tie_key(state: CleopatraState, seat: int) -> tuple[float, int, int, int]:
    """Score, then Florin, then cards in hand, then the lowest god (higher key wins)."""
    cards = len(state.city_hand[seat]) + len(state.auction_hand[seat])
    god = state.gods[seat]
    return (state.scores()[seat], state.money[seat], cards, -god if god >= 0 else -99)


def ranking(state: CleopatraState) -> list[int]:
    keys = [tie_key(state, s) for s in range(state.players)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def score_sheet(state: CleopatraState) -> ScoreSheet:
    rows = state.final_rows or score_rows(state)
    totals = tuple(float(sum(row[s] for row in rows)) for s in range(state.players))
    notes: tuple[str, ...] = ()
    if not state.final_rows:
        notes = ("Provisional: the final scoring as if the game ended now.",)
    notes += ("Ties: most Florin, then most cards in hand, then the lowest god.",)
    return ScoreSheet(CATEGORIES, tuple(tuple(float(v) for v in row) for row in rows),
                      totals, notes=notes)
