"""The bots' heuristics for Loose Caboose!: a one-turn lookahead policy and an evaluation.

The policy (the normal bot, the hint) weighs every plan for the rest of the turn: pass, or
lay k cards of one value then roll. A plan's cost is the expected change in the player's
penalty points over every way the dice can land, worked out card by card: Broken Track
banks, derail penalties from the back of the railway (which may cancel the top of the
player's own penalty pile), then penalty cards from the draw pile at their average. Two
more terms: cards laid leave the hand, where they would count at the end, so each laid
point is a relief, worth little early and in full on the last turns; and the turn leaves
the next player some cards ahead of the caboose, the fewer the likelier they derail.

The hard bot is `ai_turn.TurnBot`: the rest of its turn worked out exactly through the
engine, the turns after it guessed (see that module). Its earlier form, the generic
IS-MCTS (nile/ai/ismcts.py) scoring every new node with `evaluate`, sampled the throws and
gave up about 0.3 expected penalty points a decision against the exact turn
(tools/lc_regret.py, issue 33); `evaluate` stays for the hooks.

Cells are chosen to keep the railway open: the one that leaves the most free cells for
the next card, so the player is never walled in by their own track.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property, lru_cache

from nile.ai.hooks import AiHooks
from nile.core.game import Action, GameState
from nile.games.loose_caboose.rules import (
    Card,
    Cell,
    Lay,
    LooseCabooseState,
    Pass,
    Phase,
    Railway,
    Roll,
    card_values,
    most_dice,
    open_after,
    possible_draws,
    wheel_totals,
)

RELIEF_EARLY = 0.15
"""What a point leaving the hand is worth early on, against a point of penalty now."""
RELIEF_LATE = 1.0
"""... and on the player's last turns, when the hand is about to count in full."""
LATE_TURNS = 4
"""Over how many of the player's last turns the relief rises to `RELIEF_LATE`."""
LEAVE_WEIGHT = 0.6
"""How much the next player's derail risk, left by this turn, counts in a plan's cost."""
PENALTY_POINTS = 2.5
"""Roughly what one penalty card costs, to turn derailed cards into points."""
POINT_SCALE = 3.0
"""Points of difference that make a win about 3 to 1 in `evaluate`."""

# No expert: no larger search beat hard clearly (9000 iterations 19 of 34, a fitted
# evaluation 31.5 of 50, policy playouts to the end 34 of 60: docs/strength.md), so the level
# is not offered; a saved "expert" seat plays the hard bot.


WHEEL_TOTALS = {count: wheel_totals(count) for count in range(1, most_dice() + 1)}
"""For 1 to 4 dice: each possible total of wheels with its probability."""


def _next_derails() -> list[float]:
    """By cards left ahead of the caboose: how many cards the next player derails on
    average if they lay one card of any value and roll."""
    values = card_values()
    return [sum(chance * max(0, wheels - (ahead + 1))
                for value in values for wheels, chance in WHEEL_TOTALS[value]) / len(values)
            for ahead in range(40)]


NEXT_DERAILS = _next_derails()


@dataclass(frozen=True)
class Plan:
    """The rest of a turn: cards still to lay (then roll), or a pass."""

    cards: tuple[Card, ...]
    passing: bool
    cost: float


# The policy -------------------------------------------------------------------------


def policy(state: GameState, rng: random.Random) -> Action:
    """The move of the cheapest plan for the player to act (works on observations)."""
    assert isinstance(state, LooseCabooseState)
    plan = best_plan(state)
    if plan.passing:
        return Pass()
    if not plan.cards:
        return Roll()
    card = plan.cards[0]
    cell = best_cell(state.railway)
    assert cell is not None, "a plan only lays cards that fit"
    return Lay(card.value, cell, card.broken)


def best_plan(state: LooseCabooseState) -> Plan:
    """The plan with the lowest expected cost (ties: the first listed, passing first)."""
    return min(plans(state), key=lambda plan: plan.cost)


