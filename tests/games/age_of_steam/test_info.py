"""GAME_INFO: the registry entry, options, player ranges and the rules summary."""

from __future__ import annotations

from nile.ai.bots import hooks_of
from nile.core import registry
from nile.games.age_of_steam import GAME_INFO


def test_registered_with_the_map_option_first_choice_default() -> None:
    assert registry.get("age_of_steam") is GAME_INFO
    assert GAME_INFO.title == "Age of Steam"
    assert GAME_INFO.scene == "nile.games.age_of_steam.scene:AgeOfSteamScene"
    [option] = GAME_INFO.options
    assert option.key == "map" and option.choices == ("chile", "cccp", "egypt")
    assert GAME_INFO.resolve_options({}) == {"map": "chile"}
    assert GAME_INFO.player_range({"map": "egypt"}) == (3, 5)


def test_only_cccp_hides_and_egypt_has_no_blue_player() -> None:
    hidden, banned = GAME_INFO.hides_information, GAME_INFO.banned_colors
    assert [hidden({"map": m}) for m in ("chile", "cccp", "egypt")] == [False, True, False]
    assert banned({"map": "egypt"}) == {"Blue"} and banned({"map": "chile"}) == set()


def test_rules_summary_is_short_and_covers_every_map() -> None:
    text = GAME_INFO.rules_summary
    assert len(text.splitlines()) <= 45
    for word in ("Chile", "CCCP", "Egypt", "Communism", "Ferry", "Santiago", "Al Qahirah"):
        assert word in text


def test_hooks_give_policy_evaluation_and_bots() -> None:
    assert GAME_INFO.ai_hooks is not None
    hooks = hooks_of(GAME_INFO)
    assert hooks.policy is not None and hooks.evaluate is not None
    assert hooks.make_bot is not None and hooks.rollout_depth <= 12


def test_hard_bot_takes_the_tools_iteration_budget_and_replays_exactly() -> None:
    """`--hard-iterations` reaches the game's own hard bot: a fixed number of iterations
    and no time cap, so a seeded self-play makes the same choices on any machine."""
    import random

    from nile.ai.bots import choose, make_bot
    from nile.core import chance
    from nile.core.game import CHANCE

    state = GAME_INFO.create(4, 7, {"map": "chile"})
    rng = random.Random(7)
    while True:  # the first decision where the pruned search has a real choice
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        assert seat is not None
        probe = make_bot(GAME_INFO, "hard", seat, seed=3, iterations=12)
        probe.start(state.observation(seat))
        if len(probe._legal) > 1:  # type: ignore[attr-defined]
            break
        state.apply(rng.choice(state.legal_actions()))
    picks = []
    for _ in range(2):
        bot = make_bot(GAME_INFO, "hard", seat, seed=3, iterations=12)
        picks.append(choose(bot, state.observation(seat)))
        assert bot._search.iterations_done == 12  # type: ignore[attr-defined]
    assert picks[0] == picks[1]
