"""Income, expenses, bankruptcy, income reduction, Production, goods growth, the turn
marker (AS-2), Communism and the CCCP loser (AS-4), and game end."""

from __future__ import annotations

import pytest

from nile.core.game import CHANCE
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules import upkeep
from nile.games.age_of_steam.rules.actions import (
    CommunismExchange,
    CommunismPlace,
    Draw,
    PassMove,
    PlaceGood,
    Roll,
    TakeAction,
)
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.events import WentBankrupt
from nile.games.age_of_steam.rules.market import _after_selection
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import texts


def end_moves(state: object) -> list[object]:
    """Everyone passes both move rounds (the state is built `to_move(0, "move")`):
    income, expenses and reduction follow."""
    events: list[object] = []
    while state.phase == Phase.MOVE:  # type: ignore[attr-defined]
        events += state.apply(PassMove())  # type: ignore[attr-defined]
    return events


def test_income_then_expenses_one_per_share_and_locomotive_level() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.MOVE).build()
    state.income[0], state.shares[0], state.loco[0] = 7, 4, 3
    end_moves(state)
    assert state.cash[0] == 10 + 7 - 7
    assert state.income[0] == 7


def test_a_shortfall_comes_off_income_and_below_zero_is_bankruptcy() -> None:
    """AS-1: pay what you can, lose the rest from income; below 0 you are out."""
    state = (Builder(4, map="chile").path(1, ["Valparaiso", "1,16", "Santiago"])
             .to_move(0, Phase.MOVE).build())
    state.cash[0], state.income[0], state.shares[0] = 2, 3, 6      # owes 7, has 5
    state.cash[1], state.income[1], state.shares[1] = 0, 1, 5      # owes 6, has 1
    events = end_moves(state)
    assert state.cash[0] == 0 and state.income[0] == 1 and state.alive[0]
    assert not state.alive[1] and WentBankrupt(1) in events
    assert state.tiles[state.map.hex_of("1,16")][2] == (-1,)           # track is unowned
    assert 1 not in state.order
    assert state.scores()[1] == 0 and state.ranking()[1] == 4


def test_income_reduction_after_expenses() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.MOVE).build()
    state.income[0], state.cash[0] = 25, 0
    end_moves(state)
    assert state.income[0] == 21
    assert state.cash[0] == 25 - 3


def test_production_draws_two_goods_for_the_holder_to_place() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.MOVE).build()
    state.actions[2] = "production"
    end_moves(state)
    assert state.phase == Phase.PRODUCTION and state.current_player == CHANCE
    state.apply(Draw("red"))
    state.apply(Draw("blue"))
    assert state.current_player == 2
    assert "place red light 1" in texts(state.legal_actions())
    state.apply(PlaceGood("red", "light 1"))
    state.apply(PlaceGood("blue", "B"))
    assert state.display["light 1"] == ["red"] and state.display["B"] == ["blue"]
    assert state.phase == Phase.GROWTH
    assert state.invariant_violations() == []


def test_goods_growth_one_die_per_player_for_light_and_for_dark() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.MOVE).build()
    end_moves(state)
    assert state.phase == Phase.GROWTH and state.dice_left == ["light"] * 4 + ["dark"] * 4
    state.display["light 3"] = ["red", "blue"]
    state.bag["red"] -= 1
    state.bag["blue"] -= 1
    state.apply(Roll(3))
    copiapo = state.map.hex_of("Copiapo")
    assert state.goods[copiapo] == ["red"] and state.display["light 3"] == ["blue"]
    events = state.apply(Roll(6))     # empty rows give nothing, and the log says why
    assert [e.describe(None) for e in events][1:] == [
        "Nothing grows in Temuco from row light 6: that display row is empty."]
    for _ in range(6):
        state.apply(Roll(6))
    assert state.round == 2 and state.phase == Phase.SHARES


def test_new_city_grows_from_its_lettered_row() -> None:
    state = Builder(4, map="chile").build()
    state.new_cities[str(state.map.hex_of("Rancagua"))] = "A"   # tied to light 3
    state.goods[state.map.hex_of("Rancagua")] = []
    state.display["A"] = ["purple"]
    state.bag["purple"] -= 1
    assert ("A", state.map.hex_of("Rancagua")) in upkeep.growth_targets(state, "light 3")
    state.phase, state.dice_left = Phase.GROWTH, ["light"]
    state.apply(Roll(3))
    assert state.goods[state.map.hex_of("Rancagua")] == ["purple"]


def test_egypt_no_growth_in_a_flooded_city() -> None:
    state = Builder(3, map="egypt").build()  # round 1: west bank floods
    state.display["light 1"] = ["blue"]     # Al Qahirah west hex (flooded)
    state.display["dark 1"] = ["red"]       # Al Qahirah east hex (dry)
    state.bag["blue"] -= 1
    state.bag["red"] -= 1
    state.phase, state.dice_left = Phase.GROWTH, ["light", "dark"]
    [_, nothing] = state.apply(Roll(1))
    assert nothing.describe(None) == (
        "Nothing grows in Al Qahirah from row light 1: the Nile floods it this turn.")
    state.apply(Roll(1))
    assert state.goods[state.map.hex_of("4,6")] == []
    assert state.goods[state.map.hex_of("5,6")] == ["red"]
    assert state.display["light 1"] == ["blue"]