def plans(state: LooseCabooseState) -> list[Plan]:
    """Every sensible plan for the rest of the turn, with its expected cost."""
    hand, laid = state.hands[state.seat], state.laid
    values = [laid[0].value] if laid else sorted({card.value for card in hand})
    room = _room(state.railway, max((sum(1 for card in hand if card.value == value)
                                     for value in values), default=0))
    turn = Turn(state)
    relief = _relief(state)
    result = []
    if not laid:
        result.append(Plan((), True, turn.pass_cost()))
    for value in values:
        # Plain cards first: a Broken Track laid last lies furthest from the caboose.
        order = sorted((card for card in hand if card.value == value), key=lambda c: c.broken)
        fewest = 0 if laid else 1
        for count in range(fewest, min(len(order), room) + 1):
            cards = tuple(order[:count])
            cost = turn.roll_cost(cards, value) - relief * value * count
            result.append(Plan(cards, False, cost))
    return result


def _relief(state: LooseCabooseState) -> float:
    """The worth of a point leaving the hand now: it rises over the player's last turns."""
    return relief_at(state.pile_size, state.players)


def relief_at(pile_size: int, players: int) -> float:
    """`_relief` with `pile_size` cards left in the draw pile."""
    turns_left = pile_size / players
    late = max(0.0, 1.0 - turns_left / LATE_TURNS)
    return RELIEF_EARLY + (RELIEF_LATE - RELIEF_EARLY) * late


# Costs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PileOdds:
    """What a penalty card from the draw pile costs on average, as the player sees it."""

    mean: float
    """A banked card: its value, whatever it is."""
    take_costs: dict[int | None, float]
    """A face-up card, by the value on top of the player's pile (None: an empty pile):
    its value, or minus the top's value when it cancels."""

    @staticmethod
    def of(state: LooseCabooseState) -> PileOdds:
        pool = possible_draws(state)
        chances: defaultdict[int, float] = defaultdict(float)
        for card, count in pool.faces():
            chances[card.value] += count / len(pool)
        mean = sum(value * chance for value, chance in chances.items())
        take_costs: dict[int | None, float] = {
            top: sum(chance * (-value if value == top else value)
                     for value, chance in chances.items())
            for top in [None, *card_values()]}
        return PileOdds(mean, take_costs)


