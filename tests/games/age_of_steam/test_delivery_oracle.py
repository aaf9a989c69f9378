"""The deliveries offered equal a brute-force enumeration from the rulebooks (issue 27).

`delivery_oracle` walks every simple path over complete links using only the position's
public data; here the legal Deliver actions are held against it in both directions:
every offered delivery is a legal path (nothing extra), every distinct outcome of a
legal path (which good, where to, who earns what, the ferry fee) is offered (nothing
missing), and no two offered deliveries do the same thing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam import ai, ai_hard
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import Deliver
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import choices

from . import delivery_oracle as oracle
from .helpers import set_up

GAMES = {
    "chile": ((4, 11), (5, 12), (6, 13)),
    "egypt": ((3, 21), (4, 22), (5, 23)),
    "cccp": ((4, 31), (5, 32), (4, 33)),
}
"""(players, seed) of the playouts per map: three games each, 100+ deliveries decisions."""


def move_decisions(map_name: str, players: int, seed: int) -> Iterator[AgeOfSteamState]:
    """Each Move Goods decision of a seeded playout: the normal bot's quick policy builds
    (so there are links to deliver over), the moves themselves are drawn at random."""
    state = set_up(map_name, players, seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        elif state.phase == Phase.MOVE:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(ai.quick_policy(state, rng))


def mismatches(state: AgeOfSteamState) -> tuple[list[Deliver], list[oracle.Outcome],
                                                  list[oracle.Outcome]]:
    """(offered but illegal, legal outcomes not offered, outcomes offered twice)."""
    seat = state.current_player
    assert seat is not None and seat >= 0
    legal = oracle.deliveries(state, seat)
    offered = [a for a in state.legal_actions() if isinstance(a, Deliver)]
    extra = [a for a in offered if a not in legal]
    outcomes = [legal[a] for a in offered if a in legal]
    missing = sorted(set(legal.values()) - set(outcomes), key=repr)
    twice = [o for o in set(outcomes) if outcomes.count(o) > 1]
    return extra, missing, twice


@pytest.mark.parametrize("map_name", sorted(GAMES))
def test_offered_deliveries_equal_the_brute_force_enumeration(map_name: str) -> None:
    decisions = with_deliveries = 0
    for players, seed in GAMES[map_name]:
        for state in move_decisions(map_name, players, seed):
            extra, missing, twice = mismatches(state)
            where = f"{map_name} {players}p seed {seed} round {state.round}"
            assert extra == [], f"{where}: offered but not legal: {extra}"
            assert missing == [], f"{where}: legal but not offered: {missing}"
            assert twice == [], f"{where}: offered twice: {twice}"
            decisions += 1
            with_deliveries += any(isinstance(a, Deliver) for a in state.legal_actions())
    assert decisions >= 100
    assert with_deliveries >= 50  # the positions are not all empty networks


def two_blue_goods() -> AgeOfSteamState:
    """Chile, seat 0 to move with locomotive 1: its links Santiago–Valparaíso and
    La Serena–Valparaíso (a blue city), a blue good in Santiago and one in La Serena."""
    return (Builder(4, map="chile")
            .path(0, ["Santiago", "1,16", "Valparaiso"])
            .path(0, ["La Serena", "0,14", "0,15", "Valparaiso"])
            .goods("Santiago", ["blue"]).goods("La Serena", ["blue"])
            .to_move(0, Phase.MOVE).build())


def test_chile_two_goods_to_one_city_for_the_same_income_are_both_offered() -> None:
    # Issue 27: only La Serena's good was offered; delivering Santiago's was refused.
    state = two_blue_goods()
    offered = {a.to_str() for a in state.legal_actions() if isinstance(a, Deliver)}
    assert offered == {"deliver blue 0,13 via 0,13>S", "deliver blue 2,17 via 2,17>NW"}
    state.apply(Deliver("blue", "2,17", (("2,17", 5),)))
    assert state.goods[state.map.hex_of("Santiago")] == []
    assert state.goods[state.map.hex_of("La Serena")] == ["blue"]
    assert state.income[0] == 1


def test_the_oracle_agrees_on_the_two_goods() -> None:
    state = two_blue_goods()
    santiago, serena = state.map.hex_of("Santiago"), state.map.hex_of("La Serena")
    assert {o.source for o in oracle.deliveries(state, 0).values()} == {santiago, serena}
    assert mismatches(state) == ([], [], [])


def test_the_board_and_the_hard_bot_offer_both_goods_of_the_named_case() -> None:
    # The scene rings the goods that have somewhere to go and lists each one's ways; the
    # hard bot searches the offered deliveries: Santiago's good must be among them all.
    state = two_blue_goods()
    santiago, serena = state.map.hex_of("Santiago"), state.map.hex_of("La Serena")
    assert choices.movable_goods(state) == {(santiago, "blue"), (serena, "blue")}
    [valparaiso] = choices.destinations(state, santiago, "blue")
    assert valparaiso.key == "Valparaiso" and len(valparaiso.routes) == 1
    assert {a for a in ai_hard.candidates(state) if isinstance(a, Deliver)} == {
        Deliver("blue", "2,17", (("2,17", 5),)), Deliver("blue", "0,13", (("0,13", 3),))}
