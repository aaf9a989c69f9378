"""Small moves shared by several actions: playing cards, the market, rewards to others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import MarketMoved, MoneyChanged, PointsScored

if TYPE_CHECKING:
    from nile.core.game import Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()


def play_city_card(state: CleopatraState, seat: int, card: int) -> None:
    """A City card leaves the hand for the City discard pile."""
    state.city_hand[seat].remove(card)
    known = state.city_known[seat]
    if card in known:
        known.remove(card)
    state.city_discard.append(card)


def play_auction_card(state: CleopatraState, seat: int, kind: int) -> None:
    """A Train or Building card leaves the hand (Building cards go in front, not here)."""
    state.auction_hand[seat].remove(kind)
    known = state.auction_known[seat]
    if kind in known:
        known.remove(kind)  # CC-15: a public copy is played first, see hidden.py


def move_market(state: CleopatraState, fruit: int, delta: int) -> list[Event]:
    """Move a fruit's market marker, clamped to -3..+3 (CC-3)."""
    old = state.market[fruit]
    new = max(D.market_min, min(D.market_max, old + delta))
    if new == old:
        return []
    state.market[fruit] = new
    return [MarketMoved(fruit, old, new)]


def pay_bank(state: CleopatraState, seat: int, amount: int, reason: str) -> list[Event]:
    if not amount:
        return []
    state.money[seat] -= amount
    return [MoneyChanged(seat, -amount, reason)]


def gain_money(state: CleopatraState, seat: int, amount: int, reason: str) -> list[Event]:
    if not amount:
        return []
    state.money[seat] += amount
    return [MoneyChanged(seat, amount, reason)]


def gain_points(state: CleopatraState, seat: int, amount: int, reason: str) -> list[Event]:
    if not amount:
        return []
    state.vp[seat] += amount
    return [PointsScored(seat, amount, reason)]


def has_city_card(state: CleopatraState, seat: int, card: int) -> bool:
    return card in state.city_hand[seat]


def has_auction_card(state: CleopatraState, seat: int, kind: int) -> bool:
    return kind in state.auction_hand[seat]
