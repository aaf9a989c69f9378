"""Re-enacting the host's steps on this computer's view, to animate them (issue 31, item 1).

A remote table gets a new view after every move, not the move's events: the events hold
what a seat may not see (a card drawn by another), so they never cross the wire. The scenes
animate from events (`on_events`), as for a bot's move at one screen. So the client plays
the new steps again on the view it had before, on a world that fits what it knows
(`determinize`), and keeps an outcome only where the events it yields describe themselves
to this seat exactly as the host's lines say (`Step.lines`). Where the step carries its
action (this seat's own move; any move or chance outcome in a game that hides nothing,
such as Cairo's flick and its wobble, whose physics is re-simulated here) it is simply
played; otherwise (another seat's decision, chance) the world's possible actions are tried.

The events found drive the table's animation only: what the table shows at the end is
always the host's view (pymunk need not be bit-identical across machines, and a guessed
hidden card is drawn face down to this seat anyway). A step that cannot be re-enacted within
the budget ends the re-enactment there: the rest of the move shows at once, as before.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action, Event, GameState, Seat
from nile.net.codec import lines_for
from nile.net.protocol import Step

NOT_A_MOVE = (IllegalAction, ValueError, TypeError, KeyError, IndexError, OverflowError)
"""What parsing or playing a guess may raise on a world dealt to fit a view (as the host's
`Table.move` expects of a text it parses): the guess is dropped, nothing else happens."""
TRIES = 400
"""Actions tried per step that carries none (a world's legal moves or chance outcomes)."""
WORLDS = 6
"""Worlds dealt for a game with hidden information before giving up on a step."""
BUDGET = 0.3
"""Seconds of search at most per view (a Cairo wobble tried is a whole physics run): the
frame stalls no longer than this, and what is not found by then shows at once."""


def reenact(before: GameState, steps: Sequence[Step], viewer: Seat, hidden: bool,
            budget: float = BUDGET) -> list[Event]:
    """The events of `steps` played from `before` (the view `viewer` had), as far as they
    can be re-enacted within `budget` seconds: every event of the steps, or those of the
    first few (a world is dealt with the seed of its index: the same view animates alike)."""
    best: list[Event] = []
    deadline = time.perf_counter() + budget
    for world_index in range(WORLDS if hidden else 1):
        world = before.determinize(random.Random(world_index)) if hidden else before.clone()
        events, done = _play_steps(world, steps, viewer, deadline)
        if done:
            return events
        if len(events) > len(best):
            best = events
    return best


def _play_steps(world: GameState, steps: Sequence[Step], viewer: Seat, deadline: float,
                ) -> tuple[list[Event], bool]:
    """Play `steps` from `world`: the events, and whether every step played."""
    events: list[Event] = []
    for step in steps:
        found = _one_step(world, step, viewer, deadline)
        if found is None:
            return events, False
        world, step_events = found
        events.extend(step_events)
    return events, True


def _one_step(world: GameState, step: Step, viewer: Seat, deadline: float,
              ) -> tuple[GameState, list[Event]] | None:
    """The world after `step` and its events, or None if no action tried in time gives the
    lines the host sent."""
    if world.is_terminal or world.current_player != step.seat:
        return None
    for action in _candidates(world, step):
        if time.perf_counter() > deadline:
            return None
        trial = world.clone()
        try:
            events = trial.apply(action)
        except NOT_A_MOVE:
            continue
        if lines_for(events, viewer) == step.lines:
            return trial, events
    return None


def _candidates(world: GameState, step: Step) -> list[Action]:
    """The actions worth trying for `step`: its own if the host sent it, else the world's."""
    if step.action is not None:
        try:
            return [world.parse_action(step.action)]
        except NOT_A_MOVE:
            return []
    if step.seat == CHANCE:
        return [action for action, _ in world.chance_outcomes()][:TRIES]
    return world.legal_actions()[:TRIES]
