"""Move Goods: routes, locomotive bound, colours, income per link owner, and each map's
delivery rules, including the expansion's KIEV–KHARKOV–MOSKVA example (AS-4)."""

from __future__ import annotations

import random

import pytest

from nile.core.errors import IllegalAction
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Deliver, PassMove, RaiseLocomotive
from nile.games.age_of_steam.rules.move import accessible, routes, sources
from nile.games.age_of_steam.rules.phases import Phase


def deliveries(state: object, colour: str) -> list[Deliver]:
    return [a for a in state.legal_actions()  # type: ignore[attr-defined]
            if isinstance(a, Deliver) and a.colour == colour]


def chile_chain() -> Builder:
    """Valparaiso -(seat 0)- Santiago -(seat 1)- Rancagua (town) -(seat 0)- Talca."""
    return (Builder(4, map="chile")
            .path(0, ["Valparaiso", "1,16", "Santiago"])
            .path(1, ["Santiago", "1,17", "Rancagua"])
            .path(0, ["Rancagua", "1,19", "Talca"]))


def test_delivery_pays_each_link_owner_and_the_good_leaves_the_game() -> None:
    state = (chile_chain().goods("Valparaiso", ["red"]).player(2, loco=3)
             .to_move(2, Phase.MOVE).build())
    [route] = deliveries(state, "red")
    assert route.to_str() == "deliver red 0,16 via 0,16>SE 2,17>SW 1,18>S"
    state.apply(route)
    assert state.income == [2, 1, 0, 0]
    assert state.goods[state.map.hex_of("Valparaiso")] == []
    assert state.removed == {"red": 1}
    assert state.invariant_violations() == []


def test_route_length_is_bounded_by_the_locomotive() -> None:
    state = (chile_chain().goods("Valparaiso", ["red"]).player(0, loco=2)
             .to_move(0, Phase.MOVE).build())
    assert deliveries(state, "red") == []
    state.loco[0] = 3
    state._legal = None
    assert len(deliveries(state, "red")) == 1


def test_a_good_stops_at_the_first_city_of_its_colour() -> None:
    state = (chile_chain()
             .goods("Valparaiso", ["purple"])  # Santiago is purple
             .player(0, loco=6).to_move(0, Phase.MOVE).build())
    [route] = deliveries(state, "purple")
    assert len(route.steps) == 1


def test_raise_locomotive_once_per_turn_instead_of_a_delivery() -> None:
    state = chile_chain().to_move(0, Phase.MOVE).build()
    state.apply(RaiseLocomotive())
    assert state.loco[0] == 2
    for _ in range(3):
        state.apply(PassMove())
    assert state.current_player == 0
    assert RaiseLocomotive() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="once a turn"):
        state.apply(RaiseLocomotive())


def test_chile_yellow_delivery_moves_the_share_marker_back() -> None:
    """AS-3: a yellow good pays as usual, leaves the game, and returns one share."""
    state = (Builder(4, map="chile")
             .path(0, ["Talca", "1,21", "Concepcion"])
             .goods("Talca", ["yellow"])
             .to_move(0, Phase.MOVE).build())
    state.apply(deliveries(state, "yellow")[0])
    assert state.shares[0] == 1 and state.income[0] == 1
    assert state.removed == {"yellow": 1}


def cccp_example(second_owner: int = 0) -> object:
    state = (Builder(4, map="cccp")
             .path(0, ["Kiev", "3,7", "4,7", "Kharkov"])
             .path(second_owner, ["Kharkov", "5,6", "5,5", "5,4", "5,3", "Moskva"])
             .goods("Kiev", ["black", "red"])
             .to_move(0, Phase.MOVE).build())
    return state


def test_cccp_example_black_good_to_the_town_kharkov() -> None:
    """KIEV–KHARKOV: a black good may end at the town; the link pays its owner 1."""
    state = cccp_example()
    black = deliveries(state, "black")
    assert [len(d.steps) for d in black] == [1]
    state.apply(black[0])
    assert state.income[0] == 1
    assert state.kept[0] == {"red": 0, "black": 1}


def test_cccp_example_red_good_through_kharkov_needs_only_locomotive_one() -> None:
    """KIEV–KHARKOV–MOSKVA: Kharkov is ignored; both links are one link paying 1."""
    state = cccp_example()
    assert state.loco[0] == 1
    [red] = deliveries(state, "red")
    assert len(red.steps) == 2
    state.apply(red)
    assert state.income[0] == 1
    assert state.kept[0] == {"red": 1, "black": 0}


def test_cccp_town_links_of_different_owners_pay_nobody() -> None:
    state = cccp_example(second_owner=1)
    [red] = deliveries(state, "red")
    state.apply(red)
    assert state.income == [0, 0, 0, 0]


def test_cccp_kept_goods_are_hidden_from_the_others() -> None:
    state = cccp_example()
    state.apply(deliveries(state, "red")[0])
    view = state.observation(1)
    assert view.kept[0] == {"red": 0, "black": 0} and view.kept_hidden[0] == 1
    assert state.observation(0).kept[0] == {"red": 1, "black": 0}
    guess = view.determinize(random.Random(3))
    assert sum(guess.kept[0].values()) == 1 and guess.kept_hidden[0] == 0
    assert guess.invariant_violations() == []


