"""Every worked example of the rulebook's action phase, on the invented board (CC-1) and
cards (CC-4). Seats: red 0, blue 1, yellow 2, green 3."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules.actions import BuildPyramid, ConstructTrack
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import (
    BuildingBuilt,
    CardTaken,
    FruitMoved,
    FruitShipped,
    MarketMoved,
    MoneyChanged,
    PointsScored,
    PyramidBuilt,
    TrainsPlaced,
)

from .helpers import BLUE, GREEN, RED, YELLOW, city, fruit, of_type, play, resolve_chance, texts

D = game_data()
EDFU_CARD = "Edfu (lime 8, lemon 8)"
THEBES_RASPBERRY = "Thebes (raspberry 9, lemon 7)"
CITY_HALL = "City Hall (coconut+raspberry, 7 VP, +2)"


def test_construct_track_ken() -> None:
    """Ken (blue) plays a 3-train and an Edfu card, pays 10 Florin and fills Edfu-Thebes,
    which held red trains only; after that the track takes no more trains."""
    state = (Builder(4)
             .track("Edfu-Thebes", RED, 2)
             .hand(BLUE, city=[EDFU_CARD], auction=["3-train"])
             .hand(YELLOW, city=["Thebes (coconut 8, lime 9)"], auction=["1-train"])
             .to_move(BLUE).build())
    events = play(state, f"track 3-train Edfu-Thebes with {EDFU_CARD}")
    assert state.money[BLUE] == 10
    assert state.trains_left[BLUE] == 17
    assert state.trains_around(city("Thebes"))[BLUE] == 3
    assert of_type(events, TrainsPlaced) == [TrainsPlaced(BLUE, D.track("Edfu-Thebes"), 3)]
    assert state.city_hand[BLUE] == [] and state.auction_hand[BLUE] == []
    assert D.city_card(EDFU_CARD) in state.city_discard
    assert D.auction_kind("3-train") in state.auction_discard
    # The track is full now: nobody may add trains to it.
    state.action_order, state.action_index = [YELLOW], 0
    state.actions_used = 0
    yellow_tracks = texts(state.legal_actions())
    assert not any("Edfu-Thebes" in t for t in yellow_tracks)
    with pytest.raises(IllegalAction, match="two colours"):
        state.apply(ConstructTrack(D.auction_kind("1-train"),
                                   D.city_card("Thebes (coconut 8, lime 9)"),
                                   D.track("Edfu-Thebes")))


def becky_table() -> Builder:
    return (Builder(4)
            .fruit("Lisht", "coconut")
            .track("Lisht-Abydos", GREEN, 2)
            .track("Abydos-Edfu", YELLOW, 2)
            .track("Edfu-Thebes", BLUE, 3)
            .track("Edfu-Thebes", RED, 2)
            .hand(RED, city=[EDFU_CARD], auction=[CITY_HALL])
            .fruit_card(RED, "raspberry+lime")
            .to_move(RED))


def test_construct_a_building_becky_city_hall() -> None:
    """Becky (red) builds a City Hall in Edfu: coconut from Lisht over green and yellow
    track, raspberry from her raspberry+lime card; the lime is produced in Edfu (lime
    market -1), the coconut leaves the board (coconut +1), raspberry unchanged; 7 VP and a
    +2 marker; yellow gains 2 Florin, blue 3, red (Becky) and green nothing."""
    state = becky_table().build()
    before_money = list(state.money)
    events = play(state, f"build {CITY_HALL} with {EDFU_CARD}")
    # Both sources were forced (one coconut on the board, one card with raspberry).
    assert not state.pending
    assert of_type(events, FruitMoved) == [
        FruitMoved(fruit("coconut"), tuple(city(c) for c in ("Lisht", "Abydos", "Edfu")))]
    assert state.market == [1, 0, -1, 0, 0]  # coconut +1, lime -1, raspberry unchanged
    assert state.cubes(city("Edfu"), fruit("lime")) == 1
    assert state.cubes(city("Lisht"), fruit("coconut")) == 0
    assert state.supply[fruit("coconut")] == 6
    assert state.vp[RED] == 7
    assert state.building_bonus[city("Edfu")] == 2
    gains = [m - b for m, b in zip(state.money, before_money, strict=True)]
    assert gains == [0, 3, 2, 0]
    assert state.buildings[RED] == [D.auction_kind(CITY_HALL)]
    assert state.fruit_cards[RED] == []
    assert D.city_card(EDFU_CARD) in state.city_discard
    assert D.auction_kind("Fruit raspberry+lime") in state.auction_discard
    assert of_type(events, BuildingBuilt) == [
        BuildingBuilt(RED, CITY_HALL, city("Edfu"), 7, 2)]
    assert state.invariant_violations() == []


def test_building_sources_are_a_choice_cheapest_first() -> None:
    """With a raspberry also in Thebes, Becky chooses: the city route is offered before the
    Fruit card; choosing the card reproduces the rulebook's outcome."""
    state = becky_table().fruit("Thebes", "raspberry").build()
    play(state, f"build {CITY_HALL} with {EDFU_CARD}")
    assert state.pending
    assert texts(state.legal_actions()) == [
        "use raspberry from Thebes", "use raspberry from card Fruit raspberry+lime"]
    play(state, "use raspberry from card Fruit raspberry+lime")
    assert not state.pending and state.vp[RED] == 7
    assert state.cubes(city("Thebes"), fruit("raspberry")) == 1


