"""The expert's evaluation: each seat's chance of winning, fitted to seeded self-play.

The hard bot's `evaluate` (ai.py) turns a points lead into a win chance on one fixed scale
(a lead of 3 points for 3 to 1), so two points count the same on the first turn as on the
last; early in a game its guesses predict the winner of policy self-play worse than a coin.
This evaluation is a logistic model of who wins, fitted by tools/lc_value_fit.py to the
positions of 6000 seeded two-player games of the normal policy (one move in ten random),
with weights that change with the cards left in the draw pile: a point of penalty counts
eight times more on the last turn than on the first. It also reads what the hard bot's
evaluation does not: the top card of each penalty pile (a later penalty that matches it
cancels, the more valuable the higher it is), the hand card by card (early on a 1 is an
asset, a safe card to lay; at the end every card costs, 4s most), and being the player to
move with few cards ahead of the caboose. On the 1200 held-out games its log-loss is
0.557 against the hard bot's 0.628 (a coin: 0.693).

Seat s's score is g_s = Σ w_f(p) · x_f(s), w_f(p) = a + b / √(1 + p) + c / (1 + p) with p
the cards left in the draw pile (scaled to two players); s beats t with chance
1 / (1 + exp(g_s − g_t)), and a seat's value is the mean over its opponents (as `evaluate`).
"""

from __future__ import annotations

import math

from nile.games.loose_caboose.rules import LooseCabooseState

WEIGHTS: dict[str, tuple[float, float, float]] = {
    "points": (-0.002, +0.468, +0.270),
    "outlook": (-0.015, +0.571, +0.275),
    "hand 1": (-0.355, +1.033, +0.332),
    "hand 2": (-0.247, +0.664, +1.404),
    "hand 3": (-0.160, +0.082, +2.783),
    "hand 4": (-0.215, +0.319, +3.394),
    "top 1": (+0.010, -0.856, +0.617),
    "top 2": (-0.004, -0.830, +0.546),
    "top 3": (-0.010, -1.116, +0.773),
    "top 4": (-0.029, -1.541, +1.450),
    "to move": (-0.100, +1.300, +1.100),
    "to move x ahead": (+0.052, -0.340, -0.019),
    "cards": (+0.012, +0.367, -0.041),
}
"""(a, b, c) per feature, fitted by tools/lc_value_fit.py; a positive weight means more
of the feature costs its holder."""

AHEAD_CAP = 6
"""Cards ahead of the caboose beyond this many make the mover no safer (the fit's cap)."""


def features(state: LooseCabooseState, seat: int, outlook: float) -> dict[str, float]:
    """What the model reads for `seat`; `outlook` is what the rest of the current turn
    should cost the player to move (ai.py's reckoning), counted for that player only."""
    pile, hand = state.penalties[seat], state.hands[seat]
    moving = seat == state.seat
    top = pile.top.value if pile.top is not None else 0
    values = {
        "points": float(pile.points),
        "outlook": outlook if moving else 0.0,
        "to move": float(moving),
        "to move x ahead": float(min(state.railway.cards_ahead, AHEAD_CAP)) if moving else 0.0,
        "cards": float(pile.card_count),
    }
    for value in (1, 2, 3, 4):
        values[f"hand {value}"] = float(sum(1 for card in hand if card.value == value))
        values[f"top {value}"] = float(top == value)
    return values


def score(state: LooseCabooseState, seat: int, outlook: float) -> float:
    """g_seat: the higher, the likelier the seat loses."""
    left = state.pile_size * 2 / state.players
    root, inverse = 1 / math.sqrt(1 + left), 1 / (1 + left)
    return sum((a + b * root + c * inverse) * x
               for name, x in features(state, seat, outlook).items()
               for a, b, c in (WEIGHTS[name],))


def win_chances(state: LooseCabooseState, outlook: float) -> list[float]:
    """Each seat's chance of winning from here, by duels against every other seat."""
    scores = [score(state, seat, outlook) for seat in range(state.players)]
    result = []
    for seat, mine in enumerate(scores):
        duels = [1 / (1 + math.exp(mine - theirs))
                 for other, theirs in enumerate(scores) if other != seat]
        result.append(sum(duels) / len(duels))
    return result
