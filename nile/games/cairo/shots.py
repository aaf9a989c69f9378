"""Scripted Cairo screens for screenshots, snapshot tests and the frame benchmark.

Positions are laid out exactly with `Builder` (instant and the same on every machine),
then shown from the first seat's chair (a human) as a player would see them. The busiest
table, `flicks`, has the 85 blocks and 5 ships on the board and a flick after every flick.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event
from nile.core.session import Match, SeatConfig
from nile.games.cairo import GAME_INFO, config
from nile.games.cairo.ai import aim_flick
from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import SiteScored
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.scene import CairoScene
from nile.ui.launcher import LauncherScene
from nile.ui.shots import on_table, tutorial_at

if TYPE_CHECKING:
    from nile.app import App
    from nile.games.cairo.scene import CairoScene

NAMES = ("Ann", "Amun", "Bastet", "Horus", "Isis")
SHIP_SPACES = ("U4", "U9", "D2", "U12", "D5")
PYRAMIDS = (("saqqara", 14), ("seila", 10), ("lahun", 6), ("giza", 3))


def seats(players: int, humans: int = 1) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(NAMES[i], "human" if i < humans else "bot", "normal", i)
                 for i in range(players))


def crowded(players: int = 5, seed: int = 1, *, on_board: float = 1.0,
            pyramids: int = 4, keep: tuple[str, ...] = (),
            reserve: tuple[str, ...] = ()) -> Builder:
    """A busy board: ships on the Nile, pyramids, and `on_board` of every other block spread
    over sites and deserts (some burning on lines), never overlapping. Blocks in `keep` stay
    in the supply; sites in `reserve` stay empty."""
    rng = random.Random(f"cairo-shots/{seed}")
    data = config.load()
    b = board()
    builder = Builder(players)
    for seat in range(players):
        builder.ship(seat, SHIP_SPACES[seat])
    taken: list[tuple[float, float, float]] = []
    for seat in range(players):
        space = b.space(SHIP_SPACES[seat])
        taken.append((space.x, space.y, 22.0))
    for site_id in reserve:
        site = b.site(site_id)
        taken.append((site.x, site.y, 0.5 * math.hypot(site.w, site.h) + 6))
    smalls = {seat: [f"{seat}s{n:02d}" for n in range(15) if f"{seat}s{n:02d}" not in keep]
              for seat in range(players)}
    for number, (site_id, size) in enumerate(PYRAMIDS[:pyramids]):
        stones = [smalls[(number + k) % players].pop() for k in range(size)]
        builder.pyramid(site_id, stones)
        site = b.site(site_id)
        pitch = data.pieces["small"].side + data.physics.pyramid_gap
        reach = pitch * (math.isqrt(size) if size in (5, 14) else 4) / 2 + 8
        taken.append((site.x, site.y, reach))
    rest = [(blk, "small") for seat in range(players) for blk in smalls[seat]]
    rest += [(f"{seat}{k}", kind) for seat in range(players)
             for k, kind in (("L", "large"), ("D", "die")) if f"{seat}{k}" not in keep]
    rng.shuffle(rest)
    for block, kind in rest[:round(len(rest) * on_board)]:
        r = 0.72 * data.pieces[kind].side
        for _ in range(3000):
            if rng.random() < 0.6:
                site = rng.choice(b.sites)
                x, y = site.world((rng.uniform(-site.w / 2 - 4, site.w / 2 + 4),
                                   rng.uniform(-site.h / 2 - 4, site.h / 2 + 4)))
            else:
                x = rng.uniform(12.0, b.width - 12.0)
                y = rng.choice((rng.uniform(12.0, b.south_bank - 12.0),
                                rng.uniform(b.north_bank + 12.0, b.height - 12.0)))
            if all(math.hypot(x - tx, y - ty) > r + tr + 0.5 for tx, ty, tr in taken):
                taken.append((x, y, r))
                face = rng.randint(1, 6) if kind == "die" else None
                builder.at(block, x, y, degrees=rng.uniform(-45, 45), face=face)
                break
    return builder


def open_scene(app: App, match: Match, events: list[Event] | None = None) -> CairoScene:
    scene = on_table(app, CairoScene(app, match))
    if events:
        scene.on_events(events)
    return scene


def match_of(state: CairoState, players: int, humans: int = 1, seed: int = 7) -> Match:
    """A match around a built state (the action list starts there: fine for pictures)."""
    match = Match.new(GAME_INFO, seats(players, humans), seed)
    match.state = state
    match.actions.clear()
    match.log.clear()
    return match


# The shots --------------------------------------------------------------------------------

def start(app: App) -> None:
    match = Match.new(GAME_INFO, seats(3), seed=11)
    open_scene(app, match)


def midgame(app: App) -> None:
    """A crowded board with pyramids and burning blocks; the human chooses what to flick."""
    state = crowded(4, seed=2, on_board=0.7, pyramids=3).to_move(0, Phase.CHOOSE, die=3).build()
    open_scene(app, match_of(state, 4))


def aiming(app: App) -> None:
    """Mid-drag: the band, the arrow and the power bar."""
    state = (crowded(3, seed=3, on_board=0.4, pyramids=2)
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build())
    scene = open_scene(app, match_of(state, 3))
    scene.layout_now()
    scene.flick.enabled = True
    ax, ay = scene.flick.anchor
    scene.flick.handle_event(_mouse(1025, (ax + 2, ay)))
    for step in range(1, 6):
        scene.flick.handle_event(_mouse(1024, (ax + 2 + 9 * step, ay + 14 * step)))


def pyramid_offer(app: App) -> None:
    """A small block just landed on Edfu beside others: build a pyramid?"""
    spots = {"0s13": (-12, -8), "1s13": (2, -10), "2s13": (14, 4), "0s14": (-6, 8),
             "1s14": (8, 10)}
    builder = crowded(3, seed=4, on_board=0.3, pyramids=1, keep=tuple(spots),
                      reserve=("edfu",))
    for block, (dx, dy) in spots.items():
        builder.on_site(block, "edfu", dx, dy, degrees=dx * 2.0)
    state = builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2, offer_site="edfu",
                             last_block="0s14").build()
    open_scene(app, match_of(state, 3))


def influence(app: App) -> None:
    state = crowded(4, seed=5, on_board=0.8, pyramids=3).to_move(0, Phase.CHOOSE, die=4).build()
    scene = open_scene(app, match_of(state, 4))
    scene.toggle_influence()


def end_scoring(app: App) -> None:
    """The last turn just ended: sites are scored one by one."""
    state = (crowded(3, seed=6, on_board=0.8, pyramids=3, keep=("0L",))
             .to_move(0, Phase.CHOOSE, die=4).build())
    for seat in (1, 2):
        state.ships[seat] = S.OUT
    state.last_turn_seat = 0
    match = match_of(state, 3)
    events = match.play(A.Choose("large"))
    events += match.play(A.Flick.of("large", 250.0, 0.05, 0.0, 4))
    events += match.resolve_chance()
    open_scene(app, match, [e for e in events if isinstance(e, SiteScored)])


def bot_aim(app: App) -> None:
    """A bot's flick a moment before its block flies: its aim grows from its ship."""
    state = (crowded(3, seed=7, on_board=0.6, pyramids=2, keep=("1s14",))
             .to_move(1, Phase.FLICK, die=3, chosen="small", flicks_left=1).build())
    match = match_of(state, 3)
    scene = open_scene(app, match)

    def flick() -> None:
        scene.after_action(match.play(A.Flick.of("small", 250.0, 0.35, 0.0, 3)))

    scene.anims.later(1.25, flick)  # the screenshot is taken 1.5 s in: mid wind-up