class Turn:
    """What the costs of one player's plans depend on, read once from the state."""

    def __init__(self, state: LooseCabooseState) -> None:
        self._state = state
        self.cards = state.railway.cards
        self.behind = state.railway.caboose
        """How many cards are behind the caboose (penalties come from them first)."""
        self.face_up = [card.value for card in state.penalties[state.seat].face_up]
        self.players = state.players

    @cached_property
    def pile(self) -> PileOdds:
        """Worked out only if some penalty would come from the draw pile."""
        return PileOdds.of(self._state)

    def roll_cost(self, new_cards: tuple[Card, ...], dice: int) -> float:
        """Expected penalty points of laying `new_cards` and rolling `dice` dice, less the
        worth of the next player's derail risk it leaves."""
        penalty, leave = self.roll_terms(new_cards, dice)
        return penalty - leave

    def roll_terms(self, new_cards: tuple[Card, ...], dice: int) -> tuple[float, float]:
        """`roll_cost`'s two parts, averaged over the dice: the penalty points the player
        takes this turn (cancelled pairs counted), and `leave_bonus`."""
        line = self.cards + list(new_cards)
        ahead = line[self.behind + 1:]
        brokens = [0]  # brokens[n]: Broken Track cards among the first n cards ahead
        for card in ahead:
            brokens.append(brokens[-1] + card.broken)
        penalty = leave = 0.0
        for wheels, chance in WHEEL_TOTALS[dice]:
            steps = min(wheels, len(ahead))
            banks, missing = brokens[steps], wheels - steps
            if banks or missing:
                supply = line[:self.behind + steps]
                penalty += chance * self.penalty_points(supply, banks, missing)
            leave += chance * self.leave_bonus(len(ahead) - steps)
        return penalty, leave

    def leave_bonus(self, ahead: int) -> float:
        """What leaving `ahead` cards to the next player is worth: their derail risk."""
        risk = NEXT_DERAILS[min(ahead, len(NEXT_DERAILS) - 1)]
        return LEAVE_WEIGHT * PENALTY_POINTS * risk / (self.players - 1)

    def pass_cost(self) -> float:
        """Expected penalty points of passing (LC-7), less the next player's derail risk."""
        penalty, leave, _ = self.pass_terms()
        return penalty - leave

    def pass_terms(self) -> tuple[float, float, bool]:
        """`pass_cost`'s parts: the penalty points passing takes, `leave_bonus`, and
        whether those points are certain (every card comes from the railway, none from
        the shuffled draw pile)."""
        cards, behind = self.cards, self.behind
        steps = 1 if behind + 1 < len(cards) else 0
        banks = 1 if steps and cards[behind + 1].broken else 0
        ahead = len(cards) - 1 - behind - steps
        supply = cards[:behind + steps]
        return (self.penalty_points(supply, banks, 1), self.leave_bonus(ahead),
                banks + 1 <= len(supply))

    def penalty_points(self, supply: list[Card], banks: int, takes: int) -> float:
        """Points gained by taking `banks` then `takes` penalty cards, first from `supply`
        (the railway behind the caboose, back first), then from the draw pile (LC-6)."""
        stack = list(self.face_up)
        points = 0.0
        for index in range(banks + takes):
            banking = index < banks
            if index >= len(supply):
                top = stack[-1] if stack else None
                points += self.pile.mean if banking else self.pile.take_costs[top]
                continue
            value = supply[index].value
            if banking:
                points += value
            elif stack and stack[-1] == value:
                points -= stack.pop()
            else:
                points += value
                stack.append(value)
        return points


# Cells ------------------------------------------------------------------------------


def best_cell(railway: Railway) -> Cell | None:
    """The open cell leaving the most open cells after it (ties: listed order)."""
    return _best_cell(tuple(railway.cells), railway.open_cells())


@lru_cache(maxsize=1 << 16)
def _best_cell(cells: tuple[Cell, ...], open_cells: tuple[Cell, ...]) -> Cell | None:
    """`best_cell` by the railway's shape, remembered: the search asks it at every node
    (its candidates, the policy's plans) for a few hundred shapes a game."""
    if not open_cells:
        return None
    taken = set(cells)
    return max(open_cells, key=lambda cell: open_after(taken, cell))


def _room(railway: Railway, limit: int) -> int:
    """How many cards (up to `limit`) fit in a row, each in the `best_cell` of the last."""
    if limit <= 1 or not railway.open_cells():
        return min(limit, len(railway.open_cells()))
    trial = railway.copy()
    for count in range(limit):
        cell = best_cell(trial)
        if cell is None:
            return count
        trial.lay(Card(1), cell)
    return limit


# Evaluation -------------------------------------------------------------------------


def evaluate(state: GameState) -> list[float]:
    """Each seat's chance of winning from here, guessed from the points each is expected to
    end with: penalty points, part of the hand, and, for the player in the middle of a
    turn, what the rest of that turn should cost."""
    assert isinstance(state, LooseCabooseState)
    hand_weight = _relief(state)
    expected = [pile.points + hand_weight * sum(card.value for card in hand)
                for pile, hand in zip(state.penalties, state.hands, strict=True)]
    if not state.is_terminal:
        expected[state.seat] += _turn_outlook(state)
    result = []
    for seat, mine in enumerate(expected):
        duels = [1 / (1 + math.exp((mine - theirs) / POINT_SCALE))
                 for other, theirs in enumerate(expected) if other != seat]
        result.append(sum(duels) / len(duels))
    return result


