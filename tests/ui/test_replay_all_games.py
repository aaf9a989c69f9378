"""Replay in every registered game: from the set-up (move 0) to the end and back.

Each game is finished with seeded random legal moves, then its replay scene steps
through every move forwards and backwards with the arrow keys, drawing each frame. The
log shows the game up to the move on screen; Play turns into Pause and back.
"""

from __future__ import annotations

import random

import pygame
import pytest

from nile.app import App
from nile.core import chance, registry
from nile.core.game import CHANCE, GameInfo
from nile.core.session import Match, SeatConfig
from nile.games.kap_kairo.view.ledger import RailwaysChart
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.results import ResultsScene
from nile.ui.games import scene_for
from tests.ui.harness import frames, instant_app, key, press, tick

GAMES = [info for info in registry.all_games() if info.scene is not None]


def finished_match(info: GameInfo, seed: int = 5) -> Match:
    """A whole game of random legal moves (fewest players), every bot seat easy."""
    low, _ = info.player_range(info.resolve_options({}))
    seats = tuple(SeatConfig(f"Bot {i + 1}", "bot", "easy", i) for i in range(low))
    match = Match.new(info, seats, seed)
    rng = random.Random(seed)
    while not match.state.is_terminal and len(match.actions) < 3000:
        state = match.state
        if state.current_player == CHANCE:
            match.play(chance.pick(state.chance_outcomes(), rng))
        else:
            match.play(rng.choice(state.legal_actions()))
    assert match.state.is_terminal
    return match


def open_finished(game_id: str) -> tuple[App, Match, GameScene]:
    """A finished seeded game of `game_id` on the table (its results screen over it)."""
    app = instant_app()
    match = finished_match(registry.get(game_id))
    scene = scene_for(match.info)(app, match)
    app.push(scene)
    frames(app, 2)
    return app, match, scene


def log_until(match: Match, position: int, scene: GameScene) -> list[str]:
    """The public log of the first `position` moves, as the replay should show it."""
    return [
        scene.words(line)
        for entry in match.log[max(0, position - 400) : position]
        for line in (event.describe(None) for event in entry.events)
        if line
    ]


