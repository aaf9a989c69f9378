"""Final scoring, ranking, the score sheet, the status line and the invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.core.game import ScoreSheet, Status
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.network import tracks_of
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.tiles import catalogue

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState

PHASE_TEXT = {
    Phase.SETUP: "Setting up", Phase.SHARES: "Issue shares", Phase.AUCTION: "Turn-order auction",
    Phase.SELECT: "Select actions", Phase.COMMUNISM: "Communism", Phase.BUILD: "Build track",
    Phase.MOVE: "Move goods", Phase.PRODUCTION: "Production", Phase.GROWTH: "Goods growth",
    Phase.OVER: "Game over",
}


def income_reduction(income: int) -> int:
    """How much income is lost at the end of a turn (0–10: 0, 11–20: 2, … 50+: 10)."""
    lost = 0
    for low, amount in config().reduction:
        if income >= low:
            lost = amount
    return lost


def final_score(income: int, shares: int, track_tiles: int) -> int:
    """3 points per income, −3 per share issued, +1 per track tile in complete links."""
    return 3 * income - 3 * shares + track_tiles


def track_tiles(state: AgeOfSteamState, seat: int) -> int:
    """Track pieces in complete links the seat owns."""
    return sum(len(seg.tracks) for seg in state.network().segments
               if seg.owner == seat and seg.complete)


def scores(state: AgeOfSteamState) -> list[int]:
    return [final_score(state.income[s], state.shares[s], track_tiles(state, s))
            if state.alive[s] else 0 for s in range(state.players)]


def _tiers(state: AgeOfSteamState) -> list[int]:
    losers = set(state.rules.losers(state)) if state.phase == Phase.OVER else set()
    return [0 if not state.alive[s] else (1 if s in losers else 2)
            for s in range(state.players)]


def ranking(state: AgeOfSteamState) -> list[int]:
    """Bankrupt players last, then CCCP's loser, the rest by score; ties share a place."""
    keys = list(zip(_tiers(state), scores(state), strict=True))
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def status(state: AgeOfSteamState) -> Status:
    phase = PHASE_TEXT[state.phase]
    if state.phase == Phase.MOVE:
        phase += f" (round {1 + state.qpos // max(1, len(state.queue) // 2)})"
    return Status(f"Turn {state.round} of {state.last_round}", phase)


def score_sheet(state: AgeOfSteamState) -> ScoreSheet:
    n = state.players
    alive = state.alive
    income = tuple(float(3 * state.income[s]) if alive[s] else 0.0 for s in range(n))
    shares = tuple(float(-3 * state.shares[s]) if alive[s] else 0.0 for s in range(n))
    track = tuple(float(track_tiles(state, s)) if alive[s] else 0.0 for s in range(n))
    totals = tuple(float(x) for x in scores(state))
    notes = [f"{{p{s}}} went bankrupt in turn {state.bankrupt_round[s]}."
             for s in range(n) if not alive[s]]
    if state.phase == Phase.OVER and state.rules.hidden_kept_goods:
        notes += cccp_notes(state)
    return ScoreSheet(("Income ×3", "Shares ×−3", "Track tiles"), (income, shares, track),
                      totals, notes=tuple(notes))


def cccp_notes(state: AgeOfSteamState) -> list[str]:
    """CCCP's end (AS-4): everyone's kept goods, then who loses and by which count."""
    alive = [s for s in range(state.players) if state.alive[s]]
    kept = "; ".join(f"{{p{s}}} {state.kept[s]['red']} red, {state.kept[s]['black']} black"
                     for s in alive)
    notes = [f"Kept goods: {kept}."]
    losers = state.rules.losers(state)
    if not losers:
        return notes
    names = " and ".join(f"{{p{s}}}" for s in losers)
    red = min(state.kept[s]["red"] for s in alive)
    fewest_red = [s for s in alive if state.kept[s]["red"] == red]
    verb = "loses" if len(losers) == 1 else "lose"
    if len(fewest_red) == 1:
        reason = f"{names} kept the fewest red goods ({red})"
    else:
        black = max(state.kept[s]["black"] for s in fewest_red)
        most_black = [s for s in fewest_red if state.kept[s]["black"] == black]
        if len(most_black) == 1:
            reason = f"{names} kept the most black goods ({black}) of those with {red} red"
        else:
            links = min(state.links_to_colour_count_red(s) for s in most_black)
            reason = (f"{names} {'has' if len(losers) == 1 else 'have'} the fewest links to "
                      f"red cities ({links}) of those tied on red and black goods")
    notes.append(f"{reason} and {verb} (CCCP): placed last of the players still in, "
                 f"whatever the points.")
    return notes


def invariant_violations(state: AgeOfSteamState) -> list[str]:
    problems: list[str] = []
    for s in range(state.players):
        if state.cash[s] < 0:
            problems.append(f"seat {s} has negative cash")
        if not 0 <= state.shares[s] <= config().start("max_shares"):
            problems.append(f"seat {s} has {state.shares[s]} shares")
        if not 1 <= state.loco[s] <= config().start("max_locomotive"):
            problems.append(f"seat {s} has locomotive {state.loco[s]}")
    problems += _tile_conservation(state)
    if state.viewer is None:
        problems += _goods_conservation(state)
    return problems


def _tile_conservation(state: AgeOfSteamState) -> list[str]:
    cat = catalogue()
    placed: dict[str, int] = {}
    for name, rotation, owners in state.tiles.values():
        pool = cat.types[name].pool
        placed[pool] = placed.get(pool, 0) + 1
        if len(owners) != len(tracks_of(name, rotation)):
            problems = ["a tile has the wrong number of owners"]
            return problems
    return [f"tile pool {pool}: {state.supply.get(pool, 0)} + {placed.get(pool, 0)} != {n}"
            for pool, n in cat.pools.items()
            if state.supply.get(pool, 0) + placed.get(pool, 0) != n
            or state.supply.get(pool, 0) < 0]


def _goods_conservation(state: AgeOfSteamState) -> list[str]:
    counts = state.goods_seen()
    return [f"{colour} goods: {counts.get(colour, 0)} != {n}"
            for colour, n in config().goods.items() if counts.get(colour, 0) != n]
