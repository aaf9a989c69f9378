"""The hard bot: the shared IS-MCTS (nile.ai.ismcts) over the heuristic's best moves.

Age of Steam offers hundreds of tile placements per decision; a search of a few dozen
iterations cannot sample them. The hard bot therefore searches only the heuristic's best
few moves (its own choice first), with heuristic rollouts cut after `rollout_depth` moves.
It searches builds and deliveries; where a few moves ahead cannot show the worth of a
choice (shares, bids, Communism) it plays the heuristic, and it keeps the heuristic's move
unless the search finds a clear gain. Two things make it play for first place rather than
for a good score: its leaves compare each player's projected score (ai.py, counting the
deliverable income, so that a tile that opens a delivery shows at once) with the best
rival's and weigh CCCP's loser rule (`rival_evaluate`), and it picks its action tile by
playing the whole turn out after each (`tile_choice`). A seat behind keeps delivering: its
leaf counts the cost of income below expenses over the turns left (`shortfall_cost`) and
its search drops the pass while a delivery pays more than its fee (`keep_delivering`).

The game's bot hooks (`hooks`, `make_bot`) are at the end of this module: they name this
bot, the normal bot (the heuristic with `tile_choice`'s tile) and ai.py's heuristic, so
ai.py needs nothing from here (no import circle).
"""

from __future__ import annotations

import math
import random
from typing import Any

