"""The turn around the flicks: roll, sail, take blocks back, choose, end of turn, the end.

CA-1/CA-2: ships sail U1..U12, turn, D1..D6, turn, U1..; occupied spaces are skipped and
not counted. CA-3: on the downstream lane, after sailing, the player may take back own
blocks lying in the port or starboard desert area, or burning on one of its boundaries,
never one lying entirely on a site or standing in a pyramid. CA-11: when only one ship
is left its player takes one more turn, then the game is scored.

A phase module, and the one the others hand the turn back to: `dispatch.py` follows their
`Handoff` to `next_flick_or_end` or `end_turn` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.cairo.board import board, track
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import phases as S
from nile.games.cairo.rules import scoring
from nile.games.cairo.rules.events import (
    BlocksRetrieved,
    DieRolled,
    GameOver,
    KindChosen,
    LastTurn,
    PlayerLeft,
    ShipMoved,
)
from nile.games.cairo.rules.phases import (
    CHOOSE,
    FLICK,
    OVER,
    RETRIEVE,
    ROLL,
)
from nile.games.cairo.rules.pieces import BOARD, SUPPLY

if TYPE_CHECKING:
    from nile.games.cairo.rules.state import CairoState


def roll(state: CairoState, value: int) -> list[Event]:
    """A. The Nile die: how far to sail and which finger flicks (CA-4)."""
    state.die = value
    state.turns_taken += 1
    finger = "any finger" if value == S.FINGER_ANY else state.data.finger(value).name
    events: list[Event] = [DieRolled(state.turn, value, finger)]
    events.append(sail(state, state.turn, value))
    if retrievable(state):
        state.phase = RETRIEVE
        return events
    return events + start_flicking(state)


def sail(state: CairoState, seat: int, steps: int) -> ShipMoved:
    """B. Move `steps` free spaces along the track, skipping occupied ones (CA-2)."""
    order = track()
    start = state.ships[seat]
    occupied = {w for s, w in enumerate(state.ships) if s != seat and w not in
                (S.START, S.OUT)}
    index = -1 if start == S.START else order.index(start)
    path: list[str] = []
    skipped: list[str] = []
    turned = False
    moved = 0
    previous = None if start == S.START else start
    while moved < steps:
        index = (index + 1) % len(order)
        space = order[index]
        if previous and board().space(previous).downstream != board().space(space).downstream:
            turned = True
        previous = space
        path.append(space)
        if space in occupied:
            skipped.append(space)
            continue
        moved += 1
    state.ships[seat] = path[-1]
    return ShipMoved(seat, start, tuple(path), tuple(skipped), turned)


def retrievable(state: CairoState) -> list[str]:
    """C. Own blocks the player may take back now (CA-3)."""
    where = state.ships[state.turn]
    if where in (S.START, S.OUT):
        return []
    space = board().space(where)
    if not space.downstream:
        return []
    areas = {space.port, space.starboard}
    out = []
    for piece in state.pieces.values():
        if piece.owner != state.turn or piece.where != BOARD or piece.pyramid:
            continue
        place = state.placement(piece.id)
        if place.on_site_entirely() is None and areas.intersection(place.areas):
            out.append(piece.id)
    return out


def retrieve_actions(state: CairoState) -> list[Action]:
    blocks = retrievable(state)
    return [A.RETRIEVE_ALL, A.RETRIEVE_DONE, *(A.Retrieve(b) for b in blocks)]


def retrieve(state: CairoState, what: str) -> list[Event]:
    blocks = retrievable(state)
    if what == "done":
        return start_flicking(state)
    taken = blocks if what == "all" else [what]
    for block in taken:
        state.pieces[block].take_off_board(SUPPLY)
        state.forget(block)
    events: list[Event] = [BlocksRetrieved(state.turn, tuple(taken))]
    if what == "all" or not retrievable(state):
        events += start_flicking(state)
    return events


def choosable_kinds(state: CairoState) -> list[str]:
    return state.supply_kinds(state.turn)


def start_flicking(state: CairoState) -> list[Event]:
    """D. Choose what to flick; with a single kind left there is nothing to choose."""
    kinds = choosable_kinds(state)
    if not kinds:
        return end_turn(state)
    if len(kinds) == 1:
        return choose(state, kinds[0])
    state.phase = CHOOSE
    return []


def choose(state: CairoState, kind: str) -> list[Event]:
    count = len(state.supply(state.turn, kind))
    state.chosen = kind
    state.flicks_left = min(3, count) if kind == "small" else 1
    state.phase = FLICK
    return [KindChosen(state.turn, kind, state.flicks_left)]


def next_flick_or_end(state: CairoState) -> list[Event]:
    if state.flicks_left > 0 and state.supply(state.turn, state.chosen):
        state.phase = FLICK
        return []
    return end_turn(state)


def leave(state: CairoState, seat: int, reason: str) -> list[Event]:
    state.ships[seat] = S.OUT
    return [PlayerLeft(seat, reason)]


def end_turn(state: CairoState) -> list[Event]:
    """After a turn: an empty supply sends the ship home; then the next player or the end."""
    seat = state.turn
    events: list[Event] = []
    if state.ships[seat] != S.OUT and not state.supply(seat):
        events += leave(state, seat, "no blocks left in the supply")
    state.chosen, state.flicks_left, state.pending, state.die = "", 0, None, 0
    state.knocked, state.offer_site = False, ""
    active = state.active_seats()
    if state.last_turn_seat >= 0 or not active:
        return events + finish(state)
    if len(active) == 1:
        state.last_turn_seat = active[0]
        state.turn = active[0]
        events.append(LastTurn(active[0]))
    else:
        state.turn = next(s for s in
                          [(seat + k) % state.players for k in range(1, state.players + 1)]
                          if s in active)
    state.phase = ROLL
    return events


def finish(state: CairoState) -> list[Event]:
    """Score every site still open and end the game."""
    events: list[Event] = list(scoring.final_scoring(state))
    state.phase = OVER
    events.append(GameOver(tuple(float(p) for p in state.banked), tuple(state.ranking())))
    return events