def test_plan_building_lists_sources_with_routes_cheapest_first() -> None:
    from nile.games.cleopatra.rules.building import plan_building

    state = becky_table().fruit("Thebes", "raspberry").fruit("Edfu", "raspberry").build()
    plan = plan_building(state, RED, D.auction_kind(CITY_HALL), D.city_card(EDFU_CARD))
    coconut, raspberry = plan
    assert [c.action.to_str() for c in coconut] == ["use coconut from Lisht"]
    assert coconut[0].route == tuple(city(c) for c in ("Lisht", "Abydos", "Edfu"))
    assert [c.action.to_str() for c in raspberry] == [
        "use raspberry from Edfu", "use raspberry from Thebes",
        "use raspberry from card Fruit raspberry+lime"]
    assert raspberry[1].route == (city("Thebes"), city("Edfu"))


def test_ship_fruit_steve() -> None:
    """Steve (yellow) ships raspberry Edfu->Thebes with the Thebes card (raspberry 9, lemon
    7): raspberry at -1 pays 8 Florin, raspberry goes to -2 and lemon to +1; red scores 2 VP
    and blue 3 for their trains on Edfu-Thebes; Steve's own Dendara-Thebes train pays him
    nothing."""
    state = (Builder(4)
             .fruit("Edfu", "raspberry")
             .track("Edfu-Thebes", RED, 2)
             .track("Edfu-Thebes", BLUE, 3)
             .track("Dendara-Thebes", YELLOW, 1)
             .market("raspberry", -1).market("lemon", 0)
             .hand(YELLOW, city=[THEBES_RASPBERRY])
             .to_move(YELLOW).build())
    events = play(state, f"ship raspberry Edfu->Thebes with {THEBES_RASPBERRY}")
    assert state.money[YELLOW] == 28
    assert of_type(events, FruitShipped)[0].income == 8
    assert state.market[fruit("raspberry")] == -2
    assert state.market[fruit("lemon")] == 1
    assert state.vp == [2, 3, 0, 0]
    assert state.cubes(city("Thebes"), fruit("raspberry")) == 1  # CC-9: it stays there
    assert state.cubes(city("Edfu"), fruit("raspberry")) == 0
    assert D.city_card(THEBES_RASPBERRY) in state.city_discard
    assert [(e.seat, e.amount) for e in of_type(events, PointsScored)] == [(RED, 2), (BLUE, 3)]


