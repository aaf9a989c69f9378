"""Hints that explain: the normal bot's move and one line of why, from its own numbers,
in the player's words (no card codes, hex labels or seat ids)."""

from __future__ import annotations

import random
import re

import pytest

from nile.ai.bots import Advice, advise, choose, explanation, hint, make_bot, reasoning
from nile.core import chance, registry
from nile.core.game import CHANCE
from nile.core.session import Match, SeatConfig
from nile.games.kap_kairo import GAME_INFO as KAP
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import Build
from tests import per_game
from tests.ui.harness import frames, instant_app

INTERNAL = re.compile(r"\b\d+,\d+\b|\b[A-Z]\d\b|\{p\d|\bp\d\b|seat \d")
"""Hex labels ("3,4"), card codes ("R0"), seat placeholders: never in a reason."""
SIGNED = re.compile(r"(?<![\w.])([+\-\u2212]\d+\.\d|[\-\u2212]\d)")
"""A minus or a signed fraction ("by -0.9", "+25.0 points"): a reason says "saves 0.9
penalty points", "gains 25 points", so whether it helps is never left to a sign ("+1
income", a whole gain, is the games' own way to say it)."""


@pytest.mark.parametrize("game", per_game.ids())
@pytest.mark.slow
def test_hints_give_the_normal_move_and_a_reason_in_words(game: str) -> None:
    """Every game, at its fewest players with its default options."""
    info = registry.get(game)
    players = info.player_range(info.resolve_options({}))[0]
    state = info.create(players, 4, {})
    rng = random.Random(4)
    clocked = getattr(make_bot(info, "normal", 0, 0), "time_cap", None) is not None
    reasons = decisions = 0
    while not state.is_terminal and decisions < 60:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        advice = advise(info, state, seed=decisions)
        again = hint(info, state, seed=decisions)
        if clocked:  # a planner that thinks against the clock may find more on a calm machine
            assert state.parse_action(again.to_str()) == again
        else:
            assert again == advice.action
        # a continuous move (Cairo's flick) is not listed; it must parse back to itself
        assert state.parse_action(advice.action.to_str()) == advice.action
        if advice.reason is not None:
            reasons += 1
            assert advice.reason.strip() and "\n" not in advice.reason
            assert not INTERNAL.search(advice.reason), advice.reason
            assert not SIGNED.search(advice.reason), advice.reason
        state.apply(advice.action)
        decisions += 1
    assert reasons >= decisions * 0.8  # most decisions say why (forced moves may not)


def test_a_bot_that_passes_a_free_build_gives_its_own_reason() -> None:
    from nile.ai.ismcts import Node

    state = Builder(2).column(0, "S8").column(1, "R0").row("S9").to_move(0).build()
    bot = make_bot(KAP, "hard", 0, 1, iterations=1)
    bot.start(state.observation(0))
    root = bot._root  # type: ignore[attr-defined]
    root.children = {Build(0, 0): Node(0, 50, 10.0)}
    assert explanation(bot) is None  # nothing said before a move is chosen
    root.children[state.legal_actions()[1]] = Node(0, 60, 50.0)
    assert bot.action() == state.legal_actions()[1]
    reason = explanation(bot)
    assert reason is not None and "free" in reason


def test_the_hint_key_toasts_the_move_and_its_reason() -> None:
    app = instant_app()
    seats = [SeatConfig("Ann", "human", "normal", 0), SeatConfig("Bo", "bot", "normal", 1)]
    match = Match.new(KAP, seats, 3)
    from nile.games.kap_kairo.scene import KapKairoScene

    scene = KapKairoScene(app, match)
    app.push(scene)
    frames(app, 2)
    for _ in range(200):
        if scene.accepting_input:
            break
        frames(app, 5)
    assert scene.accepting_input
    expected = advise(KAP, scene.state, seed=match.seed + match.ply)
    assert isinstance(expected, Advice) and expected.reason
    scene.commands.hint()
    assert any(expected.reason in t.message and t.message.startswith("Hint: ")
               for t in scene.toasts.items)



def test_cairo_hints_say_why_from_the_planners_simulations() -> None:
    from nile.games.cairo.board import board

    info = registry.get("cairo")
    state = info.create(2, 4, {})
    rng = random.Random(4)
    reasons: dict[str, str] = {}
    while len(reasons) < 2 and not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        advice = advise(info, state, seed=len(reasons))
        assert advice.action in state.legal_actions() or state.phase == "flick"
        if advice.reason is not None:
            assert not INTERNAL.search(advice.reason), advice.reason
            assert not SIGNED.search(advice.reason), advice.reason
            reasons.setdefault(state.phase, advice.reason)
        state.apply(advice.action)
    flick = reasons["flick"]
    assert flick.startswith("aims your ") and "on your lead over the best rival" in flick
    # the gain as a verb and a size ("gains 25 points", not "+25.0 points")
    assert re.search(r": (gains|loses) \d+(\.\d)? points? on your lead", flick), flick
    assert re.search(r"the mean of \d+ simulated flicks?\b", flick), flick  # what it tried
    assert any(kind in flick for kind in ("small block", "large block", "die-block"))
    assert any(site.name in flick for site in board().sites)  # a place by its name
    assert "finger" in reasons["choose"]


