"""A tiny card game with hidden hands and chance, to test the core without a real game.

Each round: chance deals the current player a card (1–6, from a shrinking deck); the
player picks a card from their hand, then confirms (two decisions, for undo tests).
The played value is scored. After `ROUNDS` plays per player, the highest total wins.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nile.core.errors import IllegalAction
from nile.core.game import (
    CHANCE,
    Action,
    Event,
    GameInfo,
    GameState,
    ScoreSheet,
    Status,
    ranking_from_scores,
)

ROUNDS = 3
DECK = [1, 2, 3, 4, 5, 6] * 2
UNKNOWN = 0


@dataclass(frozen=True, slots=True)
class Deal(Action):
    card: int

    def to_str(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    card: int

    def to_str(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Confirm(Action):
    def to_str(self) -> str:
        return "confirm"


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: int

    def describe(self, viewer: int | None) -> str:
        return f"{{p{self.seat}}} plays {self.card}."


class ToyState(GameState):
    game_id = "toy"

    def __init__(self, players: int) -> None:
        self.players = players
        self.deck = list(DECK)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.totals = [0] * players
        self.plays = 0
        self.turn = 0
        self.picked: int | None = None
        self.dealt = False

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.plays >= ROUNDS * self.players:
            return None
        return self.turn if self.dealt else CHANCE

    def legal_actions(self) -> list[Action]:
        if self.current_player in (None, CHANCE):
            return []
        if self.picked is None:
            return [Pick(c) for c in sorted(set(self.hands[self.turn]))]
        return [Confirm(), Pick(self.picked)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        cards = sorted(set(self.deck))
        return [(Deal(c), self.deck.count(c) / len(self.deck)) for c in cards]

    def apply(self, action: Action) -> list[Event]:
        self.check_legal(action)
        if isinstance(action, Deal):
            self.deck.remove(action.card)
            self.hands[self.turn].append(action.card)
            self.dealt = True
            return []
        if isinstance(action, Pick):
            self.picked = None if self.picked == action.card else action.card
            return []
        assert self.picked is not None
        seat, card = self.turn, self.picked
        self.hands[seat].remove(card)
        self.totals[seat] += card
        self.plays += 1
        self.picked, self.dealt = None, False
        self.turn = (self.turn + 1) % self.players
        return [Played(seat, card)]

    def check_legal(self, action: Action) -> None:
        if self.current_player == CHANCE:
            if action not in [a for a, _ in self.chance_outcomes()]:
                raise IllegalAction("not a possible deal")
        elif action not in self.legal_actions():
            raise IllegalAction(f"{action.to_str()} is not allowed now")

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def ranking(self) -> list[int]:
        return ranking_from_scores(self.scores())

    def clone(self) -> ToyState:
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return {k: copy.deepcopy(v) for k, v in vars(self).items() if k != "viewer"}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToyState:
        state = cls(int(data["players"]))
        for key, value in data.items():
            setattr(state, key, copy.deepcopy(value))
        return state

    def status(self) -> Status:
        return Status(f"Play {self.plays + 1}", "Pick a card")

    def score_sheet(self) -> ScoreSheet:
        return ScoreSheet(("Played",), (tuple(self.scores()),), tuple(self.scores()))

    def observation(self, seat: int | None) -> ToyState:
        view = self.clone()
        view.viewer = seat
        hidden = [c for s, hand in enumerate(self.hands) if s != seat for c in hand]
        view.deck = sorted(self.deck + hidden)  # unseen cards, order unknown
        view.hands = [hand if s == seat else [UNKNOWN] * len(hand)
                      for s, hand in enumerate(self.hands)]
        return view

    def determinize(self, rng: random.Random) -> ToyState:
        full = self.clone()
        full.viewer = None
        pool = list(self.deck)
        rng.shuffle(pool)
        for hand in full.hands:
            for i, card in enumerate(hand):
                if card == UNKNOWN:
                    hand[i] = pool.pop()
        full.deck = sorted(pool)
        return full


def new_game(players: int, seed: int, options: Mapping[str, str]) -> ToyState:
    return ToyState(players)


TOY_INFO = GameInfo(id="toy", title="Toy", min_players=2, max_players=3,
                    new_game=new_game, state_class=ToyState)
