"""The Age of Steam bots' money rules: the fixes behind fewer bankruptcies (see the bots
report for the self-play counts)."""

from __future__ import annotations

import random

import pytest

from nile.core import chance
from nile.core.game import CHANCE, Action
from nile.games.age_of_steam import ai
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules import move as move_phase
from nile.games.age_of_steam.rules.actions import (
    Build,
    IssueShares,
    PassMove,
    RaiseLocomotive,
    TakeAction,
)
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import decisions, set_up


def test_the_opening_fits_the_starting_cash_so_no_share_is_issued_in_turn_one() -> None:
    # Issuing for a bigger opening build left more shares than early income could carry.
    for name in ("chile", "cccp", "egypt"):
        state = set_up(name, 4)
        assert state.phase == Phase.SHARES and state.round == 1
        seat = state.current_player
        assert seat is not None
        assert ai.policy(state, random.Random(0)) == IssueShares(0)


def _first_dear_delivery(seed: int) -> tuple[AgeOfSteamState, move_phase.Route]:
    """Normal bots on Egypt until someone is offered a delivery whose ferry fee would
    leave that turn's expenses unpaid."""
    state, rng = set_up("egypt", 4, seed), random.Random(seed)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        assert seat is not None
        if state.phase == Phase.MOVE:
            for route in state.offered_routes or move_phase.routes(state, seat):
                if not ai._fee_affordable(state, seat, route):
                    return state, route
        state.apply(ai.policy(state, rng))
    raise AssertionError("no dear delivery in this game")


def test_easy_random_deliveries_never_pay_a_fee_that_leaves_expenses_unpaid() -> None:
    state, dear = _first_dear_delivery(seed=2)
    seat = state.current_player
    assert seat is not None
    income = state.income[seat] + dear.income.get(seat, 0)
    assert state.cash[seat] - dear.fee + income < state.shares[seat] + state.loco[seat]
    legal = state.legal_actions()
    assert dear.action in legal
    harmless = ai._harmless(state, seat, legal)
    assert dear.action not in harmless and harmless


def _first_view(stop: object, map_name: str = "cccp", seed: int = 3) -> AgeOfSteamState:
    """Normal bots play until `stop(view)` holds for the seat to move (its observation)."""
    state, rng = set_up(map_name, 4, seed), random.Random(seed)
    for _, view in decisions(state, rng, last_round=state.last_round):
        if stop(view):  # type: ignore[operator]
            return view
        state.apply(ai.policy(view, rng))
    raise AssertionError("the moment never came")


def test_an_easy_seat_short_of_money_plays_the_heuristic() -> None:
    def short(view: AgeOfSteamState) -> bool:
        seat = view.current_player
        assert seat is not None
        return (view.phase in (Phase.BUILD, Phase.MOVE, Phase.SELECT)
                and ai._short_of_money(view, seat)
                and len(view.legal_actions()) > 2)

    view = _first_view(short)
    expected = ai.policy(view, random.Random(0))
    for seed in range(12):
        bot = ai.EasyBot(random.Random(seed))
        bot.start(view)
        assert bot.action() == expected


def test_easy_random_deliveries_pay_the_easy_seat() -> None:
    def others_only(view: AgeOfSteamState) -> bool:
        seat = view.current_player
        assert seat is not None
        return view.phase == Phase.MOVE and any(
            r.income.get(seat, 0) == 0 for r in move_phase.routes(view, seat))

    view = _first_view(others_only)
    seat = view.current_player
    assert seat is not None
    harmless = ai._harmless(view, seat, view.legal_actions())
    for route in move_phase.routes(view, seat):
        assert (route.action in harmless) == (route.income.get(seat, 0) > 0
                                              and ai._fee_affordable(view, seat, route))


