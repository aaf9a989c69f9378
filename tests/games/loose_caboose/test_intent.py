"""Loose Caboose!'s click-to-move rules (nile/games/loose_caboose/intent.py), without a
window: what picked cards and cells mean, what the bar says, and what a click that fits
nothing is submitted as (so the engine says why it is refused)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from nile.core.errors import IllegalAction
from nile.core.game import Action
from nile.core.intent import Offer, Refused, Target, follow
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.intent import (
    CabooseIntent,
    GridCell,
    HandCard,
    card_of_value,
    describe,
    hinted,
    layable,
    needs_a_card,
)
from nile.games.loose_caboose.rules import Card, Lay, LooseCabooseState, Pass, Roll
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from tests.games.loose_caboose.helpers import WALLED_IN, play

INTENT = CabooseIntent()
OPEN = {GridCell((2, 0)), GridCell((1, 1)), GridCell((1, -1))}
"""The open cells at the front of the default straight railway (-1,0) (0,0) (1,0)."""


def table(*cards: int | str) -> LooseCabooseState:
    """Seat 0 to lay, holding `cards`, in front of the default three-card railway."""
    return Builder(2).hand(0, *cards).hand(1, 1).to_move(0).build()


def offer_after(state: LooseCabooseState, *clicks: HandCard | GridCell) -> Offer:
    picked: tuple[Target, ...] = ()
    step: Offer | Refused = INTENT.offer(state, 0, ())
    for target in clicks:
        step = follow(INTENT, state, 0, picked, target)
        assert isinstance(step, Offer), step
        picked = step.picked
    assert isinstance(step, Offer)
    return step


def refusal(state: LooseCabooseState, action: Action | None) -> str:
    assert action is not None
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value.reason


def test_a_card_lights_its_cells_and_a_cell_then_lays_it() -> None:
    state = table(3, 4)
    start = INTENT.offer(state, 0, ())
    assert start.picked == () and start.lit == frozenset() and start.ready is None
    assert start.prompt == ("Your turn: choose a card, then a highlighted cell at the front; "
                            "or pass.")
    assert [(c.label, c.action) for c in start.choices] == [("Pass", Pass())]
    three = offer_after(state, HandCard(0, Card(3)))
    assert three.picked == (HandCard(0, Card(3)),) and three.lit == OPEN
    assert three.prompt == ("Lay your 3 on a highlighted cell at the front (click or drag); "
                            "or pass.")
    laid = offer_after(state, HandCard(0, Card(3)), GridCell((1, 1)))
    assert laid.ready == Lay(3, (1, 1))


def test_one_card_is_picked_at_a_time_and_alike_cards_are_two_targets() -> None:
    state = table(3, 3, "broken 3")
    assert INTENT.targets(state, Lay(3, (2, 0))) == (
        HandCard(0, Card(3)), HandCard(1, Card(3)), GridCell((2, 0)))
    second = offer_after(state, HandCard(0, Card(3)), HandCard(1, Card(3)))
    assert second.picked == (HandCard(1, Card(3)),)
    broken = offer_after(state, HandCard(1, Card(3)), HandCard(2, Card(3, True)))
    assert broken.picked == (HandCard(2, Card(3, True)),)
    assert broken.prompt.startswith("Lay your Broken Track 3 on a highlighted cell")


def test_while_laying_the_next_card_of_the_value_is_picked_until_esc() -> None:
    state = table(2, 3, 3)
    play(state, "lay 3 at 2,0")
    going_on = INTENT.offer(state, 0, ())
    assert going_on.picked == (HandCard(1, Card(3)),)
    assert going_on.prompt == "Lay this 3 on a highlighted cell at the front, or roll."
    assert [(c.label, c.action, c.accent) for c in going_on.choices] == [
        ("Roll 3 dice", Roll(), True)]
    let_go = INTENT.unpicked(state, 0)
    assert let_go.picked == () and let_go.lit == frozenset()
    assert let_go.prompt == "Lay another 3 or roll."
    assert layable(state, 0) == [HandCard(1, Card(3))]


def test_a_cell_before_a_card_asks_for_the_card_first() -> None:
    state = table(3)
    assert needs_a_card(state, (), GridCell((2, 0)))
    assert not needs_a_card(state, (), GridCell((5, 5)))  # not a place for any card
    assert not needs_a_card(state, (HandCard(0, Card(3)),), GridCell((2, 0)))
    assert follow(INTENT, state, 0, (), GridCell((5, 5))) == Refused(None)


def test_a_click_that_fits_nothing_is_refused_by_the_engine_with_its_reason() -> None:
    state = table(2, 3, 3)
    wrong_cell = follow(INTENT, state, 0, (HandCard(1, Card(3)),), GridCell((0, 1)))
    assert wrong_cell == Refused(Lay(3, (0, 1)))
    assert refusal(state, wrong_cell.action) == (
        "A new card must go right next to the front card.")
    play(state, "lay 3 at 2,0")
    other_value = follow(INTENT, state, 0, (), HandCard(0, Card(2)))
    assert isinstance(other_value, Refused) and other_value.action == Lay(2, (3, 0))
    assert refusal(state, other_value.action) == (
        "This turn you lay 3s only: all cards laid in one turn have the same value.")


def test_with_no_free_cell_a_card_is_refused_and_the_pass_is_forced() -> None:
    state = (Builder(2).railway([1, 2, 3, 4] * 3 + [2], caboose=11, cells=WALLED_IN)
             .hand(0, 1, 2).to_move(0).build())
    start = INTENT.offer(state, 0, ())
    assert start.prompt == "No card of yours fits the railway: you must pass."
    card = follow(INTENT, state, 0, (), HandCard(0, Card(1)))
    assert isinstance(card, Refused)
    assert refusal(state, card.action) == (
        "There is no free cell at the front of the railway for another card.")


def test_keys_hints_and_words() -> None:
    state = table(1, 3, 3)
    assert card_of_value(state, 0, 3) == HandCard(1, Card(3))
    assert card_of_value(state, 0, 4) is None
    assert hinted(state, 0, Lay(3, (2, 0))) == HandCard(2, Card(3))  # the last copy
    assert describe(state, Lay(3, (2, 0), broken=True)) == (
        "lay your Broken Track 3 in the flashing cell")
    assert describe(state, Pass()) == "pass this turn"


def test_the_picker_plays_a_lay_from_two_clicks() -> None:
    state = table(3, 4)
    bars: list[tuple[str, list[str]]] = []

    def submit(action: Action) -> bool:
        state.apply(action)
        return True

    def set_bar(prompt: str, buttons: Sequence[BarButton]) -> None:
        bars.append((prompt, [b.label for b in buttons]))

    picker = Picker(INTENT, PickerCalls(lambda: state, lambda: 0, submit, set_bar))
    picker.refresh()
    assert picker.click(HandCard(1, Card(4))) and picker.is_lit(GridCell((2, 0)))
    assert picker.click(GridCell((2, 0)))
    assert state.laid == [Card(4)] and state.railway.front_cell == (2, 0)
    assert bars[-1] == ("Roll the dice.", ["Roll 4 dice"])
