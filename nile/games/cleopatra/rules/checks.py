"""Invariants checked after every action by the conformance suite and the tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import UNKNOWN

if TYPE_CHECKING:
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
FRUITS = len(D.fruits)


def violations(state: CleopatraState) -> list[str]:
    if state.viewer is not None:
        return []  # observations hide cards on purpose
    return _fruit(state) + _trains(state) + _money(state) + _cards(state) + _markers(state)


def _fruit(state: CleopatraState) -> list[str]:
    """7 cubes per fruit: market marker + supply + cities + cubes held for a building."""
    problems = []
    for f in range(FRUITS):
        on_board = sum(state.fruit[c * FRUITS + f] for c in range(len(D.cities)))
        held = sum(1 for i in range(0, len(state.pending_cubes), 2)
                   if state.pending_cubes[i] == f)
        total = 1 + state.supply[f] + on_board + held
        if total != D.cubes_per_fruit:
            problems.append(f"{D.fruits[f]}: {total} cubes instead of {D.cubes_per_fruit}")
        if not D.market_min <= state.market[f] <= D.market_max:
            problems.append(f"{D.fruits[f]} market off the track: {state.market[f]}")
    if any(n < 0 for n in state.fruit) or any(n < 0 for n in state.supply):
        problems.append("a negative fruit count")
    return problems


def _trains(state: CleopatraState) -> list[str]:
    problems = []
    placed = [0] * state.players
    for track in range(len(D.tracks)):
        a, b = state.track_seat[2 * track], state.track_seat[2 * track + 1]
        if a < 0 <= b:
            problems.append(f"{D.track_name(track)}: second group without a first")
        if a >= 0 and a == b:
            problems.append(f"{D.track_name(track)}: two groups of one colour (CC-8)")
        for slot in (2 * track, 2 * track + 1):
            seat = state.track_seat[slot]
            if seat >= 0:
                placed[seat] += state.track_trains[slot]
    for seat in range(state.players):
        if placed[seat] + state.trains_left[seat] != D.trains_per_player:
            problems.append(f"seat {seat}: trains not conserved")
        if state.trains_left[seat] < 0 or placed[seat] > D.trains_per_player:
            problems.append(f"seat {seat}: more than {D.trains_per_player} trains")
    return problems


def _money(state: CleopatraState) -> list[str]:
    return [f"seat {s}: negative money" for s in range(state.players) if state.money[s] < 0]


def _cards(state: CleopatraState) -> list[str]:
    problems = []
    city = Counter(state.city_deck + state.city_display + state.city_discard)
    for hand in state.city_hand:
        city.update(hand)
    if city != Counter(range(len(D.city_cards))):
        problems.append("City cards not conserved")
    auction = Counter(state.auction_deck + state.auction_display + state.auction_discard)
    for seat in range(state.players):
        auction.update(state.auction_hand[seat])
        auction.update(state.fruit_cards[seat])
        auction.update(state.buildings[seat])
    expected = Counter({k: card.copies for k, card in enumerate(D.auction)})
    if auction != expected:
        problems.append("Auction cards not conserved")
    for seat in range(state.players):
        if UNKNOWN in state.city_hand[seat] or UNKNOWN in state.auction_hand[seat]:
            problems.append(f"seat {seat}: unknown card in a true state")
        if Counter(state.city_known[seat]) - Counter(state.city_hand[seat]) or \
                Counter(state.auction_known[seat]) - Counter(state.auction_hand[seat]):
            problems.append(f"seat {seat}: known cards not in hand")
    return problems


def _markers(state: CleopatraState) -> list[str]:
    problems = []
    placed_pyramids = sorted(p for p in state.pyramid if p)
    if sorted(placed_pyramids + state.pyramids_left) != sorted(D.pyramids):
        problems.append("pyramid markers not conserved")
    plus = sum(state.building_bonus)
    expected = D.building_markers[0] + 2 * D.building_markers[1]
    if plus + state.bonus_markers[0] + 2 * state.bonus_markers[1] != expected:
        problems.append("building markers not conserved")
    placed = [m for m in state.city_marker if m >= 0]
    if sorted(placed + state.markers_bag) != list(range(len(D.prestige_markers))):
        problems.append("prestige markers not conserved")
    return problems