def scripted_move(state: CairoState, step: int) -> Action:
    """A cheap, varied move for the demo table: flicks aimed at the sites in turn (by the
    slide distance, no simulation), the first choice everywhere else."""
    legal = state.legal_actions()
    if state.phase == Phase.RETRIEVE:
        return A.RETRIEVE_DONE
    if state.phase == Phase.PICK:
        return A.PICK_AUTO
    if state.phase != Phase.FLICK:
        return legal[0]
    sites = board().sites
    site = sites[(step * 7) % len(sites)]
    x0, y0, _ = state.ship_pose(state.turn)
    finger = state.finger_options()[0]
    physics = state.data.physics
    mu_g = physics.mu_floor * physics.gravity
    flick = aim_flick(state, x0, y0, site.x, site.y, 1.0, finger, mu_g)
    if flick is None:
        degrees = math.degrees(math.atan2(site.y - y0, site.x - x0)) % 360.0
        flick = A.Flick.of(state.chosen, degrees, 1.0, 0.0, finger)
    return flick


def flicks(app: App) -> None:
    """The bench table: five players, every block on the board but the flicked ones, and
    a flick after every flick (each seat a human played by a script)."""
    class Demo(CairoScene):
        steps = 0

        def update(self, dt: float) -> None:
            super().update(dt)
            if self.accepting_input:
                self.steps += 1
                self.submit(scripted_move(self.cairo, self.steps))

    keep = tuple(f"{seat}s{n}" for seat in range(5) for n in (12, 13, 14))
    state = (crowded(5, seed=1, keep=keep)
             .to_move(0, Phase.FLICK, die=1, chosen="small", flicks_left=3).build())
    app.reset(LauncherScene(app))
    app.push(Demo(app, match_of(state, 5, humans=5)))


def _mouse(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    if kind == 1025:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def tutorial_welcome(app: App) -> None:
    """Learn to play: the first step, the board highlighted."""
    tutorial_at(app, "cairo", 0)


def tutorial_aim(app: App) -> None:
    """The first flick of the tutorial, mid-pull: Zawyet and the ship in the highlight,
    the arrow and power bar inside the window the step accepts."""
    scene = tutorial_at(app, "cairo", 5)
    assert isinstance(scene, CairoScene)
    scene.layout_now()
    scene.flick.enabled = True
    ax, ay = scene.flick.anchor
    scene.flick.handle_event(_mouse(1025, (ax, ay)))
    for step in range(1, 6):
        scene.flick.handle_event(_mouse(1024, (ax - 2 * step, ay + 9 * step)))


def tutorial_refused(app: App) -> None:
    """A flick outside the step's window (too hard, the wrong way): refused with the
    step's line, the block still on the ship."""
    scene = tutorial_at(app, "cairo", 5)
    scene.submit(A.Flick.of("small", 180.0, 0.6, 0.0, 3))


def tutorial_pyramid(app: App) -> None:
    """The pyramid step with its picture: two pyramids drawn by the table's renderer."""
    tutorial_at(app, "cairo", 9)


def tutorial_burning(app: App) -> None:
    """The burning step: the large block across Mazghuna's edge, and the picture."""
    tutorial_at(app, "cairo", 18)


SHOTS = {
    "tutorial_welcome": tutorial_welcome,
    "tutorial_aim": tutorial_aim,
    "tutorial_refused": tutorial_refused,
    "tutorial_pyramid": tutorial_pyramid,
    "tutorial_burning": tutorial_burning,
    "start": start,
    "midgame": midgame,
    "aiming": aiming,
    "pyramid_offer": pyramid_offer,
    "influence": influence,
    "end_scoring": end_scoring,
    "bot_aim": bot_aim,
    "flicks": flicks,
}
BENCH_SHOT = "flicks"
