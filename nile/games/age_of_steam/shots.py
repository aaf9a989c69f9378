"""Scripted Age of Steam screens for screenshots, snapshot tests and the frame benchmark.

Each shot plays a seeded game with the heuristic's moves (`ai.policy`, the normal bot's
before it picked its tile by playing the turn out; the shots' seeds were chosen for the
moments it reaches) up to a moment worth seeing and shows it from the chair of the first
seat, a human (Ann), as she would see it.

    python -m nile.games.age_of_steam.shots     # frame time of each map's busy board

`BENCH_SHOT` (for tools/bench.py, which cannot pass the map option to a shot) is the
busiest board of the three; the module's main measures each map's busy board the same
way tools/bench.py measures one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from nile.ai.bots import PolicyBot, choose
from nile.ai.hooks import Bot
from nile.app import App
from nile.core import tutorial
from nile.core.session import Match, SeatConfig
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.ai import policy
from nile.games.age_of_steam.intent import GoodTarget
from nile.games.age_of_steam.rules.actions import Build, Deliver, EndBuild
from nile.games.age_of_steam.rules.build import max_builds
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.view import choices
from nile.games.age_of_steam.view.choices import destinations, movable_goods
from nile.ui.shots import on_table, play_bots_until, tutorial_at

if TYPE_CHECKING:
    from nile.app import App
    from nile.games.age_of_steam.scene import AgeOfSteamScene

NAMES = ("Ann", "Brunel", "Stephenson", "Vanderbilt", "Pullman", "Hudson")
PLAYERS = {"chile": 5, "cccp": 4, "egypt": 4}
SEEDS = {"chile": 7, "cccp": 3, "egypt": 5}
BUSY_SEEDS = {"cccp": 2, "egypt": 1}
"""Where the map's seed never reaches a late delivery of Ann's (the game ends first)."""
DELIVER_SEED = 1
"""A Chile game whose bots give Ann a good with three destinations before the end (seed 9
stopped doing so when the bots' turn-order bidding changed)."""


def seats(map_name: str, players: int | None = None) -> list[SeatConfig]:
    """Ann (human) and bots; Egypt has no blue player."""
    count = players or PLAYERS[map_name]
    colors = [0, 2, 3, 4, 5, 6] if map_name == "egypt" else [0, 1, 2, 3, 4, 5]
    return [SeatConfig(NAMES[0], "human", "normal", colors[0])] + [
        SeatConfig(NAMES[i], "bot", "normal", colors[i]) for i in range(1, count)
    ]


def heuristic(match: Match, seat: int) -> Bot:
    """The bot the shots play every seat with: the heuristic (see the module's docstring)."""
    return PolicyBot(policy, random.Random(f"shots/{seat}/{match.ply}"))


def new_match(map_name: str, seed: int | None = None) -> Match:
    return Match.new(GAME_INFO, seats(map_name), SEEDS[map_name] if seed is None else seed,
                     {"map": map_name})




def open_scene(app: App, match: Match) -> AgeOfSteamScene:
    return on_table(app, AgeOfSteamScene(app, match))


def _late(state: AgeOfSteamState) -> bool:
    """Ann moving goods late in the game, with something to deliver."""
    return (state.round >= state.last_round - 1 and state.phase == Phase.MOVE
            and any(isinstance(a, Deliver) for a in state.legal_actions()))


def start_of(map_name: str) -> Callable[[App], None]:
    def shot(app: App) -> None:
        match = new_match(map_name)
        play_bots_until(match, lambda _: True, bot=heuristic)  # the bots before Ann issue shares
        open_scene(app, match)

    return shot


def busy_of(map_name: str) -> Callable[[App], None]:
    def shot(app: App) -> None:
        match = new_match(map_name, BUSY_SEEDS.get(map_name))
        play_bots_until(match, _late, bot=heuristic)
        open_scene(app, match)

    return shot


def build(app: App) -> None:
    """Ann building on CCCP with the tile popup open on a hex with several choices."""
    match = new_match("cccp")
    play_bots_until(match, lambda s: s.round >= 3 and s.phase == Phase.BUILD and s.builds_done == 0,
                    bot=heuristic)
    scene = open_scene(app, match)
    by_hex = choices.build_choices(scene.aos)
    middle = scene.mv.camera.viewport.center

    def interest(x: int) -> tuple[int, float]:
        cx, cy = scene.mv.hex_centre(x)
        builds = len([a for a in by_hex[x] if isinstance(a, Build)])
        return (min(builds, 4), -abs(cx - middle[0]) - abs(cy - middle[1]))

    h = max(by_hex, key=interest)
    scene.auto_fit = False
    scene.mv.camera.zoom_at(scene.mv.hex_centre(h), 1.3)
    scene.mv.settle_zoom()
    options, _ = choices.by_use(scene.aos, by_hex[h])
    scene.input.show_option(options[min(1, len(options) - 1)])


def build_done(app: App) -> None:
    """Ann on Chile after her last tile: the review card and the Done button (AS-16)."""
    match = new_match("chile")
    play_bots_until(match, lambda s: s.round >= 2 and s.phase == Phase.BUILD and s.builds_done == 0,
                    bot=heuristic)
    state = match.state
    assert isinstance(state, AgeOfSteamState)
    while state.builds_done < max_builds(state, 0):
        action = choose(heuristic(match, 0), state.observation(0))
        if action == EndBuild():
            break
        match.play(action)
    open_scene(app, match)


def deliver(app: App) -> None:
    """Ann on Chile has chosen a good: every city it can reach is lit, one route shown."""
    def choice(state: AgeOfSteamState) -> bool:
        return state.phase == Phase.MOVE and any(
            len(destinations(state, *g)) >= 3 for g in movable_goods(state))

    match = new_match("chile", DELIVER_SEED)
    play_bots_until(match, choice, bot=heuristic)
    scene = open_scene(app, match)
    view = scene.aos
    good = max(sorted(movable_goods(view)), key=lambda g: len(destinations(view, *g)))
    scene.input.pick((GoodTarget(*good),))
    dests = destinations(view, *good)
    hexes = [good[0], *(h for d in dests for h in d.hexes)]
    points = [scene.mv.geo.centre(h) for h in hexes]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    scene.auto_fit = False
    scene.mv.camera.fit(min(xs) - 2, min(ys) - 2, max(xs) + 2, max(ys) + 2, margin=0.02)
    scene.mv.settle_zoom()
    longest = max(dests, key=lambda d: len(d.routes[0].action.steps))
    scene.pickers.preview = longest.routes[0]


def auction(app: App) -> None:
    """Ann's turn in a Chile auction after the others have bid."""
    match = new_match("chile")
    play_bots_until(match, lambda s: s.round >= 2 and s.phase == Phase.AUCTION and s.high_bid > 0,
                    bot=heuristic)
    open_scene(app, match)


def end(app: App) -> None:
    """A finished CCCP game: the board and the results with the loser's note."""
    match = new_match("cccp")
    match.seats = tuple(SeatConfig(s.name, "bot", "normal", s.color) for s in match.seats)
    play_bots_until(match, lambda s: False, limit=20000, bot=heuristic)
    open_scene(app, match)


def tutorial_step(title: str) -> int:
    """The index of the Age of Steam tutorial's step with this title (the shots name
    steps, so new steps before them do not move them)."""
    lesson = tutorial.load("age_of_steam")
    assert lesson is not None
    return next(i for i, step in enumerate(lesson.steps) if step.title == title)


def tutorial_scene(app: App, title: str) -> AgeOfSteamScene:
    """The tutorial at the step with this title, as the learner sees it after reading up
    to there (the figures and notes of the moves played at once to get here are gone)."""
    scene = tutorial_at(app, "age_of_steam", tutorial_step(title))
    assert isinstance(scene, AgeOfSteamScene)
    scene.animator.clear()
    scene.toasts.items.clear()
    return scene


def tutorial_of(title: str) -> Callable[[App], None]:
    def shot(app: App) -> None:
        tutorial_scene(app, title)

    return shot


def tutorial_refused(app: App) -> None:
    """Learn to play: a track other than the one the step asks for, refused with its line."""
    scene = tutorial_scene(app, "Join Santiago and Valparaiso")
    wrong = next(a for a in scene.state.legal_actions()
                 if isinstance(a, Build) and a.hex_label == "1,16"
                 and not scene.tutorial.progress.current.accepts(a.to_str()))  # type: ignore[union-attr]
    scene.submit(wrong)


SHOTS = {
    "tutorial_welcome": tutorial_of("Railways across Chile"),
    "tutorial_build": tutorial_of("Join Santiago and Valparaiso"),
    "tutorial_refused": tutorial_refused,
    "tutorial_done": tutorial_of("Done building"),
    "tutorial_deliver": tutorial_of("Your first delivery"),
    "tutorial_reduction": tutorial_of("The income reduction"),
    "tutorial_scoring": tutorial_of("Scoring"),
    "chile_start": start_of("chile"),
    "cccp_start": start_of("cccp"),
    "egypt_start": start_of("egypt"),
    "chile_busy": busy_of("chile"),
    "cccp_busy": busy_of("cccp"),
    "egypt_busy": busy_of("egypt"),
    "build": build,
    "build_done": build_done,
    "deliver": deliver,
    "auction": auction,
    "end": end,
}
BENCH_SHOT = "cccp_busy"


def frame_p95(shot: Callable[[App], None], frames: int = 300) -> tuple[float, float]:
    """Update + draw time of a shot's screen in ms, p95: (wall clock as tools/bench.py
    measures it, this process's CPU time, which a busy machine does not inflate)."""
    import time

    import pygame

    app = App()
    shot(app)
    wall, cpu = [], []
    for _ in range(frames + 30):
        started, used = time.perf_counter(), time.process_time()
        app.tick(1 / 60, pygame.event.get())
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return _p95(wall[30:]), _p95(cpu[30:])


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 2)


def main() -> None:
    import json
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("NILE_HOME", tempfile.mkdtemp(prefix="nile-aos-bench-"))
    figures = {}
    for name in ("chile", "cccp", "egypt"):
        wall, cpu = frame_p95(busy_of(name))
        figures[name] = {"frame_ms_p95": wall, "frame_cpu_ms_p95": cpu}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
