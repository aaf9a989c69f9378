"""Join remembers (issue 31): the last address and code typed are offered again, and the
games joined lately are listed newest first, each once, at most three, until they end; a
damaged memory is an empty one."""

from __future__ import annotations

import json
import re

from nile.ui import joined_games
from nile.ui.joined_games import JoinedGame


def test_the_last_address_and_code_are_offered_again() -> None:
    assert joined_games.last_typed() == ("", "")
    joined_games.remember_typed("192.168.1.20", "K7QM4ZXA")
    assert joined_games.last_typed() == ("192.168.1.20", "K7QM4ZXA")


def test_joined_games_are_listed_newest_first_once_each_and_forgotten_at_the_end() -> None:
    for n, game in enumerate(["cairo", "cleopatra", "kap_kairo", "loose_caboose"]):
        joined_games.remember_game(f"ws://10.0.0.{n}:8765", [f"CODE{n}"], game, 1000.0 + n)
    assert [g.game for g in joined_games.recent()] == ["loose_caboose", "kap_kairo",
                                                       "cleopatra"]
    joined_games.remember_game("ws://10.0.0.1:8765", ["CODE1"], "cleopatra", 2000.0)
    assert [g.address for g in joined_games.recent()] == [
        "ws://10.0.0.1:8765", "ws://10.0.0.3:8765", "ws://10.0.0.2:8765"]
    joined_games.forget("ws://10.0.0.3:8765", ["CODE3"])
    assert [g.game for g in joined_games.recent()] == ["cleopatra", "kap_kairo"]
    joined_games.remember_typed("10.0.0.1", "CODE1")  # the list stays beside it
    assert len(joined_games.recent()) == 2


def test_the_label_names_the_game_the_host_and_when() -> None:
    game = JoinedGame("ws://192.168.1.20:8765", ("K7QM4ZXA",), "cleopatra", 1796620200.0)
    title, host, when = game.label.split(" · ")
    assert (title, host) == ("Cleopatra's Caboose", "192.168.1.20")  # the usual port unsaid
    assert re.fullmatch(r"\d{1,2} \w+ \d\d:\d\d", when), when  # "7 Dec 05:10", local time
    other = JoinedGame("wss://nile.example.org:443", ("A",), "cairo", 0.0)
    assert other.label.split(" · ")[1] == "nile.example.org:443"


def test_a_damaged_memory_is_an_empty_one() -> None:
    path = joined_games.memory_path()
    for damaged in ("{not json", "[1, 2]", json.dumps({"last": {"address": 7, "code": "X"},
                                                       "recent": "nothing"})):
        path.write_text(damaged, encoding="utf-8")
        assert joined_games.last_typed() == ("", "") and joined_games.recent() == []
    path.write_text(json.dumps({"recent": [
        {"address": "ws://a:1", "codes": ["X"], "game": "cairo", "when": True},
        {"address": "ws://b:1", "codes": [], "game": "cairo", "when": 5},
        {"address": "ws://c:1", "codes": ["Y"], "game": "cairo", "when": 5}]}),
        encoding="utf-8")
    assert [g.address for g in joined_games.recent()] == ["ws://c:1"]


def test_a_moment_no_clock_can_show_is_dropped_not_drawn() -> None:
    """A damaged file's `when` far beyond any date (or not a number at all) is left out:
    drawing its label would make `time.localtime` raise on the Join screen."""
    path = joined_games.memory_path()
    path.write_text('{"recent": [{"address": "ws://a:1", "codes": ["X"], "game": "cairo", '
                    '"when": 1e300}, {"address": "ws://b:1", "codes": ["Y"], "game": "cairo", '
                    '"when": NaN}, {"address": "ws://c:1", "codes": ["Z"], "game": "cairo", '
                    '"when": -1}, {"address": "ws://d:1", "codes": ["W"], "game": "cairo", '
                    '"when": 5}]}', encoding="utf-8")
    games = joined_games.recent()
    assert [g.address for g in games] == ["ws://d:1"]
    assert all(g.label for g in games)
