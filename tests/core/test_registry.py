"""The registry's typed facts about a game: no behaviour hides in an untyped dict."""

from __future__ import annotations

import dataclasses

from nile.core import registry
from nile.core.game import GameInfo
from tests.core.toy_game import TOY_INFO


def test_game_info_has_no_untyped_extras() -> None:
    names = {f.name for f in dataclasses.fields(GameInfo)}
    assert "extra" not in names
    assert {"hidden_information", "excluded_colors", "conformance_games", "bench",
            "selfplay_stats", "pitch", "length", "tile_order"} <= names


def test_privacy_is_the_default_and_a_rule_of_the_options_where_it_depends() -> None:
    assert TOY_INFO.hides_information({})  # a game that says nothing gets the cover
    public = dataclasses.replace(TOY_INFO, hidden_information=False)
    assert not public.hides_information({})
    assert registry.get("age_of_steam").hides_information({"map": "cccp"})
    assert not registry.get("cairo").hides_information({})
    assert TOY_INFO.banned_colors({}) == frozenset()
