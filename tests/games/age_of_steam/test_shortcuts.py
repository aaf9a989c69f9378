"""The rules' shortcuts on the random playouts' and the bots' hot paths (issue 33 item 6)
each give exactly what the plain rule gives: a replay must draw, list and price the same."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator

from nile.core import chance
from nile.core.game import CHANCE
from nile.games.age_of_steam.rules import AgeOfSteamState, new_game
from nile.games.age_of_steam.rules.actions import Build, Draw
from nile.games.age_of_steam.rules.build import (
    _Context,
    _far_ok,
    _simple_lays,
    candidates,
)
from nile.games.age_of_steam.rules.config import COLOURS
from nile.games.age_of_steam.rules.hexes import opposite
from nile.games.age_of_steam.rules.mapdata import MAP_NAMES, load_map
from nile.games.age_of_steam.rules.move import twin
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.setup import bag_outcomes


def build_turns(map_name: str, seed: int, every: int = 3) -> Iterator[AgeOfSteamState]:
    """Every `every`-th decision of a random game taken while someone builds track."""
    state = new_game(4 if map_name != "egypt" else 3, seed, {"map": map_name})
    rng = random.Random(seed)
    number = 0
    while not state.is_terminal and state.round <= 4:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        if state.phase == Phase.BUILD:
            number += 1
            if number % every == 0:
                yield state
        state.apply(rng.choice(state.legal_actions()))


def test_a_twin_hex_is_the_first_other_hex_printed_with_the_same_city_name() -> None:
    for name in MAP_NAMES:
        mp = load_map(name)
        for h in range(mp.size):
            same = [o for o, i in mp.city_of_hex.items()
                    if h in mp.city_of_hex and o != h
                    and mp.cities[i].name == mp.cities[mp.city_of_hex[h]].name]
            assert mp.twin_of.get(h, -1) == (same[0] if same else -1)
    egypt = load_map("egypt")
    assert len(egypt.twin_of) == 2  # Al Qahirah, and no other city has two hexes


def test_twin_answers_a_two_hex_city_from_either_side_and_any_other_hex_alone() -> None:
    state = new_game(3, 1, {"map": "egypt"})
    a, b = sorted(state.map.twin_of)
    assert (twin(state, a), twin(state, b)) == (b, a)
    assert twin(state, next(iter(set(state.map.city_of_hex) - {a, b}))) == -1


def test_a_build_hashes_as_its_four_fields_also_after_a_copy_or_a_pickle() -> None:
    build = Build("lay", "3,4", "7", 2)
    fields = ("lay", "3,4", "7", 2)
    assert hash(build) == hash(fields)
    for again in (copy.copy(build), copy.deepcopy(build), pickle.loads(pickle.dumps(build))):
        assert again == build and hash(again) == hash(fields)
        assert {again: 1}[Build(*fields)] == 1
    assert build != Build("lay", "3,4", "7", 3)
    assert repr(build) == repr(Build(*fields)) and "_hash" not in build.to_str()


def test_the_bags_outcomes_are_one_draw_per_colour_left_with_its_share() -> None:
    state = new_game(4, 3, {"map": "chile"})
    rng = random.Random(3)
    while state.current_player == CHANCE and any(state.bag.values()):
        total = sum(state.bag.values())
        assert bag_outcomes(state) == [(Draw(c), state.bag[c] / total)
                                       for c in COLOURS if state.bag.get(c, 0) > 0]
        state.apply(chance.pick(state.chance_outcomes(), rng))


def test_a_lay_the_quick_test_accepts_is_one_the_far_end_rule_accepts() -> None:
    """`_from_edge` accepts a simple lay without `_far_ok` where the hex beyond its exit
    is empty, buildable and no stop; `_far_ok` must agree on every such lay."""
    checked = 0
    for name in MAP_NAMES:
        for seed in range(2):
            for state in build_turns(name, seed):
                seat = state.queue[state.qpos]
                listed = candidates(state, seat)
                ctx = _Context(state, seat)
                for h in ctx.stops:
                    for d in range(6):
                        n = state.map.neighbours[h][d]
                        if n < 0 or n in ctx.stops or n in state.tiles or n in ctx.towns:
                            continue
                        if not ctx.buildable(n):
                            continue
                        for x, m, action in _simple_lays(state.map_name, n, opposite(d)):
                            quick = (m not in ctx.stops and m not in state.tiles
                                     and ctx.buildable(m))
                            if quick:
                                checked += 1
                                assert _far_ok(ctx, n, x, state.place_key(h))
                                if state.supply[action.tile] > 0:
                                    assert action in listed
    assert checked > 1000


def test_offers_made_once_equal_new_ones_and_are_the_same_each_time() -> None:
    """Bids, share issues, action tiles, urbanizations and segment ends are made once per
    value (issue 33 item 6): equal to new ones, and the same objects when asked again."""
    from nile.games.age_of_steam.rules import build, market, network
    from nile.games.age_of_steam.rules.actions import Bid, IssueShares, TakeAction, Urbanize

    for once, kind, fields in ((market._BID, Bid, (7,)), (market._ISSUE, IssueShares, (2,)),
                               (market._TAKE, TakeAction, ("engineer",)),
                               (build._URBANIZE, Urbanize, ("3,4", "A")),
                               (network._end, network.End, (-1, 2, 40))):
        made = once(*fields)
        assert made == kind(*fields) and made is once(*fields)
