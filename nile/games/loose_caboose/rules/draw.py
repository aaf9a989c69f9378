"""Phase DRAW: chance gives the player to move a card from the draw pile; then they play
(phase PLAY). The pile's last card makes this turn the last (LC-10)."""

from __future__ import annotations

from nile.core.game import Action
from nile.games.loose_caboose.rules.actions import Draw
from nile.games.loose_caboose.rules.events import card_drawn
from nile.games.loose_caboose.rules.phases import Phase
from nile.games.loose_caboose.rules.state import Step, Table


def outcomes(table: Table) -> list[tuple[Action, float]]:
    return table.draw_outcomes()


def possible(table: Table, action: Action) -> bool:
    return table.can_draw(action)


def act(table: Table, action: Action) -> Step:
    """The drawn card joins the hand."""
    assert isinstance(action, Draw)
    card = action.card
    table.hands[table.seat].append(card)
    last_card = table.take_from_pile(card)
    return [card_drawn(table.seat, card, len(table.pile)), *last_card], Phase.PLAY