def test_a_bots_account_for_a_hint_is_not_a_log_excuse() -> None:
    """Cairo's planner reasons about every flick for the hint, but says nothing the game
    log would show after each of its moves (that is for surprising moves only)."""
    info = registry.get("cairo")
    state = info.create(2, 4, {})
    rng = random.Random(4)
    while state.current_player == CHANCE:
        state.apply(chance.pick(state.chance_outcomes(), rng))
    seat = state.current_player
    assert seat is not None
    bot = make_bot(info, "normal", seat, 1)
    choose(bot, state.observation(seat))
    assert reasoning(bot) is not None and explanation(bot) is None


# Numbers a player can check (issue 29, item 5) ----------------------------------------

def _seeded_decisions(game: str, seed: int, limit: int):  # type: ignore[no-untyped-def]
    """(state, advice) for the normal bot's own decisions of a seeded game."""
    info = registry.get(game)
    state = info.create(info.player_range(info.resolve_options({}))[0], seed, {})
    rng = random.Random(seed)
    for decision in range(limit):
        while not state.is_terminal and state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        if state.is_terminal:
            return
        advice = advise(info, state, seed=decision)
        yield state.clone(), advice
        state.apply(advice.action)


def test_loose_caboose_a_certain_penalty_is_the_engines_exact_count() -> None:
    """"passing should cost you 4.8 penalty points" was said of a pass that cost exactly 6
    (the number mixed in the bot's other weights): a pass whose penalty cards all come
    from the railway now names exactly what the engine takes, and every number says
    whether it is certain or expected."""
    from nile.games.loose_caboose.rules import Pass

    checked = 0
    for seed in (4, 5, 6):
        for state, advice in _seeded_decisions("loose_caboose", seed, 80):
            reason = advice.reason or ""
            assert "for certain" in reason or "expected" in reason or not reason, reason
            found = re.match(r"passing: (cancels )?(\d+) penalty points? for certain", reason)
            if not isinstance(advice.action, Pass) or not found:
                continue
            seat = state.current_player
            before = _taken(state, seat)
            state.apply(Pass())
            taken = _taken(state, seat) - before
            claimed = int(found.group(2)) * (-1 if found.group(1) else 1)
            assert taken == claimed, (reason, taken)
            checked += 1
    assert checked >= 2


def test_kap_a_bids_pounds_add_up() -> None:
    """"bid £14 — about 2.4 rails … about 70 % of that in pounds" (= £16.80): each step of
    the bid is now said in pounds and the steps agree: rails × the rail price, the share
    of it, and the bid itself (that share, or varied by the bot's noise, or capped)."""
    from nile.games.kap_kairo.ai import STYLE
    from nile.games.kap_kairo.rules import Bid

    pattern = re.compile(r"worth ([\d.]+) rails more .*?, £(\d+) at £(\d+) a rail; (\d+)% "
                         r"of that is £(\d+)(, varied to £(\d+)|, capped at £(\d+))?")
    checked = 0
    for seed in (4, 5):
        for _, advice in _seeded_decisions("kap_kairo", seed, 60):
            if not isinstance(advice.action, Bid):
                continue
            found = pattern.search(advice.reason or "")
            assert found, advice.reason
            rails, pounds, price, share, part = (float(found.group(1)), int(found.group(2)),
                                                 int(found.group(3)), int(found.group(4)),
                                                 int(found.group(5)))
            assert round(rails * price) == pounds
            assert share == round(STYLE.bid_share * 100)
            assert part == round(STYLE.bid_share * pounds)
            amount = advice.action.amount
            if found.group(6) is None:
                assert amount == part, advice.reason
            elif found.group(7):
                assert int(found.group(7)) == amount
                assert abs(amount - part) <= STYLE.bid_noise * part + 1, advice.reason
            else:
                assert int(found.group(8)) == amount
            checked += 1
    assert checked >= 4


@pytest.mark.slow
def test_every_cairo_choice_has_a_reason() -> None:
    """Cairo's choices around the flick (take back, what to flick, the penalty, the
    pyramid, its stones, order and spot) each give a reason, not only the flick."""
    from nile.games.cairo import ai as cairo_ai
    from nile.games.cairo.rules.phases import Phase
    from nile.games.cairo.rules.state import CairoState

    seen: set[Phase] = set()
    for seed in (3, 4, 5, 6):
        for state, advice in _seeded_decisions("cairo", seed, 60):
            assert isinstance(state, CairoState)
            if state.phase == Phase.FLICK:
                continue
            seen.add(state.phase)
            reason = cairo_ai.explain(state.observation(state.turn), advice.action)
            assert reason, f"no reason for {advice.action.to_str()} in {state.phase}"
    assert {Phase.CHOOSE, Phase.RETRIEVE, Phase.OFFER} <= seen