@pytest.mark.slow
def test_the_normal_bot_bids_for_turn_order_when_the_turn_played_out_says_so() -> None:
    """Unless it holds the Turn Order pass, the normal bot bids one more dollar exactly when
    the turn played out after that bid ends better for it than after dropping out, and
    drops out otherwise: no blind small bids (seeded Egypt, the first four auctions)."""
    from nile.games.age_of_steam.rules.actions import Bid, DropOut, FreePass

    state = set_up("egypt", 4, 5)
    bids = drops = 0
    for seat, view in decisions(state, random.Random(5), last_round=4):
        move = ai.policy(view, random.Random(0))
        legal = view.legal_actions()
        if state.phase == Phase.AUCTION and len(legal) > 1 and FreePass() not in legal:
            bid = Bid(view.high_bid + 1)
            room = min(ai.BID_LOOKAHEAD_CAP, ai.spare_cash(view, seat))
            reason = ai.explain(view, move) or ""  # the hint says why
            if bid in legal and bid.amount <= room:
                gain = ai.turn_order_gain(view, seat, bid)
                assert gain == ai.turn_order_gain(view, seat, bid)  # seeded: same answer
                assert move == (bid if gain > 0 else DropOut())
                assert reason.startswith(f"bid ${bid.amount}: played out" if move == bid
                                         else f"played out to the end of this turn's moves, "
                                              f"a bid of ${bid.amount}")
            else:
                assert move == DropOut()
                assert "more than you can spare" in reason or "the bot ever pays" in reason
            bids += move == bid
            drops += move == DropOut()
        state.apply(move)
    assert bids >= 1 and drops >= 1  # both answers came up


@pytest.mark.slow
def test_the_easy_bot_plays_the_opening_and_its_bids_as_the_heuristic() -> None:
    """Random opening builds and blind small bids sent easy seats bankrupt: in the first
    `EASY_CAREFUL_TURNS` turns every easy move is the heuristic's, and its auction moves
    are the normal bot's (turn-order lookahead) all game."""
    state = set_up("cccp", 4, 4)
    opening = auctions = later = 0
    for _, view in decisions(state, random.Random(4), last_round=5):
        expected = ai.policy(view, random.Random(0))
        choices = set()
        for seed in range(6):
            bot = ai.EasyBot(random.Random(seed))
            bot.start(view)
            choices.add(bot.action())
        if view.round <= ai.EASY_CAREFUL_TURNS and len(view.legal_actions()) > 2:
            assert choices == {expected}
            opening += 1
        elif view.phase == Phase.AUCTION:
            assert choices == {expected}
            auctions += 1
        elif len(choices) > 1:
            later += 1
        state.apply(expected)
    assert opening and auctions and later  # later on it does play random moves


def _easy_game(map_name: str, seed: int, last_round: int = 99
               ) -> list[tuple[int, AgeOfSteamState, Action]]:
    """Four easy bots (seeded `seed`..`seed + 3`) play up to `last_round`: each decision as
    (seat, view, move)."""
    state = set_up(map_name, 4, seed)
    bots = [ai.EasyBot(random.Random(seed + s)) for s in range(4)]
    played = []
    for seat, view in decisions(state, random.Random(seed), last_round):
        bots[seat].start(view)
        move = bots[seat].action()
        played.append((seat, view, move))
        state.apply(move)
    return played


def _beginner(view: AgeOfSteamState, seat: int) -> bool:
    """Does the easy bot play beginner moves here (not the heuristic outright)?"""
    return view.round > ai.EASY_CAREFUL_TURNS and not ai._short_of_money(view, seat)


@pytest.mark.slow
def test_the_easy_beginner_never_takes_the_locomotive_and_lays_two_tiles_at_most() -> None:
    """Past its careful turns and with its income covering its expenses, the easy bot
    never takes the Locomotive tile, never raises its locomotive and lays at most
    `EASY_MAX_BUILDS` tiles a turn (the heuristic lays up to three)."""
    tiles = builds = moves = normal_loco = normal_third = 0
    for map_name, seed in (("egypt", 11), ("cccp", 12)):
        laid: dict[tuple[int, int], int] = {}
        for seat, view, move in _easy_game(map_name, seed):
            if not _beginner(view, seat):
                continue
            assert move != TakeAction("locomotive") and move != RaiseLocomotive()
            normal = ai.policy(view, random.Random(0))
            normal_loco += normal in (TakeAction("locomotive"), RaiseLocomotive())
            normal_third += view.builds_done >= 2 and isinstance(normal, Build)
            tiles += view.phase == Phase.SELECT
            moves += view.phase == Phase.MOVE
            if isinstance(move, Build):
                key = (view.round, seat)
                laid[key] = laid.get(key, 0) + 1
                assert laid[key] <= ai.EASY_MAX_BUILDS
        builds += sum(laid.values())
    assert tiles and builds and moves  # the beginner did choose tiles, build and move
    assert normal_loco and normal_third  # where the normal bot would have done otherwise


