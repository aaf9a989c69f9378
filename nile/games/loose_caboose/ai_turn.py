"""The hard bot of Loose Caboose!: the rest of the turn worked out exactly, then a guess.

A turn holds few chances and every one is listed by the rules: the throw of 1 to 4 dice
and, rarely, penalty cards from the draw pile. So the hard bot does not sample them: it
plays every plan of the turn (each card it may lay next, roll, pass) through the real
engine on a copy of its own view, weighs every throw and every penalty card by its
chance, and takes the move with the best expected value at the end of the turn
(expectimax). Only the player's view is used: the draw pile is any of the cards the
player cannot see (`TurnCopy`), the other hands stay unknown.

What lies beyond the turn is the leaf value (`Leaf`): the player's expected lead in final
points (penalty piles, and the share of the hands `ai.evaluate` counts) after the next
player's turn. That turn is played by the normal policy (`ai.best_plan`) for a dozen
guesses of their hand and draw, every throw weighed, and the player's own coming turn is
then priced by the same policy. On the last few turns, when the game may end before the
next player is done, the leaf stops after this turn and prices the next player's turn.

This replaced an IS-MCTS (docs/strength.md): sampling the throws, it gave up about 0.3
expected penalty points a decision against the exact turn (tools/lc_regret.py); on the
same 200 fresh games against normal it scored 53.8 %, this bot 60.3 %. A turn's own
points are not the whole game, though: holding the bot to moves within 0.25, 0.5 or 1
point of the turn's cheapest (which brought its regret under 0.07) cost it most of its
lead over normal, so the bot gives up as many points in the turn as the IS-MCTS did.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from dataclasses import dataclass, replace

from nile.ai.hooks import AiHooks
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from nile.games.loose_caboose import ai
from nile.games.loose_caboose.ai import best_cell, best_plan, relief_at
from nile.games.loose_caboose.rules import (
    UNKNOWN,
    Card,
    Lay,
    LooseCabooseState,
    Pass,
    Phase,
    Pool,
    Roll,
)
from nile.games.loose_caboose.rules.actions import Dice, Draw

NEXT_GUESSES = 12
"""How many guesses of the next player's hand (and the card they draw) play their turn
(tuned: 4 guesses won 66.7 % of 171 games against normal, 12 won more, docs/strength.md)."""
ONE_TURN_GUESSES = 6
"""... and price their turn where only one turn is looked at (the last few turns)."""
PILE_MARGIN = 10
"""Below this many cards in the draw pile the game may end within the next turn, which
the next-turn model does not follow: the leaf looks at this turn only."""
EXACT_DRAWS = 2
"""Penalty cards from the pile still owed, at most, for the search to weigh every card;
a longer run (the caboose at the back, a big throw) draws its first cards at random."""


@dataclass
class TurnCopy:
    """A copy of the player's view the engine can play the turn on.

    The draw pile holds every card the player cannot see: the real pile is an unknown
    part of them, so its next card is any unseen card with equal chance. `pile_left`
    counts the real pile; when a draw takes its last card, the other unseen cards leave
    the pile (they are elsewhere), so the engine ends the game and turns to the discards
    as the rules say.
    """

    state: LooseCabooseState
    pile_left: int

    @staticmethod
    def of(view: LooseCabooseState) -> TurnCopy:
        assert view.unseen is not None, "the hard bot plays from an observation"
        state = view.clone()
        pile_left = len(view.pile)
        state.pile = view.unseen.copy() if pile_left else Pool()
        if not pile_left:
            state.removed = state.removed + view.unseen.cards()
        state.unseen = None
        return TurnCopy(state, pile_left)

    def after(self, action: Action) -> TurnCopy:
        state = self.state.clone()
        pile_left = self.pile_left
        if isinstance(action, Draw):
            if pile_left == 1:
                rest = state.pile.copy()
                rest.take(action.card)
                state.removed = state.removed + rest.cards()
                state.pile = Pool([action.card])
            pile_left -= 1
        state.apply(action)
        return TurnCopy(state, pile_left)


class Leaf:
    """The value of a state where the turn is over, for the player whose turn it was."""

    def __init__(self, view: LooseCabooseState, rng: random.Random, guesses: int) -> None:
        self.seat = view.seat
        assert view.unseen is not None
        unseen = view.unseen.cards()
        self.mean_unseen = sum(c.value for c in unseen) / len(unseen) if unseen else 0.0
        nxt = (view.seat + 1) % view.players
        size = len(view.hands[nxt])
        self.next_seat = nxt
        self.hands = [rng.sample(unseen, min(size, len(unseen))) for _ in range(guesses)]
        self._outlooks: dict[tuple[object, ...], float] = {}
        self._draws = random.Random(rng.random())

    def value(self, state: LooseCabooseState, pile_left: int, ahead: bool = True) -> float:
        """The player's expected lead in final points: after the next player's turn when
        the game goes on long enough (`pile_left`, the real draw pile) and `ahead`, else
        after this turn."""
        if ahead and state.phase is not Phase.OVER and pile_left > PILE_MARGIN:
            return self._next_turn(state, pile_left)
        return self._one_turn(state, pile_left)

    def _next_turn(self, state: LooseCabooseState, pile_left: int) -> float:
        """The next player's turn played by the normal policy over guessed hands, every
        throw weighed; then the value with this player's own outlook."""
        railway = state.railway
        key = ("2", tuple(railway.cards), railway.caboose,
               tuple(tuple(p.face_up) for p in state.penalties),
               tuple(p.points for p in state.penalties), tuple(state.hands[self.seat]),
               pile_left)
        cached = self._outlooks.get(key)
        if cached is not None:
            return cached
        total = 0.0
        nxt = self.next_seat
        for index in range(NEXT_GUESSES):
            guess = state.clone()
            hand, draw = self.guess(guess, index)
            guess.hands[nxt] = hand
            for card in hand:
                guess.pile.take(card)
            guess.apply(Draw(draw))
            plan = best_plan(as_seen(guess, pile_left - 1))
            if plan.passing:
                guess.apply(Pass())
            else:
                for card in plan.cards:
                    cell = best_cell(guess.railway)
                    assert cell is not None
                    guess.apply(Lay(card.value, cell, card.broken))
                guess.apply(Roll())
            total += self._expect(guess, pile_left - 1)
        value = total / NEXT_GUESSES
        self._outlooks[key] = value
        return value

    def guess(self, state: LooseCabooseState, index: int) -> tuple[list[Card], Card]:
        """Guess `index` of the next player's hand and the card they draw: any cards of
        the copy's pile (every card this player cannot see), the same guesses at every
        leaf so that leaves compare on equal terms."""
        size = len(state.hands[self.next_seat])
        cards = random.Random(index).sample(state.pile.cards(), size + 1)
        return cards[:-1], cards[-1]

    def _expect(self, state: LooseCabooseState, pile_left: int) -> float:
        """The value after the next player's turn, every throw weighed."""
        if state.phase in (Phase.DRAW, Phase.OVER):
            return self._with_own_outlook(state, pile_left)
        if state.phase is Phase.PENALTY:  # one card per guess: the guesses average them
            state.apply(chance.pick(state.chance_outcomes(), self._draws))
            return self._expect(state, pile_left - 1)
        total = 0.0
        for action, p in _outcomes(state):
            child = state.clone()
            child.apply(action)
            total += p * self._expect(child, pile_left)
        return total

    def _with_own_outlook(self, state: LooseCabooseState, pile_left: int) -> float:
        """Back on this player's turn: their own coming turn priced by the policy."""
        points = self._points(state, pile_left)
        if state.phase is not Phase.OVER and state.seat == self.seat:
            points[self.seat] += best_plan(as_seen(state, pile_left)).cost
        return self._lead(points)

    def _one_turn(self, state: LooseCabooseState, pile_left: int) -> float:
        """Right after this turn: the next player's coming turn priced by the policy."""
        points = self._points(state, pile_left)
        if state.phase is not Phase.OVER:
            points[self.next_seat] += self._outlook(state, pile_left)
        return self._lead(points)

    def _points(self, state: LooseCabooseState, pile_left: int) -> list[float]:
        """Each player's expected final points: the penalty pile and, until the end, the
        share of the hand `ai.evaluate` counts (unknown cards at the unseen average)."""
        if state.phase is Phase.OVER:
            return [float(pile.points) for pile in state.penalties]
        weight = relief_at(pile_left, state.players)
        return [pile.points + weight * self._hand_points(seat, hand)
                for seat, (pile, hand) in enumerate(zip(state.penalties, state.hands,
                                                        strict=True))]

    def _lead(self, points: list[float]) -> float:
        """How many points fewer than the others, on average, this player has: a
        straight lead, not `ai.evaluate`'s win chance (the lead won 66.7 % of 171
        tuning games against normal, the win chance 59.5 % of 200)."""
        mine = points[self.seat]
        return sum(theirs - mine for other, theirs in enumerate(points)
                   if other != self.seat) / (len(points) - 1)

    def _hand_points(self, seat: int, hand: list[Card]) -> float:
        if seat == self.seat:
            return float(sum(card.value for card in hand))
        return sum(self.mean_unseen if card == UNKNOWN else card.value for card in hand)

    def _outlook(self, state: LooseCabooseState, pile_left: int) -> float:
        """The next player's expected cost of their turn, over the guessed hands."""
        railway = state.railway
        pile = state.penalties[self.next_seat]
        key = (tuple(railway.cards), railway.caboose, tuple(pile.face_up), pile_left)
        if key not in self._outlooks:
            total = 0.0
            for hand in self.hands:
                guess = as_seen(state, pile_left)
                guess.seat = self.next_seat
                guess.phase = Phase.PLAY
                guess.hands[self.next_seat] = list(hand)
                total += best_plan(guess).cost
            self._outlooks[key] = total / len(self.hands) if self.hands else 0.0
        return self._outlooks[key]


