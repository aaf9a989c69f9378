"""A flick whose stones fall lands over several frames, as the rules run it (issue 33 item 6).

The scene steps the flick's physics ahead (`view/ahead.py`, `flicking.run_ahead`), a slice a
frame, and lands the move once it rests; the rules take the outcome over. These tests hold
the game to what the rules alone make of the same actions, and the table to showing the
board before the flick, taking no input, until the move lands.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from nile.app import App
from nile.core.game import CHANCE
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import flicking
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.scene import CairoScene
from nile.games.cairo.shots import flicks
from tests.ui.harness import frames, instant_app


def bench_table() -> tuple[CairoScene, CairoState]:
    """The busiest table (a scripted flick after every flick) and its state at the start."""
    app = instant_app()
    flicks(app)
    scene = app.top
    assert isinstance(scene, CairoScene)
    start = scene.match.state.clone()
    assert isinstance(start, CairoState)
    return scene, start


def step(scene: CairoScene) -> None:
    """One frame of the app the scene is in."""
    assert isinstance(scene.app, App)
    frames(scene.app, 1)


def until_a_flick_waits(scene: CairoScene, limit: int = 600) -> None:
    for _ in range(limit):
        if scene.landing:
            return
        step(scene)
    raise AssertionError("no flick brought a stone down")


def replayed(start: CairoState, actions: list[str]) -> CairoState:
    """The rules alone, from the same start through the same actions."""
    state = start.clone()
    for text in actions:
        state.apply(state.parse_action(text))
    return state


def test_a_flick_that_brings_stones_down_lands_frames_later_as_the_rules_run_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scene, start = bench_table()
    until_a_flick_waits(scene)
    taken: list[bool] = []
    take_over = flicking._taken_over

    def spy(*args: Any) -> Any:
        run = take_over(*args)
        taken.append(run is not None)
        return run

    monkeypatch.setattr(flicking, "_taken_over", spy)
    shown = scene.view
    assert scene.state.current_player == CHANCE  # the wobble is still to be drawn
    assert not scene.accepting_input
    waited = 0
    while scene.landing:
        assert scene.view is shown  # the board before the flick, until it lands
        assert not scene.autoplay.ready()  # bots and a lesson's script wait for it
        assert not scene.is_idle()  # the app does not sleep: no input is coming
        step(scene)
        waited += 1
    assert 1 <= waited <= 30
    assert taken and all(taken)  # the rules took the run over: no flick was run again
    assert scene.state.current_player != CHANCE
    assert replayed(start, scene.match.actions).to_dict() == scene.match.state.to_dict()
    assert scene.view is not shown


def test_while_a_flick_waits_its_prompt_and_undo_are_gone() -> None:
    scene, _ = bench_table()
    until_a_flick_waits(scene)
    assert scene.action_bar.prompt == ""
    assert scene.match.undo_seat() is None
    undo = scene.top_bar.buttons["undo"]
    assert not getattr(undo, "is_enabled", True)


def test_a_chance_script_is_asked_once_a_chance() -> None:
    """A lesson's script counts what it gave: the look-ahead and the move's landing share
    one answer (none asked twice for one ply, a waiting flick's wobble included)."""
    scene, _ = bench_table()
    match = scene.match
    asked: list[int] = []

    def script(texts: list[str]) -> None:
        asked.append(match.ply)
        return None  # the seed's draw, as without a script

    match.chance_script = script
    until_a_flick_waits(scene)
    while scene.landing:
        step(scene)
    assert asked and len(asked) == len(set(asked))


def test_leaving_while_a_flick_waits_lands_it_first() -> None:
    """Part-way through its physics: the rules take the run over and step the rest."""
    scene, start = bench_table()
    until_a_flick_waits(scene)
    scene.exit()
    assert not scene.landing
    assert scene.state.current_player != CHANCE
    assert replayed(start, scene.match.actions).to_dict() == scene.match.state.to_dict()


def test_the_chance_looked_ahead_is_the_chance_taken() -> None:
    scene, _ = bench_table()
    until_a_flick_waits(scene)
    jitter = scene.match.next_chance()
    scene.match.resolve_chance()
    assert scene.match.actions[-1] == jitter.to_str()


def test_a_run_ahead_on_other_inputs_is_not_taken_over() -> None:
    """The rules take a run over only on its very inputs: a different wobble is run afresh
    (and ends as the rules alone end it)."""
    scene, _ = bench_table()
    until_a_flick_waits(scene)
    state = scene.match.state
    assert isinstance(state, CairoState)
    drawn = scene.match.next_chance()
    assert isinstance(drawn, A.Jitter)
    other = A.Jitter(drawn.aim + 1 if drawn.aim < 5 else drawn.aim - 1, drawn.power, drawn.fine)
    alone = state.clone()
    alone.apply(other)
    flicking.run_ahead(state, drawn).step_tick()
    state.apply(other)
    assert state.to_dict() == alone.to_dict()


def test_a_flick_without_a_fall_lands_in_its_own_frame() -> None:
    """Most flicks: no frame waits (the table is as before the change)."""
    scene, _ = bench_table()
    ply = scene.match.ply
    while scene.match.ply == ply:
        step(scene)
    assert not scene.landing
    assert scene.state.current_player != CHANCE
    pygame.event.clear()