def test_produce_fruit_wayne() -> None:
    """Wayne (green) plays a Dendara card with his lemon+blueberry card: a lemon and a
    blueberry appear in Dendara, each one step lower on the market; both cards go."""
    state = (Builder(4)
             .hand(GREEN, city=["Dendara (lime 7, lemon 5)"])
             .fruit_card(GREEN, "lemon+blueberry")
             .to_move(GREEN).build())
    events = play(state, "produce Fruit lemon+blueberry with Dendara (lime 7, lemon 5)")
    dendara = city("Dendara")
    assert state.cubes(dendara, fruit("lemon")) == 1
    assert state.cubes(dendara, fruit("blueberry")) == 1
    assert state.market[fruit("lemon")] == -1 and state.market[fruit("blueberry")] == -1
    assert state.supply[fruit("lemon")] == 5
    assert len(of_type(events, MarketMoved)) == 2
    assert state.fruit_cards[GREEN] == [] and state.city_hand[GREEN] == []
    assert D.auction_kind("Fruit lemon+blueberry") in state.auction_discard


def test_build_a_pyramid_ken() -> None:
    """Ken (blue) pays 16 Florin for the +8 pyramid in empty Lisht and scores 8 VP; no
    fruit may then be shipped to or produced in Lisht, nor buildings built there."""
    lisht_card = "Lisht (coconut 7, raspberry 7)"
    state = (Builder(4)
             .fruit("Saqqara", "coconut")
             .track("Saqqara-Lisht", BLUE, 2)
             .hand(BLUE, city=[lisht_card], auction=["Bazaar (coconut, 3 VP, +1)"])
             .fruit_card(BLUE, "coconut+raspberry")
             .to_move(BLUE).build())
    before = texts(state.legal_actions())
    assert any(t.startswith("ship coconut Saqqara->Lisht") for t in before)
    assert any(t.startswith("produce") for t in before)
    assert any(t.startswith("build Bazaar") for t in before)
    events = play(state, "pyramid +8 in Lisht")
    assert state.money[BLUE] == 4 and state.vp[BLUE] == 8
    assert state.pyramid[city("Lisht")] == 8
    assert of_type(events, PyramidBuilt) == [PyramidBuilt(BLUE, city("Lisht"), 8, 16)]
    after = texts(state.legal_actions())
    assert not any(t.startswith(("ship", "produce", "build")) for t in after)
    assert state.prestige(city("Lisht")) == D.prestige_markers[3][1] + 8


def test_build_a_pyramid_needs_an_empty_city_and_money() -> None:
    state = (Builder(3).fruit("Lisht", "lime").money(BLUE, 9)
             .to_move(BLUE).build())
    with pytest.raises(IllegalAction, match="still has fruit"):
        state.apply(BuildPyramid(8, city("Lisht")))
    with pytest.raises(IllegalAction, match="costs 16 Florin; you have 9"):
        state.apply(BuildPyramid(8, city("Giza")))
    assert "pyramid +4 in Giza" in texts(state.legal_actions())
    assert "pyramid +5 in Giza" not in texts(state.legal_actions())


def test_draw_city_cards_becky() -> None:
    """Becky (red) takes the face-up Memphis card and the top card of the deck; the display
    is refilled to four cards only when her turn is over."""
    memphis = "Memphis (raspberry 5, lime 8)"
    state = (Builder(4)
             .city_display(memphis, "Giza (lime 8, lemon 10)", "Edfu (raspberry 5, lime 5)",
                           "Avaris (lime 8, lemon 7)")
             .to_move(RED).build())
    events = play(state, f"draw {memphis}")
    assert of_type(events, CardTaken) == [CardTaken(RED, "city", memphis)]
    assert state.current_player == CHANCE  # the deck card
    resolve_chance(state)
    assert D.city_card(memphis) in state.city_hand[RED]
    assert len(state.city_hand[RED]) == 2
    assert D.city_card(memphis) in state.city_known[RED]  # the others saw it taken
    assert len(state.city_known[RED]) == 1                # but not the deck card
    assert len(state.city_display) == 3
    play(state, "draw Giza (lime 8, lemon 10)")
    resolve_chance(state)
    assert len(state.city_display) == 2
    assert texts(state.legal_actions()) == ["end turn"]
    play(state, "end turn")
    resolve_chance(state)
    assert len(state.city_display) == 4
    assert state.current_player != RED


def test_building_pays_only_the_other_players() -> None:
    events = play(becky_table().build(), f"build {CITY_HALL} with {EDFU_CARD}")
    paid = [(e.seat, e.amount) for e in of_type(events, MoneyChanged)]
    assert paid == [(BLUE, 3), (YELLOW, 2)]
