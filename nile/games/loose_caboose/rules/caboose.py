"""The caboose's run (LC-4, LC-5): shared by a throw of the dice and a pass, so it lies on
the bottom floor beside `state.py` and imports no phase.

The caboose moves card by card toward the front. Each Broken Track card it enters owes a
bank (LC-4: every card entered counts); wheels left over when it reaches the front are a
derail, one face-up penalty card owed per card it could not move, after the banks (LC-6).
What is owed waits in `Table.pending` for the penalty phase to pay.
"""

from __future__ import annotations

from nile.core.game import Event
from nile.games.loose_caboose.rules.events import Derailed, caboose_moved
from nile.games.loose_caboose.rules.phases import Penalty
from nile.games.loose_caboose.rules.state import Table


def run(table: Table, wheels: int) -> list[Event]:
    """Move the caboose `wheels` cards; owe a bank per Broken Track entered, then the
    derail's penalties."""
    railway = table.railway
    steps = min(wheels, railway.cards_ahead)
    events: list[Event] = []
    missing = wheels - steps
    for step in range(steps):
        before = railway.caboose_cell
        card = railway.advance()
        stops = step == steps - 1 and not missing
        events.append(caboose_moved(before, railway.caboose_cell, card, stops))
        if card.broken:
            table.pending.append(Penalty.BANK)
    if missing:
        events.append(Derailed(table.seat, railway.caboose_cell, missing))
        table.pending += [Penalty.TAKE] * missing
    return events
