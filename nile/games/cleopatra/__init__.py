"""Cleopatra's Caboose: rails, fruit and gods along the Nile (3–5 players)."""

from __future__ import annotations

from nile.core.game import GameInfo
from nile.games.cleopatra.rules import CleopatraState, new_game

GAME_INFO = GameInfo(
    id="cleopatra",
    title="Cleopatra's Caboose",
    min_players=3,
    max_players=5,
    new_game=new_game,
    state_class=CleopatraState,
)
