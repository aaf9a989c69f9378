"""Cairo's click-to-move rules (nile/games/cairo/intent.py) without a window: what a click
on a ringed block or a kind means, the bottom bar's words and buttons phase by phase, and
the shared Picker playing them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from nile.core.errors import IllegalAction
from nile.core.intent import Offer, Refused, follow
from nile.games.cairo.builder import Builder
from nile.games.cairo.intent import CairoIntent, Kind, Stone, flicks_chosen
from nile.games.cairo.rules import CairoState
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.events import KindChosen
from nile.games.cairo.rules.phases import Phase
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from tests.games.cairo.test_pyramids import FIVE, offer_state
from tests.games.cairo.test_turn import retrieval_board

INTENT = CairoIntent(lambda: 3)


def offer(view: CairoState) -> Offer:
    return INTENT.offer(view, view.turn, ())


def labels(offered: Offer) -> list[str]:
    return [c.label for c in offered.choices]


def test_taking_back_one_ringed_block_is_one_click() -> None:
    view = retrieval_board().ship(0, "D3").to_move(0, Phase.RETRIEVE).build()
    offered = offer(view)
    assert offered.prompt == ("Take blocks back? Click your ringed blocks beside the ship, "
                              "or take all 5.")
    assert labels(offered) == ["Leave them", "Take all 5"]
    assert [c.action for c in offered.choices] == [A.RETRIEVE_DONE, A.RETRIEVE_ALL]
    assert offered.lit == {Stone(b) for b in ("0s00", "0s02", "0s03", "0s04", "0s06")}
    assert offered.ready is None, "nothing is played before a click"
    clicked = follow(INTENT, view, 0, (), Stone("0s03"))
    assert isinstance(clicked, Offer) and clicked.ready == A.Retrieve("0s03")
    # a block lying wholly on a site may not be taken back: the click means nothing
    assert follow(INTENT, view, 0, (), Stone("0s01")) == Refused(None)


def test_choosing_what_to_flick_by_button_or_key() -> None:
    view = Builder(2).ship(0, "U4").to_move(0, Phase.CHOOSE, die=3).build()
    offered = offer(view)
    assert offered.prompt == "You rolled 3: flick with your middle finger. What will you flick?"
    assert labels(offered) == ["3 small", "Large block", "Die-block"]
    assert [c.accent for c in offered.choices] == [True, False, False]
    clicked = follow(INTENT, view, 0, (), Kind("large"))
    assert isinstance(clicked, Offer) and clicked.ready == A.Choose("large")


def test_a_kind_the_supply_has_run_out_of_is_refused_by_the_engine_in_words() -> None:
    view = Builder(2).ship(0, "U4").box("0L").to_move(0, Phase.CHOOSE, die=6).build()
    assert offer(view).prompt.startswith("You rolled 6: flick with any finger.")
    assert "Large block" not in labels(offer(view))
    step = follow(INTENT, view, 0, (), Kind("large"))
    assert step == Refused(A.Choose("large"))
    with pytest.raises(IllegalAction, match="Your large block is not in your supply"):
        view.clone().apply(A.Choose("large"))


def test_the_flick_prompt_counts_the_flicks_and_asks_for_a_finger_on_a_six() -> None:
    view = Builder(2).ship(0, "U4").to_move(0, Phase.FLICK, die=2, chosen="small",
                                            flicks_left=2).build()
    offered = offer(view)
    assert offered.prompt.startswith("Flick 2 of 3: press the block on your ship")
    assert offered.choices == () and offered.ready is None
    six = Builder(2).ship(0, "U4").to_move(0, Phase.FLICK, die=6, chosen="large",
                                           flicks_left=1).build()
    assert CairoIntent(lambda: 1).offer(six, 0, ()).prompt == \
        "A 6: choose your finger (1-5), then press, pull back, let go."


def test_pyramid_offer_pick_and_the_window_s_own_moves() -> None:
    view = offer_state(FIVE)
    offered = offer(view)
    assert offered.prompt == "Build a pyramid on Saqqara? 5 free small blocks there."
    assert labels(offered) == ["3 stones", "5 stones", "No pyramid"]
    assert [c.accent for c in offered.choices] == [False, True, False]
    # the stones are ringed while the offer stands, but a click on one means nothing yet
    assert follow(INTENT, view, 0, (), Stone("0s01")) == Refused(None)
    view.apply(A.BuildPyramid(5))
    offered = offer(view)
    assert offered.prompt.startswith("Pick 5 more stones on Saqqara")
    assert labels(offered) == ["Auto-pick"]
    clicked = follow(INTENT, view, 0, (), Stone("1s00"))
    assert isinstance(clicked, Offer) and clicked.ready == A.Pick("1s00")
    view.apply(A.Pick("1s00"))
    view.apply(A.PICK_AUTO)
    assert view.phase == Phase.ARRANGE
    assert offer(view).choices == ()  # "Confirm order" is the order dialog's own
    view.apply(view.legal_actions()[0])
    assert labels(offer(view)) == ["No pyramid"]  # "Best spot" is the window's own


def test_a_lone_move_is_never_played_before_the_player_asks_for_it() -> None:
    """One move left is still the player's to make: a pick that only "Auto-pick" can
    finish, a pyramid that fits nowhere (only "No pyramid" left); the picker plays
    nothing by itself."""
    view = offer_state(FIVE)
    view.apply(A.BuildPyramid(3))
    assert view.phase == Phase.PICK
    view._legal = [A.PICK_AUTO]  # as if no stone were left to click
    offered = offer(view)
    assert offered.candidates == (A.PICK_AUTO,) and offered.ready is None
    assert labels(offered) == ["Auto-pick"]
    view._legal = None
    view.apply(A.PICK_AUTO)
    assert view.phase == Phase.PLACE
    view._legal = [A.CancelPyramid()]  # as if no spot on the site fitted
    offered = offer(view)
    assert offered.ready is None and labels(offered) == ["No pyramid"]


def test_flicks_chosen_reads_the_turn_s_choice_from_the_log() -> None:
    view = Builder(2).ship(0, "U4").to_move(0, Phase.FLICK, die=2, chosen="small",
                                            flicks_left=1).build()
    assert flicks_chosen(view, [KindChosen(1, "small", 2), KindChosen(0, "small", 3)]) == 3
    assert flicks_chosen(view, []) == 1


def test_the_picker_with_cairo_s_intent_fills_the_bar_and_plays_a_click() -> None:
    view = retrieval_board().ship(0, "D3").to_move(0, Phase.RETRIEVE).build()
    played: list[A.Retrieve] = []
    bars: list[tuple[str, list[str]]] = []

    def submit(action: object) -> bool:
        assert isinstance(action, A.Retrieve)
        played.append(action)
        return True

    def set_bar(prompt: str, buttons: Sequence[BarButton]) -> None:
        bars.append((prompt, [b.label for b in buttons]))

    picker = Picker(INTENT, PickerCalls(lambda: view, lambda: 0, submit, set_bar))
    picker.refresh()
    assert bars[-1][1] == ["Leave them", "Take all 5"]
    assert picker.is_lit(Stone("0s06")) and not picker.is_lit(Stone("0s01"))
    assert picker.click(Stone("0s06")) and played == [A.Retrieve("0s06")]
    assert not picker.click(Stone("0s01"))
