"""How much a Loose Caboose! bot could win against normal: the reference and informed bots.

    nice -n 10 .venv/bin/python tools/lc_ceiling.py --bots reference,hands,clairvoyant \
        --games 200 --seed 909

Each bot plays two-player games against the normal bot on the tournament's games (game `i`
has seed `seed * 1_000_003 + i`, the same chance stream as `tools/tournament.py`, and the
bot sits second in even games, first in odd ones), so a run pairs game by game with
`tournament.py --levels normal,hard --seed S`. The bots:

- `reference`: the exact one-turn expectimax of `tools/lc_regret.py` choosing every move
  (the hard bot's turn search with the turn's own penalty points as its leaf), from the
  player's view only: how strong the reference that the regret is measured against is.
- `hands`: the hard bot told the hidden cards: the next player's real hand and the real
  draw pile (its draws still at random, the throws unknown). Not a fair bot: what the
  hidden cards are worth to the hard search.
- `clairvoyant`: sees the game's own chance stream, so every future throw and draw. At
  each decision it plays every choice to the end (the opponent by its real policy, itself
  by the normal policy) and keeps the one that wins, then the larger margin. Not a fair
  bot: what foresight of the dice is worth, the far end of the luck ceiling.

The report gives each bot's score (a win 1, a shared win 1/2), its share with a 95 %
interval (normal approximation) and the mean margin in points.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable

from _common import choose, make_bot

from nile.ai.hooks import Bot
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from nile.games.loose_caboose import GAME_INFO, ai
from nile.games.loose_caboose.ai_turn import Leaf, PointsLeaf, TurnBot, moves
from nile.games.loose_caboose.rules import Card, LooseCabooseState, Pool

BOTS = ("reference", "hands", "clairvoyant")


class ReferenceBot(TurnBot):
    """The exact one-turn reference as a player: the turn's penalty points as the leaf."""

    def leaf(self, view: LooseCabooseState) -> Leaf | PointsLeaf:
        return PointsLeaf(view.seat)


class HandsLeaf(Leaf):
    """The hard bot's leaf with the next player's real hand (the draw still guessed)."""

    def __init__(self, view: LooseCabooseState, rng: random.Random, guesses: int,
                 hand: list[Card]) -> None:
        super().__init__(view, rng, guesses)
        self.hands = [list(hand)]
        self.real_hand = list(hand)

    def guess(self, state: LooseCabooseState, index: int) -> tuple[list[Card], Card]:
        pool = state.pile.cards()
        for card in self.real_hand:  # the copy's pile holds the hand (`HandsBot`)
            pool.remove(card)
        return list(self.real_hand), random.Random(index).choice(pool)

    def _hand_points(self, seat: int, hand: list[Card]) -> float:
        return float(sum(card.value for card in hand))


class HandsBot(TurnBot):
    """The hard bot given the full state: the real pile and the next player's hand."""

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, LooseCabooseState)
        self._full = observation
        super().start(observation.observation(observation.seat))
        if self._search is None or self._choice is not None:
            return
        root = self._search.root.state
        nxt = (observation.seat + 1) % observation.players
        # The search deals the next hand out of the copy's pile (`Leaf._next_turn`), so
        # the pile is the real one with that hand in it (the bot's own penalty draws may
        # then take one of those cards: a small error, for an estimate).
        hand = observation.hands[nxt]
        root.hands[nxt] = list(hand)
        root.pile = observation.pile.copy() if self._search.root.pile_left else Pool()
        for card in hand:
            if self._search.root.pile_left:
                root.pile.add(card)

    def leaf(self, view: LooseCabooseState) -> Leaf | PointsLeaf:
        nxt = (view.seat + 1) % view.players
        return HandsLeaf(view, self._rng, self._guesses, self._full.hands[nxt])


def _outcome(state: GameState, me: int) -> tuple[float, float]:
    """`me`'s result (1, 1/2 or 0) and margin in points over the other player."""
    ranking, scores = state.ranking(), state.scores()
    other = 1 - me
    won = 1.0 if ranking[me] < ranking[other] else 0.5 if ranking[me] == ranking[other] else 0.0
    return won, scores[other] - scores[me]


def _play_out(state: GameState, rng: random.Random) -> GameState:
    """The rest of the game with the normal policy for every seat (normal is the policy)."""
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(ai.policy(state.observation(seat), rng))
    return state


def _clairvoyant(state: GameState, rng: random.Random, me: int) -> Action:
    """The choice whose real future wins (then by the larger margin)."""
    assert isinstance(state, LooseCabooseState)
    best: tuple[tuple[float, float], Action] | None = None
    for action in moves(state):
        future, stream = state.clone(), random.Random()
        stream.setstate(rng.getstate())
        future.apply(action)
        key = _outcome(_play_out(future, stream), me)
        if best is None or key > best[0]:
            best = (key, action)
    assert best is not None
    return best[1]


def play(bot_name: str, seed: int, index: int) -> tuple[float, float]:
    """One game of `bot_name` against normal: its result and margin."""
    game_seed = seed * 1_000_003 + index
    me = 1 if index % 2 == 0 else 0
    state = GAME_INFO.create(2, game_seed, {})
    rng = random.Random(f"selfplay/chance/{game_seed}")
    normal = make_bot(GAME_INFO, "normal", 1 - me, game_seed)
    bot_rng = random.Random(f"nile/bot/loose_caboose/hard/{me}/{game_seed}")
    mine: Bot | None = {"reference": ReferenceBot, "hands": HandsBot}.get(
        bot_name, lambda _: None)(bot_rng)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        elif seat != me:
            state.apply(choose(normal, state.observation(seat)))
        elif mine is None:
            state.apply(_clairvoyant(state, rng, me))
        else:
            view = state if isinstance(mine, HandsBot) else state.observation(seat)
            state.apply(choose(mine, view))
    return _outcome(state, me)


def measure(bot_name: str, seed: int, games: int,
            progress: Callable[[int], None] | None = None) -> dict[str, float]:
    """`games` games of `bot_name` against normal: score, share, its interval, margin."""
    score = margin = 0.0
    results = []
    for index in range(games):
        won, points = play(bot_name, seed, index)
        results.append(won)
        score += won
        margin += points
        if progress is not None:
            progress(index)
    share = score / games
    spread = math.sqrt(sum((r - share) ** 2 for r in results) / max(1, games - 1))
    half = 1.96 * spread / math.sqrt(games)
    return {"games": games, "score": score, "share": round(share, 4),
            "low": round(share - half, 4), "high": round(share + half, 4),
            "margin": round(margin / games, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    report: dict[str, object] = {"seed": args.seed}
    for name in args.bots.split(","):
        if name not in BOTS:
            raise SystemExit(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
        started = time.process_time()
        result = measure(name, args.seed, args.games)
        print(f"{name:>11} vs normal: {result['score']:g}/{args.games} "
              f"({result['share']:.1%}, 95% [{result['low']:.1%}, {result['high']:.1%}]), "
              f"mean margin {result['margin']:+.2f}, "
              f"{time.process_time() - started:.0f} s CPU")
        report[name] = result
    print(json.dumps(report))


if __name__ == "__main__":
    main()
