"""Bots for Age of Steam: a heuristic policy (the normal bot's every move but its action
tile, which ai_hard.py's `NormalBot` picks by playing the turn out; also the rollout policy
of the hard bot) and an evaluation for rollouts cut short.

The policy, phase by phase:
- shares: only enough to cover next turn's expenses and a modest building budget;
- auction: small bids while cash allows, the Turn Order pass when held, else drop out;
- actions: Locomotive while the engine is short, else building tiles, else the rest;
- building: score each offered tile by how far it brings a line from its source toward a
  city that wants that source's goods (distance fields over the map, cached per map),
  completing links with demand first; stop when nothing scores or cash runs low;
- moving: the delivery that pays this player most (others' gain counts against it), or a
  locomotive raise when one more link would pay more.
The hard bot (ai_hard.py) searches over this policy's best few moves. Both ask the engine
only through its public face (`rules`: deliveries and their income, goods waiting, build
prices and limits, a build's new tracks, score parts), the moves (`rules.actions`) and the
phase names (`rules.phases`), as OpenSpiel's bots ask its game API.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from nile.core.text import amount
from nile.games.age_of_steam import rules
from nile.games.age_of_steam.rules import AgeOfSteamState, Route
from nile.games.age_of_steam.rules.actions import (
    Bid,
    Build,
    CommunismExchange,
    CommunismPlace,
    Deliver,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    PlaceGood,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.phases import Phase

# Distance fields ------------------------------------------------------------------

@cache
def steps_to(map_name: str, target: int) -> tuple[int, ...]:
    """Tiles still to lay from each hex to reach `target` (not through other stops)."""
    mp = rules.load_map(map_name)
    far = 999
    dist = [far] * mp.size
    dist[target] = 0
    frontier = [target]
    while frontier:
        nxt = []
        for h in frontier:
            for n in mp.neighbours[h]:
                if n < 0 or dist[n] != far:
                    continue
                dist[n] = dist[h] + 1
                if mp.terrain[n] not in ("city", "pyramid"):
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


# Demand ---------------------------------------------------------------------------

def _wanted(state: AgeOfSteamState, stop: int) -> str:
    if state.is_city(stop):
        return state.city_colour(stop)
    return "black" if state.is_town(stop) and state.rules.town_accepts("black") else ""


TOWN_DEMAND = 0.25
"""Weight of goods a town wants (CCCP: black goods end at towns) against a city's. A town
link pays once per black good and black goods barely come back, while a link between
cities carries the goods that grow there every turn; at full weight the CCCP bots spent
their opening on town stubs, stalled at income 1-3 and issued shares every turn to pay
dividends (9.2 a seat at the end, mean score -6 over 40 all-normal games; at 0.25: 6.5
shares, mean +16; see docs/strength.md, Multi-player)."""


def demand(state: AgeOfSteamState, a: int, b: int) -> float:
    """Goods that a link between stops a and b would let someone deliver."""
    return _demand_one_way(state, a, b) + _demand_one_way(state, b, a)


def _demand_one_way(state: AgeOfSteamState, source: int, target: int) -> float:
    """Goods at `source` that `target` wants, halved on a flooded source, a town's weighed
    by `TOWN_DEMAND`."""
    want = _wanted(state, target)
    if not want:
        return 0.0
    count = sum(1 for g in rules.goods_waiting(state, source) if g == want)
    if not count:
        return 0.0
    weight = 0.5 if state.rules.flooded(state, source) else 1.0
    if state.is_town(target):
        weight *= TOWN_DEMAND
    return count * weight


_TABLES: dict[tuple[Any, ...], dict[tuple[int, int], float]] = {}


def _demand_table(state: AgeOfSteamState) -> dict[tuple[int, int], float]:
    """demand(a, b) for every pair of stops with some demand, cached by the goods on the
    map (the same position recurs thousands of times in the hard bot's search)."""
    key = (state.map_name, state.round % 2,
           tuple(sorted((h, tuple(sorted(g))) for h, g in state.goods.items() if g)),
           tuple(sorted(state.new_cities.items())),
           tuple((h, tuple(rules.goods_waiting(state, h))) for h in sorted(state.pyramids)))
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 2000:
            _TABLES.clear()
        stops = sorted(state.stop_hexes() | state.town_hexes())
        table = {}
        for a in stops:
            for b in stops:
                if a != b:
                    value = demand(state, a, b)
                    if value > 0:
                        table[(a, b)] = value
        _TABLES[key] = table
    return table


# The policy -----------------------------------------------------------------------

def policy(state: GameState, rng: random.Random) -> Action:
    assert isinstance(state, AgeOfSteamState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    assert seat is not None and seat >= 0
    return policy_choice(state, seat, legal, rng)


def quick_policy(state: GameState, rng: random.Random) -> Action:
    """The policy without the turn-order lookahead (`plain_auction` in the auction): what
    the hard bot's search plays for every seat inside its tree and rollouts, where a
    lookahead at every auction would cost more than the search itself."""
    assert isinstance(state, AgeOfSteamState)
    if state.phase != Phase.AUCTION:
        return policy(state, rng)
    legal = state.legal_actions()
    seat = state.current_player
    assert seat is not None and seat >= 0
    return legal[0] if len(legal) == 1 else plain_auction(state, seat, legal)


def policy_choice(state: AgeOfSteamState, seat: int, legal: list[Action],
            rng: random.Random) -> Action:
    phase = state.phase
    if phase == Phase.SHARES:
        return _shares(state, seat)
    if phase == Phase.AUCTION:
        return _auction(state, seat, legal)
    if phase == Phase.SELECT:
        return _select(state, seat, legal)
    if phase == Phase.COMMUNISM:
        return _communism(state, seat, legal)
    if phase == Phase.BUILD:
        return _build(state, seat, legal)
    if phase == Phase.MOVE:
        return _move(state, seat, legal)
    if phase == Phase.PRODUCTION:
        return _production(state, seat, legal)
    return legal[0]


OPENING_BUDGET = {"egypt": (5, 3)}
"""Cash to raise for building in turns 1 and 2 beyond the default (6, 4): Egypt's floods
make early track pay later, so less. A larger opening budget meant more shares than early
income could carry; (10, 6) sent 12 of 160 normal seats bankrupt on CCCP, (6, 4) sends 3
(4 players, 40 games a map, measured with tools/selfplay.py; see the bots report)."""


DEFICIT_BUDGET = {"cccp": 4}
"""Debt (expenses above income, dollars) up to which a seat still raises building money
after turn 2, by map (default 0: only a seat whose income covers its expenses builds).
On CCCP goods are scarce and incomes start low: a seat that stopped building while its
income was below its expenses never got out, paying each turn's dividends with new shares
(up to 15, then bankrupt); building on through a debt of $4 won 24 of 40 games against
three shipped normals. On Chile and Egypt it did not help (Egypt: 10 of 40, and more
bankruptcies), so there the rule stays."""


def _budget(state: AgeOfSteamState, seat: int) -> int:
    """Cash wanted for building this turn, beyond expenses."""
    left = state.last_round - state.round
    if left <= 1:
        return 0
    if state.round <= 2:
        first, second = OPENING_BUDGET.get(state.map_name, (6, 4))
        return first if state.round == 1 else second
    debt = state.shares[seat] + state.loco[seat] - state.income[seat]
    return 4 if debt <= DEFICIT_BUDGET.get(state.map_name, 0) else 0


def _shares(state: AgeOfSteamState, seat: int) -> Action:
    numbers = rules.game_config()
    expenses = state.shares[seat] + state.loco[seat]
    shortfall = max(0, expenses - state.income[seat])
    need = shortfall + _budget(state, seat) - state.cash[seat]
    price = numbers.start("share_price")
    count = max(0, math.ceil(need / price))
    if state.income[seat] >= expenses + 3:
        count = min(count, 1)
    count = min(count, 2)
    survive = math.ceil((expenses - state.income[seat] - state.cash[seat]) / (price - 1))
    count = max(count, survive)
    return IssueShares(max(0, min(count, numbers.start("max_shares") - state.shares[seat])))


def _auction(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    """The Turn Order pass when held; else one more dollar only when the turn played out
    looks better for this seat after that bid than after dropping out (`turn_order_gain`):
    the first pick of a valuable action tile, first build or first move to goods others
    want too. Only within `BID_LOOKAHEAD_CAP` and the cash that next turn's expenses leave.
    The plain rule's small bids (`plain_auction`) on top of this cost more than the places
    they bought: without them one normal seat against three bidding by the old rule won 19
    of 40 Chile games (13 with them) and 11.5 of 40 on Egypt (12); on CCCP one seat bidding
    by the old rule against three by this one won 2 of 40 and went bankrupt in 5."""
    if FreePass() in legal:
        return FreePass()
    bid = Bid(state.high_bid + 1)
    if bid not in legal or bid.amount > min(BID_LOOKAHEAD_CAP, spare_cash(state, seat)):
        return DropOut()
    return bid if turn_order_gain(state, seat, bid) > 0.0 else DropOut()


BID_LOOKAHEAD_CAP = 8
"""The most the lookahead bids for turn order (dollars)."""

TURN_PHASES = (Phase.AUCTION, Phase.SELECT, Phase.BUILD, Phase.MOVE, Phase.PRODUCTION,
               Phase.COMMUNISM)
"""The phases of a turn that a turn-order lookahead plays out (to the end of the moves)."""


SPARE_BUILD = 4
"""Dollars kept for a little building when working out the cash to spare for a bid."""


def spare_cash(state: AgeOfSteamState, seat: int) -> int:
    """Cash beyond next turn's expenses and a little building (`SPARE_BUILD`)."""
    reserve = state.shares[seat] + state.loco[seat] - state.income[seat] + SPARE_BUILD
    return state.cash[seat] - max(0, reserve)


def plain_auction(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    """Small bids while cash beyond next turn's needs allows. Bidding more for goods that
    others could also deliver (a dollar a contested good, or only when some are) measured
    no gain (see the bots report); `_auction` bids more only where a lookahead shows it."""
    if FreePass() in legal:
        return FreePass()
    willing = min(spare_cash(state, seat), 1 + state.round // 3)
    if state.high_bid + 1 <= willing:
        return Bid(state.high_bid + 1)
    return DropOut()


def turn_order_gain(state: AgeOfSteamState, seat: int, bid: Bid) -> float:
    """How much better (in `evaluate`, 0..1) this turn ends for `seat` after `bid` than
    after dropping out, each continuation played by the heuristic for every player (the
    plain auction rule, then tiles, builds and moves) to the end of the moves. Seeded, so
    the same position always gets the same answer; hidden goods are guessed the same way."""
    base = state.determinize(random.Random(0))
    ahead, behind = base.clone(), base.clone()
    ahead.apply(bid)
    behind.apply(DropOut())
    return turn_played_out(ahead, seat) - turn_played_out(behind, seat)


def turn_played_out(state: AgeOfSteamState, seat: int,
                    score: Callable[[GameState], list[float]] | None = None) -> float:
    """`seat`'s `score` once every player has played the heuristic (the plain auction
    rule, then tiles, builds and moves) to the end of this turn's moves (`score` defaults
    to `evaluate`). Changes `state`: pass a determinized clone."""
    rng = random.Random(0)
    start = state.round
    for _ in range(400):
        if state.is_terminal or state.round != start or state.phase not in TURN_PHASES:
            break
        mover = state.current_player
        assert mover is not None
        if mover == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        state.apply(plain_auction(state, mover, legal) if state.phase == Phase.AUCTION
                    else policy_choice(state, mover, legal, rng) if len(legal) > 1
                    else legal[0])
    return (score or evaluate)(state)[seat]


def _select(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    names = {a.name: a for a in legal if isinstance(a, TakeAction)}
    order = []
    if _longer_pays(state, seat):
        order.append("locomotive")
    if state.rules.special_action == "communism" and (
            state.kept[seat]["black"] > 0 or (state.kept[seat]["red"] == 0 and state.round >= 3)):
        order.append("communism")
    order += ["engineer", "first_build", "first_move", "urbanization",
              state.rules.special_action, "turn_order", "locomotive"]
    for name in order:
        if name in names:
            return names[name]
    return legal[0]


def _longer_pays(state: AgeOfSteamState, seat: int) -> bool:
    """Would one more locomotive level open a better delivery?"""
    if state.loco[seat] >= rules.game_config().start("max_locomotive"):
        return False
    now = max((route_value(seat, r) for r in rules.routes(state, seat)), default=0.0)
    higher = state.clone()
    higher.loco[seat] += 1
    later = max((route_value(seat, r) for r in rules.routes(higher, seat)), default=0.0)
    return later >= now + 1


def _communism(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    if CommunismExchange() in legal:
        return CommunismExchange()
    mine = _my_stops(state, seat)
    for action in legal:
        if isinstance(action, CommunismPlace):
            h = state.map.hex_at(action.hex_label)
            if h in mine and state.city_colour(h) != "red":
                return action
    return legal[0]


def _production(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    mine = _my_stops(state, seat)
    for action in legal:
        if isinstance(action, PlaceGood):
            for city in state.map.cities:
                if city.growth == action.row and city.hexes[0] in mine:
                    return action
    return legal[0]


def _my_stops(state: AgeOfSteamState, seat: int) -> set[int]:
    stops: set[int] = set()
    for seg in state.network().segments:
        if seg.owner == seat:
            stops.update(e.stop for e in seg.ends if e.stop >= 0)
    return stops


# Building -------------------------------------------------------------------------

class _Plan:
    """What scoring the builds of one decision needs, computed once."""

    def __init__(self, state: AgeOfSteamState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.net = state.network()
        self.stops = state.stop_hexes()
        self.table = _demand_table(state)
        self.targets = [h for h in sorted(self.stops | state.town_hexes())
                        if _wanted(state, h)]
        self._wants: dict[int, list[tuple[int, float]]] = {}
        self.sides: dict[tuple[int, int], int | None] = {}
        self.own: dict[tuple[int, int], bool] = {}
        self.component = _own_components(state, seat, self.net)

    def wants(self, source: int) -> list[tuple[int, float]]:
        """Targets that want goods from `source` or from the seat's network behind it
        (or have goods that network wants), by amount."""
        found = self._wants.get(source)
        if found is None:
            behind = [y for y in self.component.get(source, ()) if y != source]
            row = []
            table = self.table
            for t in self.targets:
                if t == source:
                    continue
                want = table.get((source, t), 0.0)
                want += 0.5 * sum(table.get((y, t), 0.0) for y in behind if y != t)
                row.append((t, want))
            found = self._wants[source] = [(t, w) for t, w in row if w > 0]
        return found


def _own_components(state: AgeOfSteamState, seat: int, net: Any) -> dict[int, list[int]]:
    """Stops joined by the seat's complete links: stop -> every stop of its group."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for seg in net.segments:
        if seg.owner == seat and seg.complete:
            a, b = seg.ends[0].stop, seg.ends[1].stop
            parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for stop in list(parent):
        groups.setdefault(find(stop), []).append(stop)
    return {stop: groups[find(stop)] for stop in parent}


BUILD_THRESHOLD = 0.2
"""A tile must score more than this to be worth building."""


def _build(state: AgeOfSteamState, seat: int, legal: list[Action],
           limit: int | None = None) -> Action:
    """Urbanize first when a town is worth it, then the best scoring tile; stop at
    `limit` tiles this turn when given (the easy bot's cap)."""
    urban = [a for a in legal if isinstance(a, Urbanize)]
    if urban and state.builds_done == 0:
        choice = urbanize_choice(state, seat, urban)
        if choice is not None:
            return choice
    if limit is not None and state.builds_done >= limit:
        return EndBuild()
    ranked = build_ranking(state, seat, legal)
    if ranked and ranked[0][0] > BUILD_THRESHOLD:
        return ranked[0][1]
    return EndBuild()


def build_ranking(state: AgeOfSteamState, seat: int,
                   legal: list[Action]) -> list[tuple[float, Build]]:
    """Affordable builds (keeping next turn's expenses) by score, best first."""
    reserve = max(0, state.shares[seat] + state.loco[seat] - state.income[seat])
    left = rules.max_builds(state, seat) - state.builds_done - 1
    plan = _Plan(state, seat)
    prices = state.build_prices
    scored: list[tuple[float, str, Build]] = []
    for action in legal:
        if not isinstance(action, Build):
            continue
        h = state.map.hex_at(action.hex_label)
        cost = prices.get(action)
        if cost is None:
            cost = rules.build_price(state, seat, action.kind, h, action.tile)
        spare = state.cash[seat] - cost - reserve
        if spare < 0:
            continue
        score = _build_score(plan, action, h, left, spare) - 0.03 * cost
        scored.append((score, action.to_str(), action))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(score, action) for score, _, action in scored]


def _build_score(plan: _Plan, action: Build, h: int, left: int, spare: int) -> float:
    """How much this tile helps finish a link that carries goods soon."""
    state = plan.state
    best = 0.0
    for t in rules.new_tracks(state, action):
        ends = [_side(plan, h, port) for port in t]
        sources = [e for e in ends if e is not None and e >= 0]
        if len(sources) == 2:
            if sources[0] != sources[1]:
                best = max(best, 0.4 + demand(state, sources[0], sources[1]))
            continue
        if not sources or action.kind == "redirect":
            continue
        continuing = _extends_own(plan, h, t)
        source = sources[0]
        far_port = t[1] if ends[0] == source else t[0]
        far = state.map.neighbours[h][far_port] if far_port != rules.CENTRE else -1
        if far < 0:
            continue
        for target, want in plan.wants(source):
            field = steps_to(state.map_name, target)
            remaining = field[far]
            if remaining >= field[h] or remaining > 12:
                continue
            if remaining == 0:
                weight = 1.0
            elif remaining <= left and remaining * 3 <= spare:
                weight = 0.8
            elif continuing and remaining <= left + 3:
                weight = 0.6
            else:
                weight = 0.0  # a line not finished by next turn's end is lost
            best = max(best, want * weight)
    return best


def _extends_own(plan: _Plan, h: int, t: tuple[int, int]) -> bool:
    """Does the new track `t` on `h` continue the seat's own unfinished track?"""
    return any(_port_extends_own(plan, h, port) for port in t if port != rules.CENTRE)


def _port_extends_own(plan: _Plan, h: int, port: int) -> bool:
    key = (h, port)
    known = plan.own.get(key)
    if known is None:
        known = plan.own[key] = _port_extends_own_now(plan, h, port)
    return known


def _port_extends_own_now(plan: _Plan, h: int, port: int) -> bool:
    found = rules.track_across(plan.state, h, port)
    if found is None:
        return False
    n = plan.state.map.neighbours[h][port]
    index = plan.net.segment_at.get((n, found))
    return index is not None and plan.net.segments[index].owner == plan.seat


def _side(plan: _Plan, h: int, port: int) -> int | None:
    """The stop a track end at `port` of hex `h` leads back to (-1: connected, no stop;
    None: not connected)."""
    key = (h, port)
    if key not in plan.sides:
        plan.sides[key] = _side_now(plan, h, port)
    return plan.sides[key]


def _side_now(plan: _Plan, h: int, port: int) -> int | None:
    if port == rules.CENTRE:
        return h
    n = plan.state.map.neighbours[h][port]
    if n < 0:
        return None
    if n in plan.stops:
        return n
    t = rules.track_across(plan.state, h, port)
    if t is None:
        return None
    index = plan.net.segment_at.get((n, t))
    if index is None:
        return None
    seg = plan.net.segments[index]
    stops = [e.stop for e in seg.ends if e.stop >= 0]
    return stops[0] if stops else -1


def urbanize_choice(state: AgeOfSteamState, seat: int,
                     urban: list[Urbanize]) -> Action | None:
    mine = _my_stops(state, seat)
    best, best_score = None, 1.5
    colours = rules.game_config().new_cities
    for action in urban:
        town = state.map.hex_at(action.hex_label)
        colour = colours[action.letter][0]
        field = steps_to(state.map_name, town)
        score = 0.0
        for city in state.goods:
            if field[city] <= 4:
                score += sum(1 for g in state.goods[city] if g == colour)
        if town in mine:
            score += 1
        if score > best_score:
            best, best_score = action, score
    return best


# Moving goods ---------------------------------------------------------------------

def route_value(seat: int, route: Route) -> float:
    mine = route.income.get(seat, 0)
    others = sum(v for s, v in route.income.items() if s != seat)
    return mine - 0.4 * others - 0.25 * route.fee  # income lasts, the fee is paid once


def _move(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    routes = state.offered_routes or rules.routes(state, seat)
    keeps_red = state.rules.hidden_kept_goods  # CCCP: the fewest red goods loses

    def value(route: Route) -> float:
        bonus = 0.6 if keeps_red and route.action.colour == "red" else 0.0
        return route_value(seat, route) + bonus

    best_route = max(routes, key=value, default=None)
    best = value(best_route) if best_route else 0.0
    first_round = state.qpos < len(state.queue) // 2
    if RaiseLocomotive() in legal and first_round:
        higher = state.clone()
        higher.loco[seat] += 1
        better = max((route_value(seat, r) for r in rules.routes(higher, seat)),
                     default=0.0)
        if better >= best + 1 and state.round < state.last_round:
            return RaiseLocomotive()
    if best_route is not None and best > 0:
        return best_route.action
    return PassMove()


def paying_deliveries(state: AgeOfSteamState, seat: int,
                      legal: list[Action]) -> list[Route]:
    """The legal deliveries that pay this seat more than they cost: income gained above
    the ferry fee. The income is paid every turn from this one on and the fee once, so
    such a delivery leaves the seat richer already at this turn's income phase; passing
    on one is what a seat whose income is below its expenses can least afford (issue 33:
    a hard seat behind passed ten move-goods decisions in a row and went under)."""
    return [r for r in state.offered_routes or rules.routes(state, seat)
            if r.action in legal and r.income.get(seat, 0) > r.fee]


def _fee_affordable(state: AgeOfSteamState, seat: int, route: Route) -> bool:
    """Does paying this route's ferry fee still leave this turn's expenses covered (cash
    plus income after the delivery)? The easy bot's deliveries keep to these: a
    fee for a delivery that pays others caused most of its Egypt bankruptcies, some in
    the first turn. (The normal bot weighs fees in `route_value`; filtering its routes
    too doubled its Egypt bankruptcies, 11 of 320 seats against 5.)"""
    if not route.fee:
        return True
    income = state.income[seat] + route.income.get(seat, 0)
    expenses = state.shares[seat] + state.loco[seat]
    return state.cash[seat] - route.fee + income >= expenses


POTENTIAL = 1.5
"""Points per unit of own income the seat could deliver next (two best deliveries)."""


def _potential(state: AgeOfSteamState, seat: int) -> float:
    """Own income from the two best deliveries open to `seat` now (goods may be shared)."""
    if state.round == state.last_round and state.phase not in (
            Phase.BUILD, Phase.SELECT, Phase.SHARES, Phase.AUCTION, Phase.COMMUNISM):
        return 0.0
    gains = sorted((r.income.get(seat, 0) for r in rules.routes(state, seat)),
                   reverse=True)
    return float(sum(gains[:2]))


EVAL_SCALE = 12.0
"""Points of lead that take a player's value from 0.5 to about 0.73."""

# Evaluation -----------------------------------------------------------------------

def projected_scores(state: AgeOfSteamState) -> list[float]:
    """Each player's projected final score (-inf when out of the game): the score now, cash
    counting a little, a coming shortfall at expenses heavily (it costs income, or the
    game), and the income of the deliveries open next. `evaluate` and the hard bot's
    `rival_evaluate` compare these in two ways."""
    values = []
    for s in range(state.players):
        if not state.alive[s]:
            values.append(-math.inf)
            continue
        expenses = state.shares[s] + state.loco[s]
        deficit = max(0, expenses - state.income[s] - state.cash[s])
        values.append(rules.final_score(state.income[s], state.shares[s],
                                        rules.track_tiles(state, s))
                      + state.cash[s] / 4 - 4 * deficit + POTENTIAL * _potential(state, s))
    return values


def evaluate(state: GameState) -> list[float]:
    """Projected final scores (`projected_scores`), each player's lead over the others'
    mean through a logistic into [0, 1]."""
    assert isinstance(state, AgeOfSteamState)
    values = projected_scores(state)
    return win_chances(values, lambda seat, live: (sum(live) - values[seat]) / (len(live) - 1))


def win_chances(values: list[float],
                against: Callable[[int, list[float]], float]) -> list[float]:
    """Projected scores (-inf: out of the game) into [0, 1]: each live seat's lead over
    `against(seat, live values)` through a logistic of scale `EVAL_SCALE`; an out seat is
    0, a lone survivor 1. `evaluate` measures against the others' mean, the hard bot's
    `rival_evaluate` against the best other seat."""
    live = [v for v in values if v != -math.inf]
    if len(live) <= 1:
        return [0.0 if v == -math.inf else 1.0 for v in values]
    return [0.0 if v == -math.inf
            else 1 / (1 + math.exp(-(v - against(seat, live)) / EVAL_SCALE))
            for seat, v in enumerate(values)]


# Reasons (the hint's "why") ----------------------------------------------------------

def explain(state: GameState, action: Action) -> str | None:
    """Why the heuristic plays `action`, from the numbers it decided by, in words."""
    assert isinstance(state, AgeOfSteamState)
    seat = state.current_player
    if seat is None or seat < 0:
        return None
    if isinstance(action, IssueShares):
        return _explain_shares(state, seat, action.count)
    if isinstance(action, FreePass):
        return ("the Turn Order tile's free pass keeps you in the auction without bidding, "
                "so you pay nothing yet")
    if isinstance(action, Bid):
        return _explain_bid(state, seat, action.amount)
    if isinstance(action, DropOut):
        return _explain_drop_out(state, seat)
    if isinstance(action, TakeAction):
        return TILE_REASONS.get(action.name)
    if isinstance(action, Urbanize):
        return "a new city there wants goods that lie close by"
    if isinstance(action, Build):
        return _explain_build(state, seat, action)
    if isinstance(action, EndBuild):
        return "no tile left brings a paying delivery closer for its cost"
    if isinstance(action, Deliver):
        return _explain_delivery(state, seat, action)
    if isinstance(action, RaiseLocomotive):
        return "a longer locomotive pays more than any delivery open now"
    if isinstance(action, PassMove):
        return "no delivery open now pays you more than it pays the others"
    return _explain_goods(state, seat, action)


def _explain_goods(state: AgeOfSteamState, seat: int, action: Action) -> str | None:
    """Production and Communism (`_production`, `_communism`): a good for a city your
    track reaches, else the first space the rules offer."""
    mine = _my_stops(state, seat)
    if isinstance(action, CommunismExchange):
        return "a kept black good is worth less to you than a red one to deliver"
    if isinstance(action, CommunismPlace):
        h = state.map.hex_at(action.hex_label)
        if h in mine:
            return f"{state.place_name(h)} is on your track: the red good is yours to deliver"
        return "no city on your track takes a red good: the first city the rules offer"
    if isinstance(action, PlaceGood):
        ours = [c.name for c in state.map.cities if c.growth == action.row
                and c.hexes[0] in mine]
        if ours:
            return (f"that row feeds {ours[0]}, on your track: its goods may be yours to "
                    f"deliver")
        return "no row feeds a city on your track: the first space the rules offer"
    return None


def _explain_shares(state: AgeOfSteamState, seat: int, count: int) -> str:
    """`_shares`'s sum in dollars, each step said (what to pay, what to build with, the
    cash against it) and the cap or floor that changed the count, if one did."""
    numbers = rules.game_config()
    price, income, cash = numbers.start("share_price"), state.income[seat], state.cash[seat]
    expenses = state.shares[seat] + state.loco[seat]
    to_pay = max(0, expenses - income)
    budget = _budget(state, seat)
    need = to_pay + budget
    build = f"about ${budget} to build" if budget else "nothing to build"
    sums = (f"expenses ${expenses} less income ${income} leave ${to_pay} to pay, plus {build}:"
            f" ${need}")
    wanted = max(0, math.ceil((need - cash) / price))
    room = numbers.start("max_shares") - state.shares[seat]
    if count == 0:
        if wanted and room <= 0:
            return (f"{sums} against your ${cash} cash, but you hold the most shares there "
                    f"are ({state.shares[seat]})")
        return (f"{sums}, which your ${cash} cash covers; every share costs $1 a turn and 3 "
                f"points")
    shares = "1 share" if count == 1 else f"{count} shares"
    text = f"raises ${count * price} ({shares} at ${price}): {sums} against your ${cash} cash"
    if count > wanted:
        text += ", and fewer would not pay this turn's expenses"
    elif count < wanted:
        if count == room:
            text += f"; only {room} more shares are left to issue"
        elif income >= expenses + 3:
            text += "; at most 1 a turn while income beats expenses by $3 or more"
        else:
            text += "; at most 2 a turn"
    return text


def _explain_bid(state: AgeOfSteamState, seat: int, dollars: int) -> str:
    """The bid and what the turn played out (`turn_order_gain`) leaves this seat with,
    in projected points against the others' average, after it and after dropping out."""
    ahead, behind = turn_order_leads(state, seat, Bid(dollars))
    return (f"bid ${dollars}: played out to the end of this turn's moves, it leaves your "
            f"projected final score {_lead(ahead)} the others' average, against "
            f"{_lead(behind)} if you drop out now ({_drop_cost(state, seat)})")


def _lead(points: float) -> str:
    """A lead over the others' average in words ("2.4 points above", "1 point below")."""
    if amount(points) == "0":
        return "level with"
    unit = "point" if amount(points) == "1" else "points"
    return f"{amount(points)} {unit} {'above' if points > 0 else 'below'}"


def _drop_cost(state: AgeOfSteamState, seat: int) -> str:
    """What dropping out now costs and the place it takes (`bid_payment`, AS-1)."""
    alive = sum(1 for s in range(state.players) if state.alive[s])
    place = len(state.bidders)
    pay = rules.bid_payment(state.bids.get(str(seat), 0), place, alive)
    return f"place {place} for ${pay}"


def turn_order_leads(state: AgeOfSteamState, seat: int, bid: Bid) -> tuple[float, float]:
    """`seat`'s projected final score above the others' average once the turn is played
    out (`turn_played_out`) after `bid` and after dropping out: what `turn_order_gain`
    compares, in points before its logistic (so the sign of their difference is its)."""
    base = state.determinize(random.Random(0))
    ahead, behind = base.clone(), base.clone()
    ahead.apply(bid)
    behind.apply(DropOut())
    return (turn_played_out(ahead, seat, lead_over_average),
            turn_played_out(behind, seat, lead_over_average))


def lead_over_average(state: GameState) -> list[float]:
    """Each live seat's projected final score above the others' average (`evaluate` puts
    this through its logistic); -inf for a seat out of the game."""
    assert isinstance(state, AgeOfSteamState)
    values = projected_scores(state)
    live = [v for v in values if v != -math.inf]
    if len(live) <= 1:
        return [0.0 if v != -math.inf else -math.inf for v in values]
    return [v - (sum(live) - v) / (len(live) - 1) if v != -math.inf else -math.inf
            for v in values]


def _explain_drop_out(state: AgeOfSteamState, seat: int) -> str:
    """Which of `_auction`'s limits stops the next bid: the cash to spare (its sum said),
    the cap on any bid, or the turn played out (the hint said "not worth it" when it was
    the cash); each with what dropping out costs."""
    bid = state.high_bid + 1
    cost = _drop_cost(state, seat)
    if bid > max(0, spare_cash(state, seat)):
        return f"a bid of ${bid} is more than you can spare: {_spare_words(state, seat)}; " \
            f"you take {cost}"
    if bid > BID_LOOKAHEAD_CAP:
        return (f"a bid of ${bid} is over the ${BID_LOOKAHEAD_CAP} the bot ever pays for turn "
                f"order; you take {cost}")
    ahead, behind = turn_order_leads(state, seat, Bid(bid))
    return (f"played out to the end of this turn's moves, a bid of ${bid} leaves your "
            f"projected final score {_lead(ahead)} the others' average, against "
            f"{_lead(behind)} if you drop out now ({cost})")


def _spare_words(state: AgeOfSteamState, seat: int) -> str:
    """`spare_cash` as a sum: the cash, less next turn's expenses beyond income and
    `SPARE_BUILD` to build ("cash $10 less $7 kept for next turn (...) leaves $3")."""
    cash, income = state.cash[seat], state.income[seat]
    expenses = state.shares[seat] + state.loco[seat]
    kept = max(0, expenses - income + SPARE_BUILD)
    if not kept:
        return (f"all your ${cash} cash, as income ${income} covers expenses ${expenses} and "
                f"${SPARE_BUILD} to build")
    spare = f"${cash - kept}" if cash > kept else "nothing"
    return (f"cash ${cash} less ${kept} kept for next turn (expenses ${expenses} less income "
            f"${income}, plus ${SPARE_BUILD} to build) leaves {spare}")


TILE_REASONS = {
    "locomotive": "one more locomotive level opens a better delivery",
    "engineer": "a fourth tile this turn brings your next link closer",
    "first_build": "building before the others keeps your next link from being blocked",
    "first_move": "moving first takes the goods before the others can",
    "urbanization": "a new city can make your nearby track pay",
    "turn_order": "the most useful tile left for your plan: it keeps your place next turn",
    "production": "new goods can be placed in cities your track reaches",
    "communism": "it swaps goods the way your deliveries need",
    "ferry": "your deliveries across the Nile pay no ferry fee",
}
"""One line per action tile: why the heuristic's order (`_select`) put it first."""


def _explain_build(state: AgeOfSteamState, seat: int, action: Build) -> str:
    """What the tile does for a link (`build_ranking`'s score: 1 or more finishes one with
    goods waiting), and its price against the cash it may spend (`build_ranking` keeps
    next turn's expenses beyond income)."""
    ranked = build_ranking(state, seat, state.legal_actions())
    score = next((value for value, a in ranked if a == action), 0.0)
    h = state.map.hex_at(action.hex_label)
    where = state.map.whereabouts(h)
    cost = state.build_prices.get(action)
    if cost is None:
        cost = rules.build_price(state, seat, action.kind, h, action.tile)
    reserve = max(0, state.shares[seat] + state.loco[seat] - state.income[seat])
    price = (f"; the tile costs ${cost} of your ${state.cash[seat]} cash"
             + (f", keeping ${reserve} for next turn's expenses beyond income" if reserve
                else ""))
    if score >= 1.0:
        return f"finishes a link {where} with goods waiting to go along it{price}"
    return f"brings a line {where} closer to a city that wants its goods{price}"


def _explain_delivery(state: AgeOfSteamState, seat: int, action: Deliver) -> str | None:
    routes = state.offered_routes or rules.routes(state, seat)
    route = next((r for r in routes if r.action == action), None)
    if route is None:
        return None
    mine = route.income.get(seat, 0)
    others = sum(v for s, v in route.income.items() if s != seat)
    links = "link" if mine == 1 else "links"
    text = (f"delivers to {state.place_name(route.destination)}: +{mine} income for the "
            f"{mine} {links} of yours it runs on")
    if others:
        text += f" (the others' links on it earn them +{others})"
    if route.fee:
        text += f"; you pay a ${route.fee} ferry fee"
    return text


EASY_CAREFUL_TURNS = 2
"""Turns at the start in which the easy bot plays the heuristic outright: random builds in
the opening left seats without a paying link, issuing shares every turn after. With them
four easy seats went bankrupt in 8 of 160 seats on CCCP (6 on Egypt); playing the first
two turns carefully, 3 (6 on Egypt, 0 on Chile). See docs/strength.md, Multi-player."""

EASY_TILES = ("first_build", "first_move", "turn_order", "urbanization", "production",
              "ferry", "communism", "engineer")
"""A beginner's order of preference for the action tiles (each map offers one of
production, ferry and communism). Building and moving first sound best to a beginner;
the Engineer comes last because its extra tile is of no use to a player who lays two
(`EASY_MAX_BUILDS`). Never the Locomotive: it raises expenses for good, the easiest
way for a weak player to go bankrupt. The heuristic instead takes the Locomotive when
a longer delivery pays, and the Engineer first."""

EASY_MAX_BUILDS = 2
"""Tiles the easy bot lays a turn at most (the heuristic lays up to three, four with the
Engineer): a beginner builds short and stays solvent, so its network grows slower."""

EASY_VARIETY = 0.2
"""Share of the easy bot's tile, build and delivery decisions made at random among
`_harmless` moves, so that two games against it do not go the same way. It costs no
strength gap: with none, normal over easy was +55 Elo [4, 113] on Egypt against +71
[16, 134] with 20 % (96 games each)."""


class EasyBot:
    """A beginner, clearly weaker than the normal bot but hardly ever bankrupt.

    - Shares and bids follow the heuristic all game (the normal bot's turn-order lookahead
      too: the plain small bids sent 10 of 160 all-easy CCCP seats bankrupt, the lookahead
      8): the easy bot plays weak, never reckless with money.
    - The heuristic outright in the first `EASY_CAREFUL_TURNS` turns (a paying first link)
      and whenever its expenses outrun its income after them (a beginner who is short of
      money plays carefully).
    - Otherwise (its income covers its expenses) beginner moves: action tiles in the fixed
      order `EASY_TILES` (never the Locomotive), at most `EASY_MAX_BUILDS` tiles a turn
      from the heuristic's ranking, the delivery that pays itself most now
      (`_greedy_delivery`, blind to what it gives others and to a longer engine), and
      never a locomotive raise; in `EASY_VARIETY` of those decisions a random `_harmless`
      move instead, from its seeded rng. Goods placement (production, communism) follows
      the heuristic.

    The bot it replaces (a random harmless move half the time) was no weaker than normal
    on Egypt (normal over easy -10 Elo [-110, 91], 48 games); this one is separated below
    normal on Chile and CCCP, and narrowly on Egypt (+52 [14, 88] over 192 games; there
    an easy seat is short of money, so plays the heuristic, most of the time), with under
    5 % of all-easy seats bankrupt (docs/strength.md, "a beginner easy bot"). Playing
    beginner moves also when short of money was weaker still but sent 11 of 160 all-easy
    Egypt seats bankrupt.
    """

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._choice: Action | None = None

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, AgeOfSteamState)
        state = observation
        seat = state.current_player
        assert seat is not None and seat >= 0
        legal = state.legal_actions()
        careful = state.round <= EASY_CAREFUL_TURNS or _short_of_money(state, seat)
        if len(legal) == 1:
            self._choice = legal[0]
        elif careful or state.phase not in (Phase.SELECT, Phase.BUILD, Phase.MOVE):
            self._choice = policy_choice(state, seat, legal, self._rng)
        else:
            self._choice = beginner_choice(state, seat, legal, self._rng)

    def think(self, seconds: float) -> bool:
        return True

    def action(self) -> Action:
        assert self._choice is not None, "start() first"
        return self._choice


def beginner_choice(state: AgeOfSteamState, seat: int, legal: list[Action],
                    rng: random.Random) -> Action:
    """The easy bot's tile, build or delivery once it plays as a beginner."""
    if rng.random() < EASY_VARIETY:
        harmless = _harmless(state, seat, legal)
        if harmless:
            return rng.choice(harmless)
    if state.phase == Phase.SELECT:
        return _easy_tile(legal)
    if state.phase == Phase.BUILD:
        return _build(state, seat, legal, limit=EASY_MAX_BUILDS)
    return _greedy_delivery(state, seat, legal)


def _easy_tile(legal: list[Action]) -> Action:
    """The first free tile of `EASY_TILES` (the Locomotive only when nothing else is
    left, which takes a table of six)."""
    names = {a.name: a for a in legal if isinstance(a, TakeAction)}
    return next((names[n] for n in EASY_TILES if n in names), legal[0])


def _greedy_delivery(state: AgeOfSteamState, seat: int, legal: list[Action]) -> Action:
    """The delivery paying this seat the most income now (the cheaper fee on a tie), among
    those whose ferry fee leaves this turn's expenses paid; else pass. Unlike the normal
    bot (`route_value`) it ignores what the delivery pays others and never raises the
    locomotive for a longer one."""
    best = max(_paying_routes(state, seat, legal),
               key=lambda r: (r.income.get(seat, 0), -r.fee), default=None)
    return best.action if best is not None else PassMove()


def _paying_routes(state: AgeOfSteamState, seat: int,
                   legal: list[Action]) -> list[Route]:
    """The legal deliveries that pay this seat and whose ferry fee leaves this turn's
    expenses paid: all a weak player may choose among without ruining itself."""
    return [r for r in state.offered_routes or rules.routes(state, seat)
            if r.action in legal and r.income.get(seat, 0) > 0
            and _fee_affordable(state, seat, r)]


def _short_of_money(state: AgeOfSteamState, seat: int) -> bool:
    """After the careful turns, are the seat's expenses above its income?"""
    return (state.round > EASY_CAREFUL_TURNS
            and state.shares[seat] + state.loco[seat] > state.income[seat])


def _harmless(state: AgeOfSteamState, seat: int, legal: list[Action]) -> list[Action]:
    """Moves a weak player may pick at random without ruining itself: no locomotive
    (it raises expenses), builds only among the heuristic's five best that it can afford
    and that score, and none past `EASY_MAX_BUILDS`, deliveries only that pay the seat
    and whose ferry fee leaves this turn's expenses paid (or passing)."""
    if state.phase == Phase.BUILD:
        if state.builds_done >= EASY_MAX_BUILDS:
            return [EndBuild()]
        ranked = [a for score, a in build_ranking(state, seat, legal)[:5]
                  if score > BUILD_THRESHOLD]
        return [*ranked, EndBuild()]
    if state.phase == Phase.MOVE:
        paying = {r.action for r in _paying_routes(state, seat, legal)}
        return [a for a in legal if a in paying or isinstance(a, PassMove)]
    return [a for a in legal if not isinstance(a, RaiseLocomotive)
            and a != TakeAction("locomotive")]


def selfplay_stats(state: Any, names: list[str]) -> Mapping[str, int]:
    """For tools/selfplay.py: seats, bankruptcies, summed final scores and shares issued
    per bot level (mean score of a level = score_<level> / seats_<level>)."""
    stats: dict[str, int] = {}
    scores = state.scores()
    for seat, name in enumerate(names):
        stats[f"seats_{name}"] = stats.get(f"seats_{name}", 0) + 1
        stats[f"score_{name}"] = stats.get(f"score_{name}", 0) + int(scores[seat])
        stats[f"shares_{name}"] = stats.get(f"shares_{name}", 0) + int(state.shares[seat])
        if not state.alive[seat]:
            stats[f"bankrupt_{name}"] = stats.get(f"bankrupt_{name}", 0) + 1
    return stats


__all__ = ["Deliver", "EasyBot", "evaluate", "explain", "policy", "selfplay_stats"]
