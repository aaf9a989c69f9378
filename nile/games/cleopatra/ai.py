"""Heuristics of the Cleopatra's Caboose bots: a one-step policy (the normal bot, the hint,
and the hard bot's rollouts), an evaluation of unfinished games (IS-MCTS leaves) and the
hard bot itself (the shared IS-MCTS over the policy's best few moves). The expert is the
same search with a larger budget, its rollouts scored by the fitted `ai_eval.evaluate`.

Everything reads only what the acting seat may see (they run on observations). Values are
in victory points; `Weights` holds the tunable numbers (tuned by self-play, see the
report). Gains of the other players count against the mover, shared among them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from nile.ai.hooks import AiHooks, Overrule, SearchStatistics
from nile.ai.ismcts import ISMCTS
from nile.core.game import Action, GameState
from nile.core.text import amount, change
from nile.games.cleopatra import ai_eval, rules
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    Bid,
    BuildPyramid,
    ChooseGod,
    ConstructTrack,
    DrawCityCards,
    EndTurn,
    Pass,
    ProduceFruit,
    ShipFruit,
    SourceFruit,
    StartBuilding,
    TakeCard,
)
from nile.games.cleopatra.rules.phases import Phase

D = rules.game_data()
KINDS = D.auction
CARDS = D.city_cards
CITIES = len(D.cities)
LAST_TURN = {players: D.turn_line.index(players) for players in (3, 4, 5)}


@dataclass(frozen=True)
class Weights:
    """The policy's and the evaluation's numbers, in victory points."""

    florin: float = 1.3
    """A Florin during the game (it buys track and pyramids); a third at the very end."""
    florin_last_turn: float = 0.4
    city_card: float = 0.8
    train_future: float = 0.3
    """Worth of a placed train per turn still to come (majorities grow with buildings)."""
    train_base: float = 0.5
    draw: float = 1.8
    ship_base: float = 0.3
    produce_base: float = 0.2
    card_fruit_penalty: float = 1.0
    take_train: float = 1.3
    take_building: float = 0.3
    take_fruit: float = 1.0
    bid_florin_per_step: int = 7
    bid_cap: int = 3
    # Evaluation of unfinished games (leaves of the hard bot's search).
    eval_money: float = 0.8
    eval_city_card: float = 0.6
    eval_train_base: float = 0.3
    eval_train: float = 0.4
    """Per placed train per turn left, on top of today's majorities."""
    eval_building_vp: float = 0.0
    eval_hand_train: float = 0.1
    eval_action: float = 3.6
    """What an action still to take this turn is worth (6 in the last turn)."""
    eval_action_last: float = 6.0
    eval_pick: float = 1.4
    eval_scale: float = 4.0
    eval_scale_per_turn: float = 2.5


W = Weights()


def turns_left(state: rules.CleopatraState) -> int:
    """Turns still to play after this one."""
    return LAST_TURN[state.players] - state.turn


def florin_value(state: rules.CleopatraState) -> float:
    return W.florin_last_turn if turns_left(state) == 0 else W.florin


# Context: what one decision needs, computed once --------------------------------------


