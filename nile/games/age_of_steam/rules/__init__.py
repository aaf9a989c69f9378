"""The Age of Steam engine (Chile, CCCP and Egypt maps): pure Python, no pygame.

Public entry points: `new_game`, `AgeOfSteamState`, `income_reduction`, `final_score`.
Modules by phase: setup, market (shares, auction, actions), build, move, upkeep (income,
expenses, growth, turn marker), scoring; maprules holds each map's special rules.

Rulings of our own, where the rulebooks and RULINGS.md (AS-1 to AS-5) are silent:
- AS-7  Tiles: a build lays one new track; complex tiles come from upgrading a simple one.
        Town pieces: 1- and 3-exit town tiles are pieces of their own; 2- and 4-exit towns
        use one of 8 town discs (data.toml). (tiles.py, build.py)
- AS-8  You may extend a town only where you own one of its exits; never join another
        player's track; no track may run back into the place it started from. (build.py)
- AS-9  Al Qahirah's two hexes are one place: a route may arrive at one and leave from the
        other; the ferry fee counts the hex it enters, not the hop. (move.py)
- AS-10 When fewer than two players are left, the game ends at once. (upkeep.py)
- AS-11 With two bidders left, the one who drops out is last and pays nothing. (market.py)
- AS-12 CCCP: a black good may end at any town on its way; towns never stop it. (move.py)
- AS-13 Production: a drawn good with no empty display space goes back to the bag.
- AS-14 Communism with the red reserve empty does nothing. (market.py)
- AS-15 Bankrupt players score 0 and share the last places; CCCP's loser ranks just above
        them. (scoring.py)
- AS-16 A build turn ends only when the builder ends it ("end build", the Done button),
        also after the last tile allowed: the rulebook gives "up to 3 tile actions" and
        never ends the turn by itself, and the builder may still want to look it over
        (or found a city). Unextended track loses its owner at that end. (build.py)
"""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.age_of_steam.rules import setup
from nile.games.age_of_steam.rules.scoring import final_score, income_reduction
from nile.games.age_of_steam.rules.state import AgeOfSteamState


def new_game(players: int, seed: int, options: Mapping[str, str]) -> AgeOfSteamState:
    """A new game on `options['map']`; setup draws are chance actions still to resolve."""
    state = AgeOfSteamState(options.get("map", "chile"), players)
    setup.start(state)
    return state


__all__ = ["AgeOfSteamState", "final_score", "income_reduction", "new_game"]