from nile.ai.hooks import AiHooks
from nile.ai.ismcts import ISMCTS
from nile.core.game import Action, GameState
from nile.games.age_of_steam.ai import (
    BUILD_THRESHOLD,
    EasyBot,
    build_ranking,
    explain,
    paying_deliveries,
    policy,
    policy_choice,
    projected_scores,
    quick_policy,
    route_value,
    turn_played_out,
    urbanize_choice,
    win_chances,
)
from nile.games.age_of_steam.rules import AgeOfSteamState, Route
from nile.games.age_of_steam.rules.actions import (
    Bid,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.phases import Phase

TOP_MOVES = 5
"""How many of the heuristic's best moves the hard bot's search considers per decision."""

FOLLOW_POLICY = (Phase.SHARES, Phase.AUCTION, Phase.SELECT, Phase.COMMUNISM)
"""Phases whose worth shows only turns later (money, turn order, action tiles, the CCCP
loser count): a search cut after a few moves cannot judge them, so inside the search every
player plays the heuristic there; the hard bot's own shares, bids and Communism are the
heuristic's too, and its action tile is `tile_choice`'s (the turn played out)."""

MARGIN = 0.02
"""How much better (in evaluation, 0..1) the search's move must look than the heuristic's."""

TILE_MARGIN = 0.02
"""How much better (in `rival_evaluate`, 0..1) another action tile's turn must end than the
heuristic's tile's for `tile_choice` to take it."""

# No expert: the one measured stronger than hard (144 iterations, rollouts 30 moves deep:
# 17.5 of 36 Egypt games as one seat among three hard bots) took up to 5.9 s of CPU a
# decision, so the app's 4 s cap cut the search that had been measured; at 60 iterations
# (still up to 6.2 s on Chile) it won 9 of 48 Egypt games on fresh seeds, under the chance
# share, hard +41 Elo [-24, 117] over it (issue 33 item 5, docs/strength.md). The level is
# not offered; a saved "expert" seat plays the hard bot.

LASTING_COSTS: tuple[Action, ...] = (RaiseLocomotive(), TakeAction("locomotive"))
"""Moves that add an expense every turn: searched only when the heuristic picks them."""


def rival_evaluate(state: GameState) -> list[float]:
    """The hard bot's leaf value: each player's projected score (`projected_scores`,
    less what its income below its expenses will cost it, `shortfall_cost`) against the
    best other player's (`win_chances`), times its chance of escaping CCCP's loser rule
    (`loser_risk`). In a four-player game only first place wins; a lead over the
    table's mean (`evaluate`) also rewards a move that hurts the weakest seats while the
    leader pulls away."""
    assert isinstance(state, AgeOfSteamState)
    values = [v - shortfall_cost(state, seat)
              for seat, v in enumerate(projected_scores(state))]
    chances = win_chances(values, lambda seat, live: max(
        w for other, w in enumerate(values) if other != seat))
    return [c * (1 - loser_risk(state, seat)) if c else c for seat, c in enumerate(chances)]


SHORTFALL_POINTS = 1.0
"""Points a dollar of income below expenses costs for every turn left: each turn short is
paid with shares ($5 each, −3 points and $1 more expenses every turn after), so a seat
behind on income sinks further each turn unless it delivers."""


def shortfall_cost(state: AgeOfSteamState, seat: int) -> float:
    """What the seat's income below its expenses will cost it over the turns left: the
    hard bot's leaf counts it (`rival_evaluate`) so that a seat behind sees at once what a
    paying delivery saves it, where the projected score (`projected_scores`) counts only
    this turn's shortfall beyond cash. Issue 33: a hard seat with income $4 against $8-10
    expenses passed its deliveries for five turns and ended on −11."""
    if not state.alive[seat]:
        return 0.0
    short = state.shares[seat] + state.loco[seat] - state.income[seat]
    return SHORTFALL_POINTS * max(0, short) * max(0, state.last_round - state.round)


LOSER_SCALE = 0.5
"""Red goods (kept, against the fewest another seat keeps) over which the loser risk goes
from one half to about 0.88."""


def loser_risk(state: AgeOfSteamState, seat: int) -> float:
    """CCCP (AS-4): how likely `seat` is to end as the fewest-red-goods loser (placed last
    whatever its score), from its kept red goods against the fewest another live seat
    keeps, weighed by how much of the game is played (later deliveries can still change
    it). Others' kept colours are hidden: in the search they are the determinization's
    guess. Without it the hard bot lost 28 of 80 CCCP games with the best score."""
    if not state.rules.hidden_kept_goods:
        return 0.0
    others = [state.kept[o]["red"] for o in range(state.players)
              if o != seat and state.alive[o]]
    if not others:
        return 0.0
    gap = min(others) - state.kept[seat]["red"]
    progress = min(1.0, state.round / state.last_round)
    return progress / (1 + math.exp(-gap / LOSER_SCALE))


def tile_choice(state: AgeOfSteamState, seat: int) -> Action:
    """The action tile to take: each tile on offer tried by playing the turn out (every
    player by the heuristic, hidden goods guessed with a fixed seed, `turn_played_out`)
    and scored by `rival_evaluate`; the heuristic's own tile unless another ends the turn
    better by `TILE_MARGIN`. Search rollouts of three moves cannot see what a tile buys
    (it pays in the build and move phases), the full turn can. The Locomotive tile is
    tried only when the heuristic takes it (it adds an expense every turn). At most seven
    turns played out: 0.14 s p95 of CPU, inside the hard bot's budget."""
    legal = state.legal_actions()
    own = policy_choice(state, seat, legal, random.Random(0))
    tried = [a for a in legal if isinstance(a, TakeAction)
             and (a == own or a not in LASTING_COSTS)]
    if own not in tried or len(tried) <= 1:
        return own
    base = state.determinize(random.Random(0))

    def outcome(tile: Action) -> float:
        trial = base.clone()
        trial.apply(tile)
        return turn_played_out(trial, seat, rival_evaluate)

    scores = {tile: outcome(tile) for tile in tried}
    best = max(tried, key=lambda tile: (scores[tile], tile == own))
    return best if scores[best] - scores[own] > TILE_MARGIN else own


def candidates(state: GameState) -> list[Action]:
    """The moves the hard bot's search considers (the `candidates` hook): the heuristic's
    best few, its own choice first, so a search of a few dozen iterations compares real
    alternatives instead of sampling hundreds of tile placements. The game itself always
    offers every legal move; only the search sees this cut."""
    assert isinstance(state, AgeOfSteamState)
    if state.current_player is None:
        return []
    return _best_moves(state, state.legal_actions())


def _best_moves(state: AgeOfSteamState, legal: list[Action]) -> list[Action]:
    if len(legal) <= 1 or state.current_player is None or state.current_player < 0:
        return legal
    seat = state.current_player
    if state.phase in FOLLOW_POLICY:
        return [quick_policy(state, random.Random(0))]
    others: list[Action] = []
    if state.phase == Phase.BUILD:
        ranked = build_ranking(state, seat, legal)
        urban = [a for a in legal if isinstance(a, Urbanize)]
        choice = urbanize_choice(state, seat, urban) if urban and not state.builds_done \
            else None
        if choice is not None:
            first: Action = choice
        elif ranked and ranked[0][0] > BUILD_THRESHOLD:
            first = ranked[0][1]
        else:
            first = EndBuild()
        others = [EndBuild(), *(a for _, a in ranked)]
    else:
        first = policy_choice(state, seat, legal, random.Random(0))
    if state.phase == Phase.BUILD:
        pass
    elif state.phase == Phase.MOVE:
        routes = sorted(state.offered_routes, key=lambda r: (-route_value(seat, r),
                                                             r.action.to_str()))
        paying = paying_deliveries(state, seat, legal)
        others = [r.action for r in routes] + ([] if paying else [PassMove()])
        if paying and isinstance(first, PassMove):
            first = keep_delivering(seat, paying)
    elif state.phase == Phase.AUCTION:
        others = [DropOut(), FreePass(), Bid(state.high_bid + 1), Bid(state.high_bid + 3)]
    elif state.phase == Phase.SHARES:
        others = [IssueShares(n) for n in range(4)]
    else:
        others = list(legal)
    result = [first]
    allowed = set(legal)
    for action in others:
        if len(result) >= TOP_MOVES:
            break
        if action in allowed and action not in result and action not in LASTING_COSTS:
            result.append(action)
    return result


def keep_delivering(seat: int, paying: list[Route]) -> Action:
    """The delivery the hard bot makes where the heuristic would pass though some
    delivery pays more than it costs (`paying_deliveries`): the one the heuristic values
    most (`route_value`). The heuristic passes on a delivery that pays others more than
    this seat; a seat behind cannot afford that, and a leader loses little by it (the
    income it gives a rival it also gains). Passing stays out of the search then: its
    leaves, a few moves deep, could not tell a seat far behind that it is going under
    (issue 33: ten passes in a row at income $4 against $8-10 expenses)."""
    best = max(paying, key=lambda r: (route_value(seat, r), r.income.get(seat, 0) - r.fee,
                                      r.action.to_str()))
    return best.action


class HardBot:
    """IS-MCTS (nile.ai) over the heuristic's best few moves (`candidates`), with
    heuristic rollouts cut short and the evaluation. Budgeted by `hard_iterations` (about
    half a second on the reference machine, so seeded games replay exactly);
    `hard_seconds` caps it on a slow machine."""

    def __init__(self, rng: random.Random) -> None:
        settings = hooks()
        iterations, seconds = settings.budget("hard")
        self._search = ISMCTS(settings, rng, iterations=iterations, seconds=seconds)
        self._legal: list[Action] = []
        self._own: Action | None = None

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The tools' budget (`--hard-iterations`): iterations alone mean no time cap."""
        self._search.set_budget(iterations, seconds)

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, AgeOfSteamState)
        self._own = None
        seat = observation.current_player
        if observation.phase == Phase.SELECT and seat is not None and seat >= 0:
            self._own = tile_choice(observation, seat)
            self._legal = [self._own]
            return
        if observation.phase in FOLLOW_POLICY and seat is not None:
            # Nothing to search: the heuristic's move, with its turn-order lookahead.
            self._own = policy(observation, random.Random(0))
            self._legal = [self._own]
            return
        self._legal = candidates(observation)
        self._search.start(observation)

    def think(self, seconds: float) -> bool:
        """Search for at most `seconds`; the search itself keeps the decision's time cap."""
        return self._own is not None or self._search.think(seconds)

    def action(self) -> Action:
        """The search's choice if it beats the heuristic's by a clear margin, else the
        heuristic's (listed first): equal rollouts should not be settled by noise."""
        if self._own is not None:
            return self._own
        choice = self._search.action()
        legal = self._legal
        if not legal or choice == legal[0]:
            return choice
        best, first = self._search.statistics(choice), self._search.statistics(legal[0])
        if best is None or first is None:
            return choice
        return choice if best[1] - first[1] > MARGIN else legal[0]


