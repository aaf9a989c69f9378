"""VK-1 and VK-2: the terrain needs and the (invented) deck in data.toml."""

from __future__ import annotations

from collections import Counter
from importlib import resources

from nile.games.kap_kairo.rules.deck import (
    COINS,
    DECK_SIZE,
    NAMES,
    NEED,
    RAILS,
    RULES,
    TERRAIN,
    TERRAIN_NAMES,
    card_named,
    describe_card,
)

COIN_RANGES = {"River": (6, 10), "Mountain": (5, 9), "Desert": (4, 8), "Village": (3, 7),
               "Savanna": (1, 5)}


def test_vk1_rails_needed_follow_the_reference_card_not_the_misprint() -> None:
    needs = {TERRAIN_NAMES[TERRAIN[c]]: NEED[c] for c in range(DECK_SIZE)}
    assert needs == {"River": 10, "Mountain": 9, "Desert": 8, "Village": 7, "Savanna": 6}


def test_vk2_fifty_cards_ten_per_terrain() -> None:
    assert DECK_SIZE == 50
    assert Counter(TERRAIN) == {t: 10 for t in range(5)}
    assert len(set(NAMES)) == 50


def test_vk2_printed_rails_per_terrain() -> None:
    for terrain in range(5):
        rails = sorted(RAILS[c] for c in range(DECK_SIZE) if TERRAIN[c] == terrain)
        assert rails == [0, 0, 1, 1, 1, 2, 2, 2, 3, 3]


def test_vk2_coins_in_range_harder_terrain_pays_more() -> None:
    for card in range(DECK_SIZE):
        low, high = COIN_RANGES[TERRAIN_NAMES[TERRAIN[card]]]
        assert low <= COINS[card] <= high
    for name, (low, high) in COIN_RANGES.items():
        coins = {COINS[c] for c in range(DECK_SIZE) if TERRAIN_NAMES[TERRAIN[c]] == name}
        assert min(coins) == low and max(coins) == high


def test_vk2_fewer_rails_pay_more_within_a_terrain() -> None:
    for terrain in range(5):
        same = [c for c in range(DECK_SIZE) if TERRAIN[c] == terrain]
        for a in same:
            for b in same:
                if RAILS[a] < RAILS[b]:
                    assert COINS[a] > COINS[b], (NAMES[a], NAMES[b])


def test_vk2_backs_show_one_rail_and_the_numbers_of_the_game() -> None:
    assert RULES.back_rails == 1
    assert (RULES.start_capital, RULES.rail_price, RULES.bonus_cap, RULES.win_crossings) == (
        100, 10, 5, 8)


def test_data_file_says_the_distribution_is_invented() -> None:
    text = resources.files("nile.games.kap_kairo").joinpath("data.toml").read_text("utf-8")
    assert "INVENTED" in text


def test_card_names_parse_and_describe() -> None:
    assert NAMES[card_named("r3")] == "R3"
    assert describe_card(card_named("S9")) == "Savanna S9 (3 rails, £1)"
    try:
        card_named("X1")
    except ValueError as error:
        assert "terrain letter" in str(error)
    else:
        raise AssertionError("X1 is not a card")
