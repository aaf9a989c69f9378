"""The bots: legal moves only, views only, small budgets (strength is measured by tools)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from nile.ai.bots import choose, make_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.cleopatra import GAME_INFO, ai, rules
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules import CleopatraState, powers
from nile.games.cleopatra.rules.actions import Bid, ChooseGod, Pass
from nile.games.cleopatra.rules.phases import Phase

from .helpers import RED, resolve_chance, swap_secret_auction_card, swap_secret_city_card

D = rules.game_data()


def small_hard_bot(seat: int, seed: int) -> ai.HardBot:
    hooks = replace(ai.hooks(), hard_iterations=30)
    return ai.HardBot(hooks, random.Random(seed))


def test_policy_and_evaluate_on_views_through_games() -> None:
    for players in (3, 5):
        state = GAME_INFO.create(players, players, {})
        rng = random.Random(players)
        while not state.is_terminal:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            assert seat is not None
            view = state.observation(seat)
            values = ai.evaluate(view)
            assert len(values) == players and all(0 <= v <= 1 for v in values)
            action = ai.policy(view, rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_the_hard_bot_cannot_see_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same seed, two true states differing only in other hands and the deck: the hard
    bot's view, and so its move, is the same (iterations only: no clock involved)."""
    monkeypatch.setattr(ai, "SEARCH_TIME_CAP", None)
    state = GAME_INFO.create(3, 2, {})
    resolve_chance(state, 2)
    seat = state.current_player
    assert seat is not None and seat >= 0
    other = swap_secret_auction_card(swap_secret_city_card(state, (seat + 1) % 3),
                                     (seat + 2) % 3)
    assert other != state
    first = choose(small_hard_bot(seat, 1), state.observation(seat))
    second = choose(small_hard_bot(seat, 1), other.observation(seat))
    assert first == second and first in state.legal_actions()


def test_hard_bot_stops_at_its_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "SEARCH_TIME_CAP", 0.05)
    state = GAME_INFO.create(3, 2, {})
    resolve_chance(state, 2)
    seat = state.current_player
    assert seat is not None and seat >= 0
    bot = ai.HardBot(replace(ai.hooks(), hard_iterations=10**6), random.Random(0))
    bot.start(state.observation(seat))
    assert bot.think(5.0)
    assert bot.action() in state.legal_actions()


def test_hard_bot_plays_legal_moves_and_never_changes_the_game_class() -> None:
    state = GAME_INFO.create(3, 4, {})
    rng = random.Random(4)
    bots = [small_hard_bot(s, s) for s in range(3)]
    moves = 0
    while not state.is_terminal and moves < 60:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        action = choose(bots[seat], state.observation(seat))
        assert action in state.legal_actions()
        state.apply(action)
        moves += 1
    assert type(state) is CleopatraState


def test_prune_keeps_a_few_raises_and_the_best_actions() -> None:
    state = Builder(3).money(RED, 30).to_move(RED, Phase.AUCTION).build()
    legal = state.legal_actions()
    assert ai.prune(state, legal) == [Pass(), Bid(1), Bid(2), Bid(3), Bid(5)]
    acting = (Builder(3)
              .hand(RED, city=["Edfu (lime 8, lemon 8)", "Giza (lime 8, lemon 10)"],
                    auction=["3-train", "2-train"])
              .to_move(RED).build())
    legal = acting.legal_actions()
    pruned = ai.prune(acting, legal)
    assert len(pruned) == ai.SEARCH_WIDTH < len(legal)
    assert set(pruned) <= set(legal)
    assert ai.policy(acting, random.Random(0)) in pruned


def test_registered_levels_build_bots() -> None:
    for level in ("easy", "normal", "hard"):
        bot = make_bot(GAME_INFO, level, 0, 0)
        state = GAME_INFO.create(3, 0, {})
        resolve_chance(state)
        seat = state.current_player
        assert seat is not None
        if level == "hard":
            assert isinstance(bot, ai.HardBot)
            continue
        assert choose(bot, state.observation(seat)) in state.legal_actions()


