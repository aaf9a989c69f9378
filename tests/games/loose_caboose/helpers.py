"""Small helpers for the Loose Caboose! tests (the scenario builder is in the package:
`nile.games.loose_caboose.builder`, shared with the scene tests and tools)."""

from __future__ import annotations

import random
from typing import TypeVar

from nile.core import chance
from nile.core.game import CHANCE, Event
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.rules import LooseCabooseState

E = TypeVar("E", bound=Event)

WALLED_IN = [(1, 1), (2, 1), (2, 0), (2, -1), (1, -1), (1, -2), (0, -2), (-1, -2),
             (-2, -2), (-2, -1), (-2, 0), (-1, 0), (0, 0)]
"""Cells of a railway that spirals round its own front, (0, 0): no free cell there
touches the front and no other card (LC-3)."""


def play(state: LooseCabooseState, *texts: str) -> list[Event]:
    """Apply actions (player moves or chance outcomes) by their text forms."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def of_type(events: list[Event], kind: type[E]) -> list[E]:
    """The events of one class, in order."""
    return [event for event in events if isinstance(event, kind)]


def random_game(players: int, seed: int, plies: int | None = None) -> LooseCabooseState:
    """A game played by random moves and seeded chance, for `plies` actions or to the end."""
    state = GAME_INFO.create(players, seed, {})
    assert isinstance(state, LooseCabooseState)
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal and (plies is None or count < plies):
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        count += 1
    return state


def set_up(players: int, seed: int) -> LooseCabooseState:
    """A game whose setup chance is resolved: the first player's turn draw is next."""
    state = GAME_INFO.create(players, seed, {})
    assert isinstance(state, LooseCabooseState)
    rng = random.Random(seed)
    while state.phase.value == "setup":
        state.apply(chance.pick(state.chance_outcomes(), rng))
    return state
