"""The generic bots on the toy game: legal, seeded, using only their observation."""

from __future__ import annotations

import random

from nile.ai.bots import choose, make_bot
from nile.ai.hooks import AiHooks, SearchStatistics
from nile.ai.ismcts import ISMCTS, Node
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from tests.core.toy_game import TOY_INFO, UNKNOWN, Confirm, Deal, Pick, ToyState


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


def expert_hooks() -> AiHooks:
    """The toy game's hooks with an expert budget (named by a GameInfo as a test's)."""
    return AiHooks(hard_iterations=40, expert_iterations=240)


def test_the_expert_searches_its_own_larger_budget_where_the_game_has_one() -> None:
    from dataclasses import replace

    from nile.ai.bots import levels

    assert levels(TOY_INFO) == ("easy", "normal", "hard")  # no expert budget: no expert
    expert_info = replace(TOY_INFO, ai_hooks="tests.core.test_bots:expert_hooks")
    assert levels(expert_info) == ("easy", "normal", "hard", "expert")
    state = start_state(3)
    state.hands[0] = [1, 3, 6]
    done = {}
    for level in ("hard", "expert"):
        bot = make_bot(expert_info, level, 0, seed=2)
        assert isinstance(bot, ISMCTS)
        assert choose(bot, state.observation(0)) in state.legal_actions()
        done[level] = bot.iterations_done
    assert done == {"hard": 40, "expert": 240}


def test_an_expert_is_offered_only_where_it_was_measured_to_beat_hard() -> None:
    from nile.ai.bots import hooks_of, levels
    from nile.core import registry

    offered = {info.id for info in registry.all_games() if "expert" in levels(info)}
    assert offered == {"kap_kairo", "cleopatra"}  # each measured to beat hard within its cap
    for game in sorted(offered):
        info = registry.get(game)
        hooks = hooks_of(info)
        (expert, cap), (hard, _) = hooks.budget("expert"), hooks.budget("hard")
        assert expert >= 3 * hard and cap <= 5.0, game  # each also searches differently
        state = info.create(info.player_range(info.resolve_options({}))[0], 4, {})
        while state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), random.Random(0)))
        seat = state.current_player
        assert seat is not None
        bot = make_bot(info, "expert", seat, 1, iterations=3)
        assert type(bot) is type(make_bot(info, "hard", seat, 1)), game  # the same search
        assert choose(bot, state.observation(seat)) in state.legal_actions()


def _searched(hooks: AiHooks, state: ToyState, iterations: int = 200) -> ISMCTS:
    """A finished search from seat 0's view, holding a 1 and a 6 (two moves to weigh)."""
    state.hands[0] = [1, 6]
    search = ISMCTS(hooks, random.Random(0), iterations=iterations, seconds=None)
    search.start(state.observation(0))
    while not search.think(1.0):
        pass
    return search


def _movers(node: Node) -> set[int]:
    """The seats of every decision stored in the tree under `node`."""
    movers = set()
    for child in node.children.values():
        movers |= {child.mover} | _movers(child)
    return movers


def test_forced_moves_are_played_outside_the_tree() -> None:
    """A `forced_move` hook plays the other seat's moves; the tree keeps only the
    searcher's own decisions, and the hook is told who searches."""
    asked: set[tuple[int | None, int]] = set()

    def lowest_for_the_others(view: GameState, searcher: int,
                              rng: random.Random) -> Action | None:
        assert isinstance(view, ToyState)
        asked.add((view.current_player, searcher))
        if view.current_player == searcher:
            return None
        return Confirm() if view.picked is not None else Pick(min(view.hands[view.turn]))

    search = _searched(AiHooks(forced_move=lowest_for_the_others), start_state(7))
    assert {searcher for _, searcher in asked} == {0} and (1, 0) in asked
    assert _movers(search._root) == {0}


def test_chance_is_drawn_by_the_games_hook() -> None:
    draws: list[int] = []

    def highest_card(view: GameState, rng: random.Random) -> Action:
        assert isinstance(view, ToyState) and view.current_player == CHANCE
        draws.append(max(view.deck))
        return Deal(max(view.deck))

    _searched(AiHooks(draw_chance=highest_card), start_state(8), iterations=30)
    assert len(draws) >= 30


def test_the_game_may_overrule_the_searchs_choice_and_say_why() -> None:
    plain = _searched(AiHooks(), start_state(2))
    choice = plain.action()
    assert plain.explain() is None
    other = Pick(7 - choice.card) if isinstance(choice, Pick) else None
    assert other is not None

    def the_other_card(view: GameState, searched: Action,
                       statistics: SearchStatistics) -> tuple[Action, str | None]:
        stats = statistics(searched)
        assert searched == choice and stats is not None and stats[0] > 0
        return other, f"the search liked {searched.to_str()}, but not here"

    overruled = _searched(AiHooks(overrule=the_other_card), start_state(2))
    assert overruled.action() == other
    assert overruled.explain() == f"the search liked {choice.to_str()}, but not here"
