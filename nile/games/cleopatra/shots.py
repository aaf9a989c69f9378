"""Scripted Cleopatra's Caboose screens for screenshots, snapshot tests and the frame bench.

Each shot plays a seeded game with the normal bot's moves for every seat up to a moment
worth seeing, then shows it from the chair of the first seat, a human (Ann).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.session import Match, SeatConfig
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.data import game_data
from nile.games.cleopatra.rules.consts import ACTIONS, AUCTION
from nile.games.cleopatra.rules.moves import ShipFruit, StartBuilding
from nile.games.cleopatra.rules.state import CleopatraState
from nile.games.cleopatra.scene import CleopatraScene
from nile.ui.shots import on_table, play_bots_until

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
    play_bots_until(match, lambda s: s.phase == AUCTION and s.turn == 1)
    open_scene(app, match)


def _free_action(state: CleopatraState) -> bool:
    return state.phase == ACTIONS and not state.picks_left and not state.pending and state.turn >= 2


def sources(app: App) -> None:
    """Ann has picked a City card: the cities she may ship from and the routes are lit,
    the best shipment proposed."""
    match = Match.new(GAME_INFO, seats(4), seed=3)

    def can_ship(state: CleopatraState) -> bool:
        return _free_action(state) and any(isinstance(a, ShipFruit) for a in state.legal_actions())

    play_bots_until(match, can_ship)
    scene = open_scene(app, match)
    ship = next(a for a in scene.legal if isinstance(a, ShipFruit))
    scene.picked = [("hand_city", ship.city_card)]
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
    scene.picked = [("hand_auction", build.building)]
    city = D.city_cards[build.city_card].city
    scene._choose(("city", city), scene.target_center(("city", city)))
    scene._update_action_bar()


def _finished() -> Match:
    match = Match.new(GAME_INFO, seats(5), seed=5)
    play_bots_until(match, lambda s: s.is_terminal, limit=6000)
    return match


def scoring(app: App) -> None:
    """The final scoring on the table, half way through the cities."""
    scene = open_scene(app, _finished())
    scene.results_shown = True  # the table, not the results screen
    scene.scoring_shown = 8
    scene.flashes[("city", 6)] = 60.0


def end(app: App) -> None:
    """The results screen with the whole breakdown."""
    open_scene(app, _finished())


SHOTS = {
    "start": start,
    "auction": auction,
    "sources": sources,
    "building": building,
    "scoring": scoring,
    "end": end,
}
BENCH_SHOT = "building"
