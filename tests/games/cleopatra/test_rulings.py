"""Every ruling of Cleopatra's Caboose, by id: CC-1 to CC-11 from RULINGS.md and the new
ones this engine had to make (CC-12 to CC-17, written in the module docstrings)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules import action_rules
from nile.games.cleopatra.rules.actions import (
    Bid,
    BuildPyramid,
    DealCity,
    EndTurn,
    ProduceFruit,
    ShipFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.auction import payment
from nile.games.cleopatra.rules.data import BUILDING, FRUIT_CARD, TRAIN, game_data
from nile.games.cleopatra.rules.events import DeckReshuffled, MoneyChanged, TurnEnded
from nile.games.cleopatra.rules.phases import Phase

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    city,
    fruit,
    of_type,
    play,
    random_game,
    resolve_chance,
    texts,
)

D = game_data()


# CC-1 to CC-4: the invented components ----------------------------------------------------


def test_cc1_board_is_a_ladder() -> None:
    assert len(D.cities) == 12 and len(D.tracks) == 16
    degrees = Counter(c for track in D.tracks for c in track)
    corners = {city(n) for n in ("Alexandria", "Avaris", "Edfu", "Thebes")}
    assert set(D.outer) == corners
    assert all(degrees[c] == (2 if c in corners else 3) for c in range(12))
    assert {D.cities[c] for c in D.five_player_extra} == {"Giza", "Heliopolis", "Abydos",
                                                         "Dendara"}
    for name in ("Alexandria-Giza", "Abydos-Edfu", "Avaris-Heliopolis", "Dendara-Thebes",
                 "Alexandria-Avaris", "Edfu-Thebes", "Lisht-Amarna"):
        D.track(name)
    assert all(D.parity[a] != D.parity[b] for a, b in D.tracks)  # bipartite


def test_cc2_prestige_markers() -> None:
    assert len(D.prestige_markers) == 12
    assert all(4 <= light <= 6 and 7 <= dark <= 10 for light, dark in D.prestige_markers)


def test_cc3_fruit_and_market_clamps() -> None:
    assert len(D.fruits) == 5 and D.cubes_per_fruit == 7
    assert (D.market_min, D.market_max) == (-3, 3)
    state = (Builder(3).market("lime", -3).market("lemon", 3)
             .hand(RED, city=["Edfu (lime 8, lemon 8)", "Giza (lime 8, lemon 10)"])
             .fruit_card(RED, "lime").fruit("Thebes", "lime")
             .track("Edfu-Thebes", BLUE, 1).to_move(RED).build())
    play(state, "produce Fruit lime with Giza (lime 8, lemon 10)")
    assert state.market[fruit("lime")] == -3  # already at the bottom
    events = play(state, "ship lime Thebes->Edfu with Edfu (lime 8, lemon 8)")
    assert state.market[fruit("lime")] == -3 and state.market[fruit("lemon")] == 3
    assert [e.amount for e in of_type(events, MoneyChanged) if e.seat == RED] == [5]


def test_cc4_card_counts() -> None:
    per_city = Counter(card.city for card in D.city_cards)
    assert len(D.city_cards) == 60 and set(per_city.values()) == {5}
    for card in D.city_cards:
        (f1, p1), (f2, p2) = card.demands
        assert f1 != f2 and 5 <= p1 <= 10 and 5 <= p2 <= 10
    trains = [k for k in D.auction if k.category == TRAIN]
    assert [(k.trains, k.cost, k.copies) for k in trains] == [(1, 2, 5), (2, 5, 7), (3, 10, 7),
                                                              (4, 14, 5)]
    buildings = [k for k in D.auction if k.category == BUILDING]
    assert len(buildings) == 20
    assert Counter(k.building_type for k in buildings) == Counter({t: 4 for t in range(5)})
    assert all(1 <= len(k.fruits) <= 3 and len(set(k.fruits)) == len(k.fruits)
               and 3 <= k.vp <= 9 for k in buildings)
    assert Counter(k.bonus for k in buildings if k.bonus) == Counter({1: 6, 2: 4})
    assert D.building_markers == (6, 4)
    fruit_cards = {frozenset(k.fruits) for k in D.auction if k.category == FRUIT_CARD}
    pairs = {frozenset(p) for p in combinations(range(5), 2)}
    assert fruit_cards == pairs | {frozenset([f]) for f in range(5)}
    assert sum(k.copies for k in D.auction) == 59
    assert sorted(D.pyramids) == [3, 4, 5, 6, 7, 8] and D.trains_per_player == 20
    assert D.city_card("Thebes (raspberry 9, lemon 7)") >= 0
    assert D.auction_kind("City Hall (coconut+raspberry, 7 VP, +2)") >= 0


# CC-5: the gods -------------------------------------------------------------------------


def test_cc5_thoth_takes_two_auction_cards() -> None:
    state = (Builder(3).gods("Ra", "Thoth", "Set")
             .auction_display("3-train", "2-train", "Fruit lime").to_move(BLUE, picks=2).build())
    play(state, "take 3-train")
    assert state.picks_left == 1
    play(state, "take Fruit lime")
    assert state.fruit_cards[BLUE] == [D.auction_kind("Fruit lime")]
    assert state.picks_left == 0 and state.auction_display == [D.auction_kind("2-train")]


def test_cc5_hathor_track_costs_two_less_never_below_zero() -> None:
    state = (Builder(3).gods("Ra", "Hathor", "Set").money(BLUE, 8)
             .hand(BLUE, city=["Edfu (lime 8, lemon 8)", "Giza (lime 8, lemon 10)"],
                   auction=["3-train", "1-train"]).to_move(BLUE).build())
    play(state, "track 3-train Edfu-Thebes with Edfu (lime 8, lemon 8)")
    assert state.money[BLUE] == 0
    play(state, "track 1-train Alexandria-Giza with Giza (lime 8, lemon 10)")
    assert state.money[BLUE] == 0


def test_cc5_anubis_third_action_must_be_draw() -> None:
    state = (Builder(3).gods("Ra", "Anubis", "Set")
             .city_display("Giza (lime 8, lemon 10)", "Edfu (lime 8, lemon 8)")
             .to_move(BLUE).build())
    play(state, "pyramid +3 in Lisht")
    play(state, "pyramid +4 in Saqqara")
    assert texts(state.legal_actions()) == ["draw Giza (lime 8, lemon 10)",
                                            "draw Edfu (lime 8, lemon 8)"]
    with pytest.raises(IllegalAction, match="must be Draw City Cards"):
        state.apply(BuildPyramid(5, city("Giza")))
    play(state, "draw Giza (lime 8, lemon 10)")
    resolve_chance(state)
    assert texts(state.legal_actions()) == ["end turn"]


def test_cc18_anubis_actions_in_any_order() -> None:
    state = (Builder(3).gods("Ra", "Anubis", "Set")
             .city_display("Giza (lime 8, lemon 10)").to_move(BLUE).build())
    play(state, "draw Giza (lime 8, lemon 10)")
    resolve_chance(state)
    play(state, "pyramid +3 in Lisht")
    play(state, "pyramid +4 in Saqqara")
    assert texts(state.legal_actions()) == ["end turn"]


def test_cc5_isis_two_florin_more_per_shipment() -> None:
    state = (Builder(3).gods("Ra", "Isis", "Set").fruit("Edfu", "raspberry")
             .track("Edfu-Thebes", RED, 1).market("raspberry", -1)
             .hand(BLUE, city=["Thebes (raspberry 9, lemon 7)"]).to_move(BLUE).build())
    play(state, "ship raspberry Edfu->Thebes with Thebes (raspberry 9, lemon 7)")
    assert state.money[BLUE] == 20 + 8 + 2


def test_cc5_horus_pyramids_cost_four_less() -> None:
    state = (Builder(3).gods("Ra", "Horus", "Set").money(BLUE, 2)
             .to_move(BLUE).build())
    assert texts(state.legal_actions())[:1] == ["pyramid +3 in Alexandria"]
    play(state, "pyramid +3 in Alexandria")
    assert state.money[BLUE] == 0 and state.vp[BLUE] == 3


def test_cc5_set_gives_five_florin_when_chosen_and_god_order_rules() -> None:
    state = Builder(3).to_move(0, Phase.AUCTION).build()
    play(state, "pass")
    play(state, "pass")
    assert state.phase == Phase.GODS and state.order == [2, 1, 0]
    play(state, "god Set")
    assert state.money[2] == 25
    play(state, "god Thoth")
    play(state, "god Ra")
    assert state.action_order == [0, 1, 2]  # Ra 1, Thoth 2, Set 7
    assert state.current_player == 0


# CC-6: the turn line -------------------------------------------------------------------


@pytest.mark.parametrize("players,turns", [(3, 7), (4, 6), (5, 5)])
def test_cc6_game_length(players: int, turns: int) -> None:
    assert D.turn_line == (9, 8, 7, 6, 5, 4, 3)
    state = random_game(players, seed=players)
    assert state.is_terminal and state.turn == turns - 1
    assert D.turn_line[state.turn] == players


def test_cc6_turn_end_passes_the_start_player_figure() -> None:
    state = (Builder(3).gods("Ra", "Thoth", "Set")
             .city_display("Giza (lime 8, lemon 10)").to_move(YELLOW).build())
    state.actions_used = 2
    events = play(state, "end turn") + resolve_chance(state)
    ended = of_type(events, TurnEnded)
    assert ended == [TurnEnded(1, YELLOW)]  # Set (7) acted last
    assert state.start_player == YELLOW and state.current_player == YELLOW
    assert len(state.auction_display) == 4 and state.gods == [-1, -1, -1]


# CC-7: the auction ----------------------------------------------------------------------


def test_cc7_auction_order_and_payments_four_players() -> None:
    state = Builder(4).to_move(BLUE, Phase.AUCTION).build()
    assert state.current_player == BLUE
    for text in ("bid 2", "bid 3", "pass", "bid 5", "bid 6", "pass", "pass"):
        play(state, text)
    # Green passed first (pays 0), yellow next (half of 3 -> 2), red and blue full.
    assert state.order == [BLUE, RED, YELLOW, GREEN]
    assert state.money == [15, 14, 18, 20]
    assert state.phase == Phase.GODS and state.current_player == BLUE


def test_cc7_first_to_pass_pays_nothing_even_after_bidding() -> None:
    state = Builder(3).to_move(RED, Phase.AUCTION).build()
    for text in ("bid 4", "bid 5", "bid 6", "pass", "bid 8", "pass"):
        play(state, text)
    assert state.order == [BLUE, YELLOW, RED]
    assert state.money == [20, 12, 14]


def test_cc7_bids_must_rise_and_be_affordable() -> None:
    state = Builder(3).money(RED, 3).to_move(RED, Phase.AUCTION).build()
    assert texts(state.legal_actions()) == ["pass", "bid 1", "bid 2", "bid 3"]
    play(state, "bid 3")
    assert "bid 3" not in texts(state.legal_actions())
    with pytest.raises(IllegalAction, match="more than 3"):
        state.apply(Bid(3))


def test_cc7_payment_table() -> None:
    assert [payment(p, 5, 5) for p in range(5)] == [5, 5, 3, 3, 0]
    assert [payment(p, 5, 3) for p in range(3)] == [5, 5, 0]


# CC-8: tracks and transport ------------------------------------------------------------


def test_cc8_no_second_group_of_one_colour() -> None:
    state = (Builder(3).track("Edfu-Thebes", RED, 1)
             .hand(RED, city=["Edfu (lime 8, lemon 8)"], auction=["1-train"])
             .to_move(RED).build())
    assert not any("Edfu-Thebes" in t for t in texts(state.legal_actions()))
    with pytest.raises(IllegalAction, match="already have trains"):
        play_action(state, "track", "Edfu-Thebes")


def play_action(state, kind: str, track: str) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cleopatra.rules.actions import ConstructTrack

    state.apply(ConstructTrack(D.auction_kind("1-train"), state.city_hand[RED][0],
                               D.track(track)))


def test_cc8_fruit_travels_any_chain_through_a_pyramid_city() -> None:
    saqqara = "Saqqara (coconut 8, lime 7)"
    state = (Builder(3).fruit("Alexandria", "coconut")
             .track("Alexandria-Giza", BLUE, 1).track("Giza-Saqqara", YELLOW, 2)
             .pyramid("Giza", 5).hand(RED, city=[saqqara]).to_move(RED).build())
    events = play(state, f"ship coconut Alexandria->Saqqara with {saqqara}")
    moved = [e for e in events if type(e).__name__ == "FruitMoved"]
    assert moved[0].route == (city("Alexandria"), city("Giza"), city("Saqqara"))
    # Trains around Saqqara score: yellow 2 VP; blue's track does not touch Saqqara.
    assert state.vp == [0, 0, 2]


def test_cc8_a_track_without_trains_carries_nothing() -> None:
    saqqara = "Saqqara (coconut 8, lime 7)"
    state = (Builder(3).fruit("Alexandria", "coconut")
             .track("Alexandria-Giza", BLUE, 1)
             .hand(RED, city=[saqqara]).to_move(RED).build())
    assert not any(t.startswith("ship") for t in texts(state.legal_actions()))
    with pytest.raises(IllegalAction, match="No chain of tracks"):
        state.apply(ShipFruit(fruit("coconut"), city("Alexandria"), D.city_card(saqqara)))


# CC-9: shipping ------------------------------------------------------------------------


def test_cc9_income_never_below_zero() -> None:
    state = Builder(3).market("lime", -3).build()
    edfu = D.city_card("Edfu (raspberry 5, lime 5)")
    assert action_rules.shipping_income(state, edfu, fruit("lime")) == 2
    state.market[fruit("lime")] = -7  # off the track on purpose: the floor itself
    assert action_rules.shipping_income(state, edfu, fruit("lime")) == 0


def test_cc9_nothing_shipped_produced_or_built_in_a_pyramid_city() -> None:
    lisht = "Lisht (coconut 7, raspberry 7)"
    state = (Builder(3).fruit("Saqqara", "coconut").pyramid("Lisht", 6)
             .track("Saqqara-Lisht", BLUE, 1)
             .hand(RED, city=[lisht], auction=["Bazaar (coconut, 3 VP, +1)"])
             .fruit_card(RED, "coconut").to_move(RED).build())
    card = D.city_card(lisht)
    with pytest.raises(IllegalAction, match="pyramid: no fruit may be shipped"):
        state.apply(ShipFruit(fruit("coconut"), city("Saqqara"), card))
    with pytest.raises(IllegalAction, match="pyramid: no fruit may be produced"):
        state.apply(ProduceFruit(D.auction_kind("Fruit coconut"), card))
    with pytest.raises(IllegalAction, match="pyramid: no building"):
        state.apply(StartBuilding(D.auction_kind("Bazaar (coconut, 3 VP, +1)"), card))
    with pytest.raises(IllegalAction, match="already has a pyramid"):
        state.apply(BuildPyramid(3, city("Lisht")))


# CC-11: Auction cards by choice, in action order --------------------------------------


def test_cc11_auction_cards_taken_by_choice_in_god_order() -> None:
    state = (Builder(3)
             .auction_display("4-train", "Fruit coconut", "Temple (blueberry, 4 VP)",
                              "2-train")
             .city_display("Giza (lime 8, lemon 10)").to_move(RED, Phase.AUCTION).build())
    for text in ("pass", "pass", "god Thoth", "god Set", "god Ra"):
        play(state, text)
    # Gods: yellow Thoth (2), blue Set (7), red Ra (1): red acts first.
    assert state.current_player == RED
    assert texts(state.legal_actions()) == ["take 2-train", "take 4-train",
                                            "take Temple (blueberry, 4 VP)",
                                            "take Fruit coconut"]
    play(state, "take 4-train")
    assert D.auction_kind("4-train") in state.auction_known[RED]  # taken face up
    for _ in range(2):
        play(state, state.legal_actions()[0].to_str())
        resolve_chance(state)
    play(state, "end turn")
    resolve_chance(state)
    assert state.current_player == YELLOW and state.picks_left == 2


# New rulings -----------------------------------------------------------------------------


def test_cc14_empty_city_deck_reuses_the_discard_pile() -> None:
    state = Builder(3).city_display("Giza (lime 8, lemon 10)").to_move(RED).build()
    state.city_discard, state.city_deck = state.city_deck, []
    play(state, "draw Giza (lime 8, lemon 10)")
    card = state.city_discard[0]
    events = state.apply(DealCity(RED, card))
    assert of_type(events, DeckReshuffled) == [DeckReshuffled(59)]
    assert state.city_discard == [] and len(state.city_deck) == 58
    assert state.invariant_violations() == []


def test_cc15_a_known_copy_is_played_before_a_secret_one() -> None:
    state = (Builder(3)
             .hand(RED, city=["Edfu (lime 8, lemon 8)"], auction=["2-train", "2-train"],
                   known=["2-train"])
             .to_move(RED).build())
    assert state.auction_known[RED] == [D.auction_kind("2-train")]
    play(state, "track 2-train Edfu-Thebes with Edfu (lime 8, lemon 8)")
    assert state.auction_hand[RED] == [D.auction_kind("2-train")]
    assert state.auction_known[RED] == []


def test_cc16_unused_card_fruit_needs_a_cube_in_the_supply() -> None:
    state = (Builder(3).hand(RED, city=["Edfu (lime 8, lemon 8)"],
                                         auction=["Library (raspberry, 4 VP)"])
             .fruit_card(RED, "raspberry+lime").to_move(RED).build())
    state.supply[fruit("lime")] = 0
    state.fruit[city("Giza") * 5 + fruit("lime")] = 6
    play(state, "build Library (raspberry, 4 VP) with Edfu (lime 8, lemon 8)")
    assert state.cubes(city("Edfu"), fruit("lime")) == 0
    assert state.vp[RED] == 4 and state.invariant_violations() == []


def test_cc17_end_turn_only_when_no_action_is_possible() -> None:
    state = (Builder(3).city_display("Giza (lime 8, lemon 10)").money(RED, 0)
             .to_move(RED).build())
    with pytest.raises(IllegalAction, match="2 action"):
        state.apply(EndTurn())
    # No face-up card left: only the deck card can be drawn.
    state.city_discard, state.city_display = state.city_display, []
    state.city_discard += state.city_deck
    state.city_deck = []
    assert texts(state.legal_actions()) == ["draw blind"]
    # No City card anywhere but in another hand, no money: nothing is possible.
    state.city_hand[BLUE], state.city_discard = sorted(state.city_discard), []
    assert texts(state.legal_actions()) == ["end turn"]
    play(state, "end turn")
    assert state.current_player == YELLOW and state.invariant_violations() == []


def test_cc12_cc13_start_player_and_first_city_are_chance() -> None:
    from nile.games.cleopatra import GAME_INFO

    state = GAME_INFO.create(4, 0, {})
    assert state.current_player == CHANCE
    assert texts([a for a, _ in state.chance_outcomes()]) == [
        f"start player {n}" for n in range(1, 5)]
    play(state, "start player 3")
    assert len(state.chance_outcomes()) == 12
    play(state, "light city Memphis")
    assert state.chance_queue[0][1] == city("Memphis")


def test_shipping_rewards_face_up_fruit_and_trains_of_others() -> None:
    state = (Builder(4).fruit("Edfu", "raspberry")
             .track("Edfu-Thebes", GREEN, 2)
             .hand(RED, city=["Thebes (raspberry 9, lemon 7)"])
             .fruit_card(YELLOW, "raspberry+lime").fruit_card(YELLOW, "raspberry")
             .to_move(RED).build())
    play(state, "ship raspberry Edfu->Thebes with Thebes (raspberry 9, lemon 7)")
    assert state.vp == [0, 0, 2, 2]  # yellow: two face-up raspberries; green: two trains
