"""Phase OVER (LC-8): every hand joins its penalty pile, uncancelled; then the totals and
the places. Nothing is played after it."""

from __future__ import annotations

from nile.core.game import Event
from nile.games.loose_caboose.rules.events import GameEnded, HandCounted
from nile.games.loose_caboose.rules.phases import Phase
from nile.games.loose_caboose.rules.state import Step, Table


def enter(table: Table) -> Step:
    """The game ends: the hands are counted."""
    events: list[Event] = []
    for seat, hand in enumerate(table.hands):
        table.penalties[seat].add_hand(hand)
        events.append(HandCounted(seat, tuple(hand)))
        table.hands[seat] = []
    points = tuple(pile.points for pile in table.penalties)
    cards = tuple(pile.card_count for pile in table.penalties)
    events.append(GameEnded(points, cards, tuple(table.ranking())))
    return events, Phase.OVER