class Context:
    """Cached facts for valuing the moves of one seat in one state."""

    def __init__(self, state: rules.CleopatraState, seat: int) -> None:
        self.state, self.seat, self.players = state, seat, state.players
        self.florin = florin_value(state)
        self.turns_left = turns_left(state)
        self._trains: list[list[int] | None] = [None] * CITIES
        self._prestige: list[int] = [-1] * CITIES
        self._share: dict[int, float] = {}
        self._track: dict[tuple[int, int], float] = {}
        self._card_loss: dict[int, float] = {}

    def trains(self, city: int) -> list[int]:
        counts = self._trains[city]
        if counts is None:
            counts = self._trains[city] = self.state.trains_around(city)
        return counts

    def prestige(self, city: int) -> int:
        if self._prestige[city] < 0:
            self._prestige[city] = self.state.prestige(city)
        return self._prestige[city]

    def card_loss(self, kind: int) -> float:
        """Fruit-type VP lost by giving up a face-up Fruit card."""
        if kind not in self._card_loss:
            self._card_loss[kind] = _fruit_card_loss(self.state, self.seat, kind)
        return self._card_loss[kind]

    def relative(self, points: list[int]) -> float:
        """The seat's points minus the mean of the others'."""
        return (points[self.seat] * self.players - sum(points)) / (self.players - 1)

    def track_gain(self, track: int, trains: int) -> float:
        """How much more the seat would lead the others at both ends of the track."""
        key = (track, trains)
        if key not in self._track:
            gain = 0.0
            for city in D.tracks[track]:
                counts = list(self.trains(city))
                prestige = self.prestige(city) + 1  # buildings still to come
                before = rules.majority_points(prestige, counts, self.players)
                counts[self.seat] += trains
                after = rules.majority_points(prestige, counts, self.players)
                gain += self.relative([a - b for a, b in zip(after, before, strict=True)])
            self._track[key] = gain
        return self._track[key]

    def share(self, city: int) -> float:
        """The part of a city's prestige the seat would score now, less the others' (-1..1)."""
        if city not in self._share:
            prestige = self.prestige(city)
            points = rules.majority_points(prestige, self.trains(city), self.players)
            self._share[city] = self.relative(points) / prestige if prestige else 0.0
        return self._share[city]


def city_table(state: rules.CleopatraState) -> list[list[int]]:
    """Each city's points per seat if the game ended now."""
    return [rules.majority_points(state.prestige(c), state.trains_around(c), state.players)
            for c in range(CITIES)]


# Action values ---------------------------------------------------------------------------


def _types_gain(state: rules.CleopatraState, seat: int, kind: int) -> float:
    have = {KINDS[k].building_type for k in state.buildings[seat]}
    new = len(have | {KINDS[kind].building_type})
    return rules.types_vp(new, D.building_type_vp) - rules.types_vp(len(have), D.building_type_vp)


def fruit_types(cards: list[int]) -> int:
    return len({f for k in cards for f in KINDS[k].fruits})


def _fruit_card_loss(state: rules.CleopatraState, seat: int, kind: int) -> float:
    cards = list(state.fruit_cards[seat])
    before = rules.types_vp(fruit_types(cards), D.fruit_type_vp)
    cards.remove(kind)
    return before - rules.types_vp(fruit_types(cards), D.fruit_type_vp)


def value_track(ctx: Context, action: ConstructTrack) -> float:
    card = KINDS[action.train]
    cost = rules.track_cost(ctx.state, ctx.seat, card.cost)
    future = (W.train_base + W.train_future * ctx.turns_left) * card.trains
    return (ctx.track_gain(action.track, card.trains) + future
            - cost * ctx.florin - W.city_card)


def value_building(ctx: Context, action: StartBuilding) -> float:
    state, seat = ctx.state, ctx.seat
    kind = KINDS[action.building]
    city = CARDS[action.city_card].city
    value = kind.vp + _types_gain(state, seat, action.building) - W.city_card
    value += kind.bonus * max(0.0, ctx.share(city))
    needed = kind.fruits
    for f in needed:
        sources = rules.fruit_sources(state, seat, city, f, needed)
        if sources and sources[0].action.source == FROM_CARD:
            loss = ctx.card_loss(sources[0].action.where)
            value -= W.card_fruit_penalty + 0.5 * loss
    trains = ctx.trains(city)
    others = sum(trains) - trains[seat]
    return value - ctx.florin * others / (ctx.players - 1)


def value_ship(ctx: Context, action: ShipFruit) -> float:
    state, seat = ctx.state, ctx.seat
    card = CARDS[action.city_card]
    price = next(p for f, p in card.demands if f == action.fruit)
    income = max(0, price + state.market[action.fruit]) + rules.ship_bonus(state, seat)
    trains = ctx.trains(card.city)
    given = sum(trains[s] + sum(1 for k in state.fruit_cards[s]
                                if action.fruit in KINDS[k].fruits)
                for s in range(ctx.players) if s != seat)
    return income * ctx.florin - given / (ctx.players - 1) - W.city_card + W.ship_base


