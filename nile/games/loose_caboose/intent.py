"""Loose Caboose!'s click-to-move rules (no pygame): what the cards and cells a player has
picked mean, on nile/core/intent.py's pipeline.

A move is `Lay` (a card of the hand, then a cell at the front), `Roll` or `Pass`. The table
draws two kinds of clickable things (`view/board.py`, `view/panel.py` register them in the
hit map): a card of the hand of the player at the screen (`HandCard`) and a cell of the
railway's grid (`GridCell`). A lay names its card (every copy of that face in the hand)
and its cell; Roll and Pass are the bar's buttons.

- A card comes first: picking one lights the cells it may go in, and the bar asks for one.
  A second card replaces the first (one card is picked at a time).
- A cell with the card picked plays the lay at once (`Offer.ready`).
- While cards are being laid, the next card of that value is picked for you, so one value
  goes down click by click; Esc lets it go (`unpicked`).
- A click that fits nothing is what it most plausibly meant (`meant`): a card that may not
  be laid now goes to the front anyway, a cell the picked card may not take gets it, and
  the engine refuses either with its reason (`rules/play.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nile.core.game import Action, GameState, Seat
from nile.core.intent import BarChoice, Offer, Target, narrow
from nile.games.loose_caboose.rules import (
    Card,
    Cell,
    Lay,
    LooseCabooseState,
    Pass,
    Roll,
    hand_in_order,
    laid_value,
)

CARD_FIRST = "First choose a card from your hand."
"""What a click on an open cell says while no card is picked."""


@dataclass(frozen=True)
class HandCard:
    """A card in the hand of the player at the screen, by its place in the hand as the
    table shows it (`rules.hand_in_order`): two alike cards are two targets."""

    index: int
    card: Card


@dataclass(frozen=True)
class GridCell:
    """A cell of the railway's grid, empty or holding a card."""

    cell: Cell


class CabooseIntent:
    """The `Intent` of Loose Caboose! (see the module docstring)."""

    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        """A lay names every copy of its card in the hand, then its cell."""
        if not isinstance(action, Lay):
            return ()
        state = _state(view)
        hand = hand_in_order(state, state.seat)
        cards: list[Target] = [HandCard(i, card) for i, card in enumerate(hand)
                               if card == action.card]
        return (*cards, GridCell(action.cell))

    def offer(self, view: GameState, seat: Seat, picked: tuple[Target, ...]) -> Offer:
        """The bar's words and buttons, the cells to light and the lay once both its card
        and its cell are picked."""
        state = _state(view)
        card = next((p for p in reversed(picked) if isinstance(p, HandCard)), None)
        if card is None:
            card = self._next_of_value(state, seat)
        return self._offer(state, card, picked)

    def unpicked(self, view: GameState, seat: Seat) -> Offer:
        """The offer with nothing picked at all (Esc)."""
        return self._offer(_state(view), None, ())

    def meant(self, view: GameState, seat: Seat, picked: tuple[Target, ...],
              target: Target) -> Action | None:
        """A card that may not be laid: laid at the front (the engine says why not); a
        cell the picked card may not take: that card there."""
        state = _state(view)
        if isinstance(target, HandCard):
            cells = state.railway.open_cells()
            cell = cells[0] if cells else _beside(state.railway.front_cell)
            return Lay(target.card.value, cell, target.card.broken)
        card = next((p for p in reversed(picked) if isinstance(p, HandCard)), None)
        if isinstance(target, GridCell) and card is not None:
            return Lay(card.card.value, target.cell, card.card.broken)
        return None

    def _offer(self, state: LooseCabooseState, card: HandCard | None,
               picked: tuple[Target, ...]) -> Offer:
        legal = state.legal_actions()
        cell = next((p for p in picked if isinstance(p, GridCell)), None)
        chosen: tuple[Target, ...] = tuple(p for p in (card, cell) if p is not None)

        def named(action: Action) -> Sequence[Target]:
            return self.targets(state, action)

        lays = narrow(legal, (card,), named) if card is not None else []
        ready = next((a for a in lays if isinstance(a, Lay) and cell is not None
                      and a.cell == cell.cell), None)
        lit = frozenset(GridCell(a.cell) for a in lays if isinstance(a, Lay))
        return Offer(chosen if card is not None else (), tuple(lays if card else legal),
                     _prompt(state, legal, card), _choices(state, legal), lit, ready)

    def _next_of_value(self, state: LooseCabooseState, seat: Seat) -> HandCard | None:
        """While laying: the first card of the laid value that may still go down."""
        value = laid_value(state)
        if value is None:
            return None
        layable = {a.card for a in state.legal_actions() if isinstance(a, Lay)}
        for i, card in enumerate(hand_in_order(state, seat)):
            if card.value == value:
                return HandCard(i, card) if card in layable else None
        return None