@pytest.mark.slow
def test_the_easy_beginner_delivers_greedily(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without its random variety the beginner's delivery is `_greedy_delivery`: the
    route paying the easy seat most, among those whose ferry fee it can afford, else a
    pass (the normal bot's differs: it counts others' gain and raises its locomotive)."""
    checked = differs = 0
    for seat, view, _ in _easy_game("cccp", 21, last_round=6):
        if view.phase != Phase.MOVE or not _beginner(view, seat):
            continue
        legal = view.legal_actions()
        greedy = ai._greedy_delivery(view, seat, legal)
        affordable = [r for r in move_phase.routes(view, seat)
                      if ai._fee_affordable(view, seat, r)]
        best = max((r.income.get(seat, 0) for r in affordable), default=0)
        if best > 0:
            chosen = move_phase.route_of(view, seat, greedy)  # type: ignore[arg-type]
            assert chosen.income.get(seat, 0) == best and ai._fee_affordable(view, seat, chosen)
        else:
            assert greedy == PassMove()
        with monkeypatch.context() as patch:
            patch.setattr(ai, "EASY_VARIETY", 0.0)
            bot = ai.EasyBot(random.Random(0))
            bot.start(view)
        assert bot.action() == greedy
        checked += 1
        differs += greedy != ai.policy(view, random.Random(0))
    assert checked >= 4 and differs >= 1


@pytest.mark.slow
def test_the_easy_bot_plays_the_same_moves_from_the_same_seed() -> None:
    """Its random variety comes from its own rng only: the same seeds replay the same
    game, other seeds play a different one."""
    first = [move for _, _, move in _easy_game("chile", 31, last_round=6)]
    again = [move for _, _, move in _easy_game("chile", 31, last_round=6)]
    assert first == again
    state = set_up("chile", 4, 31)
    bots = [ai.EasyBot(random.Random(100 + s)) for s in range(4)]
    other = []
    for seat, view in decisions(state, random.Random(31), last_round=6):
        bots[seat].start(view)
        other.append(bots[seat].action())
        state.apply(other[-1])
    assert other != first



def test_the_drop_out_hint_names_the_limit_that_stops_the_bid() -> None:
    """The hint said "an earlier place is not worth more than it costs" after bidding up to
    $9 of $10, when what stopped it was the cash: it now names the cash, the cap on any
    bid, or the turn played out, whichever stops the next bid."""
    from nile.games.age_of_steam.rules.actions import DropOut

    state = set_up("chile", 4, 2)
    for _, view in decisions(state, random.Random(2), last_round=3):
        if view.phase == Phase.AUCTION:
            break
        state.apply(ai.policy(view, random.Random(0)))
    seat = view.current_player
    assert view.phase == Phase.AUCTION and seat is not None
    kept = view.cash[seat] - ai.spare_cash(view, seat)  # expenses and a little building
    view.cash[seat] = kept + 40
    view.high_bid = 3
    pay = ai._drop_cost(view, seat)
    assert (ai.explain(view, DropOut()) or "").startswith(
        "played out to the end of this turn's moves, a bid of $4 leaves your projected")
    view.high_bid = ai.BID_LOOKAHEAD_CAP
    assert ai.explain(view, DropOut()) == (
        f"a bid of ${ai.BID_LOOKAHEAD_CAP + 1} is over the ${ai.BID_LOOKAHEAD_CAP} the bot "
        f"ever pays for turn order; you take {pay}")
    view.cash[seat] = kept + 5
    reason = ai.explain(view, DropOut()) or ""
    assert reason.startswith(f"a bid of ${ai.BID_LOOKAHEAD_CAP + 1} is more than you can "
                             f"spare: ") and reason.endswith(f"leaves $5; you take {pay}")
