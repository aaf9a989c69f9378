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
