"""The shared click-to-move pipeline (nile/core/intent.py, nile/ui/chrome/picker.py) on a
game small enough to see whole: lay one of two cards on one of two cells, or pass."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from nile.core.game import Action, GameState, Seat
from nile.core.intent import (
    BarChoice,
    Offer,
    Refused,
    Target,
    complete,
    follow,
    lit,
    narrow,
)
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton


@dataclass(frozen=True)
class Lay(Action):
    card: str
    cell: int

    def to_str(self) -> str:
        return f"lay {self.card} at {self.cell}"


@dataclass(frozen=True)
class Pass(Action):
    def to_str(self) -> str:
        return "pass"


class Table:
    """A view whose legal moves are: card a on cell 1 or 2, card b on cell 2, pass."""

    def legal_actions(self) -> list[Action]:
        return [Lay("a", 1), Lay("a", 2), Lay("b", 2), Pass()]


VIEW = cast(GameState, Table())


class LayIntent:
    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        return (("card", action.card), ("cell", action.cell)) if isinstance(action, Lay) else ()

    def offer(self, view: GameState, seat: Seat, picked: tuple[Target, ...]) -> Offer:
        def of(action: Action) -> Sequence[Target]:
            return self.targets(view, action)

        candidates = narrow(view.legal_actions(), picked, of) if picked else [
            a for a in view.legal_actions() if isinstance(a, Lay)]
        return Offer(picked, tuple(candidates), f"{len(candidates)} ways",
                     (BarChoice("pass", "Pass", Pass()),), lit(candidates, picked, of),
                     complete(candidates, picked, of))

    def meant(self, view: GameState, seat: Seat, picked: tuple[Target, ...],
              target: Target) -> Action | None:
        return Lay("b", 1) if target == ("cell", 1) else None


def test_picks_narrow_light_and_complete_a_move() -> None:
    intent = LayIntent()
    first = follow(intent, VIEW, 0, (), ("card", "a"))
    assert isinstance(first, Offer)
    assert first.candidates == (Lay("a", 1), Lay("a", 2))
    assert first.lit == {("cell", 1), ("cell", 2)}
    assert first.ready is None
    second = follow(intent, VIEW, 0, first.picked, ("cell", 1))
    assert isinstance(second, Offer) and second.ready == Lay("a", 1)


def test_a_pick_clicked_again_is_let_go_and_a_new_mind_starts_again() -> None:
    intent = LayIntent()
    again = follow(intent, VIEW, 0, (("card", "a"),), ("card", "a"))
    assert isinstance(again, Offer) and again.picked == ()
    other = follow(intent, VIEW, 0, (("card", "b"),), ("cell", 1))
    assert isinstance(other, Offer) and other.picked == (("cell", 1),)
    assert other.candidates == (Lay("a", 1),)


def test_a_click_that_fits_nothing_is_what_it_most_plausibly_meant() -> None:
    intent = LayIntent()
    assert follow(intent, VIEW, 0, (), ("cell", 3)) == Refused(None)

    class Picky(LayIntent):
        def targets(self, view: GameState, action: Action) -> Sequence[Target]:
            return () if action == Lay("a", 1) else super().targets(view, action)

    assert follow(Picky(), VIEW, 0, (("card", "b"),), ("cell", 1)) == Refused(Lay("b", 1))


def test_the_picker_holds_the_picks_fills_the_bar_and_submits() -> None:
    played: list[Action] = []
    bars: list[tuple[str, list[str]]] = []
    seat: list[Any] = [0]

    def set_bar(prompt: str, buttons: Sequence[BarButton]) -> None:
        bars.append((prompt, [b.label for b in buttons]))

    picker = Picker(LayIntent(), PickerCalls(lambda: VIEW, lambda: seat[0],
                                             lambda a: played.append(a) is None, set_bar))
    picker.refresh()
    assert bars[-1] == ("3 ways", ["Pass"])
    assert picker.click(("card", "b"))
    assert picker.is_picked(("card", "b")) and picker.is_lit(("cell", 2))
    assert picker.click(("cell", 2)) and played == [Lay("b", 2)]
    assert picker.picked == ()
    assert picker.click(("card", "a")) and picker.cancel() and not picker.cancel()
    seat[0] = None
    assert not picker.click(("card", "a"))


def test_a_refused_move_keeps_the_picks() -> None:
    """The engine or a lesson may refuse a ready move or a bar button's: the player's
    picks stay, to be put right, as after a click that fits nothing."""
    bars: list[str] = []
    picker = Picker(LayIntent(), PickerCalls(lambda: VIEW, lambda: 0, lambda a: False,
                                             lambda prompt, buttons: bars.append(prompt)))
    picker.refresh()
    assert picker.click(("card", "b")) and picker.picked == (("card", "b"),)
    assert picker.click(("cell", 2))  # ready, and refused
    assert picker.picked == (("card", "b"),)
    picker.choose(BarChoice("pass", "Pass", Pass()))
    assert picker.picked == (("card", "b"),)
    picker.choose(BarChoice("cancel", "Cancel", None))
    assert picker.picked == ()