def value_produce(ctx: Context, action: ProduceFruit) -> float:
    state, seat = ctx.state, ctx.seat
    fruits = KINDS[action.fruit_card].fruits
    demand = sum(1 for c in state.city_hand[seat] for f, _ in CARDS[c].demands if f in fruits)
    return (W.produce_base + 0.5 * min(demand, 3)
            - ctx.card_loss(action.fruit_card) - W.city_card)


def value_pyramid(ctx: Context, action: BuildPyramid) -> float:
    cost = rules.pyramid_cost(ctx.state, ctx.seat, action.bonus)
    return action.bonus * (1 + ctx.share(action.city)) - cost * ctx.florin


def value_draw(ctx: Context, action: DrawCityCards) -> float:
    hand = len(ctx.state.city_hand[ctx.seat])
    value = W.draw + (1.0 if hand <= 2 else 0.0) - 0.15 * max(0, hand - 6)
    if ctx.turns_left == 0:
        value -= 1.0
    if action.card >= 0:
        value += 0.05 * ctx.trains(CARDS[action.card].city)[ctx.seat]
    return value


def value_take(state: rules.CleopatraState, seat: int, kind: int) -> float:
    card = KINDS[kind]
    if card.category == rules.TRAIN:
        affordable = state.money[seat] >= card.cost
        return card.trains * (W.take_train if affordable else 0.5 * W.take_train) \
            - card.cost * W.florin * 0.5
    if card.category == rules.BUILDING:
        return W.take_building * card.vp + _types_gain(state, seat, kind)
    have = fruit_types(state.fruit_cards[seat])
    after = fruit_types([*state.fruit_cards[seat], kind])
    return (W.take_fruit + rules.types_vp(after, D.fruit_type_vp)
            - rules.types_vp(have, D.fruit_type_vp))


def value_action(ctx: Context, action: Action) -> float:
    if isinstance(action, ConstructTrack):
        return value_track(ctx, action)
    if isinstance(action, ShipFruit):
        return value_ship(ctx, action)
    if isinstance(action, BuildPyramid):
        return value_pyramid(ctx, action)
    if isinstance(action, StartBuilding):
        return value_building(ctx, action)
    if isinstance(action, ProduceFruit):
        return value_produce(ctx, action)
    if isinstance(action, DrawCityCards):
        return value_draw(ctx, action)
    if isinstance(action, TakeCard):
        return value_take(ctx.state, ctx.seat, action.kind)
    return 0.0


# Auction and gods -----------------------------------------------------------------------


