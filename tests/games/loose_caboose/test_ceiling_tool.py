"""tools/lc_ceiling.py: the reference as a player and the informed bots against normal."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from nile.ai.bots import choose
from nile.core import chance
from nile.core.game import CHANCE
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, Lay, LooseCabooseState, Pass

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
from lc_ceiling import HandsBot, ReferenceBot, _clairvoyant, measure  # noqa: E402


def test_the_reference_player_takes_the_turns_cheapest_choice() -> None:
    # tools/lc_regret's sum: passing takes the back 2 for certain, laying the 1 and
    # rolling one die derails a third of the time for the same 2: 2/3 of a point.
    state = Builder(2).railway([2, 3, 1], caboose=2).hand(0, 1).build()
    assert isinstance(choose(ReferenceBot(random.Random(0)), state.observation(0)), Lay)


def test_the_reference_player_passes_to_cancel() -> None:
    # The back 4 cancels the 4 on top of the penalty pile: a pass is 4 points fewer for
    # certain, laying the 4 rolls four dice with one card ahead.
    state = Builder(2).railway([4, 3, 2], caboose=2).hand(0, 4).penalty(0, 1, 4).build()
    assert isinstance(choose(ReferenceBot(random.Random(0)), state.observation(0)), Pass)


def test_the_hands_bot_guesses_the_real_next_hand() -> None:
    state = (Builder(2).railway([1, 2, 3], caboose=1).hand(0, 1, 2).hand(1, 4, 4)
             .build())
    bot = HandsBot(random.Random(0))
    bot.start(state)
    search = bot._search
    assert search is not None
    leaf = search.leaf
    hand, draw = leaf.guess(search.root.state, 0)  # type: ignore[union-attr]
    assert hand == [Card(4), Card(4)]
    assert draw in state.pile.cards()


def test_the_clairvoyant_leaves_the_games_chance_stream_untouched() -> None:
    state = GAME_INFO.create(2, 7, {})
    assert isinstance(state, LooseCabooseState)
    rng = random.Random(3)
    while state.current_player != 0 or len(state.legal_actions()) < 2:
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(state.legal_actions()[-1])
    before = rng.getstate()
    action = _clairvoyant(state, rng, 0)
    assert rng.getstate() == before
    assert action in state.legal_actions()


def test_the_command_reports_every_bot() -> None:
    assert measure("reference", seed=4, games=2)["games"] == 2
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "lc_ceiling.py"),
                             "--bots", "reference,clairvoyant", "--games", "2", "--seed", "4"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["clairvoyant"]["games"] == 2
    assert 0 <= report["reference"]["share"] <= 1
