"""Actions: their text forms, refusals with readable reasons, and `apply` agreeing with
`legal_actions` on every candidate move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import (
    Card,
    Dice,
    Draw,
    Lay,
    LooseCabooseState,
    Pass,
    Roll,
    StartPlayer,
)
from nile.games.loose_caboose.rules.railway import neighbours
from tests.games.loose_caboose.helpers import play, random_game


def test_text_forms() -> None:
    assert Lay(3, (2, -1)).to_str() == "lay 3 at 2,-1"
    assert Lay(3, (2, -1), broken=True).to_str() == "lay broken 3 at 2,-1"
    assert Roll().to_str() == "roll" and Pass().to_str() == "pass"
    assert Draw(Card(4, True)).to_str() == "draw broken 4"
    assert Dice((2, 1, 0)).to_str() == "dice 2 1 0"
    assert StartPlayer(1).to_str() == "start 1"
    assert Card.parse("broken 2") == Card(2, True) and Card.parse("?").value == 0
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse("broken")


def test_every_legal_action_parses_back_from_its_text() -> None:
    state = Builder(2).hand(0, 1, 3, "broken 3").build()
    for action in state.legal_actions():
        assert state.parse_action(action.to_str()) == action


def refusal(state: LooseCabooseState, action: Action) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.to_dict() == before, "a refused action changes nothing"
    return str(error.value)


def test_illegal_actions_are_refused_with_readable_reasons() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 2, 3).build()
    assert refusal(state, Lay(4, (2, 0))) == "You have no 4 in your hand."
    assert refusal(state, Lay(2, (2, 0), broken=True)) == (
        "You have no Broken Track 2 in your hand.")
    assert refusal(state, Lay(2, (0, 1))) == (
        "A new card must go right next to the front card.")
    assert refusal(state, Roll()) == "Lay at least one card before rolling, or pass."
    assert refusal(state, Draw(Card(1))) == "Cards and dice are up to chance, not to a player."
    play(state, "lay 2 at 2,0")
    assert refusal(state, Lay(3, (3, 0))) == (
        "This turn you lay 2s only: all cards laid in one turn have the same value.")
    assert refusal(state, Pass()) == (
        "You have laid cards this turn, so you cannot pass: roll the dice.")
    play(state, "roll")
    assert refusal(state, Pass()) == (
        "'pass' cannot happen now: the game is waiting for chance (rolling 2 dice).")
    assert refusal(state, Dice((2, 2, 2))).startswith("'dice 2 2 2' cannot happen now")
    play(state, "dice 0 0")
    assert refusal(state, Draw(Card(9))).startswith(
        "'draw 9' cannot happen now")


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = random_game(2, seed=4)
    assert state.is_terminal
    assert refusal(state, Pass()) == "The game is over."


def candidates(state: LooseCabooseState) -> list[Action]:
    """Every move a player might try near the front: each card face, each nearby cell."""
    front = state.railway.front_cell
    cells = {front, *neighbours(front)} | {n for c in neighbours(front) for n in neighbours(c)}
    faces = [Card(v, b) for v in range(1, 5) for b in (False, True)]
    return [Lay(card.value, cell, card.broken) for card in faces for cell in sorted(cells)] + [
        Roll(), Pass(), Draw(Card(1)), Dice((1,)), StartPlayer(0)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 200))
def test_apply_accepts_exactly_the_legal_actions(seed: int, plies: int) -> None:
    state = random_game(2, seed, plies)
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    if state.is_terminal:
        return
    legal = state.legal_actions()
    for action in candidates(state):
        trial = state.clone()
        try:
            trial.apply(action)
            accepted = True
        except IllegalAction as error:
            accepted = False
            assert str(error) and "{" not in str(error)
        assert accepted == (action in legal), action.to_str()
