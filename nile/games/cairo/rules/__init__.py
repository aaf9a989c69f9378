"""Cairo's rules engine, split by phase (see `state.py` for the turn and the rulings)."""

from __future__ import annotations

from collections.abc import Mapping

from nile.games.cairo.rules.state import CairoState


def new_game(players: int, seed: int, options: Mapping[str, str]) -> CairoState:
    """A new game: every block in its owner's supply, every ship in the starting area.

    Seat 0 starts (the youngest flicker); the seed is not needed: all chance is drawn by
    whoever drives the game.
    """
    return CairoState(players, sudden_death=options.get("sudden_death", "off") == "on")


__all__ = ["CairoState", "new_game"]
