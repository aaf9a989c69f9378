"""The expert's evaluation: a logistic model of who beats whom, fitted to rollout play.

The hard bot's `ai.evaluate` is a hand-made estimate of each seat's final score, turned
into a chance of beating each rival by a spread that narrows as the game nears its end.
The expert scores a position by weights fitted to where games of the search's own rollout
play actually end: for every pair of seats, the chance that one finishes above the other
is a logistic function of the difference of their `features`, each counted once as it is
and once weighted by the share of the game still to play (money, trains and cards in
hand are worth more early than in the last turn).

The weights come from `tools/cleo_fit_eval.py` (seeded three-player games of the rollout
policy with its 10 % random candidate moves, positions sampled, every pair of seats a row;
logistic without an intercept, L2 1e-3). The model is the same for tables of 4 and 5:
each seat's expected share of the others it beats, as `returns` measures.
"""

from __future__ import annotations

import math

from nile.core.game import GameState
from nile.games.cleopatra import rules
from nile.games.cleopatra.rules.phases import Phase

D = rules.game_data()
KINDS = D.auction
CITIES = range(len(D.cities))
LAST_TURN = {players: D.turn_line.index(players) for players in (3, 4, 5)}

BASE = (
    "vp",
    "cities",
    "money",
    "building_types",
    "fruit_types",
    "trains_placed",
    "city_cards",
    "hand_trains",
    "hand_building_vp",
    "actions_due",
    "picks_due",
    "pending_vp",
    "fruit_cards",
)
"""What `base_features` measures for one seat, in order (see there)."""

FEATURES = (*BASE, *(f"{name}_early" for name in BASE), "to_move")
"""What `features` measures: the base features, then each weighted by the share of the
game still to play, then whether the seat moves."""

WEIGHTS = (
    0.1402,
    0.1060,
    0.0707,
    0.1422,
    0.1169,
    0.2103,
    0.1471,
    0.0650,
    0.0045,
    0.6065,
    0.3621,
    0.0890,
    0.0977,
    -0.0862,
    -0.0898,
    0.0049,
    0.0927,
    -0.0670,
    0.1530,
    0.0072,
    0.0648,
    0.0016,
    -0.3738,
    -0.1716,
    -0.0335,
    -0.0127,
    0.0008,
)
"""Logits per unit of each feature's difference between two seats (`tools/cleo_fit_eval.py`)."""


def game_left(state: rules.CleopatraState) -> float:
    """The share of the game's turns still to play after this one (0 in the last turn)."""
    last = LAST_TURN[state.players]
    return max(0, last - state.turn) / last


def due_this_turn(state: rules.CleopatraState, seat: int) -> tuple[int, int, int]:
    """(actions, Auction cards, VP of the building waiting for its fruit) the seat still
    has to come this turn: a search cut off in mid-turn must not favour whoever acted."""
    if state.phase == Phase.OVER:
        return 0, 0, 0
    if state.phase != Phase.ACTIONS:
        return state.actions_allowed(seat), rules.auction_picks(state, seat), 0
    index = state.action_order.index(seat)
    if index < state.action_index:
        return 0, 0, 0
    if index > state.action_index:
        return state.actions_allowed(seat), rules.auction_picks(state, seat), 0
    pending = KINDS[state.pending[0]].vp if state.pending else 0
    return state.actions_allowed(seat) - state.actions_used, state.picks_left, pending


def city_points(state: rules.CleopatraState) -> list[int]:
    """Each seat's points from the cities' majorities if the game ended now."""
    totals = [0] * state.players
    for city in CITIES:
        prestige = state.prestige(city)
        if not prestige:
            continue
        points = rules.majority_points(prestige, state.trains_around(city), state.players)
        for seat, value in enumerate(points):
            totals[seat] += value
    return totals


def base_features(state: rules.CleopatraState, seat: int, cities: int) -> list[float]:
    """One seat's numbers, in `BASE` order: VP scored, the cities' majorities now, Florin,
    the VP of its Building types and Fruit types, trains placed, City cards, the trains and
    Building VP of its Auction cards in hand, what is still due
    this turn (actions, Auction cards, a building waiting for its fruit), Fruit cards."""
    trains = building_vp = 0
    for kind in state.auction_hand[seat]:
        if kind < 0:  # unseen (never in the search's determinized states)
            continue
        if KINDS[kind].category == rules.BUILDING:
            building_vp += KINDS[kind].vp
        else:
            trains += KINDS[kind].trains
    types = len({KINDS[k].building_type for k in state.buildings[seat]})
    fruits = len({f for k in state.fruit_cards[seat] for f in KINDS[k].fruits})
    actions, picks, pending = due_this_turn(state, seat)
    return [
        float(state.vp[seat]),
        float(cities),
        float(state.money[seat]),
        float(rules.types_vp(types, D.building_type_vp)),
        float(rules.types_vp(fruits, D.fruit_type_vp)),
        float(D.trains_per_player - state.trains_left[seat]),
        float(len(state.city_hand[seat])),
        float(trains),
        float(building_vp),
        float(actions),
        float(picks),
        float(pending),
        float(len(state.fruit_cards[seat])),
    ]


def features(state: rules.CleopatraState) -> list[list[float]]:
    """Every seat's numbers, in `FEATURES` order."""
    left = game_left(state)
    cities = city_points(state)
    result = []
    for seat in range(state.players):
        base = base_features(state, seat, cities[seat])
        moving = 1.0 if state.current_player == seat else 0.0
        result.append([*base, *(left * value for value in base), moving])
    return result


def strengths(state: rules.CleopatraState) -> list[float]:
    """Each seat's logit before a rival's is taken away."""
    return [sum(w * f for w, f in zip(WEIGHTS, row, strict=True)) for row in features(state)]


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected share of the others it beats, from the fitted pairwise model."""
    assert isinstance(state, rules.CleopatraState)
    logits = strengths(state)
    n = state.players
    return [
        sum(1.0 / (1.0 + math.exp(logits[o] - logits[s])) for o in range(n) if o != s) / (n - 1)
        for s in range(n)
    ]
