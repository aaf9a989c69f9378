"""Scripted Cleopatra's Caboose screens for screenshots, snapshot tests and the frame bench.

Each shot plays a seeded game with the normal bot's moves for every seat up to a moment
worth seeing, then shows it from the chair of the first seat, a human (Ann).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core import tutorial
from nile.core.session import Match, SeatConfig
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import ShipFruit, StartBuilding
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.scene import CleopatraScene
from nile.ui.shots import on_table, play_bots_until, tutorial_at

if TYPE_CHECKING:
    from nile.app import App
    from nile.games.cleopatra.scene import CleopatraScene

D = game_data()
NAMES = ("Ann", "Khufu", "Nefertari", "Ramses", "Hatshepsut")


def seats(players: int) -> list[SeatConfig]:
    return [SeatConfig(NAMES[0], "human", "normal", 0)] + [
        SeatConfig(NAMES[i], "bot", "normal", i) for i in range(1, players)
    ]




def open_scene(app: App, match: Match) -> CleopatraScene:
    return on_table(app, CleopatraScene(app, match))


def start(app: App) -> None:
    """Ann's first decision of a 3-player game (bots are paused in pictures)."""
    match = Match.new(GAME_INFO, seats(3), seed=4)
    play_bots_until(match, lambda s: True)
    open_scene(app, match)


def auction(app: App) -> None:
    match = Match.new(GAME_INFO, seats(4), seed=6)
    play_bots_until(match, lambda s: s.phase == Phase.AUCTION and s.turn == 1)
    open_scene(app, match)


def _free_action(state: CleopatraState) -> bool:
    return (
        state.phase == Phase.ACTIONS
        and not state.picks_left
        and not state.pending
        and state.turn >= 2
    )


def sources(app: App) -> None:
    """Ann has picked a City card: the cities she may ship from and the routes are lit,
    the best shipment proposed."""
    match = Match.new(GAME_INFO, seats(4), seed=3)

    def can_ship(state: CleopatraState) -> bool:
        return _free_action(state) and any(isinstance(a, ShipFruit) for a in state.legal_actions())

    play_bots_until(match, can_ship)
    scene = open_scene(app, match)
    ship = next(a for a in scene.legal if isinstance(a, ShipFruit))
    scene.pick((("hand_city", ship.city_card),))
    scene.on_view_changed()


def building(app: App) -> None:
    """Ann clicks a city with a Building card: the variants, cheapest first, with the
    routes of the proposed fruit."""
    match = Match.new(GAME_INFO, seats(5), seed=2)

    def can_build(state: CleopatraState) -> bool:
        return _free_action(state) and any(
            isinstance(a, StartBuilding) for a in state.legal_actions()
        )

    play_bots_until(match, can_build)
    scene = open_scene(app, match)
    build = next(a for a in scene.legal if isinstance(a, StartBuilding))
    scene.pick((("hand_auction", build.building),))
    city = D.city_cards[build.city_card].city
    scene.choose_target(("city", city), scene.target_center(("city", city)))
    scene.update_action_bar()


def _finished() -> Match:
    match = Match.new(GAME_INFO, seats(5), seed=5)
    play_bots_until(match, lambda s: s.is_terminal, limit=6000)
    return match


def scoring(app: App) -> None:
    """The final scoring on the table, half way through the cities."""
    scene = open_scene(app, _finished())
    scene.ending.results_shown = True  # the table, not the results screen
    scene.motion.scoring_shown = 8
    scene.motion.flashes[("city", 6)] = 60.0


def end(app: App) -> None:
    """The results screen with the whole breakdown."""
    open_scene(app, _finished())


def _lesson_step(title: str) -> int:
    """The index of the tutorial step with this title (shots follow the file's edits)."""
    lesson = tutorial.load("cleopatra")
    assert lesson is not None
    return next(i for i, step in enumerate(lesson.steps) if step.title == title)


def tutorial_welcome(app: App) -> None:
    """The first step of Learn to play: the map picked out, the step's card."""
    tutorial_at(app, "cleopatra", 0)


def tutorial_track(app: App) -> None:
    """The step that asks for the first track: Edfu–Thebes picked out on the map."""
    tutorial_at(app, "cleopatra", _lesson_step("Build to Thebes"))


def tutorial_refused(app: App) -> None:
    """A wrong card in the tutorial (the Edfu card where the Thebes card is asked for):
    the step's line."""
    scene = tutorial_at(app, "cleopatra", _lesson_step("Build to Thebes"))
    scene.submit(scene.state.parse_action("track 2-train Edfu-Thebes with Edfu (lime 8, lemon 8)"))


def tutorial_scoring(app: App) -> None:
    """Late in the tutorial: the game skipped to its end, the final scoring explained."""
    tutorial_at(app, "cleopatra", _lesson_step("Final scoring: the cities"))


SHOTS = {
    "tutorial_welcome": tutorial_welcome,
    "tutorial_track": tutorial_track,
    "tutorial_refused": tutorial_refused,
    "tutorial_scoring": tutorial_scoring,
    "start": start,
    "auction": auction,
    "sources": sources,
    "building": building,
    "scoring": scoring,
    "end": end,
}
BENCH_SHOT = "building"
