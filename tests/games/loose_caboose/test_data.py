"""The data file: the invented deck and dice (LC-1, LC-2) and the setup numbers (LC-9)."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

from nile.games.loose_caboose.rules import Card
from nile.games.loose_caboose.rules.data import from_raw, game_data


def test_lc1_deck_has_50_cards_valued_1_to_4_with_one_broken_track_each() -> None:
    deck = game_data().deck
    assert dict(deck.cards) == {1: 14, 2: 13, 3: 12, 4: 11}
    assert deck.size == 50
    faces = deck.composition()
    assert [card for card in faces if card.broken] == [Card(v, True) for v in (1, 2, 3, 4)]
    assert all(faces[Card(v, True)] == 1 for v in (1, 2, 3, 4))
    assert faces[Card(1)] == 13 and faces[Card(4)] == 10
    assert sum(faces.values()) == 50


def test_lc2_dice_faces_and_throw_odds() -> None:
    dice = game_data().dice
    assert dice.count == 4
    assert dice.wheel_odds() == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    for count in range(1, 5):
        throws = dice.throw_odds(count)
        assert sum(chance for _, chance in throws) == 1
        assert all(len(wheels) == count and list(wheels) == sorted(wheels, reverse=True)
                   for wheels, _ in throws)
    assert len(dice.throw_odds(4)) == 15
    assert dict(dice.throw_odds(2))[(2, 0)] == Fraction(2, 9)  # two orders of 1/9 each


def test_lc9_removal_counts_and_hand_size() -> None:
    setup = game_data().setup
    assert dict(setup.removed) == {2: 13, 3: 11, 4: 7}
    assert setup.hand_size == 2
    assert setup.railway_cards == 3


def test_a_bad_data_file_is_refused_with_a_reason() -> None:
    text = """
[deck]
cards = { 1 = 2, 2 = 2, 3 = 2, 4 = 2 }
broken_track = { 1 = 3 }
[dice]
count = 2
faces = [0, 1]
[setup]
railway_cards = 3
hand_size = 2
removed = { 2 = 1, 3 = 1 }
"""
    with pytest.raises(ValueError) as error:
        from_raw(tomllib.loads(text))
    message = str(error.value)
    assert "more Broken Track 1s than 1s" in message
    assert "needs that many dice" in message
    assert "no removal count for 4 players" in message
    assert "not enough cards to set up 3 players" in message
