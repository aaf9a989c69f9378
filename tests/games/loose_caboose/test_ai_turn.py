"""The hard bot: the exact turn search (nile/games/loose_caboose/ai_turn.py)."""

from __future__ import annotations

import random

import pytest

from nile.ai.bots import choose, make_bot
from nile.core.game import CHANCE
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.ai_turn import (
    PointsLeaf,
    TurnBot,
    TurnSearch,
    moves,
)
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Lay, LooseCabooseState, Pass
from tests.games.loose_caboose.helpers import random_game


def test_the_turn_is_worked_out_exactly_through_the_engine() -> None:
    # As in tools/lc_regret's test: pass takes the back 2; the 1 then one die derails
    # only on 2 wheels (a third of the throws), taking the back 2 again.
    state = Builder(2).railway([2, 3, 1], caboose=2).hand(0, 1).build()
    view = state.observation(0)
    search = TurnSearch(view, PointsLeaf(0))
    values = {type(action): search.move_value(action) for action in moves(view)}
    assert values[Pass] == pytest.approx(-2.0)
    assert values[Lay] == pytest.approx(-2 / 3)


def test_the_hard_bot_passes_to_cancel_a_penalty() -> None:
    # The back card is a 4, like the top of the player's penalty pile: passing takes it
    # and both cancel, 4 points fewer, sure; laying the 4 rolls four dice with one card
    # ahead.
    state = Builder(2).railway([4, 3, 2], caboose=2).hand(0, 4).penalty(0, 1, 4).build()
    bot = make_bot(GAME_INFO, "hard", 0, seed=1)
    assert isinstance(bot, TurnBot)
    assert choose(bot, state.observation(0)) == Pass()


def test_it_thinks_one_move_at_a_time_so_a_frame_stays_short() -> None:
    state = Builder(2).railway([2, 3, 1, 2, 1], caboose=1).hand(0, 1, 2, 2, 3, 4).build()
    bot = TurnBot(random.Random(0))
    bot.start(state.observation(0))
    steps = 1
    while not bot.think(0.0):
        steps += 1
    assert steps == len(moves(state.observation(0)))  # five faces and the pass
    assert bot.action() in state.legal_actions()


def test_hidden_cards_do_not_change_its_move() -> None:
    # The same view with the other hand and the pile dealt differently.
    base = Builder(2).railway([2, 3, 1, 4], caboose=1).hand(0, 1, 3, 3).penalty(0, 2)
    one = base.hand(1, 4, 4, 2).build()
    other = base.hand(1, 1, 1, 2).build()
    assert one.observation(0).to_dict()["hands"] == other.observation(0).to_dict()["hands"]
    moves_seen = {choose(TurnBot(random.Random(5)), state.observation(0))
                  for state in (one, other)}
    assert len(moves_seen) == 1


def test_every_move_is_legal_from_a_players_view() -> None:
    for seed in range(12):
        state = random_game(2, seed, plies=30 + 7 * seed)
        while state.current_player == CHANCE and not state.is_terminal:
            state.apply(state.chance_outcomes()[0][0])
        if state.is_terminal:
            continue
        assert isinstance(state, LooseCabooseState)
        action = choose(TurnBot(random.Random(seed)), state.observation(state.seat))
        assert action in state.legal_actions()


def test_the_turn_search_looks_past_the_first_card() -> None:
    # Two 1s, caboose on the front card, a 4 at the back. One 1 and a die derails on two
    # wheels (a third of the throws: the back 4, 4/3 points); a second 1 first, and the
    # die never reaches the front. Passing takes the 4.
    state = Builder(2).railway([4, 2, 3], caboose=2).hand(0, 1, 1).hand(1, 3, 3).build()
    view = state.observation(0)
    search = TurnSearch(view, PointsLeaf(0))
    lay, passing = moves(view)
    assert isinstance(lay, Lay) and isinstance(passing, Pass)
    assert search.move_value(lay) == pytest.approx(0.0)
    assert search.move_value(passing) == pytest.approx(-4.0)
