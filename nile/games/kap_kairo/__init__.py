"""Vom Kap bis Kairo: bid in secret for African land, then race your railway across it."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from nile.core.game import GameInfo, GameState

if TYPE_CHECKING:
    from nile.games.kap_kairo.rules import KapState

RULES_SUMMARY = """\
Goal: be the first to lay track across 8 terrain cards.
Everyone starts with £100. Land purchases and track laying take turns.

Land purchase
As many cards as players are turned face up.
Everyone writes a secret bid (whole pounds, at most their capital) and pays it.
Bids are shown together; the highest bid chooses a card first, and so on.
Equal bids: the smaller capital chooses first; still equal, each tied player
draws a card and the higher coin chooses first.
Your card joins the END of the line in front of your locomotive.

Rails needed: River 10, Mountain 9, Desert 8, Village 7, Savanna 6.

Track laying
The highest bidder starts. On your turn, turn a card onto the shared row,
then build or pass.
To build across the FIRST card in your line, add up the rails printed on every
row card and on every card still in your line, any bonus cards you spend, and
rails bought at £10 each (your capital never goes below £0).
Only one card per turn. You earn the crossed card's coins; the row and the
spent bonus cards are discarded, and you take another turn.
Every other player whose next card is a River gets a bonus card (1 rail, at
most 5 held).
If you pass, the player on your left draws and can use the longer row.
When a builder's line is empty, a new land purchase starts.
An empty pile is refilled by shuffling the discards.

End
Crossing your 8th card wins at once.
If nothing can be drawn and nobody builds for a whole round, most cards
crossed wins, then most capital.
"""


def _selfplay_stats(state: GameState, seat_names: list[str]) -> dict[str, int]:
    """tools/selfplay.py extras: how games end (VK-8 win or VK-7 deadlock)."""
    end = cast("KapState", state).end
    return {f"end_{end or 'unfinished'}": 1}


GAME_INFO = GameInfo(
    id="kap_kairo",
    title="Vom Kap bis Kairo",
    pitch="Bid in secret for land and race your railway across Africa.",
    length="45 min",
    tile_order=30,
    min_players=2,
    max_players=4,
    new_game="nile.games.kap_kairo.rules:new_game",
    state_class="nile.games.kap_kairo.rules:KapState",
    scene="nile.games.kap_kairo.scene:KapKairoScene",
    art="nile.games.kap_kairo.view.tile:draw",
    shots="nile.games.kap_kairo.shots",
    builder="nile.games.kap_kairo.builder:Builder",
    builder_example="nile.games.kap_kairo.builder:example",
    ai_hooks="nile.games.kap_kairo.ai:hooks",
    rules_summary=RULES_SUMMARY,
    selfplay_stats=_selfplay_stats,
)
