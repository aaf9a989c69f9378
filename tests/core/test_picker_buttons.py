"""The bar's rarer buttons (nile/core/intent.BarChoice): one that changes the picks instead
of playing (a number's − and +), one that plays several moves in a row (Age of Steam's Build
all), and a refused move that leaves the picks as they were."""

from __future__ import annotations

from collections.abc import Sequence

from nile.core.game import Action
from nile.core.intent import BarChoice
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from tests.core.test_intent import VIEW, Lay, LayIntent, Pass


def _picker(refuse: set[Action]) -> tuple[Picker, list[Action]]:
    played: list[Action] = []

    def submit(action: Action) -> bool:
        if action in refuse:
            return False
        played.append(action)
        return True

    def set_bar(prompt: str, buttons: Sequence[BarButton]) -> None:
        pass

    picker = Picker(LayIntent(), PickerCalls(lambda: VIEW, lambda: 0, submit, set_bar))
    picker.refresh()
    return picker, played


def test_a_button_may_change_the_picks_instead_of_playing() -> None:
    picker, played = _picker(set())
    picker.choose(BarChoice("more", "+", None, picks=(("card", "a"),)))
    assert picker.picked == (("card", "a"),) and not played


def test_a_button_may_play_moves_in_a_row_until_one_is_refused() -> None:
    picker, played = _picker({Lay("b", 2)})
    picker.choose(BarChoice("all", "All", Lay("a", 1), then=(Lay("a", 2), Lay("b", 2), Pass())))
    assert played == [Lay("a", 1), Lay("a", 2)]  # stops at the refused one
    assert picker.picked == ()


def test_a_refused_move_leaves_the_picks_as_they_were() -> None:
    picker, played = _picker({Lay("a", 2)})
    assert picker.click(("card", "a"))
    picker.choose(BarChoice("lay", "Lay", Lay("a", 2)))
    assert not played and picker.picked == (("card", "a"),)
    picker.choose(BarChoice("pass", "Pass", Pass()))
    assert played == [Pass()] and picker.picked == ()