def test_cccp_the_bag_count_others_see_is_the_real_bag() -> None:
    """A kept good is out of the bag for everyone: the others' view does not fold it
    back in (their count would rise when an opponent keeps a good)."""
    state = cccp_example()
    before = state.observation(1).bag
    state.apply(deliveries(state, "red")[0])
    assert state.observation(1).bag == state.bag == before
    for seed in range(5):
        guess = state.observation(1).determinize(random.Random(seed))
        assert guess.kept[0] == {"red": 1, "black": 0}     # the only red unaccounted for
        assert guess.bag == state.bag and guess.invariant_violations() == []


def test_cccp_the_log_hides_a_kept_goods_colour_as_the_panel_does() -> None:
    state = cccp_example()
    [event] = state.apply(deliveries(state, "red")[0])
    assert event.describe(0).startswith("{p0} moves red (kept) from Kiev")
    for other in (event.describe(1), event.describe(None)):
        # another seat, and the public: whoever may sit at a shared screen (issue 27)
        assert other.startswith("{p0} moves a good they keep hidden from Kiev")
        assert "red" not in other


def test_egypt_pyramid_goods_come_off_from_the_top() -> None:
    slots = [f"c{i}" for i in range(14)]
    assert accessible(slots) == [13]
    slots[13] = ""
    assert accessible(slots) == [9, 10, 11, 12]
    slots[9] = ""
    assert accessible(slots) == [0, 10, 11, 12]   # one base good is uncovered


def test_egypt_no_goods_leave_a_flooded_city() -> None:
    state = (Builder(3, map="egypt")
             .goods("4,6", ["blue"])  # Al Qahirah west hex: floods in odd rounds
             .goods("5,6", ["blue"]).build())
    hexes = [h for h, _ in sources(state)]
    assert state.map.hex_of("4,6") not in hexes and state.map.hex_of("5,6") in hexes
    state.round = 2
    hexes = [h for h, _ in sources(state)]
    assert state.map.hex_of("4,6") in hexes and state.map.hex_of("5,6") not in hexes


def egypt_minya() -> Builder:
    """Seat 1's track from Al Minya to Bani Suwayf, two purple goods at Al Minya."""
    return (Builder(3, map="egypt")
            .round(2)  # east bank floods
            .path(1, ["Al Minya", "5,10", "Bani Suwayf"])
            .goods("Al Minya", ["purple", "purple"]))


def test_egypt_ferry_fee_per_flooded_hex_goes_to_the_ferry_holder() -> None:
    state = egypt_minya().player(2, action="ferry").to_move(0, Phase.MOVE).build()
    [route] = deliveries(state, "purple")
    state.apply(route)
    assert state.cash == [8, 10, 12]          # 5,10 and Bani Suwayf are flooded
    assert state.income == [0, 1, 0]


def test_egypt_ferry_holder_crosses_floods_free() -> None:
    state = egypt_minya().player(0, action="ferry").to_move(0, Phase.MOVE).build()
    state.apply(deliveries(state, "purple")[0])
    assert state.cash[0] == 10


def test_egypt_fee_without_a_ferry_holder_goes_to_the_bank_and_needs_cash() -> None:
    state = egypt_minya().player(0, cash=1).to_move(0, Phase.MOVE).build()
    assert deliveries(state, "purple") == []   # $2 of ferry fees, only $1
    state.cash[0] = 2
    state._legal = None
    state.apply(deliveries(state, "purple")[0])
    assert state.cash[0] == 0


def test_egypt_al_qahirah_two_hexes_used_as_one() -> None:
    """Into the east hex, out of the west hex, with no link between them (AS-9)."""
    state = (Builder(3, map="egypt")
             .path(0, ["Bani Suwayf", "5,8", "5,7", "5,6"])
             .path(0, ["4,6", "3,6", "2,7", "Al Fayyum"])
             .goods("Bani Suwayf", ["blue"])
             .player(0, loco=2).to_move(0, Phase.MOVE).build())
    [route] = deliveries(state, "blue")
    assert route.to_str() == "deliver blue 5,9 via 5,9>N 4,6>SW"
    [details] = [r for r in routes(state, 0) if r.action == route]
    assert details.fee == 0                     # round 1: the east bank is dry
    state.round = 2                             # now Bani Suwayf itself is flooded
    assert [r for r in routes(state, 0) if r.action.colour == "blue"] == []


def test_as12_black_goods_may_end_at_any_town_and_pass_through_towns() -> None:
    state = (Builder(4, map="cccp")
             .path(0, ["Kiev", "3,7", "4,7", "Kharkov"])
             .path(0, ["Kharkov", "6,7", "Voronezh"])
             .goods("Kiev", ["black"])
             .player(0, loco=2).to_move(0, Phase.MOVE).build())
    ends = sorted(len(d.steps) for d in deliveries(state, "black"))
    assert ends == [1, 2]        # Kharkov, or on through it to Voronezh