# The bots' hooks: ai.py's heuristic and easy bot, the normal bot, this hard bot ------------

class NormalBot:
    """The normal bot: the heuristic (`policy`), except its action tile, which is
    `tile_choice`'s (the turn played out after each tile on offer, as the hard bot picks
    it). With the heuristic's fixed order of tiles the normal bot was not separated from
    the easy bot on Egypt (issue 33: -24 Elo [-117, 56] over 48 games, +43 [-13, 94] over
    96), because an easy seat short of money plays the heuristic too; the tile played out
    is what the easy bot never does, and it costs a few tenths of a second once a turn
    (docs/strength.md, "normal picks its tile by playing the turn out")."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._choice: Action | None = None

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, AgeOfSteamState)
        seat = observation.current_player
        assert seat is not None and seat >= 0
        if observation.phase == Phase.SELECT and len(observation.legal_actions()) > 1:
            self._choice = tile_choice(observation, seat)
        else:
            self._choice = policy(observation, self._rng)

    def think(self, seconds: float) -> bool:
        return True

    def action(self) -> Action:
        assert self._choice is not None, "start() first"
        return self._choice


def make_bot(level: str, seat: int, rng: random.Random) -> Any:
    """Easy and normal play heuristics; hard (and a saved "expert" seat, the level being
    withdrawn) searches with `HardBot`."""
    if level == "easy":
        return EasyBot(rng)
    if level == "normal":
        return NormalBot(rng)
    if level not in ("hard", "expert"):
        return None
    return HardBot(rng)


def hooks() -> AiHooks:
    """Tuned with tools/selfplay.py: rollouts of 3 moves scored by `rival_evaluate`, 24
    iterations (a few tenths of a second per decision here; 0.7 s is a safety cap that one iteration
    may overrun), no random moves in rollouts (the deterministic heuristic makes the
    comparison less noisy).
    Rollouts play the policy itself (`quick_policy`: it is the first of the candidates,
    without ranking the others, nor the turn-order lookahead)."""
    return AiHooks(policy=policy, rollout_policy=quick_policy, evaluate=rival_evaluate,
                   rollout_depth=3,
                   hard_iterations=24, hard_seconds=0.7,
                   rollout_epsilon=0.0,
                   exploration=0.5, candidates=candidates, make_bot=make_bot,
                   explain=explain)
