"""Issue shares, the turn-order auction and action selection (with CCCP's Communism).

Auction (AS-1, 2nd/3rd edition): bids go round in turn order, the high bidder is skipped,
dropping out takes the last free place. Places 1 and 2 pay their full bid, the last place
pays nothing, everyone else half rounded up (when only two players are left, the one who
drops out is last and pays nothing). The Turn Order holder of the previous turn may pass
once without dropping out while more than two bidders remain.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from nile.core.game import Action, Event
from nile.games.age_of_steam.rules.actions import (
    PHASE_ACTIONS,
    Bid,
    CommunismExchange,
    CommunismPlace,
    DropOut,
    FreePass,
    IssueShares,
    TakeAction,
)
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.events import (
    ActionTaken,
    BidMade,
    DroppedOut,
    FreePassUsed,
    GoodExchanged,
    LocomotiveRaised,
    RedGoodPlaced,
    RoundStarted,
    SharesIssued,
    TurnOrderSet,
)
from nile.games.age_of_steam.rules.phases import Phase, Step

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


def begin_round(state: AgeOfSteamState) -> list[Event]:
    """Turn marker moved on: clear the action tiles and open Issue Shares."""
    flood = ""
    if state.map.nile_edges:
        flood = "west" if state.round % 2 == 1 else "east"
    state.phase = Phase.SHARES
    state.queue = [s for s in state.order if state.alive[s]]
    state.qpos = 0
    return [RoundStarted(state.round, flood)]


def all_actions(state: AgeOfSteamState) -> tuple[str, ...]:
    return (*PHASE_ACTIONS, state.rules.special_action)


# Options --------------------------------------------------------------------------

_BID = cache(Bid)
_ISSUE = cache(IssueShares)
_TAKE = cache(TakeAction)
"""The offered bids, share issues and action tiles, made once per value (a frozen
dataclass is slow to make; an auction offers every bid up to the bidder's cash, on
every turn of every playout, issue 33 item 6); equal to new ones."""


def options(state: AgeOfSteamState) -> list[Action]:
    seat = state.current_player
    assert seat is not None and seat >= 0
    if state.phase == Phase.SHARES:
        room = config().start("max_shares") - state.shares[seat]
        return [_ISSUE(n) for n in range(max(0, room) + 1)]
    if state.phase == Phase.AUCTION:
        return _auction_options(state, seat)
    if state.phase == Phase.SELECT:
        taken = {state.actions[s] for s in range(state.players)}
        return [_TAKE(a) for a in all_actions(state) if a not in taken]
    return _communism_options(state, seat)


def _auction_options(state: AgeOfSteamState, seat: int) -> list[Action]:
    result: list[Action] = [_BID(n) for n in range(state.high_bid + 1, state.cash[seat] + 1)]
    result.append(DropOut())
    if seat == state.free_pass_holder and state.free_pass_left and len(state.bidders) > 2:
        result.append(FreePass())
    return result


def _communism_options(state: AgeOfSteamState, seat: int) -> list[Action]:
    result: list[Action] = []
    if state.red_reserve > 0:
        if state.kept[seat]["black"] > 0:
            result.append(CommunismExchange())
        result += [CommunismPlace(state.map.label(h)) for h in sorted(state.goods)
                   if state.is_city(h)]
    return result


def refusal(state: AgeOfSteamState, action: Action) -> str:
    seat = state.current_player
    if state.phase == Phase.SHARES and isinstance(action, IssueShares):
        return "No player may issue more than 15 shares in a game."
    if state.phase == Phase.AUCTION and isinstance(action, Bid):
        if seat is not None and seat >= 0 and action.amount > state.cash[seat]:
            return "You cannot bid more money than you have."
        return f"A bid must be more than ${state.high_bid}."
    if state.phase == Phase.AUCTION and isinstance(action, FreePass):
        return "Only the Turn Order holder may pass once, while three or more still bid."
    if state.phase == Phase.SELECT and isinstance(action, TakeAction):
        return f"{action.name.replace('_', ' ').title()} is not available."
    return f"'{action.to_str()}' is not possible now."


# Applying -------------------------------------------------------------------------

def apply(state: AgeOfSteamState, action: Action) -> Step:
    """Shares, a bid, an action tile or Communism; the last tile chosen (or Communism
    after it) hands over to building (`Phase.BUILD`)."""
    seat = state.current_player
    assert seat is not None and seat >= 0
    if isinstance(action, IssueShares):
        return Step(_issue(state, seat, action.count))
    if isinstance(action, Bid):
        return Step(_bid(state, seat, action.amount))
    if isinstance(action, DropOut):
        return Step(_drop(state, seat))
    if isinstance(action, FreePass):
        state.free_pass_left = False
        _next_bidder(state)
        return Step([FreePassUsed(seat)])
    if isinstance(action, TakeAction):
        return _take(state, seat, action.name)
    return _communism(state, seat, action)


def _issue(state: AgeOfSteamState, seat: int, count: int) -> list[Event]:
    cash = count * config().start("share_price")
    state.shares[seat] += count
    state.cash[seat] += cash
    events: list[Event] = [SharesIssued(seat, count, cash)]
    state.qpos += 1
    if state.qpos >= len(state.queue):
        events += _open_auction(state)
    return events


def _open_auction(state: AgeOfSteamState) -> list[Event]:
    state.phase = Phase.AUCTION
    state.bidders = [s for s in state.order if state.alive[s]]
    state.bids = {}
    state.places = {}
    state.high_bid, state.high_bidder, state.auction_pos = 0, -1, 0
    state.free_pass_left = state.free_pass_holder in state.bidders
    if len(state.bidders) == 1:
        return _close_auction(state)
    return []


def _next_bidder(state: AgeOfSteamState) -> None:
    n = len(state.bidders)
    pos = (state.auction_pos + 1) % n
    if state.bidders[pos] == state.high_bidder:
        pos = (pos + 1) % n
    state.auction_pos = pos


def _bid(state: AgeOfSteamState, seat: int, amount: int) -> list[Event]:
    state.high_bid, state.high_bidder = amount, seat
    state.bids[str(seat)] = amount
    _next_bidder(state)
    return [BidMade(seat, amount)]


def bid_payment(bid: int, place: int, bidders: int) -> int:
    """What a bid costs at a final place (AS-1): last pays 0, 1st and 2nd full, rest half."""
    if place == bidders:
        return 0
    if place <= 2:
        return bid
    return (bid + 1) // 2


def _drop(state: AgeOfSteamState, seat: int) -> list[Event]:
    total = sum(1 for s in range(state.players) if state.alive[s])
    place = len(state.bidders)
    bid = state.bids.get(str(seat), 0)
    paid = bid_payment(bid, place, total)
    state.cash[seat] -= paid
    state.places[str(seat)] = place
    index = state.bidders.index(seat)
    state.bidders.pop(index)
    events: list[Event] = [DroppedOut(seat, place, paid)]
    if len(state.bidders) == 1:
        return events + _close_auction(state)
    state.auction_pos = index % len(state.bidders)
    if state.bidders[state.auction_pos] == state.high_bidder:
        state.auction_pos = (state.auction_pos + 1) % len(state.bidders)
    return events


def _close_auction(state: AgeOfSteamState) -> list[Event]:
    winner = state.bidders[0]
    total = sum(1 for s in range(state.players) if state.alive[s])
    bid = state.bids.get(str(winner), 0)
    state.cash[winner] -= bid_payment(bid, 1, total) if total > 1 else 0
    state.places[str(winner)] = 1
    state.order = sorted((int(s) for s in state.places), key=lambda s: state.places[str(s)])
    state.actions = [""] * state.players
    state.phase = Phase.SELECT
    state.queue = list(state.order)
    state.qpos = 0
    return [TurnOrderSet(tuple(state.order))]


def _take(state: AgeOfSteamState, seat: int, name: str) -> Step:
    state.actions[seat] = name
    events: list[Event] = [ActionTaken(seat, name)]
    if name == "locomotive" and state.loco[seat] < config().start("max_locomotive"):
        state.loco[seat] += 1
        events.append(LocomotiveRaised(seat, state.loco[seat]))
    if name == "communism" and _communism_options(state, seat):
        state.phase = Phase.COMMUNISM
        return Step(events)
    return Step(events, _after_selection(state))


def _after_selection(state: AgeOfSteamState) -> Phase | None:
    """The next player selects; after the last, building begins (`Phase.BUILD`)."""
    state.phase = Phase.SELECT
    state.qpos += 1
    if state.qpos >= len(state.queue):
        return Phase.BUILD
    return None


def _communism(state: AgeOfSteamState, seat: int, action: Action) -> Step:
    state.red_reserve -= 1
    events: list[Event]
    if isinstance(action, CommunismExchange):
        state.kept[seat]["black"] -= 1
        state.kept[seat]["red"] += 1
        state.bag["black"] = state.bag.get("black", 0)
        state.removed["black"] = state.removed.get("black", 0) + 1
        events = [GoodExchanged(seat)]
    else:
        assert isinstance(action, CommunismPlace)
        h = state.map.hex_at(action.hex_label)
        state.goods[h].append("red")
        events = [RedGoodPlaced(seat, state.place_name(h))]
    return Step(events, _after_selection(state))
