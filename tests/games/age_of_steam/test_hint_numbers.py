"""Age of Steam hints a player can check (issue 29 item 5): every number says what it
measures and over what, and the numbers add up. Read at real positions (the normal bot's
own decisions over seeded games on every map), each hint's numbers are parsed and worked
again from the position: the shares' sum, what a bid or dropping out leaves you by the
turn played out and what dropping out costs, the cash to spare, a tile's price, a
delivery's income; and every choice the bot makes among several has a reason."""

from __future__ import annotations

import math
import random
import re
from functools import cache

import pytest

from nile.ai.bots import Advice, advise
from nile.games.age_of_steam import GAME_INFO, ai, rules
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import Bid, Build, Deliver, DropOut, IssueShares
from tests.games.age_of_steam.helpers import decisions, set_up

GAMES = (("egypt", 4, 4), ("chile", 4, 5), ("cccp", 4, 6))
"""(map, players, seed) of the seeded games read."""
LAST_ROUND = 3
ROUNDING = 0.05 + 1e-9
"""A number said to one decimal lies this close to the one worked out."""


@cache
def hinted() -> tuple[tuple[AgeOfSteamState, Advice], ...]:
    """(the view of the seat to act, the hint there) at every decision of the games."""
    found = []
    for map_name, players, seed in GAMES:
        state = set_up(map_name, players, seed)
        for step, (_, view) in enumerate(decisions(state, random.Random(seed), LAST_ROUND)):
            advice = advise(GAME_INFO, view, seed=step)
            found.append((view, advice))
            state.apply(advice.action)
    return tuple(found)


def _of(kind: type) -> list[tuple[AgeOfSteamState, Advice]]:
    return [(view, advice) for view, advice in hinted() if isinstance(advice.action, kind)]


def _seat(view: AgeOfSteamState) -> int:
    seat = view.current_player
    assert seat is not None and seat >= 0
    return seat


def test_every_choice_among_several_has_a_reason() -> None:
    kinds = set()
    for view, advice in hinted():
        if len(view.legal_actions()) > 1:
            assert advice.reason, (view.phase, advice.action)
            kinds.add(type(advice.action).__name__)
    assert {"IssueShares", "Bid", "DropOut", "TakeAction", "Build", "Deliver"} <= kinds


SHARES = re.compile(r"(raises \$(\d+) \((\d+) shares? at \$(\d+)\): )?expenses \$(\d+) less "
                    r"income \$(\d+) leave \$(\d+) to pay, plus (about \$(\d+)|nothing) to "
                    r"build: \$(\d+)(, which your \$(\d+) cash covers| against your \$(\d+) "
                    r"cash)")


def test_a_shares_hint_adds_up() -> None:
    """"raises $5 (1 share at $5): expenses $3 less income $1 leave $2 to pay, plus about
    $3 to build: $5 against your $0 cash": each step is worked again from the position,
    and the count is the shares the shortfall needs unless the hint names a cap."""
    checked = 0
    for view, advice in _of(IssueShares):
        seat, reason = _seat(view), advice.reason or ""
        found = SHARES.match(reason)
        assert found, reason
        expenses, income, to_pay = (int(found.group(i)) for i in (5, 6, 7))
        budget, need = int(found.group(9) or 0), int(found.group(10))
        cash = int(found.group(12) or found.group(13))
        assert (expenses, income, cash) == (view.shares[seat] + view.loco[seat],
                                            view.income[seat], view.cash[seat])
        assert to_pay == max(0, expenses - income) and need == to_pay + budget
        count = advice.action.count  # type: ignore[attr-defined]
        price = rules.game_config().start("share_price")
        if count == 0:
            assert found.group(1) is None and need <= cash, reason
        else:
            raised, said, each = (int(found.group(i)) for i in (2, 3, 4))
            assert (said, each, raised) == (count, price, count * price)
            wanted = max(0, math.ceil((need - cash) / price))
            assert count == wanted or "at most" in reason or "left to issue" in reason \
                or "fewer would not pay" in reason, reason
        checked += 1
    assert checked >= 8


LEADS = re.compile(r"leaves your projected final score (level with|([\d.]+) points? "
                   r"(above|below)) the others' average, against (level with|([\d.]+) points? "
                   r"(above|below)) if you drop out now \(place (\d+) for \$(\d+)\)")


def _lead(found: re.Match[str], size: int, side: int) -> float:
    if found.group(size) is None:
        return 0.0
    return float(found.group(size)) * (1 if found.group(side) == "above" else -1)


def _drop_cost(view: AgeOfSteamState, seat: int) -> tuple[int, int]:
    alive = sum(1 for s in range(view.players) if view.alive[s])
    place = len(view.bidders)
    return place, rules.bid_payment(view.bids.get(str(seat), 0), place, alive)