def test_cairo_pyramid_hint_quotes_the_numbers_it_chose_by() -> None:
    """"of the choices, it leaves the board counting best for you" had no number: the
    reason now quotes the bot's count after this choice and after the best other one,
    exactly the values it compared, and the chosen one is the larger."""
    from nile.games.cairo import ai as cairo_ai
    from nile.games.cairo.builder import Builder as CairoBuilder
    from nile.games.cairo.rules.phases import Phase

    builder = CairoBuilder(2).ship(0, "U4").ship(1, "D2")
    for block, (dx, dy) in {"0s00": (-12, -8), "1s00": (2, -10), "0s01": (14, 4),
                            "1s01": (-6, 8)}.items():
        builder.on_site(block, "zawyet", dx, dy)
    state = builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2,
                            offer_site="zawyet", last_block="0s01").build()
    options = state.legal_actions()
    values = cairo_ai.lookahead_values(state, options)
    chosen = cairo_ai.best_by_lookahead(state, options)
    reason = cairo_ai.explain(state, chosen) or ""
    found = re.search(r"leaves you ([\d.]+) (ahead|behind).*would leave you ([\d.]+) "
                      r"(ahead|behind)", reason)
    assert found, reason

    def said(number: str, side: str) -> float:
        return float(number) * (1 if side == "ahead" else -1)

    mine, other = said(found.group(1), found.group(2)), said(found.group(3), found.group(4))
    best = values[options.index(chosen)]
    runner_up = max(v for o, v in zip(options, values, strict=True) if o != chosen)
    assert abs(mine - best) <= 0.05 and abs(other - runner_up) <= 0.05
    assert mine >= other


def _taken(state, seat: int) -> int:  # type: ignore[no-untyped-def]
    """`seat`'s penalty points from penalties (a game's end adds the hand's cards too)."""
    pile = state.penalties[seat]
    return pile.points - sum(card.value for card in pile.from_hand)  # type: ignore[no-any-return]


def _exact_roll_penalty(state, seat: int) -> float | None:  # type: ignore[no-untyped-def]
    """The penalty points `seat` takes from a roll, averaged over the engine's own dice
    outcomes with their odds; None if some outcome draws a penalty from the shuffled pile
    (the hint's average over unseen cards is then an estimate, not this number)."""
    from nile.games.loose_caboose.rules import Phase

    if state.phase is Phase.PENALTY:
        return None
    if state.phase is not Phase.DICE:
        return float(_taken(state, seat))
    total = 0.0
    for outcome, odds in state.chance_outcomes():
        branch = state.clone()
        branch.apply(outcome)
        points = _exact_roll_penalty(branch, seat)
        if points is None:
            return None
        total += odds * points
    return total


def test_loose_caboose_an_expected_penalty_is_the_engines_average_over_the_dice() -> None:
    """"rolling now: 1.2 penalty points expected this turn" is the average, over every way
    the engine's dice can land, of the points it takes (where no card comes from the
    shuffled draw pile, the average is exact)."""
    from nile.games.loose_caboose.rules import Roll

    checked = 0
    for seed in (4, 5, 6, 7):
        for state, advice in _seeded_decisions("loose_caboose", seed, 80):
            found = re.match(r"rolling now: (cancels )?([\d.]+) penalty points? expected",
                             advice.reason or "")
            if not isinstance(advice.action, Roll) or not found:
                continue
            seat = state.current_player
            before = _taken(state, seat)
            state.apply(Roll())
            after = _exact_roll_penalty(state, seat)
            if after is None:
                continue
            claimed = float(found.group(2)) * (-1 if found.group(1) else 1)
            assert abs(claimed - (after - before)) <= 0.05 + 1e-9, (advice.reason, after - before)
            checked += 1
    assert checked >= 3


def test_kap_a_pass_says_how_many_rails_its_capital_buys() -> None:
    """A pass's "with £96 at most 1 rail is worth buying" now gives its basis (1 rail for
    every £67 held), and the count follows from it."""
    from nile.games.kap_kairo.ai import STYLE

    pattern = re.compile(r"with £(\d+) (no rail is|at most (\d+) rails? (is|are)) worth buying "
                         r"\(1 for every £(\d+) you hold\)")
    checked = 0
    for seed in (4, 5):
        for _, advice in _seeded_decisions("kap_kairo", seed, 60):
            found = pattern.search(advice.reason or "")
            if not found:
                continue
            capital, per = int(found.group(1)), int(found.group(5))
            assert per == round(1 / STYLE.buy_per_capital)
            assert int(found.group(3) or 0) == int(capital * STYLE.buy_per_capital)
            checked += 1
    assert checked >= 3