def _turn_outlook(state: LooseCabooseState) -> float:
    """What the rest of the current turn should cost its player (the policy's view)."""
    if state.phase in (Phase.DRAW, Phase.PLAY):
        return best_plan(state).cost  # before the draw: as if with the hand as it is
    if state.phase is Phase.DICE:
        return Turn(state).roll_cost((), state.dice_to_roll)
    if state.phase is Phase.PENALTY:  # only face-up penalties wait for the pile (LC-11)
        return Turn(state).penalty_points([], 0, len(state.pending))
    return 0.0


def explain(state: GameState, action: Action) -> str | None:
    """Why the policy plays `action`: the penalty points its plan takes this turn (certain,
    or averaged over the dice) against the best other plan's, and what else the choice
    weighed when the points alone would not pick it (`_plan_reason`)."""
    assert isinstance(state, LooseCabooseState)
    if not isinstance(action, (Pass, Roll, Lay)) or state.phase is Phase.PENALTY:
        return None
    options = plans(state)
    if not options:
        return None
    best = min(options, key=lambda plan: plan.cost)
    rest = [plan for plan in options if plan != best]
    turn = Turn(state)
    mine = plan_penalty(state, turn, best)
    text = f"{_plan_words(best)}: {_penalty_words(*mine)}"
    if not rest:
        return text
    other = min(rest, key=lambda plan: plan.cost)
    theirs = plan_penalty(state, turn, other)
    text += f" ({_plan_words(other)}: {_penalty_words(*theirs, short=True)})"
    if mine[0] > theirs[0] + 0.05:  # the points alone would not choose it: say what did
        out = sum(card.value for card in best.cards) - sum(c.value for c in other.cards)
        hand = f"it lays {_points(out)} more out of your hand" if out > 0 else ""
        why = hand or "it leaves the next player fewer cards ahead of the caboose"
        text += f"; worth it, as {why}"
    return text


def plan_penalty(state: LooseCabooseState, turn: Turn, plan: Plan) -> tuple[float, bool]:
    """The penalty points `plan` takes this turn (a cancelled pair counts minus its value)
    and whether they are certain: passing with the cards behind the caboose, or averaged
    over the dice and the draw pile."""
    if plan.passing:
        penalty, _, certain = turn.pass_terms()
        return penalty, certain
    dice = (plan.cards or state.laid)[0].value  # as many dice as the laid cards' value
    return turn.roll_terms(plan.cards, dice)[0], False


def _penalty_words(points: float, certain: bool, short: bool = False) -> str:
    """'6 penalty points for certain', '1.2 penalty points expected this turn over the
    dice', 'cancels 2 penalty points' (a negative sum: a matching pair leaves the pile);
    `short` (the plan compared): the number and whether it is certain."""
    amount = f"{abs(points):g}" if certain else f"{abs(points):.1f}"
    if certain:
        tail = "for certain"
    else:
        tail = "expected" if short else "expected this turn over the dice and draws"
    noun = "penalty point" if amount == "1" else "penalty points"
    if amount in ("0", "0.0"):
        return f"no {noun} {tail}"
    return f"{amount} {noun} {tail}" if points > 0 else f"cancels {amount} {noun} {tail}"


def _points(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"


def _plan_words(plan: Plan) -> str:
    if plan.passing:
        return "passing"
    if not plan.cards:
        return "rolling now"
    value = plan.cards[0].value
    count = len(plan.cards)
    if count > 1:
        return f"laying {count} × {value} then rolling"
    return f"laying a {value} then rolling"


def hooks() -> AiHooks:
    """The normal bot (and the hint) with its reasons; `ai_turn.hooks` adds the hard bot,
    so the generic search's budget and rollout depth are never used and not set."""
    return AiHooks(policy=policy, evaluate=evaluate, explain=explain)
