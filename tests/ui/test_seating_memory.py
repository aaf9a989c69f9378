"""Setup remembers each game's last seating and options (issue 29 item 6): Start keeps
them, the next setup of that game opens with them, another game keeps its own, and a
memory that no longer fits (a damaged file, a level not offered) gives the defaults."""

from __future__ import annotations

import json

from nile.core import registry
from nile.ui import seating
from nile.ui.seating import SeatRow
from nile.ui.setup_scene import SetupScene, default_rows
from tests.ui.harness import frames, make_app


def test_start_keeps_the_seating_for_the_next_setup() -> None:
    app = make_app()
    info = registry.get("loose_caboose")
    scene = SetupScene(app, info)
    app.push(scene)
    frames(app)
    scene.rows[0].name = "Ann"
    scene.rows[1] = SeatRow("Bot (hard)", "Horus", 3)
    scene.rows[2] = SeatRow("Human", "Bo", 2)
    scene.start()
    again = SetupScene(app, info)
    assert [(r.kind, r.name, r.color) for r in again.rows[:3]] == [
        ("Human", "Ann", 0), ("Bot (hard)", "Horus", 3), ("Human", "Bo", 2)]
    assert [e.get_text() for e in again.name_entries[:3]] == ["Ann", "Horus", "Bo"]
    other = SetupScene(app, registry.get("kap_kairo"))
    assert [r.kind for r in other.rows] == [r.kind for r in default_rows(other.info)]


def test_options_are_remembered_with_the_seats() -> None:
    app = make_app()
    info = registry.get("age_of_steam")
    scene = SetupScene(app, info)
    scene.options = info.resolve_options({"map": "egypt"})
    scene.rows = [SeatRow("Human", "Ann", 0), *(SeatRow("Bot (easy)", f"B{i}", i)
                                               for i in range(1, 4))]
    seating.remember(info, scene.rows, scene.options)
    again = SetupScene(app, info)
    assert again.options["map"] == "egypt"
    assert [r.kind for r in again.rows[:4]] == ["Human", *["Bot (easy)"] * 3]
    assert len(again.rows) == info.player_range(again.options)[1]


def test_a_memory_that_does_not_fit_gives_the_defaults() -> None:
    app = make_app()
    info = registry.get("loose_caboose")
    path = seating.seating_path()
    for damaged in ("{not json", json.dumps({"loose_caboose": {"rows": [
            {"kind": "Bot (godlike)", "name": "x", "color": 1}], "options": {}}}),
            json.dumps({"loose_caboose": {"rows": [{"kind": "Human", "name": 7, "color": 0}],
                                          "options": {}}}), json.dumps([1, 2])):
        path.write_text(damaged, encoding="utf-8")
        scene = SetupScene(app, info)
        assert [r.kind for r in scene.rows] == [r.kind for r in default_rows(info)], damaged