def god_value(state: rules.CleopatraState, seat: int, god: int) -> float:
    hand = state.auction_hand[seat]
    if god == rules.THOTH:
        picks = sorted((value_take(state, seat, k) for k in state.auction_display),
                       reverse=True)
        return picks[1] if len(picks) > 1 else 0.0
    if god == rules.HATHOR:
        return 0.8 * min(2, sum(1 for k in hand if k >= 0 and KINDS[k].category == rules.TRAIN))
    if god == rules.ANUBIS:
        return 1.0
    if god == rules.ISIS:
        return 0.8 * min(2, len(state.city_hand[seat]) // 2)
    if god == rules.HORUS:
        empty = any(not state.pyramid[c] and not state.city_has_fruit(c) for c in range(CITIES))
        return 1.6 if empty and state.pyramids_left else 0.0
    if god == rules.SET:
        return rules.SET_GIFT * florin_value(state)  # Florins are worth less at the end
    return 0.6 + 0.1 * state.players  # Ra: first pick of the Auction cards


def bid_limit(state: rules.CleopatraState, seat: int) -> int:
    return min(W.bid_cap, state.money[seat] // W.bid_florin_per_step)


BID_SPREAD = (-1, 0, 0, 1)
"""Added to the bid limit at each bid (seeded), so auctions do not run the same way
every turn: the limit is a rule of thumb, a Florin either way is as good a guess."""

GOD_CLOSE = 0.5
"""Gods valued within this many points of the best are equally good guesses; the policy
picks among them with its seeded generator instead of always the same one."""


def choose_god(state: rules.CleopatraState, seat: int, legal: list[Action],
               rng: random.Random) -> Action:
    """The best-valued god, or one as good within `GOD_CLOSE` (seeded variety)."""
    valued = [(god_value(state, seat, a.god), a) for a in legal if isinstance(a, ChooseGod)]
    if not valued:
        return legal[0]
    best = max(value for value, _ in valued)
    return rng.choice([a for value, a in valued if value >= best - GOD_CLOSE])


# The policy -----------------------------------------------------------------------------


def policy(state: GameState, rng: random.Random) -> Action:
    """The normal bot: the best-valued move now, ties broken at random."""
    assert isinstance(state, rules.CleopatraState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    assert seat is not None and seat >= 0
    if state.phase == Phase.AUCTION:
        bid = Bid(state.high_bid + 1)
        limit = bid_limit(state, seat) + rng.choice(BID_SPREAD)
        return bid if state.high_bid < limit and bid in legal else Pass()
    if state.phase == Phase.GODS:
        return choose_god(state, seat, legal, rng)
    if state.phase == Phase.ACTIONS and state.pending:
        return legal[0]  # the cheapest fruit source
    ctx = Context(state, seat)
    best, best_value = legal[0], -math.inf
    for action in legal:
        value = value_action(ctx, action) + rng.random() * 0.05
        if value > best_value:
            best, best_value = action, value
    return best


# Reasons (the hint's "why") ------------------------------------------------------------


GOD_REASONS = {
    rules.RA: "it acts first",
    rules.THOTH: "a second Auction card",
    rules.HATHOR: "cheaper track for the trains in hand",
    rules.ANUBIS: "a third action, to draw City cards",
    rules.ISIS: "more Florin per shipment",
    rules.HORUS: "a cheap pyramid",
    rules.SET: "5 Florin now",
}


def explain(state: GameState, action: Action) -> str | None:
    """Why the policy plays `action`: the points it valued it at, against the next best."""
    assert isinstance(state, rules.CleopatraState)
    seat = state.current_player
    if seat is None or seat < 0:
        return None
    if state.phase == Phase.AUCTION:
        limit = bid_limit(state, seat)
        rule = (f"1 Florin for every {W.bid_florin_per_step} in hand, at most {W.bid_cap}, "
                f"give or take 1; you have {state.money[seat]}")
        if isinstance(action, Bid):
            return f"turn order is worth about {limit} Florin to you ({rule})"
        return (f"turn order is worth about {limit} Florin to you ({rule}), and the high "
                f"bid is already {state.high_bid}")
    if isinstance(action, ChooseGod):
        return _explain_god(state, seat, action.god)
    if state.phase == Phase.ACTIONS and state.pending and isinstance(action, SourceFruit):
        return _explain_source(action)
    if state.phase != Phase.ACTIONS or state.pending:
        return None
    ctx = Context(state, seat)
    chosen = value_action(ctx, action)
    others = [value_action(ctx, a) for a in state.legal_actions() if a != action]
    if isinstance(action, EndTurn):
        return ("no move left is worth its cost this turn" if others
                else "no action is left to you this turn")
    text = (f"by the bot's estimate of the final scores it should "
            f"{change(chosen, 'gain', 'lose', 'point')} against the others")
    if others:
        best_other = change(max(others), "gain", "lose")
        if best_other == change(chosen, "gain", "lose"):  # not "gain 19.5 (… gain 19.5)"
            text += " (the next best move is as good)"
        else:
            text += f" (the next best move would {best_other})"
    return text


def _explain_god(state: rules.CleopatraState, seat: int, god: int) -> str:
    """A god's worth in victory points as `god_value` reckons it, with the sum it comes
    from, so a player can check it ("5 Florin at 1.3 points each: about 6.5 points"); the
    best other god's worth beside it (the bot picks among gods within `GOD_CLOSE`)."""
    value = god_value(state, seat, god)
    text = f"{GOD_REASONS[god]}: {_worth(value)} to you now ({_god_basis(state, seat, god)})"
    others = [(god_value(state, seat, a.god), a.god) for a in state.legal_actions()
              if isinstance(a, ChooseGod) and a.god != god]
    if others:
        best, other = max(others)
        text += f"; the best other god, {D.gods[other].name}, {_worth(best)}"
        if amount(best) != amount(value) and value < best <= value + GOD_CLOSE:
            text += f" (within {amount(GOD_CLOSE)} of it, as good a guess)"
    return text


def _worth(value: float) -> str:
    """A value in points said with a word for its sign ("a cost of about 1.2 points", never
    a bare "-1.2"; "next to nothing", never "about no points")."""
    if amount(value) == "0":
        return "worth next to nothing"
    return change(value, "worth about", "a cost of about", "point")


def _god_basis(state: rules.CleopatraState, seat: int, god: int) -> str:
    """The sum behind `god_value`, in words and the numbers it multiplies."""
    hand = state.auction_hand[seat]
    if god == rules.THOTH:
        return "the bot's value of the second best Auction card on display"
    if god == rules.HATHOR:
        trains = sum(1 for k in hand if k >= 0 and KINDS[k].category == rules.TRAIN)
        return f"0.8 points for each Train card in hand, at most 2; you hold {trains}"
    if god == rules.ANUBIS:
        return "the bot counts an extra action as 1 point"
    if god == rules.ISIS:
        cards = len(state.city_hand[seat])
        return f"0.8 points for every 2 City cards in hand, at most 2 pairs; you hold {cards}"
    if god == rules.HORUS:
        empty = sum(1 for c in range(CITIES)
                    if not state.pyramid[c] and not state.city_has_fruit(c))
        left = len(state.pyramids_left)
        return (f"1.6 points while a city is empty and a pyramid is left; {empty} empty "
                f"cit{'y' if empty == 1 else 'ies'}, {left} pyramid{'' if left == 1 else 's'} "
                f"left")
    if god == rules.SET:
        return f"{rules.SET_GIFT} Florin at {amount(florin_value(state))} points each"
    return f"0.6 points and 0.1 for each of the {state.players} players"


def _explain_source(action: SourceFruit) -> str:
    """Where a building's fruit comes from: the first source `fruit_sources` offers (a
    cube in the city itself, then the nearest city along the track, then a Fruit card)."""
    fruit = D.fruits[action.fruit]
    if action.source == FROM_CARD:
        return f"no city on your track has {fruit} to spare: a Fruit card in hand pays it"
    return (f"the {fruit} from {D.cities[action.where]}, the nearest city with one (a cube "
            f"in the building's own city first, then along the track, then a Fruit card)")


# Evaluation -----------------------------------------------------------------------------


def estimated_scores(state: rules.CleopatraState) -> list[float]:
    """Each seat's expected final score: a linear model of today's position fitted on
    self-play of the policy (3 players), by the turns left."""
    table = city_table(state)
    left = max(0, turns_left(state))
    vp_weight = 1.0 - 0.05 * left
    city_weight = max(0.5, 0.85 - 0.07 * left)
    card_weight = min(1.5, W.eval_city_card + 0.2 * left)
    train_weight = W.eval_train_base + W.eval_train * left
    result: list[float] = []
    for seat in range(state.players):
        score = vp_weight * state.vp[seat] + city_weight * sum(row[seat] for row in table)
        score += state.money[seat] * (W.eval_money if left else 1 / 3)
        types = len({KINDS[k].building_type for k in state.buildings[seat]})
        score += rules.types_vp(types, D.building_type_vp)
        score += 0.85 * rules.types_vp(fruit_types(state.fruit_cards[seat]), D.fruit_type_vp)
        score += train_weight * (D.trains_per_player - state.trains_left[seat])
        score += card_weight * len(state.city_hand[seat])
        score += _hand_worth(state, seat, left)
        score += _turn_still_to_play(state, seat, left)
        result.append(score)
    return result


def _turn_still_to_play(state: rules.CleopatraState, seat: int, left: int) -> float:
    """What the seat's actions and Auction cards still due this turn are worth, so that a
    search cut off in mid-turn does not favour whoever happens to act first."""
    per_action = W.eval_action_last if left == 0 else W.eval_action
    if state.phase != Phase.ACTIONS:
        god = state.gods[seat]
        actions = 3 if god == rules.ANUBIS else 2
        picks = 2 if god == rules.THOTH else 1
        return actions * per_action + picks * W.eval_pick
    index = state.action_order.index(seat)
    if index < state.action_index:
        return 0.0
    if index > state.action_index:
        return (state.actions_allowed(seat) * per_action
                + rules.auction_picks(state, seat) * W.eval_pick)
    value = (state.actions_allowed(seat) - state.actions_used) * per_action
    value += state.picks_left * W.eval_pick
    if state.pending:
        value += KINDS[state.pending[0]].vp
    return value


def _hand_worth(state: rules.CleopatraState, seat: int, left: int) -> float:
    """Train and Building cards in hand (an unknown card counts as an average one)."""
    worth = 0.0
    for kind in state.auction_hand[seat]:
        if kind < 0:
            worth += 0.5
        elif KINDS[kind].category == rules.BUILDING:
            worth += W.eval_building_vp * KINDS[kind].vp
        else:
            worth += W.eval_hand_train * left * KINDS[kind].trains
    return worth


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected share of the others it beats (what `returns` measures)."""
    assert isinstance(state, rules.CleopatraState)
    scores = estimated_scores(state)
    scale = W.eval_scale + W.eval_scale_per_turn * max(0, turns_left(state))
    n = state.players
    result = []
    for seat in range(n):
        beats = sum(1 / (1 + math.exp((scores[o] - scores[seat]) / scale))
                    for o in range(n) if o != seat)
        result.append(beats / (n - 1))
    return result


# The hard bot: IS-MCTS over the policy's best few moves ---------------------------------

SEARCH_WIDTH = 6
"""Moves the hard bot searches in the action phase: the policy's best few."""
BID_STEPS = (1, 2, 3, 5)
"""Raises the hard bot considers in the auction (above the high bid)."""
SEARCH_TIME_CAP: float | None = 0.8
"""Seconds of thinking per decision at most (None: iterations only, for reproducible
measurements). Below the 1 s target to leave room for a busy machine."""


EXPERT_ITERATIONS = 1000
"""The expert's budget: the hard bot's search, its rollouts scored by the fitted
evaluation (`ai_eval`). It won 49 of 100 three-player games against two hard bots at the
app's caps on a fresh seed, +103 Elo [49, 163]; a bigger budget alone had bought nothing
(1800 iterations with hard's evaluation won 5 of 18; docs/strength.md). Its decisions take
0.39 s of CPU median, 1.13 s p95, so the 4 s cap never cuts it."""


def prune(state: rules.CleopatraState, legal: list[Action]) -> list[Action]:
    """The moves worth searching: a few raises in the auction, the best-valued actions in
    the action phase, everything else (gods, Auction cards, fruit sources) untouched."""
    seat = state.current_player
    if seat is None or seat < 0 or len(legal) <= 1:
        return legal
    if state.phase == Phase.AUCTION:
        wanted = {Pass(), *(Bid(state.high_bid + step) for step in BID_STEPS)}
        return [a for a in legal if a in wanted]
    if not _chooses_an_action(state):
        return legal
    ctx = Context(state, seat)
    ranked = sorted(legal, key=lambda a: value_action(ctx, a), reverse=True)
    return ranked[:SEARCH_WIDTH]


def _chooses_an_action(state: rules.CleopatraState) -> bool:
    """The acting seat picks one of the six actions (not a source, not an Auction card)."""
    return state.phase == Phase.ACTIONS and not state.pending and not state.picks_left


def candidates(state: GameState) -> list[Action]:
    """The moves the hard bot's search considers (the `candidates` hook): `prune`d legal
    moves. Only the search sees the cut; the game always offers every legal move."""
    assert isinstance(state, rules.CleopatraState)
    return prune(state, state.legal_actions())


def rollout_policy(state: GameState, rng: random.Random) -> Action:
    """The search's rollout move: the best-valued of six actions straight from `prune`
    (which ranks them, without the policy's tie-breaking noise), else the policy."""
    assert isinstance(state, rules.CleopatraState)
    if _chooses_an_action(state):
        legal = state.legal_actions()
        if len(legal) > 1:
            return prune(state, legal)[0]
    return policy(state, rng)


NEAR_EQUAL = 0.02
"""Root moves of the auction and the god choice whose searched mean result is within
this of the most visited one's (about the standard error of a few dozen rollouts) are as
good as the search can tell: `among_equals` picks one with the bot's seeded generator."""


def among_equals(rng: random.Random) -> Overrule:
    """The hard bot's last look (the `overrule` hook): in the auction and the god choice,
    a move the search could not tell from its most visited one, drawn with `rng` in
    proportion to visits, so that one bot does not repeat one god or one bid where
    several are as good, and two seeds play differently. Elsewhere, the search's move."""

    def overrule(observation: GameState, choice: Action,
                 statistics: SearchStatistics) -> tuple[Action, str | None]:
        assert isinstance(observation, rules.CleopatraState)
        chosen = statistics(choice)
        if observation.phase not in (Phase.AUCTION, Phase.GODS) or chosen is None:
            return choice, None
        visits, mean = chosen
        close: list[tuple[Action, int]] = []
        for action in candidates(observation):
            found = statistics(action)
            if found is not None and 2 * found[0] >= visits and found[1] >= mean - NEAR_EQUAL:
                close.append((action, found[0]))
        if len(close) <= 1:
            return choice, None
        actions, weights = zip(*close, strict=True)
        return rng.choices(actions, weights=weights)[0], None

    return overrule


class HardBot:
    """The shared IS-MCTS over the `candidates` of the bot's observation, with a seeded
    choice among equally good gods and bids (`among_equals`).

    The search stops at its iteration budget or after `SEARCH_TIME_CAP` seconds of
    thinking, whichever comes first (the shared search keeps the cap inside one call).
    """

    def __init__(self, hooks: AiHooks, rng: random.Random, level: str = "hard") -> None:
        iterations, seconds = hooks.budget(level)
        hooks = replace(hooks, overrule=among_equals(rng))
        self._search = ISMCTS(hooks, rng, iterations=iterations,
                              seconds=SEARCH_TIME_CAP if level == "hard" else seconds)

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The tools' budget (`--hard-iterations`): iterations alone mean no time cap."""
        self._search.set_budget(iterations, seconds)

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, rules.CleopatraState)
        self._search.start(observation)

    def think(self, seconds: float) -> bool:
        return self._search.think(seconds)

    def action(self) -> Action:
        return self._search.action()


def make_bot(level: str, seat: int, rng: random.Random) -> HardBot | None:
    """The hard and expert levels are `HardBot`, the expert's with `expert_hooks`; easy
    and normal use the shared policy bots."""
    if level == "expert":
        return HardBot(expert_hooks(), rng, level)
    return HardBot(hooks(), rng, level) if level == "hard" else None


def hooks() -> AiHooks:
    return AiHooks(policy=policy, evaluate=evaluate, rollout_depth=4, hard_iterations=300,
                   hard_seconds=0.8, expert_iterations=EXPERT_ITERATIONS,
                   rollout_epsilon=0.1, exploration=0.5,
                   candidates=candidates, rollout_policy=rollout_policy,
                   make_bot=make_bot, explain=explain)


def expert_hooks() -> AiHooks:
    """The expert's search: the hard bot's (the same 4-move rollouts), the positions where
    they stop scored by the fitted evaluation instead of `evaluate`."""
    return replace(hooks(), evaluate=ai_eval.evaluate)
