"""Measure Loose Caboose! bot levels against an exact one-turn reference.

    nice -n 10 .venv/bin/python tools/lc_regret.py --levels normal,hard --positions 200 \
        --seed 7

The reference is an expectimax over the rest of the current turn, run through the real
engine: every throw of the dice (`chance_outcomes()`) and every penalty card from the
draw pile is applied to a copy of the state and weighted by its chance, and the player
picks, at each of their decisions, the move with the fewest expected penalty points at
the end of the turn. It sees only the mover's view: the observation, with the draw pile
replaced by the cards the mover cannot see (the pile is an unknown part of them, so a
card from it is any unseen card with equal chance; when the draw pile would run out,
the draws that follow come from the discards, as the rules say: `TurnState`).

Moves are compared as the rules' choices: lay a card of a face (value, Broken Track or
not), roll, or pass. The cell does not change the turn's points; the reference lays each
card where the most cells stay open afterwards.

Positions come from seeded games of normal bots (two players unless `--players`): every
decision with at least two different choices, taken one in `--every`, until
`--positions` are collected. For each level the report gives the agreement (the level's
move is one of the reference's best) and the mean regret: how many expected penalty
points the level's move gives up against the best, per decision.

The report splits the regret: the part given up in the last `LATE_PILE` cards of the
draw pile, where the hand is about to score but the default objective does not count it
(the hard bot does), so there a level that plays for its hand shows regret that the
reference's objective alone cannot justify or blame.

`--objective score` counts the hand too (the points the mover would have if the game
ended with the turn); the default `penalty` counts the penalty pile only (and the hand
only when the game really ends with the turn).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass

from _common import choose, make_bot

from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.rules import Card, Lay, LooseCabooseState, Pass, Phase, Roll
from nile.games.loose_caboose.rules.actions import Draw
from nile.games.loose_caboose.rules.cards import Pool

Choice = tuple[str, int, bool]
"""A move as the rules' choice: ("lay", value, broken), ("roll", 0, False), ("pass", 0, False)."""

TIE = 1e-9
LATE_PILE = 10
"""Positions with fewer cards than this in the draw pile count as the last turns (the hard
bot's own switch, `ai_turn.PILE_MARGIN`)."""


def choice_of(action: Action) -> Choice:
    """The rules' choice an action makes (the cell left out)."""
    if isinstance(action, Lay):
        return ("lay", action.value, action.broken)
    if isinstance(action, Roll):
        return ("roll", 0, False)
    assert isinstance(action, Pass), action
    return ("pass", 0, False)


@dataclass
class TurnState:
    """A copy of the mover's view the engine can play on: the draw pile holds every card
    the mover cannot see. `pile_left` is how many cards the real pile still has; when a
    draw takes its last card, the other unseen cards leave the pile (set aside, out of
    reach), so the engine ends the game and turns to the discards as the rules say."""

    state: LooseCabooseState
    pile_left: int

    @staticmethod
    def of(view: LooseCabooseState) -> TurnState:
        assert view.unseen is not None, "the reference works on a player's observation"
        state = view.clone()
        pile_left = len(view.pile)
        state.pile = view.unseen.copy() if pile_left else Pool()
        if not pile_left:
            state.removed = state.removed + view.unseen.cards()
        state.unseen = None
        return TurnState(state, pile_left)

    def child(self, action: Action) -> TurnState:
        """The state after `action`, through the engine."""
        state = self.state.clone()
        pile_left = self.pile_left
        if isinstance(action, Draw) and state.phase is not Phase.DRAW:
            if pile_left == 1:  # the real pile's last card: nothing else is left in it
                rest = state.pile.copy()
                rest.take(action.card)
                state.removed = state.removed + rest.cards()
                state.pile = Pool([action.card])
            pile_left -= 1
        state.apply(action)
        return TurnState(state, pile_left)


class Reference:
    """Exact expected penalty points of the rest of a turn, for its player."""

    def __init__(self, view: LooseCabooseState, objective: str = "penalty") -> None:
        assert view.phase is Phase.PLAY
        self.seat = view.seat
        self.objective = objective
        self.root = TurnState.of(view)
        self.start = self._points(self.root.state)
        self._memo: dict[tuple[Card, ...], float] = {}
        self._drawn: dict[tuple[object, ...], float] = {}

    def _points(self, state: LooseCabooseState) -> float:
        points = float(state.penalties[self.seat].points)
        if self.objective == "score":
            points += sum(card.value for card in state.hands[self.seat])
        return points

    def choice_values(self) -> dict[Choice, float]:
        """Each choice at the root: the expected points it adds by the end of the turn."""
        return {choice: value - self.start
                for choice, value in self._choices(self.root).items()}

    def _choices(self, node: TurnState) -> dict[Choice, float]:
        state = node.state
        result: dict[Choice, float] = {}
        for action in self._representatives(state):
            result[choice_of(action)] = self._value(node.child(action))
        return result

    def _representatives(self, state: LooseCabooseState) -> list[Action]:
        """One action per choice: a lay in the cell that leaves the most open cells."""
        best: dict[Choice, tuple[int, Action]] = {}
        for action in state.legal_actions():
            choice = choice_of(action)
            openness = 0
            if isinstance(action, Lay):
                trial = state.railway.copy()
                trial.lay(action.card, action.cell)
                openness = len(trial.open_cells())
            if choice not in best or openness > best[choice][0]:
                best[choice] = (openness, action)
        return [action for _, action in best.values()]

    def _value(self, node: TurnState) -> float:
        state = node.state
        if state.phase in (Phase.DRAW, Phase.OVER):  # the turn is over
            return self._points(state)
        if state.phase is Phase.PENALTY:
            # Draws in a row reach the same piles in many orders: each once.
            pile = state.penalties[self.seat]
            drawn = (tuple(state.laid), tuple(state.railway.cards), state.railway.caboose,
                     tuple(pile.face_up), tuple(pile.banked), tuple(state.pending),
                     tuple(state.pile.faces()), tuple(sorted(state.discard)),
                     node.pile_left, state.final_turn)
            if drawn not in self._drawn:
                self._drawn[drawn] = self._expectation(node)
            return self._drawn[drawn]
        if state.current_player == CHANCE:
            return self._expectation(node)
        key = tuple(state.laid)
        if key not in self._memo:
            self._memo[key] = min(self._choices(node).values())
        return self._memo[key]

    def _expectation(self, node: TurnState) -> float:
        return sum(p * self._value(node.child(action))
                   for action, p in node.state.chance_outcomes())


