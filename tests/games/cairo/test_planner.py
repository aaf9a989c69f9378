"""The flick planner's sampling: which wobbles it checks and which candidates it checks."""

from __future__ import annotations

import random

from nile.games.cairo import ai
from nile.games.cairo.builder import Builder
from nile.games.cairo.config import edition, load
from nile.games.cairo.rules.phases import Phase


def test_hard_checks_small_medium_and_likely_misses_of_aim_and_power() -> None:
    """Hard samples each axis at 1, 2 and 3 steps of the eleven-point wobble, so a target
    that a small miss already loses scores below one that only a likely miss loses."""
    wobbles = ai.wobble_indices(ai.LEVELS["hard"], load().jitter)
    assert sorted(a for a, p in wobbles if p == 0) == [-3, -2, -1, 1, 2, 3]
    assert sorted(p for a, p in wobbles if a == 0) == [-3, -2, -1, 1, 2, 3]
    assert len(wobbles) == 12
    # normal keeps its two likely aim misses
    assert ai.wobble_indices(ai.LEVELS["normal"], load().jitter) == [(-3, 0), (3, 0)]


def test_a_coarse_edition_gets_each_wobble_once_and_never_the_mean_flick() -> None:
    """Edition 1 has three wobble points: small misses round to none and are dropped."""
    wobbles = ai.wobble_indices(ai.LEVELS["hard"], edition(1).jitter)
    assert sorted(wobbles) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_varied_keeps_the_order_and_caps_each_target() -> None:
    labels = ["giza/0", "giza/1", "giza/2", "edfu/0", "giza/3", "hit 1s02", "edfu/1"]
    ranked = list(range(len(labels)))
    assert ai.varied(ranked, labels, 4, 2) == [0, 1, 3, 5]
    assert ai.varied(ranked, labels, 4, 0) == [0, 1, 2, 3]
    assert ai.varied(ranked, labels, 9, 1) == [0, 3, 5]


def test_hard_checks_several_targets_not_five_aims_at_one() -> None:
    state = (Builder(2).ship(0, "U7").ship(1, "D1")
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build())
    bot = ai.make_bot("hard", 0, random.Random(2))
    bot.set_budget(None, None)
    bot.start(state)
    while not bot.think(1.0):
        pass
    targets = [label.split("/")[0] for label in bot.checked]
    assert len(bot.checked) == ai.LEVELS["hard"].refine
    assert max(targets.count(t) for t in targets) <= ai.LEVELS["hard"].per_target
    assert len(set(targets)) >= ai.LEVELS["hard"].refine // 2
    # the hint's account counts the flicks it averaged: the mean flick and twelve wobbles
    reason = bot.reasoning()
    assert reason is not None and reason.startswith("aims your small block at ")
    assert "the mean of 13 simulated flicks" in reason


def test_a_flick_that_changes_nothing_says_why_it_is_still_chosen(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """"gains no points" gave no reason (issue 29): a flick whose simulations leave the lead
    as it is now says it is the best of the aims simulated, and how many it compared."""
    state = (Builder(2).ship(0, "U4").ship(1, "D2")
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build())
    bot = ai.make_bot("normal", 0, random.Random(2))
    bot.start(state)
    while not bot.think(1.0):
        pass
    pool = list(bot._values)
    now = ai.evaluate_for(state, 0)
    monkeypatch.setattr(bot, "_expected", lambda index: now)
    reason = bot._flick_reason(pool[0], pool)
    assert reason is not None and "gains no points" not in reason
    assert f"the best of the {len(pool)} aims simulated" in reason
    assert "leaves your lead over the best rival as it is" in reason


def _decide(level: str, state, seed: int = 2) -> ai.FlickPlanner:  # type: ignore[no-untyped-def]
    bot = ai.make_bot(level, 0, random.Random(seed))
    bot.set_budget(None, None)
    bot.start(state)
    while not bot.think(0.01):  # the app's way: many short slices
        pass
    return bot


def _mid_turn_state():  # type: ignore[no-untyped-def]
    return (Builder(2).ship(0, "U7").ship(1, "D1")
            .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build())


def test_the_expert_weighs_the_rivals_reply_to_its_best_checked_flicks() -> None:
    """Hard's screen, then the second ply: each of the expert's best `reply_top` checked
    candidates is played to the rival's next flick for every roll."""
    level = ai.LEVELS["expert"]
    bot = _decide("expert", _mid_turn_state())
    assert len(bot._losses) == level.reply_top
    assert set(bot._losses) <= {i for i, v in bot._values.items() if len(v) > 1}
    assert all(len(losses) == level.reply_dice for losses in bot._losses.values())
    assert any(loss < 0.0 for losses in bot._losses.values() for loss in losses)
    assert bot.simulations <= ai.most_flicks(level)
    reason = bot.reasoning()
    assert reason is not None and "after the next player's best reply" in reason
    hard = _decide("hard", _mid_turn_state())
    assert not hard._losses and hard.simulations <= ai.most_flicks(ai.LEVELS["hard"])


def test_a_flick_with_more_to_come_this_turn_reaches_the_rival_only_by_finishing_it() -> None:
    """With small blocks still to flick the rival's reply comes after them: `rival_flick`
    plays them (finish_turn) or says there is no reply yet."""
    state = _mid_turn_state()
    flick = ai.candidates(state, 1, random.Random(0))[0].flick

    def run(finish_turn: bool):  # type: ignore[no-untyped-def]
        steps = ai.rival_flick(state, flick, random.Random(5), finish_turn)
        try:
            while True:
                next(steps)
        except StopIteration as done:
            return done.value

    assert run(False) is None
    position = run(True)
    assert position is not None and position.turn == 1 and position.phase == Phase.FLICK
    assert position.flicks_left >= 1 and state.turn == 0  # the mover's board is untouched


def test_the_expert_picks_the_flick_that_survives_the_reply(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The expert's choice is the wobbles' mean plus the reply's loss: the candidate hard
    would play, if the rival's reply costs it most, gives way to the next best."""
    hard = _decide("hard", _mid_turn_state())
    hard_pick = hard.action()

    def fake_loss(state, flick, count, rng, finish_turn=False):  # type: ignore[no-untyped-def]
        yield
        return -100.0 if flick == hard_pick else -1.0

    monkeypatch.setattr(ai, "reply_loss", fake_loss)
    expert = _decide("expert", _mid_turn_state())
    assert expert.action() != hard_pick
    scores = expert._scores()
    assert max(scores, key=lambda i: (scores[i], -i)) in expert._losses
    assert expert.action() == expert._cands[max(scores, key=lambda i: (scores[i], -i))].flick


def test_a_cut_second_ply_compares_only_the_rolls_every_candidate_finished() -> None:
    """A time cap can stop the replies part way: a candidate with an extra roll done must
    not be compared on it against one without."""
    bot = _decide("expert", _mid_turn_state())
    first, second = list(bot._losses)[:2]
    bot._losses = {first: [-1.0, -50.0], second: [-2.0]}
    scores = bot._scores()
    assert scores[first] - bot._expected(first) == -1.0
    assert scores[second] - bot._expected(second) == -2.0