def test_a_bid_or_drop_out_hint_quotes_the_turn_played_out_and_the_price() -> None:
    """A bid says what the turn played out leaves you after it and after dropping out (in
    projected points against the others' average), the first the larger; a drop-out for
    the same reason the other way round; both name the place and the price of dropping out
    as the rules have them (AS-1), worked again here."""
    checked = {"bid": 0, "drop": 0}
    for view, advice in _of(Bid) + _of(DropOut):
        seat, reason = _seat(view), advice.reason or ""
        found = LEADS.search(reason)
        if isinstance(advice.action, DropOut) and found is None:
            continue  # stopped by the cash or the cap: the next test
        assert found, reason
        after_bid, after_drop = _lead(found, 2, 3), _lead(found, 5, 6)
        bid = advice.action if isinstance(advice.action, Bid) else Bid(view.high_bid + 1)
        exact = ai.turn_order_leads(view, seat, bid)
        assert abs(after_bid - exact[0]) <= ROUNDING and abs(after_drop - exact[1]) <= ROUNDING
        assert (int(found.group(7)), int(found.group(8))) == _drop_cost(view, seat)
        if isinstance(advice.action, Bid):
            assert reason.startswith(f"bid ${bid.amount}: ") and after_bid >= after_drop
            checked["bid"] += 1
        else:
            assert f"a bid of ${bid.amount} leaves" in reason and after_bid <= after_drop
            checked["drop"] += 1
    assert checked["bid"] >= 2 and checked["drop"] >= 1, checked


SPARE = re.compile(r"a bid of \$(\d+) is more than you can spare: (cash \$(\d+) less \$(\d+) "
                   r"kept for next turn \(expenses \$(\d+) less income \$(\d+), plus \$(\d+) to "
                   r"build\) leaves (\$(\d+)|nothing)|all your \$(\d+) cash, as income)"
                   r".*; you take place (\d+) for \$(\d+)$")


def test_a_drop_out_for_want_of_cash_shows_the_sum() -> None:
    """"a bid of $4 is more than you can spare: cash $10 less $7 kept for next turn
    (expenses $3 less income $0, plus $4 to build) leaves $3": the sum is the position's."""
    checked = 0
    for view, advice in _of(DropOut):
        seat, reason = _seat(view), advice.reason or ""
        found = SPARE.match(reason)
        if found is None:
            assert LEADS.search(reason) or "the bot ever pays" in reason, reason
            continue
        bid = int(found.group(1))
        assert bid == view.high_bid + 1
        assert (int(found.group(11)), int(found.group(12))) == _drop_cost(view, seat)
        if found.group(3) is None:
            spare = int(found.group(10))
            assert spare == view.cash[seat] < bid
        else:
            cash, kept, expenses, income, build = (int(found.group(i)) for i in range(3, 8))
            assert (cash, expenses, income, build) == (
                view.cash[seat], view.shares[seat] + view.loco[seat], view.income[seat],
                ai.SPARE_BUILD)
            assert kept == expenses - income + build
            spare = int(found.group(9) or 0)
            assert spare == max(0, cash - kept) == max(0, ai.spare_cash(view, seat)) < bid
        checked += 1
    assert checked >= 3


BUILD = re.compile(r"(finishes a link|brings a line) .*; the tile costs \$(\d+) of your "
                   r"\$(\d+) cash(, keeping \$(\d+) for next turn's expenses beyond income)?$")


def test_a_build_hint_prices_the_tile_against_the_cash() -> None:
    checked = 0
    for view, advice in _of(Build):
        seat, reason, action = _seat(view), advice.reason or "", advice.action
        assert isinstance(action, Build)
        found = BUILD.match(reason)
        assert found, reason
        h = view.map.hex_at(action.hex_label)
        price = view.build_prices.get(action)
        if price is None:
            price = rules.build_price(view, seat, action.kind, h, action.tile)
        cost, cash, kept = int(found.group(2)), int(found.group(3)), int(found.group(5) or 0)
        assert (cost, cash) == (price, view.cash[seat])
        assert kept == max(0, view.shares[seat] + view.loco[seat] - view.income[seat])
        assert cost <= cash - kept, reason  # the bot builds only what leaves its expenses
        assert "," not in view.map.whereabouts(h) and view.map.whereabouts(h) in reason
        checked += 1
    assert checked >= 10


DELIVERY = re.compile(r"delivers to (.+?): \+(\d+) income for the (\d+) links? of yours it "
                      r"runs on( \(the others' links on it earn them \+(\d+)\))?(; you pay a "
                      r"\$(\d+) ferry fee)?$")


@pytest.mark.parametrize("map_name", ["egypt"])
def test_a_delivery_hint_counts_the_links_that_earn(map_name: str) -> None:
    checked = 0
    for view, advice in _of(Deliver):
        if view.map_name != map_name:
            continue
        seat, reason = _seat(view), advice.reason or ""
        found = DELIVERY.match(reason)
        assert found, reason
        route = next(r for r in (view.offered_routes or rules.routes(view, seat))
                     if r.action == advice.action)
        assert found.group(1) == view.place_name(route.destination)
        assert int(found.group(2)) == int(found.group(3)) == route.income.get(seat, 0)
        assert int(found.group(5) or 0) == sum(v for s, v in route.income.items() if s != seat)
        assert int(found.group(7) or 0) == route.fee
        checked += 1
    assert checked >= 2
