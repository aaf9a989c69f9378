"""The privacy audit: was every message a seat received something that seat may see?

After a game the host sends the whole save (`Over`); replaying it gives the true state
before every decision, so each view a connection received can be compared with the
observation of its seat at that moment, and its log with the events described for that
seat. Used by the tests (every game with hidden information) and by tools/net_bench.py
(its `leaks` figure).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from nile.core import registry
from nile.core.game import CHANCE, GameState
from nile.core.session import Match, SeatConfig
from nile.net import protocol as p
from nile.net import wire
from nile.net.codec import steps_for


def replay(save: Mapping[str, Any]) -> tuple[list[GameState], Match]:
    """The state before each decision of a saved game (and the last one), and the match."""
    info = registry.get(save["game"])
    seats = [SeatConfig(s["name"], s["kind"], s["level"], s["color"]) for s in save["seats"]]
    state = info.create(len(seats), save["seed"], save["options"])
    match = Match(info, tuple(seats), save["seed"], dict(save["options"]), state)
    before: list[GameState] = []
    for text in save["actions"]:
        if match.state.current_player != CHANCE:
            before.append(match.state.clone())
        match.play(match.state.parse_action(text))
    before.append(match.state.clone())
    return before, match


def audit(received: Iterable[object], save: Mapping[str, Any]) -> list[str]:
    """What went wrong in the messages one connection received before the end (empty: all
    private). Assumes a game without undos or handed seats, so view `seq` k is the
    position after k decisions (as in the tests and the bench)."""
    before, match = replay(save)
    public = not match.info.hides_information(match.options)
    secret = str(save["seed"])
    problems: list[str] = []
    logs: dict[int, list[p.Step]] = {}
    for item in received:
        if isinstance(item, p.Over):
            break
        if not isinstance(item, tuple(p.SERVER_MESSAGES)):
            continue
        text = wire.encode(item)
        if '"seed"' in text or secret in text:
            problems.append(f"the seed was sent before the end ({type(item).__name__})")
        if isinstance(item, p.View):
            expected = before[min(item.seq, len(before) - 1)].observation(item.seat)
            if item.state != json.loads(json.dumps(expected.to_dict())):
                problems.append(f"view {item.seq} is not what seat {item.seat} may see")
            steps = logs.setdefault(item.seat, [])
            del steps[item.first:]
            steps.extend(item.steps)
    for seat, steps in logs.items():
        if tuple(steps) != steps_for(match.log, 0, seat, public):
            problems.append(f"seat {seat}'s log differs from its events")
        for step in steps:
            if step.action is not None and (step.seat == CHANCE
                                            or (step.seat != seat and not public)):
                problems.append(f"seat {seat} was sent seat {step.seat}'s decision")
    return problems
