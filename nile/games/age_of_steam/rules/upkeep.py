"""The end of a turn: income, expenses and bankruptcy, income reduction, Production,
goods growth with the dice, and the turn marker.

Bankruptcy (AS-1): a player who cannot pay expenses pays all their cash and loses the
rest from income; below 0 income they leave the game and their track loses its owner.
AS-10 (our ruling): when fewer than two players are left, the game ends at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.age_of_steam.rules.actions import Draw, PlaceGood, Roll
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.events import (
    DieRolled,
    GameEnded,
    GoodDrawn,
    GoodPlaced,
    GoodsGrew,
    IncomePaid,
    IncomeReduced,
    NothingGrew,
    WentBankrupt,
)
from nile.games.age_of_steam.rules.network import NO_OWNER, tracks_of
from nile.games.age_of_steam.rules.phases import Phase, Step
from nile.games.age_of_steam.rules.scoring import income_reduction, scores

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


def after_moves(state: AgeOfSteamState) -> list[Event]:
    events: list[Event] = []
    for seat in [s for s in state.order if state.alive[s]]:
        events += _pay(state, seat)
    for seat in [s for s in state.order if state.alive[s]]:
        lost = income_reduction(state.income[seat])
        if lost:
            state.income[seat] -= lost
            events.append(IncomeReduced(seat, lost, state.income[seat]))
    if sum(state.alive) < 2:
        return events + finish(state)
    return events + _start_production(state)


def _pay(state: AgeOfSteamState, seat: int) -> list[Event]:
    state.cash[seat] += state.income[seat]
    expenses = state.shares[seat] + state.loco[seat]
    shortfall = max(0, expenses - state.cash[seat])
    state.cash[seat] = max(0, state.cash[seat] - expenses)
    state.income[seat] -= shortfall
    events: list[Event] = [IncomePaid(seat, state.income[seat] + shortfall, expenses, shortfall)]
    if state.income[seat] < 0:
        events += bankrupt(state, seat)
    return events


def bankrupt(state: AgeOfSteamState, seat: int) -> list[Event]:
    """The player leaves; their track stays on the map with no owner."""
    state.alive[seat] = False
    state.bankrupt_round[seat] = state.round
    state.cash[seat] = 0
    state.income[seat] = 0
    state.order = [s for s in state.order if s != seat]
    for h, (name, rotation, owners) in list(state.tiles.items()):
        if seat in owners:
            state.tiles[h] = (name, rotation,
                              tuple(NO_OWNER if o == seat else o for o in owners))
    state.tiles_changed()
    return [WentBankrupt(seat)]


# Production -----------------------------------------------------------------------

def _start_production(state: AgeOfSteamState) -> list[Event]:
    seat = state.holder("production")
    draws = min(2, sum(state.bag.values()))
    if seat < 0 or draws == 0:
        return _start_growth(state)
    state.phase = Phase.PRODUCTION
    state.queue, state.qpos = [seat], 0
    state.pending = ["hand"] * draws
    state.production_hand = []
    return []


def production_options(state: AgeOfSteamState) -> list[Action]:
    colour = state.production_hand[0]
    sizes = state.display_sizes()
    rows = [r for r, size in sizes.items() if len(state.display[r]) < size]
    if not rows:
        return [PlaceGood(colour, "bag")]
    return [PlaceGood(colour, r) for r in rows]


# Goods growth ---------------------------------------------------------------------

def _start_growth(state: AgeOfSteamState) -> list[Event]:
    state.phase = Phase.GROWTH
    state.dice_left = ["light"] * state.start_players + ["dark"] * state.start_players
    return []


def dice_outcomes(state: AgeOfSteamState) -> list[tuple[Action, float]]:
    return [(Roll(n), 1 / 6) for n in range(1, 7)]


def growth_targets(state: AgeOfSteamState, row: str) -> list[tuple[str, int]]:
    """(display row, city hex) pairs fed by a die result: the printed city and the new city
    tied to that row, if it has been founded."""
    targets = [(row, c.hexes[0]) for c in state.map.cities if c.growth == row]
    for letter, (_, tied) in config().new_cities.items():
        if tied != row:
            continue
        for h, placed in state.new_cities.items():
            if placed == letter:
                targets.append((letter, int(h)))
    return targets


def apply(state: AgeOfSteamState, action: Action) -> Step:
    """A Production draw or placement, or a growth die; the last die ends the turn and
    hands over to the next (`Phase.SHARES`) unless the game is over."""
    if isinstance(action, Draw):
        state.pending.pop(0)
        state.take_from_bag(action.colour)
        state.production_hand.append(action.colour)
        return Step([GoodDrawn(action.colour, "Production")])
    if isinstance(action, PlaceGood):
        return Step(_place(state, action))
    assert isinstance(action, Roll)
    group = state.dice_left.pop(0)
    row = f"{group} {action.value}"
    events: list[Event] = [DieRolled(group, action.value)]
    for display_row, h in growth_targets(state, row):
        cubes = state.display[display_row]
        if state.rules.flooded(state, h):
            events.append(NothingGrew(display_row, state.place_name(h),
                                      "the Nile floods it this turn"))
        elif not cubes:
            events.append(NothingGrew(display_row, state.place_name(h),
                                      "that display row is empty"))
        else:
            colour = cubes.pop(0)
            state.goods[h].append(colour)
            events.append(GoodsGrew(display_row, colour, state.place_name(h)))
    if not state.dice_left:
        return end_of_turn(state, events)
    return Step(events)


def _place(state: AgeOfSteamState, action: PlaceGood) -> list[Event]:
    seat = state.queue[0]
    state.production_hand.pop(0)
    if action.row == "bag":
        state.bag[action.colour] += 1
    else:
        state.display[action.row].append(action.colour)
    events: list[Event] = [GoodPlaced(seat, action.colour, action.row)]
    if not state.production_hand:
        events += _start_growth(state)
    return events


def end_of_turn(state: AgeOfSteamState, events: list[Event]) -> Step:
    """After the turn's `events`: advance the turn marker and hand over to the next turn
    (`Phase.SHARES`), or end the game after the last turn (AS-2)."""
    if state.round >= state.last_round:
        return Step(events + finish(state))
    state.round += 1
    state.free_pass_holder = state.holder("turn_order")
    return Step(events, Phase.SHARES)


def finish(state: AgeOfSteamState) -> list[Event]:
    state.phase = Phase.OVER
    state.queue, state.qpos = [], 0
    losers = state.rules.losers(state)
    return [GameEnded(tuple(scores(state)), tuple(losers))]


__all__ = ["after_moves", "apply", "bankrupt", "dice_outcomes", "production_options",
           "tracks_of"]
