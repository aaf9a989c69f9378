"""Endgame scoring: every city of the rulebook's final scoring examples, the total scoring
example (76), the tie-breaks (CC-10 and the rulebook) and `city_majority` properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules import endgame
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import CityScored, GameOver
from nile.games.cleopatra.rules.scoring import city_majority, money_vp, place_values, types_vp

from .helpers import BLUE, GREEN, RED, YELLOW, city, of_type, play

D = game_data()


def points_at(builder: Builder, name: str) -> list[int]:
    return endgame.city_points(builder.build(), city(name))


# Final scoring examples, city by city (4 players: red, blue, yellow, green) ------------


def test_alexandria_three_tied_for_first() -> None:
    """6 prestige + a +2 building = 8; blue, yellow and red tie on 2 trains: (8+4+2)/3 =
    4 2/3, rounded up to 5 each."""
    table = (Builder(4).light("Alexandria").prestige("Alexandria", (6, 7))
             .building_marker("Alexandria", 2)
             .track("Alexandria-Giza", BLUE, 2).track("Alexandria-Giza", YELLOW, 2)
             .track("Alexandria-Avaris", RED, 2))
    assert table.build().prestige(city("Alexandria")) == 8
    assert points_at(table, "Alexandria") == [5, 5, 5, 0]
    assert city_majority(8, {BLUE: 2, YELLOW: 2, RED: 2}, 4) == {BLUE: 5, YELLOW: 5, RED: 5}


def test_avaris_first_and_second_no_third() -> None:
    """10 prestige: yellow (3 trains) 10, green (1) 5; third place is not awarded."""
    table = (Builder(4).light("Alexandria").prestige("Avaris", (4, 10))
             .track("Alexandria-Avaris", YELLOW, 3).track("Alexandria-Avaris", GREEN, 1))
    assert points_at(table, "Avaris") == [0, 0, 10, 5]
    assert place_values(10, 4) == [10, 5, 3]


def test_giza_with_a_pyramid() -> None:
    """9 prestige + a +7 pyramid = 16: red 16, blue 8, yellow 4."""
    table = (Builder(4).light("Alexandria").prestige("Giza", (5, 9))
             .pyramid("Giza", 7)
             .track("Alexandria-Giza", RED, 3).track("Giza-Saqqara", BLUE, 2)
             .track("Giza-Heliopolis", YELLOW, 1))
    assert table.build().prestige(city("Giza")) == 16
    assert points_at(table, "Giza") == [16, 8, 4, 0]


def test_heliopolis_three_tied_with_one_train() -> None:
    """4 prestige: blue, yellow, red one train each: (4+2+1)/3 = 2 1/3 -> 3 each."""
    table = (Builder(4).light("Alexandria").prestige("Heliopolis", (4, 8))
             .track("Avaris-Heliopolis", BLUE, 1).track("Heliopolis-Memphis", YELLOW, 1)
             .track("Giza-Heliopolis", RED, 1))
    assert points_at(table, "Heliopolis") == [3, 3, 3, 0]


def test_saqqara_tie_for_second() -> None:
    """5 prestige: red 5; yellow and blue share second and third: (3+2)/2 -> 3 each."""
    table = (Builder(4).light("Alexandria").prestige("Saqqara", (5, 7))
             .track("Giza-Saqqara", RED, 3).track("Saqqara-Lisht", YELLOW, 1)
             .track("Saqqara-Memphis", BLUE, 1))
    assert points_at(table, "Saqqara") == [5, 3, 3, 0]


def test_memphis_only_two_players_there() -> None:
    """9 prestige: red 9, blue 5; third place is not awarded."""
    table = (Builder(4).light("Alexandria").prestige("Memphis", (6, 9))
             .track("Heliopolis-Memphis", RED, 3).track("Memphis-Amarna", BLUE, 2))
    assert points_at(table, "Memphis") == [9, 5, 0, 0]


def test_thebes_example_four_players() -> None:
    """13 prestige after buildings: red (4 trains) 13, green (2) 7, yellow (1) 4."""
    table = (Builder(4).light("Alexandria").prestige("Thebes", (6, 10))
             .building_marker("Thebes", 2).building_marker("Thebes", 2)
             .building_marker("Thebes", 2).building_marker("Thebes", 1)
             .track("Edfu-Thebes", RED, 4).track("Dendara-Thebes", GREEN, 2)
             .track("Dendara-Thebes", YELLOW, 1))
    assert table.build().prestige(city("Thebes")) == 13
    assert points_at(table, "Thebes") == [13, 0, 4, 7]


def test_dendara_example_tie_for_first() -> None:
    """19 prestige with buildings and a pyramid: blue and yellow (3 trains) (19+10)/2 ->
    15 each; red (1 train) takes third place: 5."""
    table = (Builder(4).light("Alexandria").prestige("Dendara", (4, 9))
             .building_marker("Dendara", 2).pyramid("Dendara", 8)
             .track("Abydos-Dendara", BLUE, 3).track("Amarna-Dendara", YELLOW, 3)
             .track("Dendara-Thebes", RED, 1))
    assert table.build().prestige(city("Dendara")) == 19
    assert points_at(table, "Dendara") == [5, 15, 15, 0]


# Total scoring example --------------------------------------------------------------------


def test_total_scoring_example_76() -> None:
    """Yellow: 21 VP during play + 39 from cities + 2 building types (3) + 3 fruit types (9)
    + 13 Florin (4) = 76, through the real end of the last turn (CC-6: turn 6 of 4 players).
    Yellow's 39: alone on Edfu-Thebes (10 + 6) and Lisht-Amarna (10 + 6), second to red on
    Saqqara-Memphis (3 of 5 and 4 of 7)."""
    table = (Builder(4).light("Alexandria")
             .prestige("Edfu", (4, 10)).prestige("Thebes", (6, 7))
             .prestige("Lisht", (5, 10)).prestige("Amarna", (6, 8))
             .prestige("Saqqara", (5, 9)).prestige("Memphis", (4, 7))
             .track("Edfu-Thebes", YELLOW, 1).track("Lisht-Amarna", YELLOW, 1)
             .track("Saqqara-Memphis", RED, 2).track("Saqqara-Memphis", YELLOW, 1)
             .vp(YELLOW, 21).money(YELLOW, 13)
             .built(YELLOW, "City Hall (lemon, 3 VP, +1)")
             .built(YELLOW, "Temple (blueberry, 4 VP)")
             .built(YELLOW, "City Hall (lime+blueberry, 6 VP)")
             .fruit_card(YELLOW, "lemon+blueberry").fruit_card(YELLOW, "coconut")
             .city_display("Giza (lime 8, lemon 10)", "Edfu (raspberry 5, lime 5)",
                           "Avaris (lime 8, lemon 7)", "Thebes (lime 6, blueberry 10)")
             .turn(6))
    state = table.build()
    last = state.action_order[-1]
    state.action_index = len(state.action_order) - 1
    state.actions_used = state.actions_allowed(last)
    events = play(state, "end turn")
    assert state.is_terminal
    sheet = state.score_sheet()
    column = [row[YELLOW] for row in sheet.values]
    rows = dict(zip(sheet.categories, column, strict=True))
    assert rows["VP during play"] == 21
    assert sum(rows[c] for c in D.cities) == 39
    assert rows["Building types"] == 3
    assert rows["Fruit types"] == 9
    assert rows["Florin (1 VP per 3)"] == 4
    assert state.scores()[YELLOW] == 76 == sheet.totals[YELLOW]
    assert len(of_type(events, CityScored)) == 12
    assert of_type(events, GameOver)[0].ranking == tuple(state.ranking())


# CC-10 and the rulebook's tie-breaks ---------------------------------------------------


def test_cc10_no_third_place_with_three_players() -> None:
    assert place_values(13, 3) == [13, 7]
    assert city_majority(13, {0: 4, 1: 2, 2: 1}, 3) == {0: 13, 1: 7, 2: 0}
    # Two tied for second in a 3-player game share second place only: 7 / 2 -> 4.
    assert city_majority(13, {0: 4, 1: 2, 2: 2}, 3) == {0: 13, 1: 4, 2: 4}


def test_cc10_no_trains_no_points() -> None:
    assert city_majority(9, {0: 0, 1: 0, 2: 3}, 4) == {0: 0, 1: 0, 2: 9}
    assert city_majority(9, {}, 4) == {}


def test_money_and_type_tables() -> None:
    assert money_vp(13) == 4 and money_vp(2) == 0
    assert [types_vp(n, D.building_type_vp) for n in range(6)] == [0, 1, 3, 6, 10, 15]
    assert [types_vp(n, D.fruit_type_vp) for n in range(6)] == [0, 2, 5, 9, 14, 20]


def test_fruit_types_count_each_fruit_once() -> None:
    state = (Builder(3).fruit_card(0, "lemon+blueberry").fruit_card(0, "lemon")
             .fruit_card(0, "coconut+lime").build())
    assert endgame.fruit_types(state, 0) == 4


def test_tie_breaks_money_then_cards_then_lowest_god() -> None:
    state = Builder(3).gods("Set", "Ra", "Thoth").build()
    state.final_rows = [[10, 10, 10]]
    state.money = [5, 5, 4]
    assert state.ranking() == [2, 1, 3]  # equal Florin: Ra (1) beats Set (7)
    state.city_hand[0] = [D.city_card("Giza (lime 8, lemon 10)")]
    state.city_deck.remove(state.city_hand[0][0])
    assert state.ranking() == [1, 2, 3]  # more cards in hand
    state.money = [5, 6, 4]
    assert state.ranking() == [2, 1, 3]  # more Florin first


# city_majority properties ----------------------------------------------------------------

trains_maps = st.dictionaries(st.integers(0, 4), st.integers(0, 12), max_size=5)


@given(prestige=st.integers(4, 30), trains=trains_maps, players=st.integers(3, 5))
def test_city_majority_properties(prestige: int, trains: dict[int, int], players: int) -> None:
    points = city_majority(prestige, trains, players)
    assert set(points) == set(trains)
    values = place_values(prestige, players)
    for seat, count in trains.items():
        assert 0 <= points[seat] <= prestige
        if count == 0:
            assert points[seat] == 0
        for other, other_count in trains.items():
            if count == other_count:
                assert points[seat] == points[other]
            if count > other_count:
                assert points[seat] >= points[other]
    leaders = [s for s, n in trains.items() if n and n == max(trains.values())]
    if len(leaders) == 1:
        assert points[leaders[0]] == prestige
    groups = len({n for n in trains.values() if n})
    assert sum(points.values()) <= sum(values) + groups * 4


@given(prestige=st.integers(4, 30), counts=st.lists(st.integers(0, 12), min_size=3,
                                                    max_size=5))
def test_city_majority_ignores_seat_numbers(prestige: int, counts: list[int]) -> None:
    players = len(counts)
    forward = city_majority(prestige, dict(enumerate(counts)), players)
    backward = city_majority(prestige, dict(enumerate(reversed(counts))), players)
    assert [forward[s] for s in range(players)] == \
        [backward[players - 1 - s] for s in range(players)]