@pytest.mark.parametrize("players,turns", [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_game_length_by_players(players: int, turns: int) -> None:
    """AS-2."""
    assert config().turns(players) == turns


def test_the_game_ends_after_the_last_turn() -> None:
    state = Builder(3, map="egypt").round(10).to_move(0, Phase.MOVE).build()
    end_moves(state)
    for _ in range(6):
        state.apply(Roll(2))
    assert state.is_terminal and state.current_player is None
    assert len(state.score_sheet().totals) == 3


def test_communism_places_a_red_good_or_exchanges_a_kept_black() -> None:
    state = Builder(4, map="cccp").build()
    state.red_reserve, state.bag["red"] = 5, state.bag["red"] - 5
    state.phase, state.queue, state.qpos = Phase.SELECT, [0, 1, 2, 3], 0
    state.apply(TakeAction("communism"))
    assert state.phase == Phase.COMMUNISM and "communism exchange" not in texts(
        state.legal_actions())
    state.apply(CommunismPlace("2,7"))
    assert state.goods[state.map.hex_of("Kiev")] == ["red"] and state.red_reserve == 4
    state = Builder(4, map="cccp").build()
    state.red_reserve, state.bag["red"] = 5, state.bag["red"] - 5
    state.kept[0]["black"], state.bag["black"] = 1, state.bag["black"] - 1
    state.phase, state.queue, state.qpos = Phase.SELECT, [0, 1, 2, 3], 0
    state.apply(TakeAction("communism"))
    state.apply(CommunismExchange())
    assert state.kept[0] == {"red": 1, "black": 0}
    assert state.invariant_violations() == []


def test_cccp_loser_fewest_red_then_most_black_then_fewest_red_links() -> None:
    state = Builder(4, map="cccp").build()
    state.kept = [{"red": 2, "black": 0}, {"red": 1, "black": 1}, {"red": 1, "black": 3},
                  {"red": 3, "black": 0}]
    assert state.rules.losers(state) == [2]
    state.kept[2]["black"] = 1
    state = (Builder.from_state(state)
             .path(1, ["Kharkov", "5,6", "5,5", "5,4", "5,3", "Moskva"]).build())  # red city
    assert state.rules.losers(state) == [2]
    state = Builder.from_state(state).path(2, ["Rostov", "6,9", "6,8", "Kharkov"]).build()
    assert state.rules.losers(state) == [1, 2]


def test_cccp_loser_ranks_below_the_others_on_a_finished_game() -> None:
    state = Builder(4, map="cccp").build()
    state.income = [10, 10, 1, 1]
    state.kept[0]["red"] = 0
    for s in (1, 2, 3):
        state.kept[s]["red"] = 1
    state.bag["red"] -= 3
    upkeep.finish(state)
    assert state.ranking()[0] == 4
    assert any("loses" in note for note in state.score_sheet().notes)
    _ = _after_selection


def test_as10_the_game_ends_when_fewer_than_two_players_are_left() -> None:
    state = Builder(3, map="egypt").to_move(0, Phase.MOVE).build()
    for seat in (1, 2):
        state.cash[seat], state.income[seat], state.shares[seat] = 0, 0, 8
    end_moves(state)
    assert state.is_terminal
    assert state.ranking() == [1, 2, 2]


def test_as13_production_with_a_full_display_returns_the_good_to_the_bag() -> None:
    state = Builder(4, map="chile").to_move(0, Phase.MOVE).build()
    for row, size in state.display_sizes().items():
        state.display[row] = ["blue"] * size
    state.bag["blue"] -= sum(state.display_sizes().values())
    state.actions[0] = "production"
    end_moves(state)
    state.apply(Draw("red"))
    state.apply(Draw("red"))
    assert texts(state.legal_actions()) == {"place red bag"}
    state.apply(PlaceGood("red", "bag"))
    state.apply(PlaceGood("red", "bag"))
    assert state.bag["red"] == 20
    assert state.invariant_violations() == []


def test_as14_communism_with_an_empty_reserve_does_nothing() -> None:
    state = Builder(4, map="cccp").build()
    state.phase, state.queue, state.qpos = Phase.SELECT, [0, 1, 2, 3], 0
    state.apply(TakeAction("communism"))
    assert state.phase == Phase.SELECT and state.current_player == 1


def test_the_log_names_an_action_tile_as_the_table_does() -> None:
    """'Ann takes First Move.', as the tile reads, not the lower-case 'first move'."""
    from nile.games.age_of_steam.rules.actions import ACTION_TITLES
    from nile.games.age_of_steam.rules.events import ActionTaken

    for name, title in ACTION_TITLES.items():
        assert ActionTaken(0, name).describe(None) == f"{{p0}} takes {title}."
