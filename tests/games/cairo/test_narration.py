"""Every flick narrated in player words, and no internal or ruling id in any text a player
sees (issue 15)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from nile.core import registry
from nile.core.game import CHANCE, Event
from nile.games.cairo.rules.events import (
    DieFaceRolled,
    FlickConsequence,
    FlickResolved,
    ShipKnockedOver,
)
from nile.games.cairo.rules.pieces import kind_of
from nile.practice.drills import DRILL_IDS, make_drill

GOLDEN = Path(__file__).parent / "golden" / "3p_seed11_easy_wobble.json"
FORBIDDEN = {
    "a block id": re.compile(r"\b\d(s\d\d|L|D)\b"),
    "a ship id": re.compile(r"\bship\d\b"),
    "a space id": re.compile(r"\b[UD]\d{1,2}\b"),
    "a ruling id": re.compile(r"\b(CA|P)-R?\d+\b"),
    "a site id": re.compile(r"[a-z]_[a-z]"),
    "a Python value": re.compile(r"\bNone\b|\[|\]"),
}


def _problems(text: str) -> list[str]:
    words = re.sub(r"\{p\d\}", "Ann", text)  # seat placeholders become names in the UI
    return [f"{what} in {text!r}" for what, pattern in FORBIDDEN.items()
            if pattern.search(words)]


def _random_game(seed: int, players: int) -> list[list[Event]]:
    rng = random.Random(f"narration/{seed}")
    state = registry.get("cairo").create(players, seed, {})
    played = []
    for _ in range(1500):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        played.append(state.apply(action))
    return played


def _golden_game() -> list[list[Event]]:
    record = json.loads(GOLDEN.read_text())
    state = registry.get("cairo").create(record["players"], record["seed"], record["options"])
    return [state.apply(state.parse_action(text)) for text in record["actions"]]


GAMES = [_golden_game(), *(_random_game(seed, 2 + seed % 4) for seed in range(6))]


def test_no_id_in_any_event_text() -> None:
    problems = []
    seen = 0
    for game in GAMES:
        for events in game:
            for event in events:
                for viewer in (None, 0):
                    text = event.describe(viewer)
                    seen += bool(text)
                    problems += _problems(text)
    assert seen > 500
    assert problems == []


def test_every_consequence_is_told() -> None:
    """Freed stones, lost pyramids and other blocks sent to the box each get their line."""
    told = 0
    for game in GAMES:
        for events in game:
            for i, event in enumerate(events):
                if not isinstance(event, FlickResolved):
                    continue
                after = [e for e in events[i + 1:] if isinstance(e, FlickConsequence)]
                freed = [e for e in after if e.what == "freed"]
                assert len(freed) == (1 if event.freed else 0)
                if event.freed:
                    assert len(freed[0].owners) == len(event.freed)
                fallen = {e.site for e in after if e.what == "collapsed"}
                assert len(fallen) <= len(event.pyramids_gone)
                assert sum(e.what == "collapsed" for e in after) == len(event.pyramids_gone)
                boxed = sum(len(e.owners) for e in after
                            if e.what in ("nile", "off_board", "scored_site"))
                assert boxed == len([b for b in event.to_box if b != event.block])
                told += len(after)
    assert told > 20


def test_a_ruined_pyramid_is_told_with_whose_stones_and_what_stands() -> None:
    lines = [e.describe(None) for game in GAMES[:1] for events in game for e in events
             if isinstance(e, FlickConsequence) and e.what in ("ruined", "collapsed")]
    assert "The pyramid on Naqada ({p0}'s and {p1}'s stones) is ruined: 2 of its 3 stones " \
        "still stand." in lines
    assert any("collapses" in line for line in lines)


def test_knock_over_names_whose_ship() -> None:
    assert ShipKnockedOver(0, ("ship2",)).describe(None) == \
        "{p0} knocks over {p2}'s ship: the turn ends."
    assert ShipKnockedOver(1, ("ship1",)).describe(None) == \
        "{p1} knocks over their own ship: the turn ends."
    assert ShipKnockedOver(1, ("ship0", "ship3")).describe(None) == \
        "{p1} knocks over {p0}'s and {p3}'s ships: the turn ends."


@pytest.mark.parametrize(("event", "text"), [
    (DieFaceRolled("3D", 1), "{p3}'s die-block shows 1."),
    (FlickConsequence(0, "shoved", (2,), "", 0, 0), "{p2}'s ship is nudged, then set back on "
                                                   "its space."),
    (FlickConsequence(0, "shoved", (2,), "", 4, 3),
     "{p2}'s ship is shoved 3 mm and turned 4\u00b0, then set back on its space."),
    (FlickConsequence(0, "nile", (1, 1)), "2 of {p1}'s blocks are knocked into the Nile and go "
                                          "to the box."),
    (FlickConsequence(0, "off_site", (0, 2), "giza"), "2 blocks (1 of {p0}'s, 1 of {p2}'s) are "
                                                     "knocked off Giza."),
    (FlickConsequence(0, "freed", (1, 1, 2)), "3 stones are free again (2 of {p1}'s, 1 of "
                                              "{p2}'s)."),
])
def test_consequence_wording(event: Event, text: str) -> None:
    assert event.describe(None) == text


def test_burning_is_called_burning_on_every_line() -> None:
    desert = FlickResolved(0, "0s01", (), (), "burning", (), (), (), 1, False)
    site = FlickResolved(0, "0s01", (), (), "burning:giza", (), (), (), 1, False)
    assert desert.describe(None) == "{p0}'s block lands burning on a boundary line."
    assert site.describe(None) == "{p0}'s block lands burning on the edge of Giza."


def test_practice_goals_name_no_ruling() -> None:
    for drill_id in DRILL_IDS:
        drill = make_drill(drill_id, random.Random(1))
        assert _problems(drill.goal()) == [], drill_id


def test_the_flicked_block_is_named_by_kind() -> None:
    for game in GAMES:
        for events in game:
            for event in events:
                if isinstance(event, FlickResolved):
                    text = event.describe(None)
                    kind = kind_of(event.block)
                    assert ("die-block" in text) == (kind == "die")
                    assert ("large block" in text) == (kind == "large")
