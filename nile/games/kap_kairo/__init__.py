"""Vom Kap bis Kairo: bid in secret for African land, then race your railway across it."""

from __future__ import annotations

from nile.core.game import GameInfo
from nile.games.kap_kairo.rules import KapState, new_game

RULES_SUMMARY = """\
Goal: be the first to lay track across 8 terrain cards.

Every player starts with £100. Play alternates between land purchases and track laying.

Land purchase: as many cards as players are turned face up. Everyone writes a secret bid \
(whole pounds, up to their capital) and pays it. The highest bid chooses a card first, \
then the next. Equal bids: the smaller capital chooses first; still equal: each tied \
player draws a card and the higher coin goes first. Your card joins the end of the line \
in front of your locomotive: you must cross that line in order.

Rails each terrain needs: River 10, Mountain 9, Desert 8, Village 7, Savanna 6.

Track laying: the highest bidder starts. On your turn, turn a card from the pile onto the \
shared row, then build or pass. To build across the FIRST card in front of you, count the \
rails printed on every row card and on every card still in front of your locomotive, add \
bonus cards you choose to spend, and buy the missing rails at £10 each (never below £0).

After a build you earn the crossed card's coins, the row and spent bonus cards are \
discarded, and you take another turn. Every other player whose next card is a River \
gets a bonus card (worth 1 rail, at most 5 held).

If you pass, the player to your left draws and may use the longer row.

When a builder has no card left in front, a new land purchase starts.

Only one card can be crossed per turn. Empty pile: the discards are reshuffled.

The first to cross 8 cards wins at once. If nothing can be drawn and nobody builds for \
a full round, most cards crossed wins, then most capital.
"""


def _ai_hooks():  # type: ignore[no-untyped-def]
    from nile.games.kap_kairo.ai import hooks

    return hooks()


GAME_INFO = GameInfo(
    id="kap_kairo",
    title="Vom Kap bis Kairo",
    min_players=2,
    max_players=4,
    new_game=new_game,
    state_class=KapState,
    scene=None,
    ai_hooks=_ai_hooks,
    rules_summary=RULES_SUMMARY,
)
