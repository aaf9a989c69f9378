"""Scripted Vom Kap bis Kairo screens for screenshots, snapshot tests and the frame benchmark.

Each shot plays a seeded game with the normal bot's moves up to a moment worth seeing and
shows it from the chair of the first seat, a human (Ann), as she would see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.session import Match, SeatConfig
from nile.games.kap_kairo import GAME_INFO
from nile.games.kap_kairo.rules import KapState, Phase, cheapest_build
from nile.games.kap_kairo.rules.actions import Bid
from nile.games.kap_kairo.rules.events import DuelRound
from nile.games.kap_kairo.scene import KapKairoScene
from nile.ui.shots import on_table, play_bots_until, tutorial_at

if TYPE_CHECKING:
    from nile.app import App
    from nile.games.kap_kairo.scene import KapKairoScene

SEATS = (
    SeatConfig("Ann", "human", color=0),
    SeatConfig("Amun", "bot", "normal", 1),
    SeatConfig("Bastet", "bot", "normal", 2),
    SeatConfig("Hapi", "bot", "hard", 3),
)




def open_scene(app: App, match: Match) -> KapKairoScene:
    return on_table(app, KapKairoScene(app, match))


def start(app: App) -> None:
    """The first land purchase: four cards for sale, Ann to write her bid."""
    open_scene(app, Match.new(GAME_INFO, SEATS, seed=3))


def bidding(app: App) -> None:
    """A later auction: Ann (third to write) types her bid; two bids are sealed already."""
    seats = (SEATS[1], SEATS[2], SEATS[0], SEATS[3])
    match = Match.new(GAME_INFO, seats, seed=5)
    play_bots_until(match, lambda s: s.step == Phase.BID and s.auction >= 3, me=2)
    scene = open_scene(app, match)
    scene.set_bid(17)


def ledger(app: App) -> None:
    """The capital ledger open during a land purchase: two bids are still sealed."""
    bidding(app)
    scene = app.top
    assert isinstance(scene, KapKairoScene)
    scene.open_ledger()


def reveal(app: App) -> None:
    """Bids revealed with a tie broken by a card-draw duel: Ann chooses her card."""
    match = Match.new(GAME_INFO, SEATS, seed=3)

    def after_duel(state: KapState) -> bool:
        recent = [e for entry in match.log[-12:] for e in entry.events]
        return state.step == Phase.CHOOSE and any(isinstance(e, DuelRound) for e in recent)

    play_bots_until(match, after_duel)
    open_scene(app, match)


def build(app: App) -> None:
    """Track laying: Ann could build, spending a bonus card and buying rails."""
    match = Match.new(GAME_INFO, SEATS, seed=1)

    def buildable(state: KapState) -> bool:
        best = cheapest_build(state) if state.step == Phase.DECIDE else None
        return best is not None and best.buy > 0 and best.bonus > 0 and len(state.row) >= 2

    play_bots_until(match, buildable)
    open_scene(app, match)


def midgame(app: App) -> None:
    """Deep in the game: long lines, crossed cards, bonus cards; the busiest table."""
    match = Match.new(GAME_INFO, SEATS, seed=6)
    play_bots_until(
        match,
        lambda s: (
            s.step == Phase.DECIDE and sum(len(c) for c in s.crossed) >= 14 and len(s.row) >= 3
        ),
    )
    open_scene(app, match)


def end(app: App) -> None:
    """Someone crossed an 8th card: the results with each railway."""
    match = Match.new(GAME_INFO, SEATS, seed=8)
    play_bots_until(match, lambda s: False, limit=6000)
    open_scene(app, match)


def tutorial_bid(app: App) -> None:
    """Learn to play: the secret bid, the bid box picked out."""
    tutorial_at(app, "kap_kairo", 2)


def tutorial_count(app: App) -> None:
    """Learn to play: counting rails, the side panel picked out."""
    tutorial_at(app, "kap_kairo", 6)


def tutorial_refused(app: App) -> None:
    """Learn to play: a bid other than the one the step asks for, refused with its line."""
    tutorial_at(app, "kap_kairo", 2).submit(Bid(3))


SHOTS = {
    "tutorial_bid": tutorial_bid,
    "tutorial_count": tutorial_count,
    "tutorial_refused": tutorial_refused,
    "start": start,
    "bidding": bidding,
    "reveal": reveal,
    "build": build,
    "midgame": midgame,
    "ledger": ledger,
    "end": end,
}
BENCH_SHOT = "midgame"