def step(app, code: int) -> None:  # type: ignore[no-untyped-def]
    """One arrow key press and one frame drawn (half of `key`, which also releases)."""
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.slow
def test_replay_draws_every_move_forwards_and_backwards(info: GameInfo) -> None:
    """Each arrow step is one player's move with the chance steps after it; the set-up
    (dealt by chance) is no one's move."""
    app = instant_app()
    match = finished_match(info)
    watcher = scene_for(info)(app, match)
    app.push(watcher)
    frames(app, 2)
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "Replay")
    scene = app.top
    assert isinstance(scene, GameScene) and scene.replay is not None
    replay = scene.replay
    movers = [entry.seat for entry in match.log]
    assert replay.length == len(match.actions)
    assert replay.move_count == sum(1 for seat in movers if seat != CHANCE)
    assert replay.position == replay.setup
    assert all(seat == CHANCE for seat in movers[: replay.setup])
    assert scene.log.lines == log_until(match, replay.setup, scene)
    stops = replay.stops
    assert stops[0] == replay.setup and stops[-1] == replay.length
    assert len(stops) == replay.move_count + 1
    middle = stops[len(stops) // 2]
    for number, position in enumerate(stops[1:], start=1):
        step(app, pygame.K_RIGHT)
        assert replay.position == position and replay.moves_before(position) == number
        assert movers[stops[number - 1]] != CHANCE  # the step began with a player's move
        assert all(seat == CHANCE for seat in movers[stops[number - 1] + 1 : position])
        if position in (stops[1], middle):
            assert scene.log.lines == log_until(match, position, scene)
    assert scene.state == match.state
    assert scene.log.lines == log_until(match, replay.length, scene)
    for position in reversed(stops[:-1]):
        step(app, pygame.K_LEFT)
        assert replay.position == position
        if position == middle:
            assert scene.log.lines == log_until(match, position, scene)
    assert scene.log.lines == log_until(match, replay.setup, scene)


def test_the_replay_counts_players_moves_not_chance_steps(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Cleopatra's replay said "Move 40 of 235" while it still showed the set-up: the deal
    counted as moves."""
    from nile.ui import text

    app, match, scene = open_finished("cleopatra")
    scene.open_replay()
    watcher = app.top
    assert isinstance(watcher, GameScene) and watcher.replay is not None
    assert watcher.replay.setup > 10  # Cleopatra deals by chance before anyone moves
    drawn: list[str] = []
    original = text.draw

    def spy(surface, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(words)
        return original(surface, words, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    frames(app)
    assert "Set-up" in drawn
    drawn.clear()
    step(app, pygame.K_RIGHT)
    total = sum(1 for entry in match.log if entry.seat != CHANCE)
    assert f"Move 1 of {total}" in drawn


def test_play_turns_into_pause_and_back_at_the_end() -> None:
    app, _match, scene = open_finished("loose_caboose")
    scene.open_replay()
    watcher = app.top
    assert isinstance(watcher, GameScene) and watcher.replay is not None
    press(app, watcher, "Play")
    assert watcher.replay_bar.playing
    press(app, watcher, "Pause")
    assert not watcher.replay_bar.playing
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    assert watcher.replay_bar.playing
    frames(app, 120)  # the last move plays and the replay stops by itself
    assert watcher.replay.position == watcher.replay.length and not watcher.replay_bar.playing
    press(app, watcher, "Play")  # at the end, Play starts again from the set-up
    assert watcher.replay_bar.playing and watcher.replay.position <= watcher.replay.stops[1]


def test_results_and_replay_reopen_after_see_the_table() -> None:
    app, match, scene = open_finished("kap_kairo")
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "See the table")
    assert app.top is scene
    press(app, scene, "Results")  # the top bar offers the results again (the game's own)...
    assert isinstance(app.top, ResultsScene) and isinstance(app.top.chart, RailwaysChart)
    app.pop()
    press(app, scene, "Replay")  # ... and the replay
    watcher = app.top
    assert isinstance(watcher, GameScene) and watcher.replay is not None
    key(app, pygame.K_RIGHT)
    watcher.reopen_results()  # the results of the whole game, even mid-replay
    results = app.top
    assert isinstance(results, ResultsScene) and isinstance(results.chart, RailwaysChart)
    assert results.ranking == match.state.ranking()
    frames(app, 2)  # its railways are the final ones
    press(app, results, "Replay")  # in a replay: back to its set-up, no second replay
    assert app.top is watcher and watcher.replay.position == watcher.replay.setup
    key(app, pygame.K_BACKSPACE)
    assert app.top is scene


def test_a_replay_shows_only_the_last_moves_announcements() -> None:
    """Toasts of earlier moves piled up over the table while a replay played."""
    app, _match, scene = open_finished("kap_kairo")
    scene.open_replay()
    watcher = app.top
    assert isinstance(watcher, GameScene) and watcher.replay is not None
    said: list[str] = []
    real_show = watcher.toasts.show

    def record(message: str, *args: object, **kwargs: object) -> None:
        said.append(message)
        real_show(message, *args, **kwargs)  # type: ignore[arg-type]

    watcher.toasts.show = record  # type: ignore[method-assign]
    announced = 0
    for _ in range(watcher.replay.length):
        said.clear()
        step(app, pygame.K_RIGHT)
        assert all(t.message in said for t in watcher.toasts.items), (said, watcher.toasts.items)
        announced += len(said)
    assert announced > 0


def test_a_replay_can_be_looked_at_closely() -> None:
    """In a replay the table's own input is off, but looking is not: Age of Steam's map
    zooms and fits, and the game's view keys work (F fits the map)."""
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.games.age_of_steam import GAME_INFO
    from nile.games.age_of_steam.scene import AgeOfSteamScene
    from nile.games.age_of_steam.shots import seats
    from tests.ui.harness import frames, instant_app, key, tick

    app = instant_app()
    match = Match.new(GAME_INFO, tuple(seats("chile")), seed=5, options={"map": "chile"})
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    scene = AgeOfSteamScene(app, match, replay=replay)
    app.push(scene)
    frames(app, 2)
    zoom = scene.mv.zoom
    centre = scene.mv.camera.viewport.center
    pygame.mouse.set_pos(centre)
    tick(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert scene.mv.zoom > zoom
    key(app, pygame.K_f)
    assert scene.mv.zoom == pytest.approx(zoom)