def layable(view: GameState, seat: Seat) -> list[HandCard]:
    """The cards of `seat`'s hand some lay names now (the others are dimmed)."""
    state = _state(view)
    faces = {a.card for a in state.legal_actions() if isinstance(a, Lay)}
    return [HandCard(i, card) for i, card in enumerate(hand_in_order(state, seat))
            if card in faces]


def card_of_value(view: GameState, seat: Seat, value: int) -> HandCard | None:
    """Keys 1–4: the first card of `value` in the hand that may be laid now."""
    return next((card for card in layable(view, seat) if card.card.value == value), None)


def needs_a_card(view: GameState, picked: tuple[Target, ...], target: Target) -> bool:
    """Whether a click on `target` is on a cell a card could go in while no card is
    picked: the table then says `CARD_FIRST`."""
    if not isinstance(target, GridCell) or any(isinstance(p, HandCard) for p in picked):
        return False
    return any(isinstance(a, Lay) and a.cell == target.cell for a in view.legal_actions())


def hinted(view: GameState, seat: Seat, action: Action) -> HandCard | None:
    """The card a hint to `action` picks: the last copy of its face in the hand."""
    if not isinstance(action, Lay):
        return None
    cards = [HandCard(i, card) for i, card in enumerate(hand_in_order(_state(view), seat))
             if card == action.card]
    return cards[-1] if cards else None


def describe(view: GameState, action: Action) -> str:
    """A hint's words for `action` (the table flashes a lay's cell)."""
    if isinstance(action, Lay):
        return f"lay your {action.card.name.removeprefix('a ')} in the flashing cell"
    if isinstance(action, Roll):
        return f"roll {_state(view).dice_to_roll} dice now"
    if isinstance(action, Pass):
        return "pass this turn"
    return action.to_str()


def _state(view: GameState) -> LooseCabooseState:
    assert isinstance(view, LooseCabooseState)
    return view


def _beside(cell: Cell) -> Cell:
    """A cell next to `cell` (where a card would go if any could)."""
    return (cell[0] + 1, cell[1])


def _prompt(state: LooseCabooseState, legal: list[Action], card: HandCard | None) -> str:
    """What the bar asks for: a card and a cell, the cell once a card is picked (saying
    which card), another card or the roll, or the forced pass."""
    can_lay = any(isinstance(a, Lay) for a in legal)
    if Pass() in legal:
        if not can_lay:
            return "No card of yours fits the railway: you must pass."
        if card is None:
            return "Your turn: choose a card, then a highlighted cell at the front; or pass."
        return (f"Lay your {card.card.name.removeprefix('a ')} on a highlighted cell at the "
                "front (click or drag); or pass.")
    value = laid_value(state) or 0
    if not can_lay:
        return "Roll the dice."
    if card is not None:
        return f"Lay this {value} on a highlighted cell at the front, or roll."
    return f"Lay another {value} or roll."


def _choices(state: LooseCabooseState, legal: list[Action]) -> tuple[BarChoice, ...]:
    """Pass before any card is laid, Roll after."""
    if Pass() in legal:
        return (BarChoice("pass", "Pass", Pass(),
                          tooltip="Move the caboose one card and take a penalty (P)"),)
    dice = state.dice_to_roll
    return (BarChoice("roll", f"Roll {dice} {'die' if dice == 1 else 'dice'}", Roll(),
                      tooltip="Stop laying and roll (R)", accent=True),)
