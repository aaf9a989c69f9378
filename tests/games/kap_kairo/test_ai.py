"""The bots: the heuristic plays legal, sensible moves; the hard bot sees only its view."""

from __future__ import annotations

import random

from nile.ai.bots import choose, make_bot
from nile.ai.ismcts import ISMCTS, Node
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.kap_kairo import GAME_INFO, ai
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import PASS, Bid, Build, KapState, Phase, Take

from .helpers import cards


def test_the_policy_plays_a_legal_move_from_every_observation() -> None:
    for seed in range(4):
        state = GAME_INFO.create(2 + seed % 3, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            assert seat is not None
            action = ai.policy(state.observation(seat), rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_bids_are_sensible_for_the_cards_on_offer() -> None:
    easy_vs_hard = Builder(2).auction(("S9", "R0")).build()
    alike = Builder(2).auction(("S9", "S8")).build()
    assert ai.heuristic_bid(easy_vs_hard, 0) > 0
    assert ai.heuristic_bid(alike, 0) == 0  # no reason to pay for the first choice
    poor = Builder(2).capital(0, 6).auction(("S9", "R0")).build()
    assert 0 <= ai.heuristic_bid(poor, 0, random.Random(1)) <= 6 * ai.STYLE.bid_cap


def test_the_policy_takes_the_card_easiest_to_cross() -> None:
    state = Builder(3).choosing(("R0", "S9", "M5"), order=[0, 1, 2]).build()
    assert ai.choose_card(state, 0) == Take(cards("S9")[0])


def test_the_policy_builds_when_free_or_winning_and_passes_when_dear() -> None:
    free = Builder(2).column(0, "S8").column(1, "R0").row("S9").to_move(0).build()
    assert ai.build_or_pass(free, 0) == Build(0, 0)
    bonus = (Builder(2).column(0, "S0").column(1, "R0").row("S9").bonus(0, 3)
             .to_move(0).build())
    assert ai.build_or_pass(bonus, 0) == Build(3, 0)  # bonus cards before money
    dear = Builder(2).column(0, "R0").column(1, "R1").row("S0").to_move(0).build()
    assert ai.build_or_pass(dear, 0) == PASS
    winning = (Builder(2).crossed(0, "S0", "S1", "S2", "S3", "S4", "S5", "S6")
               .column(0, "R0").column(1, "R1").row("S7").to_move(0).build())
    assert ai.build_or_pass(winning, 0) == Build(0, 8)


def test_evaluate_gives_shares_in_zero_one_favouring_the_leader() -> None:
    state = (Builder(3).crossed(0, "S0", "S1", "S2").column(0, "S8").column(1, "R0")
             .column(2, "R1").to_move(0).build())
    values = ai.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[0] == max(values)


def test_bid_candidates_are_few_and_legal() -> None:
    state = Builder(2).capital(0, 20).auction(("S9", "R0")).build()
    bids = ai.bid_candidates(state, 0)
    assert Bid(0) in bids and 3 <= len(bids) <= 14
    assert all(b in state.legal_actions() for b in bids)


def _hard(seat: int, iterations: int = 60) -> ISMCTS:
    bot = make_bot(GAME_INFO, "hard", seat, 7, iterations=iterations)  # untimed budget
    assert isinstance(bot, ISMCTS)
    return bot


def test_the_hard_bot_decides_the_same_whatever_another_player_secretly_bid() -> None:
    def bidding(first_bid: int) -> KapState:
        return Builder(2).auction(("S9", "R0"), bids={0: first_bid}).build()

    low = choose(_hard(1), bidding(0).observation(1))
    high = choose(_hard(1), bidding(90).observation(1))
    assert low == high and low in bidding(0).legal_actions()


def test_the_hard_bot_plays_a_whole_game_against_random() -> None:
    state = GAME_INFO.create(2, 3, {})
    rng = random.Random(3)
    bot = _hard(0, iterations=15)
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        elif seat == 0:
            state.apply(choose(bot, state.observation(0)))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.invariant_violations() == []


def test_the_tools_budget_reaches_the_hard_bot() -> None:
    bot = _hard(0, iterations=15)
    assert (bot._budget, bot._seconds) == (15, None)
    default = make_bot(GAME_INFO, "hard", 0, 7)
    assert isinstance(default, ISMCTS)
    assert (default._budget, default._seconds) == (ai.SEARCH.hard_iterations,
                                                   ai.SEARCH.hard_seconds)


def test_only_the_hard_level_uses_the_search() -> None:
    assert not isinstance(make_bot(GAME_INFO, "normal", 0, 1), ISMCTS)
    assert not isinstance(make_bot(GAME_INFO, "easy", 0, 1), ISMCTS)


def test_the_search_draws_a_card_of_the_pool_and_plays_others_bids_by_policy() -> None:
    """The hooks that shape the generic search: a chance draw is a card of the pool, and
    another seat's bid is the policy's (the searcher's own bid is searched)."""
    drawing = (
        Builder(2).column(0, "S8").column(1, "R0").pile("S1", "R3").to_move(0, Phase.DRAW).build()
    )
    assert drawing.current_player == CHANCE
    drawn = {ai.draw_card(drawing, random.Random(seed)).to_str() for seed in range(20)}
    assert drawn == {"draw S1", "draw R3"}
    bidding = Builder(2).auction(("S9", "R0")).build()
    assert bidding.current_player is not None
    mover = bidding.current_player
    assert ai.others_bid_by_policy(bidding, mover, random.Random(1)) is None
    other = ai.others_bid_by_policy(bidding, 1 - mover, random.Random(1))
    assert isinstance(other, Bid) and other == ai.policy(bidding, random.Random(1))


def _free_build_search(pass_mean: float, build_mean: float, visits: int = 100) -> ISMCTS:
    """A hard bot that has searched a free build with these results (planted in the root,
    so the rule is tested apart from the search's noise)."""
    state = Builder(2).column(0, "S8").column(1, "R0").row("S9").to_move(0).build()
    bot = _hard(0, iterations=1)
    bot.start(state.observation(0))
    build = Build(0, 0)
    assert state.legal_actions() == [build, PASS]
    bot._root.children = {
        PASS: Node(mover=0, visits=visits + 1, total=pass_mean * (visits + 1)),
        build: Node(mover=0, visits=visits, total=build_mean * visits),
    }
    return bot


def test_the_hard_bot_builds_for_free_unless_passing_searches_clearly_better() -> None:
    # Passing was visited most but is only a little better: noise, so build.
    slightly = _free_build_search(pass_mean=0.52, build_mean=0.50)
    assert slightly.action() == Build(0, 0) and slightly.explain() is None
    # Too few searched games behind either move: build.
    few = _free_build_search(pass_mean=0.9, build_mean=0.1, visits=ai.FREE_BUILD_VISITS - 2)
    assert few.action() == Build(0, 0)
    # Clearly better: pass, and say why in words.
    clearly = _free_build_search(pass_mean=0.70, build_mean=0.50)
    assert clearly.action() == PASS
    reason = clearly.explain()
    assert reason is not None and "free" in reason and "70%" in reason and "50%" in reason


def test_the_bids_and_takes_the_bots_make_are_made_once_and_equal_new_ones() -> None:
    """The rollouts' bids and takes come from tables made once (issue 33 item 6)."""
    state = Builder(2).auction(("S9", "R0")).build()
    bids = ai.bid_candidates(state, 0)
    assert bids == [Bid(b.amount) for b in bids if isinstance(b, Bid)]
    assert all(a is b for a, b in zip(bids, ai.bid_candidates(state, 0), strict=True))
    taken = ai.choose_card(state, 0)
    assert taken == Take(taken.card) and taken is ai.choose_card(state, 0)