# Positions and levels ---------------------------------------------------------------


def positions(count: int, seed: int, players: int, every: int) -> list[LooseCabooseState]:
    """`count` decisions with a real choice from seeded games of normal bots (full states)."""
    found: list[LooseCabooseState] = []
    game = 0
    pick_rng = random.Random(f"lc_regret/pick/{seed}")
    while len(found) < count:
        game_seed = seed * 1000 + game
        state = GAME_INFO.create(players, game_seed, {})
        assert isinstance(state, LooseCabooseState)
        bots = [make_bot(GAME_INFO, "normal", s, game_seed) for s in range(players)]
        rng = random.Random(f"lc_regret/chance/{game_seed}")
        while not state.is_terminal and len(found) < count:
            seat = state.current_player
            assert seat is not None
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            choices = {choice_of(a) for a in state.legal_actions()}
            if len(choices) > 1 and pick_rng.randrange(every) == 0:
                found.append(state.clone())
            state.apply(choose(bots[seat], state.observation(seat)))
        game += 1
    return found


@dataclass
class LevelResult:
    level: str
    decisions: int
    agreement: float
    regret: float
    regret_late: float
    """The part of `regret` from positions in the last turns (`LATE_PILE`)."""
    late: int
    """How many of the positions are in the last turns."""
    seconds_median: float
    seconds_p95: float


def measure(level: str, states: list[LooseCabooseState], values: list[dict[Choice, float]],
            seed: int, iterations: int | None = None) -> LevelResult:
    """How often `level` picks a best choice, and the points it gives up on average."""
    agreed, regrets, times, late = 0, [], [], []
    for index, (state, value) in enumerate(zip(states, values, strict=True)):
        seat = state.seat
        bot = make_bot(GAME_INFO, level, seat, seed * 100_000 + index, iterations=iterations)
        started = time.process_time()
        action = choose(bot, state.observation(seat))
        times.append(time.process_time() - started)
        best = min(value.values())
        regret = value[choice_of(action)] - best
        agreed += regret <= TIE
        regrets.append(max(0.0, regret))
        if state.pile_size < LATE_PILE:
            late.append(regrets[-1])
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return LevelResult(level, len(states), agreed / len(states), statistics.fmean(regrets),
                       sum(late) / len(states), len(late), statistics.median(times), p95)


def reference_values(states: list[GameState], objective: str) -> list[dict[Choice, float]]:
    values = []
    for state in states:
        assert isinstance(state, LooseCabooseState)
        values.append(Reference(state.observation(state.seat), objective).choice_values())
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--every", type=int, default=3,
                        help="take one decision in N (spreads positions over more games)")
    parser.add_argument("--objective", choices=("penalty", "score"), default="penalty")
    parser.add_argument("--hard-iterations", type=int, default=None)
    args = parser.parse_args()
    started = time.process_time()
    states = positions(args.positions, args.seed, args.players, args.every)
    values = reference_values(list(states), args.objective)
    reference_seconds = time.process_time() - started
    print(f"{len(states)} positions (seed {args.seed}, {args.players} players, "
          f"objective {args.objective}), reference {reference_seconds:.1f} s CPU")
    report: dict[str, object] = {"positions": len(states), "seed": args.seed,
                                 "players": args.players, "objective": args.objective}
    for level in args.levels.split(","):
        result = measure(level, states, values, args.seed, args.hard_iterations)
        print(f"{level:>7}: agreement {result.agreement:6.1%}  mean regret "
              f"{result.regret:.3f} points a decision, {result.regret_late:.3f} of it in "
              f"{result.late} positions of the last turns  (CPU median "
              f"{result.seconds_median:.3f} s, p95 {result.seconds_p95:.3f} s)")
        report[level] = {"agreement": round(result.agreement, 4),
                         "regret": round(result.regret, 4),
                         "regret_late": round(result.regret_late, 4),
                         "seconds_median": round(result.seconds_median, 4),
                         "seconds_p95": round(result.seconds_p95, 4)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