class PointsLeaf:
    """The turn's own score: minus the player's penalty points when it is over (the
    tests check the search against sums worked out by hand with it)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def value(self, state: LooseCabooseState, pile_left: int, ahead: bool = True) -> float:
        return -float(state.penalties[self.seat].points)


class TurnSearch:
    """Expectimax over the rest of one turn, through the engine."""

    def __init__(self, view: LooseCabooseState, leaf: Leaf | PointsLeaf,
                 rng: random.Random | None = None) -> None:
        self.seat = view.seat
        self._rng = rng or random.Random(0)
        self.root = TurnCopy.of(view)
        self.leaf = leaf
        self._memo: dict[tuple[Card, ...], float] = {}
        self._drawn: dict[tuple[object, ...], float] = {}

    def move_value(self, action: Action) -> float:
        """The expected value of playing `action` now and the best of the turn after it."""
        return self._value(self.root.after(action))

    def _value(self, node: TurnCopy) -> float:
        state = node.state
        if state.phase in (Phase.DRAW, Phase.OVER):
            # After penalty cards from the pile (rare, but they come in many orders)
            # the cheaper one-turn value is enough.
            drew = node.pile_left < self.root.pile_left
            return self.leaf.value(state, node.pile_left, ahead=not drew)
        if state.phase is Phase.PENALTY and len(state.pending) > EXACT_DRAWS:
            # A long run of cards from the pile (the caboose at the back, a big throw):
            # one card drawn at random, the last `EXACT_DRAWS` weighed exactly.
            return self._value(node.after(chance.pick(state.chance_outcomes(), self._rng)))
        if state.phase is Phase.PENALTY:
            drawn = penalty_key(node)
            if drawn not in self._drawn:
                self._drawn[drawn] = sum(p * self._value(node.after(action))
                                         for action, p in _outcomes(state))
            return self._drawn[drawn]
        if state.current_player == CHANCE:
            return sum(p * self._value(node.after(action))
                       for action, p in _outcomes(state))
        key = tuple(state.laid)
        if key not in self._memo:
            self._memo[key] = max(self._value(node.after(action)) for action in moves(state))
        return self._memo[key]


def as_seen(state: LooseCabooseState, pile_left: int) -> LooseCabooseState:
    """A copy of a turn copy for the policy to price: the draw pile its real size (the
    hand's relief rises over the last turns), the unseen cards apart (the pile's odds)."""
    seen = state.clone()
    seen.unseen = seen.pile
    seen.pile = Pool()
    if pile_left > 0:
        seen.pile.add(UNKNOWN, pile_left)
    return seen


def penalty_key(node: TurnCopy) -> tuple[object, ...]:
    """What the rest of a turn waiting for penalty cards from the pile hangs on: several
    draws in a row reach the same piles in many orders, and each is worked out once."""
    state = node.state
    pile = state.penalties[state.seat]
    return (tuple(state.railway.cards), state.railway.caboose, tuple(state.hands[state.seat]),
            tuple(pile.face_up), tuple(pile.banked), tuple(state.pending),
            tuple(state.pile.faces()), tuple(sorted(state.discard)), node.pile_left,
            state.final_turn)


def moves(state: LooseCabooseState) -> list[Action]:
    """One move per choice the rules offer: each card face in hand (in the open cell
    that leaves the most room), roll or pass."""
    cell = best_cell(state.railway)
    faces = sorted({card for card in state.hands[state.seat]
                    if not state.laid or card.value == state.laid[0].value})
    result: list[Action] = []
    if cell is not None:
        result = [Lay(card.value, cell, card.broken) for card in faces]
    result.append(Roll() if state.laid else Pass())
    return result


def _outcomes(state: LooseCabooseState) -> list[tuple[Action, float]]:
    """The chance outcomes, throws of the same total merged (the caboose moves by the
    total of wheels, LC-4)."""
    outcomes = state.chance_outcomes()
    if state.phase is not Phase.DICE:
        return outcomes
    by_total: defaultdict[int, float] = defaultdict(float)
    first: dict[int, Action] = {}
    for action, p in outcomes:
        assert isinstance(action, Dice)
        by_total[action.total] += p
        first.setdefault(action.total, action)
    return [(first[total], p) for total, p in by_total.items()]


class TurnBot:
    """The hard bot: the best move of the exact turn (see the module's docstring).

    It thinks one move of the turn at a time, so the app can spread the work over
    frames (`think`); `tools` and tests run it to the end with `bots.choose`.
    """

    def __init__(self, rng: random.Random, guesses: int = ONE_TURN_GUESSES) -> None:
        self._rng, self._guesses = rng, guesses
        self._choice: Action | None = None
        self._todo: list[Action] = []
        self._values: dict[Action, float] = {}
        self._search: TurnSearch | None = None

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The tools' budget: the turn is worked out exactly, so there is nothing to scale."""

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, LooseCabooseState)
        view = observation
        self._choice, self._values = None, {}
        options = view.legal_actions()
        if len(options) == 1:
            self._choice, self._todo = options[0], []
            return
        self._search = TurnSearch(view, self.leaf(view), random.Random(self._rng.random()))
        self._todo = moves(view)

    def leaf(self, view: LooseCabooseState) -> Leaf | PointsLeaf:
        """What the search values the end of the turn by (tools/lc_ceiling.py plays the
        bot with other leaves)."""
        return Leaf(view, self._rng, self._guesses)

    def think(self, seconds: float) -> bool:
        """Value the next moves of the turn for up to `seconds` (at least one)."""
        started = time.perf_counter()
        while self._todo:
            assert self._search is not None
            action = self._todo.pop(0)
            self._values[action] = self._search.move_value(action)
            if time.perf_counter() - started >= seconds:
                break
        if self._todo:
            return False
        if self._choice is None:
            values = self._values
            self._choice = max(values, key=lambda action: values[action])
        return True

    def action(self) -> Action:
        assert self._choice is not None, "think() to the end first"
        return self._choice


def make_bot(level: str, seat: int, rng: random.Random) -> TurnBot | None:
    """The hard bot (and a saved expert seat) is `TurnBot`; easy and normal are the
    generic policy bots."""
    return TurnBot(rng) if level in ("hard", "expert") else None


def hooks() -> AiHooks:
    """The game's hooks (`ai.hooks`) with this module's hard bot."""
    return replace(ai.hooks(), make_bot=make_bot)