def test_normal_outscores_random_on_average() -> None:
    from nile.games.cleopatra.rules import CleopatraState as State

    totals = {"normal": 0.0, "random": 0.0}
    for seed in range(6):
        state: State = GAME_INFO.create(3, seed, {})
        rng = random.Random(seed)
        normal_seat = seed % 3
        while not state.is_terminal:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            elif seat == normal_seat:
                state.apply(ai.policy(state.observation(seat), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        scores = state.scores()
        totals["normal"] += scores[normal_seat]
        totals["random"] += sum(scores) - scores[normal_seat]
    assert totals["normal"] > totals["random"] / 2


def _first_view(stop: object, seed: int = 11) -> CleopatraState:
    """Normal bots play a 3-player game until `stop(view)` holds for the seat to move."""
    state = GAME_INFO.create(3, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        view = state.observation(seat)
        if stop(view):  # type: ignore[operator]
            return view
        state.apply(ai.policy(view, rng))
    raise AssertionError("the moment never came")


def _close_gods(view: CleopatraState) -> bool:
    if view.phase != Phase.GODS:
        return False
    seat = view.current_player
    assert seat is not None
    values = sorted((ai.god_value(view, seat, a.god) for a in view.legal_actions()
                     if isinstance(a, ChooseGod)), reverse=True)
    return len(values) > 1 and values[0] - values[1] <= ai.GOD_CLOSE / 2


def test_close_gods_are_chosen_with_seeded_variety() -> None:
    view = _first_view(_close_gods)
    seat = view.current_player
    assert seat is not None
    legal = view.legal_actions()
    best = max(ai.god_value(view, seat, a.god) for a in legal if isinstance(a, ChooseGod))
    picks = [ai.choose_god(view, seat, legal, random.Random(s)) for s in range(24)]
    assert len(set(picks)) >= 2  # different seeds, different gods
    assert all(ai.god_value(view, seat, p.god) >= best - ai.GOD_CLOSE  # type: ignore[attr-defined]
               for p in picks)
    again = [ai.choose_god(view, seat, legal, random.Random(s)) for s in range(24)]
    assert again == picks  # same seed, same god


def test_set_is_worth_less_when_florins_are_worth_less() -> None:
    view = _first_view(lambda v: v.phase == Phase.GODS and ai.turns_left(v) == 0)
    seat = view.current_player
    assert seat is not None
    assert ai.god_value(view, seat, powers.SET) == powers.SET_GIFT * ai.W.florin_last_turn


def test_the_bid_limit_varies_by_seed_but_not_for_one_seed() -> None:
    def at_limit(view: CleopatraState) -> bool:
        seat = view.current_player
        return (view.phase == Phase.AUCTION and seat is not None and seat >= 0
                and 0 < ai.bid_limit(view, seat) == view.high_bid + 1)

    view = _first_view(at_limit)
    moves = [ai.policy(view, random.Random(s)) for s in range(24)]
    assert Pass() in moves and Bid(view.high_bid + 1) in moves
    assert moves == [ai.policy(view, random.Random(s)) for s in range(24)]


def test_a_bid_hint_says_what_the_number_in_hand_counts() -> None:
    """The reason for a bid names its units ("with 20 Florin in hand"), not a bare
    "with 20" a new player cannot place."""
    state = GAME_INFO.create(3, 3, {})
    resolve_chance(state, 3)
    assert state.phase == Phase.AUCTION
    seat = state.current_player
    assert seat is not None and seat >= 0
    bid = next(a for a in state.legal_actions() if isinstance(a, Bid))
    reason = ai.explain(state, bid)
    assert reason is not None
    money = state.money[seat]
    limit = min(ai.W.bid_cap, money // ai.W.bid_florin_per_step)
    assert reason == (f"turn order is worth about {limit} Florin to you (1 Florin for every "
                      f"{ai.W.bid_florin_per_step} in hand, at most {ai.W.bid_cap}, give or "
                      f"take 1; you have {money})"), "the rule it bids by, checkable"


def test_a_hint_says_when_the_next_best_move_is_as_good(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"gain 19.5 points against the others (the next best move would gain 19.5)" read
    oddly: an equal runner-up is "as good"; an unequal one is still said in words."""
    from nile.games.cleopatra.rules.actions import EndTurn

    state = GAME_INFO.create(3, 3, {})
    rng = random.Random(3)
    while state.phase != Phase.ACTIONS or state.pending or state.current_player == CHANCE:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(ai.policy(state.observation(state.current_player), rng))
    action = next(a for a in state.legal_actions() if not isinstance(a, EndTurn))
    monkeypatch.setattr(ai, "value_action", lambda ctx, a: 19.5)
    reason = ai.explain(state, action)
    assert reason == ("by the bot's estimate of the final scores it should gain 19.5 points "
                      "against the others (the next best move is as good)")
    monkeypatch.setattr(ai, "value_action", lambda ctx, a: 19.5 if a == action else -2.0)
    reason = ai.explain(state, action)
    assert reason == ("by the bot's estimate of the final scores it should gain 19.5 points "
                      "against the others (the next best move would lose 2)")


def test_a_gods_hint_says_its_worth_in_words(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A god's value was printed with a bare sign ("worth about -1.2 points")."""
    state = GAME_INFO.create(3, 3, {})
    rng = random.Random(3)
    while state.phase != Phase.GODS or state.current_player == CHANCE:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(ai.policy(state.observation(state.current_player), rng))
    choice = next(a for a in state.legal_actions() if isinstance(a, ChooseGod))
    monkeypatch.setattr(ai, "god_value", lambda *args: -1.24)
    reason = ai.explain(state, choice)
    assert reason is not None and ": a cost of about 1.2 points to you now (" in reason
    monkeypatch.setattr(ai, "god_value", lambda *args: 1.0)
    reason = ai.explain(state, choice)
    assert reason is not None and ": worth about 1 point to you now (" in reason
    monkeypatch.setattr(ai, "god_value", lambda *args: 0.03)
    reason = ai.explain(state, choice)
    assert reason is not None and ": worth next to nothing to you now (" in reason


# Variety that is still good play (issue 33 item 4) --------------------------------------


def _statistics(table: dict[int, tuple[int, float]]) -> object:
    return lambda action: table.get(action.god) if isinstance(action, ChooseGod) else None


def test_the_hard_bot_picks_among_equally_good_gods_by_its_seed() -> None:
    view = _first_view(lambda v: v.phase == Phase.GODS and v.god_pick == 0)
    gods = [a.god for a in view.legal_actions() if isinstance(a, ChooseGod)]
    near = {gods[0]: (60, 0.52), gods[1]: (50, 0.51), gods[2]: (40, 0.40)}
    stats = _statistics(near)
    picks = [ai.among_equals(random.Random(s))(view, ChooseGod(gods[0]), stats)[0]  # type: ignore[arg-type]
             for s in range(24)]
    assert set(picks) == {ChooseGod(gods[0]), ChooseGod(gods[1])}  # never the worse one
    assert picks == [ai.among_equals(random.Random(s))(view, ChooseGod(gods[0]), stats)[0]  # type: ignore[arg-type]
                     for s in range(24)]  # one seed, one choice
    clear = _statistics({gods[0]: (90, 0.60), gods[1]: (50, 0.51)})
    assert {ai.among_equals(random.Random(s))(view, ChooseGod(gods[0]), clear)[0]  # type: ignore[arg-type]
            for s in range(24)} == {ChooseGod(gods[0])}


def test_hard_bots_vary_their_gods_and_first_bids_over_a_seeded_sample() -> None:
    """Hard bots (a small budget, seeded by the game) at the first auction and the first
    god choice of twelve seeded games: they do not all pass, nor all take one god."""
    moves, chosen = [], []
    for seed in range(12):
        auction = _first_view(lambda v: v.phase == Phase.AUCTION, seed)
        gods = _first_view(lambda v: v.phase == Phase.GODS and v.god_pick == 0, seed)
        for view, out in ((auction, moves), (gods, chosen)):
            bot = ai.HardBot(ai.hooks(), random.Random(seed))
            bot.set_budget(60, None)
            out.append(choose(bot, view))
    assert any(isinstance(m, Bid) for m in moves) and Pass() in moves
    assert max(chosen.count(g) for g in chosen) <= len(chosen) // 2


# Numbers a player can check (issue 29 item 5) -------------------------------------------

GOD_WORTH = re.compile(r": (worth about ([\d.]+) points?|a cost of about ([\d.]+) points?|worth "
                       r"next to nothing) to you now \((.*?)\)(; the best other god, (\w+), "
                       r"(worth about ([\d.]+) points?|worth next to nothing|a cost of about "
                       r"([\d.]+) points?))?")


def _said(match: re.Match[str], plus: int, minus: int) -> float:
    if match.group(plus):
        return float(match.group(plus))
    return -float(match.group(minus)) if match.group(minus) else 0.0


def _god_choices(seeds: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """Every god-choice position of seeded games of the normal bot."""
    for seed in seeds:
        state = GAME_INFO.create(3, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            if state.phase == Phase.GODS:
                yield state.observation(state.current_player)
            state.apply(ai.policy(state.observation(state.current_player), rng))


def test_every_gods_hint_adds_up_from_the_numbers_it_quotes() -> None:
    """Each god's hint says its worth and the sum it comes from ("5 Florin at 1.3 points
    each: about 6.5 points"); the sum is worked again from the numbers quoted, the counts
    quoted are the player's own (Train cards, City cards, players), and the best other god
    it names is worth what its own hint says."""
    checked: set[int] = set()
    for state in _god_choices((3, 4, 5)):
        seat = state.current_player
        gods = [a for a in state.legal_actions() if isinstance(a, ChooseGod)]
        said = {}
        for choice in gods:
            reason = ai.explain(state, choice) or ""
            found = GOD_WORTH.search(reason)
            assert found, reason
            worth, basis = _said(found, 2, 3), found.group(4)
            said[D.gods[choice.god].name] = worth
            hand = state.auction_hand[seat]
            god = choice.god
            if god == rules.SET:
                gift, each = re.fullmatch(r"(\d+) Florin at ([\d.]+) points each", basis).groups()  # type: ignore[union-attr]
                assert int(gift) == rules.SET_GIFT
                assert abs(int(gift) * float(each) - worth) <= 0.05, reason
            elif god == rules.HATHOR:
                per, most, held = re.fullmatch(  # type: ignore[union-attr]
                    r"([\d.]+) points for each Train card in hand, at most (\d+); you hold (\d+)",
                    basis).groups()
                trains = sum(1 for k in hand if k >= 0 and ai.KINDS[k].category == rules.TRAIN)
                assert int(held) == trains
                assert abs(float(per) * min(int(most), trains) - worth) <= 0.05, reason
            elif god == rules.ISIS:
                per, most, held = re.fullmatch(  # type: ignore[union-attr]
                    r"([\d.]+) points for every 2 City cards in hand, at most (\d+) pairs; "
                    r"you hold (\d+)", basis).groups()
                assert int(held) == len(state.city_hand[seat])
                assert abs(float(per) * min(int(most), int(held) // 2) - worth) <= 0.05, reason
            elif god == rules.RA:
                base, each, players = re.fullmatch(  # type: ignore[union-attr]
                    r"([\d.]+) points and ([\d.]+) for each of the (\d+) players", basis).groups()
                assert int(players) == state.players
                assert abs(float(base) + float(each) * int(players) - worth) <= 0.05, reason
            elif god == rules.HORUS:
                empty, left = re.search(r"(\d+) empty cit(?:y|ies), (\d+) pyramids? left",  # type: ignore[union-attr]
                                        basis).groups()
                assert int(left) == len(state.pyramids_left)
                assert worth == (1.6 if int(empty) and int(left) else 0.0), reason
            elif god == rules.THOTH:
                values = sorted((ai.value_take(state, seat, k) for k in state.auction_display),
                                reverse=True)
                assert abs((values[1] if len(values) > 1 else 0.0) - worth) <= 0.05, reason
            else:
                assert god == rules.ANUBIS and worth == 1.0 and "as 1 point" in basis
            checked.add(god)
        for choice in gods:  # the best other god is worth what its own hint says
            found = GOD_WORTH.search(ai.explain(state, choice) or "")
            assert found and found.group(6) is not None
            others = {n: w for n, w in said.items() if n != D.gods[choice.god].name}
            assert _said(found, 8, 9) == said[found.group(6)] == max(others.values())
    assert checked == {rules.RA, rules.THOTH, rules.HATHOR, rules.ANUBIS, rules.ISIS,
                       rules.HORUS, rules.SET}


def test_a_fruit_source_and_a_forced_end_of_turn_have_reasons() -> None:
    """Every Cleopatra hint says why: where a building's fruit comes from (the rules'
    nearest source first) and an end of turn with nothing else left had none."""
    from nile.ai.bots import advise
    from nile.games.cleopatra.rules.actions import EndTurn, SourceFruit

    seen: set[type] = set()
    for seed in (3, 4):
        state = GAME_INFO.create(3, seed, {})
        rng = random.Random(seed)
        for decision in range(400):
            if state.is_terminal:
                break
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            advice = advise(GAME_INFO, state, seed=decision)
            if len(state.legal_actions()) > 1 or isinstance(advice.action, EndTurn):
                assert advice.reason, (advice.action, state.phase)
            if isinstance(advice.action, SourceFruit | EndTurn):
                seen.add(type(advice.action))
                if isinstance(advice.action, SourceFruit):
                    fruit = D.fruits[advice.action.fruit]
                    assert fruit in (advice.reason or ""), advice.reason
            state.apply(advice.action)
    assert seen == {SourceFruit, EndTurn}
