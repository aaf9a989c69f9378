"""The generic bots on the toy game: legal, seeded, using only their observation."""

from __future__ import annotations

import random

from nile.ai.bots import choose, make_bot
from nile.ai.hooks import AiHooks
from nile.ai.ismcts import ISMCTS
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from tests.core.toy_game import TOY_INFO, UNKNOWN, ToyState


def start_state(seed: int) -> ToyState:
    state = TOY_INFO.create(2, seed, {})
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(chance.pick(state.chance_outcomes(), rng))
    return state  # type: ignore[return-value]


def test_observation_hides_other_hands_and_determinize_fills_them() -> None:
    state = start_state(1)
    state.hands[1] = [6, 6]
    state.deck.remove(6)
    state.deck.remove(6)
    view = state.observation(0)
    assert view.hands[1] == [UNKNOWN, UNKNOWN]
    full = view.determinize(random.Random(0))
    assert UNKNOWN not in full.hands[1]
    everything = sorted(full.deck + [c for h in full.hands for c in h])
    assert everything == sorted(state.deck + [c for h in state.hands for c in h])


def test_every_level_plays_legal_moves() -> None:
    for level in ("easy", "normal", "hard"):
        state = start_state(3)
        bot = make_bot(TOY_INFO, level, 0, seed=1, iterations=60)
        action = choose(bot, state.observation(0))
        assert action in state.legal_actions()


def test_hard_bot_is_reproducible_with_an_iteration_budget() -> None:
    picks = set()
    for _ in range(2):
        bot = make_bot(TOY_INFO, "hard", 0, seed=5, iterations=200)
        picks.add(choose(bot, start_state(4).observation(0)))
    assert len(picks) == 1


def test_hard_bot_picks_the_high_card() -> None:
    state = start_state(2)
    state.hands[0] = [1, 6]
    bot = make_bot(TOY_INFO, "hard", 0, seed=0, iterations=300)
    assert choose(bot, state.observation(0)).to_str() == "pick 6"


def test_the_search_walks_only_the_games_candidates() -> None:
    state = start_state(6)
    state.hands[0] = [1, 3, 6]
    seen: list[list[str]] = []  # every list of legal moves the hook was asked about

    def without_the_six(view: GameState) -> list[Action]:
        legal = view.legal_actions()
        seen.append([a.to_str() for a in legal])
        return [a for a in legal if a.to_str() != "pick 6"] or legal

    search = ISMCTS(AiHooks(candidates=without_the_six), random.Random(0), iterations=300,
                    seconds=None)
    search.start(state.observation(0))
    while not search.think(1.0):
        pass
    assert seen, "the search asks the hook"
    assert search.action().to_str() == "pick 3"  # the best card offered; the 6 never was
    assert search.statistics(search.action()) is not None
    assert all(search.statistics(a) is None for a in state.legal_actions()
               if a.to_str() == "pick 6")
